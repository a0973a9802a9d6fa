/**
 * One file, read and analyzed once: its facts as plain data, plus the stat and hash that validate them.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import { analyzeText } from '../extract/analyze.js';
import { LineIndex } from '../extract/lines.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { FileFacts } from '../model/facts.js';
import { analysisOf, definitionTagsOf, referenceTagsOf, signaturesOf, symbolsOf } from '../model/views.js';
import type { FileAnalysis, ParsedSymbol, SignatureInfo, SymbolDefinition, SymbolReference } from '../types.js';
import { type ResolvedPath, readSource } from './source.js';

/** Limits applied to every file. */
export interface FileLimits {
  maxFileSize: number;
  parseTimeoutMs: number;
}

/** What code-index keeps of one file. */
export interface FileRecord {
  facts: FileFacts;
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

/** The facts of a file no registered (or enabled) language handles. */
export function unsupportedFacts(text: string, warnings: FileFacts['warnings']): FileFacts {
  return {
    language: 'unknown',
    rootNode: '',
    parseTimeMs: 0,
    lineLengths: new LineIndex(text).lengths(),
    previews: {},
    definitions: [],
    references: [],
    imports: [],
    exports: [],
    outline: {},
    errors: [],
    errorCount: 0,
    warnings,
  };
}

/** Builds a record's views from facts. */
export function recordOf(file: string, facts: FileFacts, stat: { size: number; mtimeMs: number; hash: string }): FileRecord {
  return {
    facts,
    analysis: analysisOf(file, facts),
    signatures: signaturesOf(facts),
    symbols: symbolsOf(facts),
    rootNode: facts.rootNode,
    parseTimeMs: facts.parseTimeMs,
    definitions: definitionTagsOf(facts),
    references: referenceTagsOf(facts),
    ...stat,
  };
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
  // Read first: a missing file, a directory or a binary is reported as such, not as a language problem.
  const source = await readSource(path, limits.maxFileSize);
  const stat = { size: source.size, mtimeMs: source.mtimeMs, hash: source.hash };
  if (!languageId) {
    const warning = detection.warning ?? {
      code: ErrorCode.TS_UNSUPPORTED_LANGUAGE,
      message: `Language ${detection.language} is disabled`,
      details: { file_path: path.relative, extension: detection.extension },
    };
    return recordOf(path.relative, unsupportedFacts(source.text, [...source.warnings, warning]), stat);
  }
  const facts = await analyzeText(registry, {
    file: path.relative,
    text: source.text,
    size: source.size,
    language: languageId,
    timeoutMs: limits.parseTimeoutMs,
    disabledLanguages,
    warnings: [...source.warnings],
  });
  return recordOf(path.relative, facts, stat);
}
