/**
 * Which overload a call takes: among the callables one name leads to, those whose parameters admit the call's number
 * of arguments, then, where several remain, the one whose parameter types take the arguments best (literals of a
 * kind, values of a declared type and its supertypes), as the caller's language says which types take which
 * arguments (`ArgumentTypes` of its module system). No type inference: only what is written.
 *
 * @module
 */
import type { ArgumentTypes } from '../languages/module-system.js';
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Binder } from './binder.js';
import { inheritedOverloads } from './members.js';
import { type Lookup, type Target, targetKey } from './targets.js';
import { TYPE_PARAMETER, typeHead } from './type-text.js';
import { Walk } from './walk.js';

/** Most supertypes of an argument's type looked at (a deeper hierarchy counts as not known). */
const MAX_SUPERTYPES = 64;

/** What an argument's value is declared as: its type's name (`List`, `int`) and the names of that type's supertypes. */
export interface ArgumentType {
  name: string;
  supertypes: ReadonlySet<string>;
  /** Every supertype is known (none is declared outside the tree): a type not among them is not one. */
  complete: boolean;
}

/** What a call's arguments are, for picking among overloads of one arity. */
export interface GivenArguments {
  /** Which parameter types take which arguments in the caller's language. */
  types: ArgumentTypes;
  /** The arguments that are literals, by kind (`''` for another argument). */
  literals: readonly string[];
  /** What the arguments that are values are declared as, worked out when asked. */
  values: () => Promise<ReadonlyArray<ArgumentType | undefined>>;
}

/** A type some kind of argument is exactly (`String`, `int`, `Class`): no lambda is one. */
function namedExactly(table: ArgumentTypes, type: string): boolean {
  return Object.values(table.kinds).some((kind) => kind.exact.includes(type));
}

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
export function argumentFit(
  def: Definition,
  literals: readonly string[],
  values: ReadonlyArray<ArgumentType | undefined>,
  table: ArgumentTypes,
): number {
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

/** A candidate overload: where it is and its definition. */
interface Candidate {
  target: Target;
  def: Definition;
}

/** Whether a callable's parameters admit `arity` arguments (a spread argument only a rest parameter). */
function admitsArity(def: Definition, arity: number, spread: boolean): boolean {
  const parameters = def.parameters ?? [];
  const required = parameters.filter((p) => !p.optional).length;
  if (spread) return parameters.some((p) => p.isRest) && arity - 1 <= parameters.length;
  return arity >= required && (parameters.some((p) => p.isRest) || arity <= parameters.length);
}

/**
 * Whether a callable's parameters admit `arity` arguments without its rest parameter: a call that fits fixed
 * parameters takes such an overload before a variadic one, as Java, Kotlin and C# choose (`error(pos, key)` is
 * `error(DiagnosticPosition, Error)`, not `error(String, Object...)`).
 */
function fitsFixed(def: Definition, arity: number, spread: boolean): boolean {
  const parameters = (def.parameters ?? []).filter((p) => !p.isRest);
  return !spread && arity >= parameters.filter((p) => !p.optional).length && arity <= parameters.length;
}

/** The targets as overload candidates, or undefined when one is not a callable definition. */
async function candidatesOf(b: Binder, targets: Target[]): Promise<Candidate[] | undefined> {
  const candidates: Candidate[] = [];
  for (const target of targets) {
    if (!('def' in target)) return undefined;
    const def = (await b.context.facts(target.file))?.definitions[target.def];
    if (!def || !kindInfo(def.kind).callable) return undefined;
    candidates.push({ target, def });
  }
  return candidates;
}

/**
 * Among the overloads of one callable, the first whose parameters admit `arity` arguments (a declaration without
 * a body before the implementation, as TypeScript resolves a call), one that takes them without its rest parameter
 * first; all of them when none or no overloads do. A spread argument (`f(...xs)`, `spread`) is taken only by a rest
 * parameter. What the arguments are (`given`: literals of a kind, values of a declared type, and which parameter types
 * take them in the caller's language) picks among those; `further` gives the candidates from further away (a base
 * class's overloads), looked at when none of these takes the arguments.
 */
export async function overloadFor(
  b: Binder,
  targets: Target[],
  arity: number,
  spread = false,
  given?: GivenArguments,
  further?: () => Promise<Target[]>,
): Promise<Target[]> {
  const candidates = await candidatesOf(b, targets);
  if (!candidates) return targets;
  const admits = ({ def }: Candidate) => admitsArity(def, arity, spread);
  const fixed = ({ def }: Candidate) => fitsFixed(def, arity, spread);
  const overloads = candidates.filter((candidate) => candidate.def.declarationOnly);
  const pool = overloads.length > 0 ? overloads : candidates;
  // (Java's abstract methods are declarations without bodies too: when none of them admits, the others may)
  // What the arguments are (`print("</")`, `check(ok, 3)`, `at(tree.pos())`): an overload whose parameters take them,
  // the most exact first (`String` before `Object`), as Java picks the most specific; one that cannot take them is
  // passed over. Worked out only where overloads of the call's arity remain.
  const admitting = [...pool.filter(fixed), ...pool.filter(admits), ...candidates.filter(fixed), ...candidates.filter(admits)];
  let fits = admitting.length > 0;
  // The candidates from further away, looked up once and only when asked for: without any, one candidate that admits
  // the arity is the answer, and its arguments need no typing.
  let more: Target[] | undefined;
  const furtherAway = async (): Promise<Target[]> => {
    if (more === undefined) {
      const found = further ? await further() : [];
      more = found.filter((target) => !targets.some((own) => targetKey(own) === targetKey(target)));
    }
    return more;
  };
  const several = new Set(admitting.map(({ target }) => targetKey(target))).size > 1;
  if (given && (several || (fits && (await furtherAway()).length > 0))) {
    const best = await bestFit(admitting, given);
    if (best) return [best.target];
    if (best === null) fits = false;
  }
  // None takes the arguments: the candidates from further away beside these.
  if (!fits && further) {
    const extra = await furtherAway();
    if (extra.length > 0) return overloadFor(b, [...targets, ...extra], arity, spread, given);
  }
  const first = pool.find(fixed) ?? pool.find(admits) ?? candidates.find(fixed) ?? candidates.find(admits);
  return first ? [first.target] : targets;
}

/**
 * The candidate whose parameters take the given arguments best (the earliest of equals); null when none takes them;
 * undefined when nothing is known of the arguments.
 */
async function bestFit(admitting: Candidate[], given: GivenArguments): Promise<Candidate | null | undefined> {
  const values = await given.values();
  if (!given.literals.some((kind) => kind !== '') && !values.some((value) => value !== undefined)) return undefined;
  const fitting = admitting
    .map((candidate, order) => ({ candidate, order, score: argumentFit(candidate.def, given.literals, values, given.types) }))
    .filter((entry) => entry.score >= 0)
    .sort((x, y) => y.score - x.score || x.order - y.order);
  return fitting[0]?.candidate ?? null;
}

/**
 * A call's lookup narrowed to the overload it takes, where it leads to several (or, in a language whose bases'
 * methods are overloads beside a class's own, to one): by its arity, then by what its arguments are.
 */
export async function overloadOfCall(b: Binder, file: string, facts: FileFacts, ref: Reference, lookup: Lookup): Promise<Lookup> {
  const types = b.context.modules.argumentTypes(file);
  if (ref.arity === undefined || !(lookup.targets.length > 1 || (types?.inheritedOverloads === true && lookup.how === 'bound'))) return lookup;
  let values: Promise<ReadonlyArray<ArgumentType | undefined>> | undefined;
  const argumentOf = (index: number) => (index < 0 ? undefined : argumentTypeOf(b, file, facts, index, Walk.start()));
  const argumentsOf = () => (values ??= Promise.all((ref.arguments ?? []).map(argumentOf)));
  const given = types && { types, literals: ref.literals ?? [], values: argumentsOf };
  // (Java's methods of a base class are overloads beside its subclass's: when no method of the class takes the
  // arguments, its bases' of that name are looked at, as javac does; C++'s subclass hides them)
  const inherited = types?.inheritedOverloads ? () => inheritedOverloads(b, lookup.targets, ref.name) : undefined;
  const targets = await overloadFor(b, lookup.targets, ref.arity, ref.spread === true, given, inherited);
  return { ...lookup, targets };
}

/**
 * What the value of a call's argument (the reference `index` of a file: a name, a member, a call, a type created)
 * is declared as: the type of the variable, field or parameter it binds, what the method it calls returns, the
 * class it creates; with the names of that type's supertypes. Undefined when it is not known (or is a type
 * parameter).
 */
export async function argumentTypeOf(b: Binder, file: string, facts: FileFacts, index: number, walk: Walk): Promise<ArgumentType | undefined> {
  const ref = facts.references[index];
  if (!ref || walk.exhausted) return undefined;
  const target = (await b.lookupOf(file, facts, ref, walk.deeper())).targets[0];
  if (!target || 'module' in target) return undefined;
  const declared = await declaredTypeOfTarget(b, target, walk);
  if (!declared) return undefined;
  const name = declared.written === undefined ? '' : typeHead(declared.written);
  if (name === '' || TYPE_PARAMETER.test(name)) return undefined;
  const library = b.context.modules.argumentTypes(file)?.library ?? {};
  return supertypesOf(b, name, declared.types, library, walk);
}

/** The type a value target is written with, and the types that names (a type target is its own). */
async function declaredTypeOfTarget(
  b: Binder,
  target: Exclude<Target, { module: true }>,
  walk: Walk,
): Promise<{ written?: string; types: Target[] } | undefined> {
  const facts = await b.context.facts(target.file);
  if (!facts) return undefined;
  if ('binding' in target) {
    const written = facts.bindings[target.binding]?.type;
    return { written, types: written ? await b.typesOfBinding(target.file, facts, target.binding, walk.deeper()) : [] };
  }
  const def = facts.definitions[target.def];
  if (!def) return undefined;
  const { category, callable } = kindInfo(def.kind);
  if (category === 'class' || category === 'type') return { written: def.name, types: [target] };
  const written = callable ? def.returnType : def.type;
  return { written, types: written ? await b.typesOf(target.file, facts, written, walk.deeper(), target.def) : [] };
}

/**
 * An argument's type with its supertypes, through the declared bases (a base declared outside the tree counts by its
 * name, and those of a type of the standard library are known; another leaves the rest unknown).
 */
async function supertypesOf(b: Binder, name: string, types: Target[], library: ArgumentTypes['library'], walk: Walk): Promise<ArgumentType> {
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
    const { type, written } = bases[i] as { type: Target; written: string };
    // (an import of a type from outside the tree: known by its name, as the standard library's)
    if (!('def' in type)) {
      if (!outside(written)) complete = false;
      continue;
    }
    if (seen.has(targetKey(type))) continue;
    seen.add(targetKey(type));
    const facts = await b.context.facts(type.file);
    const def = facts?.definitions[type.def];
    if (!facts || !def) continue;
    supertypes.add(def.name);
    for (const base of [...(def.extends ?? []), ...(def.implements ?? [])]) {
      const found = await b.typesOf(type.file, facts, base, walk.deeper(), type.def);
      if (found.length === 0 && !outside(typeHead(base))) complete = false;
      for (const next of found) bases.push({ type: next, written: typeHead(base) });
    }
  }
  return { name, supertypes, complete: complete && seen.size < MAX_SUPERTYPES };
}
