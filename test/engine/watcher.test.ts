/**
 * The live index (src/engine/watcher.ts): a watcher that follows the tree and stands in for the workspace's rescans.
 * Over an in-memory tree whose writes send events to the watches it handed out (a per-folder watch hears its own
 * entries, as inotify does), so each rule can be driven exactly: an edit seen by the next query with no scan, bursts
 * coalesced, a 1,000-file branch switch parsing exactly those files, files and folders added, deleted and renamed,
 * symbolic links and ignored places, a `.gitignore` changed, polling, watching that fails, the root deleted, close().
 * Then on disk through CodeIndex with Node's own watches: an edit seen within a deadline, and a burst of edits after
 * which the index answers as a fresh index of the same tree does.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';
import { discoverFiles } from '../../src/engine/discovery.js';
import type { FileSystem, FolderWatch } from '../../src/engine/file-system.js';
import { nodeFileSystem } from '../../src/engine/node-file-system.js';
import { MemoryStore } from '../../src/engine/store.js';
import { type TreeWatcher, type WatchOptions, watchWorkspace } from '../../src/engine/watcher.js';
import { Workspace } from '../../src/engine/workspace.js';
import { MemoryFileSystem } from '../helpers/memory-file-system.js';

const registry = createDefaultRegistry();
const ROOT = '/project';
const run = promisify(execFile);
const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
afterAll(() => registry.dispose());

/** Waits until `condition` holds, failing past the deadline (generous: this is not a timing assertion). */
async function until(condition: () => boolean | Promise<boolean>, what: string, deadlineMs = 10_000): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets events queued by the file system's writes reach the watcher (they come on a later turn, as Node's do). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

interface Watch {
  folder: string;
  recursive: boolean;
  onChange: (name: string | undefined) => void;
  onError: (error: Error) => void;
}

/**
 * An in-memory tree that tells the watches it handed out about its changes, as the system does: a folder's watch
 * hears the names of entries added, removed or written in it (a folder made on the way is an entry of its parent),
 * a recursive watch every path below it.
 */
class WatchedFileSystem extends MemoryFileSystem {
  readonly watches = new Set<Watch>();
  /** A code `watch()` throws, to stand for the system's limit of watches. */
  failWith: string | undefined;

  watch(folder: string, recursive: boolean, onChange: Watch['onChange'], onError: Watch['onError']): FolderWatch {
    if (this.failWith) throw Object.assign(new Error(`${this.failWith}: watch ${folder}`), { code: this.failWith });
    this.stat(folder);
    const watch = { folder, recursive, onChange, onError };
    this.watches.add(watch);
    return { close: () => this.watches.delete(watch) };
  }

  override write(path: string, text: string | Uint8Array): this {
    const made = this.#firstMissing(path);
    super.write(path, text);
    this.#tell(made ?? path);
    return this;
  }

  override link(path: string, target: string): this {
    super.link(path, target);
    this.#tell(path);
    return this;
  }

  override remove(path: string): this {
    super.remove(path);
    this.#tell(path);
    // A watched folder removed hears its own name, and its watch ends (inotify's IN_DELETE_SELF, IN_IGNORED).
    for (const watch of [...this.watches]) {
      if (watch.folder !== path && !watch.folder.startsWith(`${path}/`)) continue;
      setImmediate(() => watch.onChange(posix.basename(watch.folder)));
    }
    return this;
  }

  /** Moves a file or a folder (with all below it) to a new path. */
  rename(from: string, to: string): this {
    const moved: Array<[string, Uint8Array]> = [];
    const collect = (path: string) => {
      if (this.lstat(path).isDirectory()) for (const entry of this.readdir(path)) collect(`${path}/${entry.name}`);
      else moved.push([path, this.readFile(path, Number.MAX_SAFE_INTEGER).bytes]);
    };
    collect(from);
    super.remove(from);
    for (const [path, bytes] of moved) super.write(`${to}${path.slice(from.length)}`, bytes);
    this.#tell(from);
    this.#tell(to);
    return this;
  }

  /** Folders it asks the watcher to follow, root-relative. */
  watchedFolders(): string[] {
    return [...this.watches].map((watch) => posix.relative(ROOT, watch.folder)).sort();
  }

  #firstMissing(path: string): string | undefined {
    let at = '';
    for (const part of posix.dirname(path).split('/').filter(Boolean)) {
      at = `${at}/${part}`;
      try {
        this.lstat(at);
      } catch {
        return at;
      }
    }
    return undefined;
  }

  #tell(path: string): void {
    const hearers = [...this.watches];
    setImmediate(() => {
      for (const watch of hearers) {
        if (!this.watches.has(watch)) continue;
        if (watch.recursive && path.startsWith(`${watch.folder}/`)) watch.onChange(path.slice(watch.folder.length + 1));
        else if (!watch.recursive && posix.dirname(path) === watch.folder) watch.onChange(posix.basename(path));
      }
    });
  }
}

function source(name: string, body = 'return 1;'): string {
  return `export function ${name}(): number {\n  ${body}\n}\n`;
}

function tree(files: Record<string, string> = {}): WatchedFileSystem {
  const fs = new WatchedFileSystem();
  fs.writeTree(ROOT, {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': 'ignored/\n',
    'src/a.ts': source('alpha', 'return beta();'),
    'src/b.ts': source('beta'),
    'lib/c.py': 'def gamma():\n    return 3\n',
    'README.md': '# Project\n',
    ...files,
  });
  return fs;
}

interface Live {
  fs: WatchedFileSystem;
  workspace: Workspace;
  watcher: TreeWatcher;
}

/** A workspace that would rescan on every query (`rescanAfterMs: 0`) but for its watcher. */
async function live(fs: WatchedFileSystem, options: WatchOptions & { recursive?: boolean } = {}): Promise<Live> {
  const workspace = new Workspace(ROOT, registry, {
    limits: { maxFileSize: 1_000_000, parseTimeoutMs: 5_000 },
    maxCacheEntries: 10_000,
    rescanAfterMs: 0,
    store: new MemoryStore(),
    threads: 0,
    fileSystem: fs,
  });
  const watcher = watchWorkspace(workspace, { debounceMs: 10, ...options, fileSystem: fs });
  cleanups.push(() => {
    watcher.close();
    workspace.close();
  });
  await until(() => watcher.state !== 'starting', 'the watcher to start');
  return { fs, workspace, watcher };
}

const definedIn = (workspace: Workspace, name: string) => workspace.names.definitionsNamed(name).map((entry) => entry.file);

describe('an edit, seen by the next query', () => {
  it('Should apply an edit after the debounce, and answer the next query without a scan', async () => {
    const { fs, workspace, watcher } = await live(tree());
    expect(watcher.state).toBe('events');
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    fs.write(`${ROOT}/src/b.ts`, source('betaRenamed'));
    await until(() => definedIn(workspace, 'betaRenamed').length === 1, 'the edit to be applied');
    expect(definedIn(workspace, 'beta')).toEqual([]);
    // The query asks the file system nothing: no discovery, no stat (rescanAfterMs is 0: without the watcher, both).
    fs.calls.splice(0);
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    expect(await workspace.listFiles()).toEqual(new Set(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']));
    expect((await workspace.factsOf('src/b.ts'))?.definitions.map((d) => d.name)).toEqual(['betaRenamed']);
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts']);
    expect(fs.calls).toEqual([]);
    expect(watcher.counters).toEqual({ batches: 1, paths: 1 });
  });

  it('Should apply what was seen before a query answers, without waiting for the debounce', async () => {
    const { fs, workspace } = await live(tree(), { debounceMs: 60_000 });
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/b.ts`, source('betaNow'));
    await delivered();
    expect(definedIn(workspace, 'betaNow')).toEqual([]);
    await workspace.indexFolder('');
    expect(definedIn(workspace, 'betaNow')).toEqual(['src/b.ts']);
  });

  it('Should read a file again when it changed with the same size and time (two writes within the clock step)', async () => {
    const { fs, workspace } = await live(tree());
    await workspace.indexFolder('');
    const sameSize = source('betX');
    expect(sameSize.length).toBe(source('beta').length);
    const stat = fs.stat.bind(fs);
    // The file system reports the old time for the new content: a stat comparison alone would keep the old facts.
    const before = stat(`${ROOT}/src/b.ts`);
    fs.stat = (path) => (path === `${ROOT}/src/b.ts` ? before : stat(path));
    fs.lstat = (path) => (path === `${ROOT}/src/b.ts` ? before : MemoryFileSystem.prototype.lstat.call(fs, path));
    fs.write(`${ROOT}/src/b.ts`, sameSize);
    await delivered();
    await workspace.indexFolder('');
    expect(definedIn(workspace, 'betX')).toEqual(['src/b.ts']);
  });
});

describe('a scan and a batch at once', () => {
  it('Should not let a scan\'s answer undo a change applied while it ran', async () => {
    const fs = tree();
    const { workspace, watcher } = await live(fs);
    // The file comes just after discovery listed its folder: the scan cannot have found it, the watcher sees it.
    const readdir = fs.readdir.bind(fs);
    let hooked = false;
    fs.readdir = (path) => {
      const entries = readdir(path);
      if (path.replace(/\/$/, '') === `${ROOT}/src` && !hooked) {
        hooked = true;
        fs.write(`${ROOT}/src/late.ts`, source('late'));
      }
      return entries;
    };
    const scanning = workspace.indexFolder('');
    await until(() => watcher.counters.batches === 1 && watcher.settle() === undefined, 'the batch of the late file');
    expect(await scanning).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    fs.calls.splice(0);
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts', 'src/late.ts']);
    expect(fs.calls.filter((call) => call.startsWith('readdir'))).toEqual([]);
    expect(definedIn(workspace, 'late')).toEqual(['src/late.ts']);
  });
});

describe('bursts', () => {
  it('Should coalesce a burst of writes into one batch, each file read once and parsed once', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/burst/f${i}.ts`, source(`f${i}`)]));
    const { fs, workspace, watcher } = await live(tree(files), { debounceMs: 50 });
    await workspace.indexFolder('');
    const parses = workspace.counters.parses;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 30; i++) fs.write(`${ROOT}/src/burst/f${i}.ts`, source(`f${i}_${round}`));
    }
    await until(() => watcher.counters.batches > 0 && watcher.settle() === undefined, 'the burst to be applied');
    expect(watcher.counters).toEqual({ batches: 1, paths: 30 });
    expect(workspace.counters.parses - parses).toBe(30);
    expect(definedIn(workspace, 'f7_9')).toEqual(['src/burst/f7.ts']);
    expect(definedIn(workspace, 'f7_8')).toEqual([]);
  });

  it('Should re-index exactly the 1,000 files a branch switch changed, and only read the ones it touched', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`src/m${i % 12}/f${i}.ts`] = source(`main${i}`);
    const { fs, workspace, watcher } = await live(tree(files));
    await workspace.indexFolder('');
    const parses = workspace.counters.parses;
    fs.calls.splice(0);
    // The switch: 1,000 files changed, 100 written back unchanged (a checkout touches them), 100 left alone.
    for (let i = 0; i < 1000; i++) fs.write(`${ROOT}/src/m${i % 12}/f${i}.ts`, source(`topic${i}`));
    for (let i = 1000; i < 1100; i++) fs.write(`${ROOT}/src/m${i % 12}/f${i}.ts`, source(`main${i}`));
    await delivered();
    expect(await workspace.indexFolder('')).toHaveLength(1204);
    expect(workspace.counters.parses - parses).toBe(1000);
    expect(definedIn(workspace, 'topic999')).toEqual(['src/m3/f999.ts']);
    expect(definedIn(workspace, 'main999')).toEqual([]);
    expect(definedIn(workspace, 'main1150')).toEqual(['src/m10/f1150.ts']);
    // Nothing was listed and no file outside the switch was read: the watcher named each one.
    expect(fs.calls.filter((call) => call.startsWith('readdir'))).toEqual([]);
    expect(fs.calls.filter((call) => call.startsWith('readFile') && /\/f11\d\d\.ts$/.test(call))).toEqual([]);
    expect(watcher.counters.paths).toBe(1100);
    // 2,200 parses on the calling thread: a minute on a loaded machine is not a failure of the rule.
  }, 60_000);
});

describe('files and folders added, deleted, renamed', () => {
  it('Should follow files and folders as they come, go and move, and end where discovery would', async () => {
    const { fs, workspace } = await live(tree());
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/d.ts`, source('delta'));
    fs.write(`${ROOT}/src/deep/er/e.ts`, source('epsilon'));
    fs.remove(`${ROOT}/lib/c.py`);
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/d.ts', 'src/deep/er/e.ts']);
    expect(definedIn(workspace, 'epsilon')).toEqual(['src/deep/er/e.ts']);
    expect(definedIn(workspace, 'gamma')).toEqual([]);
    // A new folder is watched too: a file added in it later is seen.
    fs.write(`${ROOT}/src/deep/er/f.ts`, source('zeta'));
    await delivered();
    await workspace.indexFolder('');
    expect(definedIn(workspace, 'zeta')).toEqual(['src/deep/er/f.ts']);

    fs.rename(`${ROOT}/src/d.ts`, `${ROOT}/src/d2.ts`);
    fs.rename(`${ROOT}/src/deep`, `${ROOT}/moved`);
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'moved/er/e.ts', 'moved/er/f.ts', 'src/a.ts', 'src/b.ts', 'src/d2.ts']);
    expect(definedIn(workspace, 'delta')).toEqual(['src/d2.ts']);
    expect(definedIn(workspace, 'zeta')).toEqual(['moved/er/f.ts']);
    expect(fs.watchedFolders()).toEqual(['', 'lib', 'moved', 'moved/er', 'src']);
    fs.write(`${ROOT}/moved/er/g.ts`, source('eta'));
    fs.remove(`${ROOT}/lib`);
    await delivered();
    await workspace.indexFolder('');
    expect(definedIn(workspace, 'eta')).toEqual(['moved/er/g.ts']);
    expect(fs.watchedFolders()).toEqual(['', 'moved', 'moved/er', 'src']);
    expect(await workspace.indexFolder('')).toEqual(await discoverFiles(ROOT, '', registry, { fileSystem: fs }));
  });

  it('Should treat symbolic links as discovery does: neither a linked file nor a linked folder is indexed', async () => {
    const { fs, workspace } = await live(tree());
    await workspace.indexFolder('');
    fs.link(`${ROOT}/src/alias.ts`, `${ROOT}/src/b.ts`);
    fs.link(`${ROOT}/linked`, `${ROOT}/src`);
    fs.write(`${ROOT}/src/b.ts`, source('betaLinked'));
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    expect(definedIn(workspace, 'betaLinked')).toEqual(['src/b.ts']);
    expect(fs.watchedFolders()).not.toContain('linked');
    // A file swapped for a link leaves the index.
    fs.remove(`${ROOT}/src/a.ts`);
    fs.link(`${ROOT}/src/a.ts`, `${ROOT}/src/b.ts`);
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/b.ts']);
  });

  it('Should leave ignored, hidden and excluded places unwatched, and changes there unindexed', async () => {
    const { fs, workspace, watcher } = await live(tree({ 'node_modules/dep/index.ts': source('dep'), 'ignored/x.ts': source('x') }));
    await workspace.indexFolder('');
    expect(fs.watchedFolders()).toEqual(['', 'lib', 'src']);
    fs.write(`${ROOT}/.git/HEAD`, 'ref: refs/heads/topic\n');
    fs.write(`${ROOT}/node_modules/dep/other.ts`, source('other'));
    fs.write(`${ROOT}/ignored/y.ts`, source('y'));
    fs.write(`${ROOT}/notes.txt`, 'not source\n');
    await delivered();
    await workspace.indexFolder('');
    expect(workspace.counters.parses).toBe(4);
    expect([...workspace.knownFiles()].sort()).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    expect(watcher.counters.paths).toBe(1);
  });

  it('Should hand a changed .gitignore to discovery: the next query scans once, by the new rules', async () => {
    const { fs, workspace } = await live(tree());
    await workspace.indexFolder('');
    fs.write(`${ROOT}/.gitignore`, 'ignored/\nlib/\n');
    await delivered();
    fs.calls.splice(0);
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(fs.calls.some((call) => call.startsWith('readdir'))).toBe(true);
    expect(fs.watchedFolders()).toEqual(['', 'src']);
    // Covered again from that scan on.
    fs.calls.splice(0);
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(fs.calls).toEqual([]);
  });
});

describe('the root becoming a git work tree', () => {
  it('Should apply the .gitignore files once .git comes (git init while watched), and no longer once it goes', async () => {
    const { fs, workspace } = await live(tree({ 'ignored/i.ts': source('inIgnored') }).remove(`${ROOT}/.git`));
    expect(await workspace.indexFolder('')).toContain('ignored/i.ts');
    fs.write(`${ROOT}/.git/HEAD`, 'ref: refs/heads/main\n');
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    fs.remove(`${ROOT}/.git`);
    await delivered();
    expect(await workspace.indexFolder('')).toContain('ignored/i.ts');
  });
});

describe('one recursive watch (macOS, Windows)', () => {
  it('Should follow the tree from one watch of the root', async () => {
    const { fs, workspace, watcher } = await live(tree(), { recursive: true });
    expect(watcher.state).toBe('events');
    expect([...fs.watches].map((watch) => [watch.folder, watch.recursive])).toEqual([[ROOT, true]]);
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/new/n.ts`, source('nu'));
    fs.write(`${ROOT}/src/b.ts`, source('betaRecursive'));
    fs.remove(`${ROOT}/lib`);
    fs.write(`${ROOT}/node_modules/dep/index.ts`, source('dep'));
    await delivered();
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/new/n.ts']);
    expect(definedIn(workspace, 'betaRecursive')).toEqual(['src/b.ts']);
  });
});

describe('polling', () => {
  it('Should follow edits, new files and folders and deletions by polling alone', async () => {
    const { fs, workspace, watcher } = await live(tree(), { poll: true, pollIntervalMs: 5, pollBatch: 3 });
    expect(watcher.state).toBe('polling');
    expect(fs.watches.size).toBe(0);
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/b.ts`, source('betaPolled'));
    fs.write(`${ROOT}/src/sub/s.ts`, source('sigma'));
    fs.remove(`${ROOT}/lib/c.py`);
    await until(() => definedIn(workspace, 'sigma').length === 1 && definedIn(workspace, 'betaPolled').length === 1, 'the poller to see the changes');
    await until(() => !workspace.knownFiles().has('lib/c.py'), 'the poller to see the deletion');
    fs.calls.splice(0);
    expect(await workspace.indexFolder('')).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/sub/s.ts']);
    expect(fs.calls).toEqual([]);
    // A round looks at most pollBatch files and folders.
    fs.calls.splice(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    watcher.close();
    const looks = fs.calls.filter((call) => /^(lstat|readdir) /.test(call)).length;
    expect(looks).toBeGreaterThan(0);
  });

  it('Should poll when the system refuses a watch, and say so in the warnings', async () => {
    const fs = tree();
    fs.failWith = 'ENOSPC';
    const { workspace, watcher } = await live(fs, { pollIntervalMs: 5 });
    expect(watcher.state).toBe('polling');
    expect(watcher.warnings).toEqual([expect.objectContaining({ code: 'INDEX_WATCH', message: expect.stringMatching(/limit of watches.*polling instead/) })]);
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/b.ts`, source('betaAfterFailure'));
    await until(() => definedIn(workspace, 'betaAfterFailure').length === 1, 'the poller to see the edit');
  });

  it('Should poll when a watch breaks later (its folder still there)', async () => {
    const { fs, workspace, watcher } = await live(tree(), { pollIntervalMs: 5 });
    await workspace.indexFolder('');
    const [first] = fs.watches;
    first?.onError(Object.assign(new Error('EIO: watch broke'), { code: 'EIO' }));
    await until(() => watcher.state === 'polling', 'polling');
    expect(fs.watches.size).toBe(0);
    expect(watcher.warnings[0]?.message).toMatch(/^Watching for changes failed: EIO/);
    fs.write(`${ROOT}/src/b.ts`, source('betaAfterBreak'));
    await until(() => definedIn(workspace, 'betaAfterBreak').length === 1, 'the poller to see the edit');
  });
});

describe('the root deleted, and close()', () => {
  it('Should warn and stop when the root is deleted, and answer without crashing', async () => {
    const { fs, workspace, watcher } = await live(tree());
    await workspace.indexFolder('');
    fs.remove(ROOT);
    await until(() => watcher.state === 'stopped', 'the watcher to stop');
    expect(watcher.warnings).toEqual([expect.objectContaining({ code: 'INDEX_WATCH', message: expect.stringMatching(/^The root folder is gone/) })]);
    expect(fs.watches.size).toBe(0);
    expect([...workspace.knownFiles()]).toEqual([]);
    expect(await workspace.indexFolder('')).toEqual([]);
    expect(watcher.covers(performance.now())).toBe(false);
  });

  it('Should close every watch and timer, and apply nothing after close()', async () => {
    const { fs, workspace, watcher } = await live(tree(), { debounceMs: 60_000 });
    await workspace.indexFolder('');
    fs.write(`${ROOT}/src/b.ts`, source('betaLate'));
    await delivered();
    const settling = watcher.settle();
    watcher.close();
    await settling;
    expect(fs.watches.size).toBe(0);
    expect(watcher.state).toBe('stopped');
    fs.write(`${ROOT}/src/a.ts`, source('alphaLate'));
    await delivered();
    expect(watcher.settle()).toBeUndefined();
    expect(definedIn(workspace, 'alphaLate')).toEqual([]);
  });
});

describe('on disk, through CodeIndex and Node\'s watches', () => {
  function project(files: number): string {
    const root = mkdtempSync(join(tmpdir(), 'code-index-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    for (let i = 0; i < files; i++) write(root, `src/m${i % 5}/f${i}.ts`, module(i, 0));
    write(root, '.git/HEAD', 'ref: refs/heads/main\n');
    write(root, '.gitignore', 'ignored/\n');
    return root;
  }
  function write(root: string, file: string, text: string): void {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  /** A module that defines a name of its version and calls its neighbour's function (the writer's copy too). */
  function module(i: number, version: number): string {
    return `import { f${(i + 1) % 7} } from './f${(i + 1) % 7}.js';\nexport function f${i}_v${version}(): number {\n  return f${(i + 1) % 7}();\n}\nexport const c${i} = ${version};\n`;
  }
  /** What the index answers about the whole tree: every definition, and the references of some names. */
  async function answers(index: CodeIndex): Promise<unknown> {
    const { definitions } = await index.listDefinitions({ query: '*', limit: 5000 });
    const stats = index.stats();
    const references = await index.findReferences({ symbol: 'c3' });
    return {
      definitions: definitions.map((d) => `${d.file}:${d.line} ${d.kind} ${d.symbol}`).sort(),
      files: stats.files,
      totalSymbols: stats.totalSymbols,
      totalReferences: stats.totalReferences,
      references: JSON.stringify(references),
    };
  }

  it('Should show edits, new and renamed folders to the next query within a deadline', async () => {
    const root = project(20);
    // No rescans of its own: only the watcher can bring a change in.
    const index = await CodeIndex.open({ root, watch: true, persist: false, threads: 0, rescanAfterMs: 3_600_000 });
    cleanups.push(() => index.close());
    await until(() => index.stats().watch?.state === 'events', 'the watcher to start');
    expect((await index.listDefinitions({ query: 'f3_v0' })).definitions).toHaveLength(1);
    write(root, 'src/m3/f3.ts', module(3, 1));
    await until(async () => (await index.listDefinitions({ query: 'f3_v1' })).definitions.length === 1, 'the edit', 5_000);
    write(root, 'src/new/n.ts', 'export class Fresh {}\n');
    await until(async () => (await index.listDefinitions({ query: 'Fresh' })).definitions.length === 1, 'the new folder', 5_000);
    renameSync(join(root, 'src/new'), join(root, 'src/renamed'));
    await until(async () => (await index.listDefinitions({ query: 'Fresh' })).definitions[0]?.file === 'src/renamed/n.ts', 'the rename', 5_000);
    symlinkSync(join(root, 'src/renamed'), join(root, 'src/link'));
    rmSync(join(root, 'src/m4'), { recursive: true });
    await until(async () => (await index.listDefinitions({ query: 'f4_v0' })).definitions.length === 0, 'the deletion', 5_000);
    expect(index.stats().warnings).toEqual([]);
    expect((await index.listDefinitions({ query: 'Fresh' })).definitions.map((d) => d.file)).toEqual(['src/renamed/n.ts']);
  });

  it('Should end a burst of 1,000 edits a second consistent with a fresh index of the same tree', async () => {
    const root = project(60);
    // No rescans of its own: only the watcher can bring a change in.
    const index = await CodeIndex.open({ root, watch: true, persist: false, threads: 0, rescanAfterMs: 3_600_000 });
    cleanups.push(() => index.close());
    await until(() => index.stats().watch?.state === 'events', 'the watcher to start');
    await index.indexAll();
    // Another process writes 1,000 files a second for 1.5 s (edits, files added and removed), as an editor or git
    // would, while this one keeps asking.
    const writer = `
      const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
      const root = ${JSON.stringify(root)};
      const module = ${module.toString()};
      let edits = 0;
      const started = Date.now();
      const timer = setInterval(() => {
        // As many as keep the rate at one a millisecond, however late the timer fires.
        for (const due = Math.min(1500, Date.now() - started); edits < due; edits++) {
          const i = (edits * 7) % 70;
          const file = root + '/src/m' + (i % 5) + '/f' + i + '.ts';
          if (i >= 60 && edits % 3 === 0) rmSync(file, { force: true });
          else writeFileSync(file, module(i, edits + 1));
        }
        if (Date.now() - started >= 1500) {
          clearInterval(timer);
          console.log(edits);
        }
      }, 10);
    `;
    const writing = run(process.execPath, ['-e', writer], { timeout: 30_000 });
    let queries = 0;
    let done = false;
    void writing.finally(() => (done = true));
    while (!done) {
      await index.searchSymbols({ query: 'f1', limit: 5 });
      queries++;
      // Queries come as messages do, between other work: an answer made of memory alone never yields.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const edits = Number((await writing).stdout.trim());
    // The rate the machine allowed (one a millisecond asked; scripts/bench-watch.mjs reports it): a burst all the same.
    expect(edits).toBeGreaterThan(300);
    expect(queries).toBeGreaterThan(0);
    expect(index.stats().watch?.batches).toBeGreaterThan(1);
    const fresh = await CodeIndex.open({ root, persist: false, threads: 0 });
    cleanups.push(() => fresh.close());
    await fresh.indexAll();
    const expected = await answers(fresh);
    let seen: unknown;
    await until(async () => {
      seen = await answers(index);
      return JSON.stringify(seen) === JSON.stringify(expected);
    }, 'the live index to agree with a fresh one').catch(() => expect(seen).toEqual(expected));
    expect(index.stats().warnings).toEqual([]);
  });

  it('Should warn when the root is deleted, and answer without crashing', async () => {
    const root = project(6);
    const index = await CodeIndex.open({ root, watch: true, persist: false, threads: 0 });
    cleanups.push(() => index.close());
    await until(() => index.stats().watch?.state === 'events', 'the watcher to start');
    await index.indexAll();
    rmSync(root, { recursive: true, force: true });
    await until(async () => {
      await index.searchSymbols({ query: 'f1' }).catch(() => undefined);
      return index.stats().watch?.state === 'stopped';
    }, 'the watcher to stop');
    expect(index.stats().warnings).toEqual([expect.objectContaining({ code: 'INDEX_WATCH', message: expect.stringMatching(/^The root folder is gone/) })]);
    expect((await index.searchSymbols({ query: 'f1' })).matches).toEqual([]);
    expect(index.stats().files).toBe(0);
  });

  it('Should refuse a watch option it cannot use, naming it', async () => {
    const root = project(1);
    await expect(CodeIndex.open({ root, watch: { debounceMs: -1 } })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: /watch\.debounceMs/ });
    await expect(CodeIndex.open({ root, watch: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: /^watch must be/ });
  });

  it('Should close its watches with the index, and let the process exit', async () => {
    const root = project(5);
    const opened: string[] = [];
    const closed: string[] = [];
    const counting: FileSystem = {
      ...nodeFileSystem,
      watch(folder, recursive, onChange, onError) {
        const watch = (nodeFileSystem.watch as NonNullable<FileSystem['watch']>)(folder, recursive, onChange, onError);
        opened.push(folder);
        return { close: () => (closed.push(folder), watch.close()) };
      },
    };
    const workspace = new Workspace(root, registry, {
      limits: { maxFileSize: 1_000_000, parseTimeoutMs: 5_000 },
      maxCacheEntries: 100,
      rescanAfterMs: 0,
      store: new MemoryStore(),
      threads: 0,
    });
    const watcher = watchWorkspace(workspace, { fileSystem: counting });
    await until(() => watcher.state === 'events', 'the watcher to start');
    expect(opened.length).toBe(7);
    watcher.close();
    workspace.close();
    expect(closed.sort()).toEqual(opened.sort());
    // A process that watches, edits, asks and closes ends by itself (the built package, as a user runs it).
    const script = `
      import { CodeIndex } from ${JSON.stringify(dist)};
      import { writeFileSync } from 'node:fs';
      const index = await CodeIndex.open({ root: ${JSON.stringify(root)}, watch: true, persist: false });
      while (index.stats().watch.state === 'starting') await new Promise((resolve) => setTimeout(resolve, 5));
      await index.indexAll();
      writeFileSync(${JSON.stringify(join(root, 'src/m0/f0.ts'))}, 'export const exited = 1;\\n');
      while ((await index.listDefinitions({ query: 'exited' })).definitions.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      index.close();
      console.log('closed');
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('closed');
    expect(readFileSync(join(root, 'src/m0/f0.ts'), 'utf8')).toContain('exited');
  });
});
