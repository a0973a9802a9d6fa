/**
 * Second chances for a file that parses with syntax errors: parse it again (with another grammar, or without some
 * spans: preprocessor regions no compiler reads, directive lines, bare macro lines, a construct the grammar cannot
 * parse, macros it misreads), and keep the new parse only when it is better. Every tree is deleted where a better
 * one replaces it; the file's one live parse is a {@link CurrentParse}.
 *
 * @module
 */
import { CUT_CAPTURES, type LoadedLanguage } from '../languages/registry.js';
import type { Deadline } from '../runtime/deadline.js';
import {
  brokenBytes,
  brokenStatement,
  collectSyntaxErrors,
  innermostError,
  type Node,
  type Parser,
  parseText,
  type PositionOf,
  type Query,
  type Range,
  bareMacroCuts,
  rangesOfSpans,
  type Tree,
} from '../runtime/tree-sitter.js';
import { readMatches } from './matching.js';
import type { LineIndex } from './lines.js';
import { deadRegionCuts, directiveLineCuts } from './regions.js';

/** A span of the text, in its offsets. */
type Span = { start: number; end: number };

/** Top-level statements a file may lose to a grammar that cannot parse them before the rest is given up. */
const MAX_SKIPPED_STATEMENTS = 8;

/** A parse and its syntax errors. */
export interface Parsed {
  tree: Tree;
  syntax: ReturnType<typeof collectSyntaxErrors>;
}

/** What every parse of one file reads. */
export interface ParseInput {
  text: string;
  lines: LineIndex;
  deadline: Deadline;
  /** Error details (the file's path and size). */
  details: Record<string, unknown>;
}

/** A macro's name left out of the parse: a use of the macro still. */
export interface CutName {
  text: string;
  start: number;
}

/** What the second chances leave: the language of the kept parse, the spans skipped, the macro names cut. */
export interface SecondChances {
  loaded: LoadedLanguage;
  /** Lines or statements the grammar failed on, left out of the parse. */
  skipped: Span[];
  cutNames: CutName[];
}

/**
 * The file's one live parse. A better parse replaces it (the replaced tree is deleted by {@link reparseIfBetter});
 * whoever made it deletes the last one, whatever happens in between.
 */
export class CurrentParse {
  #parsed: Parsed;

  constructor(parsed: Parsed) {
    this.#parsed = parsed;
  }

  get parsed(): Parsed {
    return this.#parsed;
  }

  /** Keeps a better parse, if there is one; true when it did. */
  keep(better: Parsed | undefined): boolean {
    if (better) this.#parsed = better;
    return better !== undefined;
  }

  /** Deletes the live tree (WASM memory). */
  delete(): void {
    this.#parsed.tree.delete();
  }
}

/**
 * Every second chance, in order, for a parse with syntax errors. In: the current parse (replaced where a second
 * chance does better), the language and the fallback language, whether the language is decided (by marks or guards:
 * no fallback by error count then). Out: the language of the kept parse, the spans skipped and the macro names cut.
 */
export function secondChances(
  current: CurrentParse,
  loaded: LoadedLanguage,
  fallback: LoadedLanguage | undefined,
  decided: boolean,
  input: ParseInput,
): SecondChances {
  // The parse with fewer errors wins.
  const fallen = fallback && !decided && current.parsed.syntax.count > 0 && current.keep(reparseIfBetter(current.parsed, fallback.parser, input));
  const language = fallen ? fallback : loaded;
  withoutPreprocessorRegions(current, language, input);
  const skipped = withoutBrokenStatements(current, language.parser, input);
  const cutNames = withoutCuts(current, language, input);
  // What a cut repairs may show more to cut (a class's head, then the annotations in its body): once more.
  if (cutNames.length > 0) cutNames.push(...withoutCuts(current, language, input));
  return { loaded: language, skipped, cutNames };
}

/**
 * Preprocessor regions no compiler of the language reads (C's `#ifdef __cplusplus`: `extern "C" {` there, `}` in
 * another); conditional directives that split a declaration (C#), every branch kept; lines holding a bare macro.
 */
function withoutPreprocessorRegions(current: CurrentParse, loaded: LoadedLanguage, input: ParseInput): void {
  const definition = loaded.definition;
  const root = () => current.parsed.tree.rootNode;
  if (current.parsed.syntax.count > 0 && definition.deadRegions) {
    current.keep(reparseWithout(current.parsed, loaded.parser, deadRegionCuts(root(), input.text, definition.deadRegions, input.deadline), input));
  }
  if (current.parsed.syntax.count > 0 && definition.flattenConditionals) {
    current.keep(reparseWithout(current.parsed, loaded.parser, directiveLineCuts(root(), input.text, input.lines.starts, input.deadline), input));
  }
  if (current.parsed.syntax.count > 0 && definition.skipBareMacroLines) {
    current.keep(reparseWithout(current.parsed, loaded.parser, bareMacroCuts(root(), input.text), input));
  }
}

/**
 * The file parsed again without some spans (besides those the parse already leaves out), kept when it has fewer
 * broken bytes, or as many and fewer errors: one error over a whole API counts one, as the few it leaves behind count
 * a few.
 */
function reparseWithout(current: Parsed, parser: Parser, cuts: Range[], input: ParseInput): Parsed | undefined {
  if (cuts.length === 0) return undefined;
  const before = { bytes: brokenBytes(current.tree.rootNode), errors: current.syntax.count };
  const ranges = rangesExcluding(current.tree.getIncludedRanges(), cuts);
  const better = (tree: Tree, syntax: Parsed['syntax']) => {
    const bytes = brokenBytes(tree.rootNode);
    return bytes < before.bytes || (bytes === before.bytes && syntax.count < before.errors);
  };
  return reparseIfBetter(current, parser, input, ranges, better);
}

/**
 * A construct the grammar cannot parse that breaks the top level (more than a trace of it): parse again without the
 * lines of the innermost error there (one member of a type, say), else without the whole statement, while that saves
 * more. Out: the spans left out.
 */
function withoutBrokenStatements(current: CurrentParse, parser: Parser, input: ParseInput): Span[] {
  const skipped: Span[] = [];
  // What the parse leaves out already (preprocessor regions, directive lines, bare macros) stays out.
  const included = current.parsed.tree.getIncludedRanges();
  const worthCutting = Math.max(200, input.text.length / 100);
  for (let attempt = 0; attempt < MAX_SKIPPED_STATEMENTS && brokenBytes(current.parsed.tree.rootNode) > worthCutting; attempt++) {
    const root = current.parsed.tree.rootNode;
    const before = brokenBytes(root);
    const inner = innermostError(root);
    const lineCut = inner ? linesOf(input.lines, inner.startIndex, inner.endIndex) : undefined;
    const tried = (cut: Span) => skipped.some((known) => known.start === cut.start && known.end === cut.end);
    const candidates = [lineCut, brokenStatement(root)].filter((cut): cut is Span => cut !== undefined && !tried(cut));
    const cut = candidates.find((candidate) => {
      const ranges = rangesExcluding(included, rangesOfSpans(input.text, [...skipped, candidate]));
      return current.keep(reparseIfBetter(current.parsed, parser, input, ranges, (tree) => brokenBytes(tree.rootNode) < before));
    });
    if (!cut) break;
    skipped.push(cut);
  }
  return skipped;
}

/**
 * Macros and tokens the grammar misread (`class EXPORT Name {`, `<in out A>`): parsed again without them, before the
 * facts are read, the new parse kept unless it has more syntax errors or more broken bytes. Out: the names of the
 * macros left out.
 */
function withoutCuts(current: CurrentParse, loaded: LoadedLanguage, input: ParseInput): CutName[] {
  if (!loaded.cuts || (loaded.cuts.needsErrors && !current.parsed.tree.rootNode.hasError)) return [];
  const cuts = findCuts(loaded.cuts.query, current.parsed.tree.rootNode, input.deadline);
  if (cuts.length === 0) return [];
  const ranges = rangesExcluding(current.parsed.tree.getIncludedRanges(), cuts);
  const before = { bytes: brokenBytes(current.parsed.tree.rootNode), errors: current.parsed.syntax.count };
  // Not worse by either measure: a cut that turns a hundred small errors into one over the whole file is no better.
  const notWorse = (tree: Tree, syntax: Parsed['syntax']) => syntax.count <= before.errors && brokenBytes(tree.rootNode) <= before.bytes;
  const better = reparseIfBetter(current.parsed, loaded.parser, input, ranges, notWorse);
  return current.keep(better) ? cuts.flatMap((cut) => (cut.name ? [cut.name] : [])) : [];
}

/** A parse with its syntax errors, at their lines. */
export function parsedOf(tree: Tree, lines: LineIndex): Parsed {
  return { tree, syntax: collectSyntaxErrors(tree.rootNode, positionIn(lines)) };
}

function positionIn(lines: LineIndex): PositionOf {
  return (offset: number) => lines.position(offset);
}

/**
 * Parses again (with another grammar, or without some ranges) and returns the new parse when it is better (by
 * default: fewer syntax errors), deleting the old tree; otherwise deletes the new one and returns undefined. A second
 * parse that runs out of time leaves the first standing.
 */
export function reparseIfBetter(
  current: Parsed,
  parser: Parser,
  input: ParseInput,
  ranges?: Range[],
  better?: (tree: Tree, syntax: Parsed['syntax']) => boolean,
): Parsed | undefined {
  let tree: Tree;
  try {
    // Other ranges of the same text: the tree so far is reused where they agree.
    const old = ranges && current.tree.language === parser.language ? current.tree : undefined;
    tree = parseText(parser, input.text, input.deadline.remainingMs(), input.details, ranges, old);
  } catch {
    return undefined;
  }
  const syntax = collectSyntaxErrors(tree.rootNode, positionIn(input.lines));
  if (better ? better(tree, syntax) : syntax.count < current.syntax.count) {
    current.tree.delete();
    return { tree, syntax };
  }
  tree.delete();
  return undefined;
}

/**
 * What the cut patterns capture (see `LoadedLanguage.cuts`), in document order: a macro (`@macro`, with its name: the
 * call's `@macro.name`, else the node itself when it is a name), or a token the grammar does not know (`@misread`).
 */
function findCuts(query: Query, root: Node, deadline: Deadline): Array<Range & { name?: CutName }> {
  const cuts = new Map<number, Range & { name?: CutName }>();
  for (const match of readMatches(query, root, deadline).matches) {
    for (const capture of CUT_CAPTURES) {
      // A macro is one node; what the grammar misread may be several (a macro's parentheses and arguments).
      const nodes = match.captures.get(capture) ?? [];
      for (const node of capture === 'macro' ? nodes.slice(0, 1) : nodes) {
        if (cuts.has(node.id)) continue;
        const name = capture === 'macro' ? (match.captures.get('macro.name')?.[0] ?? (node.namedChildCount === 0 ? node : undefined)) : undefined;
        cuts.set(node.id, {
          startIndex: node.startIndex,
          endIndex: node.endIndex,
          startPosition: node.startPosition,
          endPosition: node.endPosition,
          ...(name ? { name: { text: name.text, start: name.startIndex } } : {}),
        });
      }
    }
  }
  return [...cuts.values()].sort((a, b) => a.startIndex - b.startIndex);
}

/** Included ranges without some spans of them (the ranges and the spans in the tree's own units). */
function rangesExcluding(included: readonly Range[], cuts: readonly Range[]): Range[] {
  const sorted = [...cuts].sort((a, b) => a.startIndex - b.startIndex);
  const ranges: Range[] = [];
  for (const range of included) {
    let start = { index: range.startIndex, position: range.startPosition };
    for (const cut of sorted) {
      if (cut.endIndex <= start.index || cut.startIndex >= range.endIndex) continue;
      if (cut.startIndex > start.index) {
        ranges.push({ startIndex: start.index, startPosition: start.position, endIndex: cut.startIndex, endPosition: cut.startPosition });
      }
      start = { index: cut.endIndex, position: cut.endPosition };
    }
    if (start.index < range.endIndex) ranges.push({ ...range, startIndex: start.index, startPosition: start.position });
  }
  return ranges;
}

/** Whole lines around a span (at most 3: a line cut is for one construct, a statement cut is the fallback). */
function linesOf(lines: LineIndex, start: number, end: number): Span | undefined {
  const first = lines.row(start);
  const last = lines.row(end > start ? end - 1 : end);
  if (last - first > 2) return undefined;
  const from = lines.starts[first] ?? 0;
  const to = lines.starts[last + 1] ?? end;
  return { start: from, end: to };
}
