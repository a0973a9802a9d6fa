/**
 * What binding keeps of a module after its facts are dropped from memory: the names it exports or binds at top level,
 * and where else its exports come from (`export * from`, wildcard imports such as a header's `#include`s). A walk of
 * a C file's includes asks a few hundred headers for one name, most of which neither bind nor export it: their views
 * answer "go on to its includes" without loading (and parsing) their facts again. Views are kept by the key of the
 * facts they were made from (the stored facts' content address), so a changed file never answers from an old view.
 *
 * @module
 */
import { LRUCache } from 'lru-cache';

/** What a module's facts say of the names it exports. */
export interface ModuleView {
  /** Names it binds at top level or exports by name: for these, its facts are read. */
  names: ReadonlySet<string>;
  /** The sources of its `export * from` entries, in order. */
  exportStars: readonly string[];
  /** The sources of its wildcard imports (`#include`, `from m import *`), in order. */
  wildcardImports: readonly string[];
}

/** The names views hold together at most (about 40 bytes each): the rest are made again from facts. */
const MAX_VIEW_NAMES = 1_000_000;

/** Views by the key of the facts they were made from, the least recently used dropped past a bound on their names. */
export type ModuleViews = LRUCache<string, ModuleView>;

/** A cache of views holding at most {@link MAX_VIEW_NAMES} names (a view of more is not kept). */
export function moduleViews(): ModuleViews {
  return new LRUCache<string, ModuleView>({ maxSize: MAX_VIEW_NAMES, sizeCalculation: (view) => view.names.size + 1 });
}
