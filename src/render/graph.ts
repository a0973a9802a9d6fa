/**
 * Call graphs as agents read them: the Graph-It-Live contract's two wire formats of a file's call graph, TOON
 * (`nodes:` / `edges:` / `cycles:` / `external:` lines, `|`-separated, names instead of ids) and JSON (`filePath`,
 * `lspProvider`, `generatedAt`, ids `file:name`), and the callers or callees of a function across the project, one
 * per line.
 *
 * @module
 */
import type { CallGraph, CallGraphNode, CallHierarchyItem, CallHierarchyResult } from '../types.js';

/** What answers the graph: tree-sitter queries and the index's binding, not a language server. */
export const GRAPH_PROVIDER = 'tree-sitter';

const TOON_TYPES: Record<CallGraphNode['type'], string> = { class: 'Class', function: 'Function', method: 'Method', variable: 'Variable' };

/** The Graph-It-Live contract's TOON text: names in edges and cycles, external nodes only on the `external:` line. */
export function toToon(graph: CallGraph): string {
  const names = new Map(graph.nodes.map((node) => [node.id, node.name]));
  const name = (id: string) => names.get(id) ?? id;
  const nodes = graph.nodes.filter((node) => !node.isExternal).map((node) => `${TOON_TYPES[node.type]}:${node.name}`);
  const edges = graph.edges.map((edge) => `${name(edge.source)}${edge.relation === 'calls' ? '>' : '~'}${name(edge.target)}:${edge.relation}:${edge.line}`);
  const cycles = graph.cycles.map((cycle) => cycle.map(name).join('>'));
  const external = graph.external.map((item) => `${item.name}:${item.module}`);
  const lines = [`nodes:${nodes.join('|')}`, `edges:${edges.join('|')}`, `cycles:${cycles.join('|')}`, `external:${external.join('|')}`];
  if (graph.isPartial) lines.push('partial:LSP_TIMEOUT:Symbol analysis incomplete (timeout). Partial results returned.');
  return lines.join('\n');
}

/** The Graph-It-Live contract's JSON response. `filePath` is the path as the caller gave it (absolute). */
export function toGraphJson(graph: CallGraph, filePath: string, generatedAt = new Date()): Record<string, unknown> {
  return {
    filePath,
    lspProvider: GRAPH_PROVIDER,
    generatedAt: generatedAt.toISOString(),
    isPartial: graph.isPartial,
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      name: node.name,
      // The contract's JSON types are class, function and variable: a method is a function there (its name says whose).
      type: node.type === 'method' ? 'function' : node.type,
      line: node.line,
      isExternal: node.isExternal,
    })),
    edges: graph.edges.map((edge) => ({ source: edge.source, target: edge.target, relation: edge.relation, line: edge.line, isCycle: edge.isCycle })),
    cycles: graph.cycles,
  };
}

/** Each item and, indented under it, the next level: `method UserService.create  src/a.ts:12:3  calls at 20:5`. */
function hierarchyLines(items: CallHierarchyItem[], indent: string): string[] {
  return items.flatMap((item) => {
    const sites = item.callSites.map((site) => `${site.line}:${site.column}`).join(', ');
    const how = item.resolution === 'bound' ? '' : item.resolution === 'external' ? ` (external: ${item.module ?? '?'})` : ' (name match)';
    const line = `${indent}${item.kind} ${item.name}  ${item.file}:${item.line}:${item.column}${how}  calls at ${sites}`;
    return [line, ...(item.calls ? hierarchyLines(item.calls, `${indent}  `) : [])];
  });
}

/** One line per caller or callee, nested by level, with the call sites; what was not bound, and a cut, said last. */
export function renderHierarchy(result: CallHierarchyResult): string {
  const { root } = result;
  const lines = [
    `${result.direction === 'incoming' ? 'callers of' : 'callees of'} ${root.kind} ${root.name}  ${root.file}:${root.line}:${root.column}`,
    ...hierarchyLines(result.items, '  '),
  ];
  if (result.items.length === 0) lines.push(`  (none found${result.unresolved > 0 ? `; ${result.unresolved} calls could not be bound` : ''})`);
  else if (result.unresolved > 0) lines.push(`${result.unresolved} calls could not be bound (not listed)`);
  if (result.truncated) lines.push(`⚠️ cut at ${result.total} items: ask again with a smaller depth, or from a deeper item`);
  return lines.join('\n');
}
