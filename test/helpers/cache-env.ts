/**
 * The environment that keeps a process of the test run out of the user's cache: the variables the run's global setup
 * (test/global-setup.ts) points at a temporary folder. A test that spawns a process with an environment of its own
 * (not `process.env` whole: a stripped one, or the MCP SDK's default, which keeps only HOME, PATH and a few more)
 * adds these, or the process writes its index into the real user cache (the run's guard then fails it).
 */

/** The variables that choose where the user cache and temporary files are: those set in this run. */
export const ISOLATING_VARIABLES = ['XDG_CACHE_HOME', 'LOCALAPPDATA', 'HOME', 'TMPDIR', 'TMP', 'TEMP'] as const;

/** The isolating variables with this process's values, for a child's environment. */
export function isolatedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ISOLATING_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
