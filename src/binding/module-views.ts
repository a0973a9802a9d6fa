/**
 * What binding keeps of a module after its facts are dropped from memory: the names it exports or binds at top level,
 * and where else its exports come from (`export * from`, wildcard imports such as a header's `#include`s). A walk of
 * a C file's includes asks a few hundred headers for one name, most of which neither bind nor export it: their views
 * answer "go on to its includes" without loading (and parsing) their facts again. Views are kept by the key of the
 * facts they were made from (the stored facts' content address), so a changed file never answers from an old view.
 *
 * @module
 */
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
export class ModuleViews {
  readonly #views = new Map<string, ModuleView>();
  #names = 0;

  /** The view of the facts with this key, if kept. */
  get(key: string): ModuleView | undefined {
    const view = this.#views.get(key);
    if (view) {
      this.#views.delete(key);
      this.#views.set(key, view);
    }
    return view;
  }

  /** Keeps a view (a view of more names than the bound is not kept). */
  set(key: string, view: ModuleView): void {
    const size = view.names.size + 1;
    if (size > MAX_VIEW_NAMES) return;
    const old = this.#views.get(key);
    if (old) {
      this.#names -= old.names.size + 1;
      this.#views.delete(key);
    }
    for (const [oldest, dropped] of this.#views) {
      if (this.#names + size <= MAX_VIEW_NAMES) break;
      this.#views.delete(oldest);
      this.#names -= dropped.names.size + 1;
    }
    this.#views.set(key, view);
    this.#names += size;
  }
}
