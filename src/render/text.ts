/**
 * Small helpers every rendering shares: the detail levels, positions, first doc lines, shortened values.
 *
 * @module
 */

/**
 * How much a compact rendering says: `outline` (kind, name and line of each definition), `signatures` (the
 * default: signatures, types and values, positions, the first line of each doc comment), `full` (everything the
 * structured result has, still one fact per line: whole doc comments, decorators, spans, every import and link).
 */
export type Detail = 'outline' | 'signatures' | 'full';

/** Every detail level, least first. */
export const DETAILS: readonly Detail[] = ['outline', 'signatures', 'full'];

/** Longest first doc line shown before it is cut. */
const MAX_DOC_LINE = 100;

/**
 * Where a definition is: its line (enough to read it, or to navigate with `{ file, line, symbol }`); in full
 * detail `12:5-40`, line, column and last line.
 */
export function position(detail: Detail, line: number, column?: number, endLine?: number): string {
  if (detail !== 'full' || column === undefined) return `${line}`;
  return endLine !== undefined && endLine > line ? `${line}:${column}-${endLine}` : `${line}:${column}`;
}

/** The first sentence of a doc comment's first prose line (not a `@tag` line), cut to a sane length. */
export function firstDocLine(doc: string | undefined): string | undefined {
  if (!doc) return undefined;
  for (const raw of doc.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('@')) continue;
    const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
    return sentence.length > MAX_DOC_LINE ? `${sentence.slice(0, MAX_DOC_LINE - 1)}…` : sentence;
  }
  return undefined;
}

/** The doc suffix of a line: `  — first line` (none in outlines, and in full detail the doc is quoted below). */
export function docSuffix(detail: Detail, doc: string | undefined): string {
  if (detail !== 'signatures') return '';
  const first = firstDocLine(doc);
  return first ? `  — ${first}` : '';
}

/** In full detail, the whole doc comment quoted under its item (`> ` lines, blank edges dropped). */
export function docBody(detail: Detail, doc: string | undefined, indent: string): string[] {
  if (detail !== 'full' || !doc) return [];
  const lines = doc.split('\n');
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines.map((line) => `${indent}  > ${line}`.trimEnd());
}

/** Joins the present words with single spaces. */
export function words(...parts: Array<string | false | undefined | null>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

/** A string collapsed to one line (runs of whitespace to one space). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
