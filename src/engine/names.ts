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
