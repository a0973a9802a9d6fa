/**
 * Types as written (a parameter's `java.util.List<String>`, a field's `*Server`, a typedef's `struct node`), read to
 * the names they are matched by. The words a language writes before a type's name without naming it (C's `const`,
 * `struct`; Rust's `mut`) are the language's own: they come from its binding vocabulary (`typeQualifiers`), never from
 * here.
 *
 * @module
 */

import { splitOutsideBrackets, unionOf } from '../model/written-types.js';

export { unionOf };

/** An identifier, as the languages binding reads write one. */
const NAME = String.raw`[\p{L}_$][\p{L}\p{N}_$]*`;

/** How a type parameter is written by convention (`T`, `E`, `T2`), where nothing declares it in sight. */
export const TYPE_PARAMETER = /^[A-Z]\d?$/;

const qualifierPatterns = new Map<string, string>();

/** The alternation of a language's qualifier words, for a regular expression (`''` when it has none). */
function qualifierPattern(qualifiers: readonly string[]): string {
  const key = qualifiers.join('\u0000');
  let pattern = qualifierPatterns.get(key);
  if (pattern === undefined) {
    pattern = qualifiers.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    qualifierPatterns.set(key, pattern);
  }
  return pattern;
}

/** The text without the qualifier words it starts with (`const struct node *` is `node *` in C). */
export function withoutQualifiers(text: string, qualifiers: readonly string[]): string {
  const words = qualifierPattern(qualifiers);
  return words === '' ? text : text.replace(new RegExp(`^(?:(?:${words})\\s+)+`), '');
}

/**
 * A type as written to the name it is matched by: `java.util.List<String>` is `List`, `A[]` stays `A[]` (an array is
 * no `A`). (Extraction gives a parameter's type without its modifiers, and a rest parameter's as its elements'.)
 */
export function typeHead(type: string): string {
  const text = type.replace(/<.*>/s, '').replace(/\s+/g, '');
  const array = /(?:\[\])+$/.exec(text)?.[0] ?? '';
  const name = text.slice(0, text.length - array.length);
  return (name.split(/\.|::/).at(-1) ?? name) + array;
}

/**
 * The name path a written type starts with (`Db` of `Db<T>`, `ns.Db`, `Db | null`), or undefined. A pointer or
 * reference to a type, or a list of results, is that type (`*Server`, `&Db`, `&mut Db`, `(*Foo, error)`), and so is a
 * Go slice or array of it (`[]*Field`: its elements stand for it, a slice has no members); a list of named results is
 * its first one's type (`(out *Node, err error)`); the language's qualifier words before a name are not it (C's
 * `const struct node *` names `node`).
 */
export function typePath(type: string | undefined, qualifiers: readonly string[]): string | undefined {
  const text = withoutQualifiers((type ?? '').trim(), qualifiers);
  const named = text.startsWith('(') ? /^\(\s*[\p{L}_][\p{L}\p{N}_]*\s+(?=[*&\p{L}_])/u.exec(text)?.[0] : undefined;
  const words = qualifierPattern(qualifiers);
  const sigils = new RegExp(`^(?:[\\s*&(]|\\[\\d*\\])+${words === '' ? '' : `(?:(?:${words})\\s+)?`}`);
  return new RegExp(`^${NAME}(?:(?:\\.|::)${NAME})*`, 'u').exec(text.slice(named?.length ?? 0).replace(sigils, ''))?.[0];
}

/** A declared type without the reference it may be written as (Rust's `&mut Db` is `Db`). */
export function withoutReference(type: string, qualifiers: readonly string[]): string {
  const words = qualifierPattern(qualifiers);
  return type.replace(new RegExp(`^&\\s*${words === '' ? '' : `((?:${words})\\s+)?`}`), '');
}

/**
 * Whether a part of a type alias's value names one type: `Foo`, `ns.Foo<T>`, and, after the language's qualifier
 * words, `struct node`, or a pointer typedef whose value is its whole declaration (`typedef struct node *node_p;`).
 */
export function namesOneType(part: string, qualifiers: readonly string[]): boolean {
  const path = `${NAME}(?:(?:\\.|::)${NAME})*`;
  return new RegExp(`^${path}(?:<[^|&]*>)?(?:\\s*\\*+\\s*${NAME}\\s*;)?$`, 'u').test(withoutQualifiers(part, qualifiers));
}

/** Generic types whose one type argument is the type of their elements. */
const COLLECTIONS = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'WeakSet', 'Iterable', 'IterableIterator', 'AsyncIterable', 'AsyncIterableIterator', 'Iterator']);
/** Generic types whose second type argument is the type of their values (`forEach`'s first parameter). */
const MAPS = new Set(['Map', 'ReadonlyMap', 'WeakMap']);

/**
 * The type of the elements of a collection type as written (`Query[]`, `readonly Query[]`, `Array<Query>`,
 * `ReadonlySet<Observer>`, the values of `Map<string, Query>`; the first of a union with `undefined` or `null`), or
 * undefined when it is not one.
 */
export function elementTypeOf(type: string): string | undefined {
  const parts = unionOf(type).filter((part) => part !== 'undefined' && part !== 'null');
  if (parts.length !== 1) return undefined;
  const text = (parts[0] as string).replace(/^readonly\s+/, '');
  if (text.endsWith('[]')) {
    const inner = text.slice(0, -2).trim();
    return inner === '' || inner.startsWith('(') ? undefined : inner;
  }
  const open = text.indexOf('<');
  if (open < 0 || !text.endsWith('>')) return undefined;
  const name = text.slice(0, open).trim().split('.').at(-1) ?? '';
  const args = splitOutsideBrackets(text.slice(open + 1, -1), ',');
  if (COLLECTIONS.has(name) && args.length === 1) return args[0];
  if (MAPS.has(name) && args.length === 2) return args[1];
  return undefined;
}

/** Where the bracket opened at `open` closes (`()`, `<>`, `[]`, `{}` nested; a function type's `=>` is no bracket), or -1. */
function closingOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(' || ch === '[' || ch === '{') depth++;
    else if ((ch === '>' && text[i - 1] !== '=') || ch === ')' || ch === ']' || ch === '}') {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

/**
 * The type of a function type's parameter at `index` as written (`T` at 0 of `(inst: T, def: D) => void`; a
 * `this` parameter is not counted; `((x: A) => void) | undefined` is the function type), or undefined when the
 * type is no function type, has no such parameter or leaves it untyped.
 */
export function callbackParameterType(type: string, index: number): string | undefined {
  // (a function type's return type may be a union: `(x: A) => (() => void) | void` is one function type)
  const whole = functionParameterType(type.trim(), index);
  if (whole !== null) return whole;
  const parts = unionOf(type).filter((part) => part !== 'undefined' && part !== 'null');
  if (parts.length !== 1) return undefined;
  return functionParameterType(parts[0] as string, index) ?? undefined;
}

/** {@link callbackParameterType} of one function type; null when the text is no function type. */
function functionParameterType(type: string, index: number): string | undefined | null {
  let text = type;
  for (let i = 0; i < 4 && text.startsWith('(') && closingOf(text, 0) === text.length - 1; i++) text = text.slice(1, -1).trim();
  // (a generic function type, `<T>(x: T) => void`)
  if (text.startsWith('<')) text = text.slice(closingOf(text, 0) + 1).trim();
  if (!text.startsWith('(')) return null;
  const end = closingOf(text, 0);
  if (end < 0 || !text.slice(end + 1).trimStart().startsWith('=>')) return null;
  const parameters = splitOutsideBrackets(text.slice(1, end), ',').filter((parameter) => !/^this\s*:/.test(parameter));
  const parameter = parameters[index];
  if (parameter === undefined || parameter.startsWith('...')) return undefined;
  const colon = splitOutsideBrackets(parameter, ':');
  return colon.length >= 2 ? colon.slice(1).join(':').trim() : undefined;
}

/** The type arguments written after a type's name (`ZodNumber`, `D` of `core.$constructor<ZodNumber, D>`), or none. */
export function typeArgumentsOf(type: string): string[] {
  const open = type.indexOf('<');
  if (open < 0) return [];
  const close = closingOf(type, open);
  return close < 0 ? [] : splitOutsideBrackets(type.slice(open + 1, close), ',');
}

/**
 * The type parameters a list declares, with their constraints and defaults (`T` extends `Trait`, and `D` = `T["def"]`
 * of `<T extends Trait, D = T["def"]>`).
 */
export function typeParametersOf(list: string | undefined): Array<{ name: string; constraint?: string; default?: string }> {
  if (list === undefined || !list.startsWith('<')) return [];
  return typeArgumentsOf(list).map((parameter) => {
    const name = new RegExp(`^(?:const\\s+|in\\s+|out\\s+)*(${NAME})`, 'u').exec(parameter)?.[1] ?? '';
    const parts = splitOutsideBrackets(parameter, '=');
    const declared = parts.length === 2 ? { name, default: parts[1] as string } : { name };
    const constraint = new RegExp(`^(?:const\\s+|in\\s+|out\\s+)*${NAME}\\s+extends\\s+(.+)$`, 'su').exec((parts[0] as string | undefined) ?? '')?.[1];
    return constraint === undefined || parts.length > 2 ? declared : { ...declared, constraint: constraint.trim() };
  });
}

/** A type with type parameters' names replaced by their arguments (`T["def"]` with `T` as `Check`: `Check["def"]`). */
export function substituted(type: string, args: ReadonlyMap<string, string>): string {
  let text = type;
  for (const [name, arg] of args) text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}_$])${name.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`, 'gu'), arg);
  return text;
}

/**
 * An indexed access type as written (`Options["retry"]`, `T["_zod"]["def"]`): the type indexed and the keys, in order;
 * undefined for any other type.
 */
export function indexedAccessOf(type: string): { base: string; keys: string[] } | undefined {
  const found = /^([^[\]]+?)\s*((?:\[\s*(?:"[^"\]]*"|'[^'\]]*')\s*\])+)$/.exec(type.trim());
  if (!found) return undefined;
  const keys = [...(found[2] as string).matchAll(/\[\s*["']([^"'\]]*)["']\s*\]/g)].map((key) => key[1] as string);
  return { base: (found[1] as string).trim(), keys };
}

/** A callback parameter's position under a call (`f(0:1)`: the first argument's second parameter). */
export interface CallbackPosition {
  argument: number;
  parameter: number;
  /** Where the suffix starts in the written type. */
  at: number;
}

/** The callback position a binding's type ends with (`f(0:1)`), if it does. */
export function argumentOf(type: string): CallbackPosition | undefined {
  const found = /\((\d+):(\d+)\)$/.exec(type);
  return found ? { argument: Number(found[1]), parameter: Number(found[2]), at: found.index } : undefined;
}

/** The argument a member's qualifier ends with when the member is a key of an object passed there (`f(1)`), and where. */
export function argumentKeyOf(qualifier: string): { argument: number; at: number } | undefined {
  const found = /\((\d+)\)$/.exec(qualifier);
  return found ? { argument: Number(found[1]), at: found.index } : undefined;
}

/** The parameter position a binding's type ends with when it is a parameter of a function type it names (`ErrorMap(:1)`). */
export function signatureParameterOf(type: string): { parameter: number; at: number } | undefined {
  const found = /\(:(\d+)\)$/.exec(type);
  return found ? { parameter: Number(found[1]), at: found.index } : undefined;
}

/** Whether a binding's type is a callback's parameter (`f(0:1)`, `ErrorMap(:1)`), which names no type by its text. */
export function isCallbackParameterType(type: string): boolean {
  return argumentOf(type) !== undefined || signatureParameterOf(type) !== undefined;
}
