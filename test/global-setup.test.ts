/**
 * The test run stays out of the user's cache (test/global-setup.ts): the workers and the processes they spawn keep
 * their indexes in the run's own folder, and the guard that fails the run finds a store folder the run wrote into a
 * cache base.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useStoreFolder } from '../src/engine/cache-folders.js';
import { openStore } from '../src/engine/disk-store.js';
import { userCacheDirectory } from '../src/engine/store.js';
import { isolatedEnv } from './helpers/cache-env.js';
import { cacheLeaks } from './helpers/cache-leaks.js';

const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = inject('testRunFolder');
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'code-index-isolation-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `code-index index` over a one-file tree with the given environment: where its index went. */
function indexLocation(env: NodeJS.ProcessEnv): string {
  const root = mkdtempSync(join(scratch, 'tree-'));
  writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n');
  const out = execFileSync(process.execPath, [cli, 'index', '--root', root, '--json'], { env, encoding: 'utf8' });
  return (JSON.parse(out) as { location: string }).location;
}

describe('the test run and the user cache', () => {
  it("Should give the run's processes a cache and temporary folder of their own", () => {
    expect(run.startsWith(inject('realCacheBase'))).toBe(false);
    expect(userCacheDirectory()).not.toBe(inject('realCacheBase'));
    expect(userCacheDirectory().startsWith(run + sep)).toBe(true);
    expect(scratch.startsWith(run + sep)).toBe(true);
  });

  it("Should keep a spawned CLI's index in the run's cache, with the run's environment or a stripped one given isolatedEnv()", () => {
    expect(indexLocation(process.env).startsWith(userCacheDirectory() + sep)).toBe(true);
    // What the MCP SDK's client passes by default (HOME, PATH, ...), plus the run's variables.
    const stripped = { PATH: process.env.PATH ?? '', ...isolatedEnv() };
    expect(indexLocation(stripped).startsWith(userCacheDirectory() + sep)).toBe(true);
  });

  it("Should find, in a cache base, the store folders of the run's roots used during the run, and no other", () => {
    const base = join(scratch, 'fake-user-cache');
    const plant = (name: string, root: string, when: number) => {
      const location = join(base, name);
      openStore({ directory: location, persist: true });
      useStoreFolder(location, root, when).release();
      const date = new Date(when);
      utimesSync(location, date, date);
      return location;
    };
    const started = Date.now() - 60_000;
    const ours = plant('0000000000000001', join(run, 'tmp', 'some-tree'), Date.now());
    plant('0000000000000002', join(scratch, '..', '..', '..', 'elsewhere'), Date.now());
    plant('0000000000000003', join(run, 'tmp', 'before-the-run'), started - 3_600_000);
    mkdirSync(join(base, 'not-a-store'));
    expect(cacheLeaks(base, { roots: [run], since: started })).toEqual([{ location: ours, root: join(run, 'tmp', 'some-tree') }]);
    expect(cacheLeaks(join(scratch, 'no-such-base'), { roots: [run], since: started })).toEqual([]);
  });
});
