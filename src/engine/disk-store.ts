/**
 * Facts between processes: a folder holding a manifest (every file's stat, content hash, fact key and summary: what a
 * new process needs to answer without parsing), a journal of the changes since, and content-addressed fact blobs
 * (gzipped JSON, one per distinct content and fact key, loaded on demand), in the formats of store-format.ts.
 *
 * - Writes are atomic (a temporary file renamed into place); the manifest is rewritten under a lock, merging what
 *   another process wrote meanwhile, so two servers on one tree never corrupt it.
 * - A truncated, corrupted or foreign file is detected (gzip's CRC, JSON, a format marker), discarded with a warning
 *   and rebuilt; it is never trusted for paths: every path it names goes through the root check like any other.
 * - A folder that cannot be written is used read-only, new facts kept in memory (an index built in CI and shipped
 *   read-only); one that cannot be read or created at all falls back to memory, with a warning.
 * - Blobs no manifest entry references are collected.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FileFacts, FileSummary } from '../model/facts.js';
import { NameSegment, NameSegmentWriter } from './name-segment.js';
import type { Diagnostic } from '../types.js';
import { type FactStore, type FileEntry, type Intern, interner, MemoryStore, type ScanRecord } from './store.js';
import {
  asciiJson,
  BLOB_SUFFIX,
  encodeEntry,
  FORMAT,
  forEachLine,
  decodeEntry,
  isFacts,
  LineWriter,
  MANIFEST_VERSION,
  parseLine,
  readManifestLines,
  withoutSummary,
} from './store-format.js';

/** The file names of runs: `run-<pid>-<random>.seg`. */
const RUN_PREFIX = 'run-';

/** Whether a process is running (a signal 0 reaches it, or it exists but is not ours to signal). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A blob's summary in a segment, if the segment has it. */
function previousSummary(segment: NameSegment | undefined, blob: string): FileSummary | undefined {
  const index = segment?.blobIndex(blob);
  return index === undefined ? undefined : segment?.summaryOf(index);
}

const LOCK_STALE_MS = 10_000;
/** The journal is folded into the manifest once it is this large (or a quarter of the manifest, if larger). */
const COMPACT_AT_BYTES = 1024 * 1024;

function warning(message: string, details: Record<string, unknown>): Diagnostic {
  return { code: 'INDEX_CACHE', message, details };
}

/** Writes a file whole or not at all: a temporary file renamed into place (readers never see it half written). */
export function atomicWrite(path: string, bytes: Uint8Array | string): void {
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
  /** The name segment of the manifest last read or written (the caller closes a segment it stops using). */
  #segment: NameSegment | undefined;

  /** Opens (creating it when needed) a store folder; see {@link openStore} for the fallbacks. */
  constructor(location: string, writable: boolean) {
    this.location = location;
    this.writable = writable;
    if (writable) this.sharedLocation = location;
    this.#objects = join(location, 'objects');
    this.#manifest = join(location, 'manifest.json');
    this.#journal = join(location, 'journal.jsonl');
  }

  nameSegment(): NameSegment | undefined {
    return this.#segment;
  }

  loadScanRecord(): ScanRecord | undefined {
    try {
      const record = JSON.parse(readFileSync(join(this.location, 'scan.json'), 'utf8')) as ScanRecord;
      const isPairs = (list: unknown, size: number) =>
        Array.isArray(list) && list.every((item) => Array.isArray(item) && item.length === size && typeof item[0] === 'string' && typeof item[1] === 'number');
      if (typeof record.config !== 'string' || typeof record.entries !== 'string' || !isPairs(record.folders, 2) || !isPairs(record.ignoreFiles, 3)) return undefined;
      return record;
    } catch {
      return undefined;
    }
  }

  saveScanRecord(record: ScanRecord): void {
    if (!this.writable) return;
    try {
      atomicWrite(join(this.location, 'scan.json'), JSON.stringify(record));
    } catch (error) {
      this.warnings.push(warning(`The index cache's scan record could not be saved: ${(error as Error).message}`, { location: this.location }));
    }
  }

  loadManifest(intern: Intern = interner()): Map<string, FileEntry> {
    const files = this.#readSnapshot(intern);
    // A journal a crashed compaction left behind, then the journal itself.
    for (const journal of [`${this.#journal}.compacting`, this.#journal]) this.#replay(journal, files, intern);
    // An entry whose summary is in neither its line nor the segment (the segment was lost) is dropped: its file is
    // analyzed again, from its stored facts when they are there.
    for (const [path, entry] of files) if (entry.blob && !entry.summary && this.#segment?.blobIndex(entry.blob) === undefined) files.delete(path);
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

  writeNameRun(summaries: ReadonlyMap<string, FileSummary>): NameSegment | undefined {
    if (!this.writable) return undefined;
    const path = join(this.location, `${RUN_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}.seg`);
    try {
      const writer = new NameSegmentWriter();
      for (const [blob, summary] of summaries) writer.add(blob, summary);
      writer.write(path);
      return NameSegment.open(path);
    } catch (error) {
      rmSync(path, { force: true });
      this.warnings.push(warning(`A name run could not be written to the index cache: ${(error as Error).message}`, { location: this.location }));
      return undefined;
    }
  }

  removeNameRun(run: NameSegment): void {
    run.close();
    if (dirname(run.path) === this.location && basename(run.path).startsWith(RUN_PREFIX)) rmSync(run.path, { force: true });
  }

  /** Removes the runs of processes that ended without removing theirs (killed). */
  #collectRuns(): void {
    let names: string[];
    try {
      names = readdirSync(this.location);
    } catch {
      return;
    }
    for (const name of names) {
      const pid = Number(/^run-(\d+)-[0-9a-f]+\.seg$/.exec(name)?.[1]);
      if (!pid || pid === process.pid || isAlive(pid)) continue;
      rmSync(join(this.location, name), { force: true });
    }
  }

  compact(force = false, runs: readonly NameSegment[] = []): void {
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
      this.#fold(folding, runs);
      rmSync(folding, { force: true });
      this.#collectRuns();
    } catch (error) {
      this.warnings.push(warning(`The index cache could not be compacted: ${(error as Error).message}`, { location: this.location }));
    } finally {
      release();
    }
  }

  #readSnapshot(intern: Intern): Map<string, FileEntry> {
    const files = new Map<string, FileEntry>();
    let segmentName: string | undefined;
    try {
      readManifestLines(
        this.#manifest,
        (path, encoded) => {
          const entry = decodeEntry(encoded, intern);
          if (!entry) throw new Error(`the entry of ${path} is damaged`);
          files.set(path, entry);
        },
        (header) => (segmentName = header.segment),
      );
    } catch (error) {
      this.warnings.push(
        warning(`The index cache's manifest was unreadable (${(error as Error).message}); it is rebuilt`, { location: this.location }),
      );
      files.clear();
    }
    this.#segment?.close();
    this.#segment = this.#openSegment(segmentName);
    return files;
  }

  /** Opens the segment a manifest names; a missing or damaged one is a warning (its files are analyzed again). */
  #openSegment(name: string | undefined): NameSegment | undefined {
    if (name === undefined) return undefined;
    try {
      if (!/^names-[0-9a-f]+\.seg$/.test(name)) throw new Error('its name is not a segment name');
      const segment = NameSegment.open(join(this.location, name));
      if (!segment) throw new Error('it is missing');
      return segment;
    } catch (error) {
      this.warnings.push(warning(`The index cache's name segment ${name} was unreadable (${(error as Error).message}); it is rebuilt`, { location: this.location }));
      return undefined;
    }
  }

  /**
   * Writes a new manifest and name segment: the snapshot's entries with the journal's changes applied, streamed
   * line by line, and the summaries of every blob they name (from the journal's lines, else from the segment the
   * snapshot names) into a new segment, written before the manifest that names it. Entries are carried as text
   * without their summaries; a summary is held only while the segment's writer takes it in.
   */
  #fold(journal: string, runs: readonly NameSegment[]): void {
    const changes = new Map<string, string | null>();
    let damaged = 0;
    forEachLine(journal, (line) => {
      const change = parseLine(line);
      if (!change) damaged++;
      else changes.set(change.path, change.encoded === null ? null : line);
    });
    if (damaged > 0) this.warnings.push(warning(`${damaged} damaged line(s) of the index cache's journal were skipped`, { location: this.location }));
    const segmentName = `names-${randomBytes(8).toString('hex')}.seg`;
    const header = JSON.stringify({ format: FORMAT, version: MANIFEST_VERSION, segment: segmentName });
    const temporary = `${this.#manifest}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const output = new LineWriter(temporary);
    let writer = new NameSegmentWriter();
    let previous: { name: string; segment: NameSegment | undefined } | undefined;
    // No shared copies: a summary lives only until the writer has taken it in (its names it keeps once itself).
    const intern = (text: string) => text;
    /** Takes a blob's summary into the new segment: the one given, else the previous segment's; false when neither has it. */
    const summarize = (blob: string, summary: FileSummary | undefined): boolean => {
      if (writer.has(blob)) return true;
      let known = summary ?? previousSummary(previous?.segment, blob);
      for (const run of runs) known ??= previousSummary(run, blob);
      if (!known) return false;
      writer.add(blob, known);
      return true;
    };
    try {
      output.write(header);
      let count = 0;
      try {
        readManifestLines(
          this.#manifest,
          (path, encoded) => {
            if (changes.has(path)) return;
            if (typeof encoded.b === 'string' && !summarize(encoded.b, decodeEntry(encoded, intern)?.summary)) return;
            output.write(JSON.stringify([path, encoded]));
            count++;
          },
          (read) => {
            if (read.segment === undefined) return;
            let segment: NameSegment | undefined;
            try {
              segment = /^names-[0-9a-f]+\.seg$/.test(read.segment) ? NameSegment.open(join(this.location, read.segment)) : undefined;
            } catch {
              // damaged: the entries it summarized are analyzed again
            }
            previous = { name: read.segment, segment };
          },
        );
      } catch (error) {
        // A damaged snapshot: its entries are dropped (their files are read again), the journal's kept.
        this.warnings.push(
          warning(`The index cache's manifest was unreadable (${(error as Error).message}); it is rebuilt`, { location: this.location }),
        );
        output.restart(header);
        writer = new NameSegmentWriter();
        count = 0;
      }
      for (const [path, line] of changes) {
        // Each journal line is let go once written: the lines and the segment's writer are not held at once.
        changes.delete(path);
        if (line === null) continue;
        const change = parseLine(line);
        if (!change?.encoded) continue;
        if (typeof change.encoded.b === 'string' && !summarize(change.encoded.b, decodeEntry(change.encoded, intern)?.summary)) continue;
        output.write(JSON.stringify([change.path, withoutSummary(change.encoded)]));
        count++;
      }
      writer.write(join(this.location, segmentName));
      output.write(JSON.stringify({ end: count }));
      output.close();
      renameSync(temporary, this.#manifest);
    } catch (error) {
      output.close();
      for (const path of [temporary, join(this.location, segmentName)]) {
        try {
          unlinkSync(path);
        } catch {
          // nothing written
        }
      }
      previous?.segment?.close();
      throw error;
    }
    previous?.segment?.close();
    // The manifest names the new segment: this process reads it from now on; the old one is removed (a process
    // reading it keeps its open file).
    this.#segment = NameSegment.open(join(this.location, segmentName));
    if (previous && previous.name !== segmentName) rmSync(join(this.location, previous.name), { force: true });
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
      const marker = '# This file marks a cache folder of code-index (https://bford.info/cachedir/).';
      writeFileSync(tag, `Signature: 8a477f597d28d172789f06886806bc55\n${marker}\n`);
    }
    const ignore = join(location, '.gitignore');
    if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
    // Can we write? (The folder may exist read-only: an index shipped from CI.)
    const probe = join(location, `.probe.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
    return new DiskStore(location, true);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    if (existsSync(join(location, 'manifest.json')) || existsSync(join(location, 'journal.jsonl'))) {
      const store = new DiskStore(location, false);
      store.warnings.push(
        warning(`The index cache at ${location} is read-only (${reason}); new facts are kept in memory`, { location }),
      );
      return store;
    }
    return new MemoryStore([
      warning(`The index cache at ${location} cannot be used (${reason}); facts are kept in memory`, { location }),
    ]);
  }
}

