/**
 * Definitions between their captures and their facts: where each sits (the definition around it, local or not, the
 * nodes wrapping it), the loose details and parameters that belong to it, and at last each written out as plain data.
 * Every phase takes data and returns new data; none changes what it is given.
 *
 * @module
 */
import type { LanguageDefinition } from '../languages/define.js';
import type { Definition } from '../model/facts.js';
import { definitionKindInfo, kindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import { unionOf } from '../model/written-types.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Node } from '../runtime/tree-sitter.js';
import { applyDetail, applyParameterDetail, pushUniqueNode } from './captures.js';
import type { RawCaptures, RawDefinition, RawParameter } from './raw.js';
import type { LineIndex } from './lines.js';
import { type Level, type NodeContext, siblingContexts } from './siblings.js';
import { contentText, declaredType, parameterInfo, parameterProperties, signatureOf, type Source, typeName } from './signatures.js';
import { innermost, parents, type Span } from './spans.js';
import { foldWhitespace, shorten } from './text.js';

/** How many parts of a long union a definition keeps. */
const MAX_UNION_PARTS = 64;

/** A definition while extraction works on it: its raw captures and where it sits. */
export interface Placed {
  raw: RawDefinition;
  /** Its place in source order, which is its index in the file's definitions. */
  index: number;
  /** The index of the definition it sits in, if any. */
  container?: number;
  /** Declared in a function-like definition (and not an item the language lifts out of it). */
  isLocal: boolean;
  /** Ancestors wrapping it without adding anything but keywords (a declaration of several names first). */
  wrappers: Span[];
  /** The node (or the declaration) and its wrappers, each with what precedes it: where doc comments are. */
  levels: Level[];
  depth: number;
}

/** The `type` tokens of `import type` / `export type`: marks of their statement or item, not loose details. */
export const TYPE_ONLY_DETAILS: ReadonlySet<string> = new Set(['import.type', 'export.type']);

/** A node's span, with its id. */
export const spanOf = (node: Node): Span => ({ start: node.startIndex, end: node.endIndex, id: node.id });

/** The definition a placed one sits in. */
export function containerOf(placed: readonly Placed[], def: Placed): Placed | undefined {
  return def.container === undefined ? undefined : placed[def.container];
}

// ---- placement ----------------------------------------------------------------------------------------------

/**
 * Where each definition sits. In: the raw captures. Out: the definitions in source order, each with the definition
 * around it, whether it is local, and the nodes wrapping it; and the sibling contexts of every node the one cursor
 * walk visited (definitions, declarations, the `type` tokens of type-only imports and exports).
 */
export function placeDefinitions(
  root: Node,
  raw: RawCaptures,
  language: LanguageDefinition,
  deadline: Deadline,
): { placed: Placed[]; contexts: Map<number, NodeContext> } {
  const defs = [...raw.definitions.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const contexts = contextsOf(root, raw, defs, deadline);
  const unnested = defs.map((def, index): Placed => {
    const own = def.declaration ?? def.node;
    const levels = contexts.get(own.id)?.levels ?? [{ ...spanOf(own), id: own.id, run: [] }];
    const wrappers = def.declaration ? levels.map(spanOfLevel) : levels.slice(1).map(spanOfLevel);
    return { raw: def, index, isLocal: false, wrappers, levels, depth: contexts.get(def.node.id)?.depth ?? 0 };
  });
  return { placed: nested(unnested, language), contexts };
}

/** One cursor walk over the nodes whose siblings and wrappers matter. */
function contextsOf(root: Node, raw: RawCaptures, defs: readonly RawDefinition[], deadline: Deadline): Map<number, NodeContext> {
  const bodies = new Set<number>();
  for (const def of defs) if (def.body) bodies.add(def.body.id);
  const decorators = new Set(raw.decorators.map((node) => node.id));
  const targets: Node[] = [];
  for (const def of defs) {
    targets.push(def.node);
    if (def.declaration) targets.push(def.declaration);
  }
  // The `type` token of `import type` / `export type`: its parent says what it marks.
  for (const detail of raw.details) if (TYPE_ONLY_DETAILS.has(detail.name)) targets.push(detail.node);
  const marks = {
    isComment: (id: number) => raw.comments.has(id),
    isDecorator: (id: number) => decorators.has(id),
    isBody: (id: number) => bodies.has(id),
  };
  return siblingContexts(root, targets, marks, deadline);
}

/**
 * Nesting: each definition's nearest enclosing definition; local when some enclosing definition is function-like,
 * unless the language says that kind is an item wherever it is declared (Rust's nested `fn` and `struct`).
 */
function nested(placed: readonly Placed[], language: LanguageDefinition): Placed[] {
  const items = new Set(language.bodyItems ?? []);
  const enclosing = parents(
    placed.map((def) => ({ ...spanOf(def.raw.node), def })),
    (span) => span.def.depth,
  );
  // In source order, reading what is known so far of the enclosing one (set when it comes first, as it nearly always
  // does: only a definition sharing its start may come after it).
  const local: boolean[] = [];
  return placed.map((def, i) => {
    const outer = enclosing[i]?.def;
    if (!outer) {
      local[i] = false;
      return def;
    }
    local[i] = (local[outer.index] ?? false) || (kindInfo(outer.raw.kind).functionLike && !items.has(def.raw.kind));
    return { ...def, container: outer.index, isLocal: local[i] };
  });
}

function spanOfLevel(level: Level): Span {
  return { start: level.start, end: level.end, id: level.id };
}

// ---- details ------------------------------------------------------------------------------------------------

type Owner = { def: Placed } | { param: RawParameter } | { body: true };
type Detail = RawCaptures['details'][number];

/** What the loose details and decorators of a file add to the definitions and parameters that own them. */
interface Claims {
  /** Loose details by the index of the definition they belong to, in capture order. */
  details: Map<number, Detail[]>;
  /** Decorators by the index of the definition they belong to. */
  decorators: Map<number, Node[]>;
  /** Loose details by the node id of the parameter they belong to. */
  parameterDetails: Map<number, Detail[]>;
}

/**
 * Loose details and decorators, given to their owners. In: the raw captures, the placed definitions and their sibling
 * contexts. Out: the definitions with their details and decorators added, and the parameters (by node id) with theirs.
 *
 * A loose detail attaches to the nearest enclosing definition (or its wrappers) or parameter, never across a body; a
 * detail inside a declaration of several names but outside one name's node belongs to every name. Decorators attach
 * to the definition they stand before, else to their enclosing owner.
 */
export function attachDetails(
  raw: RawCaptures,
  placed: readonly Placed[],
  contexts: ReadonlyMap<number, NodeContext>,
): { placed: Placed[]; parameters: Map<number, RawParameter> } {
  const claims = claimDetails(raw, placed, contexts);
  const parameters = new Map<number, RawParameter>();
  for (const [id, param] of raw.parameters) {
    const details = claims.parameterDetails.get(id);
    if (!details) parameters.set(id, param);
    else {
      const copy = { ...param, modifiers: [...param.modifiers] };
      for (const { name, node } of details) applyParameterDetail(copy, name, node);
      parameters.set(id, copy);
    }
  }
  return {
    placed: placed.map((def) => {
      const details = claims.details.get(def.index);
      const decorators = claims.decorators.get(def.index);
      return details || decorators ? { ...def, raw: withDetails(def.raw, details ?? [], decorators ?? []) } : def;
    }),
    parameters,
  };
}

/** A copy of a definition with details and decorators added, in order. */
function withDetails(def: RawDefinition, details: readonly Detail[], decorators: readonly Node[]): RawDefinition {
  const copy: RawDefinition = {
    ...def,
    modifiers: [...def.modifiers],
    extends: [...def.extends],
    implements: [...def.implements],
    decorators: [...def.decorators],
    returnTypeParts: [...def.returnTypeParts],
    typeParts: [...def.typeParts],
  };
  for (const node of decorators) pushUniqueNode(copy.decorators, node);
  for (const { name, node } of details) applyDetail(copy, name, node);
  return copy;
}

/** Which definition or parameter each loose detail and decorator belongs to. */
function claimDetails(raw: RawCaptures, placed: readonly Placed[], contexts: ReadonlyMap<number, NodeContext>): Claims {
  const claims: Claims = { details: new Map(), decorators: new Map(), parameterDetails: new Map() };
  const claimed = decoratorsBefore(raw, placed, contexts);
  for (const [index, nodes] of claimed.byDefinition) for (const node of nodes) addTo(claims.decorators, index, node);
  const loose = raw.details.filter((detail) => !TYPE_ONLY_DETAILS.has(detail.name));
  const unclaimed = raw.decorators.filter((node) => !claimed.ids.has(node.id));
  const ownersOf = detailOwners(raw, placed);
  const found = ownersOf([...loose.map((detail) => detail.node), ...unclaimed]);
  loose.forEach((detail, i) => {
    for (const owner of found[i] ?? []) {
      if ('raw' in owner) addTo(claims.details, owner.index, detail);
      else addTo(claims.parameterDetails, owner.node.id, detail);
    }
  });
  unclaimed.forEach((node, i) => {
    for (const owner of found[loose.length + i] ?? []) if ('raw' in owner) addTo(claims.decorators, owner.index, node);
  });
  return claims;
}

/** Decorators right before a definition's node: its own. */
function decoratorsBefore(
  raw: RawCaptures,
  placed: readonly Placed[],
  contexts: ReadonlyMap<number, NodeContext>,
): { byDefinition: Map<number, Node[]>; ids: Set<number> } {
  const decoratorsById = new Map(raw.decorators.map((node) => [node.id, node]));
  const byDefinition = new Map<number, Node[]>();
  const ids = new Set<number>();
  for (const def of placed) {
    for (const item of contexts.get(def.raw.node.id)?.levels[0]?.run ?? []) {
      const node = item.comment ? undefined : decoratorsById.get(item.id);
      if (!node) continue;
      addTo(byDefinition, def.index, node);
      ids.add(item.id);
    }
  }
  return { byDefinition, ids };
}

/**
 * The owners of nodes: the innermost definition (or wrapper of one), parameter or body holding each. A body owns
 * nothing (a detail inside a function body is not the function's); a definition among several names of one
 * declaration shares what sits outside its own node with the others.
 */
function detailOwners(raw: RawCaptures, placed: readonly Placed[]): (nodes: readonly Node[]) => Array<Array<Placed | RawParameter>> {
  const owners = new Map<number, { span: Span; owner: Owner; rank: number }>();
  for (const def of placed) owners.set(def.raw.node.id, { span: spanOf(def.raw.node), owner: { def }, rank: 1 });
  const shared = new Map<number, Placed[]>();
  for (const def of placed) {
    if (def.raw.declaration) addTo(shared, def.raw.declaration.id, def);
    for (const wrapper of def.wrappers) {
      if (wrapper.id !== undefined && !owners.has(wrapper.id)) owners.set(wrapper.id, { span: wrapper, owner: { def }, rank: 0 });
    }
  }
  for (const param of raw.parameters.values()) owners.set(param.node.id, { span: spanOf(param.node), owner: { param }, rank: 3 });
  for (const def of placed) {
    const body = def.raw.body;
    if (body && !owners.has(body.id)) owners.set(body.id, { span: spanOf(body), owner: { body: true }, rank: 2 });
  }
  const containers = [...owners.values()].map((entry) => ({ ...entry.span, entry }));
  const ownersOf = (node: Node, owner: Owner | undefined): Array<Placed | RawParameter> => {
    if (!owner || 'body' in owner) return [];
    if ('param' in owner) return [owner.param];
    const def = owner.def;
    const declaration = def.raw.declaration;
    if (!declaration) return [def];
    const inOwnNode = node.startIndex >= def.raw.node.startIndex && node.endIndex <= def.raw.node.endIndex;
    return inOwnNode ? [def] : (shared.get(declaration.id) ?? [def]);
  };
  return (nodes) => {
    const found = innermost(containers, nodes.map(spanOf), (container) => container.entry.rank);
    return nodes.map((node, i) => ownersOf(node, found[i]?.entry.owner));
  };
}

// ---- parameters ---------------------------------------------------------------------------------------------

/**
 * Parameters given to their definitions. In: the placed definitions and every parameter (by node id). Out: the
 * definitions with their parameter lists in source order and their parameters (one per name: Go's `a, b int` is two).
 * A parameter belongs to the definition whose `@parameters` node is it or its parent.
 */
export function attachParameters(placed: readonly Placed[], parameters: ReadonlyMap<number, RawParameter>): Placed[] {
  const lists = placed.map((def) => [...def.raw.parameterLists].sort((a, b) => a.startIndex - b.startIndex));
  const byList = new Map<number, number>();
  const byChild = new Map<number, number>();
  placed.forEach((def, i) => {
    for (const list of lists[i] ?? []) {
      byList.set(list.id, i);
      // One call per list: its children are the candidates whose parent it is (C#'s bare `params` token too).
      for (const child of list.children) if (child && !byChild.has(child.id)) byChild.set(child.id, i);
    }
  });
  const params = new Map<number, RawParameter[]>();
  for (const param of [...parameters.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    const owner = byList.get(param.node.id) ?? byChild.get(param.node.id);
    if (owner === undefined) continue;
    if (param.names.length <= 1) addTo(params, owner, param);
    else for (const name of [...param.names].sort((a, b) => a.startIndex - b.startIndex)) addTo(params, owner, { ...param, name, names: [name] });
  }
  return placed.map((def, i) => ({
    ...def,
    raw: { ...def.raw, parameterLists: lists[i] ?? [], params: [...def.raw.params, ...(params.get(i) ?? [])] },
  }));
}

/** The `@parameters` list a parameter of a definition belongs to. */
export function listOfParameter(def: RawDefinition): (param: RawParameter) => Node | undefined {
  const children = new Map<number, Node>();
  for (const list of def.parameterLists) {
    children.set(list.id, list);
    if (def.parameterLists.length > 1) for (const child of list.children) if (child) children.set(child.id, list);
  }
  return (param) => children.get(param.node.id);
}

// ---- description --------------------------------------------------------------------------------------------

/** What the other phases found of the definitions, for their description. */
export interface Described {
  /** Doc comments by definition index. */
  docs: ReadonlyMap<number, string>;
  /** Indices of the exported definitions, and of those exported as the default. */
  exported: ReadonlySet<number>;
  asDefault: ReadonlySet<number>;
}

/**
 * Every definition as plain data. In: the placed definitions (details and parameters attached), their docs and
 * exports. Out: the file's definitions, in source order (signatures, types, parameters, modifiers, ...).
 */
export function describeDefinitions(
  placed: readonly Placed[],
  found: Described,
  language: LanguageDefinition,
  lines: LineIndex,
  source: Source,
): Definition[] {
  return placed.map((def) => {
    const raw = def.raw;
    const at = lines.position((raw.nameNode ?? raw.node).startIndex);
    const out: Definition = {
      kind: raw.kind,
      name: raw.name,
      line: at.line,
      column: at.column,
      endLine: lines.endLine(raw.node.startIndex, raw.node.endIndex),
      start: raw.node.startIndex,
      end: raw.node.endIndex,
    };
    if (def.container !== undefined) out.parent = def.container;
    if (def.isLocal) out.local = true;
    if (found.exported.has(def.index)) out.exported = true;
    if (found.asDefault.has(def.index)) out.exportedAsDefault = true;
    Object.assign(out, writtenParts(raw, language, lines, source));
    const doc = found.docs.get(def.index);
    if (doc !== undefined) out.doc = doc;
    return out;
  });
}

/** What a definition's nodes say, written out: signature and parameters, types, value, modifiers, bases. */
function writtenParts(raw: RawDefinition, language: LanguageDefinition, lines: LineIndex, source: Source): Partial<Definition> {
  const out: Partial<Definition> = {};
  if (definitionKindInfo(raw.kind, raw.parameterLists.length > 0).callable) {
    out.signature = signatureOf(source, raw, language.signature ?? {}, listOfParameter(raw));
    out.parameters = raw.params.map((param) => parameterInfo(source, param));
    if (!raw.body) out.declarationOnly = true;
  }
  const returnType = declaredType(source, raw, raw.returnType, true);
  if (returnType) out.returnType = returnType;
  if (raw.typeParameters) out.typeParameters = foldWhitespace(raw.typeParameters.text);
  const type = declaredType(source, raw, raw.type, false);
  if (type) out.type = type;
  if (raw.value) {
    out.value = shorten(raw.value.text);
    // (a long union keeps its parts: binding reads an alias's members through each)
    const union = out.value === foldWhitespace(raw.value.text) ? [] : unionOf(foldWhitespace(raw.value.text));
    if (union.length > 1) out.union = union.slice(0, MAX_UNION_PARTS).map((part) => shorten(part));
  }
  if (raw.receiver) out.receiver = typeName(raw.receiver.text);
  if (raw.literal) {
    const at = lines.position(raw.literal.startIndex);
    out.literal = `${at.line}:${at.column}`;
  }
  if (raw.modifiers.length > 0) out.modifiers = [...raw.modifiers];
  if (raw.decorators.length > 0) out.decorators = raw.decorators.map((node) => foldWhitespace(node.text));
  if (raw.extends.length > 0) out.extends = raw.extends.map(contentText);
  if (raw.implements.length > 0) out.implements = raw.implements.map(contentText);
  if (raw.optional) out.optional = true;
  if (raw.isGenerator) out.generator = true;
  if (raw.kind === 'constructor') {
    const properties = parameterProperties(raw, (offset) => lines.position(offset));
    if (properties.length > 0) out.parameterProperties = properties;
  }
  return out;
}
