/** Formats an amount of cents as money. */
export function formatMoney(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
