/**
 * The name segment: the tree's file summaries in one immutable file that is queried where it lies, never loaded
 * whole (as readtags reads a sorted tags file, as Zoekt reads a shard). A new process answers a search, a definition
 * lookup or a "who references this name" from a few reads at offsets, so its start-up does not grow with the tree.
 *
 * One file, written once (to a temporary name, then renamed) and never changed; the manifest names the segment it
 * goes with. Sections of 32-bit little-endian integers and one string pool:
 *
 * - strings: every distinct string once; the definition names first, sorted by their lower case and then by code
 *   unit (so a name, a case-insensitive name and a prefix are binary searches over string ids `0..names-1`), then
 *   the blob ids in code-unit order (blob `b` is string `names + b`), then the rest (kinds, scopes, previews,
 *   signatures, names only referenced).
 * - per definition name: where its definition records start, and a mask of the characters of its lower case (a
 *   substring, camelCase-initials or fuzzy query scans the masks, a few milliseconds for 600k names, and reads only
 *   the names that hold every character of the query).
 * - definition records (ten integers: blob, index in the blob's summary, line, column, end line, kind, scope, preview,
 *   signature, flags), grouped by name; per blob, its records in summary order and the names it references.
 * - referenced names in code-unit order, each with the blobs that reference it (a posting list).
 *
 * Files are not in the segment: a blob's summary is shared by every file with that content, and which files hold
 * which blob is the manifest's business (the caller maps blobs to files, and drops what changed since).
 *
 * Damage: the header, the section table and the file's size are checked at open; every read is bounds-checked, so a
 * damaged segment gives wrong names at worst, never a crash, and every file it names still passes the root check.
 *
 * @module
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { endianness } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FileSummary, SummaryDefinition } from '../model/facts.js';
import { BlockReader, namesInOrder, StoredDefinition } from './segment-reads.js';

/** The segment's magic bytes. */
const MAGIC = 'CIXNAMES';
/** Its format version: a segment of another version is not read. */
export const SEGMENT_VERSION = 1;
const NONE = 0xffffffff;
const RECORD = 10;
const BLOB = 5;

/** The sections, in file order. */
const enum Section {
  Counts,
  StringOffsets,
  StringBytes,
  NameRecords,
  Masks,
  Records,
  Blobs,
  BlobRecords,
  RefNames,
  RefPostingStarts,
  Postings,
  BlobRefs,
}
const SECTIONS = 12;
const HEADER = 16 + SECTIONS * 8;

/**
 * A mask of the characters of a lower-case text: a bit per letter, one for any digit, one for `_`, one for anything
 * else. A name can contain a query as a substring, a subsequence or initials only if its mask holds the query's.
 */
export function characterMask(lower: string): number {
  let mask = 0;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << 26;
    else if (code === 95) mask |= 1 << 27;
    else mask |= 1 << 28;
  }
  return mask >>> 0;
}

/** Lower case first, then code unit: the order of the segment's definition names. */
function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** A growable list of 32-bit integers. */
class Integers {
  #data = new Uint32Array(1024);
  length = 0;
  push(...values: number[]): void {
    if (this.length + values.length > this.#data.length) {
      const grown = new Uint32Array(Math.max(this.#data.length * 2, this.length + values.length));
      grown.set(this.#data.subarray(0, this.length));
      this.#data = grown;
    }
    for (const value of values) this.#data[this.length++] = value;
  }
  get view(): Uint32Array {
    return this.#data.subarray(0, this.length);
  }
}

/** A growable buffer of bytes. */
class Bytes {
  #data = Buffer.alloc(1 << 16);
  length = 0;
  push(text: string): void {
    const needed = Buffer.byteLength(text, 'utf8');
    if (this.length + needed > this.#data.length) {
      const grown = Buffer.alloc(Math.max(this.#data.length * 2, this.length + needed));
      this.#data.copy(grown, 0, 0, this.length);
      this.#data = grown;
    }
    this.length += this.#data.write(text, this.length, 'utf8');
  }
  get view(): Buffer {
    return this.#data.subarray(0, this.length);
  }
}

/** The high bit of a string id while a segment is built: a string kept as bytes only (see {@link SHARED_STRING}). */
const UNSHARED = 0x80000000;

/** Fields of a record while a segment is built: the name's string id first. */
const BUILD_RECORD = 11;
/** Strings longer than this (previews, signatures) are not looked up for sharing: they seldom repeat. */
const SHARED_STRING = 48;

/**
 * Builds a segment blob by blob, keeping what it is given as integers and one copy of each name (a tree's
 * summaries are never all held as objects), then writes it in one pass.
 */
export class NameSegmentWriter {
  readonly #blobIds: string[] = [];
  readonly #blobSet = new Set<string>();
  readonly #strings: string[] = [];
  readonly #ids = new Map<string, number>();
  /** Strings not shared (previews, signatures): their bytes, and where each ends. */
  readonly #unshared = new Bytes();
  readonly #unsharedEnds = new Integers();
  readonly #records = new Integers();
  /** Per blob: reference count, first record, record count, first reference, reference count (distinct names). */
  readonly #blobs = new Integers();
  readonly #refs = new Integers();
  #definitionTotal = 0;
  #referenceTotal = 0;

  /** Whether a blob was added. */
  has(blob: string): boolean {
    return this.#blobSet.has(blob);
  }

  /** Adds a blob's summary (a blob added already is skipped). */
  add(blob: string, summary: FileSummary): void {
    if (this.#blobSet.has(blob)) return;
    this.#blobSet.add(blob);
    const b = this.#blobIds.length;
    this.#blobIds.push(blob);
    const recordStart = this.#records.length / BUILD_RECORD;
    summary.definitions.forEach((d, index) => {
      this.#records.push(
        this.#id(d.name, true),
        b,
        index,
        d.line,
        d.column,
        d.endLine,
        this.#id(d.kind, true),
        this.#id(d.scope, true),
        this.#id(d.preview, false),
        this.#id(d.signature, false),
        d.isExported ? 1 : 0,
      );
    });
    const refStart = this.#refs.length;
    let distinct = 0;
    let previous: string | undefined;
    for (const name of summary.references) {
      if (name === previous) continue;
      previous = name;
      this.#refs.push(this.#id(name, true));
      distinct++;
    }
    this.#blobs.push(summary.referenceCount, recordStart, summary.definitions.length, refStart, distinct);
    this.#definitionTotal += summary.definitions.length;
    this.#referenceTotal += summary.referenceCount;
  }

  #id(text: string | undefined, share: boolean): number {
    if (text === undefined) return NONE;
    if (!share && text.length > SHARED_STRING) {
      // Kept as bytes, not as a string of the heap: a tree's previews and signatures are most of its text.
      this.#unshared.push(text);
      this.#unsharedEnds.push(this.#unshared.length);
      return (UNSHARED | (this.#unsharedEnds.length - 1)) >>> 0;
    }
    const known = this.#ids.get(text);
    if (known !== undefined) return known;
    this.#ids.set(text, this.#strings.length);
    this.#strings.push(text);
    return this.#strings.length - 1;
  }

  /** Writes the segment to `path` (a temporary file renamed into place). */
  write(path: string): void {
    const records = this.#records.view;
    const recordCount = records.length / BUILD_RECORD;
    const strings = this.#strings;
    // Final string ids: the definition names sorted, the blob ids sorted, then every other string.
    const isName = new Uint8Array(strings.length);
    for (let r = 0; r < recordCount; r++) isName[records[r * BUILD_RECORD] as number] = 1;
    const names: number[] = [];
    for (let id = 0; id < strings.length; id++) if (isName[id]) names.push(id);
    names.sort((a, b) => compareNames(strings[a] as string, strings[b] as string));
    const blobOrder = this.#blobIds.map((_, b) => b).sort((a, b) => ((this.#blobIds[a] as string) < (this.#blobIds[b] as string) ? -1 : 1));
    const blobRank = new Uint32Array(blobOrder.length);
    blobOrder.forEach((b, rank) => (blobRank[b] = rank));
    const remap = new Uint32Array(strings.length).fill(NONE);
    names.forEach((id, i) => (remap[id] = i));
    const pool: string[] = names.map((id) => strings[id] as string);
    for (const b of blobOrder) pool.push(this.#blobIds[b] as string);
    for (let id = 0; id < strings.length; id++) {
      if (remap[id] !== NONE) continue;
      remap[id] = pool.length;
      pool.push(strings[id] as string);
    }
    const sharedCount = pool.length;
    const mapped = (id: number) => (id === NONE ? NONE : id >= UNSHARED ? sharedCount + (id - UNSHARED) : (remap[id] as number));
    // Records grouped by name, then blob order, then summary order.
    const order = new Uint32Array(recordCount);
    for (let r = 0; r < recordCount; r++) order[r] = r;
    const key = (r: number, field: number) => records[r * BUILD_RECORD + field] as number;
    order.sort((a, b) => mapped(key(a, 0)) - mapped(key(b, 0)) || (blobRank[key(a, 1)] as number) - (blobRank[key(b, 1)] as number) || key(a, 2) - key(b, 2));
    const position = new Uint32Array(recordCount);
    const out = new Uint32Array(recordCount * RECORD);
    const nameStarts = new Uint32Array(names.length + 1);
    order.forEach((r, at) => {
      position[r] = at;
      const nameId = mapped(key(r, 0));
      nameStarts[nameId + 1] = at + 1;
      out.set(
        [blobRank[key(r, 1)] as number, key(r, 2), key(r, 3), key(r, 4), key(r, 5), mapped(key(r, 6)), mapped(key(r, 7)), mapped(key(r, 8)), mapped(key(r, 9)), key(r, 10)],
        at * RECORD,
      );
    });
    // A name's records end where the next begins (every name has at least one record).
    // Referenced names in code-unit order, and their posting lists in blob order (a counting sort).
    const refs = this.#refs.view;
    const isRef = new Uint8Array(pool.length);
    for (const id of refs) isRef[mapped(id)] = 1;
    const refNames: number[] = [];
    for (let id = 0; id < pool.length; id++) if (isRef[id]) refNames.push(id);
    refNames.sort((a, b) => ((pool[a] as string) < (pool[b] as string) ? -1 : (pool[a] as string) > (pool[b] as string) ? 1 : 0));
    const refIndex = new Uint32Array(pool.length).fill(NONE);
    refNames.forEach((id, i) => (refIndex[id] = i));
    const postingStarts = new Uint32Array(refNames.length + 1);
    for (const id of refs) (postingStarts[(refIndex[mapped(id)] as number) + 1] as number)++;
    for (let i = 0; i < refNames.length; i++) postingStarts[i + 1] = (postingStarts[i + 1] as number) + (postingStarts[i] as number);
    const postings = new Uint32Array(refs.length);
    const fill = postingStarts.slice(0, refNames.length);
    const blobTable = new Uint32Array(blobOrder.length * BLOB);
    const blobRecords = new Uint32Array(recordCount);
    const blobRefs = new Uint32Array(refs.length);
    const built = this.#blobs.view;
    let recordAt = 0;
    let refAt = 0;
    blobOrder.forEach((b, rank) => {
      const [referenceCount = 0, recordStart = 0, count = 0, refStart = 0, refCount = 0] = built.subarray(b * 5, b * 5 + 5);
      blobTable.set([referenceCount, recordAt, count, refAt, refCount], rank * BLOB);
      for (let i = 0; i < count; i++) blobRecords[recordAt++] = position[recordStart + i] as number;
      const indices = [...refs.subarray(refStart, refStart + refCount)].map((id) => refIndex[mapped(id)] as number).sort((x, y) => x - y);
      for (const index of indices) {
        blobRefs[refAt++] = index;
        postings[fill[index] as number] = rank;
        fill[index] = (fill[index] as number) + 1;
      }
    });
    const masks = new Uint32Array(names.length);
    for (let i = 0; i < names.length; i++) masks[i] = characterMask((pool[i] as string).toLowerCase());
    const encoded: Uint8Array[] = pool.map((text) => Buffer.from(text, 'utf8'));
    const unsharedEnds = this.#unsharedEnds.view;
    const stringCount = pool.length + unsharedEnds.length;
    const stringOffsets = new Uint32Array(stringCount + 1);
    let byteCount = 0;
    encoded.forEach((bytes, i) => {
      byteCount += bytes.length;
      stringOffsets[i + 1] = byteCount;
    });
    const sharedBytes = byteCount;
    unsharedEnds.forEach((end, i) => (stringOffsets[pool.length + i + 1] = sharedBytes + end));
    encoded.push(this.#unshared.view);
    byteCount += this.#unshared.length;
    const counts = new Uint32Array([names.length, stringCount, recordCount, blobOrder.length, refNames.length, this.#definitionTotal, this.#referenceTotal, 0]);
    writeSections(path, [
      counts,
      stringOffsets,
      Buffer.concat(encoded, byteCount),
      nameStarts,
      masks,
      out,
      blobTable,
      blobRecords,
      new Uint32Array(refNames.map((id) => id)),
      postingStarts,
      postings,
      blobRefs,
    ]);
  }
}

/** Writes the header and the sections (each at a multiple of 4) to a temporary file, renamed into place. */
function writeSections(path: string, parts: ArrayBufferView[]): void {
  const sections = parts.map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  const header = Buffer.alloc(HEADER);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(SEGMENT_VERSION, 8);
  header.writeUInt32LE(SECTIONS, 12);
  let offset = HEADER;
  sections.forEach((section, i) => {
    offset = Math.ceil(offset / 4) * 4;
    if (offset + section.byteLength > 0xffffffff) throw new Error('a name segment over the format\'s 4 GB');
    header.writeUInt32LE(offset, 16 + i * 8);
    header.writeUInt32LE(section.byteLength, 20 + i * 8);
    offset += section.byteLength;
  });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, header);
    let at = HEADER;
    sections.forEach((section, i) => {
      const start = header.readUInt32LE(16 + i * 8);
      if (start > at) writeSync(fd, Buffer.alloc(start - at));
      let written = 0;
      while (written < section.byteLength) written += writeSync(fd, section, written, section.byteLength - written);
      at = start + section.byteLength;
    });
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // closed already
    }
    try {
      unlinkSync(temporary);
    } catch {
      // not written
    }
    throw error;
  }
}

/** A definition record of the segment, with the blob it belongs to. */
export interface SegmentDefinition {
  /** The blob's index in the segment. */
  blob: number;
  /** The definition's index in the blob's summary. */
  index: number;
  definition: SummaryDefinition;
}

/** A segment opened for reading: its sections are read at offsets when a query needs them. */
export class NameSegment {
  readonly path: string;
  /** Distinct definition names. */
  readonly nameCount: number;
  /** Blobs (distinct file contents) summarized. */
  readonly blobCount: number;
  /** Definitions of all blobs (each blob counted once). */
  readonly definitionTotal: number;
  #fd: number | undefined;
  readonly #sections: Array<{ offset: number; length: number }>;
  readonly #stringCount: number;
  readonly #recordCount: number;
  readonly #refNameCount: number;
  readonly #loaded = new Map<Section, Uint32Array>();
  readonly #blobIndex = new Map<string, number>();
  readonly #blobTable: Uint32Array;
  /** The definition names' bytes and offsets (loaded for scans). */
  #nameBytes: Buffer | undefined;
  readonly #strings = new Map<number, string>();
  /** The file's bytes, read through a cache of its blocks. */
  readonly #file: BlockReader;

  private constructor(path: string, fd: number, sections: Array<{ offset: number; length: number }>, counts: Uint32Array) {
    this.path = path;
    this.#fd = fd;
    this.#file = new BlockReader(fd);
    this.#sections = sections;
    this.nameCount = counts[0] as number;
    this.#stringCount = counts[1] as number;
    this.#recordCount = counts[2] as number;
    this.blobCount = counts[3] as number;
    this.#refNameCount = counts[4] as number;
    this.definitionTotal = counts[5] as number;
    this.#blobTable = this.#section(Section.Blobs);
    // The blob ids (hex) are one run of the pool: one read for all, not one per id (12,000 of them at every start).
    const offsets = this.#read(Section.StringOffsets, this.nameCount, this.blobCount + 1);
    const { offset, length } = sections[Section.StringBytes] as { offset: number; length: number };
    const at = (b: number) => Math.min(Math.max(offsets[b] ?? 0, offsets[0] ?? 0), length);
    const ids = this.#file.bytes(offset + at(0), Math.max(0, at(this.blobCount) - at(0))).toString('latin1');
    for (let b = 0; b < this.blobCount; b++) this.#blobIndex.set(ids.slice(at(b) - at(0), at(b + 1) - at(0)), b);
  }

  /**
   * Opens a segment; undefined when it is missing. Throws when it is not a segment of this version, or its size
   * and sections disagree (cut short, damaged, foreign).
   */
  static open(path: string): NameSegment | undefined {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return undefined;
    }
    try {
      if (endianness() !== 'LE') throw new Error('name segments are read on little-endian machines only');
      const size = fstatSync(fd).size;
      const header = Buffer.alloc(HEADER);
      if (readSync(fd, header, 0, HEADER, 0) !== HEADER) throw new Error('it is cut short');
      if (header.toString('latin1', 0, 8) !== MAGIC || header.readUInt32LE(8) !== SEGMENT_VERSION || header.readUInt32LE(12) !== SECTIONS) {
        throw new Error('not a name segment of this version');
      }
      const sections: Array<{ offset: number; length: number }> = [];
      for (let i = 0; i < SECTIONS; i++) {
        const offset = header.readUInt32LE(16 + i * 8);
        const length = header.readUInt32LE(20 + i * 8);
        if (offset % 4 !== 0 || offset + length > size) throw new Error('its sections run past its end');
        sections.push({ offset, length });
      }
      const countBytes = new Uint8Array(32);
      readSync(fd, countBytes, 0, 32, (sections[Section.Counts] as { offset: number }).offset);
      const counts = new Uint32Array(countBytes.buffer);
      const segment = new NameSegment(path, fd, sections, counts);
      segment.#check();
      return segment;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** Closes the file (reads after this find nothing). */
  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#loaded.clear();
    this.#file.close();
    this.#nameBytes = undefined;
  }

  /** The index of a blob, or undefined when the segment does not summarize it. */
  blobIndex(blob: string): number | undefined {
    return this.#blobIndex.get(blob);
  }

  /** The blobs the segment summarizes. */
  blobs(): IterableIterator<string> {
    return this.#blobIndex.keys();
  }

  /** A blob's definition and reference counts. */
  blobCounts(blob: number): { definitions: number; references: number } {
    return { definitions: this.#blobTable[blob * BLOB + 2] ?? 0, references: this.#blobTable[blob * BLOB] ?? 0 };
  }

  /** The summary of a blob, as it was written. */
  summaryOf(blob: number): FileSummary {
    const [referenceCount = 0, recordStart = 0, recordCount = 0, refStart = 0, refCount = 0] = this.#blobTable.subarray(blob * BLOB, blob * BLOB + BLOB);
    const blobRecords = this.#read(Section.BlobRecords, recordStart, recordCount);
    // (read whole: a summary may outlive the segment, which a fold replaces)
    const definitions = [...blobRecords].map((record) => (this.#definition(record) as StoredDefinition).toJSON());
    const refNames = this.#section(Section.RefNames);
    const references = [...this.#read(Section.BlobRefs, refStart, refCount)].map((i) => this.#string(refNames[i] ?? NONE));
    return { definitions, references, referenceCount };
  }

  /** The id of a definition name (an index in `0..nameCount-1`), or -1. */
  findName(name: string): number {
    let low = 0;
    let high = this.nameCount - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.name(middle);
      const order = compareNames(found, name);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The ids of the definition names whose lower case starts with `lowerPrefix`: `[from, to)`. */
  prefixRange(lowerPrefix: string): [number, number] {
    const bound = (after: boolean) => {
      let low = 0;
      let high = this.nameCount;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const head = this.name(middle).toLowerCase().slice(0, lowerPrefix.length);
        if (head < lowerPrefix || (after && head === lowerPrefix)) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    return [bound(false), bound(true)];
  }

  /** The ids of the definition names whose characters hold all of `mask`'s (see {@link characterMask}), ascending. */
  namesWithMask(mask: number): number[] {
    const masks = this.#section(Section.Masks);
    const ids: number[] = [];
    for (let i = 0; i < masks.length; i++) if (((masks[i] as number) & mask) >>> 0 === mask) ids.push(i);
    return ids;
  }

  /**
   * The ids of the names whose lower case holds `lowerQuery`'s characters in order (as a prefix, a substring, initials
   * and a fuzzy match do), ascending. ASCII is matched on the stored bytes, with no string made; the rest is decoded.
   */
  namesHoldingInOrder(lowerQuery: string): number[] {
    const mask = characterMask(lowerQuery);
    if (this.nameCount === 0 || lowerQuery === '') return this.namesWithMask(mask);
    this.name(0);
    const names = { bytes: this.#nameBytes as Buffer, offsets: this.#section(Section.StringOffsets), masks: this.#section(Section.Masks) };
    return namesInOrder(names, mask, lowerQuery, (id) => this.name(id));
  }



  /** A definition name by id. */
  name(id: number): string {
    if (id < 0 || id >= this.nameCount) return '';
    if (!this.#nameBytes) {
      // The names are the pool's first strings: one read brings them all, for scans and binary searches alike.
      const offsets = this.#section(Section.StringOffsets);
      const end = offsets[this.nameCount] ?? 0;
      const { offset } = this.#sections[Section.StringBytes] as { offset: number };
      const bytes = Buffer.alloc(end);
      if (this.#fd !== undefined) readSync(this.#fd, bytes, 0, end, offset);
      this.#nameBytes = bytes;
    }
    const offsets = this.#section(Section.StringOffsets);
    return this.#nameBytes.toString('utf8', offsets[id] ?? 0, offsets[id + 1] ?? 0);
  }

  /** The definition records of a name id, in blob order. */
  definitionsOf(nameId: number): SegmentDefinition[] {
    const found: SegmentDefinition[] = [];
    this.eachDefinition(nameId, (blob, definition, index) => found.push({ blob, index, definition }));
    return found;
  }

  /** Calls `visit` with each definition of a name id (its blob, and its index in the blob's summary), in blob order. */
  eachDefinition(nameId: number, visit: (blob: number, definition: SummaryDefinition, index: number) => void): void {
    const starts = this.#section(Section.NameRecords);
    const from = starts[nameId] ?? 0;
    const to = starts[nameId + 1] ?? from;
    const name = this.name(nameId);
    // A name's records are contiguous: one read for all of them, not one per record.
    const all = this.#read(Section.Records, from * RECORD, Math.max(0, to - from) * RECORD);
    for (let record = from; record < to; record++) {
      const fields = all.subarray((record - from) * RECORD, (record - from + 1) * RECORD);
      visit(fields[0] ?? NONE, this.#definition(record, fields, nameId, name), fields[1] ?? 0);
    }
  }

  /** The blobs that reference a name (exact), ascending. */
  blobsReferencing(name: string): Uint32Array {
    const index = this.#refIndex(name);
    if (index < 0) return new Uint32Array(0);
    const starts = this.#section(Section.RefPostingStarts);
    const from = starts[index] ?? 0;
    return this.#read(Section.Postings, from, (starts[index + 1] ?? from) - from);
  }

  /** Whether a blob references a name (exact). */
  blobReferences(blob: number, name: string): boolean {
    const index = this.#refIndex(name);
    if (index < 0) return false;
    const refStart = this.#blobTable[blob * BLOB + 3] ?? 0;
    const refCount = this.#blobTable[blob * BLOB + 4] ?? 0;
    const refs = this.#read(Section.BlobRefs, refStart, refCount);
    let low = 0;
    let high = refs.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = refs[middle] as number;
      if (found === index) return true;
      if (found < index) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  #refIndex(name: string): number {
    const refNames = this.#section(Section.RefNames);
    let low = 0;
    let high = this.#refNameCount - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#string(refNames[middle] ?? NONE);
      if (found === name) return middle;
      if (found < name) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  #definition(
    record: number,
    fields = this.#read(Section.Records, record * RECORD, RECORD),
    nameId = this.#nameOfRecord(record),
    name = this.name(nameId),
  ): SummaryDefinition {
    const [, , line = 0, column = 0, endLine = 0, kind = NONE, scope = NONE, preview = NONE, signature = NONE, flags = 0] = fields;
    return new StoredDefinition(this.#text, name, this.#string(kind), line, column, endLine, (flags & 1) === 1, preview, scope, signature);
  }

  /** A string of the pool by id, undefined for none (what a stored definition reads its texts with). */
  readonly #text = (id: number): string | undefined => (id === NONE ? undefined : this.#string(id));

  /** The name id whose records hold a record (binary search over the names' record starts). */
  #nameOfRecord(record: number): number {
    const starts = this.#section(Section.NameRecords);
    let low = 0;
    let high = this.nameCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] as number) <= record) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** A string of the pool (kinds, scopes and the like are kept once read). */
  #string(id: number): string {
    if (id === NONE || id >= this.#stringCount) return '';
    if (id < this.nameCount && this.#nameBytes) return this.name(id);
    const known = this.#strings.get(id);
    if (known !== undefined) return known;
    const offsets = this.#read(Section.StringOffsets, id, 2);
    const start = offsets[0] ?? 0;
    const end = Math.max(start, offsets[1] ?? 0);
    const { offset, length } = this.#sections[Section.StringBytes] as { offset: number; length: number };
    const text = this.#file.bytes(offset + Math.min(start, length), Math.min(end, length) - Math.min(start, length)).toString('utf8');
    // Short strings repeat (kinds, scopes, names): keep them; previews and signatures are read when asked.
    if (text.length <= 64 && this.#strings.size < 100_000) this.#strings.set(id, text);
    return text;
  }

  /** A whole section as integers, read once. */
  #section(section: Section): Uint32Array {
    let loaded = this.#loaded.get(section);
    if (!loaded) {
      const { length } = this.#sections[section] as { length: number };
      loaded = this.#read(section, 0, Math.floor(length / 4));
      this.#loaded.set(section, loaded);
    }
    return loaded;
  }

  /** `count` integers of a section from integer `start` (fewer when the section ends first). */
  #read(section: Section, start: number, count: number): Uint32Array {
    const loaded = this.#loaded.get(section);
    if (loaded) return loaded.subarray(start, start + count);
    const { offset, length } = this.#sections[section] as { offset: number; length: number };
    const bytes = this.#file.bytes(offset + start * 4, Math.max(0, Math.min(count, Math.floor(length / 4) - start)) * 4);
    // (a view of the block when aligned, as sections are: a block dropped from the cache lives on in its views)
    const whole = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    return new Uint32Array(whole.buffer, whole.byteOffset, Math.floor(whole.length / 4));
  }

  /** The sections' sizes agree with the counts. */
  #check(): void {
    const expect: Array<[Section, number]> = [
      [Section.StringOffsets, (this.#stringCount + 1) * 4],
      [Section.NameRecords, (this.nameCount + 1) * 4],
      [Section.Masks, this.nameCount * 4],
      [Section.Records, this.#recordCount * RECORD * 4],
      [Section.Blobs, this.blobCount * BLOB * 4],
      [Section.BlobRecords, this.#recordCount * 4],
      [Section.RefNames, this.#refNameCount * 4],
      [Section.RefPostingStarts, (this.#refNameCount + 1) * 4],
    ];
    for (const [section, bytes] of expect) {
      if ((this.#sections[section] as { length: number }).length !== bytes) throw new Error('its sections and counts disagree');
    }
    if (this.#stringCount < this.nameCount + this.blobCount) throw new Error('its sections and counts disagree');
  }
}
