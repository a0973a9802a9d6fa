/**
 * What types written in code name: a parameter's, field's or variable's declared type (`Db`, `ns.Db<T>`, `*Server`),
 * what a call returns (`x := NewFoo()`, `let x = Foo::new()`), what `this` and `Self` name inside a definition, a
 * chain of members and calls (`m.Descriptor().Fields()`), and whether a declared type is from outside the tree.
 *
 * @module
 */
import type { Definition, FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { unwrapType } from '../model/written-types.js';
import type { Binder, ChainEnd } from './binder.js';
import { inferredTypeArgument, memberTypeOnOwner } from './generics.js';
import { fileIndex, innermostAt, isNotValue, nestedTypes, referenceAtName } from './file-index.js';
import type { DefinitionTarget, Lookup, Target } from './targets.js';
import { unique } from './targets.js';
import {
  argumentOf,
  callbackParameterType,
  type CallbackPosition,
  elementTypeOf,
  indexedAccessOf,
  signatureParameterOf,
  substituted,
  typeParametersOf,
  typePath,
  withoutReference,
} from './type-text.js';
import { namesEnclosingType } from './vocabulary.js';
import type { Walk } from './walk.js';

/**
 * What a type written in a file names (`Db`, `ns.Db`, `Db<T>`, `Db | null`: its first name path), from the file's
 * own names, then the names it sees without binding them; `Self` (`this` type) is the type enclosing `within`.
 */
export async function typesOf(b: Binder, file: string, facts: FileFacts, type: string | undefined, walk: Walk, within?: number): Promise<Target[]> {
  const words = b.context.modules.vocabulary(facts.language);
  const written = type === undefined ? undefined : unwrapType(type, words.typeWrappers);
  // `Options["retry"]`, `T["_zod"]["def"]`: the members indexed (a member stands for its declared type).
  const indexed = written === undefined ? undefined : indexedAccessOf(written);
  if (indexed && !walk.exhausted) return followChain(b, await typesOf(b, file, facts, indexed.base, walk.deeper(), within), false, indexed.keys, walk.deeper());
  const path = typePath(written, words.typeQualifiers);
  if (!path || walk.exhausted) return [];
  const [head = '', ...rest] = path.split(/\.|::/);
  let owners: Target[] = [];
  // `Self`, `this`; `self.make()` (a value's type written as what a method of the receiver returns).
  if (namesEnclosingType(words, head, path) && within !== undefined) owners.push(...(await b.enclosingOwner(file, facts, within, walk.deeper())));
  // A type nested in a class enclosing the one that writes it (Java's `class JCBinary extends JCOperatorExpression`
  // inside `JCTree`, a method returning its class's `Entry`): it shadows the file's own names.
  if (owners.length === 0 && within !== undefined) owners.push(...nestedTypes(file, facts, within, head));
  if (owners.length === 0) owners = await topLevelTargets(b, file, facts, head, walk);
  // Not bound in the file: a name of its package or of a wildcard import (a struct of an included header).
  if (owners.length === 0) owners = (await b.lookupOfSeenName(file, facts, head, walk.deeper()))?.targets ?? [];
  // A module path written as the type (Rust's `geo::shapes::Shape`, `crate::ast::Span`): what it names.
  if (owners.length === 0 && rest.length > 0 && b.context.modules.pathQualifiers(file)) {
    const module = await b.followImport(file, path, '*', walk.deeper());
    return module.targets.filter((t) => !('module' in t));
  }
  for (const segment of rest) {
    const next: Target[] = [];
    for (const owner of owners) next.push(...(await b.membersOf(owner, segment, walk.deeper())));
    owners = next;
  }
  return unique(owners);
}

/** What the file's own top-level bindings of `name` lead to (one link deeper). */
async function topLevelTargets(b: Binder, file: string, facts: FileFacts, name: string, walk: Walk): Promise<Target[]> {
  const targets: Target[] = [];
  for (const i of fileIndex(facts).top.get(name) ?? []) targets.push(...(await b.lookupOfBinding(file, facts, i, walk.deeper())).targets);
  return targets;
}

/**
 * The types a binding is declared with (`x: Foo`, `var x pkg.Foo`, `x := &Foo{}`, `other: &Self`), or, for a type
 * written as a call (`x := NewFoo()`, `let x = Foo::new()`, `let x = self.make()`), what the function is declared
 * to return.
 */
export async function typesOfBinding(b: Binder, file: string, facts: FileFacts, index: number, walk: Walk): Promise<Target[]> {
  const written = facts.bindings[index]?.type;
  // `ErrorMap(:1)`: a parameter of a function given to a variable declared with the function type `ErrorMap`.
  const signature = written === undefined ? undefined : signatureParameterOf(written);
  if (written !== undefined && signature) return signatureParameterTypes(b, file, facts, written.slice(0, signature.at), signature.parameter, walk.deeper());
  // `Holder['request']`: an indexed access type, read as types are.
  if (written !== undefined && indexedAccessOf(written)) return b.typesOf(file, facts, written, walk.deeper(), innermostAt(facts, facts.bindings[index]?.line ?? 0));
  const start = await chainOfBinding(b, file, facts, index, walk);
  if (!start) return [];
  // `xs[]`: an element of what `xs` is (`for (const x of xs)`, `xs.forEach((x) => ...)`).
  if (start.element) return elementsOf(b, start.owners, start.headCalled, start.path, walk.deeper());
  // `f(0:1)`: a parameter of a function passed to `f` (`f((a, x) => ...)`).
  if (start.argument) return callbackParameterTypes(b, file, facts, index, start, start.argument, walk.deeper());
  return followChain(b, start.owners, start.headCalled, start.path, walk.deeper());
}

/** Where the chain a binding's type is written as starts: what its head leads to, and the rest of it. */
async function chainOfBinding(
  b: Binder,
  file: string,
  facts: FileFacts,
  index: number,
  walk: Walk,
): Promise<ChainStart | undefined> {
  const binding = facts.bindings[index];
  if (!binding?.type || walk.exhausted) return undefined;
  const element = binding.type.endsWith('[]');
  const argument = argumentOf(binding.type);
  const written = element ? binding.type.slice(0, -2) : argument ? binding.type.slice(0, argument.at) : binding.type;
  const segments = written.split(/\.|::/);
  const [first = '', ...path] = segments;
  const headCalled = first.endsWith('()');
  const head = headCalled ? first.slice(0, -2) : first;
  let owners: Target[] = [];
  let chain: { headCalled: boolean; path: readonly string[] } = { headCalled, path };
  if (binding.typeBinding !== undefined) owners = (await b.lookupOfBinding(file, facts, binding.typeBinding, walk.deeper())).targets;
  else {
    // `Self`, `this`, `self.make()`: the type enclosing the binding.
    if (namesEnclosingType(b.context.modules.vocabulary(facts.language), head, binding.type)) {
      owners = await b.enclosingOwner(file, facts, innermostAt(facts, binding.line), walk.deeper());
    }
    if (owners.length === 0) owners = await topLevelTargets(b, file, facts, head, walk);
    if (owners.length === 0) owners = (await b.lookupOfSeenName(file, facts, head, walk.deeper()))?.targets ?? [];
    // A module path (Rust's `geo::shapes::Circle::new()`, `crate::ast::Span`).
    if (owners.length === 0 && segments.length > 1 && b.context.modules.pathQualifiers(file)) {
      const module = await modulePathOf(b, file, segments, walk.deeper());
      owners = module.lookup.targets.filter((t) => !('module' in t));
      chain = module;
    }
  }
  return { owners, headCalled: chain.headCalled, path: chain.path, element, ...(argument ? { argument } : {}) };
}

/** Where a binding's type chain starts, and what the binding is of what it leads to. */
interface ChainStart {
  owners: Target[];
  headCalled: boolean;
  path: readonly string[];
  /** An element of it (`xs[]`). */
  element: boolean;
  /** A parameter of the function passed at an argument of it (`f(0:1)`): the argument's and the parameter's positions. */
  argument?: CallbackPosition;
}

/**
 * The types of a parameter of a function passed as an argument (`$constructor("A", (inst, def) => ...)`): the
 * callee's parameter at that argument is declared as a function type (`initializer: (inst: T, def: D) => void`), whose
 * parameter there is the type. A type parameter of the callee (`T`) is what the declared type the call's result is
 * given to says (`const A: core.$constructor<A> = core.$constructor(...)` against its return type `$constructor<T, D>`);
 * a class called or constructed is its constructors'.
 */
async function callbackParameterTypes(
  b: Binder,
  file: string,
  facts: FileFacts,
  index: number,
  start: ChainStart,
  position: CallbackPosition,
  walk: Walk,
): Promise<Target[]> {
  const callees = await followChain(b, start.owners, start.headCalled, start.path, walk.deeper());
  const found: Target[] = [];
  for (const { fn, facts: fnFacts, signature } of await signaturesOf(b, callees, walk)) {
    const declared = signature.parameters?.[position.argument]?.type;
    const type = declared === undefined ? undefined : callbackParameterType(declared, position.parameter);
    if (type === undefined) continue;
    const head = typePath(type, []);
    const parameters = typeParametersOf(signature.typeParameters);
    if (head !== undefined && parameters.some((p) => p.name === head)) {
      // (a type parameter: what the declared type of the result says it is, read where the call is written; else
      // its default, with the parameters it names read so: `D = T["def"]`)
      const args = new Map<string, string>();
      for (const p of parameters) {
        const inferred = inferredTypeArgument(facts, index, signature.returnType, p.name);
        if (inferred !== undefined) args.set(p.name, inferred);
      }
      const fallback = parameters.find((p) => p.name === head)?.default;
      const inferred = args.get(head) ?? (fallback === undefined ? undefined : substituted(fallback, args));
      const unresolved = inferred === undefined || parameters.some((p) => p.name === typePath(inferred, []));
      if (!unresolved) found.push(...(await b.typesOf(file, facts, inferred, walk.deeper(), innermostAt(facts, facts.bindings[index]?.line ?? 0))));
      continue;
    }
    found.push(...(await b.typesOf(fn.file, fnFacts, type, walk.deeper(), fn.def)));
  }
  return unique(found);
}

/**
 * The types of the parameter at `parameter` of the function type a type names (`type ErrorMap = (issue: Issue, ctx:
 * Ctx) => Result`: `Ctx` at 1), read where the alias is written.
 */
async function signatureParameterTypes(b: Binder, file: string, facts: FileFacts, type: string, parameter: number, walk: Walk): Promise<Target[]> {
  const found: Target[] = [];
  for (const alias of await b.typesOf(file, facts, type, walk.deeper())) {
    if (!('def' in alias)) continue;
    const aliasFacts = await b.context.facts(alias.file);
    const value = aliasFacts?.definitions[alias.def]?.value;
    const written = value === undefined ? undefined : callbackParameterType(value, parameter);
    if (aliasFacts && written !== undefined) found.push(...(await b.typesOf(alias.file, aliasFacts, written, walk.deeper(), alias.def)));
  }
  return unique(found);
}

/** How many callees a callback's parameter is typed from (overloads of one function are a few). */
const MAX_CALLEES = 8;

/** The signatures a call of these callees may run (a function's, each overload; a class's constructors), with the callee. */
export async function signaturesOf(
  b: Binder,
  callees: Target[],
  walk: Walk,
): Promise<Array<{ fn: DefinitionTarget; facts: FileFacts; signature: Definition; callee: DefinitionTarget }>> {
  const found: Array<{ fn: DefinitionTarget; facts: FileFacts; signature: Definition; callee: DefinitionTarget }> = [];
  for (const callee of callees.slice(0, MAX_CALLEES)) {
    if (!('def' in callee) || walk.exhausted) continue;
    const calleeFacts = await b.context.facts(callee.file);
    const def = calleeFacts?.definitions[callee.def];
    if (!calleeFacts || !def) continue;
    const functions = kindInfo(def.kind).category === 'class' ? await b.membersOf(callee, 'constructor', walk.deeper()) : [callee];
    for (const fn of functions) {
      if (!('def' in fn)) continue;
      const fnFacts = await b.context.facts(fn.file);
      const signature = fnFacts?.definitions[fn.def];
      if (fnFacts && signature && kindInfo(signature.kind).callable) found.push({ fn, facts: fnFacts, signature, callee });
    }
  }
  return found;
}

/**
 * The types of the elements of what a chain leads to: the element type written in the declared type of its last link
 * (a field's `Query[]`, a method's return type `Array<Query>`, a parameter's `ReadonlySet<Observer>`).
 */
async function elementsOf(b: Binder, owners: Target[], headCalled: boolean, path: readonly string[], walk: Walk): Promise<Target[]> {
  const found: Target[] = [];
  for (const written of await writtenTypesOf(b, owners, headCalled, path, walk)) {
    const type = elementTypeOf(written.type);
    if (type) found.push(...(await b.typesOf(written.file, written.facts, type, walk.deeper(), written.within)));
  }
  return unique(found);
}

/** A type as written, with the file and the definition it is read within. */
interface WrittenType {
  type: string;
  file: string;
  facts: FileFacts;
  within: number | undefined;
}

/**
 * The types the last link of a chain is declared with, as written: a field's or constant's type, a function's return
 * type when it is called, a parameter's type from the parameters of the function declaring it, and for a variable
 * typed by what initialises it (`const xs = this.#items`), that chain's.
 */
async function writtenTypesOf(b: Binder, owners: Target[], headCalled: boolean, path: readonly string[], walk: Walk): Promise<WrittenType[]> {
  if (walk.exhausted) return [];
  let links = owners;
  let called = headCalled;
  const last = path.at(-1);
  if (last !== undefined) {
    const before = await walkChain(b, owners, headCalled, path.slice(0, -1), walk.deeper());
    called = last.endsWith('()');
    links = [];
    for (const owner of before.owners) links.push(...(await b.membersOf(owner, called ? last.slice(0, -2) : last, walk.deeper())));
  }
  const found: WrittenType[] = [];
  for (const link of unique(links)) {
    if ('module' in link) continue;
    const facts = await b.context.facts(link.file);
    if (!facts) continue;
    if ('def' in link) {
      const def = facts.definitions[link.def];
      const type = called ? def?.returnType : def?.type;
      if (type !== undefined) found.push({ type, file: link.file, facts, within: link.def });
      continue;
    }
    const binding = facts.bindings[link.binding];
    const within = binding ? innermostAt(facts, binding.line) : undefined;
    const parameter = within === undefined ? undefined : facts.definitions[within]?.parameters?.find((p) => p.name === binding?.name)?.type;
    if (parameter !== undefined) {
      if (!called) found.push({ type: parameter, file: link.file, facts, within });
      continue;
    }
    const start = called ? undefined : await chainOfBinding(b, link.file, facts, link.binding, walk.deeper());
    if (start && !start.element && !start.argument) found.push(...(await writtenTypesOf(b, start.owners, start.headCalled, start.path, walk.deeper())));
  }
  return found;
}

/**
 * A chain whose head no scope binds read as a module path (Rust's `crate::a::f().x`): its names up to the first call
 * are one source (`crate::a::f`), what follows (`x`) a chain from what that source names.
 */
export async function modulePathOf(
  b: Binder,
  file: string,
  segments: readonly string[],
  walk: Walk,
): Promise<{ lookup: Lookup; headCalled: boolean; path: string[] }> {
  const call = segments.findIndex((segment) => segment.endsWith('()'));
  const end = call < 0 ? segments.length : call + 1;
  const written = segments.slice(0, end).join('::').replace(/\(\)$/, '');
  const lookup = await b.followImport(file, written, '*', walk.deeper());
  return { lookup, headCalled: call >= 0, path: segments.slice(end) };
}

/**
 * Follows a chain from what its head leads to: `()` after a name is what the call returns, each segment a member
 * (`m.Descriptor().Fields()`: the members `Fields` of what `Descriptor` of `m` returns, then what that returns).
 */
export async function followChain(b: Binder, owners: Target[], headCalled: boolean, segments: readonly string[], walk: Walk): Promise<Target[]> {
  const end = await walkChain(b, owners, headCalled, segments, walk);
  return end.owners;
}

/** {@link followChain}, and where it stopped: the owners a member (`missing`) or a call of the chain was not found on. */
export async function walkChain(b: Binder, owners: Target[], headCalled: boolean, segments: readonly string[], walk: Walk): Promise<ChainEnd> {
  let current = headCalled ? await returnTypesOf(b, owners, walk.deeper()) : unique(owners);
  if (current.length === 0) return { owners: [], stuck: headCalled ? unique(owners) : [] };
  for (const segment of segments) {
    if (walk.exhausted) return { owners: [], stuck: [] };
    const called = segment.endsWith('()');
    const name = called ? segment.slice(0, -2) : segment;
    const next: Target[] = [];
    for (const owner of current) {
      for (const member of await b.membersOf(owner, name, walk.deeper())) {
        // (`this._def` of `_def: Def`: what the owner's bases give the type parameter)
        const typed = called ? undefined : await memberTypeOnOwner(b, owner, member, walk.deeper());
        next.push(...(typed && typed.length > 0 ? typed : [member]));
      }
    }
    if (next.length === 0) return { owners: [], stuck: current, missing: name };
    current = called ? await returnTypesOf(b, next, walk.deeper()) : unique(next);
    if (current.length === 0) return { owners: [], stuck: unique(next) };
  }
  return { owners: current, stuck: [] };
}

/**
 * What calling these leads to: the type a function is declared to return (`Self`: the type of its `impl`); a type
 * called is itself (a conversion).
 */
export async function returnTypesOf(b: Binder, callees: Target[], walk: Walk): Promise<Target[]> {
  const returned: Target[] = [];
  for (const callee of callees) {
    if (!('def' in callee)) continue;
    const facts = await b.context.facts(callee.file);
    const def = facts?.definitions[callee.def];
    if (!facts || !def) continue;
    const category = kindInfo(def.kind).category;
    if (category === 'class' || category === 'type') returned.push(callee);
    else if (def.returnType) returned.push(...(await b.typesOf(callee.file, facts, def.returnType, walk.deeper(), callee.def)));
  }
  return unique(returned);
}

/**
 * What `this` names inside a definition: the class-like definition enclosing it (an `impl`'s type), or what a
 * method's receiver names (Go's `(s *Server)`, JavaScript's `app.set = function`).
 */
export async function enclosingOwner(b: Binder, file: string, facts: FileFacts, enclosing: number | undefined, walk: Walk): Promise<Target[]> {
  for (let i = enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
    const def = facts.definitions[i];
    if (!def) return [];
    if (kindInfo(def.kind).category === 'class') return ownerOfClass(b, file, facts, i, walk);
    // A constructor function whose prototype holds members (`View.prototype.lookup = function`).
    const category = kindInfo(def.kind).category;
    if (category === 'function' && facts.definitions.some((candidate) => candidate.receiver === def.name)) return [{ file, def: i }];
    if (def.receiver) {
      const owners = await receiverOwners(b, file, facts, def.receiver, walk);
      if (owners.length > 0) return owners;
    }
  }
  return [];
}

/** The type a class-like definition is: itself, or, for an `impl` block, the type it extends. */
async function ownerOfClass(b: Binder, file: string, facts: FileFacts, i: number, walk: Walk): Promise<Target[]> {
  const def = facts.definitions[i] as Definition;
  if (def.kind !== 'impl') return [{ file, def: i }];
  const isType = (candidate: Definition) =>
    candidate.name === def.name && candidate.kind !== 'impl' && kindInfo(candidate.kind).category !== 'member';
  const owner = facts.definitions.findIndex(isType);
  if (owner >= 0) return [{ file, def: owner }];
  // A type declared in another file: where the block's name leads.
  const ref = referenceAtName(facts, def);
  const use = ref === undefined ? undefined : facts.references[ref];
  const types = use ? (await b.lookupOf(file, facts, use, walk.deeper())).targets.filter((t) => 'def' in t) : [];
  return types.length > 0 ? types : [{ file, def: i }];
}

/** What a method's receiver names: the file's binding of it, its class of that name, or the type it names as written. */
async function receiverOwners(b: Binder, file: string, facts: FileFacts, receiver: string, walk: Walk): Promise<Target[]> {
  const targets = await topLevelTargets(b, file, facts, receiver, walk);
  if (targets.length > 0) return targets;
  const owner = facts.definitions.findIndex((candidate) => candidate.name === receiver && kindInfo(candidate.kind).category === 'class');
  if (owner >= 0) return [{ file, def: owner }];
  // A receiver the file does not define (C++'s `Shape::area` defined apart from the header's class): the type
  // it names, as the file sees it.
  return b.typesOf(file, facts, receiver, walk.deeper());
}

/**
 * Whether a variable, parameter or field is declared with a type from outside the index: imported from outside it,
 * or one its language gives every file (Rust's prelude `Vec<f64>`, a primitive `f64`) for which the tree declares
 * no `member` of its own (Kotlin's extension `fun String.masked()`, Rust's `impl Trait for f64`).
 */
export async function hasExternalType(b: Binder, owner: Target, walk: Walk, member?: string): Promise<boolean> {
  if ('module' in owner || walk.exhausted) return false;
  const facts = await b.context.facts(owner.file);
  if (!facts) return false;
  const declared = declaredTypeOf(facts, owner, b.context.modules.vocabulary(facts.language).typeQualifiers);
  if (!declared) return false;
  const { type, typeBinding } = declared;
  if (typeBinding !== undefined) return (await b.lookupOfBinding(owner.file, facts, typeBinding, walk.deeper())).how === 'external';
  // (a type written as a call, `Foo::new()`, is what the call returns, not the type `Foo`)
  if (type === undefined || type.includes('(')) return false;
  const head = type.split(/\.|::|</)[0] ?? '';
  if (!b.context.modules.builtin(owner.file, head)) return false;
  return member === undefined || !(await treeDeclaresMember(b, head, member));
}

/** The type a binding or a value's definition is declared with, and the binding of its first name; undefined for a type. */
function declaredTypeOf(
  facts: FileFacts,
  owner: Exclude<Target, { module: true }>,
  qualifiers: readonly string[],
): { type: string | undefined; typeBinding: number | undefined } | undefined {
  if ('binding' in owner) {
    const binding = facts.bindings[owner.binding];
    return { type: binding?.type, typeBinding: binding?.typeBinding };
  }
  const def = facts.definitions[owner.def];
  if (isNotValue(def)) return undefined;
  const index = fileIndex(facts);
  const binding = facts.bindings[index.bindingsOf.get(owner.def)?.[0] ?? -1];
  const type = binding?.type ?? (def?.type === undefined ? undefined : withoutReference(def.type, qualifiers));
  const typeBinding = binding?.typeBinding ?? (type === undefined ? undefined : index.top.get(type.split(/[.:<\s]/)[0] ?? '')?.[0]);
  return { type, typeBinding };
}

/**
 * Whether a file of the tree may declare a member `name` for the type `type`: a method with that receiver, one of an
 * `impl type` block, or a top-level function of that name (Kotlin's extension `fun String.masked()` is one; the
 * facts do not keep its receiver type).
 */
async function treeDeclaresMember(b: Binder, type: string, name: string): Promise<boolean> {
  for (const file of (await b.context.filesDefining?.(name)) ?? []) {
    const facts = await b.context.facts(file);
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
export async function hasTreeTypeArguments(b: Binder, owner: Target): Promise<boolean> {
  if (!('def' in owner)) return false;
  const facts = await b.context.facts(owner.file);
  const type = facts?.definitions[owner.def]?.type ?? '';
  const open = type.indexOf('<');
  if (open < 0) return false;
  const names = type.slice(open).match(/[\p{L}_][\p{L}\p{N}_]*/gu) ?? [];
  return names.some((name) => !b.context.modules.builtin(owner.file, name));
}
