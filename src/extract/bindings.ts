/**
 * Binding names inside one file, as GitHub's stack-graphs do file by file: the scopes of the file, the names bound in
 * each (parameters, variables, type parameters, functions, classes, imports), and every use of a name resolved to
 * the binding it sees. What crosses files (an import, a member of another module's class) is resolved at query time
 * from these facts.
 *
 * In phases that each take data and return new data: scopes, declarations, their homes (the scope each is bound in),
 * the bindings numbered (redeclarations dropped), uses, their resolution (`resolveUses`, in `visibility.ts`), the
 * bindings' declared types resolved, and the uses written out with their qualifiers.
 *
 * @module
 */
import type { BindingVocabulary } from '../languages/define.js';
import type { Binding } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { CallShape, NameSpan, RawCaptures, RawDefinition, RawLocals } from './raw.js';
import { type InlineSpan, inlineType } from '../model/written-types.js';
import { chainOf, typeNameOf } from './chains.js';
import type { LineIndex } from './lines.js';
import { innermost, parents, type Span } from './spans.js';
import { resolveUses, type Scope } from './visibility.js';

/** A definition as the binding phase sees it. */
export interface BindableDefinition {
  raw: RawDefinition;
  index: number;
  /** Its container's kind, when it has one. */
  containerKind?: string;
}

/** A name used, before it is written out as a reference. */
export interface Use {
  node: NameSpan;
  name: string;
  kind: string;
  call?: CallShape;
  qualifier?: Node;
  /** The qualifier is called: the member is one of what it returns. */
  called?: true;
  /** The qualifier is the call itself (`a.f(x)`), not its callee: read up to these arguments. */
  arguments?: Node;
  /** The name also declares a name (a destructured key): it stays a use beside the declaration. */
  declares?: true;
  /** The qualifier is a callee: the member is one of the type of its parameter at the argument holding the name. */
  parameter?: true;
  /** The qualifier is a type literal: the member is one it declares. */
  inline?: true;
  /** The keys of the object literal the name is a key of set to a literal or a name (`type=UPDATE`), its own too. */
  discriminants?: string[];
}

/** A name use and what it resolves to in the file. */
export interface BoundUse {
  node: NameSpan;
  name: string;
  kind: string;
  /** A call's arguments (see {@link CallShape}). */
  call?: CallShape;
  /** The binding it sees. */
  binding?: number;
  /** A member use: what it is a member of, as written (`Option`, `this`, `a.b`), when that is a name path; else `''`. */
  qualifier?: string;
  /** The binding of the qualifier's first name. */
  qualifierBinding?: number;
  /** See {@link Use.discriminants}. */
  discriminants?: string[];
}

/** The bindings of a file and its name uses, resolved in the file. */
export interface BoundNames {
  bindings: Binding[];
  /** Uses by the start offset of their name node. */
  uses: Map<number, BoundUse>;
}

/** A name declared, before it is numbered as a binding. */
export interface Declared {
  binding: Binding;
  /** Where its name starts: one declaration per name position. */
  nameStart: number;
  /** The node the binding's scope holds (a definition's own node is not its scope). */
  span: Span;
  /** Bound in the scope outside the innermost one holding it (`(#set! local.scope "parent")`). */
  outer: boolean;
  /** The node of its declared type, whose first name is a use. */
  typeNode?: Node;
  /**
   * Seen only after this offset (Go's `x := x`, Rust's `let x = x + 1;`), not in its whole scope; `afterRegion`: the
   * `@local.after` region that said so, when a region did.
   */
  visibleFrom?: number;
  afterRegion?: Span;
  /** A name its scope already binds above is that binding again (Go's `b, err := g()`). */
  redeclares?: true;
  /** The locals query bound this name (not only a definition's or an import's name). */
  local?: true;
}

/** The bindings of a file, numbered: those kept, their declarations, and where each scope's bindings are. */
export interface Numbered {
  bindings: Binding[];
  /** The declaration of each binding (same index). */
  declared: Declared[];
  /** The bindings of each scope (by scope index). */
  members: number[][];
  /** Bindings by the start offset of their name. */
  bindingAt: Map<number, number>;
}

/** What binding reads of one tree. */
export interface BindingInput {
  root: Node;
  /** The raw captures: locals, imports, tags references. */
  raw: RawCaptures;
  definitions: readonly BindableDefinition[];
  /** The language's words for members (`binding` in its definition): its member operators are read as `.`. */
  vocabulary: BindingVocabulary | undefined;
  lines: LineIndex;
  deadline: Deadline;
}

/**
 * Binds the names of one tree. In: the raw captures, the file's definitions and the language's binding vocabulary.
 * Out: the file's bindings, and every name use with the binding it sees. Tagged references (calls, types, ...) are
 * uses too, and keep their kind.
 */
export function bindNames({ root, raw, definitions, vocabulary, lines, deadline }: BindingInput): BoundNames {
  const scopes = scopesOf(root, raw.locals.scopes);
  const { declared, homes } = homesOf(scopes, declareNames(raw, definitions, lines, vocabulary?.typeWrappers ?? []));
  const numbered = numberBindings(declared, homes, scopes.length);
  const uses = collectUses(raw, definitions, numbered.bindingAt);
  const resolved = resolveUses(scopes, numbered, uses, deadline);
  return {
    bindings: withTypeBindings(numbered, uses, resolved),
    uses: boundUses(uses, resolved, vocabulary?.memberOperators ?? [], lines),
  };
}

/** The scopes: the file (index 0), and every `@local.scope` node, each with the index of the scope around it. */
function scopesOf(root: Node, nodes: readonly Node[]): Scope[] {
  const scopes: Scope[] = [{ start: root.startIndex, end: root.endIndex, id: root.id, index: 0 }];
  for (const node of new Map(nodes.map((scope) => [scope.id, scope])).values()) {
    if (node.id === root.id) continue;
    scopes.push({ start: node.startIndex, end: node.endIndex, id: node.id, index: scopes.length });
  }
  const outer = parents(scopes);
  return scopes.map((scope, i) => {
    const parent = outer[i];
    return parent ? { ...scope, parent: parent.index } : scope;
  });
}

// ---- declarations -------------------------------------------------------------------------------------------

/**
 * The names the file declares, one per name position (what a second source knows of a name, an import or a type,
 * joins the first): definitions a bare name can reach, then imports (`const x = require('m')` is an import binding,
 * not only a variable), then what the locals query binds.
 */
function declareNames(raw: RawCaptures, definitions: readonly BindableDefinition[], lines: LineIndex, wrappers: readonly string[]): Declared[] {
  const position = (node: Node) => lines.position(node.startIndex);
  const declared: Declared[] = [];
  const at = new Map<number, number>();
  for (const entry of [...definitionNames(definitions, position), ...importNames(raw, position)]) {
    const known = at.get(entry.nameStart);
    if (known === undefined) {
      at.set(entry.nameStart, declared.length);
      declared.push(entry);
    } else if (entry.binding.import) declared[known] = joinImport(declared[known] as Declared, entry.binding.import);
  }
  const spanOf = (node: Node) => ({ start: lines.position(node.startIndex), end: lines.position(node.endIndex) });
  for (const local of localNames(raw.locals, definitions, position, wrappers, spanOf)) {
    const known = at.get(local.entry.nameStart);
    if (known === undefined) {
      at.set(local.entry.nameStart, declared.length);
      declared.push(asLocal({ ...local.entry, local: true }, local));
    } else declared[known] = joinLocal(declared[known] as Declared, local);
  }
  return declared;
}

/** A declaration that learns what it imports, unless it knew already. */
function joinImport(known: Declared, imported: NonNullable<Binding['import']>): Declared {
  return known.binding.import ? known : { ...known, binding: { ...known.binding, import: imported } };
}

type Position = (node: Node) => { line: number; column: number };

/**
 * Definitions that a bare name can reach: not members of a class, interface or enum, nor methods declared apart with
 * a receiver (`this.x`, `X.y` reach them).
 */
function definitionNames(definitions: readonly BindableDefinition[], position: Position): Declared[] {
  const found: Declared[] = [];
  for (const def of definitions) {
    const raw = def.raw;
    if (raw.kind === 'import' || !raw.nameNode || raw.receiver || kindInfo(raw.kind).declaresName === false) continue;
    if (def.containerKind && ['class', 'type'].includes(kindInfo(def.containerKind).category)) continue;
    // (a member declared inside a function, a type literal's `{ args: T[] }` in its signature or a constructor
    // function's `this.x`, is no name of the function's scope)
    if (def.containerKind && kindInfo(raw.kind).category === 'member' && kindInfo(def.containerKind).callable) continue;
    const binding: Binding = { name: raw.name, kind: raw.kind, ...position(raw.nameNode), def: def.index };
    const span = { start: raw.node.startIndex, end: raw.node.endIndex, id: raw.node.id };
    found.push({ binding, nameStart: raw.nameNode.startIndex, span, outer: false });
  }
  return found;
}

/** The names imports bind (a wildcard binds none), each in the scope holding its statement. */
function importNames(raw: RawCaptures, position: Position): Declared[] {
  const found: Declared[] = [];
  for (const fact of raw.imports.values()) {
    if (fact.source === undefined) continue;
    for (const item of fact.items) {
      if (!item.node) continue;
      const local = item.alias ?? item.name;
      if (local === '*' || local === '') continue;
      const nameNode = item.isDefault || item.isNamespace ? item.node : (item.node.namedChildren.at(-1) ?? item.node);
      const imported = { source: fact.source, name: item.isNamespace ? '*' : item.name };
      const binding: Binding = { name: local, kind: 'import', ...position(nameNode), import: imported };
      found.push({ binding, nameStart: nameNode.startIndex, span: { start: fact.node.startIndex, end: fact.node.endIndex }, outer: false });
    }
  }
  return found;
}

/** A name the locals query binds, with what its pattern says of it. */
interface LocalName {
  entry: Declared;
  /** Its declared type as a name path. */
  type?: string;
  typeNode?: Node;
  /** Visible only after this offset (`@local.after`). */
  after?: number;
  /** The innermost `@local.after` region holding it, when it has no `@local.after` of its own. */
  region?: Span & { visible: number };
  redeclares?: true;
}

/**
 * What the locals query binds. A `@local.definition` on a definition's name binds that definition: a class member the
 * language sees as a bare name in the class's body (Java's `save()`), which the definitions above leave to `this.save`.
 */
function localNames(
  locals: RawLocals,
  definitions: readonly BindableDefinition[],
  position: Position,
  wrappers: readonly string[],
  spanOf: (node: Node) => InlineSpan,
): LocalName[] {
  const definitionAt = new Map<number, number>();
  for (const def of definitions) if (def.raw.nameNode && def.raw.kind !== 'import') definitionAt.set(def.raw.nameNode.startIndex, def.index);
  // A name without an `@local.after` of its own becomes visible at the end of the innermost `@local.after` region
  // holding it (Rust's `let (a, b) = ...;`: every name of the pattern).
  const regionOf = innermost(
    locals.afters.map((after) => ({ start: after.region.startIndex, end: after.region.endIndex, visible: after.node.endIndex })),
    locals.definitions.map((local) => ({ start: local.node.startIndex, end: local.node.endIndex })),
  );
  return locals.definitions.map((local, i): LocalName => {
    const name = local.node.text;
    const binding: Binding = { name, kind: local.kind, ...position(local.node) };
    const def = definitionAt.get(local.node.startIndex);
    if (def !== undefined) binding.def = def;
    // (`const { a } = obj`: `a` is `obj.a`, typed as that member is)
    const value = local.type && (local.typeMember || local.typeElement || local.typeArgument) ? chainOf(local.type.text) : undefined;
    const declaredType = local.typeInline && local.type
      ? inlineType(spanOf(local.type))
      : local.typeSignature && local.type
        ? signatureParameterType(typeNameOf(local.type, false, wrappers), local.type, local.node)
        : local.type && !local.typeMember && !local.typeElement && !local.typeArgument
          ? typeNameOf(local.type, local.typeCall === true, wrappers)
          : undefined;
    // (`for (const x of xs)`: `x` is an element of `xs`, written `xs[]`; `f((a, x) => ...)`: `x` is the second
    // parameter of the callee's first parameter, written `f(0:1)`; a name path never ends so otherwise)
    const type = declaredType ?? (value === undefined ? undefined : local.typeElement ? `${value}[]` : local.typeArgument && local.type ? argumentType(value, local.type, local.node) : `${value}.${name}`);
    if (type) binding.type = type;
    const region = regionOf[i];
    return {
      entry: { binding, nameStart: local.node.startIndex, span: { start: local.node.startIndex, end: local.node.endIndex }, outer: local.outer },
      ...(type ? { type } : {}),
      ...(type && local.type ? { typeNode: local.type } : {}),
      ...(local.after ? { after: local.after.endIndex } : {}),
      ...(region ? { region } : {}),
      ...(local.redeclares ? { redeclares: true as const } : {}),
    };
  });
}

/**
 * The type of a parameter of a function given to a variable declared with a function type (`const map: ErrorMap =
 * (issue, ctx) => ...`: `ctx` is `ErrorMap(:1)`, the second parameter of the function type `ErrorMap` names).
 */
function signatureParameterType(type: string | undefined, typeNode: Node, name: Node): string | undefined {
  if (type === undefined) return undefined;
  // From the name up to the declaration holding the type: [name, (its parameter node), (the parameter list), the function].
  const path = pathUp(name, (node) => node.startIndex <= typeNode.startIndex && typeNode.endIndex <= node.endIndex);
  const parameter = parameterPosition(path, name);
  return parameter < 0 ? undefined : `${type}(:${parameter})`;
}

/**
 * The type of a parameter of a function passed as an argument (`f(x, (a, b) => ...)`: `b` is `f(1:1)`, the second
 * parameter of what `f`'s second parameter is declared as), from where the name sits under the call of `callee`.
 */
function argumentType(chain: string, callee: Node, name: Node): string | undefined {
  const call = callee.parent;
  // From the name up to the call: [name, (its parameter node), (the parameter list), the function, the arguments].
  const path = pathUp(name, (node) => node.id === call?.id);
  const list = path.at(-1);
  const fn = path.at(-2);
  if (!list || !fn || list.parent?.id !== call?.id) return undefined;
  const argument = positionAmong(list, fn);
  const parameter = parameterPosition(path.slice(0, -1), name);
  return argument < 0 || parameter < 0 ? undefined : `${chain}(${argument}:${parameter})`;
}

/** The position of the argument holding `name` under the call of `callee` (`f(a, { key })`: 1), if it is one. */
function argumentIndex(callee: Node, name: NameSpan): number | undefined {
  const call = callee.parent;
  const at = call?.descendantForIndex(name.startIndex, name.endIndex);
  if (!call || !at || name.startIndex < call.startIndex || name.startIndex >= call.endIndex) return undefined;
  const path = pathUp(at, (node) => node.id === call.id);
  const list = path.at(-1);
  const argument = path.at(-2);
  if (!list || !argument || list.parent?.id !== call.id) return undefined;
  const index = positionAmong(list, argument);
  return index < 0 ? undefined : index;
}

/** The nodes from `from` up to the first that `stop` holds for (left out), at most a few: a name's place in a call. */
function pathUp(from: Node, stop: (node: Node) => boolean): Node[] {
  const path: Node[] = [];
  for (let node: Node | null = from; node && !stop(node) && path.length < 8; node = node.parent) path.push(node);
  return path;
}

/** Where a node is among its list's named children (comments left out), or -1. */
function positionAmong(list: Node, node: Node): number {
  return list.namedChildren.filter((child) => child !== null && !child.isExtra).findIndex((child) => child?.id === node.id);
}

/**
 * The position of the parameter `name` declares in the function a path up from it ends with ([name, (its parameter
 * node), the parameter list, the function]; a lone parameter without parentheses, `x => ...`, is the first), or -1.
 */
function parameterPosition(path: readonly Node[], name: Node): number {
  const params = path.at(-2);
  const param = path.at(-3);
  if (!params) return -1;
  return params.id === name.id ? 0 : param ? positionAmong(params, param) : -1;
}

/**
 * A declaration the locals query binds (from any of its patterns; not a definition's or an import's name alone)
 * learns where it becomes visible and whether it redeclares; any declaration there learns its declared type.
 */
function joinLocal(known: Declared, local: LocalName): Declared {
  const joined = known.local ? asLocal(known, local) : known;
  if (!local.type) return joined;
  return {
    ...joined,
    binding: joined.binding.type === undefined ? { ...joined.binding, type: local.type } : joined.binding,
    ...(joined.typeNode === undefined && local.typeNode ? { typeNode: local.typeNode } : {}),
  };
}

/** What a locals pattern says of a name it binds: where it becomes visible, whether it redeclares, its type's node. */
function asLocal(known: Declared, local: LocalName): Declared {
  const out: Declared = { ...known };
  if (local.after !== undefined) out.visibleFrom ??= local.after;
  else if (local.region && out.visibleFrom === undefined) {
    out.visibleFrom = local.region.visible;
    out.afterRegion = local.region;
  }
  if (local.redeclares) out.redeclares = true;
  if (local.typeNode) out.typeNode ??= local.typeNode;
  return out;
}

// ---- homes and numbering ------------------------------------------------------------------------------------

/**
 * The scope each declaration is bound in: the innermost scope holding its node (a definition's own node is not its
 * scope: a function's name is bound where the function is declared, not inside it), or the one outside that. A name
 * visible after a region is visible in a scope inside that region from its start (a closure's parameter inside a
 * `let` is visible in the closure).
 */
function homesOf(scopes: readonly Scope[], declared: readonly Declared[]): { declared: Declared[]; homes: number[] } {
  const found = innermost(scopes, declared.map((entry) => entry.span));
  const homes: number[] = [];
  const placed = declared.map((entry, i) => {
    let scope = found[i] ?? (scopes[0] as Scope);
    if (entry.outer && scope.parent !== undefined) scope = scopes[scope.parent] as Scope;
    homes.push(scope.index);
    const region = entry.afterRegion;
    if (!region || scope.start < region.start || scope.end > region.end) return entry;
    const visibleEverywhere = { ...entry };
    delete visibleEverywhere.visibleFrom;
    return visibleEverywhere;
  });
  return { declared: placed, homes };
}

/**
 * The bindings, numbered in declaration order. A redeclaring name whose scope binds it above is a use of that binding,
 * not a binding: it is left out, and the numbers skip it. A binding of the file's own scope is `top`.
 */
function numberBindings(declared: readonly Declared[], homes: readonly number[], scopeCount: number): Numbered {
  const dropped = redeclarations(declared, homes);
  const numbered: Numbered = { bindings: [], declared: [], members: Array.from({ length: scopeCount }, () => []), bindingAt: new Map() };
  declared.forEach((entry, i) => {
    if (dropped.has(i)) return;
    const home = homes[i] as number;
    const index = numbered.bindings.length;
    numbered.bindings.push(home === 0 ? { ...entry.binding, top: true } : entry.binding);
    numbered.declared.push(entry);
    numbered.members[home]?.push(index);
    numbered.bindingAt.set(entry.nameStart, index);
  });
  return numbered;
}

/** The declarations that redeclare a name their scope binds above them (in source order). */
function redeclarations(declared: readonly Declared[], homes: readonly number[]): Set<number> {
  const dropped = new Set<number>();
  if (!declared.some((entry) => entry.redeclares)) return dropped;
  const seen = new Set<string>();
  const order = declared.map((_, i) => i).sort((a, b) => (declared[a] as Declared).span.start - (declared[b] as Declared).span.start);
  for (const i of order) {
    const entry = declared[i] as Declared;
    const key = `${homes[i]}\u0000${entry.binding.name}`;
    if (entry.redeclares && seen.has(key)) dropped.add(i);
    else seen.add(key);
  }
  return dropped;
}

// ---- uses ---------------------------------------------------------------------------------------------------

/**
 * The name uses: tagged references, `@local.reference` names and members; one per name node. A binding's own name is
 * not a use unless a member is taken there (destructuring), nor a declaration's own name, bound or not (members, `(stock-level [s])` in a protocol); an `impl T`
 * block's name stays a use of `T`.
 */
/** Where a second use of one name node is kept among the uses by offset: beside its start. */
const BESIDE = 0.5;

function collectUses(raw: RawCaptures, definitions: readonly BindableDefinition[], bindingAt: ReadonlyMap<number, number>): Map<number, Use> {
  const uses = new Map<number, Use>();
  for (const ref of raw.references) {
    uses.set(ref.nameNode.startIndex, { node: ref.nameNode, name: ref.name, kind: ref.kind, ...(ref.call ? { call: ref.call } : {}) });
  }
  const discriminants = discriminantsByObject(raw.locals.discriminants);
  for (const member of raw.locals.members) {
    // (a use beside the name's own: kept apart, at a key between offsets, `BESIDE` after the name's start)
    if (member.beside) {
      uses.set(member.node.startIndex + BESIDE, memberUse(undefined, member, discriminants) as Use);
      continue;
    }
    const use = memberUse(uses.get(member.node.startIndex), member, discriminants);
    if (use) uses.set(member.node.startIndex, use);
  }
  for (const node of raw.locals.uses) if (!uses.has(node.startIndex)) uses.set(node.startIndex, { node, name: node.text, kind: 'read' });
  for (const { node, kind } of raw.locals.kindedUses) if (!uses.has(node.startIndex)) uses.set(node.startIndex, { node, name: node.text, kind });
  // (a destructured name is also a use of the member it takes: `const { error } = state`, `({ signal }: Options)`)
  const kept = (offset: number) => uses.get(offset)?.declares === true;
  for (const offset of bindingAt.keys()) if (!kept(offset)) uses.delete(offset);
  for (const def of definitions) {
    const name = def.raw.nameNode;
    if (name && def.raw.kind !== 'import' && kindInfo(def.raw.kind).declaresName !== false && !kept(name.startIndex)) uses.delete(name.startIndex);
  }
  return uses;
}

/**
 * A member use (`q.member`), joined with what another pattern saw of its name; undefined when the other one is to be
 * kept: a called qualifier wins over one that is not, and one that names something (`x.(T).m`: `T`) over one that
 * does not.
 */
function memberUse(existing: Use | undefined, member: RawLocals['members'][number], discriminants: ReadonlyMap<number, Discriminant[]>): Use | undefined {
  if (existing?.called && !member.called) return undefined;
  // (a key of an object literal: the object's keys set to a literal or a name, its own too)
  const object = [member.node.parent, member.node.parent?.parent].find((node) => node && discriminants.has(node.id));
  const others = object ? (discriminants.get(object.id) ?? []).map((d) => `${d.key}=${d.value}`) : [];
  const isPath = (node: Node) => chainOf(node.text) !== undefined;
  if (existing?.qualifier && isPath(existing.qualifier) && !isPath(member.qualifier)) return undefined;
  return {
    ...existing,
    node: member.node,
    name: existing?.name ?? member.node.text,
    kind: existing?.kind ?? 'member',
    qualifier: member.qualifier,
    ...(member.called ? { called: true as const } : {}),
    ...(member.arguments ? { arguments: member.arguments } : {}),
    ...(member.declares ? { declares: true as const } : {}),
    ...(member.parameter ? { parameter: true as const } : {}),
    ...(member.inline ? { inline: true as const } : {}),
    ...(others.length > 0 ? { discriminants: others } : {}),
  };
}

/** A key of an object literal set to a literal or a name, as written (`type`, `UPDATE`). */
interface Discriminant {
  key: string;
  value: string;
}

/** The longest value text a discriminant keeps (a literal or a name). */
const MAX_DISCRIMINANT = 80;

/** The discriminants of each object literal, by the object's node id (the key's pair's parent). */
function discriminantsByObject(found: RawLocals['discriminants']): Map<number, Discriminant[]> {
  const byObject = new Map<number, Discriminant[]>();
  for (const { key, value } of found) {
    const object = key.parent?.parent;
    if (!object || value.text.length > MAX_DISCRIMINANT) continue;
    const list = byObject.get(object.id) ?? [];
    if (list.length < 8) list.push({ key: key.text, value: value.text });
    byObject.set(object.id, list);
  }
  return byObject;
}

// ---- types and qualifiers -----------------------------------------------------------------------------------

/**
 * The bindings, each with the binding its declared type's first name resolves to. That name is a use like any other;
 * a type that is a declaration's own name (Python's `self`, typed by the name of its class) is that declaration.
 */
function withTypeBindings(numbered: Numbered, uses: ReadonlyMap<number, Use>, resolved: ReadonlyMap<Use, number>): Binding[] {
  return numbered.bindings.map((binding, i) => {
    const typeNode = numbered.declared[i]?.typeNode;
    if (!typeNode) return binding;
    const head = uses.get(typeNode.startIndex);
    const typeBinding = head ? resolved.get(head) : numbered.bindingAt.get(typeNode.startIndex);
    return typeBinding === undefined ? binding : { ...binding, typeBinding };
  });
}

/** The uses written out: the binding each sees, and for a member, its qualifier as a name path and the binding of its head. */
function boundUses(uses: ReadonlyMap<number, Use>, resolved: ReadonlyMap<Use, number>, memberOperators: readonly string[], lines: LineIndex): Map<number, BoundUse> {
  const result = new Map<number, BoundUse>();
  for (const [offset, use] of uses) {
    const entry: BoundUse = { kind: use.kind, name: use.name, node: use.node, ...(use.call ? { call: use.call } : {}) };
    const binding = resolved.get(use);
    if (binding !== undefined) entry.binding = binding;
    if (use.discriminants) entry.discriminants = use.discriminants;
    // (a member of a type literal: named by where the literal is)
    if (use.qualifier && use.inline) entry.qualifier = inlineType({ start: lines.position(use.qualifier.startIndex), end: lines.position(use.qualifier.endIndex) });
    else if (use.qualifier) Object.assign(entry, qualifierOf(use, use.qualifier, { uses, resolved, memberOperators }));
    result.set(offset, entry);
  }
  return result;
}

/**
 * What a member use is a member of: its qualifier as a name path (`f()`: the member is one of what `f` returns), and
 * the binding of the qualifier's first name (a use at the qualifier's start) when it has one; `''` for a qualifier
 * that is not a name (`a[0].b`, `f(x)->b`: still a member, never a bare name).
 */
function qualifierOf(
  use: Use,
  qualifier: Node,
  { uses, resolved, memberOperators }: { uses: ReadonlyMap<number, Use>; resolved: ReadonlyMap<Use, number>; memberOperators: readonly string[] },
): Pick<BoundUse, 'qualifier' | 'qualifierBinding'> {
  // A qualifier captured as the whole call (Java's `a.f(x)`, whose callee is no one node): up to its arguments.
  const args = use.arguments;
  const written = args ? qualifier.text.slice(0, args.startIndex - qualifier.startIndex) : qualifier.text;
  // The language's other member operators (C's and PHP's `p->next`) make a path as `.` does.
  const text = chainOf(memberOperators.reduce((path, operator) => path.split(operator).join('.'), written));
  if (text === undefined) return { qualifier: '' };
  const head = uses.get(qualifier.startIndex);
  const headBinding = head ? resolved.get(head) : undefined;
  // (`f(a, { key })`: the member is one of `f`'s second parameter's type, written `f(1)`)
  const argument = use.parameter ? argumentIndex(qualifier, use.node) : undefined;
  if (use.parameter && argument === undefined) return { qualifier: '' };
  const path = use.called ? `${text}()` : argument !== undefined ? `${text}(${argument})` : text;
  return { qualifier: path, ...(headBinding !== undefined ? { qualifierBinding: headBinding } : {}) };
}
