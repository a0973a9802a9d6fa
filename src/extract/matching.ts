/**
 * Running a query over a tree under a deadline: a large file in runs over ranges of its top-level nodes, each match
 * handed over once as it is read, the lone `@local.reference` names apart (as where they are, without a `Node`).
 *
 * @module
 */
import type { Deadline } from '../runtime/deadline.js';
import { type Match, type MatchVisitor, type NameSpan, visitMatches } from '../runtime/matches.js';
import { MAX_QUERY_DEPTH, type Node, type Query } from '../runtime/tree-sitter.js';

/**
 * Source text per query run, in the tree's index units. The query cursor asks the deadline as it goes, but turning its
 * matches into objects afterwards cannot be interrupted (about 2.6 s for a 10 MB file): a large file is matched in
 * runs over ranges of its top-level nodes, with the deadline checked between runs.
 */
export const MATCH_CHUNK = 64 * 1024;

type Point = { row: number; column: number };

/** A run of a large file's matching: the points the query cursor is given. */
export interface MatchRange {
  start: Point;
  end: Point;
}

/**
 * Ranges of about `size` that cover the root, cut at the start of a line where one of its children starts (as
 * points: web-tree-sitter's index range is in other units than its nodes' indices); undefined when one range is
 * enough. A match that spans a cut (a comment and the declaration after it) is found by both runs and kept once.
 * Walking the children asks the deadline: an injected tree over many ranges (Markdown's inline parts of a 2 MB file)
 * has tens of thousands of them, a second or more of walking.
 */
export function matchRanges(root: Node, size: number, deadline?: Deadline): MatchRange[] | undefined {
  if (root.endIndex - root.startIndex <= size) return undefined;
  const ranges: MatchRange[] = [];
  const cursor = root.walk();
  try {
    if (!cursor.gotoFirstChild()) return undefined;
    let start = { row: 0, column: 0 };
    let startIndex = root.startIndex;
    let lastRow = -1;
    do {
      deadline?.tick();
      const row = cursor.startPosition.row;
      // A cut goes before a child that starts a line of its own, once the range is large enough.
      if (row > lastRow && row > start.row && cursor.startIndex - startIndex >= size) {
        const cut = { row, column: 0 };
        ranges.push({ start, end: cut });
        start = cut;
        startIndex = cursor.startIndex;
      }
      lastRow = cursor.endPosition.row;
    } while (cursor.gotoNextSibling());
  } finally {
    cursor.delete();
  }
  const last = ranges.at(-1);
  if (!last) return undefined;
  ranges.push({ start: last.end, end: { row: root.endPosition.row + 1, column: 0 } });
  return ranges;
}

/**
 * Runs the query, stopping with `TS_PARSE_TIMEOUT` when the deadline passes (the query cursor asks it as it goes, and
 * it is checked between the runs of a large file), and hands each match over as it is read: a lone
 * `@local.reference` (one per identifier of the file: most matches) as where its name is, to `use` (`lone` names
 * that capture; `''` for none: a caller's own query). No match starts deeper than `MAX_QUERY_DEPTH` levels. A match
 * several runs find is handed over once.
 */
export function eachMatch(
  query: Query,
  root: Node,
  deadline: Deadline,
  chunk: number,
  visit: (match: Match) => void,
  use: (name: NameSpan) => void,
  lone = 'local.reference',
): void {
  let cancelled = false;
  const progressCallback = () => (cancelled = deadline.expired());
  const ranges = matchRanges(root, chunk, deadline);
  // A run also finds matches of nodes outside it (a pattern whose outer node is the root, a comment and the
  // declaration after it): each is handed over once, the first time.
  const visitor: MatchVisitor = {
    lone,
    name: (span) => {
      deadline.tick();
      use(span);
    },
    match: (match) => {
      deadline.tick();
      visit(match);
    },
    ...(ranges ? { seen: new Set<string | number>() } : {}),
  };
  for (const range of ranges ?? [undefined]) {
    const options = { progressCallback, maxStartDepth: MAX_QUERY_DEPTH, ...(range ? { startPosition: range.start, endPosition: range.end } : {}) };
    visitMatches(query, root, options, visitor);
    if (cancelled) throw deadline.error();
    deadline.check();
  }
}

/** Every match of the query over the tree (see {@link eachMatch}), with the lone `@local.reference` names apart. */
export function readMatches(query: Query, root: Node, deadline: Deadline, chunk = MATCH_CHUNK): { matches: Match[]; uses: NameSpan[] } {
  const matches: Match[] = [];
  const uses: NameSpan[] = [];
  eachMatch(query, root, deadline, chunk, (match) => matches.push(match), (name) => uses.push(name));
  return { matches, uses };
}
