/**
 * Binding across files, at query time, from stored facts: a name use resolved in its file (extraction did that) is
 * followed through imports to the module that defines it (barrels, `export *`, aliases, namespace imports), and a
 * member (`Option.map`, `this.save`, `db.query` of a parameter typed `Db`) to the definitions of what it is a member
 * of (a module, a class and its declared bases, a namespace, an enum). No type inference: only what is written.
 *
 * @module
 */
import type { Binding, Definition, FileFacts, Reference } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { ModuleResolver } from './modules.js';
import type { ArgumentTypes } from '../languages/module-system.js';
import { mayHold, namesIn } from '../languages/c/conditions.js';

/** Where a name leads. */
export type Target =
  /** A definition (`def` indexes the file's definitions). */
  | { file: string; def: number }
  /** A binding without a definition: a parameter, a local variable, a type parameter. */
  | { file: string; binding: number }
  /** A whole module (a namespace import). */
  | { file: string; module: true };

/** How a name was resolved. */
export interface Resolution {
  targets: Target[];
  /**
   * `bound`: through scopes, imports and members, to the declaration; `external`: imported from outside the tree;
   * `unbound`: the binding could not be followed (the caller falls back to name matching).
   */
  how: 'bound' | 'external' | 'unbound';
  /** Why it stopped, when it did. */
  note?: string;
  /** An import was followed to a module found by matching its path (not an exact module system). */
  approximate?: true;
}

/** What the resolver reads. */
export interface ResolverContext {
  /** The facts of a file of the tree (undefined when it is not indexed). */
  facts(file: string): Promise<FileFacts | undefined>;
  modules: ModuleResolver;
  /**
   * The files defining a name outside function bodies (the name table, over the whole tree): where a declaration's
   * definition is looked up by name (C, C++), and whether a name is defined anywhere at all. Optional.
   */
  filesDefining?(name: string): Promise<string[]>;
}

/** A type alias's value that names one type: `Foo`, `ns.Foo<T>`, `struct node`, `typedef struct node *node_p;`. */
const ALIASED = /^(?:typedef\s+)?(?:(?:const|volatile|struct|union|enum|class)\s+)*[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*(?:<[^|&]*>)?(?:\s*\*+\s*[\p{L}_$][\p{L}\p{N}_$]*\s*;)?$/u;

/** Follows at most this many links (imports, re-exports, bases) for one name: barrels are deep, cycles exist. */
const MAX_HOPS = 32;
/** Most supertypes of an argument's type looked at (a deeper hierarchy counts as not known). */
const MAX_SUPERTYPES = 64;

interface FileIndex {
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
  byLine: Map<number, Array<{ column: number; length: number; ref?: number; binding?: number; def?: number }>>;
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

/** Per-facts lookups, built once per facts object. */
export function fileIndex(facts: FileFacts): FileIndex {
  let index = indexes.get(facts);
  if (index) return index;
  const top = new Map<string, number[]>();
  facts.bindings.forEach((binding, i) => {
    if (!binding.top) return;
    const list = top.get(binding.name);
    if (list) list.push(i);
    else top.set(binding.name, [i]);
  });
  const bindingsOf = new Map<number, number[]>();
  facts.bindings.forEach((binding, i) => {
    if (binding.def === undefined) return;
    const list = bindingsOf.get(binding.def);
    if (list) list.push(i);
    else bindingsOf.set(binding.def, [i]);
  });
  const children = new Map<number, number[]>();
  const blocks = new Map<string, number[]>();
  const receivers = new Map<string, number[]>();
  const named = new Map<string, number[]>();
  facts.definitions.forEach((def, i) => {
    const sameName = named.get(def.name);
    if (sameName) sameName.push(i);
    else named.set(def.name, [i]);
    if (kindInfo(def.kind).declaresName === false) {
      const list = blocks.get(def.name);
      if (list) list.push(i);
      else blocks.set(def.name, [i]);
    }
    if (def.receiver !== undefined) {
      const key = `${def.receiver}\u0000${def.name}`;
      const list = receivers.get(key);
      if (list) list.push(i);
      else receivers.set(key, [i]);
    }
    if (def.parent === undefined) return;
    const list = children.get(def.parent);
    if (list) list.push(i);
    else children.set(def.parent, [i]);
  });
  const byLine: FileIndex['byLine'] = new Map();
  const add = (line: number, entry: { column: number; length: number; ref?: number; binding?: number; def?: number }) => {
    const list = byLine.get(line);
    if (list) list.push(entry);
    else byLine.set(line, [entry]);
  };
  facts.references.forEach((ref, i) => add(ref.line, { column: ref.column, length: ref.name.length, ref: i }));
  facts.bindings.forEach((binding, i) => add(binding.line, { column: binding.column, length: binding.name.length, binding: i }));
  facts.definitions.forEach((def, i) => add(def.line, { column: def.column, length: def.name.length, def: i }));
  const membersInScope = facts.bindings.some((binding) => {
    const def = binding.def === undefined || binding.top ? undefined : facts.definitions[binding.def];
    const parent = def?.parent === undefined ? undefined : facts.definitions[def.parent];
    return parent !== undefined && isTypeLike(parent.kind);
  });
  const exportsNamed: FileIndex['exportsNamed'] = new Map();
  const wildcards: FileIndex['wildcards'] = [];
  for (const entry of facts.exports) {
    if (entry.name === '*' && entry.source !== undefined) wildcards.push(entry);
    else {
      const list = exportsNamed.get(entry.name);
      if (list) list.push(entry);
      else exportsNamed.set(entry.name, [entry]);
    }
  }
  index = { top, children, byLine, receivers, membersInScope, blocks, named, bindingsOf, exportsNamed, wildcards };
  indexes.set(facts, index);
  return index;
}

/** What an argument's value is declared as: its type's name (`List`, `int`) and the names of that type's supertypes. */
interface ArgumentType {
  name: string;
  supertypes: ReadonlySet<string>;
  /** Every supertype is known (none is declared outside the tree): a type not among them is not one. */
  complete: boolean;
}

/**
 * A type as written to the name it is matched by: `java.util.List<String>` is `List`, `A[]` stays `A[]` (an array is
 * no `A`). (Extraction gives a parameter's type without its modifiers, and a rest parameter's as its elements'.)
 */
function typeHead(type: string): string {
  const text = type.replace(/<.*>/s, '').replace(/\s+/g, '');
  const array = /(?:\[\])+$/.exec(text)?.[0] ?? '';
  const name = text.slice(0, text.length - array.length);
  return (name.split(/\.|::/).at(-1) ?? name) + array;
}

/** A type some kind of argument is exactly (`String`, `int`, `Class`): no lambda is one. */
function namedExactly(table: ArgumentTypes, type: string): boolean {
  return Object.values(table.kinds).some((kind) => kind.exact.includes(type));
}

/** How a type parameter is written by convention (`T`, `E`, `T2`), where nothing declares it in sight. */
const TYPE_PARAMETER = /^[A-Z]\d?$/;

/** A name that stands for a type parameter: written as one, or one the callable declares. */
function isTypeParameter(type: string, def: Definition): boolean {
  if (TYPE_PARAMETER.test(type)) return true;
  return def.typeParameters !== undefined && new RegExp(`(?:^|[<,\\s])${type.replace(/[$]/g, '\\$&')}(?:$|[>,\\s])`).test(def.typeParameters);
}

/**
 * How well a callable's parameters take a call's arguments: -1 when one cannot be passed, else 2 per exact type and 1
 * per type that takes it (a supertype, a conversion, a type parameter, a type not known); an argument nothing is
 * known of counts for none. A rest parameter takes the arguments past the others.
 */
function argumentFit(def: Definition, literals: readonly string[], values: ReadonlyArray<ArgumentType | undefined>, table: ArgumentTypes): number {
  const parameters = def.parameters ?? [];
  let score = 0;
  for (let i = 0; i < Math.max(literals.length, values.length); i++) {
    const literal = literals[i] ? table.kinds[literals[i] as string] : undefined;
    const value = literal ? undefined : values[i];
    if (!literal && !value) continue;
    const parameter = parameters[i] ?? (parameters.at(-1)?.isRest ? parameters.at(-1) : undefined);
    const type = parameter?.type ? typeHead(parameter.type) : '';
    if (!type || isTypeParameter(type.replace(/(?:\[\])+$/, ''), def)) {
      score += 1;
      continue;
    }
    const accepted = literal ?? (value ? table.kinds[value.name] : undefined);
    if (accepted) {
      if (accepted.exact.includes(type)) score += 2;
      else if (accepted.takes.includes(type)) score += 1;
      else if (accepted.otherTypes && !table.primitives.includes(type) && !table.top.includes(type) && !namedExactly(table, type)) score += 1;
      else return -1;
    } else if (value) {
      // An object: of its own type, of a supertype, or of a type every object is; never of a primitive.
      if (value.name === type) score += 2;
      else if (value.supertypes.has(type) || table.top.includes(type)) score += 1;
      else if (table.primitives.includes(type) || value.complete) return -1;
      else score += 1;
    }
  }
  return score;
}

/** The types named `name` declared in the definitions enclosing `within` (the nearest first). */
function nestedType(file: string, facts: FileFacts, within: number, name: string): Target[] {
  const children = fileIndex(facts).children;
  for (let parent = facts.definitions[within]?.parent, depth = 0; parent !== undefined && depth < 64; parent = facts.definitions[parent]?.parent, depth++) {
    const found = (children.get(parent) ?? []).filter((i) => facts.definitions[i]?.name === name && isTypeLike(facts.definitions[i]?.kind ?? ''));
    if (found.length > 0) return found.map((def) => ({ file, def }));
  }
  return [];
}

/** A class, struct, object, interface or enum: what has members. */
function isTypeLike(kind: string): boolean {
  const category = kindInfo(kind).category;
  return category === 'class' || category === 'type';
}

function targetKey(target: Target): string {
  return 'def' in target ? `${target.file}#d${target.def}` : 'binding' in target ? `${target.file}#b${target.binding}` : `${target.file}#m`;
}

function unique(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((target) => {
    const key = targetKey(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The members of a union type as written (`A<T> | B | C`; a leading `|` allowed), or the type itself. */
function unionOf(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const ch = type[i];
    if (ch === '<' || ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === '>' || ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** Definitions found through the name table, in path order (its own order is the order files were indexed in). */
function inPathOrder(targets: Target[]): Target[] {
  const def = (target: Target) => ('def' in target ? target.def : 0);
  return targets.sort((a, b) => a.file.localeCompare(b.file) || def(a) - def(b));
}

/** The innermost definition spanning a line (what `Self` means for a parameter `other: &Self` declared there). */
function enclosingAt(facts: FileFacts, line: number): number | undefined {
  let found: number | undefined;
  facts.definitions.forEach((def, i) => {
    if (def.line <= line && line <= def.endLine && (found === undefined || def.line >= (facts.definitions[found] as Definition).line)) found = i;
  });
  return found;
}

/** Resolves names across the files of a tree. */
export class Resolver {
  readonly #context: ResolverContext;
  /** Companion files analyzed once: from then on the name table says which of them declare a name. */
  readonly #analyzed = new Set<string>();

  constructor(context: ResolverContext) {
    this.#context = context;
  }

  /** The definition a target names. */
  async definitionOf(target: { file: string; def: number }): Promise<Definition | undefined> {
    return (await this.#context.facts(target.file))?.definitions[target.def];
  }

  /** The other files of the tree a file's imports lead to (where the declarations it imports are). */
  async importedFiles(file: string, facts: FileFacts): Promise<string[]> {
    const files = new Set<string>();
    for (const [i, binding] of facts.bindings.entries()) {
      if (!binding.import) continue;
      for (const target of (await this.binding(file, facts, i, 0)).targets) if (target.file !== file) files.add(target.file);
    }
    return [...files];
  }

  /** The names of the methods a file declares (callable members of a type, or callables with a receiver), in one pass. */
  async methodNames(file: string): Promise<Set<string>> {
    const facts = await this.#context.facts(file);
    const names = new Set<string>();
    for (const def of facts?.definitions ?? []) {
      if (!kindInfo(def.kind).callable) continue;
      const parent = def.parent === undefined ? undefined : facts?.definitions[def.parent];
      if (def.receiver !== undefined || (parent !== undefined && (isTypeLike(parent.kind) || kindInfo(parent.kind).declaresName === false))) names.add(def.name);
    }
    return names;
  }

  /** What the name at a position of a file leads to (its declaration when the position is one). */
  async at(file: string, facts: FileFacts, line: number, column: number): Promise<{ name: string; resolution: Resolution } | undefined> {
    const entries = fileIndex(facts).byLine.get(line) ?? [];
    const hit = entries.filter((entry) => column >= entry.column && column < entry.column + entry.length);
    const binding = hit.find((entry) => entry.binding !== undefined);
    const definition = hit.find((entry) => entry.def !== undefined);
    const reference = hit.find((entry) => entry.ref !== undefined);
    if (binding?.binding !== undefined) {
      const b = facts.bindings[binding.binding] as Binding;
      if (b.def !== undefined) {
        const embedded = await this.embedded(file, facts, b.def);
        if (embedded) return { name: b.name, resolution: embedded };
      }
      // On an import, the imported declaration (as language servers go to it); on any other binding, itself.
      if (b.import) return { name: b.name, resolution: await this.binding(file, facts, binding.binding, 0) };
      // (a prototype defined apart, C's and C++'s: its definition first, as clangd goes to it, then itself)
      if (b.def !== undefined) return { name: b.name, resolution: await this.withDefinitions({ targets: [{ file, def: b.def }], how: 'bound' }) };
      return { name: b.name, resolution: { targets: [{ file, binding: binding.binding }], how: 'bound' } };
    }
    if (definition?.def !== undefined) {
      const def = facts.definitions[definition.def] as Definition;
      const embedded = await this.embedded(file, facts, definition.def);
      if (embedded) return { name: def.name, resolution: embedded };
      // A prototype defined apart (C, C++): its definition first, as clangd goes to it, then itself.
      return { name: def.name, resolution: await this.withDefinitions({ targets: [{ file, def: definition.def }], how: 'bound' }) };
    }
    if (reference?.ref !== undefined) {
      const ref = facts.references[reference.ref] as Reference;
      const resolution = await this.reference(file, facts, ref, 0);
      const types = this.#context.modules.argumentTypes(file);
      if (ref.arity !== undefined && (resolution.targets.length > 1 || (types?.inheritedOverloads === true && resolution.how === 'bound'))) {
        let values: Promise<ReadonlyArray<ArgumentType | undefined>> | undefined;
        const argumentsOf = () => (values ??= Promise.all((ref.arguments ?? []).map((index) => (index < 0 ? undefined : this.#argumentType(file, facts, index, 0)))));
        const given = types && { types, literals: ref.literals ?? [], values: argumentsOf };
        // (Java's methods of a base class are overloads beside its subclass's: when no method of the class takes the
        // arguments, its bases' of that name are looked at, as javac does; C++'s subclass hides them)
        const inherited = types?.inheritedOverloads ? () => this.#inheritedOverloads(resolution.targets, ref.name) : undefined;
        resolution.targets = await this.overloadFor(resolution.targets, ref.arity, ref.spread === true, given, inherited);
      }
      return { name: ref.name, resolution };
    }
    return undefined;
  }

  /** An embedded field (Go's `struct { Base }`) is named by its type: its name is a use of the type. */
  async embedded(file: string, facts: FileFacts, index: number): Promise<Resolution | undefined> {
    const def = facts.definitions[index];
    if (!def?.modifiers?.includes('embedded')) return undefined;
    const types = await this.typeNamed(file, facts, def.type, 0);
    return types.length > 0 ? { targets: types, how: 'bound' } : undefined;
  }

  /**
   * Among the overloads of one callable, the first whose parameters admit `arity` arguments (a declaration without
   * a body before the implementation, as TypeScript resolves a call), one that takes them without its rest parameter
   * first; all of them when none or no overloads do. A spread argument (`f(...xs)`, `spread`) is taken only by a rest
   * parameter. What the arguments are (`given`: literals of a kind, values of a declared type, and which parameter types
   * take them in the caller's language) picks among those.
   */
  async overloadFor(
    targets: Target[],
    arity: number,
    spread = false,
    given?: { types: ArgumentTypes; literals: readonly string[]; values: () => Promise<ReadonlyArray<ArgumentType | undefined>> },
    further?: () => Promise<Target[]>,
  ): Promise<Target[]> {
    const candidates: Array<{ target: Target; def: Definition }> = [];
    for (const target of targets) {
      if (!('def' in target)) return targets;
      const def = (await this.#context.facts(target.file))?.definitions[target.def];
      if (!def || !kindInfo(def.kind).callable) return targets;
      candidates.push({ target, def });
    }
    const admits = ({ def }: { def: Definition }) => {
      const parameters = def.parameters ?? [];
      const required = parameters.filter((p) => !p.optional).length;
      if (spread) return parameters.some((p) => p.isRest) && arity - 1 <= parameters.length;
      return arity >= required && (parameters.some((p) => p.isRest) || arity <= parameters.length);
    };
    // Without its rest parameter: a call that fits fixed parameters takes such an overload before a variadic one, as
    // Java, Kotlin and C# choose (`error(pos, key)` is `error(DiagnosticPosition, Error)`, not `error(String,
    // Object...)`).
    const fixed = ({ def }: { def: Definition }) => {
      const parameters = (def.parameters ?? []).filter((p) => !p.isRest);
      return !spread && arity >= parameters.filter((p) => !p.optional).length && arity <= parameters.length;
    };
    const overloads = candidates.filter((candidate) => candidate.def.declarationOnly);
    const pool = overloads.length > 0 ? overloads : candidates;
    // (Java's abstract methods are declarations without bodies too: when none of them admits, the others may)
    // What the arguments are (`print("</")`, `check(ok, 3)`, `at(tree.pos())`): an overload whose parameters take them,
    // the most exact first (`String` before `Object`), as Java picks the most specific; one that cannot take them is
    // passed over. Worked out only where overloads of the call's arity remain.
    const admitting = [...pool.filter(fixed), ...pool.filter(admits), ...candidates.filter(fixed), ...candidates.filter(admits)];
    let fits = admitting.length > 0;
    // The candidates from further away (a base class's overloads), looked up once and only when asked for: without
    // any, one candidate that admits the arity is the answer, and its arguments need no typing.
    let more: Target[] | undefined;
    const furtherAway = async () => (more ??= further ? (await further()).filter((target) => !targets.some((own) => targetKey(own) === targetKey(target))) : []);
    const several = new Set(admitting.map(({ target }) => targetKey(target))).size > 1;
    if (given && (several || (fits && (await furtherAway()).length > 0))) {
      const values = await given.values();
      if (given.literals.some((kind) => kind !== '') || values.some((value) => value !== undefined)) {
        const fitting = admitting
          .map((candidate, order) => ({ candidate, order, score: argumentFit(candidate.def, given.literals, values, given.types) }))
          .filter((entry) => entry.score >= 0)
          .sort((a, b) => b.score - a.score || a.order - b.order);
        if (fitting[0]) return [fitting[0].candidate.target];
        fits = false;
      }
    }
    // None takes the arguments: the candidates from further away beside these.
    if (!fits && further) {
      const extra = await furtherAway();
      if (extra.length > 0) return this.overloadFor([...targets, ...extra], arity, spread, given);
    }
    const first = pool.find(fixed) ?? pool.find(admits) ?? candidates.find(fixed) ?? candidates.find(admits);
    return first ? [first.target] : targets;
  }

  /**
   * What a reference of a file leads to. A declaration without a body whose language defines it apart (a C header's
   * prototype) leads to its definition first. Methods and fields of one name: a call is the methods (Java's `size()`,
   * Rust's `x.len()`: a field `len` is called as `(x.len)()`), a member read the fields (`x.len`).
   */
  async reference(file: string, facts: FileFacts, ref: Reference, hops: number): Promise<Resolution> {
    const resolution = await this.#lastMacroFirst(await this.typedefsFirst(await this.#typedefOfTag(file, facts, ref, await this.withDefinitions(await this.#reference(file, facts, ref, hops)))));
    const call = ref.arity !== undefined || ref.kind === 'call';
    if ((!call && ref.qualifier === undefined) || resolution.targets.length < 2) return resolution;
    const kinds = await Promise.all(resolution.targets.map(async (t) => ('def' in t ? (await this.#context.facts(t.file))?.definitions[t.def]?.kind : undefined)));
    const field = (kind: string | undefined) => kind !== undefined && kindInfo(kind).category === 'member' && !kindInfo(kind).callable;
    const method = (kind: string | undefined) => kind !== undefined && kindInfo(kind).callable;
    if (!kinds.some(method) || !kinds.some(field)) return resolution;
    return { ...resolution, targets: resolution.targets.filter((_, i) => (call ? !field(kinds[i]) : !method(kinds[i]))) };
  }

  /**
   * C's `typedef struct node {...} node;` defines the tag `node` and the type `node`: a name written bare is the
   * type (the tag is only ever written `struct node`, which is rarer where both exist), so the typedef comes first.
   */
  async typedefsFirst(resolution: Resolution): Promise<Resolution> {
    if (resolution.targets.length < 2) return resolution;
    const typedefs: Target[] = [];
    const tags = new Set<string>();
    for (const target of resolution.targets) {
      if (!('def' in target) || !this.#context.modules.definesApart(target.file)) continue;
      const def = (await this.#context.facts(target.file))?.definitions[target.def];
      if (def?.kind === 'type') typedefs.push(target);
      else if (def && (kindInfo(def.kind).category === 'class' || def.kind === 'enum')) tags.add(def.name);
    }
    if (typedefs.length === 0 || tags.size === 0) return resolution;
    return { ...resolution, targets: unique([...typedefs, ...resolution.targets]) };
  }

  /**
   * A bare name bound to a struct, union or class of a C or C++ file (`struct geo_State {...}` in the source file)
   * whose header names it with a typedef too (`typedef struct geo_State geo_State;`): the name is the typedef, as a C
   * compiler reads it (a tag is written `struct geo_State`) and clangd answers in C++ too; then the tag.
   */
  async #typedefOfTag(file: string, facts: FileFacts, ref: Reference, resolution: Resolution): Promise<Resolution> {
    if (ref.qualifier !== undefined || resolution.targets.length === 0 || !this.#context.modules.definesApart(file) || !this.#context.filesDefining) return resolution;
    for (const target of resolution.targets) {
      if (!('def' in target)) return resolution;
      const def = (await this.#context.facts(target.file))?.definitions[target.def];
      if (!def || kindInfo(def.kind).category !== 'class' || def.kind === 'impl') return resolution;
    }
    // The typedefs of the tree naming `struct <name>`, from the name table (a program has one such typedef; the file
    // may see it only through what includes it, as a header does).
    const aliases = new RegExp(`^(?:struct|union|enum|class)\\s+${ref.name.replace(/[$]/g, '\\$&')}$`);
    const typedefs: Target[] = [];
    for (const other of await this.#context.filesDefining(ref.name)) {
      if (!this.#context.modules.definesApart(other) || (other !== file && !this.#context.modules.includable(other))) continue;
      const otherFacts = await this.#context.facts(other);
      for (const i of (otherFacts && fileIndex(otherFacts).named.get(ref.name)) ?? []) {
        const d = otherFacts?.definitions[i];
        if (d?.kind === 'type' && !d.local && aliases.test(d.value?.trim() ?? '')) typedefs.push({ file: other, def: i });
      }
    }
    return typedefs.length > 0 ? { ...resolution, targets: unique([...inPathOrder(typedefs), ...resolution.targets]) } : resolution;
  }

  /**
   * A macro (or a C typedef) defined several times in one file (`#if defined(LUAI_ASSERT) #define lua_assert(c)
   * assert(c) #else #define lua_assert(c) ((void)0) #endif`, or `#undef` then `#define` again): the last definition
   * first, as the one a file including it sees after it (a redefinition), or the fallback a build without
   * configuration flags gets.
   */
  async #lastMacroFirst(resolution: Resolution): Promise<Resolution> {
    if (resolution.targets.length < 2) return resolution;
    const lines: Array<number | undefined> = [];
    for (const target of resolution.targets) {
      const def = 'def' in target ? (await this.#context.facts(target.file))?.definitions[target.def] : undefined;
      const repeated = def?.kind === 'macro' || (def?.kind === 'type' && this.#context.modules.definesApart(target.file));
      lines.push(repeated ? def.line : undefined);
    }
    // Each file's macros where its first one stood, the last line first; every other target where it stood.
    const targets: Target[] = [];
    const placed = new Set<string>();
    resolution.targets.forEach((target, i) => {
      if (lines[i] === undefined) targets.push(target);
      else if (!placed.has(target.file)) {
        placed.add(target.file);
        const same = resolution.targets.flatMap((other, j) => (other.file === target.file && lines[j] !== undefined ? [j] : []));
        targets.push(...same.sort((a, b) => (lines[b] ?? 0) - (lines[a] ?? 0)).map((j) => resolution.targets[j] as Target));
      }
    });
    return { ...resolution, targets: await this.#branchesTaken(targets) };
  }

  /**
   * Definitions in the branches of one preprocessor conditional (`#if defined(_WIN32) ... #elif ... #else ...`): the
   * first branch whose test is not known to fail first, as a compiler takes the first that holds (see
   * languages/c/conditions.ts); the branches known to fail after it, in their order. Other targets stay where they are.
   */
  async #branchesTaken(targets: Target[]): Promise<Target[]> {
    const placed: Array<{ target: Target; group?: string; branch: number; fails: boolean }> = [];
    const defined = new Map<string, boolean>();
    for (const target of targets) {
      const facts = 'def' in target ? await this.#context.facts(target.file) : undefined;
      const conditional = facts && 'def' in target ? facts.definitions[target.def]?.conditional : undefined;
      const predefined = conditional ? this.#context.modules.predefinedMacros(target.file) : undefined;
      if (!facts || !conditional || !predefined || !this.#context.filesDefining) {
        placed.push({ target, branch: 0, fails: false });
        continue;
      }
      for (const name of namesIn(conditional.when)) if (!defined.has(name)) defined.set(name, (await this.#context.filesDefining(name)).length > 0);
      placed.push({ target, group: `${target.file}\u0000${conditional.group}`, branch: conditional.branch, fails: !mayHold(conditional.when, predefined, defined) });
    }
    const groups = new Map<string, number[]>();
    placed.forEach((entry, i) => {
      if (entry.group === undefined) return;
      const slots = groups.get(entry.group);
      if (slots) slots.push(i);
      else groups.set(entry.group, [i]);
    });
    const ordered = placed.map((entry) => entry.target);
    for (const slots of groups.values()) {
      if (slots.length < 2) continue;
      const ranked = slots.map((i) => placed[i] as (typeof placed)[number]).sort((a, b) => Number(a.fails) - Number(b.fails) || a.branch - b.branch);
      slots.forEach((slot, k) => (ordered[slot] = (ranked[k] as (typeof placed)[number]).target));
    }
    return ordered;
  }

  /** Whether every owner is a value (a variable, parameter, property or field), not a type, module or function. */
  async #values(owners: Target[]): Promise<boolean> {
    for (const owner of owners) {
      if ('module' in owner) return false;
      if ('binding' in owner) continue;
      const def = (await this.#context.facts(owner.file))?.definitions[owner.def];
      const category = def ? kindInfo(def.kind).category : 'class';
      if (category === 'class' || category === 'type' || category === 'function' || def?.kind === 'module') return false;
    }
    return owners.length > 0;
  }

  /** The targets that are not `static` members, when some are. */
  async #notStatic(targets: Target[]): Promise<Target[]> {
    if (targets.length < 2) return targets;
    const kept: Target[] = [];
    for (const target of targets) if (!('def' in target) || !(await this.#context.facts(target.file))?.definitions[target.def]?.modifiers?.includes('static')) kept.push(target);
    return kept.length > 0 ? kept : targets;
  }

  async #notConstructors(targets: Target[]): Promise<Target[]> {
    const kept: Target[] = [];
    for (const target of targets) if (!('def' in target) || (await this.#context.facts(target.file))?.definitions[target.def]?.kind !== 'constructor') kept.push(target);
    return kept;
  }

  async #reference(file: string, facts: FileFacts, ref: Reference, hops: number): Promise<Resolution> {
    if (ref.binding !== undefined) return this.binding(file, facts, ref.binding, hops);
    if (ref.qualifier !== undefined) return this.member(file, facts, ref, hops);
    if (ref.kind === 'import') {
      // The imported name in an import statement (`{ fmt as show }`): the declaration it imports. The statement is
      // the last one at or above the name that imports it.
      const statement = facts.imports.findLast((i) => (i.line ?? 0) <= ref.line && i.imports.some((item) => item.name === ref.name));
      if (statement) return this.imported(file, statement.source, ref.name, hops + 1);
      return { targets: [], how: 'unbound', note: 'an imported name' };
    }
    if (ref.kind === 'reexport') {
      const entry = facts.exports.find((e) => e.source !== undefined && e.name !== '*' && (e.localName ?? e.name) === ref.name) ?? facts.exports.find((e) => e.source !== undefined && e.name === ref.name);
      if (entry?.source !== undefined) return this.imported(file, entry.source, entry.kind === 'namespace' ? '*' : (entry.localName ?? entry.name), hops + 1);
      return { targets: [], how: 'unbound', note: 'a re-exported name' };
    }
    const members = await this.#membersInScope(file, facts, ref.name, ref.enclosing, hops + 1);
    if (members.length > 0) return { targets: members, how: 'bound' };
    const visible = await this.visible(file, facts, ref.name, ref.enclosing, hops + 1);
    if (visible) return visible;
    return { targets: [], how: 'unbound', note: `"${ref.name}" is not bound in ${file} (a global, or a name this language's queries do not bind)` };
  }

  /**
   * C++: a bare name in a method (also one defined out of line) is a member of its class, or of the class's bases,
   * before it is a name of the namespace around it. The name of the class or of a base is the class itself, not its
   * constructors (C++'s injected class name: `class D : public B` inside `D`, `B` in `B::f`, `D() : B(4)`, as clangd
   * answers).
   */
  async #membersInScope(file: string, facts: FileFacts, name: string, enclosing: number | undefined, hops: number): Promise<Target[]> {
    if (enclosing === undefined || !this.#context.modules.membersInScope(file)) return [];
    const members: Target[] = [];
    for (const owner of await this.enclosingOwner(file, facts, enclosing, hops + 1)) {
      for (const member of await this.membersOf(owner, name, hops + 1)) {
        const memberFacts = 'def' in member ? await this.#context.facts(member.file) : undefined;
        const def = 'def' in member ? memberFacts?.definitions[member.def] : undefined;
        if (def?.kind !== 'constructor') members.push(member);
        else if (def.parent !== undefined && memberFacts?.definitions[def.parent]?.name === name) members.push({ file: member.file, def: def.parent });
      }
    }
    return unique(members);
  }

  /**
   * A name no scope of its file binds, at a place of the file (`enclosing`): a member its enclosing classes inherit
   * (in languages whose classes' members are bare names in their bodies), then what {@link Resolver.unqualified}
   * finds, then a name the language gives every file from outside the tree (external).
   */
  async visible(file: string, facts: FileFacts, name: string, enclosing: number | undefined, hops: number): Promise<Resolution | undefined> {
    if (enclosing !== undefined && fileIndex(facts).membersInScope) {
      for (let i: number | undefined = enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
        const def = facts.definitions[i];
        if (!def || !isTypeLike(def.kind)) continue;
        // (a constructor is named like its class, not a member to name bare)
        const members = await this.#notConstructors(await this.membersOf({ file, def: i }, name, hops + 1));
        if (members.length > 0) return { targets: unique(members), how: 'bound' };
      }
    }
    const found = await this.unqualified(file, facts, name, hops);
    if (found) return found;
    if (this.#context.modules.builtin(file, name)) return { targets: [], how: 'external', note: `"${name}" is one the language gives every file` };
    return undefined;
  }

  /**
   * What a source names from `file` when it names no module: the declarations it names inside one (`a.b.C` of
   * Java's `import static a.b.C.m` is the class `C` of package `a.b`), as the file's module system reads it.
   */
  async declared(file: string, source: string, hops: number): Promise<Target[]> {
    const declaration = await this.#context.modules.declarationOf(file, source);
    const [first, ...rest] = declaration?.path ?? [];
    if (!declaration || first === undefined || hops > MAX_HOPS) return [];
    let owners: Target[] = [];
    for (const module of await this.#context.modules.filesOf(file, declaration.source)) owners.push(...(await this.exported(module, first, hops + 1, new Set())));
    for (const segment of rest) {
      const next: Target[] = [];
      for (const owner of owners) next.push(...(await this.membersOf(owner, segment, hops + 1)));
      owners = next;
    }
    return unique(owners);
  }

  /**
   * A name no scope of its file binds, found where the file sees names without binding them: the other files of
   * its package (Go, Java) first, then its wildcard imports (`from m import *`, `use m::*`, `import p.*`,
   * `#include "h"`), in order.
   */
  async unqualified(file: string, facts: FileFacts, name: string, hops: number): Promise<Resolution | undefined> {
    if (hops > MAX_HOPS) return undefined;
    const modules = this.#context.modules;
    const targets: Target[] = [];
    for (const sibling of await modules.implicit(file)) targets.push(...(await this.declaredIn(sibling, name, hops + 1)));
    if (targets.length > 0) return { targets: unique(targets), how: 'bound' };
    const outside: string[] = [];
    for (const item of facts.imports) {
      if (!item.imports.some((i) => i.name === '*' && !i.isNamespace && i.alias === undefined)) continue;
      if ((await modules.filesOf(file, item.source)).length === 0) outside.push(item.source);
      // A module's exports; the members of a declaration (`import static a.b.C.*`, `using static A.B.C`) or of an
      // item inside a module (Rust's `use self::Kind::*`).
      targets.push(...(await this.within(file, item.source, name, hops + 1, new Set())));
      if (targets.length > 0) return { targets: unique(targets), how: 'bound', ...(modules.exact(file) ? {} : { approximate: true as const }) };
    }
    // C and C++: a type the file's headers only declare ahead (`class FilterPolicy;`), or that the including source
    // file's headers define, is the program's one definition of it: found by name.
    const types = await this.#typesApart(file, name);
    if (types.length > 0) return { targets: types, how: 'bound', ...(types.length > 1 ? { approximate: true as const } : {}) };
    // Defined nowhere in the tree, and the file sees every name of modules outside it (`#include <stdio.h>`): one
    // of theirs.
    if (outside.length > 0 && modules.exact(file) && this.#context.filesDefining && (await this.#context.filesDefining(name)).length === 0) {
      return { targets: [], how: 'external', note: `"${name}" is not defined in the index; ${file} sees every name of ${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', ...' : ''} (outside the index)` };
    }
    return undefined;
  }

  /**
   * The type definitions named `name` (classes, structs, enums, typedefs; outside functions and classes, with external
   * linkage) in the tree's headers of a module system that defines apart (C, C++), from the name table.
   */
  async #typesApart(file: string, name: string): Promise<Target[]> {
    if (!this.#context.modules.definesApart(file) || !this.#context.filesDefining) return [];
    const targets: Target[] = [];
    for (const other of await this.#context.filesDefining(name)) {
      // (a type a source file defines is its translation unit's own)
      if (!this.#context.modules.definesApart(other) || !this.#context.modules.includable(other)) continue;
      const facts = await this.#context.facts(other);
      for (const i of (facts && fileIndex(facts).named.get(name)) ?? []) {
        const def = facts?.definitions[i] as Definition;
        if (def.local || !isTypeLike(def.kind) || kindInfo(def.kind).declaresName === false) continue;
        if (def.modifiers?.some((m) => m === 'static' || m === 'internal')) continue;
        const parent = def.parent === undefined ? undefined : facts?.definitions[def.parent];
        if (parent === undefined || parent.kind === 'module') targets.push({ file: other, def: i });
      }
    }
    return inPathOrder(targets);
  }

  /**
   * The declarations named `name` in what `source` names from `file`: a module's exports, or the members of the item
   * a source names inside a module (Rust's `use self::Kind::*` of an enum).
   */
  async within(file: string, source: string, name: string, hops: number, seen: Set<string>): Promise<Target[]> {
    if (hops > MAX_HOPS) return [];
    const owners = await this.imported(file, source, '*', hops);
    const targets: Target[] = [];
    for (const owner of owners.targets) targets.push(...('module' in owner ? await this.exported(owner.file, name, hops, seen) : await this.membersOf(owner, name, hops + 1)));
    return targets;
  }

  /** What a binding of a file leads to: its definition, itself, or, for an import, the imported declaration. */
  async binding(file: string, facts: FileFacts, index: number, hops: number): Promise<Resolution> {
    const binding = facts.bindings[index];
    if (!binding) return { targets: [], how: 'unbound' };
    if (binding.import) {
      const imported = await this.imported(file, this.#importSource(file, binding), binding.import.name, hops + 1);
      if (imported.targets.length > 0) return imported;
      // From outside the index: the import itself is where the name is declared here (as language servers answer).
      if (imported.how === 'external') return { ...imported, targets: [binding.def !== undefined ? { file, def: binding.def } : { file, binding: index }] };
      if (binding.def === undefined) return imported;
    }
    if (binding.def !== undefined) {
      // A method bound as a bare name in its class's body (`save()` in Java): it and its overloads, as `this.save` finds.
      const def = facts.definitions[binding.def];
      const parent = def?.parent === undefined ? undefined : facts.definitions[def.parent];
      if (def && parent && !binding.top && kindInfo(def.kind).callable && isTypeLike(parent.kind)) {
        const overloads = (fileIndex(facts).children.get(def.parent as number) ?? []).filter((i) => facts.definitions[i]?.name === def.name && kindInfo(facts.definitions[i]?.kind ?? '').callable);
        return { targets: overloads.map((i) => ({ file, def: i })), how: 'bound' };
      }
      // A function with overload signatures (TypeScript's `function f(a: A): X; function f(a: A, b: B): Y; function
      // f(...) {...}`), used in its own file: every declaration, as an import of it sees them (a call then takes the
      // first overload that admits its arguments). Not where a declaration without a body is a prototype (C, C++).
      if (def && kindInfo(def.kind).callable && !this.#context.modules.definesApart(file)) {
        const overloads = (fileIndex(facts).named.get(def.name) ?? []).filter((i) => facts.definitions[i]?.parent === def.parent && kindInfo(facts.definitions[i]?.kind ?? '').callable);
        if (overloads.length > 1 && overloads.some((i) => facts.definitions[i]?.declarationOnly)) return { targets: overloads.map((i) => ({ file, def: i })), how: 'bound' };
      }
      return { targets: [{ file, def: binding.def }], how: 'bound' };
    }
    return { targets: [{ file, binding: index }], how: 'bound' };
  }

  /** The module an import binding names: its source, or what its module system says a namespace import binds. */
  #importSource(file: string, binding: Binding): string {
    const source = binding.import?.source ?? '';
    return binding.import?.name === '*' ? this.#context.modules.namespaceModule(file, source, binding.name) : source;
  }

  /** The submodule `name` of the module `source` imports in `file` (Python's `from pkg import mod`), as modules. */
  async #submodule(file: string, source: string, name: string): Promise<Target[]> {
    const sub = this.#context.modules.submodule(file, source, name);
    if (sub === undefined) return [];
    return (await this.#context.modules.filesOf(file, sub)).map((module) => ({ file: module, module: true as const }));
  }

  async #packageSubmodule(module: string, name: string): Promise<Target[]> {
    return (await this.#context.modules.packageSubmodule(module, name)).map((file) => ({ file, module: true as const }));
  }

  /** What `name` imported from `source` in `file` leads to (`*`: the module itself). */
  async imported(file: string, source: string, name: string, hops: number): Promise<Resolution> {
    if (hops > MAX_HOPS) return { targets: [], how: 'unbound', note: 'too many imports and re-exports to follow' };
    const modules = await this.#context.modules.filesOf(file, source);
    if (modules.length === 0) {
      // A namespace package has no file of its own, only submodules.
      const sub = name === '*' ? [] : await this.#submodule(file, source, name);
      if (sub.length > 0) return { targets: sub, how: 'bound' };
      // A declaration inside a module (`import static a.b.C.m`, `import a.b.Outer.Inner`): its member, or itself.
      const owners = await this.declared(file, source, hops + 1);
      if (owners.length > 0) {
        // `*`, and an import written whole (Kotlin's `import a.b.C`: source `a.b.C`, name `C`): what the source names.
        if (name === '*' || source.endsWith(`.${name}`)) return { targets: owners, how: 'bound' };
        const members: Target[] = [];
        for (const owner of owners) members.push(...(await this.membersOf(owner, name, hops + 1)));
        return members.length > 0 ? { targets: unique(members), how: 'bound' } : { targets: [], how: 'unbound', note: `no member "${name}" of ${source}` };
      }
      // An item of a module (Rust's `crate::ast::Kind`: an enum, an inline `mod`): its members.
      const inner = this.#context.modules.split(file, source);
      if (!inner) return { targets: [], how: 'external', note: `"${source}" is outside the index` };
      const owner = await this.imported(file, inner.parent, inner.name, hops + 1);
      if (owner.targets.length === 0 || name === '*') return owner;
      const targets: Target[] = [];
      for (const target of owner.targets) targets.push(...(await this.membersOf(target, name, hops + 1)));
      if (targets.length > 0) return { targets: unique(targets), how: 'bound' };
      // The item is an import of what is outside the tree (`extern crate alloc`, `pub use std::fmt`): so is its member.
      if (await this.importsOnly(owner.targets)) return { targets: [], how: 'external', note: `"${inner.parent}::${inner.name}" is outside the index` };
      return { targets: [], how: 'unbound', note: `"${name}" is not found in ${source}` };
    }
    const approximate = this.#context.modules.exact(file) ? {} : { approximate: true as const };
    if (name === '*') return { targets: modules.map((module) => ({ file: module, module: true as const })), how: 'bound', ...approximate };
    const targets: Target[] = [];
    for (const module of modules) {
      const found = await this.exported(module, name, hops + 1, new Set());
      // A default import of a CommonJS module is what `module.exports` is, or the module itself.
      if (name === 'default' && found.length === 0) {
        const assigned = await this.exported(module, 'export=', hops + 1, new Set());
        found.push(...(assigned.length > 0 ? assigned : [{ file: module, module: true as const }]));
      }
      targets.push(...found);
    }
    // A package's submodule (`from . import mod`) when the package itself does not bind the name.
    if (targets.length === 0) for (const module of modules) targets.push(...(await this.#packageSubmodule(module, name)));
    if (targets.length > 0) return { targets: unique(targets), how: 'bound', ...approximate };
    // A name the module binds to what is outside the tree (`pub use std::fmt`, `extern crate alloc`): outside it too.
    for (const module of modules) {
      const facts = await this.#context.facts(module);
      for (const b of (facts && fileIndex(facts).top.get(name)) ?? []) {
        if (facts && (await this.binding(module, facts, b, hops + 1)).how === 'external') return { targets: [], how: 'external', note: `"${name}" of ${source} is outside the index` };
      }
    }
    return { targets: [], how: 'unbound', note: `"${name}" is not found among the exports of ${modules.join(', ')}` };
  }

  /** Whether every target is an import binding that leads outside the tree (where the tree's knowledge ends). */
  async importsOnly(targets: Target[]): Promise<boolean> {
    for (const target of targets) {
      if (!('binding' in target)) return false;
      const facts = await this.#context.facts(target.file);
      const binding = facts?.bindings[target.binding];
      if (!facts || binding?.import === undefined) return false;
      if ((await this.binding(target.file, facts, target.binding, 0)).how !== 'external') return false;
    }
    return targets.length > 0;
  }

  /** The declarations a module exports under `name`: its own, re-exported (aliases, `export *`), or imported again. */
  async exported(module: string, name: string, hops: number, seen: Set<string>): Promise<Target[]> {
    const key = `${module}\u0000${name}`;
    if (seen.has(key) || hops > MAX_HOPS) return [];
    seen.add(key);
    const facts = await this.#context.facts(module);
    if (!facts) return [];
    const index = fileIndex(facts);
    const targets: Target[] = [];
    // Whether the module binds the name itself (an import from outside the tree binds it without targets).
    let bound = false;
    // Where a file's imports are its own, a name it imports is not one it exports (Java's `import java.util.List` in a
    // file of a package another file imports with `import pkg.*`).
    const ownImports = this.#context.modules.privateImports(module);
    const local = async (localName: string) => {
      for (const b of index.top.get(localName) ?? []) {
        if (ownImports && facts.bindings[b]?.import) continue;
        bound = true;
        const resolution = await this.binding(module, facts, b, hops + 1);
        targets.push(...resolution.targets);
      }
    };
    let declared = false;
    // (`export * from` after the named ones: it never shadows them.)
    const named = index.exportsNamed.get(name) ?? [];
    for (const entry of named) {
      declared = true;
      if (entry.source !== undefined) {
        const resolution = await this.imported(module, entry.source, entry.kind === 'namespace' ? '*' : (entry.localName ?? name), hops + 1);
        targets.push(...resolution.targets);
      } else await local(entry.localName ?? name);
    }
    if (!declared) await local(name);
    if (targets.length === 0 && declared) {
      // An export that declares what no scope binds (`exports.VERSION = '1.0'`): the definition on its line.
      const lines = new Set(named.filter((e) => e.source === undefined).map((e) => e.line));
      for (const i of index.named.get(name) ?? []) {
        const def = facts.definitions[i] as Definition;
        if (lines.has(def.line) && def.parent === undefined) targets.push({ file: module, def: i });
      }
    }
    if (targets.length === 0) {
      for (const entry of index.wildcards) targets.push(...(await this.within(module, entry.source as string, name, hops + 1, seen)));
    }
    // What a module sees through its own wildcard imports is its name too (Python's `from m import *`, a header's
    // `#include`, Rust's `pub use self::kind::*`), unless a name of its own shadows them (Rust's `extern crate alloc`
    // before `use backport::*`), or its language keeps a file's imports its own (Java's `import a.b.*`).
    if (targets.length === 0 && !bound && !ownImports) {
      for (const item of facts.imports) {
        if (!item.imports.some((i) => i.name === '*' && !i.isNamespace && i.alias === undefined)) continue;
        targets.push(...(await this.within(module, item.source, name, hops + 1, seen)));
        if (targets.length > 0) break;
      }
    }
    return unique(targets);
  }

  /**
   * The top-level declarations of a file named `name`, not what it imports: what the other files of its package see
   * (a Java or Go file's imports are its own).
   */
  async declaredIn(module: string, name: string, hops: number): Promise<Target[]> {
    const facts = await this.#context.facts(module);
    if (!facts || hops > MAX_HOPS) return [];
    const targets: Target[] = [];
    for (const b of fileIndex(facts).top.get(name) ?? []) if (!facts.bindings[b]?.import) targets.push(...(await this.binding(module, facts, b, hops + 1)).targets);
    return targets;
  }

  /** What a member use (`q.name`) leads to: the members `name` of what its qualifier leads to. */
  async member(file: string, facts: FileFacts, ref: Reference, hops: number): Promise<Resolution> {
    const qualifier = ref.qualifier ?? '';
    // A chain of names and calls: `a.b.c`, `f()`, `m.Descriptor().Fields()`.
    const [first = '', ...path] = qualifier.split(/\.|::/);
    const headCalled = first.endsWith('()');
    const head = headCalled ? first.slice(0, -2) : first;
    // Module paths written in code (Rust's `crate::a::f()`, `super::T::new()`, `std::mem::swap()`).
    const modulePaths = this.#context.modules.pathQualifiers(file);
    let owners: Target[] = [];
    // The module path a namespace import's members are submodules of (Python's `import a.b` then `a.b.f`).
    let source: string | undefined;
    let external: Resolution | undefined;
    const parent = (head === 'super' && !modulePaths) || head === 'base';
    if ((head === 'this' || head === 'self' || head === 'Self' || parent) && ref.qualifierBinding === undefined) {
      const owner = await this.enclosingOwner(file, facts, ref.enclosing, hops + 1);
      if (owner.length === 0 && !modulePaths) return { targets: [], how: 'unbound', note: `no class encloses "${head}"` };
      owners = parent ? (await Promise.all(owner.filter((o): o is { file: string; def: number } => 'def' in o).map((o) => this.bases(o.file, facts, o.def, hops + 1)))).flat() : owner;
    } else if (ref.qualifierBinding !== undefined) {
      const binding = facts.bindings[ref.qualifierBinding];
      if (binding?.import?.name === '*') source = this.#importSource(file, binding);
      const resolution = await this.binding(file, facts, ref.qualifierBinding, hops + 1);
      // A member of something imported from outside the tree (`path.join`): its import is what the tree knows;
      // unless a submodule of the tree is named (a namespace package has no file of its own).
      if (resolution.how === 'external' && source !== undefined) external = resolution;
      else if (resolution.how === 'external') return resolution;
      else if (resolution.targets.length === 0) return { ...resolution, how: 'unbound' };
      owners = external ? [] : resolution.targets;
    } else if (head !== '') {
      // A head no scope binds: a member of the enclosing class (C++), an inherited member, a name of the package's
      // other files or of a wildcard import.
      owners = await this.#membersInScope(file, facts, head, ref.enclosing, hops + 1);
      if (owners.length === 0) {
        const visible = await this.visible(file, facts, head, ref.enclosing, hops + 1);
        if (visible?.how === 'external') return { targets: [], how: 'external', ...(visible.note ? { note: visible.note } : {}) };
        owners = visible?.targets ?? [];
      }
    }
    let chain = { headCalled, path };
    if (owners.length === 0 && modulePaths && source === undefined && head !== '') {
      // A module path written in code: its names up to the first call are one source (`crate::a::f` of
      // `crate::a::f().x`), what follows a chain from what it names.
      const segments = [first, ...path];
      const call = segments.findIndex((segment) => segment.endsWith('()'));
      const end = call < 0 ? segments.length : call + 1;
      const written = segments.slice(0, end).join('::').replace(/\(\)$/, '');
      const module = await this.imported(file, written, '*', hops + 1);
      if (module.targets.length === 0) return { ...module, how: module.how === 'external' ? 'external' : 'unbound' };
      owners = module.targets;
      chain = { headCalled: call >= 0, path: segments.slice(end) };
    }
    if (owners.length === 0 && !external) return { targets: [], how: 'unbound', note: head === '' ? `what "${ref.name}" is a member of is not a name` : `"${head}" is not bound in ${file}` };
    if (source !== undefined) {
      // A namespace import's path (Python's `import a.b` then `a.b.f`): members, or submodules while it names modules.
      const step = async (segment: string): Promise<Target[]> => {
        const next = await this.#membersOfAll(owners, segment, hops + 1);
        if (source === undefined) return next;
        if (next.length === 0) next.push(...(await this.#submodule(file, source, segment)));
        source = next.length > 0 && next.every((target) => 'module' in target) ? this.#context.modules.submodule(file, source, segment) : undefined;
        return unique(next);
      };
      let at = 0;
      for (; at < path.length && !(path[at] as string).endsWith('()'); at++) {
        owners = await step(path[at] as string);
        if (owners.length === 0) return external ?? { targets: [], how: 'unbound', note: `no member "${path[at]}" of ${qualifier}` };
      }
      owners = await this.followChain(owners, false, path.slice(at), hops + 1);
      const targets = at === path.length ? await step(ref.name) : await this.#membersOfAll(owners, ref.name, hops + 1);
      if (targets.length === 0 && external) return external;
      return targets.length > 0 ? { targets: unique(targets), how: 'bound' } : { targets: [], how: 'unbound', note: `no member "${ref.name}" found on ${qualifier}` };
    }
    const followed = await this.#followChain(owners, chain.headCalled, chain.path, hops + 1);
    owners = followed.owners;
    if (owners.length === 0) {
      // `self.items.iter()` of `items: Vec<f64>`: a member of a part whose declared type is outside the tree is
      // outside it too, unless its type arguments may name the tree's types (`List<Item>`: `items.get(0)` may be one).
      for (const owner of followed.stuck) if (followed.missing !== undefined && (await this.typedExternally(owner, hops + 1, followed.missing)) && !(await this.#typeArgumentsInTree(owner))) return { targets: [], how: 'external', note: `the type of a part of ${qualifier} is outside the index` };
      return { targets: [], how: 'unbound', note: `what ${qualifier} is cannot be followed (a member or a returned type is not written)` };
    }
    const targets: Target[] = [];
    for (const owner of owners) targets.push(...(await this.membersOf(owner, ref.name, hops + 1)));
    // `this.now()`, `this.scheduler.now()`, `x.now()`: an instance's member, not the static one of the same name (a
    // class's own name, `Scheduler.now`, reaches both).
    const instance = ((head === 'this' || head === 'self') && ref.qualifierBinding === undefined && path.length === 0) || (await this.#values(owners));
    if (targets.length > 0) return { targets: instance ? await this.#notStatic(unique(targets)) : unique(targets), how: 'bound' };
    // A variable declared with a type from outside the index (`List<T> items`, `v: Vec<T>` of the prelude): its
    // members are outside too.
    for (const owner of owners) if (await this.typedExternally(owner, hops + 1, ref.name)) return { targets: [], how: 'external', note: `${qualifier} has a type from outside the index` };
    return { targets: [], how: 'unbound', note: `no member "${ref.name}" found on ${qualifier}` };
  }

  /**
   * Whether a variable, parameter or field is declared with a type from outside the index: imported from outside it,
   * or one its language gives every file (Rust's prelude `Vec<f64>`, a primitive `f64`) for which the tree declares
   * no `member` of its own (Kotlin's extension `fun String.masked()`, Rust's `impl Trait for f64`).
   */
  async typedExternally(owner: Target, hops: number, member?: string): Promise<boolean> {
    if ('module' in owner || hops > MAX_HOPS) return false;
    const facts = await this.#context.facts(owner.file);
    if (!facts) return false;
    let type: string | undefined;
    let typeBinding: number | undefined;
    if ('binding' in owner) {
      const binding = facts.bindings[owner.binding];
      type = binding?.type;
      typeBinding = binding?.typeBinding;
    } else {
      const def = facts.definitions[owner.def];
      const category = def ? kindInfo(def.kind).category : 'class';
      if (category === 'class' || category === 'type' || category === 'function' || def?.kind === 'module') return false;
      const binding = facts.bindings[fileIndex(facts).bindingsOf.get(owner.def)?.[0] ?? -1];
      type = binding?.type ?? def?.type?.replace(/^&\s*(mut\s+)?/, '');
      typeBinding = binding?.typeBinding ?? (type === undefined ? undefined : fileIndex(facts).top.get(type.split(/[.:<\s]/)[0] ?? '')?.[0]);
    }
    if (typeBinding !== undefined) return (await this.binding(owner.file, facts, typeBinding, hops + 1)).how === 'external';
    // (a type written as a call, `Foo::new()`, is what the call returns, not the type `Foo`)
    if (type === undefined || type.includes('(')) return false;
    const head = type.split(/\.|::|</)[0] ?? '';
    if (!this.#context.modules.builtin(owner.file, head)) return false;
    return member === undefined || !(await this.#declaresFor(head, member));
  }

  /**
   * Whether a file of the tree may declare a member `name` for the type `type`: a method with that receiver, one of an
   * `impl type` block, or a top-level function of that name (Kotlin's extension `fun String.masked()` is one; the
   * facts do not keep its receiver type).
   */
  async #declaresFor(type: string, name: string): Promise<boolean> {
    for (const file of (await this.#context.filesDefining?.(name)) ?? []) {
      const facts = await this.#context.facts(file);
      const found = facts?.definitions.some((def) => {
        if (def.name !== name || !kindInfo(def.kind).callable) return false;
        const parent = def.parent === undefined ? undefined : facts.definitions[def.parent];
        if (parent === undefined) return def.receiver === undefined || def.receiver === type;
        return kindInfo(parent.kind).declaresName === false && parent.name === type;
      });
      if (found) return true;
    }
    return false;
  }

  /** Whether the declared type of a field or variable has type arguments that may be the tree's (`List<Item>`). */
  async #typeArgumentsInTree(owner: Target): Promise<boolean> {
    if (!('def' in owner)) return false;
    const facts = await this.#context.facts(owner.file);
    const type = facts?.definitions[owner.def]?.type ?? '';
    const open = type.indexOf('<');
    if (open < 0) return false;
    const names = type.slice(open).match(/[\p{L}_][\p{L}\p{N}_]*/gu) ?? [];
    return names.some((name) => !this.#context.modules.builtin(owner.file, name));
  }

  async #membersOfAll(owners: Target[], name: string, hops: number): Promise<Target[]> {
    const targets: Target[] = [];
    for (const owner of owners) targets.push(...(await this.membersOf(owner, name, hops)));
    return unique(targets);
  }

  /**
   * What a type written as a name leads to, as a type: a class is its instances' type, and a function with a declared
   * return type (Python's `x = make()`, typed by its callee) the type it returns; any other function is itself.
   */
  async #asTypes(targets: Target[], hops: number): Promise<Target[]> {
    const types: Target[] = [];
    for (const target of targets) {
      if (!('def' in target)) {
        types.push(target);
        continue;
      }
      const facts = await this.#context.facts(target.file);
      const def = facts?.definitions[target.def];
      // A function without a declared return type stays itself (a JavaScript constructor function's members).
      if (facts && def?.returnType && kindInfo(def.kind).callable && kindInfo(def.kind).category !== 'class') {
        types.push(...(await this.typeNamed(target.file, facts, def.returnType, hops + 1, target.def)));
      } else types.push(target);
    }
    return unique(types);
  }

  /** The members named `name` of a target: a module's exports, a type's members (and its bases'), a typed binding's type's. */
  async membersOf(owner: Target, name: string, hops: number): Promise<Target[]> {
    if (hops > MAX_HOPS) return [];
    if ('module' in owner) {
      const exported = await this.exported(owner.file, name, hops + 1, new Set());
      return exported.length > 0 ? exported : this.#packageSubmodule(owner.file, name);
    }
    const facts = await this.#context.facts(owner.file);
    if (!facts) return [];
    if ('binding' in owner) {
      let types = await this.typeOfBinding(owner.file, facts, owner.binding, hops + 1);
      // A type the file does not bind itself (a C header's `struct node *`): found as the file finds the names it sees.
      const binding = facts.bindings[owner.binding];
      if (types.length === 0 && binding?.type && binding.typeBinding === undefined) types = await this.typeNamed(owner.file, facts, binding.type, hops + 1);
      return this.#membersOfAll(await this.#asTypes(types, hops + 1), name, hops + 1);
    }
    const def = facts.definitions[owner.def];
    if (!def) return [];
    const info = kindInfo(def.kind);
    const own = (fileIndex(facts).children.get(owner.def) ?? []).filter((child) => facts.definitions[child]?.name === name);
    // Members declared apart: Rust `impl T`, Go methods with a receiver `(t *T)`, JavaScript's `app.set = function`.
    for (const i of fileIndex(facts).named.get(name) ?? []) {
      const candidate = facts.definitions[i] as Definition;
      if (candidate.parent === owner.def) continue;
      const parent = candidate.parent === undefined ? undefined : facts.definitions[candidate.parent];
      if (candidate.receiver === def.name || (parent?.kind === 'impl' && parent.name === def.name)) own.push(i);
    }
    const found: Target[] = own.map((i) => ({ file: owner.file, def: i }));
    const typeLike = info.category === 'class' || info.category === 'type';
    // A variable with a declared type (`const provider: Provider = { ... }`): the type's members, as a compiler
    // reads it, before those of the value written.
    if (!typeLike && def.kind !== 'module' && found.length > 0) {
      const binding = (fileIndex(facts).bindingsOf.get(owner.def) ?? []).find((b) => facts.bindings[b]?.type !== undefined) ?? -1;
      const types = binding >= 0 ? await this.typeOfBinding(owner.file, facts, binding, hops + 1) : def.type !== undefined ? await this.typeNamed(owner.file, facts, def.type, hops + 1) : [];
      const declared = await this.#membersOfAll(await this.#asTypes(types, hops + 1), name, hops + 1);
      if (declared.length > 0) return declared;
    }
    // A constructor's parameter property (`constructor(protected work: Work)`): its parameter.
    if (typeLike && found.length === 0) found.push(...this.#parameterProperty(owner.file, facts, owner.def, name));
    // Blocks in other files that extend this type (Rust's `impl T` anywhere in the crate).
    const blocks = typeLike ? await this.blocksElsewhere(owner as { file: string; def: number }, def.name, hops + 1) : [];
    for (const block of blocks) {
      const blockFacts = await this.#context.facts(block.file);
      for (const child of (blockFacts && fileIndex(blockFacts).children.get(block.def)) ?? []) if (blockFacts?.definitions[child]?.name === name) found.push({ file: block.file, def: child });
    }
    if (found.length > 0) return unique(found);
    // Methods declared with a receiver in the other files of the type's package (Go).
    if (typeLike) {
      const apart: Target[] = [];
      for (const sibling of await this.#context.modules.implicit(owner.file)) {
        const siblingFacts = await this.#context.facts(sibling);
        if (!siblingFacts) continue;
        for (const i of fileIndex(siblingFacts).receivers.get(`${def.name}\u0000${name}`) ?? []) apart.push({ file: sibling, def: i });
      }
      if (apart.length > 0) return apart;
    }
    const parts = def.modifiers?.includes('partial') ? await this.partsOf(owner.file, def, hops + 1) : [];
    // A variable, constant, property or field: its declared type's members.
    if (info.category !== 'class' && info.category !== 'type' && def.kind !== 'module') {
      const binding = fileIndex(facts).bindingsOf.get(owner.def)?.[0] ?? -1;
      if (binding >= 0 && facts.bindings[binding]?.type !== undefined) return this.membersOf({ file: owner.file, binding }, name, hops + 1);
      return this.#membersOfAll(await this.#asTypes(await this.typeNamed(owner.file, facts, def.type, hops + 1), hops + 1), name, hops + 1);
    }
    // Its bases, and those its blocks declare (`impl Trait for T`: the trait's provided methods).
    const bases = await this.bases(owner.file, facts, owner.def, hops + 1);
    for (const i of fileIndex(facts).named.get(def.name) ?? []) {
      if (i !== owner.def && kindInfo(facts.definitions[i]?.kind ?? '').declaresName === false) bases.push(...(await this.bases(owner.file, facts, i, hops + 1)));
    }
    for (const block of blocks) {
      const blockFacts = await this.#context.facts(block.file);
      if (blockFacts) bases.push(...(await this.bases(block.file, blockFacts, block.def, hops + 1)));
    }
    const targets: Target[] = [];
    // A `partial` type (C#) is all its parts: their members, then the bases any part declares.
    for (const part of parts) {
      const partFacts = await this.#context.facts(part.file);
      for (const child of (partFacts && fileIndex(partFacts).children.get(part.def)) ?? []) if (partFacts?.definitions[child]?.name === name) targets.push({ file: part.file, def: child });
    }
    if (targets.length > 0) return unique(targets);
    for (const part of parts) {
      const partFacts = await this.#context.facts(part.file);
      if (partFacts) bases.push(...(await this.bases(part.file, partFacts, part.def, hops + 1)));
    }
    for (const base of unique(bases)) {
      if ('def' in base && base.file === owner.file && base.def === owner.def) continue;
      targets.push(...(await this.membersOf(base, name, hops + 1)));
    }
    // A type alias naming one type (C's `typedef struct node node_t`), or a union of named types (TypeScript's
    // `type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>`): the members of each.
    if (targets.length === 0 && def.kind === 'type' && def.value !== undefined) {
      for (const part of unionOf(def.value.trim())) {
        if (!ALIASED.test(part)) continue;
        for (const type of await this.typeNamed(owner.file, facts, part, hops + 1)) if (!('def' in type && type.file === owner.file && type.def === owner.def)) targets.push(...(await this.membersOf(type, name, hops + 1)));
      }
    }
    return unique(targets);
  }

  /** The parameter bindings of a class's constructors that declare the property `name` (TypeScript's parameter properties). */
  #parameterProperty(file: string, facts: FileFacts, owner: number, name: string): Target[] {
    const targets: Target[] = [];
    for (const child of fileIndex(facts).children.get(owner) ?? []) {
      const ctor = facts.definitions[child];
      if (ctor?.kind !== 'constructor' || !ctor.parameterProperties?.some((p) => p.name === name)) continue;
      // (the constructor's lines, not every binding of the file)
      for (let line = ctor.line; line <= ctor.endLine; line++) {
        for (const entry of fileIndex(facts).byLine.get(line) ?? []) {
          const binding = entry.binding === undefined ? undefined : facts.bindings[entry.binding];
          if (binding?.name === name && binding.kind === 'parameter') targets.push({ file, binding: entry.binding as number });
        }
      }
    }
    return targets;
  }

  /**
   * The blocks extending a type that its module system says may be declared in other files (`companions`: Rust's
   * `impl T` in another module of the crate): those named like it whose name binds to it there.
   */
  async blocksElsewhere(owner: { file: string; def: number }, name: string, hops: number): Promise<Array<{ file: string; def: number }>> {
    if (hops > MAX_HOPS) return [];
    const blocks: Array<{ file: string; def: number }> = [];
    let companions = await this.#context.modules.companions(owner.file);
    if (companions.length === 0) return blocks;
    // Once every companion was analyzed, only those the name table says declare the name are read again.
    const defining = this.#context.filesDefining;
    if (defining && companions.every((file) => this.#analyzed.has(file))) {
      const named = new Set(await defining(name));
      companions = companions.filter((file) => named.has(file));
    }
    for (const file of companions) {
      const facts = await this.#context.facts(file);
      this.#analyzed.add(file);
      if (!facts) continue;
      const index = fileIndex(facts);
      for (const def of index.blocks.get(name) ?? []) {
        const block = facts.definitions[def] as Definition;
        // The block's name is a use of the type: it must lead to this one.
        const use = index.byLine.get(block.line)?.find((entry) => entry.ref !== undefined && entry.column === block.column);
        const ref = use?.ref === undefined ? undefined : facts.references[use.ref];
        if (!ref) continue;
        const resolution = await this.reference(file, facts, ref, hops + 1);
        if (resolution.targets.some((t) => 'def' in t && t.file === owner.file && t.def === owner.def)) blocks.push({ file, def });
      }
    }
    return blocks;
  }

  /**
   * The types a binding is declared with (`x: Foo`, `var x pkg.Foo`, `x := &Foo{}`, `other: &Self`), or, for a type
   * written as a call (`x := NewFoo()`, `let x = Foo::new()`, `let x = self.make()`), what the function is declared
   * to return.
   */
  async typeOfBinding(file: string, facts: FileFacts, index: number, hops: number): Promise<Target[]> {
    const binding = facts.bindings[index];
    if (!binding?.type || hops > MAX_HOPS) return [];
    const segments = binding.type.split(/\.|::/);
    const [first = '', ...path] = segments;
    const headCalled = first.endsWith('()');
    const head = headCalled ? first.slice(0, -2) : first;
    let owners: Target[] = [];
    let chain = { headCalled, path };
    if (binding.typeBinding !== undefined) owners = (await this.binding(file, facts, binding.typeBinding, hops + 1)).targets;
    else {
      // `Self`, `this`, `self.make()`: the type enclosing the binding.
      if (head === 'Self' || head === 'this' || (head === 'self' && path.length > 0)) owners = await this.enclosingOwner(file, facts, enclosingAt(facts, binding.line), hops + 1);
      if (owners.length === 0) for (const b of fileIndex(facts).top.get(head) ?? []) owners.push(...(await this.binding(file, facts, b, hops + 1)).targets);
      if (owners.length === 0) owners = (await this.unqualified(file, facts, head, hops + 1))?.targets ?? [];
      // A module path (Rust's `geo::shapes::Circle::new()`, `crate::ast::Span`).
      if (owners.length === 0 && segments.length > 1 && this.#context.modules.pathQualifiers(file)) {
        const module = await this.#modulePath(file, segments, hops + 1);
        owners = module.resolution.targets.filter((t) => !('module' in t));
        chain = module;
      }
    }
    return this.followChain(owners, chain.headCalled, chain.path, hops + 1);
  }

  /**
   * The methods named `name` of the bases of the classes declaring `targets` (each base's nearest, through
   * {@link Resolver.membersOf}): the overloads a subclass's call also sees in Java.
   */
  async #inheritedOverloads(targets: readonly Target[], name: string): Promise<Target[]> {
    const found: Target[] = [];
    for (const target of targets) {
      if (!('def' in target)) continue;
      const facts = await this.#context.facts(target.file);
      const owner = facts?.definitions[target.def]?.parent;
      if (!facts || owner === undefined) continue;
      for (const base of await this.bases(target.file, facts, owner, 1)) {
        for (const member of await this.membersOf(base, name, 1)) {
          const def = 'def' in member ? (await this.#context.facts(member.file))?.definitions[member.def] : undefined;
          if (def && kindInfo(def.kind).callable) found.push(member);
        }
      }
    }
    return unique(found);
  }

  /**
   * What the value of a call's argument (the reference `index` of a file: a name, a member, a call, a type created)
   * is declared as: the type of the variable, field or parameter it binds, what the method it calls returns, the
   * class it creates; with the names of that type's supertypes. Undefined when it is not known (or is a type
   * parameter).
   */
  async #argumentType(file: string, facts: FileFacts, index: number, hops: number): Promise<ArgumentType | undefined> {
    const ref = facts.references[index];
    if (!ref || hops > MAX_HOPS) return undefined;
    const target = (await this.reference(file, facts, ref, hops + 1)).targets[0];
    if (!target || 'module' in target) return undefined;
    const targetFacts = await this.#context.facts(target.file);
    if (!targetFacts) return undefined;
    let written: string | undefined;
    let types: Target[] = [];
    if ('binding' in target) {
      written = targetFacts.bindings[target.binding]?.type;
      if (written) types = await this.typeOfBinding(target.file, targetFacts, target.binding, hops + 1);
    } else {
      const def = targetFacts.definitions[target.def];
      if (!def) return undefined;
      const { category, callable } = kindInfo(def.kind);
      if (category === 'class' || category === 'type') {
        written = def.name;
        types = [target];
      } else {
        written = callable ? def.returnType : def.type;
        if (written) types = await this.typeNamed(target.file, targetFacts, written, hops + 1, target.def);
      }
    }
    const name = written === undefined ? '' : typeHead(written);
    if (name === '' || TYPE_PARAMETER.test(name)) return undefined;
    // Its supertypes, through the declared bases (a base declared outside the tree counts by its name, and those of
    // a type of the standard library are known; another leaves the rest unknown).
    const library = this.#context.modules.argumentTypes(file)?.library ?? {};
    const supertypes = new Set<string>();
    const outside = (type: string): boolean => {
      supertypes.add(type);
      const known = library[type];
      for (const supertype of known ?? []) supertypes.add(supertype);
      return known !== undefined;
    };
    let complete = types.length > 0 || outside(name);
    const seen = new Set<string>();
    const bases = types.map((type) => ({ type, written: name }));
    for (let i = 0; i < bases.length && seen.size < MAX_SUPERTYPES; i++) {
      const { type, written: as } = bases[i] as { type: Target; written: string };
      // (an import of a type from outside the tree: known by its name, as the standard library's)
      if (!('def' in type)) {
        if (!outside(as)) complete = false;
        continue;
      }
      if (seen.has(targetKey(type))) continue;
      seen.add(targetKey(type));
      const typeFacts = await this.#context.facts(type.file);
      const def = typeFacts?.definitions[type.def];
      if (!typeFacts || !def) continue;
      supertypes.add(def.name);
      for (const base of [...(def.extends ?? []), ...(def.implements ?? [])]) {
        const found = await this.typeNamed(type.file, typeFacts, base, hops + 1, type.def);
        if (found.length === 0 && !outside(typeHead(base))) complete = false;
        for (const next of found) bases.push({ type: next, written: typeHead(base) });
      }
    }
    return { name, supertypes, complete: complete && seen.size < MAX_SUPERTYPES };
  }

  /**
   * A chain whose head no scope binds read as a module path (Rust's `crate::a::f().x`): its names up to the first call
   * are one source (`crate::a::f`), what follows (`x`) a chain from what that source names.
   */
  async #modulePath(file: string, segments: readonly string[], hops: number): Promise<{ resolution: Resolution; headCalled: boolean; path: string[] }> {
    const call = segments.findIndex((segment) => segment.endsWith('()'));
    const end = call < 0 ? segments.length : call + 1;
    const written = segments.slice(0, end).join('::').replace(/\(\)$/, '');
    return { resolution: await this.imported(file, written, '*', hops + 1), headCalled: call >= 0, path: segments.slice(end) };
  }

  /**
   * Follows a chain from what its head leads to: `()` after a name is what the call returns, each segment a member
   * (`m.Descriptor().Fields()`: the members `Fields` of what `Descriptor` of `m` returns, then what that returns).
   */
  async followChain(owners: Target[], headCalled: boolean, segments: readonly string[], hops: number): Promise<Target[]> {
    return (await this.#followChain(owners, headCalled, segments, hops)).owners;
  }

  /**
   * {@link Resolver.followChain}, and where it stopped: the owners a member (`missing`) or a call of the chain was not
   * found on.
   */
  async #followChain(owners: Target[], headCalled: boolean, segments: readonly string[], hops: number): Promise<{ owners: Target[]; stuck: Target[]; missing?: string }> {
    let current = headCalled ? await this.returnedBy(owners, hops + 1) : unique(owners);
    if (current.length === 0) return { owners: [], stuck: headCalled ? unique(owners) : [] };
    for (const segment of segments) {
      if (hops > MAX_HOPS) return { owners: [], stuck: [] };
      const called = segment.endsWith('()');
      const name = called ? segment.slice(0, -2) : segment;
      const next: Target[] = [];
      for (const owner of current) next.push(...(await this.membersOf(owner, name, hops + 1)));
      if (next.length === 0) return { owners: [], stuck: current, missing: name };
      current = called ? await this.returnedBy(next, hops + 1) : unique(next);
      if (current.length === 0) return { owners: [], stuck: unique(next) };
    }
    return { owners: current, stuck: [] };
  }

  /**
   * What calling these leads to: the type a function is declared to return (`Self`: the type of its `impl`); a type
   * called is itself (a conversion).
   */
  async returnedBy(callees: Target[], hops: number): Promise<Target[]> {
    const returned: Target[] = [];
    for (const callee of callees) {
      if (!('def' in callee)) continue;
      const calleeFacts = await this.#context.facts(callee.file);
      const def = calleeFacts?.definitions[callee.def];
      if (!calleeFacts || !def) continue;
      const category = kindInfo(def.kind).category;
      if (category === 'class' || category === 'type') returned.push(callee);
      else if (def.returnType) returned.push(...(await this.typeNamed(callee.file, calleeFacts, def.returnType, hops + 1, callee.def)));
    }
    return unique(returned);
  }

  /** The other parts of a `partial` type: same-named `partial` types of its file and of the files of its package. */
  async partsOf(file: string, def: Definition, hops: number): Promise<Array<{ file: string; def: number }>> {
    const parts: Array<{ file: string; def: number }> = [];
    for (const other of [file, ...(await this.#context.modules.implicit(file))]) {
      for (const target of await this.declaredIn(other, def.name, hops + 1)) {
        if (!('def' in target)) continue;
        const candidate = (await this.#context.facts(target.file))?.definitions[target.def];
        if (candidate && candidate !== def && candidate.kind === def.kind && candidate.modifiers?.includes('partial')) parts.push(target);
      }
    }
    return parts;
  }

  /** The declared bases (`extends`, `implements`) of a type, resolved from its file. */
  async bases(file: string, facts: FileFacts, def: number, hops: number): Promise<Target[]> {
    const definition = facts.definitions[def];
    if (!definition || hops > MAX_HOPS) return [];
    const targets: Target[] = [];
    for (const base of [...(definition.extends ?? []), ...(definition.implements ?? [])]) targets.push(...(await this.typeNamed(file, facts, base, hops + 1, def)));
    return unique(targets);
  }

  /**
   * What a type written in a file names (`Db`, `ns.Db`, `Db<T>`, `Db | null`: its first name path), from the file's
   * own names, then the names it sees without binding them; `Self` (`this` type) is the type enclosing `within`.
   */
  async typeNamed(file: string, facts: FileFacts, type: string | undefined, hops: number, within?: number): Promise<Target[]> {
    // A pointer or reference to a type, or a list of results, is that type (`*Server`, `&Db`, `&mut Db`,
    // `(*Foo, error)`), and so is a Go slice or array of it (`[]*Field`: its elements stand for it, a slice has no
    // members); a list of named results is its first one's type (`(out *Node, err error)`); C's and C++'s
    // `const struct node *` names `node`: the words before a type's name are keywords.
    const text = (type ?? '').trim().replace(/^(?:(?:typedef|const|volatile|struct|union|enum|class|typename)\s+)+/, '');
    const named = text.startsWith('(') ? /^\(\s*[\p{L}_][\p{L}\p{N}_]*\s+(?=[*&\p{L}_])/u.exec(text)?.[0] : undefined;
    const path = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*/u.exec(text.slice(named?.length ?? 0).replace(/^(?:[\s*&(]|\[\d*\])+(?:mut\s+)?/, ''))?.[0];
    if (!path || hops > MAX_HOPS) return [];
    const [head = '', ...rest] = path.split(/\.|::/);
    let owners: Target[] = [];
    // `Self`, `this`; `self.make()` (a value's type written as what a method of the receiver returns).
    const receiver = head === 'Self' || head === 'this' || (head === 'self' && path.startsWith('self.'));
    if (receiver && within !== undefined) owners.push(...(await this.enclosingOwner(file, facts, within, hops + 1)));
    // A type nested in a class enclosing the one that writes it (Java's `class JCBinary extends JCOperatorExpression`
    // inside `JCTree`, a method returning its class's `Entry`): it shadows the file's own names.
    if (owners.length === 0 && within !== undefined) owners.push(...nestedType(file, facts, within, head));
    if (owners.length === 0) for (const b of fileIndex(facts).top.get(head) ?? []) owners.push(...(await this.binding(file, facts, b, hops + 1)).targets);
    // Not bound in the file: a name of its package or of a wildcard import (a struct of an included header).
    if (owners.length === 0) owners = (await this.unqualified(file, facts, head, hops + 1))?.targets ?? [];
    // A module path written as the type (Rust's `geo::shapes::Shape`, `crate::ast::Span`): what it names.
    if (owners.length === 0 && rest.length > 0 && this.#context.modules.pathQualifiers(file)) return (await this.imported(file, path, '*', hops + 1)).targets.filter((t) => !('module' in t));
    for (const segment of rest) {
      const next: Target[] = [];
      for (const owner of owners) next.push(...(await this.membersOf(owner, segment, hops + 1)));
      owners = next;
    }
    return unique(owners);
  }

  /**
   * A resolution whose declarations without a body (C and C++ prototypes, methods declared in their class) are
   * defined apart, as their module system says: the definitions first, then the declarations. Definitions are found
   * by name: bound when there is one, listed and approximate when there are several.
   */
  async withDefinitions(resolution: Resolution): Promise<Resolution> {
    const definitions: Target[] = [];
    let several = false;
    for (const target of resolution.targets) {
      if (!('def' in target) || !this.#context.modules.definesApart(target.file)) continue;
      const facts = await this.#context.facts(target.file);
      const def = facts?.definitions[target.def];
      if (!facts || !def?.declarationOnly || !kindInfo(def.kind).callable) continue;
      const found = await this.definitionsOf(target.file, facts, def);
      if (found.length > 1) several = true;
      definitions.push(...found);
    }
    if (definitions.length === 0) return resolution;
    return { ...resolution, targets: unique([...definitions, ...resolution.targets]), ...(several ? { approximate: true as const } : {}) };
  }

  /**
   * The definitions (with a body) of a declaration: same name, a callable, the same owner (the class or namespace
   * it is declared in, or the receiver an out-of-line definition names); in its own file, else in the tree's other
   * files of a module system that defines apart, where a definition of internal linkage (`static`, an anonymous
   * namespace) cannot be it.
   */
  async definitionsOf(file: string, facts: FileFacts, def: Definition): Promise<Target[]> {
    const ownerName = (f: FileFacts, d: Definition) => (d.receiver ?? (d.parent === undefined ? undefined : f.definitions[d.parent]?.name))?.replace(/<[\s\S]*$/, '').split('::').pop();
    const owner = ownerName(facts, def);
    const matching = (f: FileFacts, d: Definition) => d.name === def.name && !d.declarationOnly && !d.local && kindInfo(d.kind).callable && ownerName(f, d) === owner;
    const own = (fileIndex(facts).named.get(def.name) ?? []).flatMap((i) => (matching(facts, facts.definitions[i] as Definition) ? [{ file, def: i }] : []));
    if (own.length > 0 || !this.#context.filesDefining) return own;
    // The class the declaration is a member of: a definition elsewhere whose receiver names another class of the same
    // name (`SkipList<K, C>::Iterator::Valid` for `leveldb::Iterator::Valid`) is not its definition.
    const declaredIn = def.parent !== undefined && isTypeLike(facts.definitions[def.parent]?.kind ?? '') ? `${file}#d${def.parent}` : undefined;
    const targets: Target[] = [];
    for (const other of await this.#context.filesDefining(def.name)) {
      if (other === file || !this.#context.modules.definesApart(other)) continue;
      const otherFacts = await this.#context.facts(other);
      if (!otherFacts) continue;
      for (const i of fileIndex(otherFacts).named.get(def.name) ?? []) {
        const d = otherFacts.definitions[i] as Definition;
        const member = d.receiver !== undefined || (d.parent !== undefined && kindInfo(otherFacts.definitions[d.parent]?.kind ?? '').category === 'class');
        if (!matching(otherFacts, d) || (!member && d.modifiers?.some((m) => m === 'static' || m === 'internal'))) continue;
        if (declaredIn !== undefined && d.receiver !== undefined) {
          const owners = await this.enclosingOwner(other, otherFacts, i, 1);
          if (owners.length > 0 && !owners.some((owner) => targetKey(owner) === declaredIn)) continue;
        }
        targets.push({ file: other, def: i });
      }
    }
    return inPathOrder(targets);
  }

  /**
   * What `this` names inside a definition: the class-like definition enclosing it (an `impl`'s type), or what a
   * method's receiver names (Go's `(s *Server)`, JavaScript's `app.set = function`).
   */
  async enclosingOwner(file: string, facts: FileFacts, enclosing: number | undefined, hops: number): Promise<Target[]> {
    for (let i = enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
      const def = facts.definitions[i];
      if (!def) return [];
      if (kindInfo(def.kind).category === 'class') {
        if (def.kind !== 'impl') return [{ file, def: i }];
        const owner = facts.definitions.findIndex((candidate) => candidate.name === def.name && candidate.kind !== 'impl' && kindInfo(candidate.kind).category !== 'member');
        if (owner >= 0) return [{ file, def: owner }];
        // A type declared in another file: where the block's name leads.
        const use = fileIndex(facts).byLine.get(def.line)?.find((entry) => entry.ref !== undefined && entry.column === def.column);
        const ref = use?.ref === undefined ? undefined : facts.references[use.ref];
        const types = ref ? (await this.reference(file, facts, ref, hops + 1)).targets.filter((t) => 'def' in t) : [];
        return types.length > 0 ? types : [{ file, def: i }];
      }
      // A constructor function whose prototype holds members (`View.prototype.lookup = function`).
      if (kindInfo(def.kind).category === 'function' && facts.definitions.some((candidate) => candidate.receiver === def.name)) return [{ file, def: i }];
      if (def.receiver) {
        const targets: Target[] = [];
        for (const b of fileIndex(facts).top.get(def.receiver) ?? []) targets.push(...(await this.binding(file, facts, b, hops + 1)).targets);
        if (targets.length > 0) return targets;
        const owner = facts.definitions.findIndex((candidate) => candidate.name === def.receiver && kindInfo(candidate.kind).category === 'class');
        if (owner >= 0) return [{ file, def: owner }];
        // A receiver the file does not define (C++'s `Shape::area` defined apart from the header's class): the type
        // it names, as the file sees it.
        const named = await this.typeNamed(file, facts, def.receiver, hops + 1);
        if (named.length > 0) return named;
      }
    }
    return [];
  }
}
