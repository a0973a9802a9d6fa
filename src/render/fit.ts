/**
 * Fitting a result into a token budget, never one token over: line-per-fact text keeps whole lines from the top;
 * JSON keeps its shape and loses the tail of its largest arrays and strings. Either way a first line says what was
 * cut, in tokens, and how to get the rest.
 *
 * @module
 */
import { loadTokenizer, surelyFits, type Tokenizer } from '../tokens.js';

/** A text fitted into a budget. */
export interface Fitted {
  text: string;
  /** True when something was left out. */
  cut: boolean;
  /** Tokens of the whole text before the cut (counted only when it was cut). */
  totalTokens?: number;
}

const NEXT_STEP = 'Call again with a larger maxTokens, or narrow the call.';

function notice(maxTokens: number, totalTokens: number, what: string): string {
  return `⚠️ PARTIAL RESULTS: cut to ${maxTokens} of ${totalTokens} tokens (maxTokens)${what}. ${NEXT_STEP}`;
}

/** The longest text that fits when even the notice alone does not. */
function degenerate(tokenizer: Tokenizer, text: string, maxTokens: number): string {
  return tokenizer.cut(text, maxTokens);
}

/**
 * Fits line-per-fact text: the notice, then as many whole lines from the top as fit (part of the first line when
 * not even one fits).
 */
export async function fitLines(text: string, maxTokens: number): Promise<Fitted> {
  if (surelyFits(text, maxTokens)) return { text, cut: false };
  const tokenizer = await loadTokenizer();
  if (tokenizer.fits(text, maxTokens)) return { text, cut: false };
  const total = tokenizer.count(text);
  const lines = text.split('\n');
  const build = (shown: number) =>
    [notice(maxTokens, total, `; ${shown} of ${lines.length} lines shown`), ...lines.slice(0, shown)].join('\n');
  let low = 0;
  let high = lines.length - 1;
  // The most lines that fit: `build` grows with `shown`, so a binary search finds it in log2(lines) counts.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tokenizer.fits(build(middle), maxTokens)) low = middle;
    else high = middle - 1;
  }
  let fitted = build(low);
  if (!tokenizer.fits(fitted, maxTokens)) return { text: degenerate(tokenizer, fitted, maxTokens), cut: true, totalTokens: total };
  if (low === 0 && lines[0]) {
    // Not one whole line fits: show the start of the first.
    const head = `${notice(maxTokens, total, '; the first line is cut')}\n`;
    const room = maxTokens - tokenizer.count(head) - 1;
    if (room > 0) {
      const part = `${head}${tokenizer.cut(lines[0], room)}…`;
      if (tokenizer.fits(part, maxTokens)) fitted = part;
    }
  }
  return { text: fitted, cut: true, totalTokens: total };
}

/** An object or array that holds a part of a JSON value, by key or index. */
export type Holder = Record<string | number, unknown>;

/** The largest part of a value that may be cut, and what holds it (to put the cut part in its place). */
export interface LargestPart {
  holder: Holder;
  key: string | number;
  value: unknown;
  /** Characters of its JSON. */
  size: number;
}

/**
 * Which parts a cut may shorten: strings of at least `minLength` characters, arrays of at least `minItems` items.
 * Each cut says its own: {@link fitJson} cuts in proportion and keeps one item or character fewer at least, so a
 * one-item array may go but a one-character string would only gain its `…`; the runner's bound cuts a part in
 * proportion too, and leaves one-item arrays alone.
 */
export interface Cuttable {
  minLength: number;
  minItems: number;
}

/** What {@link fitJson} cuts: arrays of one item or more, strings of two characters or more. */
const FIT_CUTTABLE: Cuttable = { minLength: 2, minItems: 1 };

/**
 * The largest cuttable array or string inside `root` (never `root` itself), by the length of its JSON; the first
 * found in document order among equals. One walk: each part's JSON length is summed from its children's, so a deep
 * value costs its size, not its size times its depth.
 */
export function largestPart(root: unknown, cuttable: Cuttable): LargestPart | undefined {
  return measureParts(root, cuttable).largest;
}

/** The JSON length of `root` (as JSON.stringify writes it) and its largest cuttable part, in one walk. */
export function measureParts(root: unknown, cuttable: Cuttable): { size: number; largest: LargestPart | undefined } {
  let best: LargestPart | undefined;
  let bestOrder = 0;
  let order = 0;
  // The JSON length of `value` as JSON.stringify writes it, or undefined where it writes nothing (in an object).
  const measure = (holder: Holder, key: string | number, value: unknown, offered = true): number | undefined => {
    const at = order++;
    let size: number | undefined;
    if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      size = JSON.stringify(value)?.length;
    } else if (Array.isArray(value)) {
      size = 1 + Math.max(0, value.length - 1) + 1;
      for (let i = 0; i < value.length; i++) size += measure(value as unknown as Holder, i, value[i]) ?? 4; // `null`
    } else {
      let members = 0;
      size = 2;
      for (const [k, v] of Object.entries(value)) {
        const part = measure(value as Holder, k, v);
        if (part === undefined) continue;
        size += JSON.stringify(k).length + 1 + part + (members++ > 0 ? 1 : 0);
      }
    }
    const cut = (typeof value === 'string' && value.length >= cuttable.minLength) || (Array.isArray(value) && value.length >= cuttable.minItems);
    if (cut && offered && size !== undefined && (!best || size > best.size || (size === best.size && at < bestOrder))) {
      best = { holder, key, value, size };
      bestOrder = at;
    }
    return size;
  };
  // The root itself is never offered: there would be nothing left to show.
  const size = measure({ root }, 'root', root, false) ?? 0;
  return { size, largest: best };
}

/**
 * Fits a JSON result: the notice, then `toText` of a copy of `data` whose largest arrays and strings were cut
 * (each object that lost something gets `truncated: true`) until it fits.
 */
export async function fitJson(data: unknown, maxTokens: number, toText: (value: unknown) => string): Promise<Fitted> {
  const text = toText(data);
  if (surelyFits(text, maxTokens)) return { text, cut: false };
  const tokenizer = await loadTokenizer();
  if (tokenizer.fits(text, maxTokens)) return { text, cut: false };
  const total = tokenizer.count(text);
  const head = notice(maxTokens, total, '');
  // Held in a box, so that a top-level array can be cut like any other (the box itself is never shown).
  const box: Holder = { value: structuredClone(data) as unknown };
  for (let round = 0; round < 200; round++) {
    const candidate = `${head}\n${toText(box.value)}`;
    if (tokenizer.fits(candidate, maxTokens)) return { text: candidate, cut: true, totalTokens: total };
    const largest = largestPart(box, FIT_CUTTABLE);
    if (!largest) break;
    const { holder, key, value } = largest;
    const tokens = tokenizer.count(candidate);
    // Cut the largest part in proportion to the excess (at least by one item or character).
    const keep = (length: number) => Math.max(0, Math.min(length - 1, Math.floor(length * (maxTokens / tokens) * 0.95)));
    if (Array.isArray(value)) holder[key] = value.slice(0, keep(value.length));
    else if (typeof value === 'string') holder[key] = `${value.slice(0, keep(value.length))}…`;
    if (!Array.isArray(holder) && holder !== box) holder.truncated = true;
  }
  return { text: degenerate(tokenizer, `${head}\n${toText(box.value)}`, maxTokens), cut: true, totalTokens: total };
}

/** The token count of a text that was cut some other way (by size), for the notice that says so. */
export async function tokensOf(text: string): Promise<number> {
  return (await loadTokenizer()).count(text);
}
