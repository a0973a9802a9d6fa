/**
 * Call graphs (seed 003) and call hierarchies on test/graph: files whose edges and cycles are known by reading them
 * (direct recursion, mutual recursion, a 3-cycle, methods calling methods through `this`, a callback attributed to
 * its enclosing function, a call at top level), in both wire formats, through the library and the tool.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex, countTokens } from '../../src/index.js';
import { createToolbox } from '../../src/tools/index.js';
import { toGraphJson, toToon } from '../../src/render/graph.js';

const root = fileURLToPath(new URL('../graph', import.meta.url));
const index = await CodeIndex.open({ root, persist: false, threads: 0 });
const box = await createToolbox({ root, toolset: 'graph' });
afterAll(async () => {
  index.close();
  await box.close();
});

const PARSER_NODES = [
  'Variable:MAX_DEPTH',
  'Variable:parsed',
  'Class:Parser',
  'Method:Parser.constructor',
  'Method:Parser.parseExpression',
  'Method:Parser.parseTerm',
  'Method:Parser.peek',
  'Function:factorial',
  'Function:isEven',
  'Function:isOdd',
  'Function:first',
  'Function:second',
  'Function:third',
  'Function:parseFile',
  'Function:<top>',
];

// Read off ts/parser.ts: `this.m()` goes to the method, `parsed++` inside the map callback is parseFile's, the
// last line calls parseFile from the top level.
const PARSER_EDGES = [
  'Parser.parseExpression>Parser.parseTerm:calls:15',
  'Parser.parseExpression>Parser.peek:calls:16',
  'Parser.parseExpression>Parser.parseExpression:calls:18',
  'Parser.parseTerm~MAX_DEPTH:references:24',
  'Parser.parseTerm>Parser.peek:calls:25',
  'Parser.parseTerm>Parser.parseExpression:calls:27',
  'factorial>factorial:calls:40',
  'isEven>isOdd:calls:44',
  'isOdd>isEven:calls:48',
  'first>second:calls:52',
  'second>third:calls:56',
  'third>first:calls:60',
  'parseFile~parsed:references:66',
  'parseFile>Parser:calls:67',
  '<top>>parseFile:calls:71',
];

const PARSER_CYCLES = [
  'Parser.parseExpression>Parser.parseExpression',
  'Parser.parseExpression>Parser.parseTerm>Parser.parseExpression',
  'factorial>factorial',
  'isEven>isOdd>isEven',
  'first>second>third>first',
];

describe('callGraph', () => {
  it('Should give the TOON of a TypeScript file exactly: nodes, calls and references, cycles', async () => {
    const graph = await index.callGraph('ts/parser.ts');
    expect(toToon(graph)).toBe([`nodes:${PARSER_NODES.join('|')}`, `edges:${PARSER_EDGES.join('|')}`, `cycles:${PARSER_CYCLES.join('|')}`, 'external:'].join('\n'));
    expect(graph.isPartial).toBe(false);
  });

  it('Should list calls to imported names with their module when asked', async () => {
    const graph = await index.callGraph('ts/parser.ts', { includeExternal: true });
    const toon = toToon(graph).split('\n');
    expect(toon[3]).toBe('external:Token:./lexer.js|readFileSync:node:fs|tokenize:./lexer.js');
    expect(toon[1]).toContain('parseFile>tokenize:calls:67');
    expect(toon[1]).toContain('parseFile>readFileSync:calls:64');
    // External names are on their own line, not among the file's nodes.
    expect(toon[0]).toBe(`nodes:${PARSER_NODES.join('|')}`);
  });

  it("Should give the seed's JSON: ids file:name, isCycle on the edges of cycles, cycles as id chains", async () => {
    const graph = await index.callGraph('ts/parser.ts');
    const json = toGraphJson(graph, `${root}/ts/parser.ts`, new Date('2026-01-15T10:30:00.000Z')) as {
      nodes: Array<{ id: string; name: string; type: string; line: number; isExternal: boolean }>;
      edges: Array<{ source: string; target: string; relation: string; line: number; isCycle: boolean }>;
      cycles: string[][];
    };
    expect(Object.keys(json)).toEqual(['filePath', 'lspProvider', 'generatedAt', 'isPartial', 'nodes', 'edges', 'cycles']);
    expect(json).toMatchObject({ filePath: `${root}/ts/parser.ts`, lspProvider: 'tree-sitter', generatedAt: '2026-01-15T10:30:00.000Z', isPartial: false });
    expect(json.nodes[0]).toEqual({ id: 'parser.ts:MAX_DEPTH', name: 'MAX_DEPTH', type: 'variable', line: 5, isExternal: false });
    expect(json.nodes.find((node) => node.name === 'Parser.peek')).toEqual({ id: 'parser.ts:Parser.peek', name: 'Parser.peek', type: 'function', line: 34, isExternal: false });
    expect(json.edges.filter((edge) => edge.isCycle).map((edge) => `${edge.source}>${edge.target}`)).toEqual([
      'parser.ts:Parser.parseExpression>parser.ts:Parser.parseTerm',
      'parser.ts:Parser.parseExpression>parser.ts:Parser.parseExpression',
      'parser.ts:Parser.parseTerm>parser.ts:Parser.parseExpression',
      'parser.ts:factorial>parser.ts:factorial',
      'parser.ts:isEven>parser.ts:isOdd',
      'parser.ts:isOdd>parser.ts:isEven',
      'parser.ts:first>parser.ts:second',
      'parser.ts:second>parser.ts:third',
      'parser.ts:third>parser.ts:first',
    ]);
    expect(json.cycles[4]).toEqual(['parser.ts:first', 'parser.ts:second', 'parser.ts:third', 'parser.ts:first']);
  });

  it('Should find the cycles of a Rust file', async () => {
    const rust = toToon(await index.callGraph('rs/lib.rs')).split('\n');
    expect(rust[2]).toContain('Tree.size>Tree.size|Tree.walk>Tree.walk|gcd>gcd|even>odd>even|alpha>beta>gamma>alpha');
    expect(rust[1]).toContain('Tree.render>Tree.walk:calls:23');
    // `child.walk(..)`: a member of an untyped loop variable, one method of that name in the file.
    expect(rust[1]).toContain('Tree.walk>Tree.walk:calls:29');
    expect(rust[1]).not.toContain('render_node');
  });

  // Rust binds paths: `Vec::new()` inside `Tree::new` is the standard library's, not `Tree::new` itself.
  it('Should not take Vec::new() for the method of the same name', async () => {
    expect(toToon(await index.callGraph('rs/lib.rs')).split('\n')[2]).toBe(
      'cycles:Tree.size>Tree.size|Tree.walk>Tree.walk|gcd>gcd|even>odd>even|alpha>beta>gamma>alpha',
    );
  });

  // Python binds its locals: `job.run()` (a parameter's method) is not the class's own `run`, so no false cycle.
  it('Should find the cycles of a Python file', async () => {
    const python = toToon(await index.callGraph('py/scheduler.py')).split('\n');
    expect(python[1]).toContain('Scheduler.run>Scheduler.step:calls:16');
    expect(python[1]).toContain('schedule>depth:calls:55');
    expect(python[1]).toContain('<top>>schedule:calls:60');
    expect(python[2]).toBe('cycles:Scheduler.attempt>Scheduler.attempt|depth>depth|ping>pong>ping|red>green>blue>red');
  });
});

describe('graphItLive_analyzeFileLogic', () => {
  it('Should answer TOON by default and the JSON on request, for an absolute path', async () => {
    const toon = await box.call('graphItLive_analyzeFileLogic', { filePath: `${root}/ts/parser.ts` });
    expect(toon.ok && toon.text.split('\n')[2]).toBe(`cycles:${PARSER_CYCLES.join('|')}`);
    const json = await box.call('graphItLive_analyzeFileLogic', { filePath: `${root}/ts/parser.ts`, format: 'json', includeExternal: true });
    const parsed = JSON.parse(json.text) as { filePath: string; nodes: Array<{ id: string; isExternal: boolean }> };
    expect(parsed.filePath).toBe(`${root}/ts/parser.ts`);
    expect(parsed.nodes.filter((node) => node.isExternal).map((node) => node.id)).toEqual(['./lexer.js:Token', 'node:fs:readFileSync', './lexer.js:tokenize']);
    // The seed's claim: TOON costs fewer tokens than JSON.
    expect(await countTokens(toon.text)).toBeLessThan((await countTokens(json.text)) * 0.6);
  });

  it("Should fail in the seed's error shape with its codes", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ filePath: `${root}/ts/missing.ts` }, 'FILE_NOT_FOUND'],
      [{ filePath: `${root}/README.md` }, 'UNSUPPORTED_FILE_TYPE'],
      [{ filePath: '/etc/passwd' }, 'PATH_TRAVERSAL'],
      [{ filePath: 'ts/parser.ts' }, 'INVALID_ARGUMENT'],
    ];
    for (const [args, code] of cases) {
      const result = await box.call('graphItLive_analyzeFileLogic', args);
      expect(result.ok, code).toBe(false);
      const body = JSON.parse(result.text) as Record<string, unknown>;
      expect(body).toMatchObject({ error: code, code });
      expect(typeof body.message).toBe('string');
    }
  });

  it('Should refuse more than 10 requests a second from one client with RATE_LIMIT', async () => {
    const own = await createToolbox({ root, toolset: 'graph' });
    try {
      const results = [];
      for (let i = 0; i < 12; i++) results.push(await own.call('graphItLive_analyzeFileLogic', { filePath: `${root}/ts/lexer.ts` }));
      const limited = results.filter((result) => !result.ok);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(limited[0]?.text ?? '{}')).toMatchObject({ error: 'RATE_LIMIT', code: 'RATE_LIMIT' });
      expect(results.slice(0, 10).every((result) => result.ok)).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('callHierarchy', () => {
  it('Should list the callers across three files, level by level, with their call sites', async () => {
    const result = await index.callHierarchy({ symbol: 'tokenize' }, { direction: 'incoming', depth: 3 });
    expect(result.root).toMatchObject({ name: 'tokenize', file: 'ts/lexer.ts', line: 3 });
    const parseFile = result.items.find((item) => item.name === 'parseFile');
    expect(parseFile).toMatchObject({ file: 'ts/parser.ts', line: 63, callSites: [{ line: 67, column: 23 }], resolution: 'bound' });
    const run = parseFile?.calls?.find((item) => item.name === 'run');
    expect(run).toMatchObject({ file: 'ts/main.ts', line: 3, callSites: [{ line: 4, column: 18 }], resolution: 'bound' });
    expect(run?.calls?.map((item) => `${item.name}@${item.file}:${item.line}`)).toEqual(['report@ts/main.ts:8']);
    const shallow = await index.callHierarchy({ symbol: 'tokenize' }, { direction: 'incoming', depth: 1 });
    expect(shallow.items.map((item) => item.name)).toEqual(['parseFile']);
    expect(shallow.items[0]?.calls).toBeUndefined();
  });

  it('Should list the callees of a function from a position, to depth 2', async () => {
    const result = await index.callHierarchy({ file: 'ts/main.ts', line: 8, column: 17 }, { direction: 'outgoing', depth: 2 });
    expect(result.root).toMatchObject({ name: 'report', file: 'ts/main.ts', line: 8 });
    expect(result.items.map((item) => item.name)).toEqual(['run']);
    expect(result.items[0]?.calls?.map((item) => `${item.name}@${item.file}:${item.line}:${item.callSites.map((site) => site.line).join(',')}`)).toEqual([
      'parseFile@ts/parser.ts:63:4',
      'factorial@ts/parser.ts:39:5',
    ]);
  });

  it('Should answer through the call_hierarchy tool in compact text', async () => {
    const result = await box.call('call_hierarchy', { symbol: 'factorial', direction: 'incoming' });
    expect(result.ok && result.text.split('\n').slice(0, 3)).toEqual([
      'callers of function factorial  ts/parser.ts:39:17',
      '  function run  ts/main.ts:3:17  calls at 5:46',
      '  function factorial  ts/parser.ts:39:17  calls at 40:27',
    ]);
    const missing = await box.call('call_hierarchy', { symbol: 'nothingNamedSo' });
    expect(missing.ok ? '' : missing.error.code).toBe('TS_SYMBOL_NOT_FOUND');
  });
});
