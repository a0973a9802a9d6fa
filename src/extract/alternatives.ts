/**
 * Which language a file is written in when its extension does not say (C's `.h` headers hold C, C++ or
 * Objective-C): the marks of another language found in the file's first parse, as its language definition declares
 * them (`alternatives`). Token sequences over the tree's leaves, so they work on any grammar's recovery from code it
 * does not know (`namespace geo {` is a C function definition to the C grammar, `@interface` an error), and never
 * see comments or strings (one leaf each). A sequence is looked for only at the leaves that start where the text
 * holds its first token (a leaf's text is the text where it stands): a few descents of the tree, not a walk over
 * every leaf (which took a tenth of a C header's analysis).
 *
 * @module
 */
import type { AlternativeLanguage, LanguageDefinition } from '../languages/define.js';
import { type Leaf, LeafWalk, type Node } from '../runtime/tree-sitter.js';

/** In a sequence: any one token. */
const ANY = '*';
/** In a sequence: any tokens on the same line. */
const REST_OF_LINE = '...';

/** The alternatives that apply to a file, by its extension. */
export function alternativesFor(definition: LanguageDefinition, file: string): AlternativeLanguage[] {
  const lower = file.toLowerCase();
  return (definition.alternatives ?? []).filter((alternative) => !alternative.extensions || alternative.extensions.some((extension) => lower.endsWith(extension)));
}

/**
 * The leaves from one of them on (index 0), read as far as asked. Index -1 stands for the leaf before it as far as a
 * match reads it: its row (a sequence that starts with `...` asks).
 */
export type LeafRun = (index: number) => Leaf | undefined;

/**
 * The leaves from `first` (which the walk has just found) on, read from the walk as a match asks for them. The walk
 * is left where the last one asked for is.
 */
export function leafRun(walk: LeafWalk, first: Leaf): LeafRun {
  const after: Leaf[] = [first];
  let done = false;
  let before: Leaf | null | undefined;
  return (index) => {
    if (index < 0) {
      // Leaves come in the order of their rows: the one before is on the first's row when any leaf before it is.
      if (before === undefined) {
        before = null;
        for (let offset = first.start - first.column; offset < first.start && !before; offset++) before = walk.seek(offset) ?? null;
        walk.seek(first.start);
        for (let i = 1; i < after.length; i++) walk.next();
      }
      return index === -1 ? (before ?? undefined) : undefined;
    }
    while (!done && after.length <= index) {
      const leaf = walk.next();
      if (leaf) after.push(leaf);
      else done = true;
    }
    return after[index];
  };
}

/** Whether `sequence` matches the leaves from `at`. */
export function matchesAt(leaves: LeafRun, at: number, sequence: readonly string[]): boolean {
  let i = at;
  for (let s = 0; s < sequence.length; s++) {
    const token = sequence[s] as string;
    if (token === REST_OF_LINE) {
      // Any tokens on this line, then the rest of the sequence.
      const row = leaves(i - 1)?.row;
      for (let j = i; leaves(j) !== undefined && leaves(j)?.row === row; j++) if (matchesAt(leaves, j, sequence.slice(s + 1))) return true;
      return false;
    }
    const leaf = leaves(i);
    if (!leaf || (token !== ANY && leaf.text !== token)) return false;
    i++;
  }
  return true;
}

/**
 * The sequences that may match somewhere in `text`: a leaf's text is the text where it stands, so a sequence one of
 * whose tokens the text does not hold matches no leaves (the first token counts as written, as a leaf is compared
 * with it).
 */
export function possibleSequences(sequences: readonly string[][], text: string): string[][] {
  return sequences.filter((sequence) => sequence.every((token, i) => (i > 0 && (token === ANY || token === REST_OF_LINE)) || text.includes(token)));
}

/**
 * Where the words of `words` start in `text`, found in order as asked: {@link Occurrences.from} gives the first at or
 * after an offset, so that a caller past a long comment or string never looks at what lies inside it.
 */
export class Occurrences {
  readonly #text: string;
  readonly #words: string[];
  /** Per word, where it was found last (-1: nowhere after; -2: not looked for yet). */
  readonly #at: number[];

  constructor(text: string, words: Iterable<string>) {
    this.#text = text;
    this.#words = [...new Set(words)].filter((word) => word !== '');
    this.#at = this.#words.map(() => -2);
  }

  /** The first offset at or after `offset` where one of the words starts; -1 when none does. Asked in increasing order. */
  from(offset: number): number {
    let first = -1;
    for (let i = 0; i < this.#words.length; i++) {
      let at = this.#at[i] as number;
      if (at !== -1 && at < offset) {
        at = this.#text.indexOf(this.#words[i] as string, offset);
        this.#at[i] = at;
      }
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    return first;
  }
}

/** What the marks in a file say. */
export interface Marks {
  /** The alternative whose marks come first, outside the guarded regions. */
  language?: string;
  /**
   * True when the file has a region `ignoreMarks` opens (a C header's `#ifdef __cplusplus` block): it is written in its
   * own language for readers of another, which no error count overrides.
   */
  guarded: boolean;
}

/**
 * The language whose marks come first in the file, outside the regions `ignoreMarks` opens (a C header's
 * `#ifdef __cplusplus` block: the whole node its first token starts is skipped). `text` is the text the tree was
 * parsed from. Only the leaves that start a sequence (those with its first token as their text, found where the text
 * holds it) are looked at, in order.
 */
export function readMarks(root: Node, text: string, alternatives: readonly AlternativeLanguage[], ignore: readonly string[][] = []): Marks {
  const marked = alternatives.filter((alternative) => (alternative.marks ?? []).length > 0);
  if (marked.length === 0 && ignore.length === 0) return { guarded: false };
  const ignoring = possibleSequences(ignore, text);
  const marking = marked.map((alternative) => ({ language: alternative.language, marks: possibleSequences(alternative.marks ?? [], text) }));
  const firsts = new Set([...ignoring, ...marking.flatMap((alternative) => alternative.marks)].map((sequence) => sequence[0] as string));
  if (firsts.size === 0) return { guarded: false };
  const walk = new LeafWalk(root, text);
  const occurrences = new Occurrences(text, firsts);
  let skipUntil = -1;
  let guarded = false;
  for (let offset = occurrences.from(0); offset !== -1; offset = occurrences.from(Math.max(walk.after(offset), skipUntil))) {
    const leaf = walk.seek(offset);
    if (!leaf || !firsts.has(leaf.text)) continue;
    const leaves = leafRun(walk, leaf);
    if (ignoring.some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, 0, sequence))) {
      skipUntil = leaf.regionEnd;
      guarded = true;
      continue;
    }
    for (const alternative of marking) {
      if (alternative.marks.some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, 0, sequence))) return { language: alternative.language, guarded };
    }
  }
  return { guarded };
}

/** The alternative a source beside the file points to (a `.cpp` beside a `.h`), from the extensions in its folder. */
export function siblingLanguage(alternatives: readonly AlternativeLanguage[], siblingExtensions: readonly string[] | undefined): string | undefined {
  if (!siblingExtensions || siblingExtensions.length === 0) return undefined;
  const present = new Set(siblingExtensions.map((extension) => extension.toLowerCase()));
  return alternatives.find((alternative) => (alternative.siblings ?? []).some((extension) => present.has(extension)))?.language;
}
