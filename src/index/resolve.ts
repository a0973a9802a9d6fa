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
import type { ModuleResolver } from './modules/index.js';

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
  /** The files whose (non-local) definitions include `name`, among those analyzed so far (the name table). */
  filesDefining?(name: string): readonly string[];
}

/** Follows at most this many links (imports, re-exports, bases) for one name: barrels are deep, cycles exist. */
const MAX_HOPS = 32;

interface FileIndex {
  /** Bindings in the file's own scope, by name. */
  top: Map<string, number[]>;
  /** Definitions by their container. */
  children: Map<number, number[]>;
  /** Name uses and declarations by line. */
  byLine: Map<number, Array<{ column: number; length: number; ref?: number; binding?: number; def?: number }>>;
  /** Blocks extending a type declared elsewhere (`impl T`), by the type's name. */
  blocks: Map<string, number[]>;
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
  const children = new Map<number, number[]>();
  const blocks = new Map<string, number[]>();
  facts.definitions.forEach((def, i) => {
    if (kindInfo(def.kind).declaresName === false) {
      const list = blocks.get(def.name);
      if (list) list.push(i);
      else blocks.set(def.name, [i]);
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
  index = { top, children, byLine, blocks };
  indexes.set(facts, index);
  return index;
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

  /** What the name at a position of a file leads to (its declaration when the position is one). */
  async at(file: string, facts: FileFacts, line: number, column: number): Promise<{ name: string; resolution: Resolution } | undefined> {
    const entries = fileIndex(facts).byLine.get(line) ?? [];
    const hit = entries.filter((entry) => column >= entry.column && column < entry.column + entry.length);
    const binding = hit.find((entry) => entry.binding !== undefined);
    const definition = hit.find((entry) => entry.def !== undefined);
    const reference = hit.find((entry) => entry.ref !== undefined);
    if (binding?.binding !== undefined) {
      const b = facts.bindings[binding.binding] as Binding;
      // On an import, the imported declaration (as language servers go to it); on any other binding, itself.
      if (b.import) return { name: b.name, resolution: await this.binding(file, facts, binding.binding, 0) };
      return { name: b.name, resolution: { targets: [b.def !== undefined ? { file, def: b.def } : { file, binding: binding.binding }], how: 'bound' } };
    }
    if (definition?.def !== undefined) {
      const def = facts.definitions[definition.def] as Definition;
      return { name: def.name, resolution: { targets: [{ file, def: definition.def }], how: 'bound' } };
    }
    if (reference?.ref !== undefined) {
      const ref = facts.references[reference.ref] as Reference;
      const resolution = await this.reference(file, facts, ref, 0);
      if (ref.arity !== undefined && resolution.targets.length > 1) resolution.targets = await this.overloadFor(resolution.targets, ref.arity);
      return { name: ref.name, resolution };
    }
    return undefined;
  }

  /**
   * Among the overloads of one callable, the first whose parameters admit `arity` arguments (a declaration without
   * a body before the implementation, as TypeScript resolves a call); all of them when none or no overloads do.
   */
  async overloadFor(targets: Target[], arity: number): Promise<Target[]> {
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
      return arity >= required && (parameters.some((p) => p.isRest) || arity <= parameters.length);
    };
    const overloads = candidates.filter((candidate) => candidate.def.declarationOnly);
    const pool = overloads.length > 0 ? overloads : candidates;
    const first = pool.find(admits);
    return first ? [first.target] : targets;
  }

  /** What a reference of a file leads to. */
  async reference(file: string, facts: FileFacts, ref: Reference, hops: number): Promise<Resolution> {
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
    const visible = await this.unqualified(file, facts, ref.name, hops + 1);
    if (visible) return visible;
    if (this.#context.modules.inPrelude(file, ref.name)) return { targets: [], how: 'external', note: `"${ref.name}" is in the language's prelude` };
    return { targets: [], how: 'unbound', note: `"${ref.name}" is not bound in ${file} (a global, or a name this language's queries do not bind)` };
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
    for (const sibling of await modules.implicit(file)) targets.push(...(await this.exported(sibling, name, hops + 1, new Set())));
    if (targets.length > 0) return { targets: unique(targets), how: 'bound' };
    for (const item of facts.imports) {
      if (!item.imports.some((i) => i.name === '*' && !i.isNamespace && i.alias === undefined)) continue;
      targets.push(...(await this.within(file, item.source, name, hops + 1, new Set())));
      if (targets.length > 0) return { targets: unique(targets), how: 'bound', ...(modules.exact(file) ? {} : { approximate: true as const }) };
    }
    return undefined;
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
      const imported = await this.imported(file, binding.import.source, binding.import.name, hops + 1);
      if (imported.targets.length > 0) return imported;
      // From outside the index: the import itself is where the name is declared here (as language servers answer).
      if (imported.how === 'external') return { ...imported, targets: [binding.def !== undefined ? { file, def: binding.def } : { file, binding: index }] };
      if (binding.def === undefined) return imported;
    }
    if (binding.def !== undefined) return { targets: [{ file, def: binding.def }], how: 'bound' };
    return { targets: [{ file, binding: index }], how: 'bound' };
  }

  /** What `name` imported from `source` in `file` leads to (`*`: the module itself). */
  async imported(file: string, source: string, name: string, hops: number): Promise<Resolution> {
    if (hops > MAX_HOPS) return { targets: [], how: 'unbound', note: 'too many imports and re-exports to follow' };
    const modules = await this.#context.modules.filesOf(file, source);
    if (modules.length === 0) {
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
    const local = async (localName: string) => {
      for (const b of index.top.get(localName) ?? []) {
        bound = true;
        const resolution = await this.binding(module, facts, b, hops + 1);
        targets.push(...resolution.targets);
      }
    };
    let declared = false;
    for (const entry of facts.exports) {
      if (entry.name === '*' && entry.source !== undefined) continue; // after the named ones: `export *` never shadows
      if (entry.name !== name) continue;
      declared = true;
      if (entry.source !== undefined) {
        const resolution = await this.imported(module, entry.source, entry.kind === 'namespace' ? '*' : (entry.localName ?? name), hops + 1);
        targets.push(...resolution.targets);
      } else await local(entry.localName ?? name);
    }
    if (!declared) await local(name);
    if (targets.length === 0 && declared) {
      // An export that declares what no scope binds (`exports.VERSION = '1.0'`): the definition on its line.
      const lines = new Set(facts.exports.filter((e) => e.name === name && e.source === undefined).map((e) => e.line));
      facts.definitions.forEach((def, i) => {
        if (def.name === name && lines.has(def.line) && def.parent === undefined) targets.push({ file: module, def: i });
      });
    }
    if (targets.length === 0) {
      for (const entry of facts.exports) {
        if (entry.name !== '*' || entry.source === undefined) continue;
        targets.push(...(await this.within(module, entry.source, name, hops + 1, seen)));
      }
    }
    // What a module sees through its own wildcard imports is its name too (Python's `from m import *`, a header's
    // `#include`, Rust's `pub use self::kind::*`), unless a name of its own shadows them (Rust's `extern crate alloc`
    // before `use backport::*`).
    if (targets.length === 0 && !bound) {
      for (const item of facts.imports) {
        if (!item.imports.some((i) => i.name === '*' && !i.isNamespace && i.alias === undefined)) continue;
        targets.push(...(await this.within(module, item.source, name, hops + 1, seen)));
        if (targets.length > 0) break;
      }
    }
    return unique(targets);
  }

  /** What a member use (`q.name`) leads to: the members `name` of what its qualifier leads to. */
  async member(file: string, facts: FileFacts, ref: Reference, hops: number): Promise<Resolution> {
    const called = ref.qualifier?.endsWith('()') ?? false;
    const qualifier = called ? (ref.qualifier ?? '').slice(0, -2) : (ref.qualifier ?? '');
    const [head = '', ...path] = qualifier.split(/\.|::/);
    const modulePaths = this.#context.modules.pathQualifiers(file);
    let owners: Target[] = [];
    // Whether `owners` are what the whole qualifier names (a module path), or what its first name does.
    let whole = false;
    if (ref.qualifierBinding !== undefined) {
      const resolution = await this.binding(file, facts, ref.qualifierBinding, hops + 1);
      // A member of something imported from outside the tree (`path.join`): its import is what the tree knows.
      if (resolution.how === 'external') return resolution;
      if (resolution.targets.length === 0) return { ...resolution, how: 'unbound' };
      owners = resolution.targets;
    } else if (head === 'this' || head === 'self' || head === 'Self' || (head === 'super' && !modulePaths)) {
      const owner = await this.enclosingOwner(file, facts, ref.enclosing, hops + 1);
      if (owner.length === 0 && !modulePaths) return { targets: [], how: 'unbound', note: `no class encloses "${head}"` };
      owners = head === 'super' ? (await Promise.all(owner.filter((o): o is { file: string; def: number } => 'def' in o).map((o) => this.bases(o.file, facts, o.def, hops + 1)))).flat() : owner;
    } else {
      // A name seen without a binding: the package's other files, the wildcard imports.
      owners = (await this.unqualified(file, facts, head, hops + 1))?.targets ?? [];
    }
    if (owners.length === 0 && modulePaths) {
      // A module path written in code (`crate::a::f()`, `super::T::new()`, `std::mem::swap()`).
      const module = await this.imported(file, qualifier, '*', hops + 1);
      if (module.targets.length === 0) return { ...module, how: module.how === 'external' ? 'external' : 'unbound' };
      owners = module.targets;
      whole = true;
    }
    if (owners.length === 0) return { targets: [], how: 'unbound', note: `"${head}" is not bound in ${file}` };
    for (const segment of whole ? [] : path) {
      const next: Target[] = [];
      for (const owner of owners) next.push(...(await this.membersOf(owner, segment, hops + 1)));
      if (next.length === 0) {
        // `self.items.iter()`: a member of a field whose declared type is outside the tree is outside it too.
        if (await this.externalType(owners)) return { targets: [], how: 'external', note: `the type of a part of ${qualifier} is outside the index` };
        return { targets: [], how: 'unbound', note: `no member "${segment}" of ${qualifier}` };
      }
      owners = unique(next);
    }
    if (called) {
      // What the called function is declared to return.
      owners = await this.returned(owners, hops + 1);
      if (owners.length === 0) return { targets: [], how: 'unbound', note: `what ${qualifier}() returns is not written as a type name` };
    }
    const targets: Target[] = [];
    for (const owner of owners) targets.push(...(await this.membersOf(owner, ref.name, hops + 1)));
    if (targets.length > 0) return { targets: await this.callable(unique(targets), ref.kind === 'call'), how: 'bound' };
    // A variable or field whose declared type comes from outside the tree (`v: Vec<T>`, `m: HashMap<K, V>` from std).
    if (!called && (await this.externalType(owners))) return { targets: [], how: 'external', note: `the type of ${qualifier} is outside the index` };
    return { targets: [], how: 'unbound', note: `no member "${ref.name}" found on ${qualifier}` };
  }

  /**
   * Among same-named members, those a use can reach: a call the functions (Rust's `x.len()` is the method `len`, a
   * field `len` is called as `(x.len)()`), a read the fields (an instance field shadows a method in JavaScript and
   * Python too); all of them when none fits.
   */
  async callable(targets: Target[], called: boolean): Promise<Target[]> {
    if (targets.length < 2) return targets;
    const fitting: Target[] = [];
    for (const target of targets) {
      if (!('def' in target)) return targets;
      const def = (await this.#context.facts(target.file))?.definitions[target.def];
      if (def && kindInfo(def.kind).callable === called) fitting.push(target);
    }
    return fitting.length > 0 ? fitting : targets;
  }

  /** Whether the declared types of these variables or fields come from outside the tree (an external import, the prelude). */
  async externalType(owners: Target[]): Promise<boolean> {
    if (owners.length === 0) return false;
    for (const owner of owners) {
      if ('module' in owner) return false;
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
        type = def?.type?.replace(/^&\s*(mut\s+)?/, '');
        typeBinding = type === undefined ? undefined : fileIndex(facts).top.get(type.split(/[.:<\s]/)[0] ?? '')?.[0];
      }
      if (type === undefined) return false;
      const head = type.split(/\.|::|<|\(/)[0] ?? '';
      if (typeBinding !== undefined) {
        if ((await this.binding(owner.file, facts, typeBinding, 0)).how !== 'external') return false;
      } else if (!this.#context.modules.inPrelude(owner.file, head)) return false;
    }
    return true;
  }

  /** The types the functions among `owners` are declared to return (`Self`: the type of their `impl`). */
  async returned(owners: Target[], hops: number): Promise<Target[]> {
    const returned: Target[] = [];
    for (const owner of owners) {
      if (!('def' in owner)) continue;
      const ownerFacts = await this.#context.facts(owner.file);
      const def = ownerFacts?.definitions[owner.def];
      if (ownerFacts && def?.returnType) returned.push(...(await this.typeNamed(owner.file, ownerFacts, def.returnType, hops + 1, owner.def)));
    }
    return unique(returned);
  }

  /** The members named `name` of a target: a module's exports, a type's members (and its bases'), a typed binding's type's. */
  async membersOf(owner: Target, name: string, hops: number): Promise<Target[]> {
    if (hops > MAX_HOPS) return [];
    if ('module' in owner) return this.exported(owner.file, name, hops + 1, new Set());
    const facts = await this.#context.facts(owner.file);
    if (!facts) return [];
    if ('binding' in owner) {
      const binding = facts.bindings[owner.binding];
      if (binding?.type === undefined) return [];
      // The declared type (`ns.Db`: the first name's binding, then its members), or what a call returns (`Foo::new()`).
      const called = binding.type.endsWith('()');
      const type = called ? binding.type.slice(0, -2) : binding.type;
      let types: Target[];
      if (binding.typeBinding !== undefined) {
        types = (await this.binding(owner.file, facts, binding.typeBinding, hops + 1)).targets;
        for (const segment of type.split(/\.|::/).slice(1)) {
          const next: Target[] = [];
          for (const target of types) next.push(...(await this.membersOf(target, segment, hops + 1)));
          types = unique(next);
        }
      } else types = await this.typeNamed(owner.file, facts, type, hops + 1, /^(Self\b|this\b|self\.)/.test(type) ? enclosingAt(facts, binding.line) : undefined);
      if (called) types = await this.returned(types, hops + 1);
      const targets: Target[] = [];
      for (const target of types) targets.push(...(await this.membersOf(target, name, hops + 1)));
      return targets;
    }
    const def = facts.definitions[owner.def];
    if (!def) return [];
    const info = kindInfo(def.kind);
    const own = (fileIndex(facts).children.get(owner.def) ?? []).filter((child) => facts.definitions[child]?.name === name);
    // Members declared apart: Rust `impl T`, Go methods with a receiver `(t *T)`, JavaScript's `app.set = function`.
    facts.definitions.forEach((candidate, i) => {
      if (candidate.name !== name || candidate.parent === owner.def) return;
      const parent = candidate.parent === undefined ? undefined : facts.definitions[candidate.parent];
      if (candidate.receiver === def.name || (parent?.kind === 'impl' && parent.name === def.name)) own.push(i);
    });
    const found: Target[] = own.map((i) => ({ file: owner.file, def: i }));
    // Blocks in other files that extend this type (Rust's `impl T` anywhere in the crate).
    const blocks = info.category === 'class' || info.category === 'type' ? await this.blocksElsewhere(owner as { file: string; def: number }, def.name, hops + 1) : [];
    for (const block of blocks) {
      const blockFacts = await this.#context.facts(block.file);
      for (const child of (blockFacts && fileIndex(blockFacts).children.get(block.def)) ?? []) if (blockFacts?.definitions[child]?.name === name) found.push({ file: block.file, def: child });
    }
    if (found.length > 0) return unique(found);
    // A variable, constant, property or field: its declared type's members.
    if (info.category !== 'class' && info.category !== 'type' && def.kind !== 'module') {
      const binding = facts.bindings.findIndex((b) => b.def === owner.def);
      if (binding >= 0 && facts.bindings[binding]?.typeBinding !== undefined) return this.membersOf({ file: owner.file, binding }, name, hops + 1);
      const targets: Target[] = [];
      for (const type of await this.typeNamed(owner.file, facts, def.type, hops + 1)) targets.push(...(await this.membersOf(type, name, hops + 1)));
      return targets;
    }
    // Its bases, and those its blocks declare (`impl Trait for T`: the trait's provided methods).
    const bases = await this.bases(owner.file, facts, owner.def, hops + 1);
    for (const [i, candidate] of facts.definitions.entries()) {
      if (i !== owner.def && candidate.name === def.name && kindInfo(candidate.kind).declaresName === false) bases.push(...(await this.bases(owner.file, facts, i, hops + 1)));
    }
    for (const block of blocks) {
      const blockFacts = await this.#context.facts(block.file);
      if (blockFacts) bases.push(...(await this.bases(block.file, blockFacts, block.def, hops + 1)));
    }
    const targets: Target[] = [];
    for (const base of unique(bases)) {
      if ('def' in base && base.file === owner.file && base.def === owner.def) continue;
      targets.push(...(await this.membersOf(base, name, hops + 1)));
    }
    return unique(targets);
  }

  /**
   * The blocks extending a type that its module system says may be declared in other files (`companions`: Rust's
   * `impl T` in another module of the crate): those named like it whose name binds to it there.
   */
  async blocksElsewhere(owner: { file: string; def: number }, name: string, hops: number): Promise<Array<{ file: string; def: number }>> {
    if (hops > MAX_HOPS) return [];
    const blocks: Array<{ file: string; def: number }> = [];
    let companions = await this.#context.modules.companions(owner.file);
    // Once every companion was analyzed, only those the name table says declare the name are read again.
    const defining = this.#context.filesDefining;
    if (defining && companions.every((file) => this.#analyzed.has(file))) {
      const named = new Set(defining(name));
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

  /** The declared bases (`extends`, `implements`) of a type, resolved from its file. */
  async bases(file: string, facts: FileFacts, def: number, hops: number): Promise<Target[]> {
    const definition = facts.definitions[def];
    if (!definition || hops > MAX_HOPS) return [];
    const targets: Target[] = [];
    for (const base of [...(definition.extends ?? []), ...(definition.implements ?? [])]) targets.push(...(await this.typeNamed(file, facts, base, hops + 1)));
    return unique(targets);
  }

  /**
   * What a type written in a file names (`Db`, `ns.Db`, `Db<T>`, `Db | null`: its first name path), from the file's
   * own names, then the names it sees without binding them; `Self` (`this` type) is the type enclosing `within`.
   */
  async typeNamed(file: string, facts: FileFacts, type: string | undefined, hops: number, within?: number): Promise<Target[]> {
    const path = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*/u.exec((type ?? '').trim())?.[0];
    if (!path || hops > MAX_HOPS) return [];
    const [head = '', ...rest] = path.split(/\.|::/);
    let owners: Target[] = [];
    // `Self`, `this`; `self.make()` (a value's type written as what a method of the receiver returns).
    const receiver = head === 'Self' || head === 'this' || (head === 'self' && path.startsWith('self.'));
    if (receiver && within !== undefined) owners.push(...(await this.enclosingOwner(file, facts, within, hops + 1)));
    for (const b of fileIndex(facts).top.get(head) ?? []) owners.push(...(await this.binding(file, facts, b, hops + 1)).targets);
    if (owners.length === 0) owners.push(...((await this.unqualified(file, facts, head, hops + 1))?.targets ?? []));
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
      }
    }
    return [];
  }
}
