/**
 * Lists kept by key: the one way code-index groups values (definitions by name, uses by line, files by folder); and
 * counts kept by key compared as multisets.
 *
 * @module
 */

/** Appends `value` to the list `map` keeps under `key`, starting the list when there is none; returns the list. */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): V[] {
  const list = map.get(key);
  if (list) {
    list.push(value);
    return list;
  }
  const created = [value];
  map.set(key, created);
  return created;
}

/** The values grouped by the key each gives, in their order (a `Map` of lists). */
export function groupBy<K, V>(values: Iterable<V>, keyOf: (value: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  let index = 0;
  for (const value of values) addTo(groups, keyOf(value, index++), value);
  return groups;
}

/**
 * Dice's coefficient of two multisets (counts by key): twice the count in common over the two totals, 0 to 1;
 * `whenEmpty` when both are empty. How alike two texts are, by their lines or their words.
 */
export function dice<K>(a: ReadonlyMap<K, number>, b: ReadonlyMap<K, number>, whenEmpty = 0): number {
  let common = 0;
  let sizeA = 0;
  let sizeB = 0;
  for (const n of a.values()) sizeA += n;
  for (const n of b.values()) sizeB += n;
  for (const [key, n] of a) common += Math.min(n, b.get(key) ?? 0);
  return sizeA + sizeB === 0 ? whenEmpty : (2 * common) / (sizeA + sizeB);
}
