/**
 * Where facts live between processes: a folder holding a manifest (every file's stat, content hash, fact key and
 * summary: what a new process needs to answer without parsing), a journal of the changes since, and
 * content-addressed fact blobs (gzipped JSON, one per distinct content and fact key, loaded on demand). The manifest
 * and the journal are JSON lines (`[path, entry]`; the manifest between a header line and an end line with the
 * count), read and written in pieces of 1 MB: neither is ever one string, and folding the journal into the manifest
 * streams the manifest through without decoding it (holding the tree's entries twice was the largest peak of a cold
 * index: 5,000 files, 200 MB of heap).
 *
 * - Writes are atomic (a temporary file renamed into place); the manifest is rewritten under a lock, merging what
 *   another process wrote meanwhile, so two servers on one tree never corrupt it.
 * - A truncated, corrupted or foreign file is detected (gzip's CRC, JSON, a format marker), discarded with a warning
 *   and rebuilt; it is never trusted for paths: every path it names goes through the root check like any other.
 * - A folder that cannot be written is used read-only, new facts kept in memory (an index built in CI and shipped
 *   read-only); one that cannot be read or created at all falls back to memory, with a warning.
 * - Blobs no manifest entry references are collected.
 *
 * JSON rather than `v8.serialize`: the same speed on real facts (251 rxjs files: 10 vs 9 ms to write, 7 vs 8 ms to
 * read), readable by any Node version, and a crafted cache file in an untrusted checkout can do nothing but fail to
 * parse. Blobs are gzipped (level 1): 3.5x smaller for about 8 ms per 250 files.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FileFacts, FileSummary, SummaryDefinition } from '../model/facts.js';

export type { FileSummary, SummaryDefinition } from '../model/facts.js';
import type { Diagnostic } from '../types.js';

/** What the index knows of one file. */
export interface FileEntry {
  size: number;
  mtimeMs: number;
  /** MD5 of the bytes (seed 001's cache key). */
  hash: string;
  /** The language it was analyzed as. */
  language: string;
  /** Key of the facts: fact format, package version and the language's grammar and query fingerprint. */
  key: string;
  /** Address of the facts blob. */
  blob?: string;
  summary?: FileSummary;
  /** Why the file could not be analyzed (it is skipped until it changes, or the limits do). */
  error?: { code: string; message: string; limits: string };
}

/** The manifest's format marker and version. */
const FORMAT = 'code-index-manifest';
const MANIFEST_VERSION = 3;
/**
 * A facts blob's file name after its id: gzipped JSON with every character past ASCII escaped (`\u00e9`), so that
 * reading it decodes bytes one to one (3.6x faster than UTF-8 on real facts, which hold docs and previews in any script).
 */
const BLOB_SUFFIX = '.a.json.gz';

/** JSON with every character past ASCII written as an escape: the same value, in ASCII bytes. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
const LOCK_STALE_MS = 10_000;
/** The journal is folded into the manifest once it is this large (or a quarter of the manifest, if larger). */
const COMPACT_AT_BYTES = 1024 * 1024;

// ---- the manifest's encoding: entries as short keys and definitions as tuples (a third of the size of objects) -----

type EncodedDefinition = [string, string, number, number, number, 0 | 1, string | 0, string, string?];
interface EncodedEntry {
  s: number;
  m: number;
  h: string;
  l: string;
  k: string;
  b?: string;
  e?: FileEntry['error'];
  d?: EncodedDefinition[];
  r?: string[];
  c?: number;
}

function encodeEntry(entry: FileEntry): EncodedEntry {
  const encoded: EncodedEntry = { s: entry.size, m: entry.mtimeMs, h: entry.hash, l: entry.language, k: entry.key };
  if (entry.blob) encoded.b = entry.blob;
  if (entry.error) encoded.e = entry.error;
  if (entry.summary) {
    encoded.d = entry.summary.definitions.map((d) => {
      const tuple: EncodedDefinition = [d.name, d.kind, d.line, d.column, d.endLine, d.isExported ? 1 : 0, d.scope ?? 0, d.preview];
      if (d.signature !== undefined) tuple.push(d.signature);
      return tuple;
    });
    encoded.r = entry.summary.references;
    encoded.c = entry.summary.referenceCount;
  }
  return encoded;
}

/** Decodes an entry, sharing repeated strings (kinds, names, languages) through `intern`. */
function decodeEntry(encoded: EncodedEntry, intern: Intern): FileEntry | undefined {
  if (typeof encoded !== 'object' || encoded === null) return undefined;
  const { s: size, m: mtimeMs, h: hash, l: language, k: key } = encoded;
  if (typeof size !== 'number' || typeof mtimeMs !== 'number' || typeof hash !== 'string' || typeof language !== 'string' || typeof key !== 'string') return undefined;
  const entry: FileEntry = { size, mtimeMs, hash, language: intern(language), key: intern(key) };
  if (typeof encoded.b === 'string') entry.blob = encoded.b;
  if (encoded.e && typeof encoded.e.code === 'string') entry.error = encoded.e;
  if (Array.isArray(encoded.d) && Array.isArray(encoded.r)) {
    const definitions: SummaryDefinition[] = [];
    for (const tuple of encoded.d) {
      if (!Array.isArray(tuple) || typeof tuple[0] !== 'string' || typeof tuple[7] !== 'string') return undefined;
      const [name, kind, line, column, endLine, exported, scope, preview, signature] = tuple;
      definitions.push(summaryDefinition(intern, name, kind, line, column, endLine, preview, exported === 1, scope || undefined, signature));
    }
    // (Sorted again: the name table searches them, and a hand-edited or older manifest may not be.)
    entry.summary = { definitions, references: encoded.r.map((name) => intern(String(name))).sort(), referenceCount: Number(encoded.c ?? 0) };
  }
  return entry;
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
function summaryDefinition(
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
  /** Folds the journal into the manifest: always with `force`, else only once it has grown large. */
  compact(force?: boolean): void;
  /** The facts of a blob, or undefined when it is missing or unreadable. */
  readFacts(blob: string): FileFacts | undefined;
  /** True when facts are stored under the blob address (not read: they may still turn out unreadable). */
  hasFacts(blob: string): boolean;
  /** Stores facts under their blob address. */
  writeFacts(blob: string, facts: FileFacts): void;
  /** Deletes blobs that no entry references (persistent stores). */
  collect(live: ReadonlySet<string>): void;
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

function warning(message: string, details: Record<string, unknown>): Diagnostic {
  return { code: 'INDEX_CACHE', message, details };
}

function atomicWrite(path: string, bytes: Uint8Array | string): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing written
    }
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A line of the journal or the manifest: a path and its entry (null: the file is gone); undefined when damaged. */
function parseLine(line: string): { path: string; encoded: EncodedEntry | null } | undefined {
  const parsed = parseJson(line);
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return undefined;
  const encoded = parsed[1] as unknown;
  if (encoded !== null && (typeof encoded !== 'object' || Array.isArray(encoded))) return undefined;
  return { path: parsed[0], encoded: encoded as EncodedEntry | null };
}

/**
 * Reads a manifest: a header line (format and version), one `[path, entry]` line per file, and an end line with the
 * count (a manifest cut at the end of a line is seen to be short). Throws when it is anything else; nothing is
 * visited when there is no manifest yet.
 */
function readManifestLines(path: string, visit: (path: string, encoded: EncodedEntry, line: string) => void): void {
  let header = false;
  let end: number | undefined;
  let count = 0;
  const found = forEachLine(path, (line) => {
    if (end !== undefined) throw new Error('it has lines after its end');
    if (!header) {
      const parsed = parseJson(line) as { format?: unknown; version?: unknown } | undefined;
      if (parsed?.format !== FORMAT || parsed.version !== MANIFEST_VERSION) throw new Error('not a code-index manifest of this version');
      header = true;
      return;
    }
    if (line.startsWith('{')) {
      end = Number((parseJson(line) as { end?: unknown } | undefined)?.end);
      return;
    }
    const entry = parseLine(line);
    if (!entry || entry.encoded === null) throw new Error(`its line ${count + 2} is damaged`);
    visit(entry.path, entry.encoded, line);
    count++;
  });
  if (!found) return;
  if (!header) throw new Error('it is empty');
  if (end !== count) throw new Error('it is cut short');
}

/**
 * Calls `visit` with each line of a file (without its line end), read in chunks of 1 MB: a large manifest is never
 * one string. False when the file does not exist or cannot be read.
 */
function forEachLine(path: string, visit: (line: string) => void): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let pending: Buffer[] = [];
    for (let read = readSync(fd, chunk, 0, chunk.length, null); read > 0; read = readSync(fd, chunk, 0, chunk.length, null)) {
      const bytes = chunk.subarray(0, read);
      let start = 0;
      for (let newline = bytes.indexOf(10, start); newline !== -1; newline = bytes.indexOf(10, start)) {
        const piece = bytes.subarray(start, newline);
        const line = pending.length > 0 ? Buffer.concat([...pending, piece]).toString('utf8') : piece.toString('utf8');
        pending = [];
        if (line !== '') visit(line);
        start = newline + 1;
      }
      // The start of a line the next chunk ends (copied: the chunk is reused).
      if (start < read) pending.push(Buffer.from(bytes.subarray(start)));
    }
    const last = Buffer.concat(pending).toString('utf8');
    if (last !== '') visit(last);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Writes lines to a new file (or appends them to a file) in pieces of about 1 MB, each of whole lines. */
class LineWriter {
  readonly #path: string;
  #fd: number | undefined;
  #buffered: string[] = [];
  #size = 0;

  constructor(path: string, flags: 'w' | 'a' = 'w') {
    this.#path = path;
    this.#fd = openSync(path, flags);
  }

  write(line: string): void {
    this.#buffered.push(line);
    this.#size += line.length + 1;
    if (this.#size >= 1 << 20) this.#flush();
  }

  /** Drops what was written and starts again with this line. */
  restart(line: string): void {
    this.#buffered = [];
    this.#size = 0;
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = openSync(this.#path, 'w');
    this.write(line);
  }

  close(): void {
    if (this.#fd === undefined) return;
    try {
      this.#flush();
    } finally {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
  }

  /** Closes the file without writing what is still buffered. */
  abandon(): void {
    this.#buffered = [];
    this.close();
  }

  #flush(): void {
    if (this.#fd === undefined || this.#buffered.length === 0) return;
    writeSync(this.#fd, `${this.#buffered.join('\n')}\n`);
    this.#buffered = [];
    this.#size = 0;
  }
}

/** Facts in a folder. */
export class DiskStore implements FactStore {
  readonly persistent = true;
  readonly location: string;
  readonly warnings: Diagnostic[] = [];
  /** False when the folder is read-only: new facts are kept in memory. */
  readonly writable: boolean;
  readonly sharedLocation?: string;
  readonly #objects: string;
  readonly #manifest: string;
  readonly #journal: string;
  readonly #overlay = new MemoryStore();

  /** Opens (creating it when needed) a store folder; see {@link openStore} for the fallbacks. */
  constructor(location: string, writable: boolean) {
    this.location = location;
    this.writable = writable;
    if (writable) this.sharedLocation = location;
    this.#objects = join(location, 'objects');
    this.#manifest = join(location, 'manifest.json');
    this.#journal = join(location, 'journal.jsonl');
  }

  loadManifest(intern: Intern = interner()): Map<string, FileEntry> {
    const files = this.#readSnapshot(intern);
    // A journal a crashed compaction left behind, then the journal itself.
    for (const journal of [`${this.#journal}.compacting`, this.#journal]) this.#replay(journal, files, intern);
    return files;
  }

  saveManifest(changes: ReadonlyMap<string, FileEntry | null>): void {
    if (!this.writable || changes.size === 0) return;
    let output: LineWriter | undefined;
    try {
      // Appended in pieces of whole lines (never the whole change as one string: a cold index of 5,000 files is 35 MB
      // of lines): two processes appending at once interleave lines, never bytes of a line.
      output = new LineWriter(this.#journal, 'a');
      for (const [path, entry] of changes) output.write(JSON.stringify([path, entry ? encodeEntry(entry) : null]));
      output.close();
    } catch (error) {
      output?.abandon();
      this.warnings.push(warning(`The index cache could not be saved: ${(error as Error).message}`, { location: this.location }));
    }
  }

  compact(force = false): void {
    if (!this.writable) return;
    let journalSize = 0;
    let snapshotSize = 0;
    try {
      journalSize = statSync(this.#journal).size;
    } catch {
      return; // nothing to fold
    }
    try {
      snapshotSize = statSync(this.#manifest).size;
    } catch {
      // no manifest yet
    }
    if (!force && journalSize < Math.max(COMPACT_AT_BYTES, snapshotSize / 4)) return;
    const release = this.#lock();
    if (!release) return; // another process is compacting
    try {
      // Set the journal aside first: what others append meanwhile goes to a new journal and is kept.
      const folding = `${this.#journal}.compacting`;
      if (!existsSync(folding)) renameSync(this.#journal, folding);
      this.#fold(folding);
      rmSync(folding, { force: true });
    } catch (error) {
      this.warnings.push(warning(`The index cache could not be compacted: ${(error as Error).message}`, { location: this.location }));
    } finally {
      release();
    }
  }

  #readSnapshot(intern: Intern): Map<string, FileEntry> {
    const files = new Map<string, FileEntry>();
    try {
      readManifestLines(this.#manifest, (path, encoded) => {
        const entry = decodeEntry(encoded, intern);
        if (!entry) throw new Error(`the entry of ${path} is damaged`);
        files.set(path, entry);
      });
    } catch (error) {
      this.warnings.push(
        warning(`The index cache's manifest was unreadable (${(error as Error).message}); it is rebuilt`, { location: this.location }),
      );
      files.clear();
    }
    return files;
  }

  /**
   * Writes a new manifest: the snapshot's entries with the journal's changes applied, streamed line by line. Only
   * the journal's lines are held (at most a quarter of the snapshot), and entries are carried as their text, never
   * decoded: compaction does not hold the tree's entries a second time.
   */
  #fold(journal: string): void {
    const changes = new Map<string, string | null>();
    let damaged = 0;
    forEachLine(journal, (line) => {
      const change = parseLine(line);
      if (!change) damaged++;
      else changes.set(change.path, change.encoded === null ? null : line);
    });
    if (damaged > 0) this.warnings.push(warning(`${damaged} damaged line(s) of the index cache's journal were skipped`, { location: this.location }));
    const header = JSON.stringify({ format: FORMAT, version: MANIFEST_VERSION });
    const temporary = `${this.#manifest}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const output = new LineWriter(temporary);
    try {
      output.write(header);
      let count = 0;
      try {
        readManifestLines(this.#manifest, (path, _encoded, line) => {
          if (changes.has(path)) return;
          output.write(line);
          count++;
        });
      } catch (error) {
        // A damaged snapshot: its entries are dropped (their files are read again), the journal's kept.
        this.warnings.push(
          warning(`The index cache's manifest was unreadable (${(error as Error).message}); it is rebuilt`, { location: this.location }),
        );
        output.restart(header);
        count = 0;
      }
      for (const line of changes.values()) {
        if (line === null) continue;
        output.write(line);
        count++;
      }
      output.write(JSON.stringify({ end: count }));
      output.close();
      renameSync(temporary, this.#manifest);
    } catch (error) {
      output.close();
      try {
        unlinkSync(temporary);
      } catch {
        // nothing written
      }
      throw error;
    }
  }

  /** Applies a journal's lines in order; a damaged line (a write cut short) is skipped. */
  #replay(journal: string, files: Map<string, FileEntry>, intern: Intern): void {
    let damaged = 0;
    forEachLine(journal, (line) => {
      const change = parseLine(line);
      const entry = change?.encoded ? decodeEntry(change.encoded, intern) : undefined;
      if (!change || (change.encoded !== null && !entry)) damaged++;
      else if (entry) files.set(change.path, entry);
      else files.delete(change.path);
    });
    if (damaged > 0) this.warnings.push(warning(`${damaged} damaged line(s) of the index cache's journal were skipped`, { location: this.location }));
  }

  readFacts(blob: string): FileFacts | undefined {
    const kept = this.#overlay.readFacts(blob);
    if (kept) return kept;
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.#blobPath(blob));
    } catch {
      return undefined;
    }
    try {
      // ASCII (see writeFacts): decoded as single bytes, the fastest way to a string V8 parses.
      const parsed = JSON.parse(gunzipSync(bytes).toString('latin1')) as { blob?: string; facts?: FileFacts };
      if (parsed?.blob !== blob || !isFacts(parsed.facts)) throw new Error('foreign or damaged blob');
      return parsed.facts;
    } catch {
      // Truncated, corrupted or foreign: discard it; the file is analyzed again.
      try {
        if (this.writable) unlinkSync(this.#blobPath(blob));
      } catch {
        // already gone
      }
      return undefined;
    }
  }

  hasFacts(blob: string): boolean {
    return this.#overlay.hasFacts(blob) || existsSync(this.#blobPath(blob));
  }

  writeFacts(blob: string, facts: FileFacts): void {
    if (!this.writable) return this.#overlay.writeFacts(blob, facts);
    const path = this.#blobPath(blob);
    try {
      if (existsSync(path)) return; // content-addressed: the same bytes are there
      mkdirSync(join(this.#objects, blob.slice(0, 2)), { recursive: true });
      atomicWrite(path, gzipSync(Buffer.from(asciiJson({ blob, facts }), 'latin1'), { level: 1 }));
    } catch (error) {
      this.#overlay.writeFacts(blob, facts);
      this.warnings.push(warning(`Facts could not be written to the index cache: ${(error as Error).message}`, { location: this.location }));
    }
  }

  collect(live: ReadonlySet<string>): void {
    this.#overlay.collect(live);
    if (!this.writable) return;
    let folders: string[];
    try {
      folders = readdirSync(this.#objects);
    } catch {
      return;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = readdirSync(join(this.#objects, folder));
      } catch {
        continue;
      }
      for (const name of names) {
        // (A blob of an older format, named otherwise, is collected too.)
        const blob = name.endsWith(BLOB_SUFFIX) ? name.slice(0, -BLOB_SUFFIX.length) : name;
        // Temporary files of a crashed writer, and blobs nothing references.
        if (name.endsWith('.tmp') || !live.has(blob)) {
          try {
            unlinkSync(join(this.#objects, folder, name));
          } catch {
            // another process collected it
          }
        }
      }
    }
  }

  #blobPath(blob: string): string {
    return join(this.#objects, blob.slice(0, 2), `${blob}${BLOB_SUFFIX}`);
  }

  /** Takes the manifest lock (a file created exclusively; stale after 10 s). Returns the release, or undefined. */
  #lock(): (() => void) | undefined {
    const path = join(this.location, 'manifest.lock');
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, `${process.pid}\n`);
        closeSync(fd);
        return () => rmSync(path, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
        try {
          if (Date.now() - statSync(path).mtimeMs > LOCK_STALE_MS) rmSync(path, { force: true });
        } catch {
          // released meanwhile
        }
        // A short synchronous pause: the lock is held for one write of the manifest.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      }
    }
    return undefined;
  }
}

function isFacts(value: unknown): value is FileFacts {
  const facts = value as FileFacts;
  return (
    typeof facts === 'object' &&
    facts !== null &&
    typeof facts.language === 'string' &&
    Array.isArray(facts.definitions) &&
    Array.isArray(facts.references) &&
    Array.isArray(facts.lineLengths) &&
    typeof facts.previews === 'object'
  );
}

/**
 * Opens the store for a root: `persist: false` keeps facts in memory; otherwise the folder (`cacheDir`, or one per
 * root under the user's cache folder) is created if needed and marked as a cache (`CACHEDIR.TAG`, and a `.gitignore`
 * of `*` so that a folder inside a working tree never dirties it). A folder that exists but cannot be written is
 * read; one that cannot be used at all falls back to memory, with a warning.
 */
export function openStore(options: { directory: string; persist: boolean }): FactStore {
  if (!options.persist) return new MemoryStore();
  const location = options.directory;
  try {
    mkdirSync(join(location, 'objects'), { recursive: true });
    const tag = join(location, 'CACHEDIR.TAG');
    if (!existsSync(tag)) {
      writeFileSync(tag, 'Signature: 8a477f597d28d172789f06886806bc55\n# This file marks a cache folder of code-index (https://bford.info/cachedir/).\n');
    }
    const ignore = join(location, '.gitignore');
    if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
    // Can we write? (The folder may exist read-only: an index shipped from CI.)
    const probe = join(location, `.probe.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
    return new DiskStore(location, true);
  } catch (error) {
    if (existsSync(join(location, 'manifest.json')) || existsSync(join(location, 'journal.jsonl'))) {
      const store = new DiskStore(location, false);
      store.warnings.push(
        warning(`The index cache at ${location} is read-only (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); new facts are kept in memory`, {
          location,
        }),
      );
      return store;
    }
    return new MemoryStore([
      warning(`The index cache at ${location} cannot be used (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); facts are kept in memory`, {
        location,
      }),
    ]);
  }
}
