/**
 * The store's formats on disk. The manifest and the journal are JSON lines (`[path, entry]`; the manifest between a
 * header line and an end line with the count), read and written in pieces of 1 MB: neither is ever one string, and
 * folding the journal into the manifest streams the manifest through without decoding it (holding the tree's entries
 * twice was the largest peak of a cold index: 5,000 files, 200 MB of heap). Entries are written with short keys and
 * definitions as tuples. A facts blob is gzipped JSON naming its own address.
 *
 * JSON rather than `v8.serialize`: the same speed on real facts (251 rxjs files: 10 vs 9 ms to write, 7 vs 8 ms to
 * read), readable by any Node version, and a crafted cache file in an untrusted checkout can do nothing but fail to
 * parse. Blobs are gzipped (level 1): 3.5x smaller for about 8 ms per 250 files.
 *
 * @module
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { FileFacts, SummaryDefinition } from '../model/facts.js';
import { type FileEntry, type Intern, summaryDefinition } from './store.js';

/** The manifest's format marker (its header line names it). */
export const FORMAT = 'code-index-manifest';
/** The manifest's format version: a manifest of another version is rebuilt. */
export const MANIFEST_VERSION = 4;
/**
 * A facts blob's file name after its id: gzipped JSON with every character past ASCII escaped (`\u00e9`), so that
 * reading it decodes bytes one to one (3.6x faster than UTF-8 on real facts, which hold docs and previews in any script).
 */
export const BLOB_SUFFIX = '.a.json.gz';

/** JSON with every character past ASCII written as an escape: the same value, in ASCII bytes. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---- the manifest's encoding: entries as short keys and definitions as tuples (a third of the size of objects) -----

type EncodedDefinition = [string, string, number, number, number, 0 | 1, string | 0, string, string?];
/** An entry as the manifest and the journal write it: short keys, definitions as tuples. */
export interface EncodedEntry {
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

/** An entry in its written form. */
export function encodeEntry(entry: FileEntry): EncodedEntry {
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
export function decodeEntry(encoded: EncodedEntry, intern: Intern): FileEntry | undefined {
  if (typeof encoded !== 'object' || encoded === null) return undefined;
  const { s: size, m: mtimeMs, h: hash, l: language, k: key } = encoded;
  if (typeof size !== 'number' || typeof mtimeMs !== 'number') return undefined;
  if (typeof hash !== 'string' || typeof language !== 'string' || typeof key !== 'string') return undefined;
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A line of the journal or the manifest: a path and its entry (null: the file is gone); undefined when damaged. */
export function parseLine(line: string): { path: string; encoded: EncodedEntry | null } | undefined {
  return entryOfLine(parseJson(line));
}

/** A parsed line of the journal or the manifest (see {@link parseLine}). */
function entryOfLine(parsed: unknown): { path: string; encoded: EncodedEntry | null } | undefined {
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return undefined;
  const encoded = parsed[1] as unknown;
  if (encoded !== null && (typeof encoded !== 'object' || Array.isArray(encoded))) return undefined;
  return { path: parsed[0], encoded: encoded as EncodedEntry | null };
}

/** The manifest's first line. */
export interface ManifestHeader {
  format: string;
  version: number;
  /** The file name of the name segment that summarizes the manifest's blobs (its entries hold no summaries). */
  segment?: string;
}

/** An entry without its summary: what the manifest keeps once the name segment holds the summaries. */
export function withoutSummary(encoded: EncodedEntry): EncodedEntry {
  const rest: EncodedEntry = { ...encoded };
  delete rest.d;
  delete rest.r;
  delete rest.c;
  return rest;
}

/**
 * Reads a manifest: a header line (format and version), one `[path, entry]` line per file, and an end line with the
 * count (a manifest cut at the end of a line is seen to be short). Throws when it is anything else; nothing is
 * visited when there is no manifest yet.
 */
export function readManifestLines(
  path: string,
  visit: (path: string, encoded: EncodedEntry) => void,
  onHeader?: (header: ManifestHeader) => void,
): void {
  let header = false;
  let end: number | undefined;
  let count = 0;
  const visitLine = (parsed: unknown) => {
    if (end !== undefined) throw new Error('it has lines after its end');
    if (!header) {
      const read = parsed as { format?: unknown; version?: unknown } | undefined;
      if (read?.format !== FORMAT || read.version !== MANIFEST_VERSION) throw new Error('not a code-index manifest of this version');
      header = true;
      onHeader?.(read as ManifestHeader);
      return;
    }
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      end = Number((parsed as { end?: unknown }).end);
      return;
    }
    const entry = entryOfLine(parsed);
    if (!entry || entry.encoded === null) throw new Error(`its line ${count + 2} is damaged`);
    visit(entry.path, entry.encoded);
    count++;
  };
  const found = forEachBatch(path, (text) => {
    // The chunk's lines as one JSON array (one parse, not one per line); a chunk that does not parse so (a damaged or
    // empty line) is read line by line, to say which.
    const lines = parseJson(`[${text.replaceAll('\n', ',')}]`);
    if (Array.isArray(lines)) for (const line of lines) visitLine(line);
    else for (const line of text.split('\n')) if (line !== '') visitLine(parseJson(line));
  });
  if (!found) return;
  if (!header) throw new Error('it is empty');
  if (end !== count) throw new Error('it is cut short');
}

/**
 * Calls `visit` with each line of a file (without its line end), read in chunks of 1 MB: a large manifest is never
 * one string. False when the file does not exist or cannot be read.
 */
export function forEachLine(path: string, visit: (line: string) => void): boolean {
  return forEachBatch(path, (text) => {
    for (const line of text.split('\n')) if (line !== '') visit(line);
  });
}

/**
 * Calls `visit` with the whole lines of each 1 MB chunk of a file, decoded as one string (lines joined by `\n`; a line
 * longer than a chunk waits for the chunk that ends it). A manifest of 12,000 lines took 95 ms to decode line by line
 * in a new process, and a few ms this way. False when the file does not exist or cannot be read.
 */
function forEachBatch(path: string, visit: (text: string) => void): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    // The start of a line a later chunk ends (copied: the chunk is reused).
    let pending: Buffer[] = [];
    for (let read = readSync(fd, chunk, 0, chunk.length, null); read > 0; read = readSync(fd, chunk, 0, chunk.length, null)) {
      const bytes = chunk.subarray(0, read);
      // Cut at a newline byte, never inside a character: no byte of a UTF-8 character but a newline is 10.
      const last = bytes.lastIndexOf(10);
      if (last === -1) {
        pending.push(Buffer.from(bytes));
        continue;
      }
      const whole = bytes.subarray(0, last);
      visit(pending.length > 0 ? Buffer.concat([...pending, whole]).toString('utf8') : whole.toString('utf8'));
      pending = last + 1 < read ? [Buffer.from(bytes.subarray(last + 1))] : [];
    }
    const rest = Buffer.concat(pending).toString('utf8');
    if (rest !== '') visit(rest);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Writes lines to a new file (or appends them to a file) in pieces of about 1 MB, each of whole lines. */
export class LineWriter {
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

/** Whether a blob's parsed content has the shape of facts (a damaged or foreign blob does not). */
export function isFacts(value: unknown): value is FileFacts {
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
