/**
 * Formats a value for display.
 */

export function format(value: unknown): string {
  return String(value);
}
