/**
 * Collection of the user cache (src/engine/cache-collect.ts): listing, removal of folders whose root is gone, of old
 * ones and, past the size bound, of the least recently used first; what is never removed (a folder a live process
 * holds, a folder that is not a store folder, a symlink, anything it leads to); the daily automatic run at open, its
 * time budget, and a read-only cache base, which gives a warning, never a failed open.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type CacheFolder, cleanCaches, CodeIndex, listCaches } from '../../src/index.js';
import { automaticPolicy, COLLECTION_STAMP, collectIfDue, type CollectionPolicy, DEFAULT_CACHE_MAX_SIZE, parseSize } from '../../src/engine/cache-collect.js';
import { folderSize, IN_USE, STORE_RECORD, useStoreFolder } from '../../src/engine/cache-folders.js';
import { openStore } from '../../src/engine/disk-store.js';
import { defaultStoreDirectory } from '../../src/engine/store.js';

const run = promisify(execFile);
const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'code-index-cache-collect-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let count = 0;
function fresh(name: string): string {
  const path = join(scratch, `${name}-${++count}`);
  mkdirSync(path, { recursive: true });
  return path;
}

/** A root folder (a tree that exists). */
function makeRoot(name: string): string {
  const root = fresh(name);
  writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n');
  return root;
}

/**
 * A store folder as an index leaves it (made by the store itself: CACHEDIR.TAG, objects/, a record), holding `bytes`
 * of facts, last used `daysAgo` (record, folder and manifest dated back); `record: false` makes one from before roots
 * were recorded.
 */
function makeStore(base: string, root: string, options: { daysAgo: number; bytes?: number; record?: boolean }): string {
  const location = defaultStoreDirectory(root).replace(/^.*[\\/]/, join(base, '/'));
  openStore({ directory: location, persist: true });
  writeFileSync(join(location, 'manifest.json'), '{}\n');
  mkdirSync(join(location, 'objects', 'ab'), { recursive: true });
  writeFileSync(join(location, 'objects', 'ab', 'facts.json.gz'), Buffer.alloc(options.bytes ?? 10_000, 7));
  const when = Date.now() - options.daysAgo * DAY;
  if (options.record !== false) useStoreFolder(location, root, when).release();
  rmSync(join(location, IN_USE), { recursive: true, force: true });
  const date = new Date(when);
  for (const path of [join(location, 'manifest.json'), location]) utimesSync(path, date, date);
  return location;
}

const names = (folders: CacheFolder[]) => folders.map((folder) => folder.location.replace(/^.*[\\/]/, '')).sort();
const nameOf = (location: string) => location.replace(/^.*[\\/]/, '');

/** A pid no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid as number;
}

describe('listCaches', () => {
  it('Should list each store folder with its root, whether it exists, size, last use and version, least recently used first', () => {
    const base = fresh('list');
    const kept = makeRoot('kept');
    const gone = makeRoot('gone');
    const a = makeStore(base, kept, { daysAgo: 2, bytes: 50_000 });
    const b = makeStore(base, gone, { daysAgo: 5 });
    const legacy = makeStore(base, '/legacy/root', { daysAgo: 1, record: false });
    rmSync(gone, { recursive: true });
    mkdirSync(join(base, 'not-ours'));
    const folders = listCaches({ directory: base });
    expect(folders.map((folder) => folder.location)).toEqual([b, a, legacy]);
    expect(folders[0]).toMatchObject({ root: gone, rootExists: false, inUse: false, version: expect.any(String) });
    expect(folders[1]).toMatchObject({ root: kept, rootExists: true, inUse: false });
    expect(folders[1]?.size).toBeGreaterThanOrEqual(50_000);
    expect(Math.round((Date.now() - Date.parse(folders[1]?.lastUsed ?? '')) / DAY)).toBe(2);
    // From before roots were recorded: listed, root unknown.
    expect(folders[2]?.root).toBeUndefined();
    expect(folders[2]?.rootExists).toBeUndefined();
    expect(listCaches({ directory: join(base, 'nothing-here') })).toEqual([]);
  });
});

describe('cleanCaches', () => {
  it('Should remove the folders whose root is gone (--gone), and no other', () => {
    const base = fresh('gone');
    const live = makeRoot('live');
    const dead = makeRoot('dead');
    const keep = makeStore(base, live, { daysAgo: 0.5 });
    const drop = makeStore(base, dead, { daysAgo: 0.5 });
    const legacy = makeStore(base, '/legacy', { daysAgo: 0.5, record: false });
    rmSync(dead, { recursive: true });
    const dry = cleanCaches({ directory: base, gone: true, dryRun: true });
    expect(names(dry.removed)).toEqual([nameOf(drop)]);
    expect(existsSync(drop)).toBe(true);
    const result = cleanCaches({ directory: base, gone: true });
    expect(result.removed.map((folder) => [folder.root, folder.reason])).toEqual([[dead, 'gone']]);
    expect(result.freed).toBeGreaterThan(0);
    expect(existsSync(drop)).toBe(false);
    expect([existsSync(keep), existsSync(legacy)]).toEqual([true, true]);
    expect(names(result.kept)).toEqual([nameOf(keep), nameOf(legacy)].sort());
    // Nothing is left aside half-deleted.
    expect(readdirSync(base).sort()).toEqual([nameOf(keep), nameOf(legacy)].sort());
  });

  it('Should remove folders unused for longer than the age, recorded or not', () => {
    const base = fresh('old');
    const recent = makeStore(base, makeRoot('recent'), { daysAgo: 5 });
    const old = makeStore(base, makeRoot('old'), { daysAgo: 20 });
    const oldLegacy = makeStore(base, '/legacy-old', { daysAgo: 40, record: false });
    const result = cleanCaches({ directory: base, olderThanDays: 10 });
    expect(names(result.removed)).toEqual([nameOf(old), nameOf(oldLegacy)].sort());
    expect(result.removed.every((folder) => folder.reason === 'old')).toBe(true);
    expect(existsSync(recent)).toBe(true);
  });

  it('Should bound the total size by removing the least recently used first, sparing the last hour\'s', () => {
    const base = fresh('size');
    const oldest = makeStore(base, makeRoot('s1'), { daysAgo: 9, bytes: 200_000 });
    const older = makeStore(base, makeRoot('s2'), { daysAgo: 6, bytes: 200_000 });
    const newer = makeStore(base, makeRoot('s3'), { daysAgo: 3, bytes: 200_000 });
    const now = makeStore(base, makeRoot('s4'), { daysAgo: 0.01, bytes: 200_000 });
    const sizes = [oldest, older, newer, now].map((location) => folderSize(location) as number);
    // Room for two folders: the two least recently used go, oldest first.
    const bound = (sizes[2] as number) + (sizes[3] as number) + 1000;
    const result = cleanCaches({ directory: base, maxSize: bound });
    expect(result.removed.map((folder) => [nameOf(folder.location), folder.reason])).toEqual([
      [nameOf(oldest), 'size'],
      [nameOf(older), 'size'],
    ]);
    expect(result.freed).toBe((sizes[0] as number) + (sizes[1] as number));
    // Room for none: the folder used within the hour still stays (a process of an older version may hold it unmarked).
    const tight = cleanCaches({ directory: base, maxSize: '1k' });
    expect(names(tight.removed)).toEqual([nameOf(newer)]);
    expect(names(tight.kept)).toEqual([nameOf(now)]);
  });

  it('Should never remove a folder a live process holds, even with --all; a dead process\'s mark holds nothing', async () => {
    const base = fresh('live');
    const gone = makeRoot('held');
    const held = makeStore(base, gone, { daysAgo: 90 });
    const orphan = makeStore(base, makeRoot('orphan'), { daysAgo: 90 });
    rmSync(gone, { recursive: true });
    const use = useStoreFolder(held, gone, Date.now() - 90 * DAY);
    mkdirSync(join(orphan, IN_USE));
    const pid = deadPid();
    writeFileSync(join(orphan, IN_USE, `${pid}-00000000`), JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() }));
    const old = new Date(Date.now() - 90 * DAY);
    utimesSync(held, old, old);
    utimesSync(orphan, old, old);
    try {
      expect(listCaches({ directory: base }).map((folder) => [nameOf(folder.location), folder.inUse]).sort()).toEqual(
        [[nameOf(held), true], [nameOf(orphan), false]].sort(),
      );
      const result = cleanCaches({ directory: base, all: true });
      expect(names(result.removed)).toEqual([nameOf(orphan)]);
      expect(result.kept.map((folder) => [nameOf(folder.location), folder.inUse])).toEqual([[nameOf(held), true]]);
      expect(existsSync(join(held, STORE_RECORD))).toBe(true);
      // An index open in another process holds its folder the same way.
      const tree = makeRoot('other-process');
      const script = `
        const { CodeIndex } = await import(${JSON.stringify(dist)});
        const index = await CodeIndex.open({ root: ${JSON.stringify(tree)}, cacheDir: ${JSON.stringify(join(base, 'abcdefabcdefabcd'))}, threads: 0 });
        process.stdout.write('open\\n');
        await new Promise((resolve) => process.stdin.once('data', resolve));
        index.close();`;
      const child = execFile(process.execPath, ['--input-type=module', '-e', script]);
      await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
      try {
        const other = join(base, 'abcdefabcdefabcd');
        utimesSync(other, old, old);
        expect(names(cleanCaches({ directory: base, all: true }).removed)).toEqual([]);
        expect(existsSync(join(other, 'CACHEDIR.TAG'))).toBe(true);
      } finally {
        child.stdin?.end('\n');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      expect(names(cleanCaches({ directory: base, all: true }).removed)).toEqual(['abcdefabcdefabcd']);
    } finally {
      use.release();
    }
  });

  it('Should never touch a folder that is not a store folder of code-index, a symlink, or what a symlink leads to', () => {
    const base = fresh('foreign');
    // A folder named like a store folder without the tag, one with another program's tag, a file.
    const bare = join(base, '1111111111111111');
    mkdirSync(bare);
    writeFileSync(join(bare, 'keep.txt'), 'mine\n');
    const tagged = join(base, '2222222222222222');
    mkdirSync(tagged);
    writeFileSync(join(tagged, 'CACHEDIR.TAG'), 'Signature: 8a477f597d28d172789f06886806bc55\n# a cache of another program\n');
    writeFileSync(join(base, '3333333333333333'), 'a file\n');
    // A symlink to a store folder outside the base, old and with its root gone: neither the link nor the folder goes.
    const outside = fresh('outside');
    const target = makeStore(outside, '/gone/root', { daysAgo: 100 });
    const link = join(base, '4444444444444444');
    symlinkSync(target, link);
    // Inside a store folder that goes, a symlink out: the link is removed, not what it leads to.
    const victim = makeStore(base, '/also/gone', { daysAgo: 100 });
    const precious = join(fresh('precious'), 'data.txt');
    writeFileSync(precious, 'precious\n');
    symlinkSync(join(precious, '..'), join(victim, 'objects', 'escape'));
    const result = cleanCaches({ directory: base, all: true });
    expect(names(result.removed)).toEqual([nameOf(victim)]);
    expect(readFileSync(join(bare, 'keep.txt'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(tagged, 'CACHEDIR.TAG'))).toBe(true);
    expect(readFileSync(join(base, '3333333333333333'), 'utf8')).toBe('a file\n');
    expect(realpathSync(link)).toBe(target);
    expect(existsSync(join(target, 'CACHEDIR.TAG'))).toBe(true);
    expect(readFileSync(precious, 'utf8')).toBe('precious\n');
    expect(listCaches({ directory: base })).toEqual([]);
  });

  it('Should finish a removal an earlier collection left half done', () => {
    const base = fresh('trash');
    const half = join(base, '.removing-0123456789abcdef-0badcafe');
    mkdirSync(join(half, 'objects', 'ab'), { recursive: true });
    writeFileSync(join(half, 'objects', 'ab', 'x'), 'x');
    const lookalike = join(base, '.removing-by-hand');
    mkdirSync(lookalike);
    cleanCaches({ directory: base, gone: true });
    expect(readdirSync(base)).toEqual(['.removing-by-hand']);
  });

  it('Should refuse bad options with INVALID_ARGUMENT', () => {
    expect(() => cleanCaches({ directory: scratch, maxSize: '2 parsecs' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => cleanCaches({ directory: scratch, olderThanDays: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('the collection policy', () => {
  it("Should read sizes with ccache's units", () => {
    expect(['0', '1500', '500M', '500MB', '2G', '2GiB', '1.5Ki', '3t', ' 10 k ', '2 parsecs', '-1', 'G', ''].map((text) => parseSize(text))).toEqual([
      0, 1500, 500e6, 500e6, 2e9, 2 * 1024 ** 3, 1536, 3e12, 10_000, undefined, undefined, undefined, undefined,
    ]);
    expect(parseSize(-5)).toBeUndefined();
  });

  it('Should take the options, else the environment (a bad value there is a warning), else 30 days and 2 GiB', () => {
    expect(automaticPolicy({}, {}).policy).toEqual({ gone: true, maxAgeMs: 30 * DAY, maxSize: DEFAULT_CACHE_MAX_SIZE, all: false });
    expect(DEFAULT_CACHE_MAX_SIZE).toBe(2 * 1024 ** 3);
    const env = { CODE_INDEX_CACHE_MAX_AGE_DAYS: '7', CODE_INDEX_CACHE_MAX_SIZE: '500M' };
    expect(automaticPolicy({}, env).policy).toMatchObject({ maxAgeMs: 7 * DAY, maxSize: 500e6 });
    expect(automaticPolicy({ maxAgeDays: 1, maxSize: 1000 }, env).policy).toMatchObject({ maxAgeMs: DAY, maxSize: 1000 });
    const bad = automaticPolicy({}, { CODE_INDEX_CACHE_MAX_AGE_DAYS: 'soon', CODE_INDEX_CACHE_MAX_SIZE: 'big' });
    expect(bad.policy).toMatchObject({ maxAgeMs: 30 * DAY, maxSize: DEFAULT_CACHE_MAX_SIZE });
    expect(bad.warnings.map((warning) => warning.message)).toEqual([
      'CODE_INDEX_CACHE_MAX_AGE_DAYS is not valid ("soon"); the default is used',
      'CODE_INDEX_CACHE_MAX_SIZE is not valid ("big"); the default is used',
    ]);
  });

  it('Should refuse a bad option at open with INVALID_ARGUMENT', async () => {
    const root = makeRoot('bad-options');
    await expect(CodeIndex.open({ root, cacheMaxAgeDays: -3 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(CodeIndex.open({ root, cacheMaxSize: 'lots' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('cacheMaxSize') });
  });
});

describe('the automatic collection', () => {
  const policy: CollectionPolicy = { gone: true, maxAgeMs: 30 * DAY, maxSize: DEFAULT_CACHE_MAX_SIZE, all: false };

  it('Should run at most once a day per cache base (its timestamp file)', () => {
    const base = fresh('daily');
    const first = makeRoot('first');
    const firstStore = makeStore(base, first, { daysAgo: 1 });
    rmSync(first, { recursive: true });
    expect(collectIfDue(base, policy)).toEqual([]);
    expect(existsSync(firstStore)).toBe(false);
    const stamp = JSON.parse(readFileSync(join(base, COLLECTION_STAMP), 'utf8'));
    expect(stamp).toMatchObject({ complete: true, removed: [{ root: first, reason: 'gone' }] });
    // Later the same day: not run again.
    const second = makeRoot('second');
    const secondStore = makeStore(base, second, { daysAgo: 1 });
    rmSync(second, { recursive: true });
    collectIfDue(base, policy, Date.now() + 20 * HOUR);
    expect(existsSync(secondStore)).toBe(true);
    // A day later: run.
    collectIfDue(base, policy, Date.now() + 25 * HOUR);
    expect(existsSync(secondStore)).toBe(false);
  });

  it('Should stop at its time budget and be due again within the hour, not the next day', () => {
    const base = fresh('budget');
    const gone = makeRoot('budget-gone');
    const store = makeStore(base, gone, { daysAgo: 1 });
    rmSync(gone, { recursive: true });
    expect(collectIfDue(base, policy, Date.now(), 0)).toEqual([]);
    expect(existsSync(store)).toBe(true);
    expect(JSON.parse(readFileSync(join(base, COLLECTION_STAMP), 'utf8')).complete).toBe(false);
    const due = statSync(join(base, COLLECTION_STAMP)).mtimeMs + DAY;
    expect(due - Date.now()).toBeLessThanOrEqual(HOUR + 1000);
    collectIfDue(base, policy, due + 1);
    expect(existsSync(store)).toBe(false);
  });

  it('Should keep the size it measured of a folder that has not changed since, and measure a changed one again', () => {
    const base = fresh('sizes');
    const still = makeStore(base, makeRoot('still'), { daysAgo: 3 });
    const changed = makeStore(base, makeRoot('changed'), { daysAgo: 2 });
    collectIfDue(base, policy);
    const stampFile = join(base, COLLECTION_STAMP);
    const saved = JSON.parse(readFileSync(stampFile, 'utf8'));
    expect(Object.keys(saved.sizes).sort()).toEqual([nameOf(still), nameOf(changed)].sort());
    expect(saved.sizes[nameOf(still)].size).toBe(folderSize(still));
    // Pretend both measured 1 TB last time; one is written to since (its manifest), the other not.
    for (const name of [nameOf(still), nameOf(changed)]) saved.sizes[name].size = 1e12;
    writeFileSync(stampFile, JSON.stringify(saved));
    writeFileSync(join(changed, 'manifest.json'), '{"changed":true}\n');
    const then = new Date(Date.now() - 2 * DAY + 5000);
    for (const path of [join(changed, 'manifest.json'), changed]) utimesSync(path, then, then);
    // A day later, bounded to 1 GB: the unchanged folder (the least recently used) is taken at its recorded
    // (pretended) size and goes; the changed one, measured again, fits.
    collectIfDue(base, { ...policy, maxSize: 1e9 }, Date.now() + 25 * HOUR);
    expect([existsSync(still), existsSync(changed)]).toEqual([false, true]);
  });

  describe('at open', () => {
    const saved = process.env.XDG_CACHE_HOME;
    afterEach(() => {
      process.env.XDG_CACHE_HOME = saved;
    });

    it.skipIf(platform() !== 'linux')('Should collect the user cache when an index opens there, keep its own folder, and not when a cacheDir is given', async () => {
      const xdg = fresh('xdg');
      process.env.XDG_CACHE_HOME = xdg;
      const base = join(xdg, 'code-index');
      mkdirSync(base);
      const gone = makeRoot('open-gone');
      const goneStore = makeStore(base, gone, { daysAgo: 0.5 });
      const stale = makeStore(base, makeRoot('open-stale'), { daysAgo: 45 });
      rmSync(gone, { recursive: true });
      // A cacheDir of the caller's own: the user cache is not its business.
      const own = await CodeIndex.open({ root: makeRoot('own'), cacheDir: join(scratch, 'own-cache'), threads: 0 });
      own.close();
      expect([existsSync(goneStore), existsSync(stale)]).toEqual([true, true]);
      const root = makeRoot('opener');
      const index = await CodeIndex.open({ root, threads: 0 });
      try {
        expect([existsSync(goneStore), existsSync(stale)]).toEqual([false, false]);
        expect(existsSync(defaultStoreDirectory(root))).toBe(true);
        expect(index.stats().warnings).toEqual([]);
        expect(listCaches().map((folder) => [folder.root, folder.inUse])).toEqual([[root, true]]);
      } finally {
        index.close();
      }
    });

    it.skipIf(platform() !== 'linux')('Should give a warning, never a failed open, when the cache base is read-only', async () => {
      const xdg = fresh('xdg-read-only');
      const base = join(xdg, 'code-index');
      const root = makeRoot('read-only-root');
      const other = makeRoot('read-only-other');
      // A store folder of the root made while the base could be written; then the base becomes read-only.
      const index = await CodeIndex.open({ root, cacheDir: defaultStoreDirectory(root).replace(/^.*[\\/]/, join(base, '/')), threads: 0 });
      index.close();
      chmodSync(base, 0o555);
      try {
        const script = `
          const { CodeIndex } = await import(${JSON.stringify(dist)});
          const out = {};
          for (const root of ${JSON.stringify([root, other])}) {
            const index = await CodeIndex.open({ root, threads: 0 });
            const found = (await index.searchSymbols({ query: 'a' })).total;
            out[root] = { found, location: index.stats().cache.location ?? null, warnings: index.stats().warnings.map((w) => w.code + ': ' + w.message) };
            index.close();
          }
          console.log(JSON.stringify(out));`;
        const env = { ...process.env, XDG_CACHE_HOME: xdg };
        // Root writes whatever a folder's mode says: drop the capability that lets it (setpriv, util-linux).
        const asRoot = process.getuid?.() === 0;
        const command = asRoot ? 'setpriv' : process.execPath;
        const args = ['--input-type=module', '-e', script];
        const { stdout } = await run(command, asRoot ? ['--bounding-set=-dac_override', process.execPath, ...args] : args, { env });
        const out = JSON.parse(stdout) as Record<string, { found: number; location: string | null; warnings: string[] }>;
        // The existing folder is used; the cache could not be collected: a warning.
        expect(out[root]?.found).toBe(1);
        expect(out[root]?.location).toBe(join(base, nameOf(defaultStoreDirectory(root))));
        expect(out[root]?.warnings).toEqual([expect.stringMatching(/^INDEX_CACHE: The index cache folder .* could not be collected \(EACCES\)$/)]);
        // A root without a folder: facts in memory, and the same warning beside the store's.
        expect(out[other]?.found).toBe(1);
        expect(out[other]?.location).toBeNull();
        expect(out[other]?.warnings).toEqual([
          expect.stringMatching(/^INDEX_CACHE: The index cache at .* cannot be used \(EACCES\); facts are kept in memory$/),
          expect.stringMatching(/could not be collected \(EACCES\)$/),
        ]);
      } finally {
        chmodSync(base, 0o755);
      }
    });
  });
});
