/** Settings of the web client, read once at start-up. */
export interface Config {
  apiUrl: string;
  retries: number;
}

/** Reads the client configuration from the environment. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  return { apiUrl: env.API_URL ?? 'http://localhost:8080', retries: Number(env.RETRIES ?? 3) };
}
