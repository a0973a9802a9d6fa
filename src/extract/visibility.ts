/**
 * Which binding each bare name use sees, in one sweep in document order: entering a scope pushes its bindings onto a
 * stack per name, leaving it pops them, and a use takes the top of its name's stack. Every binding of a scope is
 * visible in the whole scope (hoisting, and declarations after use), as the language servers we compare with resolve
 * them, unless it is visible only after its declaration (`@local.after`). Linear in the file, however deep it nests.
 *
 * @module
 */
import type { Binding } from '../model/facts.js';
import { declarationSpace, kindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Span } from './spans.js';

/** A scope: the file (index 0) or a `@local.scope` node, with the index of the scope around it. */
export interface Scope extends Span {
  index: number;
  parent?: number;
}

/** The bindings of a file as the sweep reads them. */
export interface ScopedBindings {
  bindings: readonly Binding[];
  /** The bindings of each scope (by scope index). */
  members: ReadonlyArray<readonly number[]>;
  /** Each binding's declaration: where it is, and the offset it is visible from when only after it. */
  declared: ReadonlyArray<{ span: Span; visibleFrom?: number }>;
}

/** A name use as the sweep reads it: a use with a qualifier is a member, which the sweep leaves alone. */
export interface NameUse {
  name: string;
  kind: string;
  qualifier?: unknown;
}

/**
 * The binding each use without a qualifier sees. In: the scopes, the numbered bindings (with the scope each is bound
 * in and where each becomes visible), the uses by the start of their name. Out: the binding of every use that one
 * reaches.
 *
 * At one offset, scopes open (outer first), then the use is resolved, then scopes close (inner first). Scopes are
 * few; uses are most of a file's names, and are sorted as bare numbers.
 */
export function resolveUses<U extends NameUse>(
  scopes: readonly Scope[],
  numbered: ScopedBindings,
  uses: ReadonlyMap<number, U>,
  deadline: Deadline,
): Map<U, number> {
  const groups = new Groups(numbered);
  const visible = new VisibleNames(scopes, (scope) => groups.of(scope));
  const resolved = new Map<U, number>();
  for (const at of bareUses(uses)) {
    deadline.tick();
    visible.moveTo(at);
    const use = uses.get(at) as U;
    const binding = groups.bindingAt(visible.stackOf(use.name), at, use.kind === 'call' ? 'call' : use.kind === 'type' ? 'type' : 'value');
    if (binding !== undefined) resolved.set(use, binding);
  }
  return resolved;
}

/** The offsets of the uses without a qualifier, in order. */
function bareUses(uses: ReadonlyMap<number, NameUse>): Float64Array {
  const bare = new Float64Array(uses.size);
  let count = 0;
  for (const [offset, use] of uses) if (!use.qualifier) bare[count++] = offset;
  return bare.subarray(0, count).sort();
}

/** The stacks of visible groups per name, as the sweep opens and closes scopes. */
class VisibleNames {
  readonly #opening: Scope[];
  readonly #closing: Scope[];
  readonly #groupsOf: (scope: Scope) => Map<string, number[]>;
  readonly #open = new Map<Scope, Map<string, number[]>>();
  readonly #stacks = new Map<string, number[][]>();
  #opened = 0;
  #closed = 0;

  constructor(scopes: readonly Scope[], groupsOf: (scope: Scope) => Map<string, number[]>) {
    this.#opening = [...scopes].sort((a, b) => a.start - b.start || b.end - a.end);
    this.#closing = [...scopes].sort((a, b) => a.end - b.end || b.start - a.start);
    this.#groupsOf = groupsOf;
  }

  /** Opens the scopes that start at or before `at` and closes those that end before it, in document order. */
  moveTo(at: number): void {
    for (;;) {
      const next = this.#opening[this.#opened];
      const last = this.#closing[this.#closed];
      const openAt = next && next.start <= at ? next.start : Number.POSITIVE_INFINITY;
      const closeAt = last && last.end < at ? last.end : Number.POSITIVE_INFINITY;
      if (openAt === Number.POSITIVE_INFINITY && closeAt === Number.POSITIVE_INFINITY) return;
      if (openAt <= closeAt) this.#enter(this.#opening[this.#opened++] as Scope);
      else this.#leave(this.#closing[this.#closed++] as Scope);
    }
  }

  /** The groups of a name's bindings visible now, innermost last. */
  stackOf(name: string): readonly number[][] {
    return this.#stacks.get(name) ?? [];
  }

  #enter(scope: Scope): void {
    const groups = this.#groupsOf(scope);
    this.#open.set(scope, groups);
    for (const [name, group] of groups) addTo(this.#stacks, name, group);
  }

  #leave(scope: Scope): void {
    for (const name of this.#open.get(scope)?.keys() ?? []) this.#stacks.get(name)?.pop();
    this.#open.delete(scope);
  }
}

/**
 * The bindings of one scope by name, each group in the order they become visible; and per group, what is worked out
 * once however many uses see it (a name declared thousands of times, a generated file's macro, would otherwise cost
 * each use a pass over all of them).
 */
class Groups {
  readonly #bindings: readonly Binding[];
  readonly #members: ReadonlyArray<readonly number[]>;
  /** Where each binding becomes visible: its declaration, or the end of its `@local.after` node. */
  readonly #offsets: number[];
  /** Whether each binding is visible only after its declaration. */
  readonly #sequential: boolean[];
  readonly #namespaces = new WeakMap<number[], { calls: number[]; types: number[]; values: number[] }>();
  readonly #hoisting = new WeakMap<number[], number | undefined>();

  constructor(numbered: ScopedBindings) {
    this.#bindings = numbered.bindings;
    this.#members = numbered.members;
    this.#offsets = numbered.declared.map((entry) => entry.visibleFrom ?? entry.span.start);
    this.#sequential = numbered.declared.map((entry) => entry.visibleFrom !== undefined);
  }

  /** A scope's bindings by name, each group in the order they become visible. */
  of(scope: Scope): Map<string, number[]> {
    const groups = new Map<string, number[]>();
    for (const b of this.#members[scope.index] ?? []) addTo(groups, (this.#bindings[b] as Binding).name, b);
    for (const group of groups.values()) group.sort((x, y) => (this.#offsets[x] ?? 0) - (this.#offsets[y] ?? 0));
    return groups;
  }

  /**
   * The binding a use at `at` sees among a name's visible groups, innermost first: the last declaration at or above
   * it (binary search), else the first that is visible in its whole scope; a scope whose declarations all come after
   * the use leaves it to the scope outside. A scope declaring a name twice (overload signatures, `let` shadowing, or
   * an error region where the grammar lost the scopes between declarations) binds a use to the nearest declaration
   * above it, else the first.
   */
  bindingAt(stack: readonly number[][], at: number, space: 'call' | 'type' | 'value'): number | undefined {
    for (let level = stack.length - 1; level >= 0; level--) {
      const group = this.#namespaceOf(stack[level] as number[], space);
      if (group.length === 0) continue;
      const above = this.#lastAtOrAbove(group, at);
      if (above !== undefined) return above;
      const hoisted = this.#hoistedOf(group);
      if (hoisted !== undefined) return hoisted;
    }
    return undefined;
  }

  /** The last binding of a group visible at `at`, if any. */
  #lastAtOrAbove(group: readonly number[], at: number): number | undefined {
    let low = 0;
    let high = group.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#offsets[group[middle] as number] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    return (this.#offsets[group[low] as number] ?? 0) <= at ? group[low] : undefined;
  }

  /** A scope declaring a method and a field of one name (Java's separate namespaces): a call takes the method, any other use the field. */
  #namespaceOf(group: number[], space: 'call' | 'type' | 'value'): number[] {
    let split = this.#namespaces.get(group);
    if (!split) {
      const callable = (b: number) => kindInfo((this.#bindings[b] as Binding).kind).callable;
      const spaceOf = (b: number) => declarationSpace((this.#bindings[b] as Binding).kind);
      // A name declared as a type alone and as a value in one scope (TypeScript's `const a = ...; type a = ...`): a
      // use in a type position sees the types, any other the values (a class, an enum, an import: both). A group
      // without a type-only declaration keeps every binding for every use.
      const typeOnly = group.some((b) => spaceOf(b) === 'type');
      const types = typeOnly ? group.filter((b) => spaceOf(b) !== 'value') : group;
      const valued = typeOnly ? group.filter((b) => spaceOf(b) !== 'type') : group;
      const others = valued.length > 0 ? valued : group;
      const calls = others.filter(callable);
      const mixed = calls.length > 0 && calls.length < others.length;
      split = { calls: mixed ? calls : others, types, values: mixed ? others.filter((b) => !callable(b)) : others };
      this.#namespaces.set(group, split);
    }
    return space === 'call' ? split.calls : space === 'type' ? split.types : split.values;
  }

  /** The first declaration visible in its whole scope (not only after it), if any. */
  #hoistedOf(group: number[]): number | undefined {
    if (!this.#hoisting.has(group)) this.#hoisting.set(group, group.find((b) => !this.#sequential[b]));
    return this.#hoisting.get(group);
  }
}
