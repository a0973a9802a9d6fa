/**
 * render/graph.ts alone, on hand-made results: seed 003's TOON and JSON of a file's call graph, and the callers or
 * callees of a function, one per line and nested by level.
 */
import { describe, expect, it } from 'vitest';
import { renderHierarchy, toGraphJson, toToon } from '../../src/render/graph.js';
import type { CallGraph, CallHierarchyResult } from '../../src/types.js';

const graph: CallGraph = {
  file: 'src/a.ts',
  nodes: [
    { id: 'a.ts:main', name: 'main', type: 'function', line: 1, isExternal: false },
    { id: 'a.ts:Store.get', name: 'Store.get', type: 'method', line: 5, isExternal: false },
    { id: 'fs:readFile', name: 'readFile', type: 'function', line: 0, isExternal: true, module: 'fs' },
  ],
  edges: [
    { source: 'a.ts:main', target: 'a.ts:Store.get', relation: 'calls', line: 2, isCycle: false },
    { source: 'a.ts:Store.get', target: 'fs:readFile', relation: 'references', line: 6, isCycle: false },
  ],
  cycles: [],
  external: [{ name: 'readFile', module: 'fs' }],
  isPartial: false,
};

describe('toToon and toGraphJson', () => {
  it('Should write the seed\'s TOON: names in edges, external nodes on their own line only', () => {
    expect(toToon(graph).split('\n')).toEqual([
      'nodes:Function:main|Method:Store.get',
      'edges:main>Store.get:calls:2|Store.get~readFile:references:6',
      'cycles:',
      'external:readFile:fs',
    ]);
    const partial = toToon({ ...graph, isPartial: true }).split('\n').at(-1);
    expect(partial).toBe('partial:LSP_TIMEOUT:Symbol analysis incomplete (timeout). Partial results returned.');
  });

  it('Should write the seed\'s JSON, a method typed as a function', () => {
    const json = toGraphJson(graph, '/srv/src/a.ts', new Date('2026-01-02T03:04:05Z'));
    expect(json).toMatchObject({ filePath: '/srv/src/a.ts', lspProvider: 'tree-sitter', generatedAt: '2026-01-02T03:04:05.000Z', isPartial: false });
    expect((json.nodes as Array<{ type: string }>).map((node) => node.type)).toEqual(['function', 'function', 'function']);
  });
});

describe('renderHierarchy', () => {
  const result: CallHierarchyResult = {
    symbol: 'get',
    root: { name: 'Store.get', kind: 'method', file: 'src/a.ts', line: 5, column: 3 },
    direction: 'incoming',
    depth: 2,
    items: [
      {
        name: 'main',
        kind: 'function',
        file: 'src/a.ts',
        line: 1,
        column: 10,
        callSites: [{ line: 2, column: 3 }, { line: 3, column: 3 }],
        resolution: 'bound',
        calls: [
          { name: 'start', kind: 'function', file: 'src/b.ts', line: 7, column: 1, callSites: [{ line: 9, column: 2 }], resolution: 'name_match' },
        ],
      },
    ],
    total: 2,
    unresolved: 1,
    truncated: true,
    note: '',
  };

  it('Should nest each level under its item, say how an unbound one was found, and end with what was left out', () => {
    expect(renderHierarchy(result).split('\n')).toEqual([
      'callers of method Store.get  src/a.ts:5:3',
      '  function main  src/a.ts:1:10  calls at 2:3, 3:3',
      '    function start  src/b.ts:7:1 (name match)  calls at 9:2',
      '1 calls could not be bound (not listed)',
      '⚠️ cut at 2 items: ask again with a smaller depth, or from a deeper item',
    ]);
  });

  it('Should say when nothing was found', () => {
    const none = renderHierarchy({ ...result, direction: 'outgoing', items: [], unresolved: 0, truncated: false });
    expect(none).toBe('callees of method Store.get  src/a.ts:5:3\n  (none found)');
  });
});
