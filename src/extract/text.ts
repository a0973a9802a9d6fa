/**
 * Small text helpers for extracted facts: whitespace folding and shortening.
 *
 * @module
 */

/** Longest initializer/value kept in results; longer ones end with `…`. */
export const MAX_VALUE_LENGTH = 120;

/** Folds every run of whitespace (newlines included) into one space and trims. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Folds whitespace and shortens to `max` characters. */
export function shorten(text: string, max = MAX_VALUE_LENGTH): string {
  const folded = foldWhitespace(text);
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}
