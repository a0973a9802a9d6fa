import { type Config, loadConfig } from './config';

/** Fetches one user by id, retrying on network errors. */
export async function fetchUser(config: Config, id: string): Promise<unknown> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= config.retries; attempt++) {
    try {
      const response = await fetch(`${config.apiUrl}/users/${id}`);
      return await response.json();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export const defaultConfig: Config = loadConfig(process.env);
