/**
 * Lists kept by key: the one way code-index groups values (definitions by name, uses by line, files by folder).
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
