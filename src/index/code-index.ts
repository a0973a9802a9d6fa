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
import type { ExportInfo, FileAnalysis, ParseResult, SignatureInfo } from '../types.js';
import { type FileRecord, processFile } from './file-record.js';
import { resolveInRoot } from './source.js';

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
}

/** Default of {@link CodeIndexOptions.maxFileSize}: 10 MB. */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
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
  #closed = false;

  private constructor(root: string, options: CodeIndexOptions) {
    this.root = root;
    this.#ownsRegistry = !options.registry;
    this.registry = options.registry ?? createDefaultRegistry();
    this.#maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.#parseTimeoutMs = options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
    this.#disabled = new Set(options.disabledLanguages ?? []);
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

  /** Health of every registered language. */
  languages(): LanguageStatus[] {
    return this.registry.languages();
  }

  /** Releases parsers and queries (WASM memory). Later calls throw `INDEX_CLOSED`. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsRegistry) this.registry.dispose();
  }

  /** Same as {@link CodeIndex.close}, for `using index = await CodeIndex.open(...)`. */
  [Symbol.dispose](): void {
    this.close();
  }

  async #record(file: string): Promise<FileRecord> {
    if (this.#closed) throw new CodeIndexError(ErrorCode.INDEX_CLOSED, 'This CodeIndex was closed; open a new one', {});
    const path = await resolveInRoot(this.root, file);
    return processFile(
      this.registry,
      path,
      { maxFileSize: this.#maxFileSize, parseTimeoutMs: this.#parseTimeoutMs },
      this.#disabled,
    );
  }
}
