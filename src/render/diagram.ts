/**
 * Graphs people look at: a file's call graph or a call hierarchy drawn as Mermaid (`flowchart`) or Graphviz DOT
 * text, one cluster per file (and per module for names from outside the tree), references dashed, the calls that close
 * a cycle and the functions on it marked in red. Renderers draw the text: GitHub and most Markdown viewers draw a
 * ```mermaid block, `dot -Tsvg` (or any Graphviz build) draws the DOT.
 *
 * @module
 */
import type { CallGraph, CallHierarchyItem, CallHierarchyResult } from '../types.js';

/** The text formats {@link drawGraph} writes. */
export type DiagramFormat = 'mermaid' | 'dot';

/** A function (or class, variable, external name) drawn as a box. */
interface Box {
  id: string;
  label: string;
  /** The file (or module) whose cluster holds it. */
  cluster: string;
  external: boolean;
  cyclic: boolean;
}

/** A call or reference drawn as an arrow. */
interface Arrow {
  from: string;
  to: string;
  label: string;
  reference: boolean;
  cycle: boolean;
}

interface Drawing {
  boxes: Box[];
  arrows: Arrow[];
}

/** Call sites listed on an arrow before `…`. */
const MAX_SITES = 3;
const CYCLE_COLOR = '#d62728';

/**
 * A file's call graph ({@link CodeIndex.callGraph}) or a call hierarchy ({@link CodeIndex.callHierarchy}) as Mermaid
 * or Graphviz DOT text: a cluster per file (per module for external names), calls as arrows labelled with their lines,
 * references dashed, cycles in red.
 *
 * @example
 * ```ts
 * const graph = await index.callGraph('src/server.ts', { includeExternal: true });
 * console.log(drawGraph(graph, 'mermaid'));
 * ```
 */
export function drawGraph(graph: CallGraph | CallHierarchyResult, format: DiagramFormat): string {
  const drawing = 'nodes' in graph ? fromCallGraph(graph) : fromHierarchy(graph);
  return format === 'dot' ? toDot(drawing) : toMermaid(drawing);
}

function fromCallGraph(graph: CallGraph): Drawing {
  const cyclic = new Set(graph.cycles.flat());
  const boxes = graph.nodes.map((node) => ({
    id: node.id,
    label: node.name,
    cluster: node.isExternal ? (node.module ?? node.name) : graph.file,
    external: node.isExternal,
    cyclic: cyclic.has(node.id),
  }));
  const arrows = graph.edges.map((edge) => ({
    from: edge.source,
    to: edge.target,
    label: String(edge.line),
    reference: edge.relation !== 'calls',
    cycle: edge.isCycle,
  }));
  return { boxes, arrows };
}

function fromHierarchy(result: CallHierarchyResult): Drawing {
  const boxes = new Map<string, Box>();
  const arrows: Arrow[] = [];
  const root = result.root;
  const rootId = `${root.file}:${root.line}:${root.column}`;
  boxes.set(rootId, { id: rootId, label: root.name, cluster: root.file, external: false, cyclic: false });
  const idOf = (item: CallHierarchyItem) => (item.resolution === 'external' ? `${item.module ?? item.file}:${item.name}` : `${item.file}:${item.line}:${item.column}`);
  // `path`: the ids from the root down to `parent`; `links[j]`: the arrow between path[j] and path[j + 1].
  const walk = (items: CallHierarchyItem[], path: readonly string[], links: readonly Arrow[]) => {
    const parent = path[path.length - 1] as string;
    for (const item of items) {
      const id = idOf(item);
      const external = item.resolution === 'external';
      const box = boxes.get(id) ?? { id, label: item.name, cluster: external ? (item.module ?? item.file) : item.file, external, cyclic: false };
      boxes.set(id, box);
      const sites = item.callSites.slice(0, MAX_SITES).map((site) => `${site.line}`);
      if (item.callSites.length > MAX_SITES) sites.push('…');
      const [from, to] = result.direction === 'incoming' ? [id, parent] : [parent, id];
      const arrow: Arrow = { from, to, label: sites.join(', '), reference: false, cycle: false };
      arrows.push(arrow);
      // Met again on its own path: the calls from there to here close a cycle.
      const back = path.indexOf(id);
      if (back >= 0) {
        for (const on of path.slice(back)) (boxes.get(on) as Box).cyclic = true;
        for (const link of [...links.slice(back), arrow]) link.cycle = true;
      } else if (item.calls) walk(item.calls, [...path, id], [...links, arrow]);
    }
  };
  walk(result.items, [rootId], []);
  return { boxes: [...boxes.values()], arrows };
}

/** The boxes by cluster, clusters in the order their first box comes. */
function clustersOf(boxes: readonly Box[]): Map<string, Box[]> {
  const clusters = new Map<string, Box[]>();
  for (const box of boxes) {
    const list = clusters.get(box.cluster);
    if (list) list.push(box);
    else clusters.set(box.cluster, [box]);
  }
  return clusters;
}

/** Short ids for the text (`n0`, `n1`, ...): node ids hold `:` and `/`, which neither format takes bare. */
function shortIds(boxes: readonly Box[]): Map<string, string> {
  return new Map(boxes.map((box, i) => [box.id, `n${i}`]));
}

/** A Mermaid label: quoted, with the characters Mermaid reads as syntax written as its entity codes. */
function mermaidText(text: string): string {
  return `"${text.replace(/[#"<>]/g, (ch) => `#${ch.charCodeAt(0)};`)}"`;
}

function toMermaid({ boxes, arrows }: Drawing): string {
  const ids = shortIds(boxes);
  const lines = ['flowchart LR'];
  [...clustersOf(boxes)].forEach(([cluster, members], i) => {
    lines.push(`  subgraph c${i}[${mermaidText(cluster)}]`);
    for (const box of members) lines.push(`    ${ids.get(box.id)}${box.external ? `([${mermaidText(box.label)}])` : `[${mermaidText(box.label)}]`}`);
    lines.push('  end');
  });
  // Mermaid styles a link by its position among the links written.
  const cycleArrows: number[] = [];
  let written = 0;
  for (const arrow of arrows) {
    const from = ids.get(arrow.from);
    const to = ids.get(arrow.to);
    if (!from || !to) continue;
    const link = arrow.reference ? '-.->' : '-->';
    lines.push(`  ${from} ${link}${arrow.label ? `|${mermaidText(arrow.label)}|` : ''} ${to}`);
    if (arrow.cycle) cycleArrows.push(written);
    written++;
  }
  const cyclic = boxes.filter((box) => box.cyclic).map((box) => ids.get(box.id));
  if (cyclic.length > 0) {
    lines.push(`  classDef cycle stroke:${CYCLE_COLOR},stroke-width:2px`);
    lines.push(`  class ${cyclic.join(',')} cycle`);
  }
  if (cycleArrows.length > 0) lines.push(`  linkStyle ${cycleArrows.join(',')} stroke:${CYCLE_COLOR},stroke-width:2px`);
  return lines.join('\n');
}

/** A DOT string: quoted, with `"` and `\` escaped and line breaks as `\n`. */
function dotText(text: string): string {
  return `"${text.replace(/["\\]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n')}"`;
}

function toDot({ boxes, arrows }: Drawing): string {
  const ids = shortIds(boxes);
  const lines = ['digraph calls {', '  rankdir=LR;', '  node [shape=box, style=rounded, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];
  [...clustersOf(boxes)].forEach(([cluster, members], i) => {
    lines.push(`  subgraph cluster_${i} {`, `    label=${dotText(cluster)};`, '    style=rounded; color="#999999";');
    for (const box of members) {
      const style = [box.external ? 'style="rounded,dashed"' : '', box.cyclic ? `color="${CYCLE_COLOR}", penwidth=2` : ''].filter(Boolean);
      lines.push(`    ${ids.get(box.id)} [label=${dotText(box.label)}${style.length > 0 ? `, ${style.join(', ')}` : ''}];`);
    }
    lines.push('  }');
  });
  for (const arrow of arrows) {
    const from = ids.get(arrow.from);
    const to = ids.get(arrow.to);
    if (!from || !to) continue;
    const style = [arrow.label ? `label=${dotText(arrow.label)}` : '', arrow.reference ? 'style=dashed' : '', arrow.cycle ? `color="${CYCLE_COLOR}", penwidth=2` : ''].filter(Boolean);
    lines.push(`  ${from} -> ${to}${style.length > 0 ? ` [${style.join(', ')}]` : ''};`);
  }
  lines.push('}');
  return lines.join('\n');
}
