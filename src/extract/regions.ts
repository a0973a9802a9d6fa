/**
 * The C-family preprocessor's conditionals (C, C++, Objective-C, C#) where a grammar cannot parse across them: regions a
 * language never compiles (C's `#ifdef __cplusplus`: `LanguageDefinition.deadRegions`) and directive lines that split a
 * declaration (C#: `LanguageDefinition.flattenConditionals`). Found over a tree's leaves, so that they are found in a
 * parse that error recovery has broken too; bounded by the analysis's deadline. The leaves read are those a directive
 * or a region's first token can be: the ones that start where the text holds a `#` or that token (a leaf's text is
 * the text where it stands), found by descending the tree to them (a walk over every leaf took a tenth of the analysis
 * of a C file with syntax errors).
 *
 * Only what a definition declares runs here, and nothing here names a language: the directives read are the
 * preprocessor's own (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`), which every language declaring either
 * field shares, so a definition declaring one declares that its language has them.
 *
 * @module
 */
import type { Deadline } from '../runtime/deadline.js';
import { type Leaf, LeafWalk, type Node, type Range } from '../runtime/tree-sitter.js';
import { leafRun, matchesAt, Occurrences, possibleSequences } from './alternatives.js';

const OPENS = new Set(['#if', '#ifdef', '#ifndef']);
const ENDS = '#endif';
const ELSE = '#else';

/**
 * The spans to parse a file without: each region a `dead` sequence opens, from its directive through the `#endif`
 * that closes it at its depth, or through its `#else` (the `#endif` after the live branch is cut too, so the branch
 * stays as unconditional code). A region ended by `#elif` is kept: what is left would be a conditional without its
 * `#if`. Regions inside a cut one are part of it.
 */
export function deadRegionCuts(root: Node, text: string, dead: readonly string[][], deadline: Deadline): Range[] {
  const possible = possibleSequences(dead, text);
  if (possible.length === 0) return [];
  const walk = new LeafWalk(root, text);
  // The leaves that may open a region or be a directive, in order (any other leaf is passed over below).
  const leaves = candidateLeaves(walk, text, ['#', ...possible.map((sequence) => sequence[0] as string)], deadline);
  const opens = (leaf: Leaf) => {
    if (!possible.some((sequence) => sequence[0] === leaf.text)) return false;
    walk.seek(leaf.start);
    const run = leafRun(walk, leaf);
    return possible.some((sequence) => sequence[0] === leaf.text && matchesAt(run, 0, sequence));
  };
  const cuts: Range[] = [];
  for (let i = 0; i < leaves.length; i++) {
    const opening = leaves[i] as Leaf;
    if (!opens(opening)) continue;
    let depth = 0;
    let j = i + 1;
    for (; j < leaves.length; j++) {
      const leaf = leaves[j] as Leaf;
      const directive = directiveOf(leaf);
      if (directive === undefined) continue;
      if (OPENS.has(directive)) depth++;
      else if (depth > 0) {
        if (directive === ENDS) depth--;
      } else if (directive === ENDS) {
        cuts.push(span(opening, leaf));
        i = j;
        break;
      } else if (directive === ELSE) {
        const endif = closing(leaves, j + 1);
        // Never closed: as above, nothing after it is scanned again.
        if (endif === undefined) return cuts;
        cuts.push(span(opening, leaf), span(leaves[endif] as Leaf, leaves[endif] as Leaf));
        i = j;
        break;
      } else if (directive.startsWith('#elif')) break;
      // Other directives (`#include`, `#define`) are part of the region.
    }
    // A region the file never closes: what follows is inside it, and would be scanned again for each later region
    // (quadratic in a file of unclosed ones).
    if (j >= leaves.length) return cuts;
  }
  return cuts;
}

/** The leaves that start where the text holds one of `words`, in order. */
function candidateLeaves(walk: LeafWalk, text: string, words: readonly string[], deadline: Deadline): Leaf[] {
  const leaves: Leaf[] = [];
  const occurrences = new Occurrences(text, words);
  for (let offset = occurrences.from(0); offset !== -1; offset = occurrences.from(walk.after(offset))) {
    deadline.tick();
    const leaf = walk.seek(offset);
    if (leaf) leaves.push(leaf);
  }
  return leaves;
}

/** A leaf's preprocessor directive without its inner blanks (`# if` is `#if`); undefined for other leaves. */
function directiveOf(leaf: Leaf): string | undefined {
  return leaf.text.startsWith('#') ? leaf.text.replace(/[ \t]+/g, '') : undefined;
}

/** The index of the `#endif` that closes the conditional whose branch starts at `from`. */
function closing(leaves: readonly Leaf[], from: number): number | undefined {
  let depth = 0;
  for (let j = from; j < leaves.length; j++) {
    const directive = directiveOf(leaves[j] as Leaf);
    if (directive === undefined) continue;
    if (OPENS.has(directive)) depth++;
    else if (directive === ENDS) {
      if (depth === 0) return j;
      depth--;
    }
  }
  return undefined;
}

/** From the start of one leaf through the end of another (a directive: one line, its text as written). */
function span(from: Leaf, through: Leaf): Range {
  return {
    startIndex: from.start,
    startPosition: { row: from.row, column: from.column },
    endIndex: through.start + through.text.length,
    endPosition: { row: through.row, column: through.column + Buffer.byteLength(through.text) },
  };
}

/**
 * The lines of a file's conditional directives (`#if`, `#ifdef`, `#ifndef`, `#elif...`, `#else`, `#endif`, with the
 * lines a backslash continues), to parse it without them: every branch kept, as plain code (`starts`: the offset of
 * each line's first character). Directives may split a declaration where the grammar does not take them (C#'s
 * `class A : B`, then `, C` between `#if X` and `#endif`; C++'s `enum E #if X : unsigned #endif {`); without the
 * directive lines the declaration is whole, and a member of either branch is found.
 */
export function directiveLineCuts(root: Node, text: string, starts: readonly number[], deadline: Deadline): Range[] {
  const cuts: Range[] = [];
  let lastRow = -1;
  const walk = new LeafWalk(root, text);
  for (const leaf of candidateLeaves(walk, text, ['#'], deadline)) {
    const directive = leaf.row <= lastRow ? undefined : directiveOf(leaf);
    if (directive === undefined || !(OPENS.has(directive) || directive.startsWith('#elif') || directive === ELSE || directive === ENDS)) continue;
    // A directive goes on over the lines its line ends continue (`#if A || \` then `    B`).
    let last = leaf.row;
    while (last + 1 < starts.length && continues(text, starts[last] as number, starts[last + 1] as number)) last++;
    lastRow = last;
    const next = starts[last + 1];
    cuts.push({
      startIndex: starts[leaf.row] ?? leaf.start,
      startPosition: { row: leaf.row, column: 0 },
      endIndex: next ?? root.endIndex,
      endPosition: next === undefined ? root.endPosition : { row: last + 1, column: 0 },
    });
  }
  return cuts;
}

/** Whether the line from `start` to `next` (the next line's start) ends with a backslash: the preprocessor joins it to the next. */
function continues(text: string, start: number, next: number): boolean {
  let end = next - 1;
  if (text[end] === '\n') end--;
  if (text[end] === '\r') end--;
  return end >= start && text[end] === '\\';
}
