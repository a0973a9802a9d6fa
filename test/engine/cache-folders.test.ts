/**
 * What a store folder says about itself (src/engine/cache-folders.ts): its root record (`root.json`), written at open
 * and refreshed at most hourly, the in-use mark of each open index (live while its process lives), and what a look
 * at a folder finds: size, last use, whether it is a store folder of code-index at all.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CodeIndex } from '../../src/index.js';
import { folderInUse, folderSize, IN_USE, inspectFolder, isStoreFolder, readStoreRecord, STORE_RECORD, useStoreFolder } from '../../src/engine/cache-folders.js';
import { openStore } from '../../src/engine/disk-store.js';
import { defaultStoreDirectory } from '../../src/engine/store.js';
import { VERSION } from '../../src/version.js';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'code-index-cache-folders-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let count = 0;
/** A new folder of the scratch area. */
function fresh(name: string): string {
  const path = join(scratch, `${name}-${++count}`);
  mkdirSync(path, { recursive: true });
  return path;
}

/** A small TypeScript tree. */
function makeTree(name: string): string {
  const root = fresh(name);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.ts'), 'export function alpha(n: number): number {\n  return n + 1;\n}\n');
  return root;
}

/** A pid no process has any more: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

describe('the root record', () => {
  const saved = process.env.XDG_CACHE_HOME;
  afterEach(() => {
    process.env.XDG_CACHE_HOME = saved;
  });

  it('Should record the root, version and times of a default store folder at open, and mark it in use until close', async () => {
    process.env.XDG_CACHE_HOME = fresh('xdg');
    const root = makeTree('recorded');
    const index = await CodeIndex.open({ root, threads: 0 });
    const location = defaultStoreDirectory(root);
    try {
      expect(index.stats().cache.location).toBe(location);
      const record = JSON.parse(readFileSync(join(location, STORE_RECORD), 'utf8'));
      expect(record).toEqual({ format: 'code-index-store', root, version: VERSION, created: expect.any(String), lastUsed: expect.any(String) });
      expect(Date.now() - Date.parse(record.lastUsed)).toBeLessThan(60_000);
      expect(record.created).toBe(record.lastUsed);
      const marks = readdirSync(join(location, IN_USE));
      expect(marks).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(location, IN_USE, marks[0] as string), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      expect(folderInUse(location, Date.now(), DAY)).toBe(true);
    } finally {
      index.close();
    }
    expect(readdirSync(join(location, IN_USE))).toEqual([]);
    expect(folderInUse(location, Date.now(), DAY)).toBe(false);
  });

  it('Should write the record at most once an hour, keeping its creation time', () => {
    const location = fresh('hourly');
    const now = Date.now();
    useStoreFolder(location, '/some/root', now - 3 * HOUR).release();
    const first = readFileSync(join(location, STORE_RECORD), 'utf8');
    // Within the hour: read, not written.
    useStoreFolder(location, '/some/root', now - 3 * HOUR + 30 * 60 * 1000).release();
    expect(readFileSync(join(location, STORE_RECORD), 'utf8')).toBe(first);
    // Past the hour: last use moves, creation stays.
    useStoreFolder(location, '/some/root', now).release();
    const later = readStoreRecord(location);
    expect(later?.lastUsed).toBe(new Date(now).toISOString());
    expect(later?.created).toBe(new Date(now - 3 * HOUR).toISOString());
    // Another root (a `cacheDir` shared by two trees): rewritten at once.
    useStoreFolder(location, '/other/root', now + 60_000).release();
    expect(readStoreRecord(location)?.root).toBe('/other/root');
  });

  it('Should take a damaged or foreign record for none, and replace it at the next open', () => {
    const location = fresh('damaged');
    for (const text of ['{"format":"code-index-store","root":', '{"format":"other","root":"/x"}', '{"format":"code-index-store","root":"relative/path","version":"1","created":"2026-01-01T00:00:00.000Z","lastUsed":"2026-01-01T00:00:00.000Z"}']) {
      writeFileSync(join(location, STORE_RECORD), text);
      expect(readStoreRecord(location)).toBeUndefined();
    }
    useStoreFolder(location, '/some/root').release();
    expect(readStoreRecord(location)?.root).toBe('/some/root');
  });

  it('Should not record a store the index cannot write (read-only, or in memory)', async () => {
    const root = makeTree('memory');
    const base = fresh('xdg-memory');
    process.env.XDG_CACHE_HOME = base;
    const index = await CodeIndex.open({ root, persist: false, threads: 0 });
    index.close();
    expect(readdirSync(base)).toEqual([]);
  });
});

describe('in-use marks', () => {
  it('Should hold a folder while its process lives, and not once it is dead (its mark swept on request)', () => {
    const location = fresh('marks');
    mkdirSync(join(location, IN_USE));
    const pid = deadPid();
    writeFileSync(join(location, IN_USE, `${pid}-00000000`), JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() }));
    expect(folderInUse(location, Date.now(), DAY)).toBe(false);
    const use = useStoreFolder(location, '/r');
    expect(folderInUse(location, Date.now(), DAY)).toBe(true);
    use.release();
    use.release(); // twice: nothing to do
    expect(folderInUse(location, Date.now(), DAY, true)).toBe(false);
    expect(readdirSync(join(location, IN_USE))).toEqual([]);
  });

  it("Should hold a folder for another host's mark until it is as old as the age limit (it cannot be checked)", () => {
    const location = fresh('foreign');
    mkdirSync(join(location, IN_USE));
    const mark = join(location, IN_USE, '4242-00000000');
    writeFileSync(mark, JSON.stringify({ pid: 4242, host: `not-${hostname()}`, since: new Date().toISOString() }));
    expect(folderInUse(location, Date.now(), DAY)).toBe(true);
    const old = new Date(Date.now() - 2 * DAY);
    utimesSync(mark, old, old);
    expect(folderInUse(location, Date.now(), DAY)).toBe(false);
  });

  it('Should hold a folder whose manifest is being written (the disk store\'s lock, fresh)', () => {
    const location = fresh('locked');
    writeFileSync(join(location, 'manifest.lock'), `${deadPid()}\n`);
    expect(folderInUse(location, Date.now(), DAY)).toBe(true);
    const stale = new Date(Date.now() - 60_000);
    utimesSync(join(location, 'manifest.lock'), stale, stale);
    expect(folderInUse(location, Date.now(), DAY)).toBe(false);
  });
});

describe('a look at a folder', () => {
  it('Should know a store folder of code-index by its CACHEDIR.TAG, and nothing else', () => {
    const base = fresh('base');
    const store = join(base, '0123456789abcdef');
    const opened = openStore({ directory: store, persist: true });
    expect(opened.persistent).toBe(true);
    expect(isStoreFolder(store)).toBe(true);
    // Another program's cache folder, a folder without the tag, a file, a symlink to a store folder.
    const other = join(base, 'aaaaaaaaaaaaaaaa');
    mkdirSync(other);
    writeFileSync(join(other, 'CACHEDIR.TAG'), 'Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by fontconfig.\n');
    const bare = join(base, 'bbbbbbbbbbbbbbbb');
    mkdirSync(bare);
    const link = join(base, 'cccccccccccccccc');
    symlinkSync(store, link);
    expect([other, bare, link, join(store, 'CACHEDIR.TAG')].map(isStoreFolder)).toEqual([false, false, false, false]);
    expect(inspectFolder(base, 'cccccccccccccccc', { now: Date.now(), foreignAfterMs: DAY })).toBeUndefined();
    expect(inspectFolder(base, 'not-a-hash', { now: Date.now(), foreignAfterMs: DAY })).toBeUndefined();
  });

  it('Should count the bytes on disk without following symlinks, and give up past its deadline', () => {
    const folder = fresh('sized');
    writeFileSync(join(folder, 'a'), Buffer.alloc(100_000, 1));
    mkdirSync(join(folder, 'sub'));
    writeFileSync(join(folder, 'sub', 'b'), Buffer.alloc(50_000, 1));
    const outside = fresh('outside');
    writeFileSync(join(outside, 'big'), Buffer.alloc(1_000_000, 1));
    symlinkSync(outside, join(folder, 'link'));
    const size = folderSize(folder) as number;
    expect(size).toBeGreaterThanOrEqual(150_000);
    expect(size).toBeLessThan(1_000_000);
    expect(folderSize(folder, () => true)).toBeUndefined();
  });

  it('Should date the last use by the record, the folder and its manifest, whichever is latest', () => {
    const base = fresh('dated');
    const location = join(base, 'fedcba9876543210');
    openStore({ directory: location, persist: true });
    useStoreFolder(location, '/r', Date.now() - 10 * DAY).release();
    const old = new Date(Date.now() - 10 * DAY);
    utimesSync(location, old, old);
    const found = inspectFolder(base, 'fedcba9876543210', { now: Date.now(), foreignAfterMs: DAY });
    expect(Math.round((Date.now() - Date.parse(found?.lastUsed ?? '')) / DAY)).toBe(10);
    writeFileSync(join(location, 'journal.jsonl'), '');
    const touched = inspectFolder(base, 'fedcba9876543210', { now: Date.now(), foreignAfterMs: DAY });
    expect(Date.now() - Date.parse(touched?.lastUsed ?? '')).toBeLessThan(60_000);
    expect(statSync(location).isDirectory()).toBe(true);
  });
});
