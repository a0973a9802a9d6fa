/**
 * The first phase of extraction: run a language's query over a tree and sort its captures into raw facts (`raw.ts`:
 * still holding tree-sitter nodes; they never leave `extract/`). The capture vocabulary is `queries/README.md`'s.
 *
 * @module
 */
import type { Deadline } from '../runtime/deadline.js';
import type { Node, Query } from '../runtime/tree-sitter.js';
import { eachMatch, MATCH_CHUNK } from './matching.js';
import type { Match, NameSpan, RawCaptures, RawDefinition, RawExport, RawImport, RawLocals, RawParameter } from './raw.js';
import { foldWhitespace } from './text.js';

/** Detail captures that can stand in a pattern of their own. */
const DETAIL_CAPTURES = new Set([
  'modifier',
  'optional',
  'extends',
  'implements',
  'type_parameters',
  'return_type',
  'return_type.part',
  'type.part',
  'parameter.modifier',
  'import.type',
  'export.type',
]);

/** The locals captures typing a binding, in the order they are preferred, with the flag each sets. */
const TYPE_CAPTURES: ReadonlyArray<readonly [string, 'typeCall' | 'typeMember' | 'typeElement' | 'typeArgument' | 'typeInline' | 'typeSignature' | undefined]> = [
  ['local.type', undefined],
  ['local.type.call', 'typeCall'],
  ['local.type.member', 'typeMember'],
  ['local.type.element', 'typeElement'],
  ['local.type.argument', 'typeArgument'],
  ['local.type.inline', 'typeInline'],
  ['local.type.signature', 'typeSignature'],
];

function first(match: Match, name: string): Node | undefined {
  return match.captures.get(name)?.[0];
}

/** A capture's text without what the pattern's `strip.<capture>` regex matches (quotes, sigils, brackets). */
export function strippedText(properties: Record<string, string>, capture: string, node: Node, text = node.text): string {
  const strip = properties[`strip.${capture}`];
  return strip ? text.replace(new RegExp(strip, 'gu'), '') : text;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/** Adds a node to a list once (by id). */
export function pushUniqueNode(list: Node[], node: Node): void {
  if (!list.some((known) => known.id === node.id)) list.push(node);
}

/**
 * Sorts matches into raw facts as they come (`add`), so that a large file's matches need not all be held at once;
 * `finish` returns them.
 */
export class CaptureGatherer {
  readonly raw: RawCaptures = {
    definitions: new Map(),
    parameters: new Map(),
    references: [],
    imports: new Map(),
    exports: new Map(),
    outline: [],
    comments: new Map(),
    decorators: [],
    details: [],
    injections: [],
    locals: { scopes: [], definitions: [], uses: [], kindedUses: [], members: [], afters: [], discriminants: [] },
    conditions: [],
  };
  readonly #referenced = new Set<number>();
  readonly #spreads = new Set<number>();
  readonly #literals = new Map<number, string>();
  /** Argument expressions (`@argument.value`) and where the name holding their value starts. */
  readonly #values = new Map<number, number>();
  readonly #unnamed: Array<{ match: Match; kind: string; node: Node }> = [];

  /** A lone `@local.reference` (most matches): the name used. */
  use(name: NameSpan): void {
    this.raw.locals.uses.push(name);
  }

  add(match: Match): void {
    const raw = this.raw;
    const language = match.properties['injection.language'];
    const content = match.captures.get('injection.content');
    if (language && content) raw.injections.push({ language, nodes: content });
    let consumed = false;
    for (const [name, nodes] of match.captures) {
      const node = nodes[0];
      if (!node) continue;
      if (name.startsWith('definition.')) {
        const kind = name.slice('definition.'.length);
        if (!addDefinition(raw.definitions, match, kind, node)) this.#unnamed.push({ match, kind, node });
        consumed = true;
      } else if (name.startsWith('reference.')) {
        const nameNode = first(match, 'name') ?? node;
        // Two patterns may tag the same name (a shared and a language file): one reference per name node.
        if (this.#referenced.has(nameNode.id)) continue;
        this.#referenced.add(nameNode.id);
        const args = first(match, 'arguments');
        raw.references.push({
          kind: name.slice('reference.'.length),
          name: strippedText(match.properties, 'name', nameNode),
          node,
          nameNode,
          ...(args ? { call: { arity: args.namedChildren.filter((child) => child && !child.isExtra).length }, args } : {}),
        });
        consumed = true;
      } else if (name === 'argument.value') {
        const valueName = first(match, 'argument.value.name');
        if (valueName) this.#values.set(node.id, valueName.startIndex);
        consumed = true;
      } else if (name === 'argument.value.name') {
        consumed = true;
      } else if (name.startsWith('argument.')) {
        for (const argument of nodes) this.#literals.set(argument.id, name.slice('argument.'.length));
        consumed = true;
      } else if (name === 'arguments.spread') {
        for (const spread of nodes) this.#spreads.add(spread.id);
        consumed = true;
      } else if (name === 'parameter') {
        addParameter(raw.parameters, match, node);
        consumed = true;
      } else if (name === 'import') {
        addImport(raw.imports, match, node);
        consumed = true;
      } else if (name === 'export') {
        addExport(raw.exports, match, node);
        consumed = true;
      } else if (name === 'key' || name === 'heading' || name === 'code_block' || name === 'link') {
        raw.outline.push({ family: name, node, captures: match.captures, properties: match.properties });
        consumed = true;
      } else if (name === 'comment') {
        raw.comments.set(node.id, node);
        consumed = true;
      } else if (name === 'decorator') {
        raw.decorators.push(node);
        consumed = true;
      } else if (name.startsWith('local.')) {
        addLocal(raw.locals, match, name, node);
        consumed = true;
      } else if (name === 'condition.branch') {
        const test = first(match, 'condition');
        const alternative = first(match, 'condition.alternative');
        const how = match.properties['condition.test'];
        raw.conditions.push({
          node,
          ...(test ? { test } : {}),
          ...(how === 'defined' || how === 'undefined' ? { how } : {}),
          ...(alternative ? { alternative } : {}),
        });
        consumed = true;
      } else if (name === 'condition' || name === 'condition.alternative') {
        consumed = true;
      }
    }
    if (consumed) return;
    for (const [name, nodes] of match.captures) {
      if (DETAIL_CAPTURES.has(name) || name.startsWith('modifier.')) {
        for (const node of nodes) raw.details.push({ name, node });
      }
    }
  }

  finish(): RawCaptures {
    // Details matched before the pattern that names their definition (a later pattern, an earlier match).
    for (const { match, kind, node } of this.#unnamed.splice(0)) addDefinition(this.raw.definitions, match, kind, node);
    const spreads = this.#spreads;
    const literals = this.#literals;
    const values = this.#values;
    for (const ref of this.raw.references) {
      const { call, args } = ref;
      delete ref.args;
      if (!call || !args) continue;
      const children = args.namedChildren.filter((child): child is Node => child !== null && !child.isExtra);
      if (spreads.size > 0 && children.some((child) => spreads.has(child.id))) call.spread = true;
      if (literals.size > 0) {
        const kinds = children.map((child) => literals.get(child.id) ?? '');
        if (kinds.some((kind) => kind !== '')) call.literals = kinds;
      }
      if (values.size > 0) {
        const starts = children.map((child) => values.get(child.id) ?? -1);
        if (starts.some((start) => start >= 0)) call.values = starts;
      }
    }
    return this.raw;
  }
}

/**
 * Runs the query and sorts its matches into raw facts run by run (see {@link eachMatch}): what a file holds at once
 * is its raw facts and one run's matches, not every match of the file.
 */
export function readCaptures(query: Query, root: Node, deadline: Deadline, chunk = MATCH_CHUNK): RawCaptures {
  const gatherer = new CaptureGatherer();
  eachMatch(query, root, deadline, chunk, (match) => gatherer.add(match), (name) => gatherer.use(name));
  return gatherer.finish();
}

function addLocal(locals: RawLocals, match: Match, name: string, node: Node): void {
  if (name === 'local.scope') locals.scopes.push(node);
  else if (name === 'local.discriminant.key') {
    const value = first(match, 'local.discriminant.value');
    if (value) locals.discriminants.push({ key: node, value });
  } else if (name === 'local.discriminant.value') return;
  else if (name === 'local.after') {
    // Beside a definition in its match, `@local.after` is that definition's (below); alone, it marks a region.
    if (![...match.captures.keys()].some((key) => key === 'local.definition' || key.startsWith('local.definition.'))) {
      locals.afters.push({ node, region: first(match, 'local.after.region') ?? node });
    }
  }
  else if (name === 'local.reference') locals.uses.push(node);
  else if (name.startsWith('local.reference.')) locals.kindedUses.push({ node, kind: name.slice('local.reference.'.length) });
  else if (name === 'local.member' || name === 'local.member.beside') {
    const qualifier = first(match, 'local.qualifier');
    const parameter = first(match, 'local.qualifier.parameter');
    const inline = first(match, 'local.qualifier.inline');
    const called = first(match, 'local.qualifier.call');
    const invocation = first(match, 'local.qualifier.invocation');
    const also = {
      ...(match.properties['local.member.declares'] === 'true' ? { declares: true as const } : {}),
      ...(name === 'local.member.beside' ? { beside: true as const } : {}),
    };
    // Two patterns may see one member (`f(x).b` is also a member of the call): the callee's is the one to keep.
    if (called) locals.members.push({ node, qualifier: called, called: true });
    else if (invocation) {
      const args = first(match, 'local.qualifier.arguments');
      locals.members.push({ node, qualifier: invocation, called: true, ...(args ? { arguments: args } : {}) });
    }
    else if (inline) locals.members.push({ node, qualifier: inline, inline: true, ...also });
    else if (parameter) locals.members.push({ node, qualifier: parameter, parameter: true, ...also });
    else if (qualifier) locals.members.push({ node, qualifier, ...also });
  } else if (name === 'local.definition' || name.startsWith('local.definition.')) {
    const kind = name === 'local.definition' ? 'variable' : name.slice('local.definition.'.length);
    // The first of the type captures the match has says how the binding is typed (`@local.type`: declared; the
    // others: see RawLocals.definitions).
    const typed = TYPE_CAPTURES.map(([capture, how]) => ({ node: first(match, capture), how })).find((found) => found.node);
    const typedBy = typed?.node ? { type: typed.node, ...(typed.how ? { [typed.how]: true as const } : {}) } : {};
    const after = first(match, 'local.after');
    locals.definitions.push({
      node,
      kind,
      ...typedBy,
      outer: match.properties['local.scope'] === 'parent',
      ...(after ? { after } : {}),
      ...(match.properties['local.redeclares'] === 'true' ? { redeclares: true as const } : {}),
    });
  }
}

/**
 * Adds (or merges into) the definition of `node`. A match without a name can only add details to a definition
 * another pattern names: it returns false when that definition is not known yet, so the caller retries it last.
 */
function addDefinition(map: Map<number, RawDefinition>, match: Match, kind: string, node: Node): boolean {
  const nameNode = first(match, 'name');
  // Folded first: a strip pattern sees the name on one line.
  const name =
    match.properties.name ??
    (nameNode ? strippedText(match.properties, 'name', nameNode, foldWhitespace(nameNode.text)) : undefined);
  let def = map.get(node.id);
  if (!def) {
    if (name === undefined) return false;
    def = {
      kind,
      name,
      node,
      ...(match.properties.name || !nameNode ? {} : { nameNode }),
      patternIndex: match.patternIndex,
      modifiers: [],
      extends: [],
      implements: [],
      decorators: [],
      docNodes: [],
      optional: false,
      isGenerator: false,
      params: [],
      parameterLists: [],
      returnTypeParts: [],
      typeParts: [],
    };
    map.set(node.id, def);
  } else if (match.patternIndex < def.patternIndex) {
    // The earliest pattern in the query decides what a node is.
    def.kind = kind;
    def.patternIndex = match.patternIndex;
  }
  for (const list of match.captures.get('parameters') ?? []) pushUniqueNode(def.parameterLists, list);
  def.body ??= first(match, 'body');
  def.returnType ??= first(match, 'return_type');
  def.typeParameters ??= first(match, 'type_parameters');
  def.type ??= first(match, 'type');
  def.value ??= first(match, 'value');
  def.receiver ??= first(match, 'receiver');
  def.qualifier ??= first(match, 'name.qualifier');
  def.declarator ??= first(match, 'declarator');
  def.declaration ??= first(match, 'declaration');
  def.literal ??= first(match, 'literal');
  for (const part of match.captures.get('return_type.part') ?? []) applyDetail(def, 'return_type.part', part);
  for (const part of match.captures.get('type.part') ?? []) applyDetail(def, 'type.part', part);
  for (const [capture, nodes] of match.captures) {
    if (capture === 'doc') {
      for (const docNode of nodes) pushUniqueNode(def.docNodes, docNode);
    } else if (
      capture === 'modifier' ||
      capture.startsWith('modifier.') ||
      capture === 'optional' ||
      capture === 'extends' ||
      capture === 'implements'
    ) {
      for (const detail of nodes) applyDetail(def, capture, detail);
    }
  }
  return true;
}

/** Merges one detail capture into a definition. */
export function applyDetail(def: RawDefinition, capture: string, node: Node): void {
  switch (capture) {
    case 'modifier':
      pushUnique(def.modifiers, node.text);
      return;
    case 'optional':
      def.optional = true;
      return;
    case 'modifier.generator':
      def.isGenerator = true;
      return;
    case 'extends':
      pushUniqueNode(def.extends, node);
      return;
    case 'implements':
      pushUniqueNode(def.implements, node);
      return;
    case 'type_parameters':
      def.typeParameters ??= node;
      return;
    case 'return_type.part':
      pushUniqueNode(def.returnTypeParts, node);
      return;
    case 'type.part':
      pushUniqueNode(def.typeParts, node);
      return;
    case 'return_type':
      def.returnType ??= node;
      return;
    default:
      if (capture.startsWith('modifier.')) pushUnique(def.modifiers, capture.slice('modifier.'.length));
  }
}

/** Merges a detail capture into a parameter (only modifiers attach to parameters). */
export function applyParameterDetail(param: RawParameter, capture: string, node: Node): void {
  if (capture === 'parameter.modifier' || capture === 'modifier') pushUnique(param.modifiers, node.text);
}

function addParameter(map: Map<number, RawParameter>, match: Match, node: Node): void {
  let param = map.get(node.id);
  if (!param) {
    param = { node, names: [], optional: false, rest: false, modifiers: [], typeParts: [] };
    map.set(node.id, param);
  }
  for (const name of match.captures.get('parameter.name') ?? []) pushUniqueNode(param.names, name);
  param.name ??= param.names[0];
  param.type ??= first(match, 'parameter.type');
  for (const part of match.captures.get('parameter.type.part') ?? []) pushUniqueNode(param.typeParts, part);
  param.defaultValue ??= first(match, 'parameter.default');
  if (match.captures.has('parameter.optional')) param.optional = true;
  if (match.captures.has('parameter.rest')) param.rest = true;
  param.prefix ??= first(match, 'parameter.prefix');
  for (const modifier of match.captures.get('parameter.modifier') ?? []) pushUnique(param.modifiers, modifier.text);
}

function addImport(map: Map<number, RawImport>, match: Match, node: Node): void {
  let fact = map.get(node.id);
  if (!fact) {
    fact = { node, typeOnly: false, items: [] };
    map.set(node.id, fact);
  }
  // Several `@import.source` nodes (Rust's `a::{b::{c}}`: `a` and `b`) are one path, joined by `import.source.join`.
  // When several patterns give the node a source, the earliest pattern's wins, as for definitions' kinds.
  const sourceNodes = match.captures.get('import.source') ?? [];
  if (sourceNodes.length > 0 && (fact.source === undefined || match.patternIndex < (fact.sourcePattern ?? Infinity))) {
    const join = match.properties['import.source.join'];
    const parts = join === undefined ? sourceNodes.slice(0, 1) : [...sourceNodes].sort((a, b) => a.startIndex - b.startIndex);
    fact.source = strippedText(match.properties, 'import.source', parts[0] as Node, parts.map((node) => node.text).join(join ?? ''));
    fact.sourcePattern = match.patternIndex;
    fact.sourceNodes = parts;
  }
  fact.kind ??= match.properties.kind;
  const itemNode = first(match, 'import.item');
  const defaultNode = first(match, 'import.default');
  const namespaceNode = first(match, 'import.namespace');
  const nameNode = first(match, 'import.name');
  const aliasNode = first(match, 'import.alias');
  const items = fact.items;
  const add = (item: RawImport['items'][number]) => {
    const key = item.node?.id;
    if (key !== undefined && items.some((existing) => existing.node?.id === key)) return;
    items.push(item);
  };
  // `(#set! strip.import.name "^:")` and the like (Elixir's `only: [f: 1]`).
  const text = (capture: string, at: Node) => strippedText(match.properties, `import.${capture}`, at);
  if (defaultNode) {
    add({ node: defaultNode, name: 'default', alias: text('default', defaultNode), isDefault: true, isNamespace: false, typeOnly: false });
  }
  if (namespaceNode) {
    add({ node: namespaceNode, name: '*', alias: text('namespace', namespaceNode), isDefault: false, isNamespace: true, typeOnly: false });
  }
  if (nameNode) {
    const alias = aliasNode ? text('alias', aliasNode) : undefined;
    // `(#set! import.name "*")`: a wildcard written without a `*` (Go's `import . "fmt"`, C#'s `using A.B;`).
    const name = match.properties['import.name'] ?? text('name', nameNode);
    add({
      node: itemNode ?? nameNode,
      name,
      ...(alias && alias !== name ? { alias } : {}),
      isDefault: false,
      isNamespace: false,
      typeOnly: false,
    });
  } else {
    // `(#set! import.name "*")`: an item no node of the statement names (C's `#include` makes every name of the
    // header visible: a wildcard).
    const named = match.properties['import.name'];
    if (named !== undefined && !items.some((item) => item.node === undefined && item.name === named)) {
      items.push({ name: named, isDefault: false, isNamespace: false, typeOnly: false });
    }
  }
}

function addExport(map: Map<number, RawExport>, match: Match, node: Node): void {
  let fact = map.get(node.id);
  if (!fact) {
    fact = { node, declarations: [], isDefault: false, typeOnly: false, all: false, items: [] };
    map.set(node.id, fact);
  }
  for (const declaration of match.captures.get('export.declaration') ?? []) pushUniqueNode(fact.declarations, declaration);
  if (match.captures.has('export.default')) fact.isDefault = true;
  if (match.captures.has('export.all')) fact.all = true;
  const sourceNode = first(match, 'export.source');
  if (fact.source === undefined && sourceNode) {
    fact.source = sourceNode.text;
    fact.sourceNode = sourceNode;
  }
  fact.namespace ??= first(match, 'export.namespace')?.text;
  fact.assignment ??= first(match, 'export.assignment');
  const nameNode = first(match, 'export.name');
  if (nameNode) {
    const alias = first(match, 'export.alias')?.text;
    const exported = alias ?? nameNode.text;
    if (!fact.items.some((item) => (item.alias ?? item.name) === exported)) {
      const value = first(match, 'export.value');
      fact.items.push({ name: nameNode.text, node: nameNode, ...(alias ? { alias } : {}), ...(value ? { value } : {}) });
    }
  }
}
