/**
 * The `CodeIndex` facade: one object per root, binding the operations.
 *
 * @module
 */
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { createDefaultRegistry } from '../languages/bundled.js';
import type { LanguageRegistry, LanguageStatus } from '../languages/registry.js';
import type {
  DefinitionsResult,
  ExportInfo,
  FileAnalysis,
  HoverResult,
  IndexStats,
  ParseResult,
  PositionQuery,
  ReferencesResult,
  SearchScope,
  SignatureInfo,
  SymbolSearchOptions,
  SymbolSearchResult,
} from '../types.js';
import { findDefinitions, findReferences, hover, type NavigationContext, searchSymbols } from './navigation.js';
import { Workspace } from './workspace.js';
import type { FileRecord } from './file-record.js';

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
  /** Files whose facts are kept in memory (least recently used are dropped). @defaultValue 10000 */
  maxCacheEntries?: number;
  /** Scope of `findDefinitions`/`findReferences` when a call gives none. @defaultValue 'project' */
  defaultScope?: SearchScope;
  /** Glob patterns (root-relative) that limit discovery. @defaultValue every file */
  include?: string[];
  /** Glob patterns to skip, beside hidden folders, `.gitignore`d files and build folders. @defaultValue [] */
  exclude?: string[];
  /**
   * How long a project scan (discovery and a stat of every file) is reused, in milliseconds. Files a result comes
   * from, and the file a query names, are always re-checked; new and changed files elsewhere show up after this.
   * @defaultValue 1000
   */
  rescanAfterMs?: number;
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
  readonly #parseTimeoutMs: number;
  readonly #disabled: ReadonlySet<string>;
  readonly #ownsRegistry: boolean;
  readonly #workspace: Workspace;
  readonly #navigation: NavigationContext;
  readonly #maxCacheEntries: number;
  #closed = false;

  private constructor(root: string, options: CodeIndexOptions) {
    this.root = root;
    this.#ownsRegistry = !options.registry;
    this.registry = options.registry ?? createDefaultRegistry();
    this.#maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.#parseTimeoutMs = options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
    this.#disabled = new Set(options.disabledLanguages ?? []);
    this.#maxCacheEntries = options.maxCacheEntries ?? DEFAULT_MAX_CACHE_ENTRIES;
    this.#workspace = new Workspace(
      root,
      this.registry,
      { maxFileSize: this.#maxFileSize, parseTimeoutMs: this.#parseTimeoutMs },
      {
        maxCacheEntries: this.#maxCacheEntries,
        rescanAfterMs: options.rescanAfterMs ?? 1000,
        disabledLanguages: this.#disabled,
        ...(options.include ? { include: options.include } : {}),
        ...(options.exclude ? { exclude: options.exclude } : {}),
      },
    );
    this.#navigation = { workspace: this.#workspace, registry: this.registry, defaultScope: options.defaultScope ?? 'project' };
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
    const requested = resolve(options.root);
    let root: string;
    try {
      root = await realpath(requested);
      if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'is not a directory' : 'does not exist';
      throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `Root ${requested} ${reason}`, {
        root: requested,
        suggestion: 'Pass the project folder as root',
      });
    }
    return new CodeIndex(root, options);
  }

  /** The largest file read, in bytes (`maxFileSize` option). */
  get maxFileSize(): number {
    return this.#maxFileSize;
  }

  /** The complete structure of one file (seed 000 `FileAnalysis`). */
  async analyzeFile(file: string): Promise<FileAnalysis> {
    return (await this.#record(file)).analysis;
  }

  /** Signatures of the file's functions, methods and constructors, without bodies (seed 000 `SignatureInfo`). */
  async getSignatures(file: string): Promise<SignatureInfo[]> {
    return (await this.#record(file)).signatures;
  }

  /** The file's public API (seed 000 `ExportInfo`). */
  async listExports(file: string): Promise<ExportInfo[]> {
    return (await this.#record(file)).analysis.exports;
  }

  /** Parse a file: root node type, definitions with positions, syntax errors, parse time (seed 001 `parse`). */
  async parse(file: string): Promise<ParseResult> {
    const record = await this.#record(file);
    return {
      file: record.analysis.file,
      language: record.analysis.language,
      rootNode: record.rootNode,
      symbols: record.symbols,
      errors: record.analysis.errors,
      warnings: record.analysis.warnings,
      parseTimeMs: record.parseTimeMs,
    };
  }

  /**
   * Definitions whose names match a query, across the scope: exact, then case-insensitive, prefix, `*`/`?`
   * wildcards and camelCase initials, then fuzzy; paginated.
   */
  async searchSymbols(options: SymbolSearchOptions): Promise<SymbolSearchResult> {
    this.#checkOpen();
    return searchSymbols(this.#navigation, options);
  }

  /** Every definition of the identifier at a position (or of a named symbol), the likely one first. */
  async findDefinitions(query: PositionQuery): Promise<DefinitionsResult> {
    this.#checkOpen();
    return findDefinitions(this.#navigation, query);
  }

  /** Every reference to the identifier at a position (or a named symbol); definition sites listed apart. */
  async findReferences(query: PositionQuery): Promise<ReferencesResult> {
    this.#checkOpen();
    return findReferences(this.#navigation, query);
  }

  /** Signature and doc comment of the definition of the identifier at a position. */
  async hover(query: PositionQuery): Promise<HoverResult> {
    this.#checkOpen();
    return hover(this.#navigation, query);
  }

  /** Indexes every file of the root now (queries otherwise index on demand). Returns the stats. */
  async indexAll(): Promise<IndexStats> {
    this.#checkOpen();
    this.#workspace.invalidateScans();
    await this.#workspace.files('');
    return this.stats();
  }

  /** Files, symbols by kind, cache hits and misses, skipped files. */
  stats(): IndexStats {
    // No prototype: kinds such as `constructor` must not collide with Object.prototype's members.
    const symbolsByKind: Record<string, number> = Object.create(null);
    let totalSymbols = 0;
    let totalReferences = 0;
    const perFile: Array<{ file: string; count: number }> = [];
    for (const file of this.#workspace.cachedFiles()) {
      const record = this.#workspace.peek(file);
      if (!record) continue;
      for (const definition of record.definitions) symbolsByKind[definition.kind] = (symbolsByKind[definition.kind] ?? 0) + 1;
      totalSymbols += record.definitions.length;
      totalReferences += record.references.length;
      perFile.push({ file, count: record.definitions.length });
    }
    perFile.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
    return {
      files: perFile.length,
      symbolsByKind,
      totalSymbols,
      totalReferences,
      topFiles: perFile.slice(0, 10),
      cache: { ...this.#workspace.counters, maxEntries: this.#maxCacheEntries },
      skipped: [...this.#workspace.skipped].map(([file, reason]) => ({ file, reason })),
    };
  }

  /** Health of every registered language. */
  languages(): LanguageStatus[] {
    return this.registry.languages();
  }

  /** Releases parsers and queries (WASM memory). Later calls throw `INDEX_CLOSED`. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#workspace.clear();
    if (this.#ownsRegistry) this.registry.dispose();
  }

  /** Same as {@link CodeIndex.close}, for `using index = await CodeIndex.open(...)`. */
  [Symbol.dispose](): void {
    this.close();
  }

  #checkOpen(): void {
    if (this.#closed) throw new CodeIndexError(ErrorCode.INDEX_CLOSED, 'This CodeIndex was closed; open a new one', {});
  }

  async #record(file: string): Promise<FileRecord> {
    this.#checkOpen();
    return this.#workspace.record(await this.#workspace.resolve(file));
  }
}
