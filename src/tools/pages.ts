/**
 * Pages that fit the result budget. The runner cuts any result over its budget (`maxResultChars`), and a cut made
 * after a tool paged loses content with no way to ask for it; so a tool measures its own page in characters of JSON,
 * as the runner does, and stops where the budget ends, with a continuation (an offset, a line, or a line and a
 * column inside a line too long for one page) from which the next call goes on exactly.
 *
 * @module
 */

/** Default result budget of the runner, in characters of JSON (kept equal to the runner's default). */
export const DEFAULT_RESULT_BUDGET = 100_000;

/**
 * What a page leaves for the rest of a result (paths, counts, a warning, `hint`): a page of content gets the budget
 * minus this.
 */
export const RESULT_OVERHEAD_CHARS = 4_000;

/** The smallest page budget, whatever the runner allows (a page must say something). */
const MIN_PAGE_CHARS = 1_000;

/** Characters of a page's content: `preferred`, or less when the result budget is smaller. */
export function pageBudget(preferred: number, maxResultChars: number | undefined): number {
  const budget = maxResultChars ?? DEFAULT_RESULT_BUDGET;
  // A small budget (a caller's maxTokens) keeps its proportions: a quarter for the rest of the result, at least half
  // for the page.
  const room = budget - Math.min(RESULT_OVERHEAD_CHARS, Math.floor(budget / 4));
  return Math.max(Math.min(MIN_PAGE_CHARS, Math.floor(budget / 2)), Math.min(preferred, room));
}

/** Characters one UTF-16 code unit takes inside a JSON string (`"` and `\` are escaped, control characters too). */
function encodedUnit(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
  // A lone surrogate is written as \udxxx; a pair as itself.
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(at + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 1 : 6;
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = text.charCodeAt(at - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 1 : 6;
  }
  return 1;
}

/** Length of `text` inside a JSON string, without the quotes (what `JSON.stringify(text).length - 2` gives). */
export function encodedLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) length += encodedUnit(text, i);
  return length;
}

/**
 * How many code units of `text`, from `from`, fit in `budget` characters of JSON. Never ends between the two halves
 * of a surrogate pair; at least one character (or pair) when `text` has any, so that a page always moves on.
 */
export function fittingPrefix(text: string, from: number, budget: number): number {
  let used = 0;
  let end = from;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const pair = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    const width = pair ? 2 : 1;
    const cost = pair ? 2 : encodedUnit(text, end);
    if (used + cost > budget && end > from) break;
    used += cost;
    end += width;
  }
  return end - from;
}

/** A run of lines read from a 1-based line and column, that fits a budget. */
export interface LinePage {
  /** The text: whole lines joined by `\n`, the first from `startColumn`, the last possibly cut. */
  content: string;
  /** The last line the content reaches (whole or in part). */
  endLine: number;
  /** Lines the content touches. */
  linesReturned: number;
  /** When the content stops inside `endLine`: the 1-based column to continue from. */
  nextColumn?: number;
  /** True when it reached `lastLine` entirely. */
  reachedEnd: boolean;
}

/**
 * Reads `lines[startLine - 1]` from `startColumn`, then whole lines up to `lastLine`, as long as the content fits
 * `budget` characters of JSON. A line too long to fit on a page of its own is cut, and `nextColumn` says where its
 * rest starts: the next page (from `endLine`, `nextColumn`) goes on exactly, so the pages put together (joined with
 * nothing after a cut line, with `\n` otherwise) are the text itself.
 */
export function readLinePage(lines: readonly string[], startLine: number, startColumn: number, lastLine: number, budget: number): LinePage {
  const parts: string[] = [];
  let used = 0;
  let line = startLine;
  for (; line <= lastLine; line++) {
    const whole = lines[line - 1] ?? '';
    const from = line === startLine ? startColumn - 1 : 0;
    const piece = from > 0 ? whole.slice(from) : whole;
    // A line after the first costs its separator too (`\n` is two characters of JSON).
    const cost = encodedLength(piece) + (parts.length > 0 ? 2 : 0);
    if (used + cost <= budget) {
      parts.push(piece);
      used += cost;
      continue;
    }
    if (parts.length > 0) break;
    // A line longer than a page on its own: cut it, and say where its rest starts.
    const taken = fittingPrefix(whole, from, budget);
    parts.push(whole.slice(from, from + taken));
    return { content: parts.join('\n'), endLine: line, linesReturned: 1, nextColumn: from + taken + 1, reachedEnd: false };
  }
  const endLine = Math.max(startLine, line - 1);
  return { content: parts.join('\n'), endLine, linesReturned: parts.length, reachedEnd: line > lastLine };
}

/**
 * How many of `items`, from `start`, make a page: at most `maxItems`, and no more than fit `budget` characters of
 * JSON (each item measured as it will be written). At least one when any is left, so that paging always moves on.
 */
export function fittingCount(items: readonly unknown[], start: number, maxItems: number, budget: number): number {
  let used = 0;
  let count = 0;
  for (let i = start; i < items.length && count < maxItems; i++) {
    const cost = JSON.stringify(items[i]).length + 1;
    if (count > 0 && used + cost > budget) break;
    used += cost;
    count++;
  }
  return count;
}
