/**
 * What a member use (`q.name`) leads to: the members `name` of what its qualifier leads to. A qualifier is a chain of
 * names and calls (`a.b.c`, `f()`, `m.Descriptor().Fields()`) whose head is a word naming the enclosing class or its
 * bases (`this`, `super`), a name some scope binds, a name no scope binds (a member of the enclosing class, a name of
 * the package or of a wildcard import), or a module path written in code (Rust's `crate::a::f()`).
 *
 * @module
 */
import type { FileFacts, Reference } from '../model/facts.js';
import { inlineSpanOf } from '../model/written-types.js';
import type { Binder } from './binder.js';
import { narrowedByDiscriminants } from './discriminants.js';
import { typeOnOwner } from './generics.js';
import { isNotValue, membersInside } from './file-index.js';
import { importSourceOf, submodulesOf } from './imports.js';
import { membersOfAll } from './members.js';
import { bound, definitionOf, type Lookup, type Target, unbound, unique } from './targets.js';
import { argumentKeyOf, typeParametersOf, typePath } from './type-text.js';
import { followChain, hasExternalType, hasTreeTypeArguments, modulePathOf, signaturesOf, walkChain } from './types.js';
import { namesEnclosingClass } from './vocabulary.js';
import type { Walk } from './walk.js';

/** What a qualifier's head leads to: the owners of the member, or, for a namespace import, the module path it names. */
interface Head {
  owners: Target[];
  /** The module path a namespace import's members are submodules of (Python's `import a.b` then `a.b.f`). */
  source?: string;
  /** The head is imported from outside the tree, unless a submodule of the tree is named through it. */
  external?: Lookup;
}

/**
 * What a member use (`q.name`) leads to: the members `name` of what its qualifier leads to; for a key of an object
 * literal, those of the union members its other keys pick.
 */
export async function lookupOfMember(b: Binder, file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup> {
  const lookup = await lookupOfQualified(b, file, facts, ref, walk);
  return ref.discriminants ? narrowedByDiscriminants(b, file, facts, ref, lookup, walk) : lookup;
}

/** {@link lookupOfMember}, before discriminants pick among its members. */
async function lookupOfQualified(b: Binder, file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup> {
  const qualifier = ref.qualifier ?? '';
  // (a member of a type literal written in place, `function f(): { args: T[] } { return { args } }`)
  const inline = inlineSpanOf(qualifier);
  if (inline) {
    const members = membersInside(file, facts, inline, ref.name);
    return members.length > 0 ? bound(members) : unbound(`the type literal declares no member "${ref.name}"`);
  }
  const argument = argumentKeyOf(qualifier);
  if (argument) return lookupOfArgumentKey(b, file, facts, ref, qualifier.slice(0, argument.at), argument.argument, walk);
  // A chain of names and calls: `a.b.c`, `f()`, `m.Descriptor().Fields()`.
  const [first = '', ...path] = qualifier.split(/\.|::/);
  const headCalled = first.endsWith('()');
  const head = headCalled ? first.slice(0, -2) : first;
  const found = await headOf(b, file, facts, ref, head, walk);
  if (!('owners' in found)) return found;
  let { owners } = found;
  let chain = { headCalled, path };
  if (owners.length === 0 && b.context.modules.pathQualifiers(file) && found.source === undefined && head !== '') {
    // A module path written in code: its names up to the first call are one source (`crate::a::f` of
    // `crate::a::f().x`), what follows a chain from what it names.
    const module = await modulePathOf(b, file, [first, ...path], walk);
    if (module.lookup.targets.length === 0) return { ...module.lookup, how: module.lookup.how === 'external' ? 'external' : 'unbound' };
    owners = module.lookup.targets;
    chain = module;
  }
  if (owners.length === 0 && !found.external) {
    return unbound(head === '' ? `what "${ref.name}" is a member of is not a name` : `"${head}" is not bound in ${file}`);
  }
  if (found.source !== undefined) return memberOfNamespace(b, file, { ...found, owners, source: found.source }, path, ref.name, qualifier, walk);
  const end = await walkChain(b, owners, chain.headCalled, chain.path, walk.deeper());
  if (end.owners.length === 0) {
    // `self.items.iter()` of `items: Vec<f64>`: a member of a part whose declared type is outside the tree is
    // outside it too, unless its type arguments may name the tree's types (`List<Item>`: `items.get(0)` may be one).
    for (const owner of end.stuck) {
      if (end.missing === undefined || !(await hasExternalType(b, owner, walk.deeper(), end.missing))) continue;
      if (await hasTreeTypeArguments(b, owner)) continue;
      return { targets: [], how: 'external', note: `the type of a part of ${qualifier} is outside the index` };
    }
    return unbound(`what ${qualifier} is cannot be followed (a member or a returned type is not written)`);
  }
  const targets = await membersOfEvery(b, end.owners, ref.name, walk);
  // `this.now()`, `this.scheduler.now()`, `x.now()`: an instance's member, not the static one of the same name (a
  // class's own name, `Scheduler.now`, reaches both).
  const onSelf = b.context.modules.vocabulary(facts.language).self.has(head) && ref.qualifierBinding === undefined && path.length === 0;
  const instance = onSelf || (await everyValue(b, end.owners));
  if (targets.length > 0) return bound(instance ? await withoutStatic(b, unique(targets)) : unique(targets));
  // A variable declared with a type from outside the index (`List<T> items`, `v: Vec<T>` of the prelude): its
  // members are outside too.
  for (const owner of end.owners) {
    if (!(await hasExternalType(b, owner, walk.deeper(), ref.name))) continue;
    return { targets: [], how: 'external', note: `${qualifier} has a type from outside the index` };
  }
  return unbound(`no member "${ref.name}" found on ${qualifier}`);
}

/**
 * What a qualifier's head leads to, or the lookup that ends the member's (a head that leads outside the tree, or
 * nowhere).
 */
async function headOf(b: Binder, file: string, facts: FileFacts, ref: Reference, head: string, walk: Walk): Promise<Head | Lookup> {
  const modulePaths = b.context.modules.pathQualifiers(file);
  const words = b.context.modules.vocabulary(facts.language);
  const parent = words.parent.has(head);
  if (namesEnclosingClass(words, head) && ref.qualifierBinding === undefined) {
    const owner = await b.enclosingOwner(file, facts, ref.enclosing, walk.deeper());
    if (owner.length === 0 && !modulePaths) return unbound(`no class encloses "${head}"`);
    return { owners: parent ? await basesOfAll(b, facts, owner, walk) : owner };
  }
  if (ref.qualifierBinding !== undefined) {
    const binding = facts.bindings[ref.qualifierBinding];
    const source = binding?.import?.name === '*' ? importSourceOf(b.context.modules, file, binding) : undefined;
    const lookup = await b.lookupOfBinding(file, facts, ref.qualifierBinding, walk.deeper());
    // A member of something imported from outside the tree (`path.join`): its import is what the tree knows;
    // unless a submodule of the tree is named (a namespace package has no file of its own).
    if (lookup.how === 'external' && source !== undefined) return { owners: [], source, external: lookup };
    if (lookup.how === 'external') return lookup;
    if (lookup.targets.length === 0) return { ...lookup, how: 'unbound' };
    return source === undefined ? { owners: lookup.targets } : { owners: lookup.targets, source };
  }
  if (head === '') return { owners: [] };
  // A head no scope binds: a member of the enclosing class (C++), an inherited member, a name of the package's
  // other files or of a wildcard import.
  const members = await b.membersInScope(file, facts, head, ref.enclosing, walk.deeper());
  if (members.length > 0) return { owners: members };
  const visible = await b.lookupOfFreeName(file, facts, head, ref.enclosing, walk.deeper());
  if (visible?.how === 'external') return { targets: [], how: 'external', ...(visible.note ? { note: visible.note } : {}) };
  return { owners: visible?.targets ?? [] };
}

/** The declared bases of the classes `this` names (each read with the file's facts, as `super` is written there). */
async function basesOfAll(b: Binder, facts: FileFacts, owners: Target[], walk: Walk): Promise<Target[]> {
  const classes = owners.filter((o): o is Extract<Target, { def: number }> => 'def' in o);
  const bases = await Promise.all(classes.map((o) => b.basesOf(o.file, facts, o.def, walk.deeper())));
  return bases.flat();
}

/** The members named `name` of every owner, in order (repeats kept). */
async function membersOfEvery(b: Binder, owners: Target[], name: string, walk: Walk): Promise<Target[]> {
  const targets: Target[] = [];
  for (const owner of owners) targets.push(...(await b.membersOf(owner, name, walk.deeper())));
  return targets;
}

/**
 * A member through a namespace import's path (Python's `import a.b` then `a.b.f`): members, or submodules while the
 * path names modules; from the first call on, a chain.
 */
async function memberOfNamespace(
  b: Binder,
  file: string,
  head: Head & { source: string },
  path: readonly string[],
  name: string,
  qualifier: string,
  walk: Walk,
): Promise<Lookup> {
  let at: { owners: Target[]; source?: string } = { owners: head.owners, source: head.source };
  let i = 0;
  for (; i < path.length && !(path[i] as string).endsWith('()'); i++) {
    at = await memberOrSubmodule(b, file, at, path[i] as string, walk);
    if (at.owners.length === 0) return head.external ?? unbound(`no member "${path[i]}" of ${qualifier}`);
  }
  const owners = await followChain(b, at.owners, false, path.slice(i), walk.deeper());
  const last = i === path.length ? await memberOrSubmodule(b, file, { ...at, owners }, name, walk) : undefined;
  const targets = last ? last.owners : await membersOfAll(b, owners, name, walk.deeper());
  if (targets.length === 0 && head.external) return head.external;
  return targets.length > 0 ? bound(unique(targets)) : unbound(`no member "${name}" found on ${qualifier}`);
}

/**
 * One step along a namespace import's path: the members `segment` of the owners, or, while the path names modules
 * (`source`), the submodule of that name; and the source of the next step, while every owner is a module.
 */
async function memberOrSubmodule(
  b: Binder,
  file: string,
  at: { owners: Target[]; source?: string },
  segment: string,
  walk: Walk,
): Promise<{ owners: Target[]; source?: string }> {
  const next = await membersOfAll(b, at.owners, segment, walk.deeper());
  if (at.source === undefined) return { owners: next };
  const modules = b.context.modules;
  if (next.length === 0) next.push(...(await submodulesOf(modules, file, at.source, segment)));
  const source = next.length > 0 && next.every((target) => 'module' in target) ? modules.submodule(file, at.source, segment) : undefined;
  return source === undefined ? { owners: unique(next) } : { owners: unique(next), source };
}

/** Whether every owner is a value (a variable, parameter or property), not a type, module or function. */
async function everyValue(b: Binder, owners: Target[]): Promise<boolean> {
  for (const owner of owners) {
    if ('module' in owner) return false;
    if ('binding' in owner) continue;
    const def = await definitionOf(b.context.facts, owner);
    if (isNotValue(def)) return false;
  }
  return owners.length > 0;
}

/** The targets that are not `static` members, when some are. */
async function withoutStatic(b: Binder, targets: Target[]): Promise<Target[]> {
  if (targets.length < 2) return targets;
  const kept: Target[] = [];
  for (const target of targets) {
    const def = await definitionOf(b.context.facts, target);
    if (!('def' in target) || !def?.modifiers?.includes('static')) kept.push(target);
  }
  return kept.length > 0 ? kept : targets;
}

/**
 * A key of an object passed as an argument (`f(a, { retry: 3 })`, written `f(1)`): the member of the type the callee's
 * parameter there is declared as (a class's constructors'; a parameter typed by a type parameter is not followed).
 */
async function lookupOfArgumentKey(b: Binder, file: string, facts: FileFacts, ref: Reference, callee: string, at: number, walk: Walk): Promise<Lookup> {
  const [first = '', ...path] = callee.split(/\.|::/);
  const headCalled = first.endsWith('()');
  const found = await headOf(b, file, facts, ref, headCalled ? first.slice(0, -2) : first, walk);
  if (!('owners' in found)) return found;
  const callees = await followChain(b, found.owners, headCalled, path, walk.deeper());
  if (callees.length === 0 && found.external) return found.external;
  const owners: Target[] = [];
  for (const { fn, facts: fnFacts, signature, callee: called } of await signaturesOf(b, callees, walk.deeper())) {
    const type = signature.parameters?.[at]?.type;
    const head = type === undefined ? undefined : typePath(type, []);
    if (type === undefined || head === undefined || typeParametersOf(signature.typeParameters).some((p) => p.name === head)) continue;
    // (a parameter typed by its class's type parameter, `constructor(def: Def)`: what the class called fixes it as)
    const fixed = await typeOnOwner(b, called, fn, type, walk.deeper());
    owners.push(...(fixed ?? (await b.typesOf(fn.file, fnFacts, type, walk.deeper(), fn.def))));
  }
  const targets = await membersOfAll(b, unique(owners), ref.name, walk.deeper());
  return targets.length > 0 ? bound(targets) : unbound(`the parameter ${at + 1} of ${callee} declares no member "${ref.name}"`);
}
