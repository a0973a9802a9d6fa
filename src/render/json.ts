/**
 * JSON for a model: the structured result without its empty fields (`null`, `""`, `[]`, `{}`), which say nothing.
 * `false` and `0` stay: they are answers.
 *
 * @module
 */

function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => prune(item) ?? null);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = prune(item);
    if (!isEmpty(kept)) out[key] = kept;
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * Compact JSON of `value` without empty fields, and without the top-level fields named in `omit` (a `warning` the
 * text already shows above it).
 */
export function compactJson(value: unknown, omit: readonly string[] = []): string {
  let pruned = prune(value);
  if (omit.length > 0 && pruned && typeof pruned === 'object' && !Array.isArray(pruned)) {
    pruned = Object.fromEntries(Object.entries(pruned).filter(([key]) => !omit.includes(key)));
  }
  return JSON.stringify(pruned ?? null);
}
