import type { Observer } from './types';

export class Entry {
  reset(): void {}
  isStale(): boolean {
    return false;
  }
}

export class Registry {
  #entries: Entry[] = [];
  #byKey: Map<string, Entry> = new Map();
  observers: ReadonlyArray<Observer<number>> = [];

  all(): Array<Entry> {
    return this.#entries;
  }

  resetAll(): void {
    const entries = this.#entries;
    for (const entry of entries) entry.reset();
    this.all().forEach((entry) => entry.reset());
    this.#byKey.forEach((entry) => entry.isStale());
    this.observers.map((observer) => observer.complete());
  }
}

export function makeRegistry(): Registry {
  return new Registry();
}

export function stale(registry: Registry): boolean {
  const made = makeRegistry();
  made.resetAll();
  return registry.all().some(function (entry) {
    return entry.isStale();
  });
}
