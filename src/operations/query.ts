/**
 * query: a tree-sitter query (an S-expression with captures and predicates) over every file of one language under a
 * folder, answered in pages: each file is parsed in a parse thread under its parse budget, the whole call under its
 * own time limit, and a page that stops early (enough matches, out of time) says where the next one starts.
 *
 * @module
 */
import type { QueryCapture, QueryOutcome } from '../engine/query-file.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { OperationContext } from './context.js';
import { scopeInsideRoot } from './target.js';

/** Matches one answer lists when the call gives no `maxMatches`. */
export const DEFAULT_QUERY_MATCHES = 100;
/** The most matches one answer lists. */
export const MAX_QUERY_MATCHES = 1000;
/** The time one answer may take when the call gives no `timeoutMs`. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/** The most time one answer may take. */
export const MAX_QUERY_TIMEOUT_MS = 60_000;
/** The longest query text accepted. */
export const MAX_QUERY_TEXT = 16_384;

/** Options of {@link CodeIndex.query}. */
export interface StructuralQueryOptions {
  /** The language whose files are searched, by id (`typescript`, `python`, `go`, ...); the query is in its grammar. */
  language: string;
  /** A tree-sitter query: patterns, `@captures`, predicates (`#eq?`, `#match?`, `#any-of?`, their `not-` forms). */
  query: string;
  /** Only the files under this folder, or this one file (relative to the root). @defaultValue the whole root */
  path?: string;
  /** The most matches listed (at most 1,000). @defaultValue 100 */
  maxMatches?: number;
  /** The time the answer may take, in milliseconds (at most 60,000): past it, the answer says where to go on. @defaultValue 10,000 */
  timeoutMs?: number;
  /** Where to go on: the `next` of the previous answer (with the same language, query and path). */
  cursor?: string;
  /** Stops the search; the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** One match: the file, the pattern of the query that matched (0-based, in the query's order), its captures. */
export interface StructuralMatch {
  file: string;
  pattern: number;
  /** In source order. Captures whose names start with `_` are left out (tree-sitter's convention for helpers). */
  captures: QueryCapture[];
}

/** What {@link CodeIndex.query} found. */
export interface StructuralQueryResult {
  language: string;
  matches: StructuralMatch[];
  /** Files of the language under the path. */
  files: number;
  /** Files this answer went through (whole, or up to its last match). */
  searched: number;
  /** Why the answer stopped before the last file: enough matches, or out of time. */
  stoppedBy?: 'maxMatches' | 'timeout';
  /** Where the next answer starts (pass it as `cursor`), when this one stopped early. */
  next?: string;
  /** Files that could not be searched (too large, binary, out of parse time), with why. */
  skipped: Array<{ file: string; reason: string }>;
}

/** Where a page of a query goes on: the file (by its index in path order) and the matches of it already listed. */
interface Cursor {
  file: number;
  skip: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.file, cursor.skip])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const [file, skip] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(file) && Number.isSafeInteger(skip) && (file as number) >= 0 && (skip as number) >= 0) return { file: file as number, skip: skip as number };
  } catch {
    // below
  }
  throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'cursor is not one a previous answer gave', { cursor: text.slice(0, 100) });
}

function bounded(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a whole number from 1 to ${max}, got ${value}`, { [name]: value });
  }
  return value;
}

/**
 * Runs a tree-sitter query over the files of a language under a path, answered in path order, up to `maxMatches`
 * matches and `timeoutMs`; the files are searched on every parse thread at once, each under the parse budget.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a query that does not compile (with where: `line`, `column`,
 * `offset`), an unknown language, a path outside the root, a bad cursor or bound; the signal's reason when it aborts.
 */
export async function runStructuralQuery(context: Pick<OperationContext, 'workspace' | 'analyzer'>, options: StructuralQueryOptions): Promise<StructuralQueryResult> {
  const { workspace } = context;
  const language = options.language;
  if (typeof language !== 'string' || !workspace.registry.get(language)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Unknown language ${JSON.stringify(language)}`, {
      language,
      supported: workspace.registry.list().map((definition) => definition.id),
    });
  }
  if (typeof options.query !== 'string' || options.query.trim() === '' || options.query.length > MAX_QUERY_TEXT) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `query must be a tree-sitter query of 1 to ${MAX_QUERY_TEXT} characters`, {});
  }
  const maxMatches = bounded('maxMatches', options.maxMatches, DEFAULT_QUERY_MATCHES, MAX_QUERY_MATCHES);
  const timeoutMs = bounded('timeoutMs', options.timeoutMs, DEFAULT_QUERY_TIMEOUT_MS, MAX_QUERY_TIMEOUT_MS);
  const scope = scopeInsideRoot(options.path);
  const start = options.cursor === undefined ? { file: 0, skip: 0 } : decodeCursor(options.cursor);
  const until = performance.now() + timeoutMs;

  const files = [...(await workspace.listFiles())]
    .filter((file) => (scope === '' || file === scope || file.startsWith(`${scope}/`)) && workspace.languageOf(file) === language)
    .sort();
  const matches: StructuralMatch[] = [];
  const skipped: StructuralQueryResult['skipped'] = [];
  const analyzer = context.analyzer();
  // Files are searched on every parse thread at once, a window ahead of the one the answer reads next, and read in
  // path order: an answer that stops early (enough matches, out of time) drops what the window searched past it.
  const window = Math.max(1, analyzer.threads);
  const searches = new Map<number, Promise<QueryOutcome>>();
  const launch = (i: number) => {
    if (i >= files.length || searches.has(i)) return;
    const from = i === start.file ? start.skip : 0;
    const search = analyzer.query({ file: files[i] as string, language, query: options.query, skip: from, maxMatches: maxMatches - matches.length });
    // (a search the answer stops before reading must not fail the process unseen)
    searches.set(i, search.catch((error: unknown) => ({ matches: [], error: { code: ErrorCode.ANALYSIS_FAILED, message: String(error) } })));
  };
  let at = start.file;
  let skip = start.skip;
  let stoppedBy: StructuralQueryResult['stoppedBy'];
  let searched = 0;
  for (; at < files.length; at++, skip = 0) {
    options.signal?.throwIfAborted();
    // (at least one file an answer: a page that searched none would give back its own cursor)
    if (searched > 0 && performance.now() > until) {
      stoppedBy = 'timeout';
      break;
    }
    for (let i = at; i < at + window; i++) launch(i);
    const file = files[at] as string;
    const outcome = await (searches.get(at) as Promise<QueryOutcome>);
    searches.delete(at);
    searched++;
    if (outcome.error) {
      // A query that does not compile fails the same way on every file: the call's error, not a file's.
      if (outcome.error.code === ErrorCode.INVALID_ARGUMENT) throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, outcome.error.message, outcome.error.data ?? {});
      skipped.push({ file, reason: `${outcome.error.code}: ${outcome.error.message}` });
      continue;
    }
    // A search launched ahead was bounded by the matches left then: at most what is left now is taken.
    const left = maxMatches - matches.length;
    const taken = outcome.matches.slice(0, left);
    for (const match of taken) {
      const captures = match.captures.filter((capture) => !capture.name.startsWith('_'));
      matches.push({ file, pattern: match.pattern, captures });
    }
    if (outcome.more || outcome.matches.length > taken.length) {
      stoppedBy = 'maxMatches';
      skip += taken.length;
      break;
    }
    if (matches.length >= maxMatches && at + 1 < files.length) {
      stoppedBy = 'maxMatches';
      at++;
      skip = 0;
      break;
    }
  }
  const next = stoppedBy ? encodeCursor({ file: at, skip }) : undefined;
  return {
    language,
    matches,
    files: files.length,
    searched,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(next ? { next } : {}),
    skipped,
  };
}
