/**
 * The test run's global setup: every process of the run (the test workers, and what they spawn with `process.env`)
 * keeps its index cache and temporary files in one folder of its own, removed at the end, never in the user's cache.
 * At the end the user's real cache is checked: a store folder whose recorded root is a tree of this run (or this
 * repository, used during the run) means a process escaped the isolation (a child spawned with a stripped
 * environment, say: test/helpers/cache-env.ts), and the run fails.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { userCacheDirectory } from '../src/engine/store.js';
import { cacheLeaks } from './helpers/cache-leaks.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The user's real cache folder for code-index, as it was before the run moved it. */
    realCacheBase: string;
    /** The run's own folder: its cache (`cache/`) and temporary files (`tmp/`). */
    testRunFolder: string;
  }
}

const repository = realpathSync(fileURLToPath(new URL('..', import.meta.url))).replace(/[\\/]$/, '');

export default function setup(project: TestProject): () => void {
  const realBase = userCacheDirectory();
  const started = Date.now();
  const run = realpathSync(mkdtempSync(join(tmpdir(), 'code-index-test-run-')));
  const cacheHome = join(run, 'cache');
  const temporary = join(run, 'tmp');
  mkdirSync(cacheHome);
  mkdirSync(temporary);
  // The user cache is chosen per platform (src/engine/store.ts: userCacheDirectory).
  process.env.XDG_CACHE_HOME = cacheHome;
  if (platform() === 'win32') process.env.LOCALAPPDATA = cacheHome;
  if (platform() === 'darwin') process.env.HOME = join(run, 'home');
  // Test trees (mkdtemp under tmpdir()) go here too: the guard can tell a root of this run, and they are removed with it.
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = temporary;
  project.provide('realCacheBase', realBase);
  project.provide('testRunFolder', run);
  return () => {
    const leaks = cacheLeaks(realBase, { roots: [run, repository], since: started });
    rmSync(run, { recursive: true, force: true, maxRetries: 3 });
    if (leaks.length > 0) {
      console.error(
        `\nThe test run wrote into the user's cache (${realBase}):\n${leaks.map((leak) => `  ${leak.location} (root ${leak.root})`).join('\n')}\n` +
          `A process was spawned without the run's environment: give it isolatedEnv() (test/helpers/cache-env.ts).\n`,
      );
      process.exitCode = 1;
    }
  };
}
