/**
 * The name table: every file's definitions outside function bodies by name, and the files that reference a name.
 * Built from the file summaries (never from facts), kept whole for the whole tree: a project-wide definition lookup,
 * search or reference query is complete however few facts the memory bound lets stay loaded.
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

function addTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Names of every summarized file. */
export class NameTable {
  readonly #definitions = new Map<string, LocatedDefinition[]>();
  readonly #referencing = new Map<string, Set<string>>();
  #sorted: string[] | undefined;
  #definitionCount = 0;
  #referenceCount = 0;

  /** Adds a file's names. */
  add(file: string, summary: FileSummary): void {
    for (const definition of summary.definitions) addTo(this.#definitions, definition.name, { file, definition });
    for (const name of summary.references) {
      let files = this.#referencing.get(name);
      if (!files) {
        files = new Set();
        this.#referencing.set(name, files);
      }
      files.add(file);
    }
    this.#definitionCount += summary.definitions.length;
    this.#referenceCount += summary.referenceCount;
    if (summary.definitions.length > 0) this.#sorted = undefined;
  }

  /** Removes a file's names (the summary it was added with). */
  remove(file: string, summary: FileSummary): void {
    for (const name of new Set(summary.definitions.map((definition) => definition.name))) {
      const kept = (this.#definitions.get(name) ?? []).filter((entry) => entry.file !== file);
      if (kept.length > 0) this.#definitions.set(name, kept);
      else {
        this.#definitions.delete(name);
        this.#sorted = undefined;
      }
    }
    for (const name of summary.references) {
      const files = this.#referencing.get(name);
      files?.delete(file);
      if (files?.size === 0) this.#referencing.delete(name);
    }
    this.#definitionCount -= summary.definitions.length;
    this.#referenceCount -= summary.referenceCount;
  }

  /** Every definition with this exact name. */
  definitionsNamed(name: string): readonly LocatedDefinition[] {
    return this.#definitions.get(name) ?? [];
  }

  /** The files that reference this exact name. */
  filesReferencing(name: string): ReadonlySet<string> {
    return this.#referencing.get(name) ?? new Set();
  }

  /** Every distinct definition name, sorted by code unit (kept until the names change). */
  names(): readonly string[] {
    this.#sorted ??= [...this.#definitions.keys()].sort();
    return this.#sorted;
  }

  /** Definitions and references counted. */
  get counts(): { definitions: number; references: number } {
    return { definitions: this.#definitionCount, references: this.#referenceCount };
  }
}
