/**
 * The model's code snippets checked against the files before they are returned: a snippet is real lines of a
 * real file inside the root, or it is repaired (moved to where its lines are, filled with the file's lines where
 * the model elided or paraphrased them) or dropped, and every repair and drop is reported.
 *
 * @module
 */
import type { CodeIndex } from '../code-index.js';
import { runTool } from '../tools/runner.js';
import type { ExplainerLogger } from './logger.js';
import type { CodeSnippet } from './schemas.js';
import { plainReadFile, type RequestScope } from './tools.js';

/** Longest snippet returned, in lines; longer ones are cut. */
export const MAX_SNIPPET_LINES = 60;
/** Most snippets returned. */
export const MAX_SNIPPETS = 10;

/** What the check did. */
export interface SnippetCheck {
  snippets: CodeSnippet[];
  /** One line per repaired snippet, for the answer's notes. */
  corrected: string[];
  /** One line per dropped snippet. */
  dropped: string[];
}

interface Candidate {
  file: string;
  startLine?: number;
  endLine?: number;
  content: string;
  relevance: string;
}

const ELISION = /^(?:\.\.\.|…|(?:\/\/|#|--|;)\s*(?:\.\.\.|…).*|\/\*\s*(?:\.\.\.|…)\s*\*\/|\{\s*(?:\.\.\.|…)\s*\})$/;

const normal = (line: string) => line.trim().replace(/\s+/g, ' ');

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && normal(lines[start] ?? '') === '') start++;
  while (end > start && normal(lines[end - 1] ?? '') === '') end--;
  return lines.slice(start, end);
}

function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** A snippet as the model wrote it, read leniently (numbers as strings, missing fields); undefined when unusable. */
function candidate(value: unknown): Candidate | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const file = typeof v.file === 'string' ? v.file.trim() : typeof v.path === 'string' ? v.path.trim() : '';
  if (file === '') return undefined;
  const startLine = integer(v.startLine);
  const endLine = integer(v.endLine) ?? startLine;
  return {
    file,
    ...(startLine !== undefined ? { startLine } : {}),
    ...(endLine !== undefined ? { endLine } : {}),
    content: typeof v.content === 'string' ? v.content : '',
    relevance: typeof v.relevance === 'string' ? v.relevance.trim() : '',
  };
}

/** Where `wanted` (normalized lines) occurs in `lines`, nearest to `near` (0-based); -1 when nowhere. */
function locate(lines: string[], wanted: string[], near: number): number {
  const normalized = lines.map(normal);
  let best = -1;
  for (let i = 0; i + wanted.length <= normalized.length; i++) {
    if (normalized[i] !== wanted[0]) continue;
    let all = true;
    for (let j = 1; j < wanted.length && all; j++) all = normalized[i + j] === wanted[j];
    if (all && (best < 0 || Math.abs(i - near) < Math.abs(best - near))) best = i;
  }
  return best;
}

/** True when every line of `wanted` occurs in `range`, in order. */
function inOrder(range: string[], wanted: string[]): boolean {
  const normalized = range.map(normal);
  let at = 0;
  for (const line of wanted) {
    while (at < normalized.length && normalized[at] !== line) at++;
    if (at === normalized.length) return false;
    at++;
  }
  return true;
}

/** Context of {@link checkSnippets}. */
export interface SnippetContext {
  index: CodeIndex;
  scope: RequestScope;
  logger: ExplainerLogger;
  requestId: string;
}

/** Checks, repairs or drops each snippet the model gave; the kept ones hold the file's exact lines. */
export async function checkSnippets(values: unknown[], context: SnippetContext): Promise<SnippetCheck> {
  const result: SnippetCheck = { snippets: [], corrected: [], dropped: [] };
  const files = new Map<string, string[] | { code: string; message: string }>();
  const seen = new Set<string>();
  const readFile = plainReadFile();
  for (const value of values) {
    const snippet = candidate(value);
    if (!snippet) {
      result.dropped.push('a snippet without a file was dropped');
      continue;
    }
    const rel = context.scope.relative(snippet.file);
    if (rel === undefined || rel === '' || context.scope.isExcluded(rel) || context.scope.depth(rel) > context.scope.options.maxDepth) {
      result.dropped.push(`${snippet.file}: outside the project or the request's scope, dropped`);
      context.logger.warn({ requestId: context.requestId, path: snippet.file, purpose: 'snippet check' }, 'snippet outside the scope dropped');
      continue;
    }
    let lines = files.get(rel);
    if (!lines) {
      // Checked here, never shown to the model: the whole first page (the spec's 500 KB), not one sized for a result.
      const read = await runTool(readFile, { path: rel }, { index: context.index }, { maxResultChars: Number.MAX_SAFE_INTEGER });
      context.logger.info({ requestId: context.requestId, tool: 'snippet_check', path: rel, ok: read.ok, ...(read.ok ? {} : { code: read.error.code }) }, 'file access');
      lines = read.ok ? (read.data as { content: string }).content.split('\n') : { code: read.error.code, message: read.error.message };
      files.set(rel, lines);
    }
    if (!Array.isArray(lines)) {
      result.dropped.push(`${rel}: cannot be read (${lines.code}), dropped`);
      continue;
    }
    const placed = place(lines, snippet);
    if (!placed) {
      result.dropped.push(`${rel}${snippet.startLine ? ` lines ${snippet.startLine}-${snippet.endLine}` : ''}: the quoted code is not in the file, dropped`);
      continue;
    }
    const start = placed.start;
    let end = placed.end;
    const notes = placed.note ? [placed.note] : [];
    if (end - start + 1 > MAX_SNIPPET_LINES) {
      end = start + MAX_SNIPPET_LINES - 1;
      notes.push(`cut to ${MAX_SNIPPET_LINES} lines`);
    }
    const key = `${rel}:${start}:${end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (result.snippets.length >= MAX_SNIPPETS) {
      result.dropped.push(`${rel} lines ${start}-${end}: more than ${MAX_SNIPPETS} snippets, dropped`);
      continue;
    }
    if (notes.length > 0) result.corrected.push(`${rel} lines ${start}-${end}: ${notes.join('; ')}`);
    result.snippets.push({ file: rel, startLine: start, endLine: end, content: lines.slice(start - 1, end).join('\n'), relevance: snippet.relevance });
  }
  return result;
}

/** Where a snippet's lines are (1-based, inclusive) and what had to change; undefined when they are nowhere. */
function place(lines: string[], snippet: Candidate): { start: number; end: number; note?: string } | undefined {
  const total = lines.length;
  const { startLine: s, endLine: e } = snippet;
  const validRange = s !== undefined && e !== undefined && s <= e && e <= total;
  const quoted = trimBlankEdges(snippet.content.split(/\r?\n/)).map(normal);
  const elided = quoted.some((line) => ELISION.test(line));
  const substantive = quoted.filter((line) => line !== '' && !ELISION.test(line));
  if (quoted.length === 0) {
    return validRange ? { start: s, end: e, note: 'content filled in from the file' } : undefined;
  }
  if (validRange && !elided) {
    const range = trimBlankEdges(lines.slice(s - 1, e));
    if (range.length === quoted.length && range.every((line, i) => normal(line) === quoted[i])) return { start: s, end: e };
  }
  // Too little to identify a place by (a lone brace).
  if (!substantive.some((line) => line.replace(/[\s{}()[\];,]/g, '').length >= 3)) return undefined;
  if (!elided) {
    const at = locate(lines, quoted, (s ?? 1) - 1);
    if (at >= 0) {
      const start = at + 1;
      const end = at + quoted.length;
      return { start, end, ...(s === start && e === end ? {} : { note: s === undefined ? 'line numbers added' : `line numbers corrected from ${s}-${e}` }) };
    }
  }
  if (validRange && inOrder(lines.slice(s - 1, e), substantive)) {
    return { start: s, end: e, note: 'content replaced by the file\'s lines' };
  }
  return undefined;
}
