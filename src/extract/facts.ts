/**
 * Extraction: (tree, query) -> plain facts, in named phases that each take data and return data:
 *
 * 1. captures: run the query, sort captures into raw facts (`captures.ts`);
 * 2. placement: where each definition sits (enclosing definition, local or not) and what wraps it (sibling walk);
 * 3. details: loose details, decorators, parameters and type-only marks attached to their owners;
 * 4. docs: doc comments above definitions (or `@doc` captures);
 * 5. exports: what the file exports, decided once;
 * 6. description: every definition written out as plain data (signatures, types, parameters);
 * 7. bindings: the file's scopes and the names bound in them, every name use resolved in the file (`bindings.ts`);
 * 8. references, imports and outline items, with positions and enclosing definitions.
 *
 * Reads capture names, never node types: what a construct is in a language is said by its queries
 * (`queries/<id>/*.scm`, vocabulary in `queries/README.md`). Never climbs `Node.parent` or asks for siblings per
 * node (quadratic in tree-sitter): spans and one cursor walk instead, so every phase is linear or n log n.
 *
 * @module
 */
import type { LanguageDefinition } from '../languages/define.js';
import type { LoadedLanguage } from '../languages/registry.js';
import { definitionKindInfo, kindInfo } from '../model/kinds.js';
import type { Binding, Definition, OutlineFacts, Reference } from '../model/facts.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Node, Range, Tree } from '../runtime/tree-sitter.js';
import type {
  CodeBlockInfo,
  ExportInfo,
  HeadingInfo,
  ImportInfo,
  KeyInfo,
  LinkInfo,
} from '../types.js';
import {
  applyDetail,
  applyParameterDetail,
  pushUniqueNode,
  type CallShape,
  type NameSpan,
  type RawCaptures,
  type RawDefinition,
  type RawExport,
  type RawImport,
  type RawOutline,
  type RawParameter,
  readCaptures,
} from './captures.js';
import { type BoundNames, bindNames } from './bindings.js';
import { withConditionals } from './conditions.js';
import { cleanDocComments, isDocComment } from './docs.js';
import type { LineIndex } from './lines.js';
import { type Level, type NodeContext, siblingContexts } from './siblings.js';
import {
  contentText,
  declaredType,
  parameterInfo,
  parameterProperties,
  signatureOf,
  type Source,
  typeName,
} from './signatures.js';
import { innermost, parents, type Span } from './spans.js';
import { foldWhitespace, shorten } from './text.js';

/** What extraction reads. */
export interface ExtractionInput {
  tree: Tree;
  loaded: LoadedLanguage;
  text: string;
  lines: LineIndex;
  deadline: Deadline;
}

/** The facts of one tree, and the ranges of other languages embedded in it. */
export interface Extraction {
  definitions: Definition[];
  references: Reference[];
  bindings: Binding[];
  imports: ImportInfo[];
  exports: ExportInfo[];
  outline: OutlineFacts;
  /** Ranges to parse with another registered language, by its id. */
  injections: Map<string, Range[]>;
}

const MAX_KEYS = 2000;
const MAX_KEY_DEPTH = 2;

/** A definition while extraction works on it: raw captures plus where it sits. */
interface Placed {
  raw: RawDefinition;
  index: number;
  container?: Placed;
  isLocal: boolean;
  /** Ancestors wrapping it without adding anything but keywords (a declaration of several names first). */
  wrappers: Span[];
  /** The node (or the declaration) and its wrappers, each with what precedes it: where doc comments are. */
  levels: Level[];
  depth: number;
}

const spanOf = (node: Node): Span => ({ start: node.startIndex, end: node.endIndex, id: node.id });

/** Extracts the facts of one tree. */
export function extractFacts(input: ExtractionInput): Extraction {
  const { tree, loaded, deadline } = input;
  const source: Source = { text: input.text };
  const raw = readCaptures(loaded.query, tree.rootNode, deadline);
  deadline.check();
  const { placed, contexts } = placeDefinitions(tree.rootNode, raw, loaded.definition, deadline);
  deadline.check();
  attachDetails(raw, placed, contexts);
  attachParameters(raw, placed);
  const docs = documentDefinitions(placed, raw, loaded.definition, input.lines);
  deadline.check();
  const exports = resolveExports(placed, raw, loaded.definition, input.lines, source);
  const definitions = withConditionals(describeDefinitions(placed, docs, exports, loaded.definition, input.lines, source), raw.conditions);
  deadline.check();
  const bound = bindNames(
    tree.rootNode,
    raw,
    placed.map((def) => ({ raw: def.raw, index: def.index, ...(def.container ? { containerKind: def.container.raw.kind } : {}) })),
    input.lines,
    deadline,
  );
  deadline.check();
  return {
    definitions,
    references: collectReferences(raw, placed, bound, input.lines),
    bindings: bound.bindings,
    imports: collectImports(raw, input.lines),
    exports: exports.entries,
    outline: collectOutline(raw.outline, input.lines),
    injections: injectionRanges(raw, loaded.definition),
  };
}

// ---- 2. placement -------------------------------------------------------------------------------------------

/**
 * Where each definition sits and what wraps it. Definitions come back in source order, with the sibling contexts of
 * every node the walk visited.
 */
function placeDefinitions(
  root: Node,
  raw: RawCaptures,
  language: LanguageDefinition,
  deadline: Deadline,
): { placed: Placed[]; contexts: Map<number, NodeContext> } {
  const defs = [...raw.definitions.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const bodies = new Set<number>();
  for (const def of defs) if (def.body) bodies.add(def.body.id);
  const decorators = new Set(raw.decorators.map((node) => node.id));
  const targets: Node[] = [];
  for (const def of defs) {
    targets.push(def.node);
    if (def.declaration) targets.push(def.declaration);
  }
  // The `type` token of `import type` / `export type`: its parent says what it marks.
  for (const detail of raw.details) if (detail.name === 'import.type' || detail.name === 'export.type') targets.push(detail.node);
  const contexts = siblingContexts(
    root,
    targets,
    { isComment: (id) => raw.comments.has(id), isDecorator: (id) => decorators.has(id), isBody: (id) => bodies.has(id) },
    deadline,
  );
  const placed: Placed[] = defs.map((def, index) => {
    const context: NodeContext | undefined = contexts.get((def.declaration ?? def.node).id);
    const levels = context?.levels ?? [{ ...spanOf(def.declaration ?? def.node), id: (def.declaration ?? def.node).id, run: [] }];
    const wrappers = def.declaration ? levels.map(spanOfLevel) : levels.slice(1).map(spanOfLevel);
    return { raw: def, index, isLocal: false, wrappers, levels, depth: contexts.get(def.node.id)?.depth ?? 0 };
  });
  // Nesting: the nearest enclosing definition; local when some enclosing definition is function-like, unless the
  // language says that kind is an item wherever it is declared (Rust's nested `fn` and `struct`).
  const items = new Set(language.bodyItems ?? []);
  const enclosing = parents(
    placed.map((def) => ({ ...spanOf(def.raw.node), def })),
    (span) => span.def.depth,
  );
  placed.forEach((def, i) => {
    const outer = enclosing[i]?.def;
    if (!outer) return;
    def.container = outer;
    def.isLocal = outer.isLocal || (kindInfo(outer.raw.kind).functionLike && !items.has(def.raw.kind));
  });
  return { placed, contexts };
}

function spanOfLevel(level: Level): Span {
  return { start: level.start, end: level.end, id: level.id };
}

// ---- 3. details ---------------------------------------------------------------------------------------------

type Owner = { def: Placed } | { param: RawParameter } | { body: true };

/**
 * Loose details attach to the nearest enclosing definition (or its wrappers) or parameter, never across a body; a
 * detail inside a declaration of several names but outside one name's node belongs to every name. Decorators
 * attach to the definition they stand before, else to their enclosing owner.
 */
function attachDetails(raw: RawCaptures, placed: Placed[], contexts: ReadonlyMap<number, NodeContext>): void {
  const owners = new Map<number, { span: Span; owner: Owner; rank: number }>();
  for (const def of placed) owners.set(def.raw.node.id, { span: spanOf(def.raw.node), owner: { def }, rank: 1 });
  const shared = new Map<number, Placed[]>();
  for (const def of placed) {
    const declaration = def.raw.declaration;
    if (declaration) {
      const list = shared.get(declaration.id) ?? [];
      list.push(def);
      shared.set(declaration.id, list);
    }
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
  const ownersOf = (node: Node, found: (typeof containers)[number] | undefined): Array<Placed | RawParameter> => {
    const owner = found?.entry.owner;
    if (!owner || 'body' in owner) return [];
    if ('param' in owner) return [owner.param];
    const def = owner.def;
    const declaration = def.raw.declaration;
    if (!declaration) return [def];
    const inOwnNode = node.startIndex >= def.raw.node.startIndex && node.endIndex <= def.raw.node.endIndex;
    return inOwnNode ? [def] : (shared.get(declaration.id) ?? [def]);
  };

  // Decorators right before a definition's node are its own; the rest go to their enclosing owner.
  const decoratorIds = new Set(raw.decorators.map((node) => node.id));
  const claimed = new Set<number>();
  const decoratorsById = new Map(raw.decorators.map((node) => [node.id, node]));
  for (const def of placed) {
    const context = contexts.get(def.raw.node.id);
    for (const item of context?.levels[0]?.run ?? []) {
      if (item.comment || !decoratorIds.has(item.id)) continue;
      const node = decoratorsById.get(item.id);
      if (!node) continue;
      pushUniqueNode(def.raw.decorators, node);
      claimed.add(item.id);
    }
  }
  const loose = raw.details.filter((detail) => detail.name !== 'import.type' && detail.name !== 'export.type');
  const unclaimed = raw.decorators.filter((node) => !claimed.has(node.id));
  const items = [...loose.map((detail) => spanOf(detail.node)), ...unclaimed.map(spanOf)];
  const found = innermost(containers, items, (container) => container.entry.rank);
  loose.forEach(({ name, node }, i) => {
    for (const owner of ownersOf(node, found[i])) {
      if ('raw' in owner) applyDetail(owner.raw, name, node);
      else applyParameterDetail(owner, name, node);
    }
  });
  unclaimed.forEach((node, i) => {
    for (const owner of ownersOf(node, found[loose.length + i])) if ('raw' in owner) pushUniqueNode(owner.raw.decorators, node);
  });
  markTypeOnly(raw, contexts);
}

/** `import type` / `import { type T }` / `export type { T }`: the statement or item the `type` token stands in. */
function markTypeOnly(raw: RawCaptures, contexts: ReadonlyMap<number, NodeContext>): void {
  const statements = new Map<number, { import?: RawImport; export?: RawExport }>();
  for (const [id, fact] of raw.imports) statements.set(id, { import: fact });
  for (const [id, fact] of raw.exports) statements.set(id, { ...statements.get(id), export: fact });
  const items = new Map<number, { typeOnly: boolean }>();
  for (const fact of raw.imports.values()) for (const item of fact.items) if (item.node) items.set(item.node.id, item);
  const containers = [
    ...[...raw.imports.values()].map((fact) => ({ ...spanOf(fact.node), statement: statements.get(fact.node.id) })),
    ...[...raw.exports.values()].map((fact) => ({ ...spanOf(fact.node), statement: statements.get(fact.node.id) })),
  ];
  const tokens = raw.details.filter((detail) => detail.name === 'import.type' || detail.name === 'export.type');
  const found = innermost(containers, tokens.map((detail) => spanOf(detail.node)));
  tokens.forEach(({ node }, i) => {
    const statement = found[i];
    if (!statement?.statement) return;
    const parentId = contexts.get(node.id)?.parentId;
    const importFact = statement.statement.import;
    if (importFact) {
      const item = parentId !== undefined ? items.get(parentId) : undefined;
      if (item) item.typeOnly = true;
      else importFact.typeOnly = true;
      return;
    }
    const exportFact = statement.statement.export;
    if (exportFact && statement.id === parentId) exportFact.typeOnly = true;
  });
}

/** Parameters belong to the definition whose `@parameters` node is them or their parent. */
function attachParameters(raw: RawCaptures, placed: Placed[]): void {
  const byList = new Map<number, Placed>();
  const byChild = new Map<number, Placed>();
  for (const def of placed) {
    def.raw.parameterLists.sort((a, b) => a.startIndex - b.startIndex);
    for (const list of def.raw.parameterLists) {
      byList.set(list.id, def);
      // One call per list: its children are the candidates whose parent it is (C#'s bare `params` token too).
      for (const child of list.children) if (child && !byChild.has(child.id)) byChild.set(child.id, def);
    }
  }
  const params = [...raw.parameters.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  for (const param of params) {
    const def = byList.get(param.node.id) ?? byChild.get(param.node.id);
    if (!def) continue;
    if (param.names.length <= 1) def.raw.params.push(param);
    else {
      const names = [...param.names].sort((a, b) => a.startIndex - b.startIndex);
      for (const name of names) def.raw.params.push({ ...param, name, names: [name] });
    }
  }
}

/** The `@parameters` list a parameter of a definition belongs to. */
function listOfParameter(def: RawDefinition): (param: RawParameter) => Node | undefined {
  const children = new Map<number, Node>();
  for (const list of def.parameterLists) {
    children.set(list.id, list);
    if (def.parameterLists.length > 1) for (const child of list.children) if (child) children.set(child.id, list);
  }
  return (param) => children.get(param.node.id);
}

// ---- 4. docs ------------------------------------------------------------------------------------------------

/** Each definition's doc comment: its `@doc` captures, or the comments right above it in the language's style. */
function documentDefinitions(placed: Placed[], raw: RawCaptures, language: LanguageDefinition, lines: LineIndex): Map<Placed, string> {
  const docs = new Map<Placed, string>();
  const style = language.docComments;
  for (const def of placed) {
    let doc: string | undefined;
    if (def.raw.docNodes.length > 0) doc = cleanDocComments(def.raw.docNodes.map((node) => node.text), style ?? {});
    else if (style) doc = docAbove(def.levels, raw.comments, style, lines);
    if (doc !== undefined) docs.set(def, doc);
  }
  return docs;
}

/**
 * The doc comment above a definition: at the node (or the declaration) or at the first wrapper with something
 * before it, the run of doc-style comments right above it (decorators and plain comments in between are skipped),
 * each no more than one line above the next, none trailing code on its own line; a block comment ends the run.
 */
function docAbove(
  levels: readonly Level[],
  comments: ReadonlyMap<number, Node>,
  style: NonNullable<LanguageDefinition['docComments']>,
  lines: LineIndex,
): string | undefined {
  const row = (offset: number) => lines.row(offset);
  for (const level of levels) {
    const run = level.run;
    let k = run.length - 1;
    let anchor = level.start;
    while (k >= 0 && !(run[k] as (typeof run)[number]).comment) {
      anchor = (run[k] as (typeof run)[number]).start;
      k--;
    }
    if (k < 0) {
      if (level.before?.named) return undefined;
      continue;
    }
    const collected: string[] = [];
    let belowRow = row(anchor);
    for (let j = k; j >= 0; j--) {
      const item = run[j] as (typeof run)[number];
      if (!item.comment) break;
      const text = comments.get(item.id)?.text ?? '';
      const block = style.block?.some(([open]) => text.startsWith(open)) ?? false;
      // Blank lines may part a `/** ... */` comment from what it documents (TypeScript, Javadoc, PHPDoc and KDoc
      // still attach it), or any comment in a `detached` style (clangd's); any other doc comment must touch it.
      if (row(item.end) < belowRow - 1 && !(j === k && (text.startsWith('/**') || style.detached === true))) break;
      if (!isDocComment(text, style)) {
        // A plain comment between a declaration and its doc comment (`/** Doc. */ // note` above a Java class) is
        // passed over, as javac and TypeScript read the doc comment before it; one above the doc ends it.
        if (collected.length > 0) break;
        belowRow = row(item.start);
        continue;
      }
      // A comment that trails code on its line (`a int, // the count`) documents that code, not what follows.
      const before = j > 0 ? run[j - 1] : undefined;
      const beforeEnd = before ? (before.comment ? undefined : before.end) : level.before?.end;
      if (beforeEnd !== undefined && row(beforeEnd) === row(item.start)) break;
      collected.unshift(text);
      if (block) break;
      belowRow = row(item.start);
    }
    return collected.length > 0 ? cleanDocComments(collected, style) : undefined;
  }
  return undefined;
}

// ---- 5. exports ---------------------------------------------------------------------------------------------

interface Exports {
  entries: ExportInfo[];
  exported: Set<Placed>;
  asDefault: Set<Placed>;
}

function isTopLevel(def: Placed): boolean {
  return !def.isLocal && (!def.container || def.container.raw.kind === 'module');
}

/**
 * What the file exports, decided once: definitions declared by export statements, then the language's convention
 * (modifiers, name patterns; members follow their container), an explicit list of names overriding the convention
 * (Python's `__all__`), then the names export statements list, `module.exports`, default exports and re-exports.
 */
function resolveExports(placed: Placed[], raw: RawCaptures, language: LanguageDefinition, lines: LineIndex, source: Source): Exports {
  const exported = new Set<Placed>();
  const asDefault = new Set<Placed>();
  const facts = [...raw.exports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  // Definitions by the node an export statement declares: the definition's own node, or one of its wrappers.
  const byDeclared = new Map<number, Placed[]>();
  for (const def of placed) {
    for (const id of [def.raw.node.id, ...def.wrappers.map((w) => w.id)]) {
      if (id === undefined) continue;
      const list = byDeclared.get(id) ?? [];
      if (!list.includes(def)) list.push(def);
      byDeclared.set(id, list);
    }
  }
  const declaredBy = (fact: RawExport): Placed[] => {
    const found = new Set<Placed>();
    for (const declaration of fact.declarations) for (const def of byDeclared.get(declaration.id) ?? []) found.add(def);
    return [...found].sort((a, b) => a.index - b.index);
  };
  for (const fact of facts) {
    for (const def of declaredBy(fact)) {
      exported.add(def);
      if (fact.isDefault) asDefault.add(def);
    }
  }
  const rule = language.exports;
  const convention = rule !== undefined && rule !== 'declared';
  if (convention) applyExportRule(placed, rule, exported);

  const entries: ExportInfo[] = [];
  const seen = new Set<string>();
  const push = (info: ExportInfo) => {
    const key = `${info.name}\u0000${info.source ?? ''}\u0000${info.isDefault}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(info);
  };
  const topLevel = new Map<string, Placed>();
  for (const def of placed) if (isTopLevel(def) && !topLevel.has(def.raw.name)) topLevel.set(def.raw.name, def);
  const importedNames = new Map<string, { source: string; name: string }>();
  for (const fact of raw.imports.values()) {
    if (fact.source === undefined) continue;
    for (const item of fact.items) importedNames.set(item.alias ?? item.name, { source: fact.source, name: item.name });
  }
  const lineOf = (def: Placed) => lines.position((def.raw.nameNode ?? def.raw.node).startIndex).line;
  const fromDefinition = (def: Placed, name: string, isDefault: boolean, line: number): ExportInfo => {
    const info: ExportInfo = {
      name,
      type: definitionKindInfo(def.raw.kind, def.raw.parameterLists.length > 0).exportType,
      signature: exportSignature(def.raw, language, source),
      isDefault,
      kind: def.raw.kind,
      line,
    };
    if (name !== def.raw.name) info.localName = def.raw.name;
    return info;
  };
  const byNode = new Map(placed.map((def) => [def.raw.node.id, def]));
  const defSpans = placed.map((def) => ({ ...spanOf(def.raw.node), def }));

  // An explicit list of names (Python's `__all__`) overrides the convention: only what it names is exported.
  const explicitList = facts.some((fact) => fact.items.length > 0 && fact.source === undefined);
  if (convention && explicitList) for (const def of placed) if (isTopLevel(def)) exported.delete(def);
  // Languages whose exports are a convention (Go, Rust, Python, ...): every exported top-level definition.
  if (convention && !explicitList) {
    for (const def of placed) {
      if (exported.has(def) && isTopLevel(def) && !def.raw.receiver) push(fromDefinition(def, def.raw.name, false, lineOf(def)));
    }
  }
  // Exports inside a namespace belong to the namespace, not to the file.
  const enclosing = innermost(defSpans, facts.map((fact) => spanOf(fact.node)));
  const values = facts.flatMap((fact) => fact.items.map((item) => item.value).filter((v): v is Node => v !== undefined));
  const valueOwners = new Map<number, Placed | undefined>();
  innermost(defSpans, values.map((value) => ({ start: value.startIndex, end: value.endIndex }))).forEach((found, i) =>
    valueOwners.set((values[i] as Node).id, found?.def),
  );
  facts.forEach((fact, factIndex) => {
    if (enclosing[factIndex]) return;
    const line = lines.position(fact.node.startIndex).line;
    let declared = false;
    for (const def of declaredBy(fact)) {
      if (!exported.has(def) || def.isLocal || def.container) continue;
      declared = true;
      push({ ...fromDefinition(def, def.raw.name, fact.isDefault, lineOf(def)), ...(fact.typeOnly ? { isTypeOnly: true } : {}) });
    }
    if (fact.isDefault && !declared) {
      const value = fact.declarations[0];
      const local = value ? topLevel.get(value.text) : undefined;
      if (local) {
        exported.add(local);
        push(fromDefinition(local, local.raw.name, true, line));
      } else push({ name: 'default', type: 'default', isDefault: true, line, ...(value ? { signature: shorten(value.text) } : {}) });
    }
    if (fact.all || fact.namespace !== undefined) {
      push({ name: fact.namespace ?? '*', type: 'reexport', isDefault: false, kind: 'namespace', source: fact.source ?? '', line });
    }
    // `module.exports = { a, b }` lists its names as items; the object itself is not a separate export.
    if (fact.assignment && fact.items.length === 0) {
      // `module.exports = name`, or a definition written in place (`module.exports = class Cursor { ... }`).
      const local = topLevel.get(fact.assignment.text) ?? byNode.get(fact.assignment.id);
      if (local) exported.add(local);
      push({
        name: 'export=',
        type: local ? definitionKindInfo(local.raw.kind, local.raw.parameterLists.length > 0).exportType : 'default',
        isDefault: true,
        kind: local?.raw.kind ?? 'value',
        ...(local
          ? { localName: local.raw.name, signature: exportSignature(local.raw, language, source) }
          : { signature: shorten(fact.assignment.text) }),
        line,
      });
    }
    for (const item of fact.items) {
      const name = item.alias ?? item.name;
      const isDefault = name === 'default';
      if (fact.source !== undefined) {
        push({
          name,
          type: 'reexport',
          isDefault,
          source: fact.source,
          ...(item.alias ? { localName: item.name } : {}),
          ...(fact.typeOnly ? { isTypeOnly: true } : {}),
          line,
        });
        continue;
      }
      const local = (item.value && valueOwners.get(item.value.id)) ?? topLevel.get(item.value?.text ?? item.name);
      const imported = local ? undefined : importedNames.get(item.value?.text ?? item.name);
      if (local) {
        exported.add(local);
        push({ ...fromDefinition(local, name, isDefault, line), ...(fact.typeOnly ? { isTypeOnly: true } : {}) });
      } else if (imported) {
        // An imported name exported again (`from .service import X` listed in `__all__`, `export { X }` of an import).
        push({
          name,
          type: 'reexport',
          isDefault,
          source: imported.source,
          ...(imported.name !== name ? { localName: imported.name } : {}),
          line,
        });
      } else {
        push({
          name,
          type: 'constant',
          isDefault,
          ...(item.alias ? { localName: item.name } : {}),
          ...(item.value ? { signature: shorten(item.value.text) } : {}),
          line,
        });
      }
    }
  });
  return { entries, exported, asDefault };
}

/** Marks exported definitions for languages whose exports are a naming or modifier convention. */
function applyExportRule(placed: Placed[], rule: Exclude<LanguageDefinition['exports'], 'declared' | undefined>, exported: Set<Placed>): void {
  const name = rule.namePattern ? new RegExp(rule.namePattern, 'u') : undefined;
  const unlessName = rule.unlessNamePattern ? new RegExp(rule.unlessNamePattern, 'u') : undefined;
  for (const def of placed) {
    const raw = def.raw;
    if (def.isLocal || raw.kind === 'import') continue;
    // Members follow their container: a public method of a private class is not part of the file's API.
    if (def.container && !exported.has(def.container)) continue;
    let isExported = rule.modifiers ? rule.modifiers.some((m) => raw.modifiers.includes(m)) : true;
    if (rule.unlessModifiers?.some((m) => raw.modifiers.includes(m))) isExported = false;
    if (name && !name.test(raw.name)) isExported = false;
    if (unlessName?.test(raw.name)) isExported = false;
    if (isExported) exported.add(def);
    else exported.delete(def);
  }
}

/** The signature of a function, or a short declaration of anything else (`class Box<T> extends Base`). */
function exportSignature(def: RawDefinition, language: LanguageDefinition, source: Source): string {
  if (definitionKindInfo(def.kind, def.parameterLists.length > 0).callable) return signatureOf(source, def, language.signature ?? {}, listOfParameter(def));
  const typeParameters = def.typeParameters ? foldWhitespace(def.typeParameters.text) : '';
  const base = def.extends.length > 0 ? ` extends ${def.extends.map(contentText).join(', ')}` : '';
  return `${def.kind} ${def.name}${typeParameters}${base}`;
}

// ---- 6. description -----------------------------------------------------------------------------------------

/** Every definition as plain data. */
function describeDefinitions(
  placed: Placed[],
  docs: Map<Placed, string>,
  exports: Exports,
  language: LanguageDefinition,
  lines: LineIndex,
  source: Source,
): Definition[] {
  const style = language.signature ?? {};
  return placed.map((def) => {
    const raw = def.raw;
    const at = lines.position((raw.nameNode ?? raw.node).startIndex);
    const info = definitionKindInfo(raw.kind, raw.parameterLists.length > 0);
    const out: Definition = {
      kind: raw.kind,
      name: raw.name,
      line: at.line,
      column: at.column,
      endLine: lines.endLine(raw.node.startIndex, raw.node.endIndex),
      start: raw.node.startIndex,
      end: raw.node.endIndex,
    };
    if (def.container) out.parent = def.container.index;
    if (def.isLocal) out.local = true;
    if (exports.exported.has(def)) out.exported = true;
    if (exports.asDefault.has(def)) out.exportedAsDefault = true;
    if (info.callable) {
      out.signature = signatureOf(source, raw, style, listOfParameter(raw));
      out.parameters = raw.params.map((param) => parameterInfo(source, param));
      if (!raw.body) out.declarationOnly = true;
    }
    const returnType = declaredType(source, raw, raw.returnType, true);
    if (returnType) out.returnType = returnType;
    if (raw.typeParameters) out.typeParameters = foldWhitespace(raw.typeParameters.text);
    const type = declaredType(source, raw, raw.type, false);
    if (type) out.type = type;
    if (raw.value) out.value = shorten(raw.value.text);
    if (raw.receiver) out.receiver = typeName(raw.receiver.text);
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
    const doc = docs.get(def);
    if (doc !== undefined) out.doc = doc;
    return out;
  });
}

// ---- 7. references, imports, outline ------------------------------------------------------------------------

/**
 * Every reference: the bound name uses (tagged references keep their kind), and the names of imports and exports,
 * each with the innermost definition it sits in.
 */
function collectReferences(raw: RawCaptures, placed: Placed[], bound: BoundNames, lines: LineIndex): Reference[] {
  const found = new Map<number, { name: string; kind: string; node: NameSpan; call?: CallShape; binding?: number; qualifier?: string; qualifierBinding?: number }>();
  for (const use of bound.uses.values()) found.set(use.node.startIndex, use);
  for (const fact of [...raw.imports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    for (const item of fact.items) {
      if (item.isDefault || item.isNamespace || !item.node) continue;
      // The imported name: the item's first part, or that part's last name when it is a path (`a::b` in `a::b as c`).
      const first = item.node.namedChildren[0];
      const last = first && first.text !== item.name ? first.namedChildren.at(-1) : undefined;
      const node = (last?.text === item.name ? last : first) ?? item.node;
      found.set(node.startIndex, { name: item.name, kind: 'import', node });
    }
  }
  for (const fact of [...raw.exports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    for (const item of fact.items) {
      const use = found.get(item.node.startIndex);
      found.set(item.node.startIndex, { ...use, name: item.name, kind: fact.source !== undefined ? 'reexport' : 'export', node: item.node });
    }
  }
  // In source order (a name's start), so an argument's value is found by where its name starts.
  const list = [...found.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const indexAt = new Map(list.map((ref, i) => [ref.node.startIndex, i]));
  const enclosing = innermost(
    placed.map((def) => ({ ...spanOf(def.raw.node), def })),
    list.map((ref) => ({ start: ref.node.startIndex, end: ref.node.endIndex })),
  );
  return list.map((ref, i): Reference => {
    const at = lines.position(ref.node.startIndex);
    const outer = enclosing[i]?.def;
    const reference: Reference = { name: ref.name, kind: ref.kind, line: at.line, column: at.column };
    if (outer) reference.enclosing = outer.index;
    if (ref.binding !== undefined) reference.binding = ref.binding;
    if (ref.qualifier !== undefined) reference.qualifier = ref.qualifier;
    if (ref.qualifierBinding !== undefined) reference.qualifierBinding = ref.qualifierBinding;
    const call = ref.call;
    if (call) {
      reference.arity = call.arity;
      if (call.spread) reference.spread = true;
      if (call.literals) reference.literals = call.literals;
      const values = call.values?.map((start) => indexAt.get(start) ?? -1);
      if (values?.some((value) => value >= 0)) reference.arguments = values;
    }
    return reference;
  });
}

/** Imports in source order, in the seed's shape. */
function collectImports(raw: RawCaptures, lines: LineIndex): ImportInfo[] {
  const imports: ImportInfo[] = [];
  for (const fact of [...raw.imports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    if (fact.source === undefined) continue;
    const kind = (fact.kind as ImportInfo['kind']) ?? (fact.items.length === 0 ? 'side-effect' : 'static');
    const info: ImportInfo = {
      source: fact.source,
      imports: fact.items.map((item) => ({
        name: item.name,
        ...(item.alias !== undefined ? { alias: item.alias } : {}),
        isDefault: item.isDefault,
        isNamespace: item.isNamespace,
        ...(item.typeOnly || fact.typeOnly ? { isTypeOnly: true } : {}),
      })),
      kind,
      line: lines.position(fact.node.startIndex).line,
    };
    if (fact.typeOnly) info.isTypeOnly = true;
    imports.push(info);
  }
  // `const x = require('m')` is matched both as a bare call and as a binding: keep the binding.
  const withItems = new Set(imports.filter((info) => info.imports.length > 0).map((info) => `${info.line}\u0000${info.source}`));
  return imports.filter((info) => !(info.kind === 'require' && info.imports.length === 0 && withItems.has(`${info.line}\u0000${info.source}`)));
}

function capturedText(item: RawOutline, name: string): string | undefined {
  const node = item.captures.get(name)?.[0];
  if (!node) return undefined;
  const strip = item.properties[`strip.${name}`];
  return strip ? node.text.replace(new RegExp(strip, 'g'), '') : node.text;
}

/** Keys (with their dotted paths), headings, code blocks and links of data and document languages. */
function collectOutline(outline: RawOutline[], lines: LineIndex): OutlineFacts {
  const sorted = [...outline].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const keys: KeyInfo[] = [];
  const headings: HeadingInfo[] = [];
  const codeBlocks: CodeBlockInfo[] = [];
  const links: LinkInfo[] = [];
  const keyItems = sorted.filter((item) => item.family === 'key');
  const keyParents = parents(keyItems.map((item) => ({ ...spanOf(item.node), item })));
  const keyPaths = new Map<RawOutline, { path: string; depth: number }>();
  keyItems.forEach((item, i) => {
    const name = capturedText(item, 'key.name') ?? '';
    const parentItem = keyParents[i]?.item;
    const parent = parentItem ? keyPaths.get(parentItem) : undefined;
    const path = parent ? `${parent.path}.${name}` : name;
    const depth = (parent?.depth ?? 0) + 1;
    keyPaths.set(item, { path, depth });
  });
  for (const item of sorted) {
    const line = lines.position(item.node.startIndex).line;
    if (item.family === 'key') {
      const { path, depth } = keyPaths.get(item) ?? { path: '', depth: 1 };
      if (depth > MAX_KEY_DEPTH || keys.length >= MAX_KEYS) continue;
      const valueKind = item.properties.kind ?? 'value';
      const key: KeyInfo = { name: capturedText(item, 'key.name') ?? '', path, valueKind, depth, line };
      const value = item.captures.get('key.value')?.[0];
      if (value && valueKind !== 'object' && valueKind !== 'array') key.value = shorten(value.text);
      keys.push(key);
    } else if (item.family === 'heading') {
      headings.push({
        level: Number(item.properties.level ?? 1),
        text: foldWhitespace(capturedText(item, 'heading.text') ?? ''),
        line: lines.position((item.captures.get('heading.text')?.[0] ?? item.node).startIndex).line,
      });
    } else if (item.family === 'code_block') {
      const language = capturedText(item, 'code_block.language');
      codeBlocks.push({ ...(language ? { language } : {}), line, endLine: lines.endLine(item.node.startIndex, item.node.endIndex) });
    } else {
      links.push({
        text: foldWhitespace(capturedText(item, 'link.text') ?? ''),
        url: (capturedText(item, 'link.url') ?? '').trim(),
        kind: item.properties.kind ?? 'link',
        line,
      });
    }
  }
  const result: OutlineFacts = {};
  if (keys.length > 0) result.keys = keys;
  if (headings.length > 0) result.headings = headings;
  if (codeBlocks.length > 0) result.codeBlocks = codeBlocks;
  if (links.length > 0) result.links = links;
  return result;
}

/** Ranges of the languages this one embeds, by registered language id, in source order. */
function injectionRanges(raw: RawCaptures, language: LanguageDefinition): Map<string, Range[]> {
  const ranges = new Map<string, Range[]>();
  if (!language.injections) return ranges;
  for (const { language: name, nodes } of raw.injections) {
    const target = language.injections[name];
    if (!target) continue;
    const list = ranges.get(target) ?? [];
    for (const node of nodes) {
      list.push({ startIndex: node.startIndex, endIndex: node.endIndex, startPosition: node.startPosition, endPosition: node.endPosition });
    }
    ranges.set(target, list);
  }
  for (const list of ranges.values()) list.sort((a, b) => a.startIndex - b.startIndex);
  return ranges;
}
