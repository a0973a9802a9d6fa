/**
 * What a name is a member of, and its members: a module's exports, a type's own members (declared in it, in blocks
 * extending it in its file or in other files, with a receiver, in the other parts of a `partial` type), those it
 * inherits from its declared bases, and the members of a variable's declared type.
 *
 * @module
 */
import type { Definition, FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { inlineSpanOf } from '../model/written-types.js';
import type { Binder } from './binder.js';
import { fileIndex, isTypeLike, membersInside, receiverKey, referenceAtName } from './file-index.js';
import { packageSubmodulesOf } from './imports.js';
import { type DefinitionTarget, isDefinition, type Target, unique } from './targets.js';
import { isCallbackParameterType, namesOneType, unionOf } from './type-text.js';
import { Walk } from './walk.js';

/** The names of the methods a file declares (callable members of a type, or callables with a receiver), in one pass. */
export async function methodNames(b: Binder, file: string): Promise<Set<string>> {
  const facts = await b.context.facts(file);
  const names = new Set<string>();
  for (const def of facts?.definitions ?? []) {
    if (!kindInfo(def.kind).callable) continue;
    const parent = def.parent === undefined ? undefined : facts?.definitions[def.parent];
    const ofType = parent !== undefined && (isTypeLike(parent.kind) || kindInfo(parent.kind).declaresName === false);
    if (def.receiver !== undefined || ofType) names.add(def.name);
  }
  return names;
}

/** The members named `name` of every owner, without repeats. */
export async function membersOfAll(b: Binder, owners: Target[], name: string, walk: Walk): Promise<Target[]> {
  const targets: Target[] = [];
  for (const owner of owners) targets.push(...(await b.membersOf(owner, name, walk)));
  return unique(targets);
}

/** The members named `name` of a target: a module's exports, a type's members (and its bases'), a typed binding's type's. */
export async function membersOf(b: Binder, owner: Target, name: string, walk: Walk): Promise<Target[]> {
  if (walk.exhausted) return [];
  if ('module' in owner) {
    const exported = await b.exportsOf(owner.file, name, walk.deeper().anew());
    return exported.length > 0 ? exported : packageSubmodulesOf(b.context.modules, owner.file, name);
  }
  const facts = await b.context.facts(owner.file);
  if (!facts) return [];
  if ('binding' in owner) return membersOfBinding(b, owner.file, facts, owner.binding, name, walk);
  const def = facts.definitions[owner.def];
  return def ? membersOfDefinition(b, owner, facts, def, name, walk) : [];
}

/** The members of what a binding is declared as. */
async function membersOfBinding(b: Binder, file: string, facts: FileFacts, index: number, name: string, walk: Walk): Promise<Target[]> {
  // (a type literal written in place: `(record: { buffer: T[] })`)
  const inline = inlineSpanOf(facts.bindings[index]?.type);
  if (inline) return membersInside(file, facts, inline, name);
  let types = await b.typesOfBinding(file, facts, index, walk.deeper());
  // A type the file does not bind itself (a C header's `struct node *`): found as the file finds the names it sees.
  const binding = facts.bindings[index];
  if (types.length === 0 && binding?.type && binding.typeBinding === undefined && !isCallbackParameterType(binding.type)) types = await b.typesOf(file, facts, binding.type, walk.deeper());
  const asTypes = await typesOfTargets(b, types, walk.deeper());
  return membersOfAll(b, asTypes, name, walk.deeper());
}

/**
 * The members named `name` of a definition: its own (and those declared apart: in blocks, with a receiver, in other
 * parts), else, for a value, its declared type's, for a type, its bases', for an alias, the aliased types'.
 */
async function membersOfDefinition(
  b: Binder,
  owner: DefinitionTarget,
  facts: FileFacts,
  def: Definition,
  name: string,
  walk: Walk,
): Promise<Target[]> {
  const found: Target[] = ownMembers(facts, owner.def, def, name).map((i) => ({ file: owner.file, def: i }));
  const typeLike = isTypeLike(def.kind);
  // A variable with a declared type (`const provider: Provider = { ... }`): the type's members, as a compiler
  // reads it, before those of the value written.
  if (!typeLike && def.kind !== 'module' && found.length > 0) {
    const declared = await membersOfDeclaredType(b, owner, facts, def, name, walk);
    if (declared.length > 0) return declared;
  }
  // A constructor's parameter property (`constructor(protected work: Work)`): its parameter.
  if (typeLike && found.length === 0) found.push(...parameterProperties(owner.file, facts, owner.def, name));
  // Blocks in other files that extend this type (Rust's `impl T` anywhere in the crate).
  const blocks = typeLike ? await blocksElsewhere(b, owner, def.name, walk.deeper()) : [];
  found.push(...(await childrenNamed(b, blocks, name)));
  // (a union alias of type literals and named types: the literals' members and the named types')
  if (found.length > 0 && def.kind === 'type' && (def.union !== undefined || (def.value !== undefined && unionOf(def.value).length > 1))) {
    found.push(...(await inheritedMembers(b, owner, facts, def, { blocks, parts: [] }, name, walk)));
  }
  if (found.length > 0) return unique(found);
  // Methods declared with a receiver in the other files of the type's package (Go).
  if (typeLike) {
    const apart = await receiversApart(b, owner.file, def.name, name);
    if (apart.length > 0) return apart;
  }
  const parts = def.modifiers?.includes('partial') ? await partsOf(b, owner.file, def, walk.deeper()) : [];
  // A variable, constant, property or field: its declared type's members.
  if (!typeLike && def.kind !== 'module') {
    const binding = fileIndex(facts).bindingsOf.get(owner.def)?.[0] ?? -1;
    if (binding >= 0 && facts.bindings[binding]?.type !== undefined) return b.membersOf({ file: owner.file, binding }, name, walk.deeper());
    const types = await b.typesOf(owner.file, facts, def.type, walk.deeper());
    return membersOfAll(b, await typesOfTargets(b, types, walk.deeper()), name, walk.deeper());
  }
  return inheritedMembers(b, owner, facts, def, { blocks, parts }, name, walk);
}

/**
 * A definition's own members named `name`: its children, and those declared apart in its file (Rust's `impl T`, Go's
 * methods with a receiver `(t *T)`, JavaScript's `app.set = function`).
 */
function ownMembers(facts: FileFacts, owner: number, def: Definition, name: string): number[] {
  const index = fileIndex(facts);
  const own = (index.children.get(owner) ?? []).filter((child) => facts.definitions[child]?.name === name);
  for (const i of index.named.get(name) ?? []) {
    const candidate = facts.definitions[i] as Definition;
    if (candidate.parent === owner) continue;
    const parent = candidate.parent === undefined ? undefined : facts.definitions[candidate.parent];
    if (candidate.receiver === def.name || (parent?.kind === 'impl' && parent.name === def.name)) own.push(i);
  }
  return own;
}

/** The members named `name` of a value's declared type (the type of its binding, else the type it is written with). */
async function membersOfDeclaredType(
  b: Binder,
  owner: DefinitionTarget,
  facts: FileFacts,
  def: Definition,
  name: string,
  walk: Walk,
): Promise<Target[]> {
  const bindings = fileIndex(facts).bindingsOf.get(owner.def) ?? [];
  const binding = bindings.find((i) => facts.bindings[i]?.type !== undefined) ?? -1;
  let types: Target[] = [];
  if (binding >= 0) types = await b.typesOfBinding(owner.file, facts, binding, walk.deeper());
  else if (def.type !== undefined) types = await b.typesOf(owner.file, facts, def.type, walk.deeper());
  return membersOfAll(b, await typesOfTargets(b, types, walk.deeper()), name, walk.deeper());
}

/** The children named `name` of each definition, read from its file. */
async function childrenNamed(b: Binder, owners: DefinitionTarget[], name: string): Promise<Target[]> {
  const found: Target[] = [];
  for (const owner of owners) {
    const facts = await b.context.facts(owner.file);
    for (const child of (facts && fileIndex(facts).children.get(owner.def)) ?? []) {
      if (facts?.definitions[child]?.name === name) found.push({ file: owner.file, def: child });
    }
  }
  return found;
}

/** Methods named `name` declared with the receiver `type` in the other files of `file`'s package (Go). */
async function receiversApart(b: Binder, file: string, type: string, name: string): Promise<Target[]> {
  const apart: Target[] = [];
  for (const sibling of await b.context.modules.implicit(file)) {
    const facts = await b.context.facts(sibling);
    if (!facts) continue;
    for (const i of fileIndex(facts).receivers.get(receiverKey(type, name)) ?? []) apart.push({ file: sibling, def: i });
  }
  return apart;
}

/**
 * The members named `name` a type inherits: the members of the other parts of a `partial` type (C#), else those of
 * its bases, the bases its blocks declare (`impl Trait for T`: the trait's provided methods) and its parts' bases; for
 * a type alias naming one type (C's `typedef struct node node_t`) or a union of named types (TypeScript's
 * `type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>`), the members of each.
 */
async function inheritedMembers(
  b: Binder,
  owner: DefinitionTarget,
  facts: FileFacts,
  def: Definition,
  apart: { blocks: DefinitionTarget[]; parts: DefinitionTarget[] },
  name: string,
  walk: Walk,
): Promise<Target[]> {
  const bases = await b.basesOf(owner.file, facts, owner.def, walk.deeper());
  for (const i of fileIndex(facts).named.get(def.name) ?? []) {
    if (i === owner.def || kindInfo(facts.definitions[i]?.kind ?? '').declaresName !== false) continue;
    bases.push(...(await b.basesOf(owner.file, facts, i, walk.deeper())));
  }
  bases.push(...(await basesOfEach(b, apart.blocks, walk)));
  const ofParts = await childrenNamed(b, apart.parts, name);
  if (ofParts.length > 0) return unique(ofParts);
  bases.push(...(await basesOfEach(b, apart.parts, walk)));
  const targets: Target[] = [];
  for (const base of unique(bases)) {
    if (isDefinition(base, owner.file, owner.def)) continue;
    targets.push(...(await b.membersOf(base, name, walk.deeper())));
  }
  if (targets.length === 0 && def.kind === 'type' && def.value !== undefined) {
    const qualifiers = b.context.modules.vocabulary(facts.language).typeQualifiers;
    for (const part of def.union ?? unionOf(def.value.trim())) {
      if (!namesOneType(part, qualifiers)) continue;
      for (const type of await b.typesOf(owner.file, facts, part, walk.deeper())) {
        if (!isDefinition(type, owner.file, owner.def)) targets.push(...(await b.membersOf(type, name, walk.deeper())));
      }
    }
  }
  return unique(targets);
}

/** The declared bases of each definition, read from its file (one link deeper). */
async function basesOfEach(b: Binder, owners: DefinitionTarget[], walk: Walk): Promise<Target[]> {
  const bases: Target[] = [];
  for (const owner of owners) {
    const facts = await b.context.facts(owner.file);
    if (facts) bases.push(...(await b.basesOf(owner.file, facts, owner.def, walk.deeper())));
  }
  return bases;
}

/**
 * What types written as names lead to, as types: a class is its instances' type, and a function with a declared
 * return type (Python's `x = make()`, typed by its callee) the type it returns; any other function is itself.
 */
async function typesOfTargets(b: Binder, targets: Target[], walk: Walk): Promise<Target[]> {
  const types: Target[] = [];
  for (const target of targets) {
    if (!('def' in target)) {
      types.push(target);
      continue;
    }
    const facts = await b.context.facts(target.file);
    const def = facts?.definitions[target.def];
    // A function without a declared return type stays itself (a JavaScript constructor function's members).
    if (facts && def?.returnType && kindInfo(def.kind).callable && kindInfo(def.kind).category !== 'class') {
      types.push(...(await b.typesOf(target.file, facts, def.returnType, walk.deeper(), target.def)));
    } else types.push(target);
  }
  return unique(types);
}

/** The parameter bindings of a class's constructors that declare the property `name` (TypeScript's parameter properties). */
function parameterProperties(file: string, facts: FileFacts, owner: number, name: string): Target[] {
  const index = fileIndex(facts);
  const targets: Target[] = [];
  for (const child of index.children.get(owner) ?? []) {
    const ctor = facts.definitions[child];
    if (ctor?.kind !== 'constructor' || !ctor.parameterProperties?.some((p) => p.name === name)) continue;
    // (the constructor's lines, not every binding of the file)
    for (let line = ctor.line; line <= ctor.endLine; line++) {
      for (const entry of index.byLine.get(line) ?? []) {
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
export async function blocksElsewhere(b: Binder, owner: DefinitionTarget, name: string, walk: Walk): Promise<DefinitionTarget[]> {
  if (walk.exhausted) return [];
  const blocks: DefinitionTarget[] = [];
  let companions = await b.context.modules.companions(owner.file);
  if (companions.length === 0) return blocks;
  // Once every companion was analyzed, only those the name table says declare the name are read again.
  const defining = b.context.filesDefining;
  if (defining && companions.every((file) => b.companionsRead.has(file))) {
    const named = new Set(await defining(name));
    companions = companions.filter((file) => named.has(file));
  }
  for (const file of companions) {
    const facts = await b.context.facts(file);
    b.companionsRead.add(file);
    if (!facts) continue;
    for (const def of fileIndex(facts).blocks.get(name) ?? []) {
      // The block's name is a use of the type: it must lead to this one.
      const ref = referenceAtName(facts, facts.definitions[def] as Definition);
      const use = ref === undefined ? undefined : facts.references[ref];
      if (!use) continue;
      const lookup = await b.lookupOf(file, facts, use, walk.deeper());
      if (lookup.targets.some((t) => isDefinition(t, owner.file, owner.def))) blocks.push({ file, def });
    }
  }
  return blocks;
}

/** The other parts of a `partial` type: same-named `partial` types of its file and of the files of its package. */
export async function partsOf(b: Binder, file: string, def: Definition, walk: Walk): Promise<DefinitionTarget[]> {
  const parts: DefinitionTarget[] = [];
  for (const other of [file, ...(await b.context.modules.implicit(file))]) {
    for (const target of await b.ownDeclarations(other, def.name, walk.deeper())) {
      if (!('def' in target)) continue;
      const candidate = (await b.context.facts(target.file))?.definitions[target.def];
      if (candidate && candidate !== def && candidate.kind === def.kind && candidate.modifiers?.includes('partial')) parts.push(target);
    }
  }
  return parts;
}

/** The declared bases (`extends`, `implements`) of a type, resolved from its file. */
export async function basesOf(b: Binder, file: string, facts: FileFacts, def: number, walk: Walk): Promise<Target[]> {
  const definition = facts.definitions[def];
  if (!definition || walk.exhausted) return [];
  const targets: Target[] = [];
  for (const base of [...(definition.extends ?? []), ...(definition.implements ?? [])]) {
    targets.push(...(await b.typesOf(file, facts, base, walk.deeper(), def)));
  }
  return unique(targets);
}

/**
 * The methods named `name` of the bases of the classes declaring `targets` (each base's nearest, through
 * {@link membersOf}): the overloads a subclass's call also sees in Java.
 */
export async function inheritedOverloads(b: Binder, targets: readonly Target[], name: string): Promise<Target[]> {
  const found: Target[] = [];
  for (const target of targets) {
    if (!('def' in target)) continue;
    const facts = await b.context.facts(target.file);
    const owner = facts?.definitions[target.def]?.parent;
    if (!facts || owner === undefined) continue;
    for (const base of await b.basesOf(target.file, facts, owner, Walk.start(1))) {
      for (const member of await b.membersOf(base, name, Walk.start(1))) {
        const def = 'def' in member ? (await b.context.facts(member.file))?.definitions[member.def] : undefined;
        if (def && kindInfo(def.kind).callable) found.push(member);
      }
    }
  }
  return unique(found);
}
