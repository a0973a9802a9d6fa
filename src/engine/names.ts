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

  /** Files whose summaries it holds. */
  get files(): number {
    return this.#files.size;
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
  /** Names whose lower case holds these characters in order (see `NameSegment.namesHoldingInOrder`), within `mask`. */
  lowerInOrder?: string;
}

/** The integers from `from` up to `to` (not included). */
function* range(from: number, to: number): IterableIterator<number> {
  for (let i = from; i < to; i++) yield i;
}

/** A segment and the files it serves, by its blob index. */
interface Served {
  segment: NameSegment;
  filesOfBlob: Map<number, string[]>;
}

/**
 * The names of the whole tree: the on-disk segment's (immutable, queried at offsets, for the files whose content it
 * summarizes), the runs' (segments a long scan wrote of the summaries it held, so that its memory does not grow with
 * the tree) and a table in memory for the files analyzed since. A file is served by exactly one of them: by the table
 * when its entry holds a summary, else by the first segment (the main one, then the runs in order) that summarizes its
 * blob.
 */
export class NameIndex {
  readonly #table = new NameTable();
  #segment: NameSegment | undefined;
  /** The main segment first (if any), then the runs. */
  #served: Served[] = [];
  readonly #servedBy = new Map<string, { served: Served; blob: number }>();
  #segmentCounts = { definitions: 0, references: 0 };

  /** The main segment in use. */
  get segment(): NameSegment | undefined {
    return this.#segment;
  }

  /**
   * Uses another main segment (or none), and no runs: every file served by a segment is forgotten, and must be added
   * again (its entry's blob is looked up in the new segments).
   */
  useSegment(segment: NameSegment | undefined): void {
    this.#segment = segment;
    this.#served = segment ? [{ segment, filesOfBlob: new Map() }] : [];
    this.#servedBy.clear();
    this.#segmentCounts = { definitions: 0, references: 0 };
  }

  /** Adds a run: files added from now on whose blob no earlier segment summarizes may be served by it. */
  addRun(run: NameSegment): void {
    this.#served.push({ segment: run, filesOfBlob: new Map() });
  }

  /** The runs that serve at least one file. */
  runsInUse(): Set<NameSegment> {
    return new Set(this.#served.filter((served) => served.segment !== this.#segment && served.filesOfBlob.size > 0).map((served) => served.segment));
  }

  /** Whether a segment (the main one or a run) summarizes a blob. */
  summarizes(blob: string | undefined): boolean {
    return blob !== undefined && this.#served.some((served) => served.segment.blobIndex(blob) !== undefined);
  }

  /** Adds a file's names; false when it has none to add (no summary held, and no segment summarizes its blob). */
  add(file: string, entry: NamedEntry): boolean {
    if (entry.summary) {
      this.#table.add(file, entry.summary);
      return true;
    }
    if (entry.blob === undefined) return false;
    for (const served of this.#served) {
      const blob = served.segment.blobIndex(entry.blob);
      if (blob === undefined) continue;
      addTo(served.filesOfBlob, blob, file);
      this.#servedBy.set(file, { served, blob });
      const counts = served.segment.blobCounts(blob);
      this.#segmentCounts.definitions += counts.definitions;
      this.#segmentCounts.references += counts.references;
      return true;
    }
    return false;
  }

  /** Removes a file's names (the entry it was added with). */
  remove(file: string, entry: NamedEntry): void {
    if (entry.summary) return this.#table.remove(file, entry.summary);
    const by = this.#servedBy.get(file);
    if (!by) return;
    this.#servedBy.delete(file);
    const files = (by.served.filesOfBlob.get(by.blob) ?? []).filter((other) => other !== file);
    if (files.length > 0) by.served.filesOfBlob.set(by.blob, files);
    else by.served.filesOfBlob.delete(by.blob);
    const counts = by.served.segment.blobCounts(by.blob);
    this.#segmentCounts.definitions -= counts.definitions;
    this.#segmentCounts.references -= counts.references;
  }

  /** A file's summary: the one its entry holds, else its segment's for its blob. */
  summaryOf(file: string, entry: NamedEntry): FileSummary | undefined {
    if (entry.summary) return entry.summary;
    const by = this.#servedBy.get(file);
    return by?.served.segment.summaryOf(by.blob);
  }

  /** Every definition with this exact name: each segment's files (in blob order), then the table's. */
  definitionsNamed(name: string): LocatedDefinition[] {
    return this.#definitionsNamed(name);
  }

  /** {@link NameIndex.definitionsNamed}, the name's id in one served segment known already (`known`: index, id). */
  #definitionsNamed(name: string, known?: { served: Served; id: number }): LocatedDefinition[] {
    const found: LocatedDefinition[] = [];
    for (const served of this.#served) {
      const { segment, filesOfBlob } = served;
      const id = filesOfBlob.size === 0 ? -1 : known?.served === served ? known.id : segment.findName(name);
      if (id < 0) continue;
      segment.eachDefinition(id, (blob, definition) => {
        const files = filesOfBlob.get(blob);
        if (files) for (const file of files) found.push({ file, definition });
      });
    }
    for (const located of this.#table.definitionsNamed(name)) found.push(located);
    return found;
  }

  /** Whether a file references this exact name. */
  references(file: string, name: string): boolean {
    const by = this.#servedBy.get(file);
    if (by) return by.served.segment.blobReferences(by.blob, name);
    return this.#table.references(file, name);
  }

  /** The files that reference this exact name. */
  filesReferencing(name: string): Set<string> {
    const files = this.#table.filesReferencing(name);
    for (const { segment, filesOfBlob } of this.#served) {
      if (filesOfBlob.size === 0) continue;
      for (const blob of segment.blobsReferencing(name)) for (const file of filesOfBlob.get(blob) ?? []) files.add(file);
    }
    return files;
  }

  /**
   * Distinct definition names, each once, narrowed by a hint (a name may still have no definition left in a file
   * the index serves: ask {@link NameIndex.definitionsNamed}).
   */
  *candidateNames(hint: NameHint = {}): Iterable<string> {
    for (const candidate of this.candidates(hint)) yield candidate.name;
  }

  /**
   * {@link NameIndex.candidateNames} that `accept` takes (all when absent), with each name's definitions to read (found
   * without looking the name up again in the segment it was read from).
   */
  *candidates(hint: NameHint = {}, accept?: (name: string) => boolean): Iterable<{ name: string; definitions: () => LocatedDefinition[] }> {
    const served = this.#served.filter((s) => s.filesOfBlob.size > 0);
    // A name of an earlier segment was given already.
    const earlier = (name: string, before: number) => {
      for (let i = 0; i < before; i++) if ((served[i] as Served).segment.findName(name) >= 0) return true;
      return false;
    };
    for (const [at, one] of served.entries()) {
      const segment = one.segment;
      const ids =
        hint.lowerPrefix !== undefined
          ? range(...segment.prefixRange(hint.lowerPrefix))
          : hint.lowerInOrder !== undefined
            ? segment.namesHoldingInOrder(hint.lowerInOrder)
            : segment.namesWithMask(hint.mask ?? 0);
      for (const id of ids) {
        const name = segment.name(id);
        if (accept && !accept(name)) continue;
        if (at === 0 || !earlier(name, at)) yield { name, definitions: () => this.#definitionsNamed(name, { served: one, id }) };
      }
    }
    for (const name of this.#table.names()) {
      if (hint.lowerPrefix !== undefined ? !name.toLowerCase().startsWith(hint.lowerPrefix) : ((characterMask(name.toLowerCase()) & (hint.mask ?? 0)) >>> 0) !== (hint.mask ?? 0)) continue;
      if ((accept && !accept(name)) || earlier(name, served.length)) continue;
      yield { name, definitions: () => this.#definitionsNamed(name) };
    }
  }

  /** Files served from summaries held in memory (`held`) and from segments (`stored`). */
  get served(): { held: number; stored: number } {
    return { held: this.#table.files, stored: this.#servedBy.size };
  }

  /** Definitions and references of the files served. */
  get counts(): { definitions: number; references: number } {
    const table = this.#table.counts;
    return { definitions: table.definitions + this.#segmentCounts.definitions, references: table.references + this.#segmentCounts.references };
  }
}
