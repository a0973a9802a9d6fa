/**
 * Name paths as written: a qualifier (`a.b.c`, `Foo::Bar`, `x.Get(i).Name()`) or a declared type (`Foo<T>`) read as
 * a chain of names and calls, which binding and the resolver follow member by member.
 *
 * @module
 */
import { unwrapType } from '../model/written-types.js';
import type { Node } from '../runtime/tree-sitter.js';

/** Longest qualifier kept (`a.b.c`); longer expressions are not names. */
const MAX_QUALIFIER = 120;
/**
 * A qualifier that names something: `a`, `a.b.c`, `this`, `self`, `super`, `Foo::Bar`, `this.#cache` (an ES private
 * member after a dot); no calls, no indexing.
 */
const QUALIFIER_PATH = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)#?[\p{L}_$][\p{L}\p{N}_$]*)*$/u;
/** The longest qualifier text read as a chain, its arguments included. */
const MAX_CHAIN_TEXT = 2_000;
/** A chain of names and calls: `a.b`, `f()`, `m.Descriptor().Fields()`, `this.#cache.get()` (arguments left out). */
const CHAIN = /^[\p{L}_$][\p{L}\p{N}_$]*(?:\(\))?(?:(?:\.|::)#?[\p{L}_$][\p{L}\p{N}_$]*(?:\(\))?)*$/u;

/**
 * An expression as a chain of names and calls, its arguments left out (`x.Get(i).Name()` is `x.Get().Name()`), or
 * undefined when it is something else (indexing, operators, literals, a line break between two words).
 */
export function chainOf(text: string): string | undefined {
  // Bounded: a qualifier's text holds its arguments (a callback's whole body); nested ones would make this quadratic.
  if (text.length > MAX_CHAIN_TEXT) return undefined;
  let out = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length && out.length <= MAX_QUALIFIER; i++) {
    const ch = text[i] as string;
    if (depth > 0) {
      // Inside an argument list: only its parentheses and strings matter.
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) out += ')';
      continue;
    }
    if (ch === '(') {
      depth = 1;
      out += '(';
    } else out += /\s/.test(ch) ? ' ' : ch;
  }
  if (depth !== 0) return undefined;
  // A null-conditional or non-null member access or call is one still (`a?.b`, `a!.b`, `f?.()`, Kotlin's `a!!.b`).
  const chain = out
    .replace(/\s*(\.|::)\s*/g, '$1')
    .replace(/\?\.\(/g, '(')
    .replace(/[?!]+(?=[.(])/g, '')
    .replace(/[?!]+$/, '')
    .trim();
  return chain.length <= MAX_QUALIFIER && CHAIN.test(chain) ? chain : undefined;
}

/** A name as written without its type arguments: `Foo<T>` is `Foo`, `Vec::<u8>::new` is `Vec::new`. */
function withoutTypeArguments(written: string): string {
  let text = written;
  for (let previous = ''; previous !== text && text.includes('<'); ) {
    previous = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  return text.replace(/<[\s\S]*$/, '').replace(/::(?=::)/g, '');
}

/**
 * A declared type as a name path: `Foo<T>` is `Foo`, `ns.Foo` stays a path; or, for a function called (`NewFoo()`,
 * `m.Fields().Get()`, `Foo::new()`, `Vec::<u8>::new()`), the chain it is, to be read as what it returns.
 */
export function typeNameOf(node: Node, called: boolean, wrappers: readonly string[] = []): string | undefined {
  if (called) {
    const chain = chainOf(node.text) ?? chainOf(withoutTypeArguments(node.text));
    return chain === undefined ? undefined : `${chain}()`;
  }
  const text = withoutTypeArguments(unwrapType(node.text, wrappers).replace(/\s+/g, ''));
  if (QUALIFIER_PATH.test(text)) return text;
  // An indexed access type (`Holder['request']['observer']`): kept as written, with its keys.
  const indexed = INDEXED_ACCESS.exec(node.text.replace(/\s+/g, ''));
  return indexed && QUALIFIER_PATH.test(withoutTypeArguments(indexed[1] as string)) ? `${withoutTypeArguments(indexed[1] as string)}${indexed[2]}` : undefined;
}

/** A name path indexed by string keys (`A['b']["c"]`), the path and the keys apart. */
const INDEXED_ACCESS = /^([^[\]]+)((?:\[(?:"[^"\]]*"|'[^'\]]*')\])+)$/;
