/** A key-value store: the module every other one depends on. */
export class Store<V = unknown> {
  private readonly entries = new Map<string, V>();

  /** The value of a key, if any. */
  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Sets the value of a key. */
  set(key: string, value: V): void {
    this.entries.set(key, value);
  }

  /** Every key, in insertion order. */
  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** A store preloaded with entries. */
export function createStore<V>(entries: Record<string, V> = {}): Store<V> {
  const store = new Store<V>();
  for (const [key, value] of Object.entries(entries)) store.set(key, value);
  return store;
}
