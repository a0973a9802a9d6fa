/**
 * Where facts are kept: the store contract every index reads and writes through ({@link FactStore}), what it keeps
 * of a file ({@link FileEntry}), and the store that keeps facts in this process only ({@link MemoryStore}). The
 * store that keeps them between processes is `DiskStore` (disk-store.ts), in the format of store-format.ts.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import type { FileFacts, FileSummary, SummaryDefinition } from '../model/facts.js';
import type { Diagnostic } from '../types.js';
import type { NameSegment } from './name-segment.js';

export type { FileSummary, SummaryDefinition } from '../model/facts.js';

/** What the index knows of one file. */
export interface FileEntry {
  size: number;
  mtimeMs: number;
  /** MD5 of the bytes (the MCP tree-sitter server spec's cache key). */
  hash: string;
  /** The language it was analyzed as. */
  language: string;
  /** Key of the facts: fact format, package version and the language's grammar and query fingerprint. */
  key: string;
  /** Address of the facts blob. */
  blob?: string;
  summary?: FileSummary;
  /**
   * Why the file could not be analyzed (it is skipped until it changes, or the limits do). `timeouts` counts the
   * analyses that ran out of time (`TS_PARSE_TIMEOUT`): the first may have met a busy machine (two servers indexing at
   * once), so the file is tried once more when next needed, and skipped from the second on.
   */
  error?: { code: string; message: string; limits: string; timeouts?: number };
}

/** Returns one shared copy of equal strings. */
export type Intern = (text: string) => string;

/**
 * A string table: names, kinds and scopes repeat across the files of a tree (and each message from a parse thread
 * brings its own copies), so the index keeps one copy of each.
 */
export function interner(): Intern {
  const seen = new Map<string, string>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    seen.set(text, text);
    return text;
  };
}

/**
 * A summary definition in one object shape (every field set, in one order): V8 then keeps the fields inside the
 * object, where objects built field by field (a message's copy) carry a separate property array.
 */
export function summaryDefinition(
  intern: Intern,
  name: string,
  kind: string,
  line: number,
  column: number,
  endLine: number,
  preview: string,
  isExported: boolean,
  scope: string | undefined,
  signature: string | undefined,
): SummaryDefinition {
  return {
    name: intern(name),
    kind: intern(kind),
    line,
    column,
    endLine,
    preview,
    isExported,
    scope: scope === undefined ? undefined : intern(scope),
    signature,
  };
}

/**
 * An entry as the index keeps it: its repeated strings shared through `intern`, its definitions in one shape (an
 * entry from a parse thread is a message's copy: every string its own).
 */
export function compactEntry(entry: FileEntry, intern: Intern): FileEntry {
  const compact: FileEntry = { size: entry.size, mtimeMs: entry.mtimeMs, hash: entry.hash, language: intern(entry.language), key: intern(entry.key) };
  if (entry.blob !== undefined) compact.blob = entry.blob;
  if (entry.error !== undefined) compact.error = entry.error;
  const summary = entry.summary;
  if (summary) {
    compact.summary = {
      definitions: summary.definitions.map((d) =>
        summaryDefinition(intern, d.name, d.kind, d.line, d.column, d.endLine, d.preview, d.isExported, d.scope, d.signature),
      ),
      references: summary.references.map(intern).sort(),
      referenceCount: summary.referenceCount,
    };
  }
  return compact;
}

/**
 * What the last whole-tree discovery saw, so that a new process can tell the tree's membership is unchanged without
 * walking it: the modification times of the folders holding its files (a file added, removed or renamed changes its
 * folder's) and of the ignore files read, under the discovery options it ran with.
 */
export interface ScanRecord {
  /** The discovery options and languages, as a key: a record of other options is not used. */
  config: string;
  /** The files indexed by that scan, as a key: the record holds only for the entries it was made with. */
  entries: string;
  /** Root-relative folders (`''` the root) and their modification times. */
  folders: Array<[folder: string, mtimeMs: number]>;
  /** Root-relative ignore files with their modification time and size. */
  ignoreFiles: Array<[file: string, mtimeMs: number, size: number]>;
}

/** Where facts are kept. */
export interface FactStore {
  /** True when facts outlive the process. */
  readonly persistent: boolean;
  /** The folder, for a persistent store. */
  readonly location?: string;
  /** The folder other threads may write facts into (a persistent store that can be written). */
  readonly sharedLocation?: string;
  /** Problems met (a corrupted manifest, a read-only folder, ...). */
  readonly warnings: Diagnostic[];
  /** Every file entry saved, by root-relative path (repeated strings shared through `intern`). */
  loadManifest(intern?: Intern): Map<string, FileEntry>;
  /**
   * Saves changed entries (`null` removes one). Cheap: proportional to the changes (appended to a journal), however
   * large the index; `compact` folds the journal into the manifest.
   */
  saveManifest(changes: ReadonlyMap<string, FileEntry | null>): void;
  /**
   * Folds the journal into the manifest: always with `force`, else only once it has grown large. A journal line
   * without its summary takes it from the store's segment, else from `runs` (see {@link FactStore.writeNameRun}).
   */
  compact(force?: boolean, runs?: readonly NameSegment[]): void;
  /**
   * Writes summaries into a run: a segment beside the store's, which the caller reads instead of holding them in
   * memory, and removes with {@link FactStore.removeNameRun}. Undefined when it cannot be written (read-only).
   */
  writeNameRun?(summaries: ReadonlyMap<string, FileSummary>): NameSegment | undefined;
  /** Closes a run and removes its file. */
  removeNameRun?(run: NameSegment): void;
  /** The facts of a blob, or undefined when it is missing or unreadable. */
  readFacts(blob: string): FileFacts | undefined;
  /** True when facts are stored under the blob address (not read: they may still turn out unreadable). */
  hasFacts(blob: string): boolean;
  /** Stores facts under their blob address. */
  writeFacts(blob: string, facts: FileFacts): void;
  /** Deletes blobs that no entry references (persistent stores). */
  collect(live: ReadonlySet<string>): void;
  /**
   * The name segment that summarizes the blobs of the manifest last loaded or folded (entries it summarizes hold no
   * summary); undefined for a store that keeps summaries in its entries.
   */
  nameSegment?(): NameSegment | undefined;
  /** The record of the last whole-tree discovery (persistent stores), undefined when there is none or it is damaged. */
  loadScanRecord?(): ScanRecord | undefined;
  /** Keeps the record of a whole-tree discovery (written after the entries it saw: call it after saving them). */
  saveScanRecord?(record: ScanRecord): void;
}

/** The address of a file's facts: its content hash under its fact key. */
export function blobAddress(key: string, hash: string): string {
  return createHash('sha1').update(`${key}\u0000${hash}`).digest('hex');
}

/** The user's cache folder for code-index: `$XDG_CACHE_HOME`, `~/Library/Caches` or `%LOCALAPPDATA%`. */
export function userCacheDirectory(): string {
  const env = process.env;
  if (platform() === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'code-index', 'Cache');
  if (platform() === 'darwin') return join(homedir(), 'Library', 'Caches', 'code-index');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'code-index');
}

/** The default store folder of a root: one per root real path, under the user's cache folder. */
export function defaultStoreDirectory(root: string): string {
  return join(userCacheDirectory(), createHash('sha256').update(root).digest('hex').slice(0, 16));
}

/** Facts kept in this process only (serialized: compact, off the JavaScript heap). */
export class MemoryStore implements FactStore {
  readonly persistent = false;
  readonly warnings: Diagnostic[];
  readonly #blobs = new Map<string, Buffer>();

  constructor(warnings: Diagnostic[] = []) {
    this.warnings = warnings;
  }

  loadManifest(): Map<string, FileEntry> {
    return new Map();
  }

  saveManifest(): void {}

  compact(): void {}

  readFacts(blob: string): FileFacts | undefined {
    const bytes = this.#blobs.get(blob);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as FileFacts) : undefined;
  }

  hasFacts(blob: string): boolean {
    return this.#blobs.has(blob);
  }

  writeFacts(blob: string, facts: FileFacts): void {
    this.#blobs.set(blob, Buffer.from(JSON.stringify(facts)));
  }

  collect(live: ReadonlySet<string>): void {
    for (const blob of this.#blobs.keys()) if (!live.has(blob)) this.#blobs.delete(blob);
  }
}
