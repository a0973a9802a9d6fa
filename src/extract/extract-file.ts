/**
 * One file's text to its facts, in stages: load the languages it may need, choose its language (its first parse's
 * marks, the sources beside it), parse it (with second chances for a parse with syntax errors: `reparse.ts`), extract
 * its facts and those of the languages embedded in it, and assemble them, all under one time budget. Every tree is
 * deleted where it is created (WASM memory is not garbage-collected); what comes out is plain data. No file system
 * access: the caller reads the file.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import type { LanguageRegistry, LoadedLanguage } from '../languages/registry.js';
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { Deadline } from '../runtime/deadline.js';
import { deeperThan, MAX_QUERY_DEPTH, parseText, type Range, type Tree } from '../runtime/tree-sitter.js';
import type { Diagnostic } from '../types.js';
import { alternativesFor, readMarks, siblingLanguage } from './alternatives.js';
import { type Extraction, extractFacts } from './facts.js';
import { LineIndex } from './lines.js';
import { CurrentParse, type CutName, type ParseInput, parsedOf, secondChances } from './reparse.js';

/** What to extract. */
export interface ExtractRequest {
  /** Root-relative path (for fallback rules and error details). */
  file: string;
  /** The file's text. */
  text: string;
  /** Its size in bytes (for error details). */
  size: number;
  /** The language to read it as (detected, not disabled). */
  language: string;
  /** Budget of the whole extraction, parse included, in milliseconds. */
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

/** The languages a file may need, loaded before its first parse. */
interface Languages {
  loaded: LoadedLanguage;
  /** The language to parse it again with when its own finds errors. */
  fallback: LoadedLanguage | undefined;
  /** The languages the file's language embeds, or the error that kept one from loading. */
  embedded: Map<string, LoadedLanguage | Error>;
}

/** The language chosen for a file, and its first parse in it. */
interface Chosen extends Languages {
  tree: Tree;
  /** Decided by marks or guards: no fallback by error count. */
  decided: boolean;
  deadline: Deadline;
}

/**
 * Parses `request.text` as `request.language` (or the language its content says) and extracts its facts.
 *
 * @throws CodeIndexError `TS_PARSE_TIMEOUT` when the budget is spent, `LANGUAGE_LOAD_FAILED` when the grammar or
 * query cannot be loaded.
 */
export async function extractFile(registry: LanguageRegistry, request: ExtractRequest): Promise<FileFacts> {
  const disabled = request.disabledLanguages ?? new Set<string>();
  const languages = await loadLanguages(registry, request, disabled);
  // The clock starts once the languages are loaded: loading them is not the file's cost.
  request.onLoaded?.();
  const deadline = new Deadline(request.timeoutMs, detailsOf(request));
  const lines = new LineIndex(request.text);
  const started = performance.now();
  const chosen = await chooseLanguage(registry, request, languages, disabled, deadline);
  const current = new CurrentParse(parsedOf(chosen.tree, lines));
  try {
    const input: ParseInput = { text: request.text, lines, deadline: chosen.deadline, details: detailsOf(request) };
    const kept = secondChances(current, chosen.loaded, chosen.fallback, chosen.decided, input);
    const parseTimeMs = Math.round((performance.now() - started) * 100) / 100;
    chosen.deadline.check();
    const { parts, warnings } = extractParts(current.parsed.tree, kept.loaded, chosen.embedded, kept.cutNames, input, disabled);
    const { tree, syntax } = current.parsed;
    return assemble({
      language: kept.loaded.definition.id,
      tree,
      syntax,
      parseTimeMs,
      parts,
      lines,
      warnings: [...(request.warnings ?? []), ...skippedWarnings(kept.skipped, lines), ...depthWarnings(tree), ...warnings],
    });
  } finally {
    current.delete();
  }
}

/** Error details of a file. */
function detailsOf(request: ExtractRequest): Record<string, unknown> {
  return { file_path: request.file, file_size_bytes: request.size };
}

// ---- load and choose ----------------------------------------------------------------------------------------

/**
 * Every language the file may need, loaded before the first parse: no await while a tree is alive, so concurrent
 * extractions never hold several trees in WASM memory at once.
 */
async function loadLanguages(registry: LanguageRegistry, request: ExtractRequest, disabled: ReadonlySet<string>): Promise<Languages> {
  const loaded = await registry.load(request.language);
  const fallback = await fallbackFor(registry, loaded, request.file, disabled);
  const embedded = await loadInjections(registry, loaded, disabled);
  return { loaded, fallback, embedded };
}

/**
 * The file's language and its first parse. A file written in another language than its extension says (a C++ or
 * Objective-C `.h`): its marks in this first parse, else a source of that language beside it. Decided so (or guarded
 * for readers of another language: a C header's `#ifdef __cplusplus` block), the error-count fallback does not apply.
 */
async function chooseLanguage(
  registry: LanguageRegistry,
  request: ExtractRequest,
  languages: Languages,
  disabled: ReadonlySet<string>,
  deadline: Deadline,
): Promise<Chosen> {
  const details = detailsOf(request);
  const first = parseText(languages.loaded.parser, request.text, deadline.remainingMs(), details);
  const alternatives = alternativesFor(languages.loaded.definition, request.file).filter((alternative) => !disabled.has(alternative.language));
  if (alternatives.length === 0) return { ...languages, tree: first, decided: false, deadline };
  let other: string | undefined;
  let decided: boolean;
  try {
    const marks = readMarks(first.rootNode, request.text, alternatives, languages.loaded.definition.ignoreMarks);
    // Content first: another language's marks, or a guard that says the file is in its own; then the sources beside it.
    other = marks.language ?? (marks.guarded ? undefined : siblingLanguage(alternatives, request.siblingExtensions));
    decided = marks.guarded;
  } catch (error) {
    first.delete();
    throw error;
  }
  if (!other) return { ...languages, tree: first, decided, deadline };
  // No tree stays alive across the await (see above); loading the other language is not the file's cost either.
  first.delete();
  const spent = request.timeoutMs - deadline.remainingMs();
  const switched = await loadIfPossible(registry, other);
  const chosen = switched ? { ...languages, loaded: switched, embedded: await loadInjections(registry, switched, disabled) } : languages;
  const restarted = new Deadline(Math.max(1, request.timeoutMs - spent), details);
  const tree = parseText(chosen.loaded.parser, request.text, restarted.remainingMs(), details);
  return { ...chosen, tree, decided: decided || switched !== undefined, deadline: restarted };
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
  return loadIfPossible(registry, rule.language);
}

// ---- extract ------------------------------------------------------------------------------------------------

/**
 * The facts of the kept parse and of the languages embedded in it (each parsed over its ranges, its tree deleted
 * there). A macro's name, left out of the parse, is a use of the macro still. Out: the parts, main first, and the
 * warnings of embedded languages that could not be loaded.
 */
function extractParts(
  tree: Tree,
  loaded: LoadedLanguage,
  embedded: ReadonlyMap<string, LoadedLanguage | Error>,
  cutNames: readonly CutName[],
  input: ParseInput,
  disabled: ReadonlySet<string>,
): { parts: Extraction[]; warnings: Diagnostic[] } {
  const { text, lines, deadline } = input;
  const extracted = extractFacts({ tree, loaded, text, lines, deadline });
  const main = cutNames.length === 0 ? extracted : { ...extracted, references: withMacroUses(extracted.references, cutNames, lines) };
  const parts: Extraction[] = [main];
  const warnings: Diagnostic[] = [];
  for (const [id, ranges] of main.injections) {
    if (disabled.has(id)) continue;
    const injected = embedded.get(id);
    if (injected instanceof Error) {
      warnings.push({
        code: ErrorCode.LANGUAGE_LOAD_FAILED,
        message: `The embedded ${id} content was not analyzed: ${injected.message}`,
        details: { language: id },
      });
    } else if (injected) parts.push(extractInjected(injected, ranges, input));
  }
  return { parts, warnings };
}

/** The references, with a use of each macro left out of the parse, in source order. */
function withMacroUses(references: readonly Reference[], cutNames: readonly CutName[], lines: LineIndex): Reference[] {
  const uses = cutNames.map((name): Reference => ({ name: name.text, kind: 'macro', ...lines.position(name.start) }));
  return [...references, ...uses].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Parses and extracts one embedded language over its ranges; its tree is deleted here. */
function extractInjected(loaded: LoadedLanguage, ranges: Range[], input: ParseInput): Extraction {
  const { text, lines, deadline, details } = input;
  const tree = parseText(loaded.parser, text, deadline.remainingMs(), details, ranges);
  try {
    return extractFacts({ tree, loaded, text, lines, deadline });
  } finally {
    tree.delete();
  }
}

/** A warning per span the grammar failed on and the parse left out. */
function skippedWarnings(skipped: ReadonlyArray<{ start: number; end: number }>, lines: LineIndex): Diagnostic[] {
  return skipped.map((cut) => {
    const from = lines.position(cut.start).line;
    const to = lines.endLine(cut.start, cut.end);
    const one = from === to;
    return {
      code: ErrorCode.TS_PARSE_ERRORS,
      message:
        `${one ? `Line ${from}` : `Lines ${from}-${to}`} could not be parsed and ${one ? 'was' : 'were'} skipped: ` +
        `the grammar fails on a construct there (what ${one ? 'it defines is' : 'they define is'} missing)`,
      details: { line: from, end_line: to },
    };
  });
}

/** A warning when the tree nests deeper than queries search. */
function depthWarnings(tree: Tree): Diagnostic[] {
  if (!deeperThan(tree.rootNode, MAX_QUERY_DEPTH)) return [];
  return [
    {
      code: ErrorCode.NESTING_TOO_DEEP,
      message: `Code nested deeper than ${MAX_QUERY_DEPTH} levels of syntax tree was not searched: definitions and references inside it are missing`,
      details: { max_depth: MAX_QUERY_DEPTH },
    },
  ];
}

// ---- assemble -----------------------------------------------------------------------------------------------

/** What the file's facts are assembled from. */
interface Assembly {
  language: string;
  tree: Tree;
  syntax: ReturnType<typeof parsedOf>['syntax'];
  parseTimeMs: number;
  /** The main tree's facts first, then the embedded languages'. */
  parts: readonly Extraction[];
  lines: LineIndex;
  warnings: Diagnostic[];
}

/**
 * Joins the main tree's facts and the embedded languages' into the file's facts: indices of definitions and bindings
 * moved past the parts before, references, imports and outline items in source order.
 */
function assemble({ language, tree, syntax, parseTimeMs, parts, lines, warnings }: Assembly): FileFacts {
  const definitions: Definition[] = [];
  const references: Reference[] = [];
  const bindings: FileFacts['bindings'] = [];
  const imports: FileFacts['imports'] = [];
  const moduleSources: NonNullable<FileFacts['moduleSources']> = [];
  const outline: Required<FileFacts['outline']> = { keys: [], headings: [], codeBlocks: [], links: [] };
  for (const part of parts) {
    const offset = definitions.length;
    const bindingOffset = bindings.length;
    for (const def of part.definitions) definitions.push(offset && def.parent !== undefined ? { ...def, parent: def.parent + offset } : def);
    for (const ref of part.references) references.push(offset || bindingOffset ? movedReference(ref, offset, bindingOffset) : ref);
    for (const binding of part.bindings) bindings.push(offset && binding.def !== undefined ? { ...binding, def: binding.def + offset } : binding);
    imports.push(...part.imports);
    moduleSources.push(...part.moduleSources);
    outline.keys.push(...(part.outline.keys ?? []));
    outline.headings.push(...(part.outline.headings ?? []));
    outline.codeBlocks.push(...(part.outline.codeBlocks ?? []));
    outline.links.push(...(part.outline.links ?? []));
  }
  if (parts.length > 1) {
    references.sort((a, b) => a.line - b.line || a.column - b.column);
    imports.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    moduleSources.sort((a, b) => a.line - b.line || a.column - b.column);
    for (const list of Object.values(outline)) list.sort((a, b) => a.line - b.line);
  }
  const previews: Record<number, string> = {};
  for (const { line } of [...definitions, ...references]) previews[line] ??= lines.preview(line);
  return {
    language,
    rootNode: tree.rootNode.type,
    parseTimeMs,
    lineLengths: lines.lengths(),
    ...(lines.crlf ? { crlf: true as const } : {}),
    previews,
    definitions,
    references,
    bindings,
    imports,
    exports: parts[0]?.exports ?? [],
    ...(moduleSources.length > 0 ? { moduleSources } : {}),
    outline: Object.fromEntries(Object.entries(outline).filter(([, list]) => list.length > 0)),
    errors: syntax.errors,
    errorCount: syntax.count,
    warnings,
  };
}

/** A reference of an embedded language's part, its indices moved past the parts before it. */
function movedReference(ref: Reference, offset: number, bindingOffset: number): Reference {
  const moved = { ...ref };
  if (moved.enclosing !== undefined) moved.enclosing += offset;
  if (moved.binding !== undefined) moved.binding += bindingOffset;
  if (moved.qualifierBinding !== undefined) moved.qualifierBinding += bindingOffset;
  return moved;
}
