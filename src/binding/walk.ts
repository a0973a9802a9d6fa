/**
 * The state of one walk through the tree's names: how many links (imports, re-exports, bases, members) it followed to
 * get where it is, and which modules it asked for a name's export (a cycle of re-exports asks again). Barrels are deep
 * and cycles exist: a walk past {@link MAX_HOPS} links gives up.
 *
 * A walk is a value: {@link Walk.deeper} is the walk of the next link, and the caller's walk stays where it was.
 *
 * One question (a walk begun with {@link Walk.start}, and every walk it leads to) also remembers what each module
 * exports under a name once asked, so that a module reached again on another path is not walked again: a C file's
 * fifty `#include`s reach the same few hundred headers over and over (the kernel's `mm/slab.c`: 11,350 asks of 724
 * headers' facts for one name, 0.5-1.9 s, before this).
 *
 * @module
 */

/** Follows at most this many links (imports, re-exports, bases) for one name: barrels are deep, cycles exist. */
export const MAX_HOPS = 32;

/**
 * Follows at most this many links in all for one lookup. Depth alone does not bound the work where every step
 * branches: effect's `type HaltStrategy = Left | Right | Both | Either`, where each `Left` is also a constant of type
 * `HaltStrategy`, is four branches at each of 32 levels (a lookup there never ended).
 */
export const MAX_LINKS = 20_000;

/** The names a file sees through its wildcard imports, each with the module (or modules) that bind or export it. */
export type SeenNames = ReadonlyMap<string, string | readonly string[]>;

/**
 * Lookups of one file in a question after which the names its wildcard imports reach are gathered (see
 * {@link Walk.seenThrough}): the gathering reads every module they reach, worth it for a file's hundreds of lookups
 * (an export, the references of a file), not for one.
 */
export const SEEN_THROUGH_AFTER = 16;

/** Files whose names seen through wildcard imports a question keeps (a lookup of one file asks of others too). */
export const SEEN_FILES = 4;

/** The names one file of a question sees through its wildcard imports, once gathered. */
interface SeenThrough {
  file: string;
  lookups: number;
  names?: Promise<SeenNames | undefined>;
}

/** What a module was found to export under a name, and at what depth (a deeper walk had fewer links left). */
interface Remembered<T> {
  hops: number;
  value: T;
}

/** Where a walk through names is: its depth in links, and the modules' exports it visited. */
export class Walk {
  /** Links followed to get here. */
  readonly hops: number;
  /** Exports asked for (`module NUL name`) along this lookup through modules. */
  readonly #visited: Set<string>;
  /** Exports found (`module NUL name`) by this question, whatever lookup asked. */
  readonly #found: Map<string, Remembered<unknown>>;
  /** Links followed by this lookup, on every path (see {@link MAX_LINKS}). */
  readonly #links: { count: number };
  /** The question's last files and what they see through their wildcard imports (see {@link Walk.seenThrough}). */
  readonly #seen: Map<string, SeenThrough>;

  private constructor(hops: number, visited: Set<string>, found: Map<string, Remembered<unknown>>, links: { count: number }, seen: Map<string, SeenThrough>) {
    this.hops = hops;
    this.#visited = visited;
    this.#found = found;
    this.#links = links;
    this.#seen = seen;
  }

  /** A new walk, `hops` links deep already (a question asked from inside another, at a depth of its own). */
  static start(hops = 0): Walk {
    return new Walk(hops, new Set(), new Map(), { count: 0 }, new Map());
  }

  /** Whether the walk followed too many links to go on: too deep, or too many in all for its lookup. */
  get exhausted(): boolean {
    return this.hops > MAX_HOPS || this.#links.count > MAX_LINKS;
  }

  /** The walk one link further, with what this one visited. */
  deeper(): Walk {
    this.#links.count++;
    return new Walk(this.hops + 1, this.#visited, this.#found, this.#links, this.#seen);
  }

  /**
   * The walk at this depth with nothing visited yet: a new lookup through modules' exports, within the same lookup
   * (its links still count towards {@link MAX_LINKS}) and question.
   */
  anew(): Walk {
    return new Walk(this.hops, new Set(), this.#found, this.#links, this.#seen);
  }

  /** The walk of the next lookup of the same question: nothing visited, no link followed yet, what was found kept. */
  nextLookup(): Walk {
    return new Walk(this.hops, new Set(), this.#found, { count: 0 }, this.#seen);
  }

  /**
   * Every name `file`'s wildcard imports reach (see `namesSeenThrough`), gathered by `gather` once this question has
   * looked up {@link SEEN_THROUGH_AFTER} names of the file, and kept for its later lookups (of the last
   * {@link SEEN_FILES} files asked); undefined before, or when it cannot say. A name outside the set is not found by walking those imports.
   */
  seenThrough(file: string, gather: () => Promise<SeenNames | undefined>): Promise<SeenNames | undefined> | undefined {
    let entry = this.#seen.get(file);
    if (!entry) {
      entry = { file, lookups: 0 };
      this.#seen.set(file, entry);
      if (this.#seen.size > SEEN_FILES) this.#seen.delete(this.#seen.keys().next().value as string);
    }
    if (!entry.names && ++entry.lookups >= SEEN_THROUGH_AFTER) entry.names = gather();
    return entry.names;
  }

  /** How many modules' exports this question remembers (a caller sharing a question over many files bounds it). */
  get remembered(): number {
    return this.#found.size;
  }

  /** Marks the export of `name` by `module` visited: false when this walk visited it already (a cycle). */
  visit(module: string, name: string): boolean {
    const key = `${module}\u0000${name}`;
    if (this.#visited.has(key)) return false;
    this.#visited.add(key);
    return true;
  }

  /**
   * What this question found `module` to export under `name`, when it was found with at least the links this walk
   * has left (a walk that was deeper may have given up sooner: then it is asked again).
   */
  found<T>(module: string, name: string): T | undefined {
    const remembered = this.#found.get(`${module}\u0000${name}`);
    return remembered && remembered.hops <= this.hops ? (remembered.value as T) : undefined;
  }

  /** Remembers what `module` exports under `name`, for the rest of this question. */
  remember(module: string, name: string, value: unknown): void {
    const key = `${module}\u0000${name}`;
    const known = this.#found.get(key);
    if (!known || known.hops >= this.hops) this.#found.set(key, { hops: this.hops, value });
  }
}
