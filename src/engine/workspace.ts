/**
 * The project-wide index of one root: every file's entry (stat, content hash, fact key, summary), the name table
 * built from the summaries, and facts loaded on demand from the store through a bounded cache.
 *
 * A file is fresh when its size and modification time match its entry and its language's fact key is current;
 * otherwise it is handed to the analyzer, which compares the content hash before parsing (a touched but unchanged
 * file is never parsed again). Entries outlive the process in the store's manifest, so a new process on an unchanged
 * tree answers without parsing anything.
 *
 * Which files, asked one way each: {@link Workspace.listFiles} discovers the tree's files without analyzing them,
 * {@link Workspace.indexFolder} indexes a folder's files and returns them, {@link Workspace.knownFiles} is what is known
 * to exist without asking the file system, and {@link Workspace.indexedEntries} the entries of the files indexed. The
 * tree is read through an injected {@link FileSystem} (Node's by default), every path after the root check.
 *
 * @module
 */
import { LRUCache } from 'lru-cache';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { FileFacts, FileSummary } from '../model/facts.js';
import { type AnalysisOutcome, errorHolds, type FileLimits, estimatedFactsSize, factKey, isStickyError, limitsKey, recordedError } from './analyze-file.js';
import { createDiscoveryFilter, type DiscoveryFilter, discoverFiles } from './discovery.js';
import type { FileSystem } from './file-system.js';
import { nodeFileSystem } from './node-file-system.js';
import { amendScans, goneMatcher, type LiveTree, type Scan } from './live-tree.js';
import { NameIndex } from './names.js';
import { type Analyzer, createAnalyzer } from './pool.js';
import { type ResolvedPath, resolveInRoot } from './source.js';
import { recordScan, type ScanRecordContext, treeUnchanged, unchangedFiles } from './scan-record.js';
import type { NameSegment } from './name-segment.js';
import { compactEntry, type FactStore, type FileEntry, interner, type ScanRecord } from './store.js';
import { unsupportedFileFacts } from './unsupported.js';
import { AnalysesUnderWay, type FileStat } from './under-way.js';
import { BlobUses } from './blob-uses.js';
import type { WorkspaceCounters, WorkspaceOptions } from './workspace-options.js';

export type { LocatedDefinition } from './names.js';
export type { LiveTree } from './live-tree.js';
export type { WorkspaceCounters, WorkspaceOptions } from './workspace-options.js';

/** Estimated bytes of loaded facts kept at most. */
const MAX_LOADED_BYTES = 64 * 1024 * 1024;
/**
 * A scan is reused for at least this many times what checking the tree cost it (discovery, a stat per file): a host
 * asking without pause spends at most a twentieth of its time checking a large tree (12,330 files: a check of 0.15 s,
 * so every 3 s; a few hundred files: every `rescanAfterMs`, unless that is 0: then at every query).
 */
const RECHECK_COST_FACTOR = 20;
/** Changed entries are saved this long after the last change (and on close). */
const SAVE_DELAY_MS = 2000;
/**
 * Summaries a scan holds in memory before a save writes them into a run (a name segment of their own, read at
 * offsets like the store's, and merged into it by the fold at the scan's end): the calling thread's memory does not
 * grow with the tree (on the kernel slice, 19 KB a file held: 282 MB of live heap at 12,326 files).
 */
export const RUN_HELD_FILES = 2_000;

/** The index over one root. */
export class Workspace {
  readonly root: string;
  readonly registry: LanguageRegistry;
  readonly store: FactStore;
  readonly #options: WorkspaceOptions;
  /** The file system under the root (every path it is asked about has passed the root check). */
  readonly #fs: FileSystem;
  readonly #entries: Map<string, FileEntry>;
  #names = new NameIndex();
  /**
   * Entries per facts blob, and the summary they share: files of the same content (copies, vendored packages,
   * generated files) keep one summary, as they keep one blob.
   */
  readonly #blobs = new BlobUses();
  readonly #facts: LRUCache<string, FileFacts>;
  readonly #underWay = new AnalysesUnderWay<FileEntry>();
  readonly #dirty = new Map<string, FileEntry | null>();
  readonly #keys = new Map<string, Promise<string>>();
  #analyzer: Analyzer | undefined;
  #scans = new Map<string, Scan<string[]>>();
  #saveTimer: NodeJS.Timeout | undefined;
  /** Scans of a folder under way: their entries are saved as they come, and folded into the manifest once they end. */
  #scanning = 0;
  /** Runs of this process's scans (see {@link RUN_HELD_FILES}), in the order written. */
  #runs: NameSegment[] = [];
  #knownFiles: Set<string> | undefined;
  /** What the last whole-tree discovery saw (this process's, or the store's record of an earlier one). */
  #scanRecord: ScanRecord | undefined;
  /** The record is newer than the store's copy. */
  #recordPending = false;
  #listing: Scan<Set<string>> | undefined;
  #live: LiveTree | undefined;
  readonly #scansUnderWay = new Set<Promise<unknown>>();
  #membership = 0;
  /** Files discovery found but that could not be indexed, with why. */
  readonly skipped = new Map<string, string>();
  /** Languages the analyzer loaded, or failed to load (and why): parse threads load their own. */
  readonly languageStates = new Map<string, { state: 'loaded' | 'failed'; error?: string }>();
  readonly counters: WorkspaceCounters = { hits: 0, misses: 0, parses: 0 };
  /** The limits every file is analyzed under. */
  readonly limits: FileLimits;
  /** One copy of each name, kind and scope of the tree's summaries. */
  readonly #intern = interner();

  constructor(root: string, registry: LanguageRegistry, options: WorkspaceOptions) {
    this.root = root;
    this.registry = registry;
    this.store = options.store;
    this.#options = options;
    this.limits = options.limits;
    this.#fs = options.fileSystem ?? nodeFileSystem;
    this.#facts = new LRUCache<string, FileFacts>({
      max: options.maxCacheEntries,
      maxSize: MAX_LOADED_BYTES,
      sizeCalculation: estimatedFactsSize,
    });
    this.#entries = options.store.loadManifest(this.#intern);
    this.#names.useSegment(options.store.nameSegment?.());
    this.#scanRecord = options.store.loadScanRecord?.();
    for (const [file, entry] of this.#entries) this.#link(file, entry);
  }

  /** Resolves a path inside the root. */
  resolve(file: string): Promise<ResolvedPath> {
    return resolveInRoot(this.root, file, this.#fs);
  }

  /** Whether a checked path is a folder (false for a file, and for a path gone since it was checked). */
  isFolder(path: ResolvedPath): boolean {
    try {
      return this.#fs.stat(path.absolute).isDirectory();
    } catch {
      return false;
    }
  }

  /** The language a file is analyzed as, or undefined when none handles it (or it is disabled). */
  languageOf(file: string): string | undefined {
    const id = this.registry.detectLanguage(file).language;
    return id && !this.#options.disabledLanguages?.has(id) ? id : undefined;
  }

  /** The fact key of a language (see {@link factKey}), computed once. */
  keyOf(language: string): Promise<string> {
    let pending = this.#keys.get(language);
    if (!pending) {
      pending = factKey(this.registry, language);
      pending.catch(() => this.#keys.delete(language));
      this.#keys.set(language, pending);
    }
    return pending;
  }

  /**
   * The fresh entry of a file (analyzing it when its stat or fact key changed). With `recheck` (a watcher saw it
   * change) the file is read and hashed even when its size and time are the entry's: two writes within the clock's
   * step can leave both unchanged. It is parsed only when the content differs.
   *
   * @throws CodeIndexError when the file cannot be read or analyzed (`FILE_NOT_FOUND`, `TS_PARSE_TIMEOUT`, ...).
   */
  async entry(path: ResolvedPath, recheck = false): Promise<FileEntry> {
    const language = this.languageOf(path.relative);
    if (!language) throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `No language analyzes ${path.relative}`, { file_path: path.relative });
    // A read begun before the change was seen may have read the old content: let it end, then read again.
    if (recheck) await this.#underWay.settled(path.relative);
    let stat: FileStat;
    try {
      stat = this.#fs.stat(path.absolute);
    } catch {
      this.#forget(path.relative);
      throw new CodeIndexError(ErrorCode.FILE_NOT_FOUND, `File not found: ${path.relative}`, {
        file_path: path.relative,
        suggestion: 'Check the path; it is resolved against the index root',
      });
    }
    const key = await this.keyOf(language);
    const known = this.#entries.get(path.relative);
    if (known && !recheck && this.#isFresh(known, stat, key)) {
      this.counters.hits++;
      if (known.error) throw new CodeIndexError(known.error.code as ErrorCode, known.error.message, { file_path: path.relative });
      return known;
    }
    return this.#refresh(path.relative, language, key, stat);
  }

  /** The facts of a file: from memory, from the store, or analyzed now. Unsupported files get empty facts. */
  async facts(path: ResolvedPath): Promise<FileFacts> {
    if (!this.languageOf(path.relative)) return unsupportedFileFacts(path, this.registry, this.#options.limits.maxFileSize, this.#fs);
    const entry = await this.entry(path);
    return this.#load(path.relative, entry);
  }

  /**
   * The facts of an indexed or listed file, undefined when it has none (unreadable, too large, unsupported). An entry
   * the last whole-root scan validated is used as it is; any other file is checked (stat, and analyzed when it
   * changed), so a lookup that reaches a few files does not wait for the whole tree to be indexed.
   */
  async factsOf(file: string): Promise<FileFacts | undefined> {
    const settling = this.#live?.settle();
    if (settling) await settling;
    const entry = this.#entries.get(file);
    const scan = this.#scans.get('');
    try {
      if (entry?.blob && scan && this.#current(scan)) return await this.#load(file, entry);
      if (!entry && !this.#listing?.files.has(file)) return undefined;
      const path = await this.resolve(file);
      return await this.#load(path.relative, await this.entry(path));
    } catch {
      return undefined;
    }
  }

  /** The blob {@link Workspace.factsOf} loads for a file with no check (the root's scan current), else undefined. */
  factsKey(file: string): string | undefined {
    const scan = this.#scans.get('');
    return scan && this.#current(scan) ? this.#entries.get(file)?.blob : undefined;
  }

  /**
   * Which files exist under the root, found by discovery (a glob and the ignore rules) without analyzing any: what
   * module resolution needs before it follows an import. Discovery runs again when the last one (or the last
   * whole-root {@link Workspace.indexFolder}) is older than `rescanAfterMs`; the answer is {@link Workspace.knownFiles}.
   */
  async listFiles(): Promise<ReadonlySet<string>> {
    const settling = this.#live?.settle();
    if (settling) await settling;
    const scan = this.#scans.get('');
    if (scan && this.#current(scan)) return this.knownFiles();
    if (this.#listing && this.#current(this.#listing)) return this.knownFiles();
    // The tree's members are the entries while the recorded scan's folders are as it saw them.
    if (!this.#listing && !this.#live && this.#treeUnchanged()) return this.knownFiles();
    await this.#whileScanning(
      (async () => {
        const from = performance.now();
        const files = new Set(await discoverFiles(this.root, '', this.registry, this.#options));
        const at = performance.now();
        this.#listing = { from, at, files, checkMs: at - from };
        this.#membershipChanged();
      })(),
    );
    return this.knownFiles();
  }

  /**
   * Indexes the files of a folder (`''` = the whole root, else a root-relative folder) and returns them: every file
   * discovery finds there is analyzed when new or changed, files gone are forgotten, and the name table then holds
   * the folder's definitions (what a project-wide lookup needs first). Discovery and a stat of every file are
   * repeated when the folder's last indexing is older than `rescanAfterMs`; until then the same list is returned at
   * once. Files that cannot be indexed are left out and listed in {@link Workspace.skipped}.
   */
  async indexFolder(folder: string, onProgress?: (done: number, total: number) => void): Promise<string[]> {
    const settling = this.#live?.settle();
    if (settling) await settling;
    const scan = this.#scans.get(folder);
    if (scan && this.#current(scan)) return scan.files;
    // A watcher that kept the whole root's scan exact knows a folder's files: they are among them.
    const whole = this.#scans.get('');
    if (whole && this.#live?.covers(whole.from)) return whole.files.filter((file) => file.startsWith(`${folder}/`));
    return this.#whileScanning(this.#scan(folder, onProgress));
  }

  /** Discovers a folder's files, indexes what is new or changed, and records the scan (see indexFolder). */
  async #scan(folder: string, onProgress?: (done: number, total: number) => void): Promise<string[]> {
    const from = performance.now();
    const discoveredAt = Date.now();
    let ignoreFiles: readonly string[] = [];
    // The whole tree's members are the entries while the recorded scan's folders are as it saw them.
    const trusted = folder === '' && this.#treeUnchanged();
    const found = trusted
      ? [...this.#entries.keys()].sort()
      : await discoverFiles(this.root, folder, this.registry, { ...this.#options, onIgnoreFiles: (files) => (ignoreFiles = files) });
    const present = new Set(found);
    if (folder === '' && this.#listing) {
      // The entries now say which files exist.
      this.#listing = undefined;
      this.#membershipChanged();
    }
    const inFolder = (file: string) => folder === '' || file.startsWith(`${folder}/`);
    for (const file of [...this.#entries.keys()]) if (inFolder(file) && !present.has(file)) this.#forget(file);
    for (const file of [...this.skipped.keys()]) if (inFolder(file) && !present.has(file)) this.skipped.delete(file);
    let done = 0;
    this.#scanning++;
    const unchanged = trusted ? await unchangedFiles(this.#recordContext(), found, (file, stat) => this.#freshByStat(file, stat)) : new Set<string>();
    const checkMs = performance.now() - from;
    const results = await Promise.all(
      found.map(async (file) => {
        try {
          if (unchanged.has(file)) {
            this.counters.hits++;
            return file;
          }
          // Discovered paths go through the root check too (a folder swapped for a link since the glob ran).
          const path = await this.resolve(file);
          await this.entry(path);
          this.skipped.delete(file);
          return path.relative;
        } catch (error) {
          this.skipped.set(file, error instanceof CodeIndexError ? `${error.code}: ${error.message}` : String(error));
          return undefined;
        } finally {
          done++;
          onProgress?.(done, found.length);
          this.#options.onProgress?.(done, found.length);
        }
      }),
    ).finally(() => this.#scanning--);
    const indexed = [...new Set(results.filter((file): file is string => file !== undefined))];
    this.#scans.set(folder, { from, at: performance.now(), files: indexed, checkMs });
    if (folder === '' && !trusted) {
      // What this discovery saw, kept once the entries it made are saved (see save()).
      this.#scanRecord = recordScan(this.#recordContext(), found, ignoreFiles, discoveredAt);
      this.#recordPending = true;
      this.#scheduleSave();
    }
    return indexed;
  }

  /** Whether a file's entry is fresh by this stat (no error, the same language and fact key). */
  async #freshByStat(file: string, stat: FileStat): Promise<boolean> {
    const entry = this.#entries.get(file);
    const language = this.languageOf(file);
    return entry !== undefined && !entry.error && language === entry.language && this.#isFresh(entry, stat, await this.keyOf(language));
  }

  /** The scan record's view of this workspace: its root, file system, options and entries. */
  #recordContext(): ScanRecordContext {
    const membership = { of: this.#entries, count: this.#membership };
    return { root: this.root, fs: this.#fs, registry: this.registry, options: this.#options, files: () => this.#entries.keys(), membership };
  }

  /** Whether the tree's membership is as the last recorded discovery saw it (see {@link treeUnchanged}). */
  #treeUnchanged(): boolean {
    return this.#scanRecord !== undefined && treeUnchanged(this.#scanRecord, this.#recordContext());
  }

  /** Forgets when folders were indexed, so that the next {@link Workspace.indexFolder} discovers and stats again. */
  invalidateScans(): void {
    this.#scans.clear();
  }

  /**
   * Lets a watcher stand in for the rescans (`rescanAfterMs`): while it covers a scan, the scan is reused as it is,
   * and the changes it saw are applied (see {@link Workspace.applyChanges}) before any answer. Undefined stops that.
   */
  follow(live: LiveTree | undefined): void {
    this.#live = live;
  }

  /**
   * Brings the index up to date with what a watcher saw, without a scan (root-relative paths): each file of `changed`
   * is read again (parsed when its content differs), each path of `gone` (a file, or a folder: every file below it;
   * `''` the whole root) is forgotten, each file of `listed` (found in a folder that came) is checked as a scan checks
   * it; the lists of earlier scans follow. New files of a tree never scanned nor listed are left for its first scan: a
   * watcher does not index a tree nobody asked about.
   */
  async applyChanges(changed: readonly string[], gone: readonly string[], listed: readonly string[] = []): Promise<void> {
    while (this.#scansUnderWay.size > 0) await Promise.allSettled(this.#scansUnderWay);
    const added: string[] = [];
    const dropped: string[] = [];
    if (gone.length > 0) {
      const isGone = goneMatcher(gone);
      // One pass when a folder may be gone, else a look-up per file.
      const whole = gone.some((path) => !this.#entries.has(path) && !this.#listing?.files.has(path));
      for (const file of whole ? [...this.#entries.keys()] : gone) {
        if (!this.#entries.has(file) || !isGone(file)) continue;
        this.#forget(file);
        dropped.push(file);
      }
      for (const file of [...this.skipped.keys()]) if (isGone(file)) this.skipped.delete(file);
      if (this.#listing) {
        for (const file of whole ? [...this.#listing.files] : gone) {
          if (this.#listing.files.has(file) && isGone(file) && this.#listing.files.delete(file)) {
            dropped.push(file);
            this.#membershipChanged();
          }
        }
      }
    }
    const tracked = this.#scans.size > 0 || this.#listing !== undefined;
    const reread = new Set(changed);
    const files = [...new Set([...changed, ...listed])].filter((file) => tracked || this.#entries.has(file));
    let done = 0;
    await Promise.all(
      files.map(async (file) => {
        const before = this.#entries.get(file);
        const wasIndexed = before !== undefined && !before.error && !this.skipped.has(file);
        try {
          const path = await this.resolve(file);
          await this.entry(path, reread.has(file));
          this.skipped.delete(file);
          if (!wasIndexed) added.push(path.relative);
        } catch (error) {
          this.skipped.set(file, error instanceof CodeIndexError ? `${error.code}: ${error.message}` : String(error));
          if (wasIndexed) dropped.push(file);
        } finally {
          // Discovery lists it, indexed or not.
          if (this.#listing && !this.#listing.files.has(file)) {
            this.#listing.files.add(file);
            this.#membershipChanged();
          }
          done++;
          this.#options.onProgress?.(done, files.length);
        }
      }),
    );
    amendScans(this.#scans, added, dropped);
  }

  /** Discovery's rules for this root, one path at a time: what a watcher checks the paths it sees against. */
  discoveryFilter(): DiscoveryFilter {
    return createDiscoveryFilter(this.root, this.registry, this.#options);
  }

  /**
   * Runs a scan or a listing as one under way: a watcher's batch waits for it to end, so that the scan's answer (what
   * discovery found when it began) does not undo what the batch applied.
   */
  async #whileScanning<T>(work: Promise<T>): Promise<T> {
    this.#scansUnderWay.add(work);
    try {
      return await work;
    } finally {
      this.#scansUnderWay.delete(work);
    }
  }

  /** Whether a scan's answer can be reused: a watcher covers it, or it is younger than `rescanAfterMs`. */
  #current(scan: Scan<unknown>): boolean {
    const after = this.#options.rescanAfterMs;
    const reuse = after > 0 ? Math.max(after, RECHECK_COST_FACTOR * (scan.checkMs ?? 0)) : 0;
    return this.#live?.covers(scan.from) === true || performance.now() - scan.at < reuse;
  }

  /**
   * The names of the tree (definitions by name, who references a name, candidates for a search): served from the
   * store's name segment and, for what changed since, from memory.
   */
  get names(): NameIndex {
    return this.#names;
  }

  /** The summary of an indexed file (held in memory, or read from the name segment), undefined when it has none. */
  summaryOf(file: string): FileSummary | undefined {
    const entry = this.#entries.get(file);
    return entry ? this.#names.summaryOf(file, entry) : undefined;
  }

  /**
   * Every file the index knows to exist, without discovering or analyzing anything: those with an entry (indexed, or
   * recorded as unreadable) and those the last {@link Workspace.listFiles} found. The same set is returned until a
   * file comes or goes; {@link Workspace.membership} counts those changes.
   */
  knownFiles(): ReadonlySet<string> {
    this.#knownFiles ??= new Set([...this.#entries.keys(), ...(this.#listing?.files ?? [])]);
    return this.#knownFiles;
  }

  /** Changes to which files are indexed (a file added or removed): caches keyed by the file list compare it. */
  get membership(): number {
    return this.#membership;
  }

  /** The files indexed with facts and their summaries, without indexing anything (summaries are read as asked). */
  *indexedSummaries(): Iterable<[string, FileSummary]> {
    for (const [file, entry] of this.#entries) {
      const summary = this.#names.summaryOf(file, entry);
      if (summary) yield [file, summary];
    }
  }

  /**
   * Saves changed entries now (appended to the store's journal) and folds the journal into the manifest: with
   * `compact`, else once it has grown large and no scan is under way (a cold index of 2,000 files folded its growing
   * manifest nine times, 370 MB of the calling thread's garbage; folds every 200 files of a 1,159-file tree raised its
   * calling thread's peak heap from 49 to 81 MB, more than the 15 MB of summaries they let go).
   */
  save(compact = false): void {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    if (this.#dirty.size > 0) {
      this.store.saveManifest(this.#dirty);
      this.#dirty.clear();
    }
    // After the entries it describes: a process killed in between finds no record and discovers again.
    if (this.#recordPending && this.#scanRecord) this.store.saveScanRecord?.(this.#scanRecord);
    this.#recordPending = false;
    if (compact || this.#scanning === 0) {
      this.store.compact(compact, this.#runs);
      const old = this.#names.segment;
      const segment = this.store.nameSegment?.();
      if (segment !== old) {
        this.#serveNames(segment);
        old?.close();
      }
    } else if (this.#names.served.held >= (this.#options.runHeldFiles ?? RUN_HELD_FILES)) {
      this.#writeRun();
    }
  }

  /**
   * Writes the summaries held in memory into a run (see {@link RUN_HELD_FILES}), and serves their names from it.
   */
  #writeRun(): void {
    const held = new Map<string, FileSummary>();
    for (const entry of this.#entries.values()) if (entry.summary && entry.blob !== undefined) held.set(entry.blob, entry.summary);
    const run = this.store.writeNameRun?.(held);
    if (!run) return;
    this.#runs.push(run);
    this.#serveNames(this.#names.segment);
  }

  /**
   * Serves names from the segments (the main one the store folded its journal into, and the runs): entries whose blob
   * one summarizes drop the summary they held, so that a long-lived process holds the names of what changed since,
   * not of the tree. A run that serves no file any more is removed.
   */
  #serveNames(segment: NameSegment | undefined): void {
    this.#names = new NameIndex();
    this.#names.useSegment(segment);
    for (const run of this.#runs) this.#names.addRun(run);
    this.#blobs.clear();
    for (const [file, entry] of this.#entries) {
      if (entry.summary && this.#names.summarizes(entry.blob)) entry.summary = undefined;
      this.#link(file, entry);
    }
    const inUse = this.#names.runsInUse();
    for (const run of this.#runs) if (!inUse.has(run)) this.store.removeNameRun?.(run);
    this.#runs = this.#runs.filter((run) => inUse.has(run));
  }

  /** Deletes stored facts no entry references (stray blobs of other processes too). */
  collectGarbage(): void {
    this.store.collect(this.#blobs.live());
  }

  /** Saves, stops the parse workers and drops loaded facts. */
  close(): void {
    // Summaries only runs hold are folded into the store's segment before the runs go.
    this.save(this.#runs.length > 0);
    for (const run of this.#runs) this.store.removeNameRun?.(run);
    this.#runs = [];
    this.#names.segment?.close();
    this.#names = new NameIndex();
    this.#analyzer?.close();
    this.#analyzer = undefined;
    this.#facts.clear();
    this.#scans.clear();
  }

  #isFresh(entry: FileEntry, stat: FileStat, key: string): boolean {
    if (entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs || entry.key !== key) return false;
    return !entry.error || errorHolds(entry.error, limitsKey(this.#options.limits));
  }

  #refresh(file: string, language: string, key: string, stat: FileStat, force = false): Promise<FileEntry> {
    return this.#underWay.run(file, stat, () => this.#start(file, language, key, stat, force));
  }

  #start(file: string, language: string, key: string, stat: FileStat, force: boolean): Promise<FileEntry> {
    this.counters.misses++;
    const known = force ? undefined : this.#entries.get(file);
    const job = { file, language, key, size: stat.size, ...(known && !known.error ? { known } : {}), ...(force ? { force } : {}) };
    const analyzer = this.analyzer();
    return (
      analyzer
        .run(job)
        // Facts stored already come without a summary: the one held for the same blob, else the job again to read one.
        .then((outcome) => (this.#summaryOf(outcome) === null ? analyzer.run({ ...job, needSummary: true }) : outcome))
        // Facts that came back to be stored here (no store in the worker) cost the main thread their copy: calls that
        // arrived meanwhile are answered first.
        .then(async (outcome) => {
          if ('facts' in outcome && outcome.facts) await new Promise((resolve) => setImmediate(resolve));
          return this.#apply(file, language, key, stat, outcome);
        })
    );
  }

  #apply(file: string, language: string, key: string, stat: FileStat, outcome: AnalysisOutcome): FileEntry {
    if ('entry' in outcome) {
      if (outcome.parsed) this.languageStates.set(language, { state: 'loaded' });
      if (outcome.parsed) this.counters.parses++;
      if (outcome.facts && outcome.entry.blob) {
        this.store.writeFacts(outcome.entry.blob, outcome.facts);
        // In hand already: the answer that asked for them does not read them back from the store.
        this.#facts.set(outcome.entry.blob, outcome.facts);
      }
      // A blob's summary already held (this file's own, or a copy's) is taken as it is, not copied again.
      const shared = this.#summaryOf(outcome);
      const entry = compactEntry(shared ? { ...outcome.entry, summary: undefined } : outcome.entry, this.#intern);
      if (shared) entry.summary = shared;
      this.#set(file, entry);
      return entry;
    }
    const { code, message, data } = outcome.error;
    if (code === ErrorCode.LANGUAGE_LOAD_FAILED) this.languageStates.set(String(data?.language ?? language), { state: 'failed', error: message });
    if (isStickyError(outcome.error)) {
      this.#set(file, {
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        hash: outcome.stat?.hash ?? '',
        language: this.languageOf(file) ?? 'unknown',
        key,
        error: recordedError(code, message, limitsKey(this.#options.limits), this.#entries.get(file)?.error),
      });
    } else if (code !== ErrorCode.INDEX_CLOSED) this.#forget(file);
    throw new CodeIndexError(code as ErrorCode, message, { ...(data ?? {}), file_path: file });
  }

  /**
   * The summary held for an outcome's blob; null when the outcome has none (its facts were stored already) and no
   * entry of the same blob holds one.
   */
  #summaryOf(outcome: AnalysisOutcome): FileSummary | undefined | null {
    if (!('entry' in outcome) || !outcome.entry.blob) return undefined;
    const held = this.#blobs.summaryOf(outcome.entry.blob);
    if (held) return held;
    return outcome.entry.summary || this.#names.summarizes(outcome.entry.blob) ? undefined : null;
  }

  #set(file: string, entry: FileEntry): void {
    const previous = this.#entries.get(file);
    if (previous) this.#unlink(file, previous);
    else this.#membershipChanged();
    this.#entries.set(file, entry);
    this.#link(file, entry);
    this.#changed(file, entry);
  }

  #forget(file: string): void {
    const previous = this.#entries.get(file);
    if (!previous) return;
    this.#unlink(file, previous);
    this.#entries.delete(file);
    this.#membershipChanged();
    this.#changed(file, null);
  }

  #membershipChanged(): void {
    this.#knownFiles = undefined;
    this.#membership++;
  }

  /** Adds a new entry's names; an entry of a blob already known takes that blob's summary (the same facts). */
  #link(file: string, entry: FileEntry): void {
    this.#blobs.link(entry);
    this.#names.add(file, entry);
  }

  #unlink(file: string, entry: FileEntry): void {
    this.#names.remove(file, entry);
    if (this.#blobs.unlink(entry) && entry.blob) this.#facts.delete(entry.blob);
  }

  #changed(file: string, entry: FileEntry | null): void {
    this.#dirty.set(file, entry);
    this.#scheduleSave();
  }

  #scheduleSave(): void {
    this.#saveTimer ??= setTimeout(() => this.save(), SAVE_DELAY_MS).unref();
  }

  async #load(file: string, entry: FileEntry): Promise<FileFacts> {
    const blob = entry.blob;
    if (!blob) throw new CodeIndexError(ErrorCode.ANALYSIS_FAILED, `${file} has no facts`, { file_path: file });
    const cached = this.#facts.get(blob);
    if (cached) return cached;
    let facts = this.store.readFacts(blob);
    if (!facts) {
      // The stored facts are gone (collected by another process, damaged): analyze the file again.
      const language = this.languageOf(file);
      if (!language) throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `No language analyzes ${file}`, { file_path: file });
      const stat = this.#fs.stat(`${this.root}/${file}`);
      const fresh = await this.#refresh(file, language, await this.keyOf(language), stat, true);
      facts = fresh.blob ? this.store.readFacts(fresh.blob) : undefined;
      if (!facts || !fresh.blob) throw new CodeIndexError(ErrorCode.ANALYSIS_FAILED, `The facts of ${file} could not be stored`, { file_path: file });
      this.#facts.set(fresh.blob, facts);
      return facts;
    }
    this.#facts.set(blob, facts);
    return facts;
  }

  /** The analyzer (parse threads, or this thread), started on first use. */
  analyzer(): Analyzer {
    this.#analyzer ??= createAnalyzer({
      threads: this.#options.threads,
      registry: this.registry,
      storeLocation: this.store.sharedLocation,
      context: {
        root: this.root,
        registry: this.registry,
        store: this.store,
        limits: this.#options.limits,
        disabledLanguages: this.#options.disabledLanguages ?? new Set(),
        returnFacts: false,
        fileSystem: this.#fs,
      },
    });
    return this.#analyzer;
  }
}
