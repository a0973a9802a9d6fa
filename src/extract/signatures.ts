/**
 * Writing definitions out as text while their tree is alive: signatures as each language writes them, parameters,
 * declared types (completed by C declarators), bases. Spans are read from the source text, never by climbing the
 * tree.
 *
 * @module
 */
import type { SignatureStyle } from '../languages/define.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { ParameterInfo, PropertyInfo } from '../types.js';
import type { RawDefinition, RawParameter } from './raw.js';
import { foldWhitespace, shorten } from './text.js';

/** The source text a definition's nodes are read from. */
export interface Source {
  text: string;
}

/** The source from the first node's start to the last node's end (siblings, or a node and its neighbours). */
export function sourceSpan(source: Source, nodes: ReadonlyArray<Node | undefined>): string {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const node of nodes) {
    if (!node) continue;
    if (node.startIndex < start) start = node.startIndex;
    if (node.endIndex > end) end = node.endIndex;
  }
  return start === Number.POSITIVE_INFINITY ? '' : source.text.slice(start, end);
}

/** A type written in several nodes (Dart's `Future` `<T>` `?`, C's `const` `char`), whitespace folded. */
export function spanText(source: Source, start: Node, parts: readonly Node[] = []): string {
  return foldWhitespace(sourceSpan(source, [start, ...parts]));
}

/** A clause node (`extends A<T>`) reads as its named children; any other node as its text. */
export function contentText(node: Node): string {
  const named = node.namedChildren;
  const firstChild = named[0];
  const lastChild = named.at(-1);
  if (!firstChild || !lastChild || node.firstChild?.isNamed) return foldWhitespace(node.text);
  return foldWhitespace(node.text.slice(firstChild.startIndex - node.startIndex, lastChild.endIndex - node.startIndex));
}

/** The bare type name of a receiver or impl target: `*Server` and `Server[T]` name `Server`. */
export function typeName(text: string): string {
  return /[\p{L}_][\p{L}\p{N}_]*/u.exec(text.replace(/^[\s*&(]+/, ''))?.[0] ?? text;
}

/** A parameter as the views list it. */
export function parameterInfo(source: Source, param: RawParameter): ParameterInfo {
  const name = foldWhitespace((param.name ?? param.node).text);
  const info: ParameterInfo = { name, optional: param.optional || param.rest || param.defaultValue !== undefined };
  if (param.type) info.type = spanText(source, param.type, param.typeParts);
  if (param.defaultValue) info.defaultValue = shorten(param.defaultValue.text);
  if (param.rest) info.isRest = true;
  return info;
}

function parameterText(param: ParameterInfo, style: SignatureStyle, raw: RawParameter): string {
  const modifiers = raw.modifiers.length > 0 ? `${raw.modifiers.join(' ')} ` : '';
  const marker = raw.optional && !param.defaultValue ? '?' : '';
  const type = param.type ? `${style.typeSeparator ?? ': '}${param.type}` : '';
  const value = param.defaultValue !== undefined ? ` = ${param.defaultValue}` : '';
  // A keyword prefix takes a space (Kotlin `vararg xs`), a symbol does not (`*args`, `...xs`).
  const prefix = raw.prefix?.text;
  const rest = prefix !== undefined ? (/\w$/.test(prefix) ? `${prefix} ` : prefix) : param.isRest ? '...' : '';
  return `${modifiers}${rest}${param.name}${marker}${type}${value}`;
}

/**
 * A parameter as written: the source from its first to its last captured part, which may lie outside the
 * parameter node (Kotlin's `= 4` default and `vararg` modifier; C#'s bare `params T[] xs`).
 */
function parameterSource(source: Source, param: RawParameter): string {
  return sourceSpan(source, [param.node, param.prefix, param.name, param.type, ...param.typeParts, param.defaultValue]);
}

/** The chain of nodes from `root` down to `target` (both included), found with one cursor. */
function pathTo(root: Node, target: Node): Node[] {
  const path: Node[] = [];
  const cursor = root.walk();
  try {
    for (;;) {
      path.push(cursor.currentNode);
      if (cursor.nodeId === target.id) return path;
      if (!cursor.gotoFirstChild()) return [];
      while (!(cursor.startIndex <= target.startIndex && target.endIndex <= cursor.endIndex)) {
        if (!cursor.gotoNextSibling()) return [];
      }
    }
  } finally {
    cursor.delete();
  }
}

/**
 * A type completed by C's declarator: `char` with `*name[4]` is `char *[4]`; a function's return type `T` with
 * `*f(int) const` is `T *` (the declarator minus the name and its parameter list).
 */
export function declaredType(source: Source, def: RawDefinition, base: Node | undefined, ofFunction: boolean): string | undefined {
  if (!base) return undefined;
  const declarator = def.declarator;
  const parts = ofFunction ? def.returnTypeParts : def.typeParts;
  if (!declarator || !def.nameNode) return spanText(source, base, parts);
  let cut: { startIndex: number; endIndex: number } = def.nameNode;
  const parameters = def.parameterLists[0];
  if (ofFunction && parameters) {
    // The smallest node holding both the name and the parameters (C's function_declarator): found on the path from
    // the declarator down to the parameters, which is a few nodes deep.
    const path = pathTo(declarator, parameters);
    const holder = [...path].reverse().find((node) => node.startIndex <= (def.nameNode as Node).startIndex);
    if (holder && holder.endIndex <= declarator.endIndex) cut = holder;
  }
  const baseText = sourceSpan(source, [base, ...parts]);
  if (cut.startIndex < declarator.startIndex || cut.endIndex > declarator.endIndex) return foldWhitespace(baseText);
  const text = declarator.text;
  const start = cut.startIndex - declarator.startIndex;
  const suffix = text.slice(0, start) + text.slice(start + (cut.endIndex - cut.startIndex));
  // `char name[4]` is `char[4]`; `char *name` is `char *`.
  const trimmed = suffix.trim();
  return foldWhitespace(trimmed.startsWith('[') ? `${baseText}${trimmed}` : `${baseText} ${trimmed}`);
}

/** One parameter list as written in a signature. */
function parameterListText(source: Source, params: readonly RawParameter[], style: SignatureStyle): string {
  const list = style.parameterList ?? { open: '(', separator: ', ', close: ')' };
  let text: string;
  if (style.parameters === 'composed') {
    text = params.map((param) => parameterText(parameterInfo(source, param), style, param)).join(list.separator);
  } else {
    // As written; parameters that share a node (Go's `a, b int`) are written once.
    const written: string[] = [];
    let previous: number | undefined;
    for (const param of params) {
      if (param.node.id !== previous) written.push(shorten(parameterSource(source, param)));
      previous = param.node.id;
    }
    text = written.join(list.separator);
  }
  // A space-opened list (OCaml) writes nothing at all for no parameters.
  return text === '' && list.open.trim() === '' ? '' : `${list.open}${text}${list.close}`;
}

/** The signature of a definition as its language writes it. */
export function signatureOf(source: Source, def: RawDefinition, style: SignatureStyle, listOf: (param: RawParameter) => Node | undefined): string {
  const typeParameters = def.typeParameters ? foldWhitespace(def.typeParameters.text) : '';
  let parameterList: string;
  if (def.parameterLists.length > 1) {
    // Several lists (Scala's `(a: Int)(implicit ec: EC)`): each with its own parameters.
    parameterList = def.parameterLists
      .map((list) => parameterListText(source, def.params.filter((param) => listOf(param)?.id === list.id), style))
      .join('');
  } else if (def.parameterLists.length === 0 && def.params.length === 0 && style.omitMissingParameterList) {
    parameterList = '';
  } else parameterList = parameterListText(source, def.params, style);
  const returnType = declaredType(source, def, def.returnType, true) ?? '';
  const name = def.qualifier ? `${foldWhitespace(def.qualifier.text)}.${def.name}` : def.name;
  if (style.typeIsWhole && returnType) return `${name}${style.returnSeparator ?? ' :: '}${returnType}`;
  if (style.returnTypeFirst) {
    const prefix = [style.typeParametersFirst ? typeParameters : '', returnType].filter(Boolean).join(' ');
    const generic = style.typeParametersFirst ? '' : typeParameters;
    // C writes the pointer with the name: `char *name(void)`.
    const space = prefix === '' || /[*&]$/.test(prefix) ? '' : ' ';
    return `${prefix}${space}${name}${generic}${parameterList}`;
  }
  const returns = returnType ? `${style.returnSeparator ?? ': '}${returnType}` : '';
  return `${name}${typeParameters}${parameterList}${returns}`;
}

/** A constructor's parameters declared with modifiers (`constructor(private db: Db)`), as properties. */
export function parameterProperties(ctor: RawDefinition, position: (offset: number) => { line: number; column: number }): PropertyInfo[] {
  return ctor.params
    .filter((param) => param.modifiers.length > 0)
    .map((param) => {
      const nameNode = param.name ?? param.node;
      const info: PropertyInfo = {
        name: foldWhitespace(nameNode.text),
        optional: param.optional,
        modifiers: [...param.modifiers],
        isParameterProperty: true,
        ...position(nameNode.startIndex),
      };
      if (param.type) info.type = foldWhitespace(param.type.text);
      return info;
    });
}
