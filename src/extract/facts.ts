/**
 * Pure extraction: (tree, query matches) -> facts. Reads capture names, never node types: what a construct is
 * in a language is said by that language's queries (`queries/<id>/*.scm`, vocabulary in `queries/README.md`).
 *
 * @module
 */

import type { DocCommentStyle, LanguageDefinition } from '../languages/define.js';
import type { LoadedLanguage } from '../languages/registry.js';
import type { Node, Range, Tree } from '../runtime/tree-sitter.js';
import { cleanDocComments, isDocComment } from './docs.js';
import { foldWhitespace } from './text.js';

/** One definition found by a `@definition.<kind>` capture, with its details merged from every match. */
export interface DefinitionFact {
  kind: string;
  name: string;
  node: Node;
  nameNode?: Node;
  patternIndex: number;
  /** Every parameter list (`@parameters`), in order: Scala's `def f(a: Int)(implicit ec: EC)` has two. */
  parameterLists: Node[];
  body?: Node;
  returnType?: Node;
  typeParameters?: Node;
  type?: Node;
  value?: Node;
  /** The receiver type of a method declared outside its type (Go `func (s *S) M()`). */
  receiver?: Node;
  /** What the name is written on in the signature (Kotlin's extension `fun String.masked()`): `@name.qualifier`. */
  qualifier?: Node;
  /** C's declarator around the name (`*name`, `name[8]`, `*f(int)`): completes `type`/`returnType`. */
  declarator?: Node;
  /**
   * The statement declaring several names at once (`int x, y;`, Go's `const A, B = 1, 2`), when the definition is
   * one of them: its doc comment, modifiers and decorators are every name's.
   */
  declaration?: Node;
  /**
   * Other nodes of a type written apart (`@return_type.part`, `@type.part`): Dart's `Future` `<T>` `?` are siblings,
   * C's `const` precedes the type. The type spans from its first to its last part.
   */
  returnTypeParts: Node[];
  typeParts: Node[];
  modifiers: string[];
  extends: Node[];
  implements: Node[];
  decorators: Node[];
  docNodes: Node[];
  optional: boolean;
  isGenerator: boolean;
  params: ParameterFact[];
  /** Nearest enclosing definition. */
  container?: DefinitionFact;
  /** True when some enclosing definition is a function, method or constructor. */
  isLocal: boolean;
  /** Nodes that wrap the definition without adding anything but keywords (`export`, `const`, decorators). */
  wrappers: Node[];
  doc?: string;
  exported: boolean;
  exportedAsDefault: boolean;
}

/** One parameter found by a `@parameter` capture. */
export interface ParameterFact {
  node: Node;
  name?: Node;
  /** Every name the parameter declares: Go's `a, b int` declares two parameters with one type. */
  names: Node[];
  type?: Node;
  defaultValue?: Node;
  optional: boolean;
  rest: boolean;
  /** The token written before a rest parameter (`*`, `**`, `...`), when the query captures it. */
  prefix?: Node;
  /** Other nodes of the parameter's type written apart (`@parameter.type.part`). */
  typeParts: Node[];
  modifiers: string[];
}

/** One reference found by a `@reference.<kind>` capture. */
export interface ReferenceFact {
  kind: string;
  name: string;
  node: Node;
  nameNode: Node;
}

/** One import statement or call, with its items. */
export interface ImportFact {
  node: Node;
  source?: string;
  kind?: string;
  typeOnly: boolean;
  items: Array<{
    node?: Node;
    name: string;
    alias?: string;
    isDefault: boolean;
    isNamespace: boolean;
    typeOnly: boolean;
  }>;
}

/** One export statement (or CommonJS assignment), with what it exports. */
export interface ExportFact {
  node: Node;
  declarations: Node[];
  isDefault: boolean;
  typeOnly: boolean;
  all: boolean;
  source?: string;
  namespace?: string;
  assignment?: Node;
  items: Array<{ name: string; alias?: string; value?: Node; node: Node }>;
}

/** An outline item of a data or document language. */
export interface OutlineFact {
  family: 'key' | 'heading' | 'code_block' | 'link';
  node: Node;
  captures: Map<string, Node[]>;
  properties: Record<string, string>;
}

/** Everything extracted from one tree. */
export interface FileFacts {
  definitions: DefinitionFact[];
  /** Definitions by the id of their node. */
  definitionsByNode: Map<number, DefinitionFact>;
  references: ReferenceFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  outline: OutlineFact[];
  /**
   * Trees of injected languages whose nodes these facts reference. The caller deletes them (with the main tree)
   * once it has built its results: a node of a deleted tree reads garbage.
   */
  injectedTrees: Tree[];
}

/** Languages embedded in the file (by injection name), loaded by the caller; extraction does no I/O. */
export type InjectionLanguages = ReadonlyMap<string, LoadedLanguage>;

interface MatchView {
  patternIndex: number;
  captures: Map<string, Node[]>;
  properties: Record<string, string>;
}

const FUNCTION_KINDS = new Set(['function', 'method', 'constructor']);
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

/**
 * Runs a language's query over a tree and gathers the facts. Injected languages (Markdown's inline content)
 * are parsed over their ranges and their facts merged.
 */
export function extractFacts(
  tree: Tree,
  loaded: LoadedLanguage,
  text: string,
  injections: InjectionLanguages = new Map(),
): FileFacts {
  const views = readMatches(loaded, tree.rootNode);
  const facts = collect(views, loaded);
  for (const [name, ranges] of injectionRanges(views, loaded)) {
    const injected = injections.get(name);
    if (!injected) continue;
    const subTree = injected.parser.parse(text, null, { includedRanges: ranges });
    if (!subTree) continue;
    facts.injectedTrees.push(subTree);
    const sub = extractFacts(subTree, injected, text);
    facts.injectedTrees.push(...sub.injectedTrees);
    facts.definitions.push(...sub.definitions);
    for (const def of sub.definitions) facts.definitionsByNode.set(def.node.id, def);
    facts.references.push(...sub.references);
    facts.imports.push(...sub.imports);
    facts.outline.push(...sub.outline);
  }
  facts.outline.sort((a, b) => a.node.startIndex - b.node.startIndex);
  facts.imports.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return facts;
}

function readMatches(loaded: LoadedLanguage, root: Node): MatchView[] {
  const { query } = loaded;
  const views: MatchView[] = [];
  for (const match of query.matches(root)) {
    const captures = new Map<string, Node[]>();
    for (const capture of match.captures) {
      if (capture.name.startsWith('_')) continue;
      const list = captures.get(capture.name);
      if (list) {
        if (!list.some((node) => node.id === capture.node.id)) list.push(capture.node);
      } else captures.set(capture.name, [capture.node]);
    }
    const properties: Record<string, string> = {};
    for (const [key, value] of Object.entries(match.setProperties ?? {})) if (value != null) properties[key] = value;
    views.push({ patternIndex: match.patternIndex, captures, properties });
  }
  return views;
}

function first(view: MatchView, name: string): Node | undefined {
  return view.captures.get(name)?.[0];
}

/** A capture's text without what the pattern's `strip.<capture>` regex matches (quotes, sigils, brackets). */
function strippedText(view: MatchView, capture: string, node: Node, text = node.text): string {
  const strip = view.properties[`strip.${capture}`];
  return strip ? text.replace(new RegExp(strip, 'gu'), '') : text;
}

/** The source text from the first node's start to the last node's end (siblings, or a node and its neighbours). */
export function sourceSpan(nodes: ReadonlyArray<Node | undefined>): string {
  const present = nodes.filter((node): node is Node => node !== undefined);
  const [first] = present;
  if (!first) return '';
  const start = Math.min(...present.map((node) => node.startIndex));
  const end = Math.max(...present.map((node) => node.endIndex));
  if (start === first.startIndex && end === first.endIndex) return first.text;
  let holder: Node | null = first;
  while (holder && (holder.startIndex > start || holder.endIndex < end)) holder = holder.parent;
  return holder ? holder.text.slice(start - holder.startIndex, end - holder.startIndex) : first.text;
}

/** A type written in several nodes (Dart's `Future` `<T>` `?`, C's `const` `char`), whitespace folded. */
export function spanText(start: Node, parts: readonly Node[] = []): string {
  return foldWhitespace(sourceSpan([start, ...parts]));
}

function collect(views: MatchView[], loaded: LoadedLanguage): FileFacts {
  const definitions = new Map<number, DefinitionFact>();
  const parameters = new Map<number, ParameterFact>();
  const references: ReferenceFact[] = [];
  const referenced = new Set<number>();
  const imports = new Map<number, ImportFact>();
  const exportFacts = new Map<number, ExportFact>();
  const outline: OutlineFact[] = [];
  const comments = new Set<number>();
  const decorators: Node[] = [];
  const looseDetails: Array<{ name: string; node: Node }> = [];
  const unnamed: Array<{ view: MatchView; name: string; node: Node }> = [];

  for (const view of views) {
    let consumed = false;
    for (const [name, nodes] of view.captures) {
      const node = nodes[0];
      if (!node) continue;
      if (name.startsWith('definition.')) {
        if (!addDefinition(definitions, view, name.slice('definition.'.length), node)) unnamed.push({ view, name, node });
        consumed = true;
      } else if (name.startsWith('reference.')) {
        const nameNode = first(view, 'name') ?? node;
        // Two patterns may tag the same name (a shared and a language file): one reference per name node.
        if (referenced.has(nameNode.id)) continue;
        referenced.add(nameNode.id);
        references.push({ kind: name.slice('reference.'.length), name: strippedText(view, 'name', nameNode), node, nameNode });
        consumed = true;
      } else if (name === 'parameter') {
        addParameter(parameters, view, node);
        consumed = true;
      } else if (name === 'import') {
        addImport(imports, view, node);
        consumed = true;
      } else if (name === 'export') {
        addExport(exportFacts, view, node);
        consumed = true;
      } else if (name === 'key' || name === 'heading' || name === 'code_block' || name === 'link') {
        outline.push({ family: name, node, captures: view.captures, properties: view.properties });
        consumed = true;
      } else if (name === 'comment') {
        comments.add(node.id);
        consumed = true;
      } else if (name === 'decorator') {
        decorators.push(node);
        consumed = true;
      }
    }
    if (consumed) continue;
    for (const [name, nodes] of view.captures) {
      if (DETAIL_CAPTURES.has(name) || name.startsWith('modifier.')) {
        for (const node of nodes) looseDetails.push({ name, node });
      }
    }
  }

  // Details matched before the pattern that names their definition (a later pattern, an earlier match).
  for (const { view, name, node } of unnamed) addDefinition(definitions, view, name.slice('definition.'.length), node);
  const defs = [...definitions.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const bodies = new Set<number>();
  const byNode = new Map<number, DefinitionFact>();
  for (const def of defs) {
    byNode.set(def.node.id, def);
    if (def.body) bodies.add(def.body.id);
  }
  const decoratorIds = new Set(decorators.map((node) => node.id));
  const siblings = new Siblings();
  for (const def of defs) {
    def.wrappers = def.declaration
      ? [def.declaration, ...wrappersOf(def.declaration, bodies, decoratorIds, siblings)]
      : wrappersOf(def.node, bodies, decoratorIds, siblings);
  }

  // Owners of loose details: definitions (and their wrappers), parameters, imports and their items. A declaration
  // of several names owns them all.
  const owners = new Map<number, DefinitionFact | ParameterFact>();
  const shared = new Map<number, DefinitionFact[]>();
  for (const def of defs) owners.set(def.node.id, def);
  for (const def of defs) {
    if (def.declaration) {
      const list = shared.get(def.declaration.id) ?? [];
      list.push(def);
      shared.set(def.declaration.id, list);
    }
    for (const wrapper of def.wrappers) if (!owners.has(wrapper.id)) owners.set(wrapper.id, def);
  }
  for (const param of parameters.values()) owners.set(param.node.id, param);
  const ownersOf = (node: Node): Array<DefinitionFact | ParameterFact> => {
    const owner = findOwner(node, owners, bodies);
    if (!owner) return [];
    if (!('kind' in owner) || !owner.declaration) return [owner];
    // A detail inside the declaration but outside any one name's node belongs to every name.
    const inOwnNode = node.startIndex >= owner.node.startIndex && node.endIndex <= owner.node.endIndex;
    return inOwnNode ? [owner] : (shared.get(owner.declaration.id) ?? [owner]);
  };

  for (const { name, node } of looseDetails) {
    if (name === 'import.type' || name === 'export.type') {
      markTypeOnly(node, imports, exportFacts);
      continue;
    }
    for (const owner of ownersOf(node)) {
      if ('kind' in owner) applyDetail(owner, name, node);
      else if (name === 'parameter.modifier' || name === 'modifier') pushUnique(owner.modifiers, node.text);
    }
  }
  for (const decorator of decorators) {
    const next = nextDefinition(decorator, byNode, decoratorIds, comments);
    for (const owner of next ? [next] : ownersOf(decorator)) {
      if ('kind' in owner) pushUniqueNode(owner.decorators, decorator);
    }
  }

  // Parameters belong to the definition whose @parameters node is them or their parent.
  const byParameters = new Map<number, DefinitionFact>();
  for (const def of defs) {
    def.parameterLists.sort((a, b) => a.startIndex - b.startIndex);
    for (const list of def.parameterLists) byParameters.set(list.id, def);
  }
  const sortedParams = [...parameters.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  for (const param of sortedParams) {
    const def =
      byParameters.get(param.node.id) ?? (param.node.parent ? byParameters.get(param.node.parent.id) : undefined);
    if (!def) continue;
    if (param.names.length <= 1) def.params.push(param);
    else {
      const names = [...param.names].sort((a, b) => a.startIndex - b.startIndex);
      for (const name of names) def.params.push({ ...param, name, names: [name] });
    }
  }

  // Nesting: the nearest enclosing definition, and whether any enclosing one is a function.
  for (const def of defs) {
    let node = def.node.parent;
    while (node) {
      const outer = byNode.get(node.id);
      if (outer) {
        def.container ??= outer;
        if (FUNCTION_KINDS.has(outer.kind)) {
          def.isLocal = true;
          break;
        }
      }
      node = node.parent;
    }
  }

  const style = loaded.definition.docComments;
  for (const def of defs) {
    if (def.docNodes.length > 0) def.doc = cleanDocComments(def.docNodes.map(docText), style ?? {});
    else if (style) def.doc = findDocComment(def, comments, decoratorIds, style, siblings);
  }

  const exportList = [...exportFacts.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const declared = new Map<number, ExportFact>();
  for (const fact of exportList) for (const declaration of fact.declarations) declared.set(declaration.id, fact);
  for (const def of defs) {
    const fact = declared.get(def.node.id) ?? def.wrappers.map((w) => declared.get(w.id)).find((f) => f !== undefined);
    if (!fact) continue;
    def.exported = true;
    if (fact.isDefault) def.exportedAsDefault = true;
  }
  applyExportRule(defs, loaded.definition.exports);

  return {
    definitions: defs,
    definitionsByNode: byNode,
    references,
    imports: [...imports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex),
    exports: exportList,
    outline,
    injectedTrees: [],
  };
}

/** Marks exported definitions for languages whose exports are a naming or modifier convention. */
function applyExportRule(defs: DefinitionFact[], rule: LanguageDefinition['exports']): void {
  if (!rule || rule === 'declared') return;
  const name = rule.namePattern ? new RegExp(rule.namePattern, 'u') : undefined;
  const unlessName = rule.unlessNamePattern ? new RegExp(rule.unlessNamePattern, 'u') : undefined;
  for (const def of defs) {
    if (def.isLocal || def.kind === 'import') continue;
    // Members follow their container: a public method of a private class is not part of the file's API.
    if (def.container && !def.container.exported) continue;
    let exported = rule.modifiers ? rule.modifiers.some((m) => def.modifiers.includes(m)) : true;
    if (rule.unlessModifiers?.some((m) => def.modifiers.includes(m))) exported = false;
    if (name && !name.test(def.name)) exported = false;
    if (unlessName?.test(def.name)) exported = false;
    def.exported = exported;
  }
}

function docText(node: Node): string {
  return node.text;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function pushUniqueNode(list: Node[], node: Node): void {
  if (!list.some((known) => known.id === node.id)) list.push(node);
}

/**
 * Adds (or merges into) the definition of `node`. A match without a name can only add details to a definition
 * another pattern names: it returns false when that definition is not known yet, so the caller retries it last.
 */
function addDefinition(map: Map<number, DefinitionFact>, view: MatchView, kind: string, node: Node): boolean {
  const nameNode = first(view, 'name');
  // Folded first: a strip pattern sees the name on one line.
  const name = view.properties.name ?? (nameNode ? strippedText(view, 'name', nameNode, foldWhitespace(nameNode.text)) : undefined);
  let def = map.get(node.id);
  if (!def) {
    if (name === undefined) return false;
    def = {
      kind,
      name,
      node,
      nameNode: view.properties.name ? undefined : nameNode,
      patternIndex: view.patternIndex,
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
      isLocal: false,
      wrappers: [],
      exported: false,
      exportedAsDefault: false,
    };
    map.set(node.id, def);
  } else if (view.patternIndex < def.patternIndex) {
    // The earliest pattern in the query decides what a node is.
    def.kind = kind;
    def.patternIndex = view.patternIndex;
  }
  for (const list of view.captures.get('parameters') ?? []) {
    pushUniqueNode(def.parameterLists, list);
  }
  def.body ??= first(view, 'body');
  def.returnType ??= first(view, 'return_type');
  def.typeParameters ??= first(view, 'type_parameters');
  def.type ??= first(view, 'type');
  def.value ??= first(view, 'value');
  def.receiver ??= first(view, 'receiver');
  def.qualifier ??= first(view, 'name.qualifier');
  def.declarator ??= first(view, 'declarator');
  def.declaration ??= first(view, 'declaration');
  for (const part of view.captures.get('return_type.part') ?? []) applyDetail(def, 'return_type.part', part);
  for (const part of view.captures.get('type.part') ?? []) applyDetail(def, 'type.part', part);
  for (const [capture, nodes] of view.captures) {
    if (capture === 'doc') {
      for (const docNode of nodes) pushUniqueNode(def.docNodes, docNode);
    } else if (capture === 'modifier' || capture.startsWith('modifier.') || capture === 'optional') {
      for (const detail of nodes) applyDetail(def, capture, detail);
    } else if (capture === 'extends' || capture === 'implements') {
      for (const detail of nodes) applyDetail(def, capture, detail);
    }
  }
  return true;
}

function applyDetail(def: DefinitionFact, capture: string, node: Node): void {
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

function addParameter(map: Map<number, ParameterFact>, view: MatchView, node: Node): void {
  let param = map.get(node.id);
  if (!param) {
    param = { node, names: [], optional: false, rest: false, modifiers: [], typeParts: [] };
    map.set(node.id, param);
  }
  for (const name of view.captures.get('parameter.name') ?? []) pushUniqueNode(param.names, name);
  param.name ??= param.names[0];
  param.type ??= first(view, 'parameter.type');
  for (const part of view.captures.get('parameter.type.part') ?? []) pushUniqueNode(param.typeParts, part);
  param.defaultValue ??= first(view, 'parameter.default');
  if (view.captures.has('parameter.optional')) param.optional = true;
  if (view.captures.has('parameter.rest')) param.rest = true;
  param.prefix ??= first(view, 'parameter.prefix');
  for (const modifier of view.captures.get('parameter.modifier') ?? []) pushUnique(param.modifiers, modifier.text);
}

function addImport(map: Map<number, ImportFact>, view: MatchView, node: Node): void {
  let fact = map.get(node.id);
  if (!fact) {
    fact = { node, typeOnly: false, items: [] };
    map.set(node.id, fact);
  }
  const sourceNode = first(view, 'import.source');
  if (sourceNode && fact.source === undefined) fact.source = strippedText(view, 'import.source', sourceNode);
  fact.kind ??= view.properties.kind;
  const itemNode = first(view, 'import.item');
  const defaultNode = first(view, 'import.default');
  const namespaceNode = first(view, 'import.namespace');
  const nameNode = first(view, 'import.name');
  const aliasNode = first(view, 'import.alias');
  const add = (item: ImportFact['items'][number]) => {
    const key = item.node?.id;
    if (key !== undefined && fact.items.some((existing) => existing.node?.id === key)) return;
    fact.items.push(item);
  };
  // `(#set! strip.import.name "^:")` and the like (Elixir's `only: [f: 1]`).
  const text = (capture: string, node: Node) => strippedText(view, `import.${capture}`, node);
  if (defaultNode) {
    add({
      node: defaultNode,
      name: 'default',
      alias: text('default', defaultNode),
      isDefault: true,
      isNamespace: false,
      typeOnly: false,
    });
  }
  if (namespaceNode) {
    add({
      node: namespaceNode,
      name: '*',
      alias: text('namespace', namespaceNode),
      isDefault: false,
      isNamespace: true,
      typeOnly: false,
    });
  }
  if (nameNode) {
    const alias = aliasNode ? text('alias', aliasNode) : undefined;
    const name = text('name', nameNode);
    add({
      node: itemNode ?? nameNode,
      name,
      ...(alias && alias !== name ? { alias } : {}),
      isDefault: false,
      isNamespace: false,
      typeOnly: false,
    });
  }
}

function addExport(map: Map<number, ExportFact>, view: MatchView, node: Node): void {
  let fact = map.get(node.id);
  if (!fact) {
    fact = { node, declarations: [], isDefault: false, typeOnly: false, all: false, items: [] };
    map.set(node.id, fact);
  }
  for (const declaration of view.captures.get('export.declaration') ?? []) {
    pushUniqueNode(fact.declarations, declaration);
  }
  if (view.captures.has('export.default')) fact.isDefault = true;
  if (view.captures.has('export.all')) fact.all = true;
  fact.source ??= first(view, 'export.source')?.text;
  fact.namespace ??= first(view, 'export.namespace')?.text;
  fact.assignment ??= first(view, 'export.assignment');
  const nameNode = first(view, 'export.name');
  if (nameNode) {
    const alias = first(view, 'export.alias')?.text;
    const exported = alias ?? nameNode.text;
    if (!fact.items.some((item) => (item.alias ?? item.name) === exported)) {
      const value = first(view, 'export.value');
      fact.items.push({ name: nameNode.text, node: nameNode, ...(alias ? { alias } : {}), ...(value ? { value } : {}) });
    }
  }
}

function markTypeOnly(node: Node, imports: Map<number, ImportFact>, exportFacts: Map<number, ExportFact>): void {
  for (let current: Node | null = node.parent; current; current = current.parent) {
    const importFact = imports.get(current.id);
    if (importFact) {
      const item = importFact.items.find((candidate) => candidate.node?.id === node.parent?.id);
      if (item) item.typeOnly = true;
      else importFact.typeOnly = true;
      return;
    }
    const exportFact = exportFacts.get(current.id);
    if (exportFact) {
      if (current.id === node.parent?.id) exportFact.typeOnly = true;
      return;
    }
  }
}

/**
 * Previous siblings in O(1). tree-sitter finds a node's previous sibling by walking its parent's children from the
 * first, so asking it for every definition of a file with 100,000 top-level statements is quadratic.
 */
class Siblings {
  readonly #byParent = new Map<number, { children: Node[]; index: Map<number, number> }>();

  previous(node: Node): Node | null {
    const parent = node.parent;
    if (!parent) return null;
    let entry = this.#byParent.get(parent.id);
    if (!entry) {
      const children = parent.children.filter((child): child is Node => child !== null);
      entry = { children, index: new Map(children.map((child, i) => [child.id, i])) };
      this.#byParent.set(parent.id, entry);
    }
    const i = entry.index.get(node.id);
    return i === undefined || i === 0 ? null : (entry.children[i - 1] ?? null);
  }
}

/** The nodes a definition sits in without anything but keywords or decorators before it. */
function wrappersOf(node: Node, bodies: Set<number>, decoratorIds: Set<number>, siblings: Siblings): Node[] {
  const wrappers: Node[] = [];
  let current = node;
  for (;;) {
    let previous = siblings.previous(current);
    while (previous && decoratorIds.has(previous.id)) previous = siblings.previous(previous);
    if (previous?.isNamed) break;
    const parent = current.parent;
    if (!parent?.parent || bodies.has(parent.id)) break;
    wrappers.push(parent);
    current = parent;
  }
  return wrappers;
}

function findOwner(
  node: Node,
  owners: Map<number, DefinitionFact | ParameterFact>,
  bodies: Set<number>,
): DefinitionFact | ParameterFact | undefined {
  for (let current = node.parent; current; current = current.parent) {
    const owner = owners.get(current.id);
    if (owner) return owner;
    if (bodies.has(current.id)) return undefined;
  }
  return undefined;
}

function nextDefinition(
  decorator: Node,
  byNode: Map<number, DefinitionFact>,
  decoratorIds: Set<number>,
  comments: Set<number>,
): DefinitionFact | undefined {
  let next = decorator.nextNamedSibling;
  while (next && (decoratorIds.has(next.id) || comments.has(next.id))) next = next.nextNamedSibling;
  return next ? byNode.get(next.id) : undefined;
}

function findDocComment(
  def: DefinitionFact,
  comments: Set<number>,
  decoratorIds: Set<number>,
  style: DocCommentStyle,
  siblings: Siblings,
): string | undefined {
  // With a declaration of several names, the comment is above the declaration, not beside a name.
  for (const current of def.declaration ? def.wrappers : [def.node, ...def.wrappers]) {
    let anchor: Node = current;
    let previous = siblings.previous(current);
    while (previous && decoratorIds.has(previous.id)) {
      anchor = previous;
      previous = siblings.previous(previous);
    }
    if (!previous) continue;
    if (!comments.has(previous.id)) {
      if (previous.isNamed) return undefined;
      continue;
    }
    const run: Node[] = [];
    let comment: Node | null = previous;
    let below = anchor;
    while (comment && comments.has(comment.id) && comment.endPosition.row >= below.startPosition.row - 1) {
      if (!isDocComment(comment.text, style)) break;
      // A comment that trails code on its line (`a int, // the count`) documents that code, not what follows.
      const before = siblings.previous(comment);
      if (before && !comments.has(before.id) && before.endPosition.row === comment.startPosition.row) break;
      run.unshift(comment);
      if (style.block?.some(([open]) => comment?.text.startsWith(open))) break;
      below = comment;
      comment = siblings.previous(comment);
    }
    return run.length > 0 ? cleanDocComments(run.map(docText), style) : undefined;
  }
  return undefined;
}

function injectionRanges(views: MatchView[], loaded: LoadedLanguage): Map<string, Range[]> {
  const ranges = new Map<string, Range[]>();
  if (!loaded.definition.injections) return ranges;
  for (const view of views) {
    const language = view.properties['injection.language'];
    const content = view.captures.get('injection.content');
    if (!language || !content) continue;
    const target = loaded.definition.injections[language];
    if (!target) continue;
    const list = ranges.get(target) ?? [];
    for (const node of content) {
      list.push({
        startIndex: node.startIndex,
        endIndex: node.endIndex,
        startPosition: node.startPosition,
        endPosition: node.endPosition,
      });
    }
    ranges.set(target, list);
  }
  for (const list of ranges.values()) list.sort((a, b) => a.startIndex - b.startIndex);
  return ranges;
}
