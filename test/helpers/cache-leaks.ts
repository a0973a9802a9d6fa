/**
 * The guard of the test run (test/global-setup.ts): store folders of a cache base that a test run wrote.
 */
import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { inspectFolder } from '../../src/engine/cache-folders.js';

/** A store folder the run should not have written. */
export interface CacheLeak {
  location: string;
  root: string;
}

/**
 * The store folders under `base` that serve one of `roots` (or a folder inside one) and were used since `since`:
 * written by the run that owns those roots. Folders of other processes (other roots, or this repository used before
 * the run) are not counted: the user's cache is shared with whatever else runs on the machine.
 */
export function cacheLeaks(base: string, options: { roots: readonly string[]; since: number }): CacheLeak[] {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return [];
  }
  const leaks: CacheLeak[] = [];
  for (const name of names) {
    const folder = inspectFolder(base, name, { now: Date.now(), foreignAfterMs: 0, deadline: () => true });
    const root = folder?.root;
    if (!folder || root === undefined) continue;
    const ours = options.roots.some((owned) => root === owned || root.startsWith(owned + sep));
    // Tolerance for file systems whose times are coarse (a second).
    if (ours && Date.parse(folder.lastUsed) >= options.since - 2000) leaks.push({ location: folder.location, root });
  }
  return leaks;
}
