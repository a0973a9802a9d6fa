/**
 * render/diagram.ts on hand-made results: a file's call graph and a call hierarchy drawn as Mermaid and Graphviz
 * DOT, a cluster per file or module, references dashed, the functions and calls of a cycle in red.
 */
import { describe, expect, it } from 'vitest';
import { drawGraph } from '../../src/render/diagram.js';
import type { CallGraph, CallHierarchyResult } from '../../src/types.js';

/** parse -> normalize -> expand -> parse (a cycle), load -> parse, load -> readFile (external), a reference. */
const graph: CallGraph = {
  file: 'src/parse.ts',
  nodes: [
    { id: 'parse.ts:parse', name: 'parse', type: 'function', line: 4, isExternal: false },
    { id: 'parse.ts:normalize', name: 'normalize', type: 'function', line: 8, isExternal: false },
    { id: 'parse.ts:expand', name: 'expand', type: 'function', line: 12, isExternal: false },
    { id: 'parse.ts:load', name: 'load', type: 'function', line: 17, isExternal: false },
    { id: 'node:fs/promises:readFile', name: 'readFile', type: 'function', line: 0, isExternal: true, module: 'node:fs/promises' },
  ],
  edges: [
    { source: 'parse.ts:parse', target: 'parse.ts:normalize', relation: 'calls', line: 5, isCycle: true },
    { source: 'parse.ts:normalize', target: 'parse.ts:expand', relation: 'calls', line: 9, isCycle: true },
    { source: 'parse.ts:expand', target: 'parse.ts:parse', relation: 'calls', line: 13, isCycle: true },
    { source: 'parse.ts:load', target: 'node:fs/promises:readFile', relation: 'calls', line: 18, isCycle: false },
    { source: 'parse.ts:load', target: 'parse.ts:expand', relation: 'references', line: 19, isCycle: false },
  ],
  cycles: [['parse.ts:parse', 'parse.ts:normalize', 'parse.ts:expand', 'parse.ts:parse']],
  external: [{ name: 'readFile', module: 'node:fs/promises' }],
  isPartial: false,
};

describe('drawGraph of a file call graph', () => {
  it('Should write Mermaid: a subgraph per file and module, external names rounded, references dotted, the cycle red', () => {
    expect(drawGraph(graph, 'mermaid').split('\n')).toEqual([
      'flowchart LR',
      '  subgraph c0["src/parse.ts"]',
      '    n0["parse"]',
      '    n1["normalize"]',
      '    n2["expand"]',
      '    n3["load"]',
      '  end',
      '  subgraph c1["node:fs/promises"]',
      '    n4(["readFile"])',
      '  end',
      '  n0 -->|"5"| n1',
      '  n1 -->|"9"| n2',
      '  n2 -->|"13"| n0',
      '  n3 -->|"18"| n4',
      '  n3 -.->|"19"| n2',
      '  classDef cycle stroke:#d62728,stroke-width:2px',
      '  class n0,n1,n2 cycle',
      '  linkStyle 0,1,2 stroke:#d62728,stroke-width:2px',
    ]);
  });

  it('Should write DOT: a cluster per file and module, external names dashed, references dashed, the cycle red', () => {
    const dot = drawGraph(graph, 'dot').split('\n');
    expect(dot.slice(0, 2)).toEqual(['digraph calls {', '  rankdir=LR;']);
    expect(dot).toContain('  subgraph cluster_0 {');
    expect(dot).toContain('    label="src/parse.ts";');
    expect(dot).toContain('    n0 [label="parse", color="#d62728", penwidth=2];');
    expect(dot).toContain('    n3 [label="load"];');
    expect(dot).toContain('    label="node:fs/promises";');
    expect(dot).toContain('    n4 [label="readFile", style="rounded,dashed"];');
    expect(dot.filter((line) => line.includes(' -> '))).toEqual([
      '  n0 -> n1 [label="5", color="#d62728", penwidth=2];',
      '  n1 -> n2 [label="9", color="#d62728", penwidth=2];',
      '  n2 -> n0 [label="13", color="#d62728", penwidth=2];',
      '  n3 -> n4 [label="18"];',
      '  n3 -> n2 [label="19", style=dashed];',
    ]);
    expect(dot.at(-1)).toBe('}');
  });

  it('Should write the characters each format reads as syntax as text', () => {
    const odd: CallGraph = {
      ...graph,
      file: 'src/"quoted" <dir>#1\\x.ts',
      nodes: [{ id: 'a', name: 'operator<<', type: 'function', line: 1, isExternal: false }],
      edges: [],
      cycles: [],
      external: [],
    };
    expect(drawGraph(odd, 'mermaid').split('\n').slice(1, 3)).toEqual(['  subgraph c0["src/#34;quoted#34; #60;dir#62;#35;1\\x.ts"]', '    n0["operator#60;#60;"]']);
    expect(drawGraph(odd, 'dot')).toContain('label="src/\\"quoted\\" <dir>#1\\\\x.ts";');
  });
});

describe('drawGraph of a call hierarchy', () => {
  // Callers of normalize, three levels: parse calls it, expand calls parse, normalize calls expand (back to the root).
  const hierarchy: CallHierarchyResult = {
    symbol: 'normalize',
    root: { name: 'normalize', kind: 'function', file: 'src/parse.ts', line: 8, column: 10 },
    direction: 'incoming',
    depth: 3,
    items: [
      {
        name: 'parse',
        kind: 'function',
        file: 'src/parse.ts',
        line: 4,
        column: 17,
        callSites: [{ line: 5, column: 38 }],
        resolution: 'bound',
        calls: [
          {
            name: 'expand',
            kind: 'function',
            file: 'src/parse.ts',
            line: 12,
            column: 10,
            callSites: [{ line: 13, column: 45 }],
            resolution: 'bound',
            calls: [{ name: 'normalize', kind: 'function', file: 'src/parse.ts', line: 8, column: 10, callSites: [{ line: 9, column: 40 }], resolution: 'bound' }],
          },
          {
            name: 'load',
            kind: 'function',
            file: 'src/io.ts',
            line: 3,
            column: 23,
            callSites: [1, 2, 3, 4].map((line) => ({ line, column: 3 })),
            resolution: 'bound',
          },
        ],
      },
    ],
    total: 4,
    unresolved: 0,
    truncated: false,
    note: '',
  };

  it('Should draw callers towards what they call, a cluster per file, the calls back to the root as a red cycle', () => {
    expect(drawGraph(hierarchy, 'mermaid').split('\n')).toEqual([
      'flowchart LR',
      '  subgraph c0["src/parse.ts"]',
      '    n0["normalize"]',
      '    n1["parse"]',
      '    n2["expand"]',
      '  end',
      '  subgraph c1["src/io.ts"]',
      '    n3["load"]',
      '  end',
      '  n1 -->|"5"| n0',
      '  n2 -->|"13"| n1',
      '  n0 -->|"9"| n2',
      '  n3 -->|"1, 2, 3, …"| n1',
      '  classDef cycle stroke:#d62728,stroke-width:2px',
      '  class n0,n1,n2 cycle',
      '  linkStyle 0,1,2 stroke:#d62728,stroke-width:2px',
    ]);
  });

  it('Should draw callees from what calls them', () => {
    const outgoing = drawGraph({ ...hierarchy, direction: 'outgoing', items: [{ ...(hierarchy.items[0] as CallHierarchyResult['items'][number]), calls: [] }] }, 'dot');
    expect(outgoing.split('\n').filter((line) => line.includes(' -> '))).toEqual(['  n0 -> n1 [label="5"];']);
  });
});
