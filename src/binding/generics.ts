/**
 * Type parameters, read where the code fixes them: a member declared with its class's type parameter (`_def: Def` of
 * `class ZodType<Output, Def extends ZodTypeDef>`) is, on a subclass, the type argument its `extends` clause gives
 * (`class ZodString extends ZodType<string, ZodStringDef>`: `ZodStringDef`), else the parameter's constraint
 * (`ZodTypeDef`); a callback's parameter typed by its callee's type parameter is what the declared type the call's
 * result is given to says.
 *
 * @module
 */
import type { FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Binder } from './binder.js';
import { innermostAt } from './file-index.js';
import type { DefinitionTarget, Target } from './targets.js';
import { typeArgumentsOf, typeHead, typeParametersOf, unionOf } from './type-text.js';
import type { Walk } from './walk.js';

/** How many `extends` links are followed to the class declaring a type parameter. */
const MAX_DEPTH = 6;

/**
 * What a member found on `owner` is when its declared type is a type parameter of the type declaring it (`Def`, or
 * `Def | undefined`): the types the argument `owner`'s `extends` clauses give it name, else those its constraint
 * names; undefined when the member is not declared so.
 */
export async function memberTypeOnOwner(b: Binder, owner: Target, member: Target, walk: Walk): Promise<Target[] | undefined> {
  if (!('def' in member) || walk.exhausted) return undefined;
  const def = (await b.context.facts(member.file))?.definitions[member.def];
  if (def?.type === undefined || kindInfo(def.kind).callable) return undefined;
  return typeOnOwner(b, owner, member, def.type, walk);
}

/**
 * What a type written in a member of a generic type is on `owner` (a subclass that fixes the parameters): a type
 * parameter of the type declaring the member (`constructor(def: Def)` of `ZodType<Output, Def>`, called as `new
 * ZodNull(...)`) is the argument `owner`'s bases give it, else its constraint; undefined for any other type.
 */
export async function typeOnOwner(b: Binder, owner: Target | undefined, member: DefinitionTarget, type: string, walk: Walk): Promise<Target[] | undefined> {
  const facts = await b.context.facts(member.file);
  const parent = facts?.definitions[member.def]?.parent;
  if (!facts || parent === undefined || walk.exhausted) return undefined;
  const parameters = typeParametersOf(facts.definitions[parent]?.typeParameters);
  const parts = unionOf(type).filter((part) => part !== 'undefined' && part !== 'null');
  const at = parts.length === 1 ? parameters.findIndex((p) => p.name === parts[0]) : -1;
  if (at < 0) return undefined;
  const declaring: DefinitionTarget = { file: member.file, def: parent };
  if (owner && 'def' in owner && !(owner.file === declaring.file && owner.def === declaring.def)) {
    const argument = await argumentThrough(b, owner, declaring, at, walk.deeper(), 0);
    if (argument) return b.typesOf(argument.file, argument.facts, argument.text, walk.deeper(), argument.within);
  }
  const constraint = parameters[at]?.constraint;
  return constraint === undefined ? undefined : b.typesOf(member.file, facts, constraint, walk.deeper(), parent);
}

/** A type as written, where it is written. */
interface WrittenIn {
  text: string;
  file: string;
  facts: FileFacts;
  within: number;
}

/**
 * The type argument `owner`'s declared bases give `parent`'s type parameter at `at` (through bases that pass their
 * own parameters on: `class B<T> extends A<T>`), as written, and where.
 */
async function argumentThrough(b: Binder, owner: DefinitionTarget, parent: DefinitionTarget, at: number, walk: Walk, depth: number): Promise<WrittenIn | undefined> {
  if (depth > MAX_DEPTH || walk.exhausted) return undefined;
  const facts = await b.context.facts(owner.file);
  const def = facts?.definitions[owner.def];
  if (!facts || !def) return undefined;
  for (const written of [...(def.extends ?? []), ...(def.implements ?? [])]) {
    const args = typeArgumentsOf(written);
    const here = (text: string | undefined): WrittenIn | undefined => (text === undefined ? undefined : { text, file: owner.file, facts, within: owner.def });
    for (const base of await b.typesOf(owner.file, facts, written, walk.deeper(), owner.def)) {
      if (!('def' in base)) continue;
      if (base.file === parent.file && base.def === parent.def) return here(args[at]);
      const found = await argumentThrough(b, base, parent, at, walk.deeper(), depth + 1);
      if (!found) continue;
      const own = found.file === base.file && found.within === base.def ? typeParametersOf(found.facts.definitions[base.def]?.typeParameters) : [];
      const passed = own.findIndex((p) => p.name === found.text.trim());
      return passed >= 0 ? here(args[passed]) : found;
    }
  }
  return undefined;
}

/**
 * A callee's type parameter's argument, read from the declared type of the definition the call is written in when that
 * type is the callee's return type (`const A: core.$constructor<A, D> = ...` for `$constructor<T, D>`: `T` is `A`).
 */
export function inferredTypeArgument(facts: FileFacts, index: number, returned: string | undefined, parameter: string): string | undefined {
  const binding = facts.bindings[index];
  if (returned === undefined || !binding) return undefined;
  const at = typeArgumentsOf(returned).indexOf(parameter);
  if (at < 0) return undefined;
  for (let i = innermostAt(facts, binding.line), depth = 0; i !== undefined && depth < 16; i = facts.definitions[i]?.parent, depth++) {
    const declared = facts.definitions[i]?.type;
    // (inside a function's body, what it is declared as is not where the call's result goes)
    if (kindInfo(facts.definitions[i]?.kind ?? '').callable) return undefined;
    if (declared === undefined) continue;
    return typeHead(declared) === typeHead(returned) ? typeArgumentsOf(declared)[at] : undefined;
  }
  return undefined;
}
