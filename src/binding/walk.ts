/**
 * The state of one walk through the tree's names: how many links (imports, re-exports, bases, members) it followed to
 * get where it is, and which modules it asked for a name's export (a cycle of re-exports asks again). Barrels are deep
 * and cycles exist: a walk past {@link MAX_HOPS} links gives up.
 *
 * A walk is a value: {@link Walk.deeper} is the walk of the next link, and the caller's walk stays where it was.
 *
 * @module
 */

/** Follows at most this many links (imports, re-exports, bases) for one name: barrels are deep, cycles exist. */
export const MAX_HOPS = 32;

/** Where a walk through names is: its depth in links, and the modules' exports it visited. */
export class Walk {
  /** Links followed to get here. */
  readonly hops: number;
  /** Exports asked for (`module NUL name`) along this lookup through modules. */
  readonly #visited: Set<string>;

  private constructor(hops: number, visited: Set<string>) {
    this.hops = hops;
    this.#visited = visited;
  }

  /** A new walk, `hops` links deep already (a question asked from inside another, at a depth of its own). */
  static start(hops = 0): Walk {
    return new Walk(hops, new Set());
  }

  /** Whether the walk followed too many links to go on. */
  get exhausted(): boolean {
    return this.hops > MAX_HOPS;
  }

  /** The walk one link further, with what this one visited. */
  deeper(): Walk {
    return new Walk(this.hops + 1, this.#visited);
  }

  /** The walk at this depth with nothing visited yet: a new lookup through modules' exports. */
  anew(): Walk {
    return new Walk(this.hops, new Set());
  }

  /** Marks the export of `name` by `module` visited: false when this walk visited it already (a cycle). */
  visit(module: string, name: string): boolean {
    const key = `${module}\u0000${name}`;
    if (this.#visited.has(key)) return false;
    this.#visited.add(key);
    return true;
  }
}
