/**
 * The live index: a watcher that follows the files under the root as they change, for hosts that keep an index open
 * (the MCP server, an agent in an editor). While it is healthy it stands in for the workspace's rescans: no query
 * walks or stats the tree to find what changed; the paths it saw change are checked again in batches (read and
 * hashed, parsed only when the content differs) and a query first applies what was seen before it.
 *
 * How it sees changes, by what the platform offers:
 *   - macOS and Windows: one `fs.watch(root, { recursive: true })`, the system's own recursive watch;
 *   - Linux and the rest: one `fs.watch` per folder discovery walks (hidden, build, `.gitignore`d folders and the
 *     index's cache left out). Node 20 accepts `recursive: true` on Linux but emulates it in JavaScript with a watch
 *     on every file and folder, `node_modules` and `.git` included: on a tree of 10,000 source files and 10,000
 *     `node_modules` files it took 20,703 inotify watches, 123 MB and a 510 ms block to start, where the 202 folders
 *     discovery walks took 27 ms and 52 MB (Node 20.20, measured here);
 *   - polling, where watching fails (the system's watch limit, a file system without events) or when asked: rounds
 *     of stats and folder listings, at most `pollBatch` a round.
 * A burst is coalesced: a batch is applied `debounceMs` after the last change, at most {@link MAX_WAIT_MS} after the
 * first. What it cannot follow path by path (a `.gitignore` changed, more than {@link MAX_PENDING} paths queued, a
 * platform that did not name the path) it hands back to the workspace's own checks: the next query scans once, with
 * discovery's rules, and the watcher covers the tree again from then on. When the root itself goes away the watcher
 * stops, says so in its warnings, and the workspace checks files as it does without one.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { Diagnostic } from '../types.js';
import type { DiscoveryFilter } from './discovery.js';
import type { FileInfo, FileSystem, FolderWatch } from './file-system.js';
import { nodeFileSystem } from './node-file-system.js';
import { createListingCheck } from './source.js';
import type { LiveTree, Workspace } from './workspace.js';

/** How an index follows changes (the `watch` option of `CodeIndex.open`). */
export interface WatchOptions {
  /**
   * Poll instead of asking the system for change events: for file systems that send none (network mounts, some
   * containers' shared folders). Changes show up within a round of `pollIntervalMs` per `pollBatch` files and
   * folders. @defaultValue false (events; polling only where watching fails)
   */
  poll?: boolean;
  /** Quiet time, in milliseconds, that ends a burst of changes before it is applied. @defaultValue 50 */
  debounceMs?: number;
  /** Polling: milliseconds between two rounds. @defaultValue 250 */
  pollIntervalMs?: number;
  /** Polling: most files stated and folders listed in one round. @defaultValue 2000 */
  pollBatch?: number;
}

/**
 * Refuses a `watch` option that is neither a boolean nor {@link WatchOptions} with sound numbers.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT`.
 */
export function checkWatchOptions(watch: unknown): void {
  if (watch === undefined || typeof watch === 'boolean') return;
  if (watch === null || typeof watch !== 'object') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `watch must be true, false or { poll?, debounceMs?, pollIntervalMs?, pollBatch? }, got ${String(watch)}`, { watch });
  }
  const options = watch as Record<string, unknown>;
  for (const name of ['debounceMs', 'pollIntervalMs', 'pollBatch'] as const) {
    const value = options[name];
    const least = name === 'debounceMs' ? 0 : 1;
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= least && value <= 3_600_000)) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `watch.${name} must be a number from ${least} to 3600000, got ${String(value)}`, { [name]: value });
    }
  }
  if (options.poll !== undefined && typeof options.poll !== 'boolean') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `watch.poll must be a boolean, got ${String(options.poll)}`, { poll: options.poll });
  }
}

/** Default of {@link WatchOptions.debounceMs}. */
export const DEFAULT_DEBOUNCE_MS = 50;
/** Default of {@link WatchOptions.pollIntervalMs}. */
export const DEFAULT_POLL_INTERVAL_MS = 250;
/** Default of {@link WatchOptions.pollBatch}. */
export const DEFAULT_POLL_BATCH = 2000;
/** Longest a change waits for its burst to end: a steady stream of writes is still applied four times a second. */
export const MAX_WAIT_MS = 250;
/** Most distinct paths queued: past it the queue is dropped and the next query scans once (an overflow). */
export const MAX_PENDING = 50_000;
/** Folders walked before the walk yields to queries and events. */
const WALK_SLICE = 200;

/** What a watcher is doing: getting ready, following events, polling, or stopped (closed, or the root gone). */
export type WatchState = 'starting' | 'events' | 'polling' | 'stopped';

/** What a watcher drives (a {@link Workspace}). */
export interface WatchTarget {
  /**
   * Applies a batch: files seen to change (read again), paths gone (files or folders), and files found in a folder
   * that came or was walked again (checked by size and time, as a scan checks them).
   */
  applyChanges(changed: readonly string[], gone: readonly string[], listed?: readonly string[]): Promise<void>;
  /** The files the index knows of. */
  knownFiles(): ReadonlySet<string>;
}

/** Options of a {@link TreeWatcher}. */
export interface TreeWatcherOptions extends WatchOptions {
  /** The root (absolute real path). */
  root: string;
  /** @defaultValue Node's */
  fileSystem?: FileSystem;
  /** Discovery's rules, path by path. */
  filter: DiscoveryFilter;
  target: WatchTarget;
  /** Root-relative folders never watched nor reported: the index's own cache folder when it is inside the root. */
  ignoreFolders?: readonly string[];
  /** One recursive watch of the root instead of one per folder. @defaultValue on macOS and Windows */
  recursive?: boolean;
}

/** A folder being followed: its watch (events), or what it held at the last look (polling). */
interface Folder {
  watch?: FolderWatch;
  names?: Map<string, string>;
}

function warning(message: string, details: Record<string, unknown> = {}): Diagnostic {
  return { code: 'INDEX_WATCH', message, details };
}

/** A file's size and time as the poller compares them. */
function signature(info: FileInfo): string {
  return `${info.size}:${info.mtimeMs}`;
}

/** The kind of a folder entry as the poller compares them. */
function kindOf(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  return entry.isSymbolicLink() ? 'l' : entry.isDirectory() ? 'd' : entry.isFile() ? 'f' : 'o';
}

/** Whether a root-relative path lies in one of the folders (or is one). */
function under(path: string, folders: Iterable<string>): boolean {
  for (const folder of folders) if (folder === '' || path === folder || path.startsWith(`${folder}/`)) return true;
  return false;
}

/**
 * Follows the files under a root and applies their changes to a {@link WatchTarget} (see the module's note). Start
 * it with {@link TreeWatcher.start}; a workspace follows it through {@link LiveTree}.
 */
export class TreeWatcher implements LiveTree {
  /** What went wrong on the way (watching failed, an overflow, the root gone): `stats().warnings`. */
  readonly warnings: Diagnostic[] = [];
  /** Batches applied, and the paths they carried. */
  readonly counters = { batches: 0, paths: 0 };
  readonly #root: string;
  readonly #fs: FileSystem;
  readonly #filter: DiscoveryFilter;
  readonly #target: WatchTarget;
  readonly #ignored: readonly string[];
  readonly #recursive: boolean;
  readonly #debounceMs: number;
  readonly #pollIntervalMs: number;
  readonly #pollBatch: number;
  #mode: 'folders' | 'recursive' | 'poll';
  #state: WatchState = 'starting';
  /** Since when every change has been seen (undefined: not now). */
  #since: number | undefined;
  /** Bumped when the watcher starts over (events failed, closed): a walk of an earlier start stops. */
  #generation = 0;
  readonly #folders = new Map<string, Folder>();
  /** Polling: size and time of each file discovery lists. */
  readonly #stats = new Map<string, string>();
  #rootWatch: FolderWatch | undefined;
  #pending = new Set<string>();
  #everything = false;
  #noted = 0;
  #applied = 0;
  #waiters: Array<{ upTo: number; resolve: () => void }> = [];
  #timer: NodeJS.Timeout | undefined;
  #firstAt: number | undefined;
  #running: Promise<void> | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #round: { folders: string[]; files: string[]; at: number } = { folders: [], files: [], at: 0 };

  constructor(options: TreeWatcherOptions) {
    this.#root = options.root;
    this.#fs = options.fileSystem ?? nodeFileSystem;
    this.#filter = options.filter;
    this.#target = options.target;
    this.#ignored = options.ignoreFolders ?? [];
    this.#recursive = options.recursive ?? (process.platform === 'darwin' || process.platform === 'win32');
    this.#debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.#pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.#pollBatch = Math.max(1, options.pollBatch ?? DEFAULT_POLL_BATCH);
    this.#mode = options.poll || !this.#fs.watch ? 'poll' : this.#recursive ? 'recursive' : 'folders';
  }

  /** What it is doing now. */
  get state(): WatchState {
    return this.#state;
  }

  /** Starts following the tree (the first walk runs in slices, between queries); ready once `state` is not `starting`. */
  start(): void {
    void this.#begin();
  }

  /** {@inheritDoc LiveTree.covers} */
  covers(from: number): boolean {
    return this.#since !== undefined && from >= this.#since;
  }

  /** {@inheritDoc LiveTree.settle} */
  settle(): Promise<void> | undefined {
    if (this.#applied >= this.#noted) return undefined;
    const upTo = this.#noted;
    const done = new Promise<void>((resolve) => this.#waiters.push({ upTo, resolve }));
    void this.#flush();
    return done;
  }

  /** Stops watching and polling: every handle closed, nothing called after. Queries waiting on a batch go on. */
  close(): void {
    this.#stop();
    this.#release(Number.POSITIVE_INFINITY);
  }

  async #begin(): Promise<void> {
    const generation = ++this.#generation;
    this.#since = undefined;
    this.#state = 'starting';
    try {
      if (this.#mode === 'recursive') {
        this.#rootWatch = this.#watch('', true);
      } else {
        const stack = [''];
        while (stack.length > 0) {
          for (let slice = 0; slice < WALK_SLICE && stack.length > 0; slice++) stack.push(...this.#visit(stack.pop() as string, undefined, false));
          if (stack.length > 0) await new Promise((resolve) => setImmediate(resolve));
          if (generation !== this.#generation) return;
        }
      }
    } catch (error) {
      if (generation === this.#generation) this.#failed(error);
      return;
    }
    if (generation !== this.#generation) return;
    if (!this.#rootExists()) {
      this.#note('');
      return;
    }
    // Every folder is followed from here on: a scan begun now needs no rescan.
    this.#since = performance.now();
    this.#state = this.#mode === 'poll' ? 'polling' : 'events';
    if (this.#mode === 'poll') this.#schedulePoll();
  }

  /** Watches a folder (root-relative); undefined when it is gone already. */
  #watch(folder: string, recursive: boolean): FolderWatch | undefined {
    const absolute = folder ? `${this.#root}/${folder}` : this.#root;
    const watch = this.#fs.watch as NonNullable<FileSystem['watch']>;
    try {
      return watch.call(
        this.#fs,
        absolute,
        recursive,
        (name) => this.#note(name === undefined ? (recursive ? undefined : folder) : folder ? `${folder}/${name}` : name),
        (error) => this.#broke(folder, error),
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  /**
   * Looks at one folder discovery walks: watches it (events) or records what it holds (polling), adds the files
   * discovery lists there to `found`, and returns the folders below it to walk.
   *
   * @param fresh - a folder that came since the last look: a `.gitignore` in it may change the rules.
   */
  #visit(folder: string, found: string[] | undefined, fresh: boolean): string[] {
    const record = this.#folders.get(folder) ?? {};
    if (this.#mode !== 'recursive') this.#folders.set(folder, record);
    if (this.#mode === 'folders') record.watch ??= this.#watch(folder, false);
    let entries;
    try {
      entries = this.#fs.readdir(folder ? `${this.#root}/${folder}` : this.#root);
    } catch {
      this.#dropFolder(folder);
      return [];
    }
    if (fresh && entries.some((entry) => entry.name === '.gitignore')) this.#filter.forgetRules();
    const names = new Map<string, string>();
    const below: string[] = [];
    for (const entry of entries) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      const kind = kindOf(entry);
      names.set(entry.name, kind);
      if (kind === 'd') {
        if (!under(path, this.#ignored) && this.#filter.walksFolder(path)) below.push(path);
      } else if (kind === 'f' && (found || this.#mode === 'poll') && this.#filter.listsFile(path)) {
        found?.push(path);
        if (this.#mode === 'poll') this.#statFile(path);
      }
    }
    if (this.#mode === 'poll') record.names = names;
    return below;
  }

  /** Records a file's size and time for the poller (forgets it when it cannot be read). */
  #statFile(file: string): string | undefined {
    try {
      const now = signature(this.#fs.lstat(`${this.#root}/${file}`));
      this.#stats.set(file, now);
      return now;
    } catch {
      this.#stats.delete(file);
      return undefined;
    }
  }

  /** Stops following a folder and everything below it; whether it was followed. */
  #dropFolder(folder: string): boolean {
    const was = this.#folders.has(folder);
    if (was) {
      for (const [path, record] of this.#folders) {
        if (!under(path, [folder])) continue;
        record.watch?.close();
        this.#folders.delete(path);
      }
    }
    this.#stats.delete(folder);
    if (was && this.#mode === 'poll') for (const file of this.#stats.keys()) if (under(file, [folder])) this.#stats.delete(file);
    return was;
  }

  /** A change seen (root-relative path; undefined: somewhere, the platform did not say where). */
  #note(path: string | undefined): void {
    if (this.#state === 'stopped') return;
    if (path === undefined) this.#everything = true;
    else {
      const relative = (process.platform === 'win32' ? path.replaceAll('\\', '/') : path).replace(/^\.\/|\/+$/g, '');
      const parts = relative.split('/');
      // Discovery lists nothing in a hidden folder (`.git` sees the most writes); a `.gitignore` changes its rules, and
      // so does the root's `.git` coming or going (they apply in a git work tree only).
      if (parts.some((part, i) => part.startsWith('.') && !(i === parts.length - 1 && (part === '.gitignore' || relative === '.git')))) return;
      if (under(relative, this.#ignored) && relative !== '') return;
      // Below a folder discovery does not walk (`node_modules` under a recursive watch, an `npm install`'s writes).
      const slash = relative.lastIndexOf('/');
      if (slash > 0 && !this.#filter.walksFolder(relative.slice(0, slash))) return;
      this.#pending.add(relative);
      if (this.#pending.size > MAX_PENDING) {
        this.#pending.clear();
        this.#everything = true;
        this.#warn(`More than ${MAX_PENDING} changed paths were queued at once; the next query scans the tree`);
      }
    }
    this.#noted++;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#running) return;
    const now = performance.now();
    this.#firstAt ??= now;
    clearTimeout(this.#timer);
    const wait = Math.max(0, Math.min(this.#debounceMs, this.#firstAt + MAX_WAIT_MS - now));
    this.#timer = setTimeout(() => void this.#flush(), wait);
    this.#timer.unref?.();
  }

  /** Applies what is queued, batch after batch, until nothing is. */
  #flush(): Promise<void> {
    this.#running ??= (async () => {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#firstAt = undefined;
      while (this.#state !== 'stopped' && (this.#pending.size > 0 || this.#everything)) {
        const upTo = this.#noted;
        const batch = [...this.#pending].sort();
        const whole = this.#everything;
        this.#pending.clear();
        this.#everything = false;
        try {
          await this.#apply(batch, whole);
        } catch (error) {
          // What this batch held is unknown to the index now: let the next query scan.
          this.#since = this.state === 'stopped' ? undefined : performance.now();
          if (!this.#broken(error)) this.#warn(`A batch of changes could not be applied (${(error as Error).message}); the next query scans the tree`);
        }
        this.#applied = upTo;
        this.#release(upTo);
      }
    })().finally(() => {
      this.#running = undefined;
      if (this.#state === 'stopped') this.#release(Number.POSITIVE_INFINITY);
      else if (this.#pending.size > 0 || this.#everything) this.#schedule();
    });
    return this.#running;
  }

  #release(upTo: number): void {
    if (upTo === Number.POSITIVE_INFINITY) this.#applied = this.#noted;
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      if (waiter.upTo <= upTo) waiter.resolve();
      else this.#waiters.push(waiter);
    }
  }

  /** One batch: what each path is now, then the target's update. */
  async #apply(batch: string[], whole: boolean): Promise<void> {
    this.counters.batches++;
    this.counters.paths += batch.length;
    if (!this.#rootExists()) {
      this.#warn('The root folder is gone; the index stopped following changes and checks files as without watch (open it again once the folder is back)');
      this.#stop();
      await this.#target.applyChanges([], ['']);
      return;
    }
    if (whole || batch.some((path) => path === '.gitignore' || path === '.git' || path.endsWith('/.gitignore'))) {
      // Discovery's own rules decide again: a scan by the next query, and the watches or listings walked again.
      this.#since = undefined;
      this.#filter.forgetRules();
      if (this.#mode !== 'recursive') {
        const stack = [''];
        while (stack.length > 0) stack.push(...this.#visit(stack.pop() as string, undefined, false));
        for (const folder of [...this.#folders.keys()]) if (folder !== '' && !this.#walkable(folder)) this.#dropFolder(folder);
      }
      this.#since = performance.now();
      return;
    }
    const known = this.#target.knownFiles();
    const changed: string[] = [];
    const gone: string[] = [];
    const listed: string[] = [];
    const walked: string[] = [];
    for (const path of batch) {
      if (path === '') continue;
      let info: FileInfo | undefined;
      try {
        info = this.#fs.lstat(`${this.#root}/${path}`);
      } catch {
        info = undefined;
      }
      if (info?.isDirectory() && !info.isSymbolicLink() && this.#walkable(path)) {
        // A folder came, went and came back, or was swapped for another: what discovery lists in it, and its watches
        // anew (a watch follows the folder it was given, wherever it is renamed to).
        this.#dropFolder(path);
        const stack = [path];
        while (stack.length > 0) stack.push(...this.#visit(stack.pop() as string, listed, true));
        walked.push(path);
      } else if (info?.isFile() && !info.isSymbolicLink() && this.#filter.listsFile(path)) {
        changed.push(path);
        if (this.#mode === 'poll') this.#statFile(path);
      } else {
        // Gone, a link, ignored now: discovery lists nothing there.
        const wasFolder = this.#dropFolder(path);
        if (wasFolder || known.has(path) || this.#mode === 'recursive') gone.push(path);
      }
    }
    if (walked.length > 0) {
      // Files known below a folder walked again that the walk did not find (a folder swapped for another).
      const found = new Set(listed);
      for (const file of known) if (!found.has(file) && under(file, walked)) gone.push(file);
    }
    await this.#target.applyChanges(changed, gone, listed);
  }

  /** Whether discovery walks a folder: its rules, and no symbolic link on the way. */
  #walkable(folder: string): boolean {
    if (under(folder, this.#ignored) || !this.#filter.walksFolder(folder)) return false;
    return createListingCheck(this.#root, this.#fs)(folder)?.relative === folder;
  }

  #rootExists(): boolean {
    try {
      return this.#fs.stat(this.#root).isDirectory();
    } catch {
      return false;
    }
  }

  #schedulePoll(): void {
    this.#pollTimer = setTimeout(() => this.#poll(), this.#pollIntervalMs);
    this.#pollTimer.unref?.();
  }

  /** One round of polling: the next `pollBatch` folders and files, each compared with the last look. */
  #poll(): void {
    if (this.#state !== 'polling') return;
    if (!this.#rootExists()) {
      this.#note('');
      return;
    }
    let budget = this.#pollBatch;
    const round = this.#round;
    if (round.at >= round.folders.length + round.files.length) {
      this.#round = { folders: [...this.#folders.keys()], files: [...this.#stats.keys()], at: 0 };
    }
    const { folders, files } = this.#round;
    while (budget-- > 0 && this.#round.at < folders.length + files.length) {
      const at = this.#round.at++;
      if (at < folders.length) this.#pollFolder(folders[at] as string);
      else this.#pollFile(files[at - folders.length] as string);
    }
    this.#schedulePoll();
  }

  #pollFolder(folder: string): void {
    const record = this.#folders.get(folder);
    if (!record) return;
    let entries;
    try {
      entries = this.#fs.readdir(folder ? `${this.#root}/${folder}` : this.#root);
    } catch {
      this.#note(folder);
      return;
    }
    const before = record.names ?? new Map<string, string>();
    const now = new Map(entries.map((entry) => [entry.name, kindOf(entry)]));
    for (const [name, kind] of now) if (before.get(name) !== kind) this.#note(folder ? `${folder}/${name}` : name);
    for (const name of before.keys()) if (!now.has(name)) this.#note(folder ? `${folder}/${name}` : name);
    record.names = now;
  }

  #pollFile(file: string): void {
    const before = this.#stats.get(file);
    if (before === undefined) return;
    if (this.#statFile(file) !== before) this.#note(file);
  }

  /** A watch reported an error: the folder went away (a change like any), or watching broke (polling from now). */
  #broke(folder: string, error: Error): void {
    if (this.#state === 'stopped') return;
    let exists = false;
    try {
      exists = this.#fs.stat(folder ? `${this.#root}/${folder}` : this.#root).isDirectory();
    } catch {
      exists = false;
    }
    if (exists) this.#failed(error);
    else this.#note(folder);
  }

  /** Events could not be had: poll instead (the walk starts over), and say why. */
  #failed(error: unknown): void {
    if (this.#state === 'stopped') return;
    const code = (error as NodeJS.ErrnoException)?.code;
    const why = code === 'ENOSPC' ? 'the system limit of watches is reached (fs.inotify.max_user_watches on Linux)' : `${code ?? ''} ${(error as Error)?.message ?? error}`.trim();
    if (this.#mode === 'poll') {
      this.#warn(`Polling for changes failed (${why}); the index checks files as without watch`);
      this.#stop();
      return;
    }
    this.#warn(`Watching for changes failed: ${why}; polling instead, ${this.#pollBatch} files and folders every ${this.#pollIntervalMs} ms`, { code });
    this.#closeWatches();
    this.#mode = 'poll';
    void this.#begin();
  }

  /** Whether an error of a batch was watching that broke (handled by {@link TreeWatcher.#failed}). */
  #broken(error: unknown): boolean {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code !== 'ENOSPC' && code !== 'EMFILE' && code !== 'ENFILE' && code !== 'EPERM') return false;
    this.#failed(error);
    return true;
  }

  #warn(message: string, details: Record<string, unknown> = {}): void {
    // The same trouble again is not news; the list stays short.
    if (this.warnings.some((each) => each.message === message) || this.warnings.length >= 20) return;
    this.warnings.push(warning(message, details));
  }

  #closeWatches(): void {
    this.#rootWatch?.close();
    this.#rootWatch = undefined;
    for (const record of this.#folders.values()) record.watch?.close();
    this.#folders.clear();
    this.#stats.clear();
  }

  #stop(): void {
    this.#state = 'stopped';
    this.#since = undefined;
    this.#generation++;
    clearTimeout(this.#timer);
    clearTimeout(this.#pollTimer);
    this.#timer = undefined;
    this.#pollTimer = undefined;
    this.#pending.clear();
    this.#everything = false;
    this.#closeWatches();
  }
}

/**
 * Follows the files of a workspace's root: a {@link TreeWatcher} over discovery's rules, started, that the workspace
 * follows (its rescans stop while the watcher is healthy). Close it before the workspace.
 *
 * @param cacheFolder - The index's own folder (absolute), left out when it is inside the root.
 */
export function watchWorkspace(workspace: Workspace, options: WatchOptions & { fileSystem?: FileSystem; cacheFolder?: string } = {}): TreeWatcher {
  const root = workspace.root;
  const cache = options.cacheFolder;
  const ignoreFolders = cache && cache.startsWith(`${root}/`) ? [cache.slice(root.length + 1)] : [];
  const watcher = new TreeWatcher({
    ...options,
    root,
    filter: workspace.discoveryFilter(),
    target: workspace,
    ignoreFolders,
  });
  workspace.follow(watcher);
  watcher.start();
  return watcher;
}
