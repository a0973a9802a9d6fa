/**
 * One file, parsed once: everything the operations answer from, as plain data (the tree is deleted before this
 * returns: WASM memory is not garbage-collected).
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import { buildAnalysis, buildSignatures, buildSymbols, buildTags, splitLines } from '../extract/analysis.js';
import { extractFacts, type FileFacts, type InjectionLanguages } from '../extract/facts.js';
import type { LanguageRegistry, LoadedLanguage } from '../languages/registry.js';
import {
  collectSyntaxErrors,
  type Parser,
  parseText,
  type Range,
  rangesWithoutBareMacros,
  type Tree,
} from '../runtime/tree-sitter.js';
import type { Diagnostic, FileAnalysis, ParsedSymbol, SignatureInfo, SymbolDefinition, SymbolReference } from '../types.js';
import { type ResolvedPath, readSource } from './source.js';

/** Limits applied to every file. */
export interface FileLimits {
  maxFileSize: number;
  parseTimeoutMs: number;
}

/** What code-index keeps of one file. */
export interface FileRecord {
  analysis: FileAnalysis;
  signatures: SignatureInfo[];
  symbols: ParsedSymbol[];
  rootNode: string;
  parseTimeMs: number;
  /** Navigation tags: every definition (locals too) and reference. */
  definitions: SymbolDefinition[];
  references: SymbolReference[];
  /** Size and modification time when read, and the content hash. */
  size: number;
  mtimeMs: number;
  hash: string;
}

function emptyAnalysis(file: string, language: string, warnings: Diagnostic[]): FileAnalysis {
  return {
    file,
    language,
    functions: [],
    classes: [],
    interfaces: [],
    exports: [],
    imports: [],
    constants: [],
    errors: [],
    warnings,
  };
}

async function loadInjections(registry: LanguageRegistry, loaded: LoadedLanguage): Promise<InjectionLanguages> {
  const map = new Map<string, LoadedLanguage>();
  for (const id of Object.values(loaded.definition.injections ?? {})) {
    try {
      map.set(id, await registry.load(id));
    } catch {
      // An injected language that fails to load costs only its own facts.
    }
  }
  return map;
}

interface Parsed {
  tree: Tree;
  syntax: ReturnType<typeof collectSyntaxErrors>;
}

/**
 * Parses again (with another grammar, or without some ranges) and returns the new parse when it has fewer syntax
 * errors, deleting the old tree; otherwise deletes the new one and returns undefined. A second parse that times out
 * leaves the first standing.
 */
function reparseIfBetter(
  current: Parsed,
  parser: Parser,
  text: string,
  timeoutMs: number,
  details: Record<string, unknown>,
  ranges?: Range[],
): Parsed | undefined {
  let tree: Tree;
  try {
    tree = parseText(parser, text, timeoutMs, details, ranges);
  } catch {
    return undefined;
  }
  const syntax = collectSyntaxErrors(tree.rootNode);
  if (syntax.count < current.syntax.count) {
    current.tree.delete();
    return { tree, syntax };
  }
  tree.delete();
  return undefined;
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

/**
 * Reads, parses and extracts one file. An unsupported language yields an empty analysis with a
 * `TS_UNSUPPORTED_LANGUAGE` warning; syntax errors yield partial results with a `TS_PARSE_ERRORS` warning.
 *
 * @throws CodeIndexError for files that cannot be read or parsed at all (see `readSource`, `TS_PARSE_TIMEOUT`).
 */
export async function processFile(
  registry: LanguageRegistry,
  path: ResolvedPath,
  limits: FileLimits,
  disabledLanguages: ReadonlySet<string> = new Set(),
): Promise<FileRecord> {
  const detection = registry.detectLanguage(path.relative);
  const languageId = detection.language && !disabledLanguages.has(detection.language) ? detection.language : undefined;
  if (!languageId) {
    // Still read it: a missing file, a directory or a binary is reported as such, not as a language problem.
    const source = await readSource(path, limits.maxFileSize);
    const warning = detection.warning ?? {
      code: ErrorCode.TS_UNSUPPORTED_LANGUAGE,
      message: `Language ${detection.language} is disabled`,
      details: { file_path: path.relative, extension: detection.extension },
    };
    return {
      analysis: emptyAnalysis(path.relative, 'unknown', [warning]),
      signatures: [],
      symbols: [],
      rootNode: '',
      parseTimeMs: 0,
      definitions: [],
      references: [],
      size: source.size,
      mtimeMs: source.mtimeMs,
      hash: source.hash,
    };
  }
  const source = await readSource(path, limits.maxFileSize);
  let loaded = await registry.load(languageId);
  const started = performance.now();
  const details = { file_path: path.relative, file_size_bytes: source.size };
  const first = parseText(loaded.parser, source.text, limits.parseTimeoutMs, details);
  let parsed: Parsed = { tree: first, syntax: collectSyntaxErrors(first.rootNode) };
  // Second chances for files with syntax errors; the parse with fewer errors wins.
  const fallback =
    parsed.syntax.count > 0 ? await fallbackFor(registry, loaded, path.relative, disabledLanguages) : undefined;
  if (fallback) {
    const better = reparseIfBetter(parsed, fallback.parser, source.text, limits.parseTimeoutMs, details);
    if (better) {
      parsed = better;
      loaded = fallback;
    }
  }
  if (parsed.syntax.count > 0 && loaded.definition.skipBareMacroLines) {
    const ranges = rangesWithoutBareMacros(parsed.tree.rootNode, source.text);
    if (ranges) parsed = reparseIfBetter(parsed, loaded.parser, source.text, limits.parseTimeoutMs, details, ranges) ?? parsed;
  }
  const { tree, syntax } = parsed;
  const language = loaded.definition.id;
  const injections = await loadInjections(registry, loaded);
  const parseTimeMs = Math.round((performance.now() - started) * 100) / 100;
  let facts: FileFacts | undefined;
  try {
    facts = extractFacts(tree, loaded, source.text, injections);
    const style = loaded.definition.signature ?? {};
    const analysis: FileAnalysis = {
      ...emptyAnalysis(path.relative, language, [...source.warnings]),
      ...buildAnalysis(facts, style, (loaded.definition.exports ?? 'declared') !== 'declared'),
    };
    const { count, errors } = syntax;
    analysis.errors = errors;
    if (count > 0) {
      analysis.warnings.push({
        code: ErrorCode.TS_PARSE_ERRORS,
        message: `File parsed with ${count} syntax error${count === 1 ? '' : 's'} (results may be incomplete)`,
        details: { error_count: count, errors },
      });
    }
    // Put the optional outline fields after the spec's fields, and errors/warnings last, for readable output.
    const { errors: e, warnings: w, ...rest } = analysis;
    const tags = buildTags(facts, splitLines(source.text), style);
    return {
      ...tags,
      size: source.size,
      mtimeMs: source.mtimeMs,
      hash: source.hash,
      analysis: { ...rest, errors: e, warnings: w },
      signatures: buildSignatures(facts, style),
      symbols: buildSymbols(facts),
      rootNode: tree.rootNode.type,
      parseTimeMs,
    };
  } finally {
    // Trees live in WASM memory, which is not garbage-collected: delete them once the plain data is built.
    for (const injected of facts?.injectedTrees ?? []) injected.delete();
    tree.delete();
  }
}
