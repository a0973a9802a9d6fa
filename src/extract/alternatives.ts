/**
 * Which language a file is written in when its extension does not say (C's `.h` headers hold C, C++ or
 * Objective-C): the marks of another language found in the file's first parse, as its language definition declares
 * them (`alternatives`). Token sequences over the tree's leaves, so they work on any grammar's recovery from code it
 * does not know (`namespace geo {` is a C function definition to the C grammar, `@interface` an error), and never
 * see comments or strings (one leaf each).
 *
 * @module
 */
import type { AlternativeLanguage, LanguageDefinition } from '../languages/define.js';
import type { Node } from '../runtime/tree-sitter.js';

/** In a sequence: any one token. */
const ANY = '*';
/** In a sequence: any tokens on the same line. */
const REST_OF_LINE = '...';

export interface Leaf {
  text: string;
  row: number;
  /** Column of its start (the tree's units). */
  column: number;
  /** End (in index units) of the node this leaf opens, or of its parent: what a region skips to. */
  regionEnd: number;
  start: number;
}

/** The alternatives that apply to a file, by its extension. */
export function alternativesFor(definition: LanguageDefinition, file: string): AlternativeLanguage[] {
  const lower = file.toLowerCase();
  return (definition.alternatives ?? []).filter((alternative) => !alternative.extensions || alternative.extensions.some((extension) => lower.endsWith(extension)));
}

/**
 * The leaves of a tree (non-empty text), with the end of their parent node. One cursor walk; `tick`, called per
 * node, may stop it by throwing (a deadline's).
 */
export function leavesOf(root: Node, tick?: () => void): Leaf[] {
  const leaves: Leaf[] = [];
  const cursor = root.walk();
  const ends: number[] = [];
  try {
    for (;;) {
      tick?.();
      const end = cursor.endIndex;
      if (cursor.gotoFirstChild()) {
        ends.push(end);
        continue;
      }
      const text = cursor.nodeText;
      if (text !== '') {
        const { row, column } = cursor.startPosition;
        leaves.push({ text, row, column, start: cursor.startIndex, regionEnd: ends[ends.length - 1] ?? end });
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return leaves;
        ends.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Whether `sequence` matches the leaves from `at`. */
export function matchesAt(leaves: readonly Leaf[], at: number, sequence: readonly string[]): boolean {
  let i = at;
  for (let s = 0; s < sequence.length; s++) {
    const token = sequence[s] as string;
    if (token === REST_OF_LINE) {
      // Any tokens on this line, then the rest of the sequence.
      const row = leaves[i - 1]?.row;
      for (let j = i; j < leaves.length && leaves[j]?.row === row; j++) if (matchesAt(leaves, j, sequence.slice(s + 1))) return true;
      return false;
    }
    const leaf = leaves[i];
    if (!leaf || (token !== ANY && leaf.text !== token)) return false;
    i++;
  }
  return true;
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
 * `#ifdef __cplusplus` block: the whole node its first token starts is skipped).
 */
export function readMarks(root: Node, alternatives: readonly AlternativeLanguage[], ignore: readonly string[][] = []): Marks {
  const marked = alternatives.filter((alternative) => (alternative.marks ?? []).length > 0);
  if (marked.length === 0 && ignore.length === 0) return { guarded: false };
  const leaves = leavesOf(root);
  let skipUntil = -1;
  let guarded = false;
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i] as Leaf;
    if (leaf.start < skipUntil) continue;
    if (ignore.some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, i, sequence))) {
      skipUntil = leaf.regionEnd;
      guarded = true;
      continue;
    }
    for (const alternative of marked) {
      if ((alternative.marks ?? []).some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, i, sequence))) return { language: alternative.language, guarded };
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
