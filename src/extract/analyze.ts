/**
 * One file's text to its facts: parse (with second chances for C-family files), extract, parse and extract the
 * languages embedded in it, all under one time budget. Every tree is deleted where it is created (WASM memory is
 * not garbage-collected); what comes out is plain data. No file system access: the caller reads the file.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import { CUT_CAPTURES, type LanguageRegistry, type LoadedLanguage } from '../languages/registry.js';
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { Deadline } from '../runtime/deadline.js';
import {
  brokenBytes,
  brokenStatement,
  collectSyntaxErrors,
  innermostError,
  deeperThan,
  MAX_QUERY_DEPTH,
  type Node,
  type Parser,
  parseText,
  type Query,
  type Range,
  rangesWithout,
  rangesWithoutBareMacros,
  type Tree,
} from '../runtime/tree-sitter.js';

/** Top-level statements a file may lose to a grammar that cannot parse them before the rest is given up. */
const MAX_SKIPPED_STATEMENTS = 8;
import type { Diagnostic } from '../types.js';
import { alternativesFor, readMarks, siblingLanguage } from './alternatives.js';
import { readMatches } from './captures.js';
import { deadRegionCuts, directiveLineCuts } from './regions.js';
import { type Extraction, extractFacts } from './facts.js';
import { LineIndex } from './lines.js';

/** What to analyze. */
export interface AnalyzeRequest {
  /** Root-relative path (for fallback rules and error details). */
  file: string;
  /** The file's text. */
  text: string;
  /** Its size in bytes (for error details). */
  size: number;
  /** The language to analyze it as (detected, not disabled). */
  language: string;
  /** Budget of the whole analysis, parse and extraction, in milliseconds. */
  timeoutMs: number;
  /** Languages not to use as a fallback or injection. */
  disabledLanguages?: ReadonlySet<string>;
  /** Warnings found while reading (decoding). */
  warnings?: Diagnostic[];
  /** Called once the languages are loaded, when the bounded part (parse and extraction) starts. */
  onLoaded?: () => void;
  /**
   * Extensions of the other files in the file's folder (lower case, with the dot), for languages whose
   * `alternatives` look at sources beside a file (a `.cpp` beside a `.h`).
   */
  siblingExtensions?: string[];
}

interface Parsed {
  tree: Tree;
  syntax: ReturnType<typeof collectSyntaxErrors>;
}

/**
 * Parses `request.text` as `request.language` and extracts its facts.
 *
 * @throws CodeIndexError `TS_PARSE_TIMEOUT` when the budget is spent, `LANGUAGE_LOAD_FAILED` when the grammar or
 * query cannot be loaded.
 */
export async function analyzeText(registry: LanguageRegistry, request: AnalyzeRequest): Promise<FileFacts> {
  const details = { file_path: request.file, file_size_bytes: request.size };
  const disabled = request.disabledLanguages ?? new Set<string>();
  let loaded = await registry.load(request.language);
  // Every language the file may need is loaded before the first parse: no await while a tree is alive, so concurrent
  // analyses never hold several trees in WASM memory at once.
  const fallback = await fallbackFor(registry, loaded, request.file, disabled);
  let embedded = await loadInjections(registry, loaded, disabled);
  // The clock starts once the languages are loaded: loading them is not the file's cost.
  request.onLoaded?.();
  let deadline = new Deadline(request.timeoutMs, details);
  const lines = new LineIndex(request.text);
  const position = (offset: number) => lines.position(offset);
  const started = performance.now();
  let first = parseText(loaded.parser, request.text, deadline.remainingMs(), details);
  // A file written in another language than its extension says (a C++ or Objective-C `.h`): its marks in this first
  // parse, else a source of that language beside it. Decided so (or guarded for readers of another language: a C
  // header's `#ifdef __cplusplus` block), the error-count fallback does not apply.
  let decided = false;
  const alternatives = alternativesFor(loaded.definition, request.file).filter((alternative) => !disabled.has(alternative.language));
  if (alternatives.length > 0) {
    let other: string | undefined;
    try {
      const marks = readMarks(first.rootNode, alternatives, loaded.definition.ignoreMarks);
      // Content first: another language's marks, or a guard that says the file is in its own; then the sources beside it.
      other = marks.language ?? (marks.guarded ? undefined : siblingLanguage(alternatives, request.siblingExtensions));
      decided = marks.guarded;
    } catch (error) {
      first.delete();
      throw error;
    }
    if (other) {
      // No tree stays alive across the await (see above); loading the other language is not the file's cost either.
      first.delete();
      const spent = request.timeoutMs - deadline.remainingMs();
      const switched = await loadIfPossible(registry, other);
      if (switched) {
        loaded = switched;
        decided = true;
        embedded = await loadInjections(registry, loaded, disabled);
      }
      deadline = new Deadline(Math.max(1, request.timeoutMs - spent), details);
      first = parseText(loaded.parser, request.text, deadline.remainingMs(), details);
    }
  }
  let parsed: Parsed = { tree: first, syntax: collectSyntaxErrors(first.rootNode, position) };
  // The file parsed again without some spans, kept when it has fewer broken bytes, or as many and fewer errors: one
  // error over a whole API counts one, as the few it leaves behind count a few.
  const reparseWithout = (current: Parsed, cuts: Range[]): Parsed => {
    if (cuts.length === 0) return current;
    const before = { bytes: brokenBytes(current.tree.rootNode), errors: current.syntax.count };
    const ranges = rangesExcluding(current.tree.getIncludedRanges(), cuts);
    const better = (tree: Tree, syntax: Parsed['syntax']) => {
      const bytes = brokenBytes(tree.rootNode);
      return bytes < before.bytes || (bytes === before.bytes && syntax.count < before.errors);
    };
    return reparseIfBetter(current, loaded.parser, request.text, deadline, details, position, ranges, better) ?? current;
  };
  try {
    // Second chances for files with syntax errors; the parse with fewer errors wins.
    if (fallback && !decided && parsed.syntax.count > 0) {
      const better = reparseIfBetter(parsed, fallback.parser, request.text, deadline, details, position);
      if (better) {
        parsed = better;
        loaded = fallback;
      }
    }
    // Preprocessor regions no compiler of the language reads (C's `#ifdef __cplusplus`: `extern "C" {` there, `}` in
    // another); conditional directives that split a declaration (C#), every branch kept.
    const definition = loaded.definition;
    if (parsed.syntax.count > 0 && definition.deadRegions) parsed = reparseWithout(parsed, deadRegionCuts(parsed.tree.rootNode, definition.deadRegions, deadline));
    if (parsed.syntax.count > 0 && definition.flattenConditionals) parsed = reparseWithout(parsed, directiveLineCuts(parsed.tree.rootNode, lines.starts, deadline));
    if (parsed.syntax.count > 0 && definition.skipBareMacroLines) {
      const ranges = rangesWithoutBareMacros(parsed.tree.rootNode, request.text);
      if (ranges) parsed = reparseIfBetter(parsed, loaded.parser, request.text, deadline, details, position, ranges) ?? parsed;
    }
    // A construct the grammar cannot parse that breaks the top level (more than a trace of it): parse again without
    // the lines of the innermost error there (one member of a type, say), else without the whole statement, while
    // that saves more.
    const skipped: Array<{ start: number; end: number }> = [];
    const worthCutting = Math.max(200, request.text.length / 100);
    for (let attempt = 0; attempt < MAX_SKIPPED_STATEMENTS && brokenBytes(parsed.tree.rootNode) > worthCutting; attempt++) {
      const before = brokenBytes(parsed.tree.rootNode);
      const inner = innermostError(parsed.tree.rootNode);
      const lineCut = inner ? linesOf(lines, inner.startIndex, inner.endIndex) : undefined;
      const candidates = [lineCut, brokenStatement(parsed.tree.rootNode)].filter(
        (cut): cut is { start: number; end: number } => cut !== undefined && !skipped.some((known) => known.start === cut.start && known.end === cut.end),
      );
      let improved = false;
      for (const cut of candidates) {
        const ranges = rangesWithout(parsed.tree.rootNode, request.text, [...skipped, cut]);
        const better = reparseIfBetter(parsed, loaded.parser, request.text, deadline, details, position, ranges, (tree) => brokenBytes(tree.rootNode) < before);
        if (!better) continue;
        parsed = better;
        skipped.push(cut);
        improved = true;
        break;
      }
      if (!improved) break;
    }
    // Macros and tokens the grammar misread (`class EXPORT Name {`, `<in out A>`): parsed again without them, before
    // the facts are read, the new parse kept unless it has more syntax errors.
    let cutNames: Array<{ text: string; start: number }> = [];
    if (loaded.cuts && (!loaded.cuts.needsErrors || parsed.tree.rootNode.hasError)) {
      const cuts = findCuts(loaded.cuts.query, parsed.tree.rootNode, deadline);
      if (cuts.length > 0) {
        const ranges = rangesExcluding(parsed.tree.getIncludedRanges(), cuts);
        const errors = parsed.syntax.count;
        const better = reparseIfBetter(parsed, loaded.parser, request.text, deadline, details, position, ranges, (_, syntax) => syntax.count <= errors);
        if (better) {
          parsed = better;
          cutNames = cuts.flatMap((cut) => (cut.name ? [cut.name] : []));
        }
      }
    }
    const parseTimeMs = Math.round((performance.now() - started) * 100) / 100;
    deadline.check();
    const main = extractFacts({ tree: parsed.tree, loaded, text: request.text, lines, deadline });
    if (cutNames.length > 0) {
      // A macro's name, left out of the parse, is a use of the macro still.
      for (const name of cutNames) main.references.push({ name: name.text, kind: 'macro', ...lines.position(name.start) });
      main.references.sort((a, b) => a.line - b.line || a.column - b.column);
    }
    const parts: Extraction[] = [main];
    const warnings = [...(request.warnings ?? [])];
    for (const cut of skipped) {
      const from = lines.position(cut.start).line;
      const to = lines.endLine(cut.start, cut.end);
      warnings.push({
        code: ErrorCode.TS_PARSE_ERRORS,
        message: `${from === to ? `Line ${from}` : `Lines ${from}-${to}`} could not be parsed and ${from === to ? 'was' : 'were'} skipped: the grammar fails on a construct there (what ${from === to ? 'it defines is' : 'they define is'} missing)`,
        details: { line: from, end_line: to },
      });
    }
    if (deeperThan(parsed.tree.rootNode, MAX_QUERY_DEPTH)) {
      warnings.push({
        code: ErrorCode.NESTING_TOO_DEEP,
        message: `Code nested deeper than ${MAX_QUERY_DEPTH} levels of syntax tree was not searched: definitions and references inside it are missing`,
        details: { max_depth: MAX_QUERY_DEPTH },
      });
    }
    for (const [id, ranges] of main.injections) {
      if (disabled.has(id)) continue;
      const injected = embedded.get(id);
      if (injected instanceof Error) {
        warnings.push({
          code: ErrorCode.LANGUAGE_LOAD_FAILED,
          message: `The embedded ${id} content was not analyzed: ${injected.message}`,
          details: { language: id },
        });
      } else if (injected) parts.push(extractInjected(injected, request.text, ranges, lines, deadline, details));
    }
    return assemble(loaded.definition.id, parsed, parseTimeMs, parts, lines, warnings);
  } finally {
    parsed.tree.delete();
  }
}

/** Parses and extracts one embedded language over its ranges; its tree is deleted here. */
function extractInjected(
  loaded: LoadedLanguage,
  text: string,
  ranges: Range[],
  lines: LineIndex,
  deadline: Deadline,
  details: Record<string, unknown>,
): Extraction {
  const tree = parseText(loaded.parser, text, deadline.remainingMs(), details, ranges);
  try {
    return extractFacts({ tree, loaded, text, lines, deadline });
  } finally {
    tree.delete();
  }
}

/**
 * Parses again (with another grammar, or without some ranges) and returns the new parse when it has fewer syntax
 * errors, deleting the old tree; otherwise deletes the new one and returns undefined. A second parse that runs out
 * of time leaves the first standing.
 */
function reparseIfBetter(
  current: Parsed,
  parser: Parser,
  text: string,
  deadline: Deadline,
  details: Record<string, unknown>,
  position: (offset: number) => { line: number; column: number },
  ranges?: Range[],
  better?: (tree: Tree, syntax: Parsed['syntax']) => boolean,
): Parsed | undefined {
  let tree: Tree;
  try {
    // Other ranges of the same text: the tree so far is reused where they agree.
    const old = ranges && current.tree.language === parser.language ? current.tree : undefined;
    tree = parseText(parser, text, deadline.remainingMs(), details, ranges, old);
  } catch {
    return undefined;
  }
  const syntax = collectSyntaxErrors(tree.rootNode, position);
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
function findCuts(query: Query, root: Node, deadline: Deadline): Array<Range & { name?: { text: string; start: number } }> {
  const cuts = new Map<number, Range & { name?: { text: string; start: number } }>();
  for (const match of readMatches(query, root, deadline).matches) {
    for (const capture of CUT_CAPTURES) {
      const node = match.captures.get(capture)?.[0];
      if (!node || cuts.has(node.id)) continue;
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
      if (cut.startIndex > start.index) ranges.push({ startIndex: start.index, startPosition: start.position, endIndex: cut.startIndex, endPosition: cut.startPosition });
      start = { index: cut.endIndex, position: cut.endPosition };
    }
    if (start.index < range.endIndex) ranges.push({ ...range, startIndex: start.index, startPosition: start.position });
  }
  return ranges;
}

/** Whole lines around a span (at most 3: a line cut is for one construct, a statement cut is the fallback). */
function linesOf(lines: LineIndex, start: number, end: number): { start: number; end: number } | undefined {
  const first = lines.row(start);
  const last = lines.row(end > start ? end - 1 : end);
  if (last - first > 2) return undefined;
  const from = lines.starts[first] ?? 0;
  const to = lines.starts[last + 1] ?? end;
  return { start: from, end: to };
}

/** The languages a language embeds (by registered id), loaded, or the error that kept one from loading. */
async function loadInjections(
  registry: LanguageRegistry,
  loaded: LoadedLanguage,
  disabled: ReadonlySet<string>,
): Promise<Map<string, LoadedLanguage | Error>> {
  const result = new Map<string, LoadedLanguage | Error>();
  for (const id of new Set(Object.values(loaded.definition.injections ?? {}))) {
    if (disabled.has(id)) continue;
    try {
      result.set(id, await registry.load(id));
    } catch (error) {
      result.set(id, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return result;
}

/** A registered language, loaded; undefined when it cannot be (the file stays with its own). */
async function loadIfPossible(registry: LanguageRegistry, id: string): Promise<LoadedLanguage | undefined> {
  try {
    return await registry.load(id);
  } catch {
    return undefined;
  }
}

/** The language to reparse a file with when its own grammar finds errors, if one is declared and loads. */
async function fallbackFor(
  registry: LanguageRegistry,
  loaded: LoadedLanguage,
  file: string,
  disabled: ReadonlySet<string>,
): Promise<LoadedLanguage | undefined> {
  const rule = loaded.definition.fallback;
  if (!rule || disabled.has(rule.language)) return undefined;
  if (rule.extensions && !rule.extensions.some((extension) => file.toLowerCase().endsWith(extension))) return undefined;
  try {
    return await registry.load(rule.language);
  } catch {
    return undefined;
  }
}

/** Joins the main tree's facts and the embedded languages' into the file's facts. */
function assemble(
  language: string,
  parsed: Parsed,
  parseTimeMs: number,
  parts: readonly Extraction[],
  lines: LineIndex,
  warnings: Diagnostic[],
): FileFacts {
  const definitions: Definition[] = [];
  const references: Reference[] = [];
  const bindings: FileFacts['bindings'] = [];
  const imports: FileFacts['imports'] = [];
  const outline: Required<FileFacts['outline']> = { keys: [], headings: [], codeBlocks: [], links: [] };
  for (const part of parts) {
    const offset = definitions.length;
    const bindingOffset = bindings.length;
    for (const def of part.definitions) definitions.push(offset && def.parent !== undefined ? { ...def, parent: def.parent + offset } : def);
    for (const ref of part.references) {
      if (!offset && !bindingOffset) references.push(ref);
      else {
        const moved = { ...ref };
        if (moved.enclosing !== undefined) moved.enclosing += offset;
        if (moved.binding !== undefined) moved.binding += bindingOffset;
        if (moved.qualifierBinding !== undefined) moved.qualifierBinding += bindingOffset;
        references.push(moved);
      }
    }
    for (const binding of part.bindings) bindings.push(offset && binding.def !== undefined ? { ...binding, def: binding.def + offset } : binding);
    imports.push(...part.imports);
    outline.keys.push(...(part.outline.keys ?? []));
    outline.headings.push(...(part.outline.headings ?? []));
    outline.codeBlocks.push(...(part.outline.codeBlocks ?? []));
    outline.links.push(...(part.outline.links ?? []));
  }
  if (parts.length > 1) {
    references.sort((a, b) => a.line - b.line || a.column - b.column);
    imports.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    for (const list of Object.values(outline)) list.sort((a, b) => a.line - b.line);
  }
  const previews: Record<number, string> = {};
  for (const { line } of [...definitions, ...references]) previews[line] ??= lines.preview(line);
  const facts: FileFacts = {
    language,
    rootNode: parsed.tree.rootNode.type,
    parseTimeMs,
    lineLengths: lines.lengths(),
    previews,
    definitions,
    references,
    bindings,
    imports,
    exports: parts[0]?.exports ?? [],
    outline: Object.fromEntries(Object.entries(outline).filter(([, list]) => list.length > 0)),
    errors: parsed.syntax.errors,
    errorCount: parsed.syntax.count,
    warnings,
  };
  return facts;
}
