/**
 * Imports (and the type-only marks of imports and exports): from raw import statements to the facts' import list.
 *
 * @module
 */
import type { ModuleSource } from '../model/facts.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { ImportInfo } from '../types.js';
import type { RawCaptures, RawExport, RawImport } from './raw.js';
import { spanOf, TYPE_ONLY_DETAILS } from './definitions.js';
import type { LineIndex } from './lines.js';
import type { NodeContext } from './siblings.js';
import { innermost } from './spans.js';

/** Where the `type` tokens of a file point: import items, and whole import or export statements, by node id. */
interface TypeOnlyMarks {
  /** Import items (the last item object with that node, as imports list them). */
  items: Set<RawImport['items'][number]>;
  imports: Set<number>;
  exports: Set<number>;
}

/**
 * `import type` / `import { type T }` / `export type { T }`: the statement or item the `type` token stands in. In: the
 * raw captures (imports, exports, the `import.type` / `export.type` tokens) and the tokens' sibling contexts (their
 * parents). Out: the imports and exports, those the tokens mark copied with `typeOnly` set.
 */
export function markTypeOnly(
  raw: RawCaptures,
  contexts: ReadonlyMap<number, NodeContext>,
): { imports: Map<number, RawImport>; exports: Map<number, RawExport> } {
  const marks = typeOnlyMarks(raw, contexts);
  const imports = new Map<number, RawImport>();
  for (const [id, fact] of raw.imports) {
    const marked = marks.imports.has(id);
    const items = fact.items.some((item) => marks.items.has(item))
      ? fact.items.map((item) => (marks.items.has(item) ? { ...item, typeOnly: true } : item))
      : fact.items;
    imports.set(id, marked || items !== fact.items ? { ...fact, items, ...(marked ? { typeOnly: true } : {}) } : fact);
  }
  const exports = new Map<number, RawExport>();
  for (const [id, fact] of raw.exports) exports.set(id, marks.exports.has(id) ? { ...fact, typeOnly: true } : fact);
  return { imports, exports };
}

/** What each `type` token marks: the import item that is its parent, else its import statement, else the export statement that is its parent. */
function typeOnlyMarks(raw: RawCaptures, contexts: ReadonlyMap<number, NodeContext>): TypeOnlyMarks {
  const marks: TypeOnlyMarks = { items: new Set(), imports: new Set(), exports: new Set() };
  const statements = new Map<number, { import?: RawImport; export?: RawExport }>();
  for (const [id, fact] of raw.imports) statements.set(id, { import: fact });
  for (const [id, fact] of raw.exports) statements.set(id, { ...statements.get(id), export: fact });
  const items = new Map<number, RawImport['items'][number]>();
  for (const fact of raw.imports.values()) for (const item of fact.items) if (item.node) items.set(item.node.id, item);
  const containers = [
    ...[...raw.imports.values()].map((fact) => ({ ...spanOf(fact.node), statement: statements.get(fact.node.id) })),
    ...[...raw.exports.values()].map((fact) => ({ ...spanOf(fact.node), statement: statements.get(fact.node.id) })),
  ];
  const tokens = raw.details.filter((detail) => TYPE_ONLY_DETAILS.has(detail.name));
  const found = innermost(containers, tokens.map((detail) => spanOf(detail.node)));
  tokens.forEach(({ node }, i) => {
    const statement = found[i];
    if (!statement?.statement) return;
    const parentId = contexts.get(node.id)?.parentId;
    const importFact = statement.statement.import;
    if (importFact) {
      const item = parentId !== undefined ? items.get(parentId) : undefined;
      if (item) marks.items.add(item);
      else marks.imports.add(importFact.node.id);
      return;
    }
    const exportFact = statement.statement.export;
    if (exportFact && statement.id === parentId) marks.exports.add(exportFact.node.id);
  });
  return marks;
}

/**
 * Imports in source order, in the Lace `code_analyze` spec's shape. In: the raw imports (type-only marks applied).
 * Out: one import per statement or call with a source; a bare `require('m')` call is left out where a binding of it
 * is on the same line.
 */
export function collectImports(raw: Pick<RawCaptures, 'imports'>, lines: LineIndex): ImportInfo[] {
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

/**
 * Where imports and re-exports write their modules, in source order: the source's nodes, widened to the string
 * literal around them where the grammar has one (a node one character larger on each side: the quotes).
 */
export function collectModuleSources(raw: Pick<RawCaptures, 'imports' | 'exports'>, lines: LineIndex): ModuleSource[] {
  const spans: Array<{ source: string; start: number; end: number }> = [];
  const add = (source: string | undefined, nodes: readonly Node[] | undefined) => {
    const firstNode = nodes?.[0];
    const lastNode = nodes?.at(-1);
    if (source === undefined || !firstNode || !lastNode) return;
    let start = firstNode.startIndex;
    let end = lastNode.endIndex;
    const parent = firstNode === lastNode ? firstNode.parent : null;
    if (parent && parent.startIndex === start - 1 && parent.endIndex === end + 1) {
      start = parent.startIndex;
      end = parent.endIndex;
    }
    spans.push({ source, start, end });
  };
  for (const fact of raw.imports.values()) add(fact.source, fact.sourceNodes);
  for (const fact of raw.exports.values()) add(fact.source, fact.sourceNode ? [fact.sourceNode] : undefined);
  spans.sort((a, b) => a.start - b.start);
  const seen = new Set<number>();
  const sources: ModuleSource[] = [];
  for (const { source, start, end } of spans) {
    // (an import statement that is also an export statement: one place)
    if (seen.has(start)) continue;
    seen.add(start);
    const at = lines.position(start);
    const past = lines.position(end);
    // (a source over several lines, Rust's `use a::{\n b }`: as long as its text, on its first line)
    const endColumn = past.line === at.line ? past.column : at.column + source.length;
    sources.push({ source, line: at.line, column: at.column, endColumn });
  }
  return sources;
}
