/**
 * A structural query over one file, in a worker thread or on the calling thread: read the file inside the root, parse
 * it with the query's language, and run the caller's tree-sitter query (its text predicates, `#eq?`, `#match?`,
 * `#any-of?`, evaluated as web-tree-sitter does) under the file's parse budget, up to a number of matches.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import { LineIndex } from '../extract/lines.js';
import { eachMatch, MATCH_CHUNK } from '../extract/matching.js';
import type { LoadedLanguage } from '../languages/registry.js';
import { Deadline } from '../runtime/deadline.js';
import { compileQuery, type Node, parseText, type Query } from '../runtime/tree-sitter.js';
import { type AnalysisContext, budgetOf, isWasmFault } from './analyze-file.js';
import { nodeFileSystem } from './node-file-system.js';
import { readSource, resolveInRoot } from './source.js';

/** One file to run a query over. */
export interface QueryJob {
  /** Root-relative path. */
  file: string;
  /** The language to parse it as, and the query's. */
  language: string;
  /** The query, in tree-sitter's S-expression syntax. */
  query: string;
  /** Matches of the file to pass over first (a continuation within the file). */
  skip: number;
  /** Matches to return at most (one more is looked for, to tell whether the file has more). */
  maxMatches: number;
  /** As `AnalysisJob.spentMs`. */
  spentMs?: number;
}

/** A captured node: where it is (1-based lines and columns, UTF-16) and its text, cut to its first line. */
export interface QueryCapture {
  /** The capture's name, without `@`. */
  name: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The node's type in the grammar. */
  type: string;
  /** The node's text on its first line, at most 200 characters (`…` marks a cut). */
  text: string;
}

/** One match in a file: the index of the query's pattern that matched, and its captures in source order. */
export interface QueryFileMatch {
  pattern: number;
  captures: QueryCapture[];
}

/** What a query job gives back: the matches, whether the file has more, or the error that stopped it. */
export interface QueryOutcome {
  matches: QueryFileMatch[];
  /** The file has matches past those returned. */
  more?: true;
  error?: { code: string; message: string; data?: Record<string, unknown> };
}

/** A capture's text kept at most. */
export const MAX_CAPTURE_TEXT = 200;

/** Compiled queries a thread keeps, per loaded language. */
const MAX_COMPILED = 16;

const compiled = new WeakMap<LoadedLanguage, Map<string, Query>>();

/**
 * The query compiled for the language, kept for the next files. A query that does not compile is `INVALID_ARGUMENT`
 * with where the compiler stopped (`offset`, `line`, `column` in the query text) and what it found there.
 */
export function userQuery(loaded: LoadedLanguage, text: string): Query {
  let queries = compiled.get(loaded);
  if (!queries) {
    queries = new Map();
    compiled.set(loaded, queries);
  }
  const known = queries.get(text);
  if (known) return known;
  let query: Query;
  try {
    query = compileQuery(loaded.language, text, false).query;
  } catch (error) {
    throw queryError(error, text);
  }
  queries.set(text, query);
  if (queries.size > MAX_COMPILED) {
    const [oldest, dropped] = queries.entries().next().value as [string, Query];
    queries.delete(oldest);
    dropped.delete();
  }
  return query;
}

function queryError(error: unknown, text: string): CodeIndexError {
  const { index, message } = error as { index?: number; message?: string };
  const offset = typeof index === 'number' ? Math.max(0, Math.min(index, text.length)) : undefined;
  const before = offset === undefined ? '' : text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset === undefined ? undefined : offset - before.lastIndexOf('\n');
  const where = offset === undefined ? '' : ` at line ${line}, column ${column}`;
  return new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `The query does not compile${where}: ${message ?? String(error)}`, {
    ...(offset !== undefined ? { offset, line, column } : {}),
    suggestion: 'Check node and field names against the grammar (the parse tool shows a file\'s tree), and that parentheses balance',
  });
}

/** Thrown inside the match loop once enough matches are in hand: the query cursor stops at once. */
class Enough extends Error {}

/** Reads and parses a file and runs the query over it (its tree is deleted here). Never throws. */
export async function runQueryJob(job: QueryJob, context: AnalysisContext): Promise<QueryOutcome> {
  try {
    const fs = context.fileSystem ?? nodeFileSystem;
    const path = await resolveInRoot(context.root, job.file, fs);
    const loaded = await context.registry.load(job.language);
    const query = userQuery(loaded, job.query);
    const source = await readSource(path, context.limits.maxFileSize, fs);
    const budget = budgetOf(context, job);
    const details = { file_path: job.file };
    const deadline = new Deadline(budget, details);
    const tree = parseText(loaded.parser, source.text, budget, details);
    try {
      const lines = new LineIndex(source.text);
      const matches: QueryFileMatch[] = [];
      let seen = 0;
      let more = false;
      try {
        eachMatch(
          query,
          tree.rootNode,
          deadline,
          MATCH_CHUNK,
          (match) => {
            if (seen++ < job.skip) return;
            if (matches.length >= job.maxMatches) {
              more = true;
              throw new Enough();
            }
            const captures: QueryCapture[] = [];
            for (const [name, nodes] of match.captures) for (const node of nodes) captures.push(captureOf(name, node, lines));
            captures.sort((a, b) => a.line - b.line || a.column - b.column);
            matches.push({ pattern: match.patternIndex, captures });
          },
          () => undefined,
          '',
        );
      } catch (error) {
        if (!(error instanceof Enough)) throw error;
      }
      return { matches, ...(more ? { more: true as const } : {}) };
    } finally {
      tree.delete();
    }
  } catch (error) {
    if (error instanceof CodeIndexError) return { matches: [], error: { code: error.code, message: error.message, data: error.data } };
    return {
      matches: [],
      error: {
        code: ErrorCode.ANALYSIS_FAILED,
        message: `Query over ${job.file} failed: ${error instanceof Error ? error.message : String(error)}`,
        data: { file_path: job.file, ...(isWasmFault(error) ? { fault: true } : {}) },
      },
    };
  }
}

function captureOf(name: string, node: Node, lines: LineIndex): QueryCapture {
  const start = lines.position(node.startIndex);
  const end = lines.position(node.endIndex);
  // (its first line: what precedes the first line break the line index knows)
  const text = node.endIndex - node.startIndex > MAX_CAPTURE_TEXT * 4 || end.line > start.line ? lines.text(start.line).slice(start.column - 1) : node.text;
  const first = end.line > start.line ? text : text.slice(0, Math.max(0, end.column - start.column));
  const cut = end.line > start.line || first.length > MAX_CAPTURE_TEXT;
  return {
    name,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    type: node.type,
    text: cut ? `${first.slice(0, MAX_CAPTURE_TEXT - 1)}…` : first,
  };
}
