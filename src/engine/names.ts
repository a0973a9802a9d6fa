/**
 * The name table: every file's definitions outside function bodies by name, and the names each file references.
 * Built from the file summaries (never from facts), kept whole for the whole tree: a project-wide definition lookup,
 * search or reference query is complete however few facts the memory bound lets stay loaded.
 *
 * It holds little besides the summaries themselves, as it is kept for every file of the tree: where each name is defined
 * (a file and the definition's index in its summary, two slots of a flat list), and no index from a name to the files
 * referencing it: each summary's referenced names are sorted, and a file is asked by binary search. On effect's 361
 * files an object per definition and a set of files per referenced name were a third of the table's memory.
 *
 * @module
 */
import { addTo } from '../model/multimap.js';
import { characterMask, type NameSegment } from './name-segment.js';
import type { FileSummary, SummaryDefinition } from './store.js';

/** A definition with its file. */
export interface LocatedDefinition {
  file: string;
  definition: SummaryDefinition;
  /** A definition inside a function body (the asking file's own locals; the name table holds none). */
  local?: true;
}

/** Whether a sorted list of names holds `name` (binary search). */
function holds(sorted: readonly string[], name: string): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = sorted[middle] as string;
    if (found === name) return true;
    if (found < name) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Names of every summarized file. */
export class NameTable {
  /** Each file's summary, its references sorted by code unit. */
  readonly #files = new Map<string, FileSummary>();
  /** Where each name is defined, in the order added: a file, then the definition's index in its summary, and so on. */
  readonly #definers = new Map<string, Array<string | number>>();
  #sorted: string[] | undefined;
  #definitionCount = 0;
  #referenceCount = 0;

  /** Adds a file's names (its summary's references sorted by code unit: see `FileSummary.references`). */
  add(file: string, summary: FileSummary): void {
    this.#files.set(file, summary);
    summary.definitions.forEach(({ name }, index) => {
      const places = this.#definers.get(name);
      if (places) places.push(file, index);
      else {
        this.#definers.set(name, [file, index]);
        this.#sorted = undefined;
      }
    });
    this.#definitionCount += summary.definitions.length;
    this.#referenceCount += summary.referenceCount;
  }

  /** Removes a file's names (the summary it was added with). */
  remove(file: string, summary: FileSummary): void {
    this.#files.delete(file);
    for (const name of new Set(summary.definitions.map((definition) => definition.name))) {
      const places = this.#definers.get(name) ?? [];
      const kept: Array<string | number> = [];
      for (let i = 0; i < places.length; i += 2) if (places[i] !== file) kept.push(places[i] as string, places[i + 1] as number);
      if (kept.length > 0) this.#definers.set(name, kept);
      else {
        this.#definers.delete(name);
        this.#sorted = undefined;
      }
    }
    this.#definitionCount -= summary.definitions.length;
    this.#referenceCount -= summary.referenceCount;
  }

  /** Every definition with this exact name (files in the order they were added, definitions in file order). */
  definitionsNamed(name: string): LocatedDefinition[] {
    const places = this.#definers.get(name) ?? [];
    const found: LocatedDefinition[] = [];
    for (let i = 0; i < places.length; i += 2) {
      const file = places[i] as string;
      const definition = this.#files.get(file)?.definitions[places[i + 1] as number];
      if (definition) found.push({ file, definition });
    }
    return found;
  }

  /** Whether a file references this exact name. */
  references(file: string, name: string): boolean {
    const summary = this.#files.get(file);
    return summary !== undefined && holds(summary.references, name);
  }

  /** The files that reference this exact name. */
  filesReferencing(name: string): Set<string> {
    const files = new Set<string>();
    for (const [file, summary] of this.#files) if (holds(summary.references, name)) files.add(file);
    return files;
  }

  /** Every distinct definition name, sorted by code unit (kept until the names change). */
  names(): readonly string[] {
    this.#sorted ??= [...this.#definers.keys()].sort();
    return this.#sorted;
  }

  /** Definitions and references counted. */
  get counts(): { definitions: number; references: number } {
    return { definitions: this.#definitionCount, references: this.#referenceCount };
  }
}

/** What the name index keeps of a file: its summary when it is held in memory, else its blob in the segment. */
export interface NamedEntry {
  blob?: string;
  summary?: FileSummary;
}

/**
 * Narrows the names a search reads: those whose lower case starts with `lowerPrefix`, or (else) whose characters
 * hold every character of `mask` (see `characterMask`). With neither, every name.
 */
export interface NameHint {
  lowerPrefix?: string;
  mask?: number;
}

/**
 * The names of the whole tree: the on-disk segment's (immutable, queried at offsets, for the files whose content it
 * summarizes) and a table in memory for the files analyzed since it was written. A file is served by exactly one of
 * them: by the table when its entry holds a summary, else by the segment when the segment summarizes its blob.
 */
export class NameIndex {
  readonly #table = new NameTable();
  #segment: NameSegment | undefined;
  /** Files the segment serves, by the segment's blob index. */
  readonly #filesOfBlob = new Map<number, string[]>();
  readonly #blobOfFile = new Map<string, number>();
  #segmentCounts = { definitions: 0, references: 0 };

  /** The segment in use. */
  get segment(): NameSegment | undefined {
    return this.#segment;
  }

  /**
   * Uses another segment (or none): every file served by the old one is forgotten, and must be added again (its
   * entry's blob is looked up in the new segment).
   */
  useSegment(segment: NameSegment | undefined): void {
    this.#segment = segment;
    this.#filesOfBlob.clear();
    this.#blobOfFile.clear();
    this.#segmentCounts = { definitions: 0, references: 0 };
  }

  /** Whether the segment summarizes a blob. */
  summarizes(blob: string | undefined): boolean {
    return blob !== undefined && this.#segment?.blobIndex(blob) !== undefined;
  }

  /** Adds a file's names; false when it has none to add (no summary held, and its blob is not in the segment). */
  add(file: string, entry: NamedEntry): boolean {
    if (entry.summary) {
      this.#table.add(file, entry.summary);
      return true;
    }
    const blob = entry.blob === undefined ? undefined : this.#segment?.blobIndex(entry.blob);
    if (blob === undefined || !this.#segment) return false;
    addTo(this.#filesOfBlob, blob, file);
    this.#blobOfFile.set(file, blob);
    const counts = this.#segment.blobCounts(blob);
    this.#segmentCounts.definitions += counts.definitions;
    this.#segmentCounts.references += counts.references;
    return true;
  }

  /** Removes a file's names (the entry it was added with). */
  remove(file: string, entry: NamedEntry): void {
    if (entry.summary) return this.#table.remove(file, entry.summary);
    const blob = this.#blobOfFile.get(file);
    if (blob === undefined || !this.#segment) return;
    this.#blobOfFile.delete(file);
    const files = (this.#filesOfBlob.get(blob) ?? []).filter((other) => other !== file);
    if (files.length > 0) this.#filesOfBlob.set(blob, files);
    else this.#filesOfBlob.delete(blob);
    const counts = this.#segment.blobCounts(blob);
    this.#segmentCounts.definitions -= counts.definitions;
    this.#segmentCounts.references -= counts.references;
  }

  /** A file's summary: the one its entry holds, else the segment's for its blob. */
  summaryOf(file: string, entry: NamedEntry): FileSummary | undefined {
    if (entry.summary) return entry.summary;
    const blob = this.#blobOfFile.get(file);
    return blob === undefined ? undefined : this.#segment?.summaryOf(blob);
  }

  /** Every definition with this exact name: the segment's files first (in blob order), then the table's. */
  definitionsNamed(name: string): LocatedDefinition[] {
    const found: LocatedDefinition[] = [];
    const segment = this.#segment;
    const id = segment && this.#filesOfBlob.size > 0 ? segment.findName(name) : -1;
    if (segment && id >= 0) {
      for (const { blob, definition } of segment.definitionsOf(id)) {
        for (const file of this.#filesOfBlob.get(blob) ?? []) found.push({ file, definition });
      }
    }
    for (const located of this.#table.definitionsNamed(name)) found.push(located);
    return found;
  }

  /** Whether a file references this exact name. */
  references(file: string, name: string): boolean {
    const blob = this.#blobOfFile.get(file);
    if (blob !== undefined) return this.#segment?.blobReferences(blob, name) ?? false;
    return this.#table.references(file, name);
  }

  /** The files that reference this exact name. */
  filesReferencing(name: string): Set<string> {
    const files = this.#table.filesReferencing(name);
    if (this.#segment && this.#filesOfBlob.size > 0) {
      for (const blob of this.#segment.blobsReferencing(name)) for (const file of this.#filesOfBlob.get(blob) ?? []) files.add(file);
    }
    return files;
  }

  /**
   * Distinct definition names, each once, narrowed by a hint (a name may still have no definition left in a file
   * the index serves: ask {@link NameIndex.definitionsNamed}).
   */
  *candidateNames(hint: NameHint = {}): Iterable<string> {
    const segment = this.#filesOfBlob.size > 0 ? this.#segment : undefined;
    if (segment) {
      if (hint.lowerPrefix !== undefined) {
        const [from, to] = segment.prefixRange(hint.lowerPrefix);
        for (let id = from; id < to; id++) yield segment.name(id);
      } else {
        for (const id of segment.namesWithMask(hint.mask ?? 0)) yield segment.name(id);
      }
    }
    for (const name of this.#table.names()) {
      if (hint.lowerPrefix !== undefined ? !name.toLowerCase().startsWith(hint.lowerPrefix) : ((characterMask(name.toLowerCase()) & (hint.mask ?? 0)) >>> 0) !== (hint.mask ?? 0)) continue;
      if (segment && segment.findName(name) >= 0) continue;
      yield name;
    }
  }

  /** Definitions and references of the files served. */
  get counts(): { definitions: number; references: number } {
    const table = this.#table.counts;
    return { definitions: table.definitions + this.#segmentCounts.definitions, references: table.references + this.#segmentCounts.references };
  }
}
