/**
 * Lookups over one file's facts, built once per facts object: its top-level bindings by name, its definitions by name,
 * by container and by receiver, its name uses by line, its exports by name. Everything binding asks of one file without
 * following a link to another.
 *
 * @module
 */
import type { Definition, FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import { type InlineSpan, insideSpan } from '../model/written-types.js';
import type { Target } from './targets.js';

/** A name use or declaration at a place of a file: which reference, binding or definition it is. */
export interface Occurrence {
  column: number;
  length: number;
  ref?: number;
  binding?: number;
  def?: number;
}

/** The lookups of one file. */
export interface FileIndex {
  /** Bindings in the file's own scope, by name. */
  top: Map<string, number[]>;
  /**
   * The file's scopes bind class members as bare names (Java, Kotlin, C#: `save()` inside a method is `this.save()`):
   * a bare name no scope binds may then be a member the class inherits.
   */
  membersInScope: boolean;
  /** Definitions by their container. */
  children: Map<number, number[]>;
  /** Name uses and declarations by line. */
  byLine: Map<number, Occurrence[]>;
  /** Blocks extending a type declared elsewhere (`impl T`), by the type's name. */
  blocks: Map<string, number[]>;
  /** Definitions declared apart with a receiver (Go's `func (s *T) M()`), by `T` and name. */
  receivers: Map<string, number[]>;
  /** Definitions by name, in order: a name's declarations without a scan of the file. */
  named: Map<string, number[]>;
  /** The bindings declaring each definition, in order. */
  bindingsOf: Map<number, number[]>;
  /** Exports by their name (`export * from` ones apart, in `wildcards`): a module's export of a name in one lookup. */
  exportsNamed: Map<string, FileFacts['exports']>;
  /** `export * from '...'` entries, in order. */
  wildcards: FileFacts['exports'];
}

const indexes = new WeakMap<FileFacts, FileIndex>();

/** The key of a method declared apart with a receiver, in {@link FileIndex.receivers}. */
export function receiverKey(receiver: string, name: string): string {
  return `${receiver}\u0000${name}`;
}

/** Per-facts lookups, built once per facts object. */
export function fileIndex(facts: FileFacts): FileIndex {
  let index = indexes.get(facts);
  if (index) return index;
  const top = new Map<string, number[]>();
  const bindingsOf = new Map<number, number[]>();
  facts.bindings.forEach((binding, i) => {
    if (binding.top) addTo(top, binding.name, i);
  });
  facts.bindings.forEach((binding, i) => {
    if (binding.def !== undefined) addTo(bindingsOf, binding.def, i);
  });
  const children = new Map<number, number[]>();
  const blocks = new Map<string, number[]>();
  const receivers = new Map<string, number[]>();
  const named = new Map<string, number[]>();
  facts.definitions.forEach((def, i) => {
    addTo(named, def.name, i);
    if (kindInfo(def.kind).declaresName === false) addTo(blocks, def.name, i);
    if (def.receiver !== undefined) addTo(receivers, receiverKey(def.receiver, def.name), i);
    if (def.parent !== undefined) addTo(children, def.parent, i);
  });
  const byLine = new Map<number, Occurrence[]>();
  facts.references.forEach((ref, i) => addTo(byLine, ref.line, { column: ref.column, length: ref.name.length, ref: i }));
  facts.bindings.forEach((binding, i) => addTo(byLine, binding.line, { column: binding.column, length: binding.name.length, binding: i }));
  facts.definitions.forEach((def, i) => addTo(byLine, def.line, { column: def.column, length: def.name.length, def: i }));
  const membersInScope = facts.bindings.some((binding) => {
    const def = binding.def === undefined || binding.top ? undefined : facts.definitions[binding.def];
    const parent = def?.parent === undefined ? undefined : facts.definitions[def.parent];
    return parent !== undefined && isTypeLike(parent.kind);
  });
  const exportsNamed: FileIndex['exportsNamed'] = new Map();
  const wildcards: FileIndex['wildcards'] = [];
  for (const entry of facts.exports) {
    if (entry.name === '*' && entry.source !== undefined) wildcards.push(entry);
    else addTo(exportsNamed, entry.name, entry);
  }
  index = { top, children, byLine, receivers, membersInScope, blocks, named, bindingsOf, exportsNamed, wildcards };
  indexes.set(facts, index);
  return index;
}

/** A class, struct, object, interface or enum: what has members. */
export function isTypeLike(kind: string): boolean {
  const category = kindInfo(kind).category;
  return category === 'class' || category === 'type';
}

/** A type, a function or a module: what is not a value (a variable, parameter, property or field). */
export function isNotValue(def: Definition | undefined): boolean {
  const category = def ? kindInfo(def.kind).category : 'class';
  return category === 'class' || category === 'type' || category === 'function' || def?.kind === 'module';
}

/** The innermost definition spanning a line (what `Self` means for a parameter `other: &Self` declared there). */
export function innermostAt(facts: FileFacts, line: number): number | undefined {
  // (asked once per binding a lookup types, many times a file: one scan of the definitions per line asked)
  let byLine = innermostByLine.get(facts);
  if (!byLine) {
    byLine = new Map();
    innermostByLine.set(facts, byLine);
  }
  if (byLine.has(line)) return byLine.get(line);
  let found: number | undefined;
  facts.definitions.forEach((def, i) => {
    if (def.line <= line && line <= def.endLine && (found === undefined || def.line >= (facts.definitions[found] as Definition).line)) found = i;
  });
  byLine.set(line, found);
  return found;
}

/** {@link innermostAt}'s answers, by the facts asked (facts are not changed once read). */
const innermostByLine = new WeakMap<FileFacts, Map<number, number | undefined>>();

/** The types named `name` declared in the definitions enclosing `within` (the nearest first). */
export function nestedTypes(file: string, facts: FileFacts, within: number, name: string): Target[] {
  const children = fileIndex(facts).children;
  let parent = facts.definitions[within]?.parent;
  for (let depth = 0; parent !== undefined && depth < 64; parent = facts.definitions[parent]?.parent, depth++) {
    const found = (children.get(parent) ?? []).filter((i) => facts.definitions[i]?.name === name && isTypeLike(facts.definitions[i]?.kind ?? ''));
    if (found.length > 0) return found.map((def) => ({ file, def }));
  }
  return [];
}

/** The reference a definition's name is (`impl T`'s `T`: a use of the type), when its file records one there. */
export function referenceAtName(facts: FileFacts, def: Definition): number | undefined {
  const use = fileIndex(facts).byLine.get(def.line)?.find((entry) => entry.ref !== undefined && entry.column === def.column);
  return use?.ref;
}

/**
 * The members named `name` a type literal written at `span` declares (`{ buffer: T[]; subs: Subscription }`): the
 * file's definitions inside it, not those of a literal nested in it.
 */
export function membersInside(file: string, facts: FileFacts, span: InlineSpan, name: string): Target[] {
  const inside = (i: number | undefined): boolean => {
    const def = i === undefined ? undefined : facts.definitions[i];
    return def !== undefined && insideSpan(span, def.line, def.column);
  };
  return (fileIndex(facts).named.get(name) ?? []).filter((i) => inside(i) && !inside(facts.definitions[i]?.parent)).map((i) => ({ file, def: i }));
}
