/**
 * The `CodeIndex` facade: one object per root, binding the operations.
 *
 * @module
 */
import { resolve } from 'node:path';
import { CodeIndexError, ErrorCode } from './errors.js';
import { createDefaultRegistry } from './languages/bundled.js';
import type { LanguageRegistry, LanguageStatus } from './languages/registry.js';
import type { FileFacts } from './model/facts.js';
import { analysisOf, signaturesOf, symbolsOf, warningsOf } from './model/views.js';
import { callGraph } from './operations/call-graph.js';
import { checkTimeout } from './operations/target.js';
import { callHierarchy } from './operations/call-hierarchy.js';
import type { OperationContext } from './operations/context.js';
import { findDefinitions } from './operations/definitions.js';
import { hover } from './operations/hover.js';
import { type DefinitionList, type DefinitionListOptions, listDefinitions } from './operations/list-definitions.js';
import { runStructuralQuery, type StructuralQueryOptions, type StructuralQueryResult } from './operations/query.js';
import { changes } from './operations/changes.js';
import { findReferences } from './operations/references.js';
import { searchSymbols } from './operations/search.js';
import type { ScipExportOptions } from './scip/export.js';
import { VERSION } from './version.js';
import type {
  Diagnostic,
  CallGraph,
  CallGraphOptions,
  CallHierarchyOptions,
  CallHierarchyResult,
  DefinitionsResult,
  ExportInfo,
  FileAnalysis,
  HoverResult,
  IndexStats,
  ParseResult,
  PositionQuery,
  ReferencesOptions,
  ReferencesResult,
  SearchScope,
  SignatureInfo,
  SymbolSearchOptions,
  SymbolSearchResult,
  ChangesOptions,
  ChangesResult,
} from './types.js';
import { ModuleResolver } from './binding/modules.js';
import { Resolver } from './binding/resolver.js';
import { defaultThreads } from './engine/pool.js';
import { type RepoMap, type RepoMapOptions, repoMap } from './operations/repo-map.js';
import { openStore } from './engine/disk-store.js';
import { defaultStoreDirectory, userCacheDirectory } from './engine/store.js';
import { automaticPolicy, type CacheHold, type CollectionPolicy, holdCache } from './engine/cache-collect.js';
import { Workspace } from './engine/workspace.js';
import { readConfigText } from './engine/files.js';
import { nodeFileSystem } from './engine/node-file-system.js';
import { checkWatchOptions, type TreeWatcher, type WatchOptions, watchWorkspace } from './engine/watcher.js';

// For the CLI, which checks these variables as it checks its other CODE_INDEX_* ones (not public: index.ts lists what is).
export { CACHE_ENV, parseSize } from './engine/cache-collect.js';

/** The Graph-It-Live contract's budget of one file's call graph (`callGraph`'s `timeoutMs`). */
export const DEFAULT_GRAPH_TIMEOUT_MS = 5_000;
/** Options of {@link CodeIndex.open}. */
export interface CodeIndexOptions {
  /** The folder every path is resolved against and confined to. */
  root: string;
  /** The languages to use. @defaultValue a registry with every bundled language */
  registry?: LanguageRegistry;
  /** Files larger than this many bytes are refused with `FILE_TOO_LARGE`. @defaultValue 10485760 (10 MB) */
  maxFileSize?: number;
  /** Parsing one file longer than this many milliseconds fails with `TS_PARSE_TIMEOUT`. @defaultValue 5000 */
  parseTimeoutMs?: number;
  /** Language ids to treat as unsupported. @defaultValue [] */
  disabledLanguages?: string[];
  /**
   * Files whose facts stay loaded in memory (least recently used are dropped, and loaded again from the store when
   * needed): a memory bound only, every result stays complete. @defaultValue 10000
   */
  maxCacheEntries?: number;
  /**
   * Keep the index on disk, so that a new process on an unchanged tree answers without parsing. `false` keeps it in
   * memory for the life of the index. @defaultValue true
   */
  persist?: boolean;
  /**
   * The folder of the on-disk index. Given, it is used as is (one folder per tree: it can be built once, e.g. in CI,
   * and copied to another machine with the same tree, read-only if need be). @defaultValue a folder per root under
   * the user's cache folder (`$XDG_CACHE_HOME/code-index`, `~/Library/Caches/code-index`, `%LOCALAPPDATA%`)
   */
  cacheDir?: string;
  /**
   * Threads that parse files, so that parsing never blocks queries and a cold index uses every core (the calling
   * thread reads, hashes and stores what they send); `0` parses on the calling thread. @defaultValue every core
   * (`os.availableParallelism()`), at least 1
   */
  threads?: number;
  /** Scope of `findDefinitions`/`findReferences` when a call gives none. @defaultValue 'project' */
  defaultScope?: SearchScope;
  /** Glob patterns (root-relative) that limit discovery. @defaultValue every file */
  include?: string[];
  /**
   * Glob patterns to skip, beside hidden folders, build folders and `.gitignore`d files (in a git work tree: a `.git`
   * at the root or above it). @defaultValue []
   */
  exclude?: string[];
  /**
   * How long a project scan (discovery and a stat of every file) is reused, in milliseconds. Files a result comes
   * from, and the file a query names, are always re-checked; new and changed files elsewhere show up after this.
   * A large tree's scan is reused for at least 20 times what checking the tree cost it (so checks take at most a
   * twentieth of a busy host's time: every 4-6 s on 12,000 files); 0 checks at every query. Not used while a watcher
   * follows the tree (`watch`). @defaultValue 1000
   */
  rescanAfterMs?: number;
  /**
   * Folders of the user cache (the default location, not a `cacheDir`) unused for longer than this many days are
   * removed, by the first process to open an index there each day. Folders whose root no longer exists are removed
   * too, and a folder an open index holds never is. `Infinity` keeps folders whatever their age.
   * @defaultValue `$CODE_INDEX_CACHE_MAX_AGE_DAYS`, else 30
   */
  cacheMaxAgeDays?: number;
  /**
   * The most the user cache's folders may take together: past it, the least recently used are removed (as ccache's
   * `max_size`), in the same daily collection. Bytes, or a size with a unit: `500M`, `2G` (decimal), `2GiB` (binary).
   * @defaultValue `$CODE_INDEX_CACHE_MAX_SIZE`, else `2GiB`
   */
  cacheMaxSize?: number | string;
  /**
   * Follow changes to the files under the root as they happen (a watcher; for an index kept open by a long-running
   * host), instead of checking files when a query comes: an edit is seen by queries within a second, a branch switch
   * re-indexes exactly the files it changed, and no query scans the tree while the watcher is healthy. `true`, or
   * options (`{ poll: true }` where the file system sends no events). What it met (polling instead of events, the
   * root gone) is in `stats().warnings`; `close()` stops it. @defaultValue false
   */
  watch?: boolean | WatchOptions;
}

/** Default of {@link CodeIndexOptions.maxFileSize}: 10 MB. */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
/** Default of {@link CodeIndexOptions.maxCacheEntries}: 10,000 files. */
export const DEFAULT_MAX_CACHE_ENTRIES = 10_000;
/** Default of {@link CodeIndexOptions.parseTimeoutMs}: 5 seconds. */
export const DEFAULT_PARSE_TIMEOUT_MS = 5000;

/**
 * Structured code understanding over one root folder: analyze a file, list its signatures and exports, parse it.
 * Paths in and out are root-relative (absolute paths inside the root are accepted); nothing outside the root is
 * ever read.
 *
 * @example
 * ```ts
 * const index = await CodeIndex.open({ root: '/path/to/project' });
 * const analysis = await index.analyzeFile('src/auth.ts');
 * console.log(analysis.functions.map((f) => f.signature));
 * index.close();
 * ```
 */
export class CodeIndex {
  /** The real path of the root. */
  readonly root: string;
  /** The language registry in use. */
  readonly registry: LanguageRegistry;
  readonly #maxFileSize: number;
  readonly #ownsRegistry: boolean;
  readonly #workspace: Workspace;
  readonly #operations: OperationContext;
  /** Which files imports name; what its module systems met goes to `stats().warnings`. */
  readonly #modules: ModuleResolver;
  readonly #maxCacheEntries: number;
  readonly #disabledLanguages: ReadonlySet<string>;
  /** The hold on the store folder (its in-use mark) and what the cache's upkeep met. */
  readonly #cache: CacheHold;
  readonly #cacheWarnings: Diagnostic[];
  readonly #watcher: TreeWatcher | undefined;
  readonly #progress = new Set<(done: number, total: number) => void>();
  #closed = false;

  private constructor(root: string, options: CodeIndexOptions, collection: { policy: CollectionPolicy; warnings: Diagnostic[] }) {
    this.root = root;
    this.#ownsRegistry = !options.registry;
    this.registry = options.registry ?? createDefaultRegistry();
    this.#maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.#maxCacheEntries = options.maxCacheEntries ?? DEFAULT_MAX_CACHE_ENTRIES;
    this.#disabledLanguages = new Set(options.disabledLanguages ?? []);
    const persist = options.persist !== false;
    const store = openStore({
      directory: options.cacheDir !== undefined ? resolve(options.cacheDir) : defaultStoreDirectory(root),
      persist,
    });
    // The user cache is collected by whoever opens in it; a folder the caller chose (`cacheDir`) is theirs to manage.
    this.#cache = holdCache(store.sharedLocation, root, persist && options.cacheDir === undefined ? { base: userCacheDirectory(), policy: collection.policy } : undefined);
    this.#cacheWarnings = [...collection.warnings, ...this.#cache.warnings];
    this.#workspace = new Workspace(root, this.registry, {
      limits: { maxFileSize: this.#maxFileSize, parseTimeoutMs: options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS },
      maxCacheEntries: this.#maxCacheEntries,
      rescanAfterMs: options.rescanAfterMs ?? 1000,
      disabledLanguages: new Set(this.#disabledLanguages),
      store,
      threads: options.threads ?? defaultThreads(),
      onProgress: (done, total) => {
        for (const listener of this.#progress) listener(done, total);
      },
      ...(options.include ? { include: options.include } : {}),
      ...(options.exclude ? { exclude: options.exclude } : {}),
    });
    const workspace = this.#workspace;
    if (options.watch) this.#watcher = watchWorkspace(workspace, { ...(options.watch === true ? {} : options.watch), ...(store.location ? { cacheFolder: store.location } : {}) });
    const modules = (this.#modules = new ModuleResolver({
      readText: (file) => readConfigText(root, file),
      files: () => workspace.knownFiles(),
      membership: () => workspace.membership,
      language: (file) => {
        const id = workspace.languageOf(file);
        return id ? this.registry.get(id) : undefined;
      },
      languageNamed: (id) => this.registry.get(id),
      facts: (file) => workspace.factsOf(file),
    }));
    this.#operations = {
      workspace,
      defaultScope: options.defaultScope ?? 'project',
      analyzer: () => workspace.analyzer(),
      modules,
      resolver: new Resolver({
        facts: (file) => workspace.factsOf(file),
        factsKey: (file) => workspace.factsKey(file),
        modules,
        // The name table: the whole tree indexed first (as a name match would).
        filesDefining: async (name, kinds) => {
          await workspace.indexFolder('');
          const entries = workspace.names.definitionsNamed(name);
          return [...new Set((kinds ? entries.filter((entry) => kinds(entry.definition.kind)) : entries).map((entry) => entry.file))];
        },
      }),
    };
  }

  /**
   * Opens an index over `options.root`.
   *
   * @throws CodeIndexError `DIR_NOT_FOUND` when the root does not exist or is not a directory,
   * `INVALID_ARGUMENT` for a bad option.
   */
  static async open(options: CodeIndexOptions): Promise<CodeIndex> {
    if (!options || typeof options.root !== 'string' || options.root.length === 0) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'CodeIndex.open needs { root: string }', {});
    }
    for (const [name, value] of [
      ['maxFileSize', options.maxFileSize],
      ['parseTimeoutMs', options.parseTimeoutMs],
      ['maxCacheEntries', options.maxCacheEntries],
    ] as const) {
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
        throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a positive number, got ${value}`, {
          [name]: value,
        });
      }
    }
    if (options.threads !== undefined && !(Number.isInteger(options.threads) && options.threads >= 0)) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `threads must be a whole number from 0, got ${options.threads}`, { threads: options.threads });
    }
    if (options.cacheDir !== undefined && (typeof options.cacheDir !== 'string' || options.cacheDir === '')) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'cacheDir must be a folder path', { cacheDir: options.cacheDir });
    }
    // Checked before anything is opened (a bad value is the caller's error; a bad environment variable a warning).
    const collection = automaticPolicy({ maxAgeDays: options.cacheMaxAgeDays, maxSize: options.cacheMaxSize });
    checkWatchOptions(options.watch);
    const requested = resolve(options.root);
    let root: string;
    try {
      root = nodeFileSystem.realpath(requested);
      if (!nodeFileSystem.stat(root).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'is not a directory' : 'does not exist';
      throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `Root ${requested} ${reason}`, {
        root: requested,
        suggestion: 'Pass the project folder as root',
      });
    }
    return new CodeIndex(root, options, collection);
  }

  /** The largest file read, in bytes (`maxFileSize` option). */
  get maxFileSize(): number {
    return this.#maxFileSize;
  }

  /**
   * The scope `findDefinitions`, `findReferences` and the tools use when a call gives none (`defaultScope` option),
   * so that a host's configuration reaches every tool.
   */
  get defaultScope(): SearchScope {
    return this.#operations.defaultScope;
  }

  /**
   * Whether files of a language are analyzed: false for an id in the `disabledLanguages` option (its files answer
   * `TS_UNSUPPORTED_LANGUAGE`), true otherwise.
   */
  isLanguageEnabled(id: string): boolean {
    return !this.#disabledLanguages.has(id);
  }

  /** The complete structure of one file (the Lace `code_analyze` spec's `FileAnalysis`). */
  async analyzeFile(file: string): Promise<FileAnalysis> {
    const { relative, facts } = await this.#facts(file);
    return analysisOf(relative, facts);
  }

  /**
   * Signatures of the file's functions, methods and constructors, without bodies (the Lace `code_analyze` spec's
   * `SignatureInfo`).
   */
  async getSignatures(file: string): Promise<SignatureInfo[]> {
    return signaturesOf((await this.#facts(file)).facts);
  }

  /** The file's public API (the Lace `code_analyze` spec's `ExportInfo`). */
  async listExports(file: string): Promise<ExportInfo[]> {
    return (await this.#facts(file)).facts.exports;
  }

  /**
   * Parse a file: root node type, definitions with positions, syntax errors, parse time (the MCP tree-sitter server's
   * `parse`).
   */
  async parse(file: string): Promise<ParseResult> {
    const { relative, facts } = await this.#facts(file);
    return {
      file: relative,
      language: facts.language,
      rootNode: facts.rootNode,
      symbols: symbolsOf(facts),
      errors: facts.errors,
      warnings: warningsOf(facts),
      parseTimeMs: facts.parseTimeMs,
    };
  }

  /**
   * Definitions whose names match a query, across the scope: exact, then case-insensitive, prefix, `*`/`?`
   * wildcards and camelCase initials, then fuzzy; paginated.
   */
  async searchSymbols(options: SymbolSearchOptions): Promise<SymbolSearchResult> {
    this.#checkOpen();
    return searchSymbols(this.#operations, options);
  }

  /**
   * Definitions (outside function bodies) named exactly `query`, or whose names match it as a case-sensitive glob
   * (`*` any run of characters, `?` one), of `kinds` when given: one question to the name table, answered in one call
   * and bounded by `limit` (`nextOffset` says where the rest starts). The order is `searchSymbols`': the query's own
   * name first, then exported definitions, shorter names, file and line. Indexes what changed first, like every
   * project-wide query.
   *
   * @example
   * ```ts
   * const { definitions } = await index.listDefinitions({ query: 'Config', kinds: ['class', 'struct'] });
   * console.log(definitions.map((d) => `${d.file}:${d.line}`));
   * ```
   */
  async listDefinitions(options: DefinitionListOptions): Promise<DefinitionList> {
    this.#checkOpen();
    return listDefinitions(this.#operations, options);
  }

  /**
   * Every place that matches a shape: a tree-sitter query (patterns with `@captures` and predicates such as `#eq?`,
   * `#match?`, `#any-of?`) run over the files of one language under `path`, each file parsed in a parse thread under
   * the parse budget, the answer bounded by `maxMatches` and `timeoutMs` (`next` says where the rest starts). Each
   * match gives its captures with file, range, node type and text (cut to its first line).
   *
   * @throws CodeIndexError `INVALID_ARGUMENT` for a query that does not compile (`data.line`, `data.column`: where),
   * an unknown language, a path outside the root, a bad cursor or bound.
   *
   * @example
   * ```ts
   * // every `await` inside a loop
   * const { matches } = await index.query({
   *   language: 'typescript',
   *   query: '(for_statement body: (_ (expression_statement (await_expression) @await)))',
   * });
   * ```
   */
  async query(options: StructuralQueryOptions): Promise<StructuralQueryResult> {
    this.#checkOpen();
    return runStructuralQuery(this.#operations, options);
  }

  /**
   * What a change touches: the files that differ between two versions of the tree (by default the working tree,
   * staged and unstaged changes together, against `HEAD`; or the index with `staged`; or two commits), the definitions
   * each adds, removes, renames or changes (its signature, or its own body), and who depends on each one changed or
   * removed: its bound references and its callers to `depth` levels, grouped by file, tests marked. Both versions are
   * parsed like any file (the older one read from git's objects, never written to the tree); git runs plumbing only,
   * never a program of the repository. Dependents are found in the index of the working tree.
   *
   * @throws CodeIndexError `NOT_A_GIT_REPOSITORY`, `GIT_NO_HEAD`, `INVALID_ARGUMENT` (a revision that names no commit,
   * a bad option), `PATH_TRAVERSAL` (a repository whose data is outside the root), `GIT_FAILED`.
   *
   * @example
   * ```ts
   * // what the uncommitted work changes, and who calls it
   * const { files } = await index.changes({ depth: 2 });
   * // a branch against the commit it forked from
   * await index.changes({ base: 'main', head: 'feature', symmetric: true });
   * ```
   */
  async changes(options: ChangesOptions = {}): Promise<ChangesResult> {
    this.#checkOpen();
    return changes(this.#operations, options);
  }

  /** Every definition of the identifier at a position (or of a named symbol), the likely one first. */
  async findDefinitions(query: PositionQuery): Promise<DefinitionsResult> {
    this.#checkOpen();
    return findDefinitions(this.#operations, query);
  }

  /**
   * Every reference to the identifier at a position (or a named symbol); definition sites listed apart. Files are read
   * in path order within a time budget (`options.timeoutMs`, 10 s by default): past it the answer is `partial`, and
   * `options.fromFile` goes on where it stopped.
   *
   * @throws CodeIndexError `TS_SYMBOL_NOT_FOUND` when nothing is there, `INVALID_ARGUMENT` for a bad query or option.
   */
  async findReferences(query: PositionQuery, options: ReferencesOptions = {}): Promise<ReferencesResult> {
    this.#checkOpen();
    return findReferences(this.#operations, query, options);
  }

  /** Signature and doc comment of the definition of the identifier at a position. */
  async hover(query: PositionQuery): Promise<HoverResult> {
    this.#checkOpen();
    return hover(this.#operations, query);
  }

  /**
   * How the functions of one file call and reference each other (the Graph-It-Live contract): its classes, functions,
   * methods and module-level variables, the calls and references between them with their lines (`this.m()` bound to the
   * method, callbacks attributed to their enclosing function), and the cycles among the calls. Past the time budget the
   * graph comes back with `isPartial: true`.
   *
   * @throws CodeIndexError `FILE_NOT_FOUND`, `TS_UNSUPPORTED_LANGUAGE`, `PATH_TRAVERSAL`, ... as `analyzeFile`.
   */
  async callGraph(file: string, options: CallGraphOptions = {}): Promise<CallGraph> {
    const deadline = performance.now() + checkTimeout(options.timeoutMs ?? DEFAULT_GRAPH_TIMEOUT_MS);
    return callGraph(this.#operations, await this.#facts(file), { includeExternal: options.includeExternal === true, deadline });
  }

  /**
   * Who calls the function at a position (or named), or what it calls, across the project and to `depth` levels,
   * through the same binding as `findReferences`; each item with its call sites and how it was found.
   *
   * @throws CodeIndexError `TS_SYMBOL_NOT_FOUND` when nothing is defined there, `INVALID_ARGUMENT` for bad options.
   */
  async callHierarchy(query: PositionQuery, options: CallHierarchyOptions = {}): Promise<CallHierarchyResult> {
    this.#checkOpen();
    return callHierarchy(this.#operations, query, options);
  }

  /**
   * A ranked outline of the repository's most important definitions (signatures grouped under their files, the
   * highest-ranked file first), fitted into `tokenBudget` tokens: ranked by PageRank over the reference graph,
   * leaning towards the `focus` files and the `mentioned` symbols. The same tree gives the same map.
   *
   * @example
   * ```ts
   * const map = await index.repoMap({ tokenBudget: 1000, focus: ['src/auth.ts'] });
   * console.log(map.text); // src/session.ts\n  12 export class Session ...
   * ```
   */
  async repoMap(options: RepoMapOptions = {}): Promise<RepoMap> {
    this.#checkOpen();
    return repoMap({ workspace: this.#workspace }, options);
  }

  /**
   * The index as SCIP (Sourcegraph's code intelligence format), streamed: records whose concatenation, written in
   * order, is one `Index` message (a metadata record, then a document per indexed file, in path order). Global symbols
   * are `code-index MANAGER PACKAGE VERSION descriptors`, the package read from the nearest manifest (package.json,
   * go.mod, Cargo.toml, pyproject.toml, pom.xml, ...); references are those binding resolves to a definition. Files
   * are indexed first; memory stays bounded whatever the tree (one document at a time).
   *
   * @example
   * ```ts
   * const out = createWriteStream('index.scip');
   * for await (const record of index.exportScip()) if (!out.write(record)) await once(out, 'drain');
   * out.end();
   * ```
   * @throws CodeIndexError `INVALID_ARGUMENT` for a `path` outside the root; the signal's reason when it aborts.
   */
  exportScip(options: ScipExportOptions = {}): AsyncGenerator<Uint8Array> {
    this.#checkOpen();
    const context = {
      root: this.root,
      workspace: this.#workspace,
      resolver: this.#operations.resolver,
      toolVersion: VERSION,
      language: (id: string) => this.registry.get(id),
      modules: this.#modules,
      skipped: () => this.#workspace.skipped,
    };
    // Loaded on first use: the protobuf runtime and SCIP's bindings cost every process ~50 ms to import.
    return (async function* () {
      const { exportScip } = await import('./scip/export.js');
      yield* exportScip(context, options);
    })();
  }

  /**
   * Indexes every file of the root now (queries otherwise index on demand), saves the on-disk index and removes
   * the facts no file uses any more. Returns the stats.
   *
   * @param onProgress - called as files are indexed, with the files done and the total
   */
  async indexAll(onProgress?: (done: number, total: number) => void): Promise<IndexStats> {
    this.#checkOpen();
    this.#workspace.invalidateScans();
    await this.#workspace.indexFolder('', onProgress);
    this.#workspace.save(true);
    this.#workspace.collectGarbage();
    return this.stats();
  }

  /** Files, definitions (outside function bodies) by kind, references, cache use, skipped files. */
  stats(): IndexStats {
    // No prototype: kinds such as `constructor` must not collide with Object.prototype's members.
    const symbolsByKind: Record<string, number> = Object.create(null);
    const perFile: Array<{ file: string; count: number }> = [];
    for (const [file, summary] of this.#workspace.indexedSummaries()) {
      const definitions = summary.definitions;
      for (const definition of definitions) symbolsByKind[definition.kind] = (symbolsByKind[definition.kind] ?? 0) + 1;
      perFile.push({ file, count: definitions.length });
    }
    perFile.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
    const counts = this.#workspace.names.counts;
    const store = this.#workspace.store;
    return {
      files: perFile.length,
      symbolsByKind,
      totalSymbols: counts.definitions,
      totalReferences: counts.references,
      topFiles: perFile.slice(0, 10),
      cache: {
        ...this.#workspace.counters,
        maxEntries: this.#maxCacheEntries,
        persistent: store.persistent,
        ...(store.location ? { location: store.location } : {}),
      },
      skipped: [...this.#workspace.skipped].map(([file, reason]) => ({ file, reason })),
      warnings: [...store.warnings, ...this.#cacheWarnings, ...this.#modules.warnings, ...(this.#watcher?.warnings ?? [])],
      ...(this.#watcher ? { watch: { state: this.#watcher.state, ...this.#watcher.counters } } : {}),
    };
  }

  /**
   * Calls `listener` as files are indexed, by any query or by the watcher, with the files done and the total of the
   * scan or batch under way (a host shows it while a first query indexes a large tree). Returns the way to stop.
   */
  onProgress(listener: (done: number, total: number) => void): () => void {
    this.#progress.add(listener);
    return () => this.#progress.delete(listener);
  }

  /** Health of every registered language: loaded (here or by a parse thread), not needed yet, or failed and why. */
  languages(): LanguageStatus[] {
    const observed = this.#workspace.languageStates;
    return this.registry.languages().map((status) => {
      const seen = observed.get(status.id);
      if (!seen || status.state === 'failed') return status;
      return { ...status, state: seen.state, ...(seen.error ? { error: seen.error } : {}) };
    });
  }

  /**
   * Saves the on-disk index, stops the parse threads and releases parsers and queries (WASM memory). Later calls
   * throw `INDEX_CLOSED`. Never throws.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#watcher?.close();
    this.#progress.clear();
    try {
      this.#workspace.close();
    } catch {
      // Closing must not fail a caller's `finally`: what could not be saved is analyzed again next time.
    }
    // After the last save: the folder is held until nothing more is written to it.
    this.#cache.release();
    try {
      if (this.#ownsRegistry) this.registry.dispose();
    } catch {
      // A parser left unusable by a fault cannot be freed twice.
    }
  }

  /** Same as {@link CodeIndex.close}, for `using index = await CodeIndex.open(...)`. */
  [Symbol.dispose](): void {
    this.close();
  }

  #checkOpen(): void {
    if (this.#closed) throw new CodeIndexError(ErrorCode.INDEX_CLOSED, 'This CodeIndex was closed; open a new one', {});
  }

  async #facts(file: string): Promise<{ relative: string; facts: FileFacts }> {
    this.#checkOpen();
    const path = await this.#workspace.resolve(file);
    return { relative: path.relative, facts: await this.#workspace.facts(path) };
  }
}
