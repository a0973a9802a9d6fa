/**
 * The project-wide index: discovered files, their extracted facts cached by path and validated by size + mtime
 * (then content hash), and a name table over every file's definitions and references.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { SymbolDefinition, SymbolReference } from '../types.js';
import { type DiscoveryOptions, discoverFiles } from './discovery.js';
import { bundledLanguages } from '../languages/bundled.js';
import { type FileLimits, type FileRecord, processFile } from './file-record.js';
import { canUseWorkers, PARALLEL_THRESHOLD, processInWorkers } from './parallel.js';
import { type ResolvedPath, resolveInRoot } from './source.js';

/** A definition with its file. */
export interface LocatedDefinition {
  file: string;
  definition: SymbolDefinition;
}

/** A reference with its file. */
export interface LocatedReference {
  file: string;
  reference: SymbolReference;
}

/** Counters of {@link Workspace.stats}. */
export interface WorkspaceCounters {
  hits: number;
  misses: number;
  parses: number;
}

/** Options of a {@link Workspace}. */
export interface WorkspaceOptions extends DiscoveryOptions {
  maxCacheEntries: number;
  /** How long a project scan (discovery + stat of every file) stays fresh, in milliseconds. */
  rescanAfterMs: number;
}

/** The index over one root. */
export class Workspace {
  readonly #root: string;
  readonly #registry: LanguageRegistry;
  readonly #limits: FileLimits;
  readonly #options: WorkspaceOptions;
  readonly #cache: LRUCache<string, FileRecord>;
  readonly #definitions = new Map<string, LocatedDefinition[]>();
  readonly #references = new Map<string, LocatedReference[]>();
  readonly #inFlight = new Map<string, Promise<FileRecord>>();
  #sortedNames: string[] | undefined;
  #scans = new Map<string, { at: number; files: string[] }>();
  readonly skipped = new Map<string, string>();
  readonly counters: WorkspaceCounters = { hits: 0, misses: 0, parses: 0 };

  constructor(root: string, registry: LanguageRegistry, limits: FileLimits, options: WorkspaceOptions) {
    this.#root = root;
    this.#registry = registry;
    this.#limits = limits;
    this.#options = options;
    this.#cache = new LRUCache<string, FileRecord>({
      max: options.maxCacheEntries,
      dispose: (record, file) => this.#unlink(file, record),
    });
  }

  /** Resolves a path inside the root. */
  resolve(file: string): Promise<ResolvedPath> {
    return resolveInRoot(this.#root, file);
  }

  /**
   * The facts of one file, parsed at most once per content: a size+mtime match answers from the cache without
   * reading; a changed stat with the same MD5 keeps the facts; a deleted file is dropped and reported.
   */
  async record(path: ResolvedPath): Promise<FileRecord> {
    const cached = this.#cache.get(path.relative);
    if (cached) {
      let size = -1;
      let mtimeMs = -1;
      try {
        const info = statSync(path.absolute);
        size = info.size;
        mtimeMs = info.mtimeMs;
      } catch {
        this.#cache.delete(path.relative);
      }
      if (size === cached.size && mtimeMs === cached.mtimeMs) {
        this.counters.hits++;
        return cached;
      }
    }
    const pending = this.#inFlight.get(path.relative);
    if (pending) return pending;
    const work = this.#process(path).finally(() => this.#inFlight.delete(path.relative));
    this.#inFlight.set(path.relative, work);
    return work;
  }

  async #process(path: ResolvedPath): Promise<FileRecord> {
    this.counters.misses++;
    const previous = this.#cache.peek(path.relative);
    let record: FileRecord;
    try {
      record = await processFile(this.#registry, path, this.#limits, this.#options.disabledLanguages);
    } catch (error) {
      this.#cache.delete(path.relative);
      throw error;
    }
    this.counters.parses++;
    if (previous && previous.hash === record.hash && previous.hash !== '') {
      // Touched but unchanged: keep the facts, remember the new stat.
      previous.mtimeMs = record.mtimeMs;
      return previous;
    }
    this.#cache.set(path.relative, record);
    this.#link(path.relative, record);
    return record;
  }

  /**
   * Files of a scope (`''` = the whole root, else a root-relative folder), indexed and fresh: discovery and a
   * stat of every file are repeated when the last scan is older than `rescanAfterMs`. Files that cannot be read
   * are skipped and listed in {@link Workspace.skipped}.
   */
  async files(folder: string): Promise<string[]> {
    const now = performance.now();
    const scan = this.#scans.get(folder);
    if (scan && now - scan.at < this.#options.rescanAfterMs) return scan.files;
    const files = await discoverFiles(this.#root, folder, this.#registry, this.#options);
    const present = new Set(files);
    for (const file of [...this.#cache.keys()]) {
      if ((folder === '' || file.startsWith(`${folder}/`)) && !present.has(file)) this.#cache.delete(file);
    }
    await this.#coldIndex(files);
    const indexed: string[] = [];
    for (const file of files) {
      try {
        await this.record(await this.resolve(file));
        this.skipped.delete(file);
        indexed.push(file);
      } catch (error) {
        this.skipped.set(file, error instanceof CodeIndexError ? `${error.code}: ${error.message}` : String(error));
      }
    }
    this.#scans.set(folder, { at: performance.now(), files: indexed });
    return indexed;
  }

  /**
   * Parses the files not in the cache on every core when there are enough of them and the registry is the
   * bundled one (workers build their own; a custom registry's grammars may not cross threads). Results are
   * identical to the one-thread path, which handles everything else.
   */
  async #coldIndex(files: string[]): Promise<void> {
    const missing = files.filter((file) => !this.#cache.has(file));
    if (missing.length < PARALLEL_THRESHOLD || !canUseWorkers() || !this.#usesBundledLanguages()) return;
    // Load this thread's grammars meanwhile: the first re-parse after a change would otherwise pay for it.
    const languages = new Set(missing.map((file) => this.#registry.detectLanguage(file).language).filter((id) => id !== undefined));
    const warmUp = Promise.allSettled([...languages].map((id) => this.#registry.load(id)));
    let results: Awaited<ReturnType<typeof processInWorkers>>;
    try {
      [results] = await Promise.all([
        processInWorkers(this.#root, missing, this.#limits, this.#options.disabledLanguages ?? new Set()),
        warmUp,
      ]);
    } catch {
      return; // fall back to this thread
    }
    for (const result of results) {
      if ('error' in result) continue; // re-tried (and reported) on this thread
      this.counters.misses++;
      this.counters.parses++;
      this.#cache.set(result.file, result.record);
      this.#link(result.file, result.record);
    }
  }

  #usesBundledLanguages(): boolean {
    const registered = this.#registry.list();
    return registered.length === bundledLanguages.length && registered.every((definition, i) => definition === bundledLanguages[i]);
  }

  /** Forgets scan times, so the next query rescans. */
  invalidateScans(): void {
    this.#scans.clear();
  }

  /** Every definition with this exact name. */
  definitionsNamed(name: string): LocatedDefinition[] {
    return this.#definitions.get(name) ?? [];
  }

  /** Every reference with this exact name. */
  referencesNamed(name: string): LocatedReference[] {
    return this.#references.get(name) ?? [];
  }

  /** Every distinct definition name, sorted by code unit (kept until the next change). */
  names(): string[] {
    this.#sortedNames ??= [...this.#definitions.keys()].sort();
    return this.#sortedNames;
  }

  /** The cached record of a file, without validation. */
  peek(file: string): FileRecord | undefined {
    return this.#cache.peek(file);
  }

  /** Cached files. */
  cachedFiles(): string[] {
    return [...this.#cache.keys()];
  }

  /** Drops every cached fact. */
  clear(): void {
    this.#cache.clear();
    this.#scans.clear();
  }

  #link(file: string, record: FileRecord): void {
    for (const definition of record.definitions) push(this.#definitions, definition.name, { file, definition });
    for (const reference of record.references) push(this.#references, reference.name, { file, reference });
    this.#sortedNames = undefined;
  }

  #unlink(file: string, record: FileRecord): void {
    for (const name of new Set(record.definitions.map((d) => d.name))) prune(this.#definitions, name, file);
    for (const name of new Set(record.references.map((r) => r.name))) prune(this.#references, name, file);
    this.#sortedNames = undefined;
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function prune<T extends { file: string }>(map: Map<string, T[]>, key: string, file: string): void {
  const list = map.get(key);
  if (!list) return;
  const kept = list.filter((entry) => entry.file !== file);
  if (kept.length > 0) map.set(key, kept);
  else map.delete(key);
}

/** Validates a 1-based position argument. */
export function checkPosition(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a whole number from 1, got ${String(value)}`, {
      [name]: value,
      suggestion: `Lines and columns are 1-based; pass ${name} >= 1`,
    });
  }
  return value;
}
