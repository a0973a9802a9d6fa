/**
 * Robustness (issue 10): pages that never lose content, a wildcard that cannot hang, an unreadable folder that says
 * so, the regex worker under `node --input-type=module -e`, and a WASM fault that costs one call only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, CodeIndexError, createDefaultRegistry } from '../../src/index.js';
import { createToolbox, type ToolResult, type Toolbox } from '../../src/tools/index.js';

const distTools = fileURLToPath(new URL('../../dist/tools/index.js', import.meta.url));
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
let root: string;
let box: Toolbox;

/** 800 KB of lines, quotes, backslashes, tabs and non-BMP characters (JSON escapes them or keeps them as pairs). */
function manyLines(): string {
  const lines: string[] = [];
  for (let i = 0; i < 16_000; i++) lines.push(`line ${i} "quoted" \\ back\tslash 😀 ${'x'.repeat(i % 37)}`);
  return `${lines.join('\n')}\n`;
}

/** One 300 KB line, with characters that take more room in JSON than in the text. */
function oneLine(): string {
  let text = '';
  for (let i = 0; text.length < 300_000; i++) text += `"k${i}": "v\\\\${i}\t😀", `;
  return text;
}

/** A file of 6,000 functions. */
function manySymbols(): string {
  return Array.from({ length: 6000 }, (_, i) => `export function symbol_number_${i}(value: number): number {\n  return value + ${i};\n}\n`).join('');
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-robust-')));
  mkdirSync(join(root, 'big'));
  writeFileSync(join(root, 'big/lines.txt'), manyLines());
  writeFileSync(join(root, 'big/one-line.json'), oneLine());
  writeFileSync(join(root, 'big/many.ts'), manySymbols());
  mkdirSync(join(root, 'names'));
  // A name a backtracking regular expression of 20 stars never finishes failing on.
  writeFileSync(join(root, 'names/evil.py'), `def ${'a'.repeat(40)}x():\n    pass\n`);
  // A generous parse budget: the 6,000-function file must be analyzed however loaded the machine is.
  box = await createToolbox({ root, toolset: 'all', indexOptions: { persist: false, parseTimeoutMs: 120_000 } });
});

afterAll(() => {
  box?.close();
  rmSync(root, { recursive: true, force: true });
});

async function ok(name: string, args: unknown, on: Toolbox = box): Promise<Record<string, unknown>> {
  const result: ToolResult = await on.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${result.text}`);
  // The runner never had to cut a page.
  expect(result.truncated).toBeUndefined();
  return result.data as Record<string, unknown>;
}

/** What the pages of a file should put together: its lines joined by `\n`, without the final line end. */
function expected(text: string): string {
  return text.replace(/\r?\n$/, '').replace(/\r\n/g, '\n');
}

/** Follows the scanner's read_file continuation from the first call to the end; returns the content and the calls. */
async function readAllScanner(file: string, on: Toolbox = box): Promise<{ text: string; calls: number }> {
  let text = '';
  let args: Record<string, unknown> = { file_path: file };
  let calls = 0;
  let joiner = '';
  for (;;) {
    const page = await ok('read_file', args, on);
    calls++;
    text += joiner + (page.content as string);
    if (!page.has_more) {
      expect(page.next_start_line).toBeUndefined();
      return { text, calls };
    }
    expect(page.warning ?? page.hint).toBeDefined();
    // After a split line the next page goes on inside it; otherwise on the next line.
    joiner = page.next_start_column === undefined ? '\n' : '';
    args = { file_path: file, start_line: page.next_start_line, ...(page.next_start_column ? { start_column: page.next_start_column } : {}) };
  }
}

async function readAllExplainer(file: string, on: Toolbox = box): Promise<{ text: string; calls: number }> {
  let text = '';
  let args: Record<string, unknown> = { path: file };
  let calls = 0;
  let joiner = '';
  for (;;) {
    const page = await ok('explainer_read_file', args, on);
    calls++;
    text += joiner + (page.content as string);
    if (!page.truncated) return { text, calls };
    joiner = page.nextStartColumn === undefined ? '\n' : '';
    args = { path: file, startLine: page.nextStartLine, ...(page.nextStartColumn ? { startColumn: page.nextStartColumn } : {}) };
  }
}

describe('paging never loses content', () => {
  it('Should give back an 800 KB file exactly through the scanner read_file continuation', async () => {
    const { text, calls } = await readAllScanner('big/lines.txt');
    expect(text).toBe(expected(manyLines()));
    expect(calls).toBeGreaterThan(10);
  });

  it('Should split a 300 KB line instead of calling it the COMPLETE file', async () => {
    const first = await ok('read_file', { file_path: 'big/one-line.json' });
    expect(first.hint).toBeUndefined();
    expect(first).toMatchObject({ is_partial: true, has_more: true, next_start_line: 1, end_line: 1 });
    expect(first.warning).toContain(`call read_file again with start_line=1, start_column=${first.next_start_column}`);
    const { text } = await readAllScanner('big/one-line.json');
    expect(text).toBe(oneLine());
  });

  it('Should give back the same files exactly through the explainer read_file continuation', async () => {
    expect((await readAllExplainer('big/lines.txt')).text).toBe(expected(manyLines()));
    expect((await readAllExplainer('big/one-line.json')).text).toBe(oneLine());
  });

  it('Should fit pages into a small result budget', async () => {
    const small = await createToolbox({ index: box.index, toolset: 'all', maxResultChars: 6_000 });
    const { text, calls } = await readAllScanner('big/one-line.json', small);
    expect(text).toBe(oneLine());
    expect(calls).toBeGreaterThan(60);
    expect((await readAllExplainer('big/lines.txt', small)).text).toBe(expected(manyLines()));
  });

  it('Should refuse a start_column past the end of its line', async () => {
    const result = await box.call('read_file', { file_path: 'big/lines.txt', start_line: 1, start_column: 999 });
    expect(result.ok ? '' : result.error.code).toBe('INVALID_ARGUMENT');
  });

  it('Should page list_symbols over a 6,000-symbol file with offset and next_offset', async () => {
    const names: string[] = [];
    let offset = 0;
    let pages = 0;
    for (;;) {
      const page = await ok('list_symbols', { file_path: 'big/many.ts', offset });
      pages++;
      expect(page.total_symbols).toBe(6000);
      const symbols = page.symbols as Array<{ name: string }>;
      expect(page.returned_count).toBe(symbols.length);
      names.push(...symbols.map((s) => s.name));
      if (!page.has_more) break;
      expect(page.warning).toContain(`call list_symbols again with offset=${page.next_offset}`);
      offset = page.next_offset as number;
    }
    expect(pages).toBeGreaterThan(1);
    expect(names).toEqual(Array.from({ length: 6000 }, (_, i) => `symbol_number_${i}`));
  });

  it('Should page the treesitter parse symbols when they do not fit one result', async () => {
    const small = await createToolbox({ index: box.index, toolset: 'all', maxResultChars: 20_000 });
    const first = await ok('treesitter', { operation: 'parse', file_path: 'big/many.ts' }, small);
    expect(first).toMatchObject({ total_count: 6000, offset: 0, has_more: true });
    const second = await ok('treesitter', { operation: 'parse', file_path: 'big/many.ts', offset: first.next_offset }, small);
    expect((second.symbols as Array<{ name: string }>)[0]?.name).toBe(`symbol_number_${first.next_offset as number}`);
  });
});

describe('patterns and folders', () => {
  it('Should match a 20-star find_symbols pattern without backtracking', async () => {
    const pattern = `${'*a'.repeat(20)}*X`;
    const found = await ok('find_symbols', { pattern });
    expect(found.count).toBe(0);
    const lower = await ok('find_symbols', { pattern: `${'*a'.repeat(20)}*x` });
    expect((lower.symbols as Array<{ name: string }>).map((s) => s.name)).toEqual([`${'a'.repeat(40)}x`]);
  });

  it('Should refuse to list a folder it cannot read with FILE_UNREADABLE', () => {
    const locked = join(root, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'inside.txt'), 'hidden\n');
    chmodSync(locked, 0o000);
    try {
      const script = `
        import { createToolbox } from ${JSON.stringify(distTools)};
        const box = await createToolbox({ root: ${JSON.stringify(root)}, toolset: 'all', indexOptions: { persist: false } });
        const out = {};
        for (const [name, args] of [['list_directory', { directory_path: 'locked' }], ['explainer_list_directory', { path: 'locked' }]]) {
          const result = await box.call(name, args);
          out[name] = result.ok ? { entries: result.data } : result.error;
        }
        box.close();
        console.log(JSON.stringify(out));`;
      // Root reads every folder whatever its mode: drop the capabilities that let it (setpriv, util-linux).
      const asRoot = process.getuid?.() === 0;
      const command = asRoot ? 'setpriv' : process.execPath;
      const args = ['--input-type=module', '-e', script];
      const run = spawnSync(command, asRoot ? ['--bounding-set=-dac_override,-dac_read_search', process.execPath, ...args] : args, { encoding: 'utf8' });
      if (asRoot && run.error) {
        console.warn('setpriv is not available: the unreadable-folder case cannot be made as root');
        return;
      }
      const out = JSON.parse(run.stdout) as Record<string, { code: string; message: string }>;
      for (const result of Object.values(out)) {
        expect(result.code).toBe('FILE_UNREADABLE');
        expect(result.message).toContain('locked cannot be read (EACCES)');
      }
    } finally {
      chmodSync(locked, 0o755);
      rmSync(locked, { recursive: true, force: true });
    }
  });

  it('Should run a regular-expression search when the host runs from node --input-type=module -e', () => {
    const script = `
      import { createToolbox } from ${JSON.stringify(distTools)};
      const box = await createToolbox({ root: ${JSON.stringify(root)}, toolset: 'all', indexOptions: { persist: false } });
      const result = await box.call('search_text', { patterns: 'symbol_number_12\\\\b', is_regex: true, file_pattern: '*.ts' });
      box.close();
      console.log(JSON.stringify(result.ok ? { total: result.data.total_matches } : result.error));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ total: 1 });
  });
});

/**
 * An input that faults a grammar inside WASM (`memory access out of bounds`), every time: 1,000 nested block quotes on
 * one line (2 KB) in the Markdown grammar. (YAML's 300+ levels of block mappings overflow its scanner's buffer too,
 * but what that does depends on the memory around it: usually the same fault, sometimes a garbage tree.)
 */
function faultingFiles(): Record<string, string> {
  return { 'fault/quotes.md': `${'> '.repeat(1000)}text\n`, 'fault/again.md': `${'> '.repeat(2000)}more text\n` };
}

/** A copy of every language's first fixture file, under `every/<language>/`. */
function copyOneFixturePerLanguage(to: string): string[] {
  const files: string[] = [];
  for (const language of readdirSync(fixtures)) {
    if (language === 'bad') continue;
    const name = readdirSync(join(fixtures, language)).find((file) => !file.endsWith('.facts'));
    if (!name) continue;
    mkdirSync(join(to, 'every', language), { recursive: true });
    cpSync(join(fixtures, language, name), join(to, 'every', language, name));
    files.push(`every/${language}/${name}`);
  }
  return files;
}

async function faultCode(promise: Promise<unknown>): Promise<{ code: string; fault: unknown }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CodeIndexError);
    return { code: (error as CodeIndexError).code, fault: (error as CodeIndexError).data?.fault };
  }
  throw new Error('expected the faulting file to fail');
}

describe('a fault inside WASM costs only its own call', () => {
  let faultRoot: string;
  let every: string[];
  beforeAll(() => {
    faultRoot = realpathSync(mkdtempSync(join(tmpdir(), 'ci-fault-')));
    for (const [file, text] of Object.entries(faultingFiles())) {
      mkdirSync(join(faultRoot, 'fault'), { recursive: true });
      writeFileSync(join(faultRoot, file), text);
    }
    every = copyOneFixturePerLanguage(faultRoot);
  });
  afterAll(() => rmSync(faultRoot, { recursive: true, force: true }));

  describe('on the calling thread (threads: 0)', () => {
    const registry = createDefaultRegistry();
    let index: CodeIndex;
    beforeAll(async () => {
      index = await CodeIndex.open({ root: faultRoot, registry, threads: 0, persist: false });
    });
    afterAll(() => {
      expect(() => index.close()).not.toThrow();
      expect(() => registry.dispose()).not.toThrow();
    });

    it('Should give a coded error for each fault, and answer the same language right after', async () => {
      for (const file of Object.keys(faultingFiles())) {
        expect(await faultCode(index.analyzeFile(file))).toEqual({ code: 'ANALYSIS_FAILED', fault: true });
        // The very next call of the same language works: its parser was replaced.
        expect((await index.analyzeFile('every/markdown/README.md')).language).toBe('markdown');
      }
    });

    // One test per language (the fixture languages): each pays its own grammar and query loading.
    for (const language of readdirSync(fixtures).filter((name) => name !== 'bad')) {
      it(`Should still analyze ${language} after the faults`, async () => {
        const file = every.find((candidate) => candidate.startsWith(`every/${language}/`)) as string;
        expect((await index.analyzeFile(file)).file).toBe(file);
      });
    }
  });

  it('Should retire the faulted parse worker before another file reaches it', async () => {
    const index = await CodeIndex.open({ root: faultRoot, threads: 1, persist: false });
    try {
      for (const file of Object.keys(faultingFiles())) {
        expect(await faultCode(index.analyzeFile(file))).toEqual({ code: 'ANALYSIS_FAILED', fault: true });
        expect((await index.analyzeFile('every/python/' + readdirSync(join(faultRoot, 'every/python'))[0])).language).toBe('python');
        expect((await index.analyzeFile('every/yaml/ci.yml')).language).toBe('yaml');
        expect((await index.analyzeFile('every/markdown/README.md')).language).toBe('markdown');
      }
    } finally {
      expect(() => index.close()).not.toThrow();
    }
  }, 120_000);

  it('Should keep the MCP server answering after a fault (the real binary)', async () => {
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', faultRoot, '--toolset', 'all', '--no-cache'] }));
    try {
      for (const file of Object.keys(faultingFiles())) {
        const faulted = await client.callTool({ name: 'code_analyze', arguments: { operation: 'analyze_file', file } });
        expect(faulted.isError, JSON.stringify(faulted).slice(0, 600)).toBe(true);
        expect(faulted.structuredContent).toMatchObject({ error: { code: 'ANALYSIS_FAILED', details: { fault: true } } });
        for (const other of ['every/markdown/README.md', 'every/yaml/ci.yml', 'every/typescript/' + readdirSync(join(faultRoot, 'every/typescript'))[0]]) {
          const result = await client.callTool({ name: 'code_analyze', arguments: { operation: 'analyze_file', file: other } });
          expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
        }
      }
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe('bounded query work', () => {
  it('Should warn that code nested deeper than the query depth was not searched, and answer quickly', async () => {
    const deep = realpathSync(mkdtempSync(join(tmpdir(), 'ci-deep-')));
    let text = '';
    for (let i = 0; i < 2000; i++) text += `const f${i} = () => {\n`;
    text += 'return 1;\n';
    for (let i = 0; i < 2000; i++) text += '};\n';
    writeFileSync(join(deep, 'deep.js'), text);
    writeFileSync(join(deep, 'flat.js'), 'export const f = () => 1;\n');
    const index = await CodeIndex.open({ root: deep, threads: 0, persist: false });
    try {
      const analysis = await index.analyzeFile('deep.js');
      expect(analysis.warnings.map((w) => w.code)).toContain('NESTING_TOO_DEEP');
      expect((await index.analyzeFile('flat.js')).warnings).toEqual([]);
    } finally {
      index.close();
      rmSync(deep, { recursive: true, force: true });
    }
  });

  it('Should find the same matches when a file is matched in ranges as when it is matched whole', async () => {
    const { readMatches } = await import('../../src/extract/matching.js');
    const { Deadline } = await import('../../src/runtime/deadline.js');
    const { readFileSync } = await import('node:fs');
    const registry = createDefaultRegistry();
    try {
      for (const file of ['javascript/server.js', 'typescript/user-service.ts', 'python/' + readdirSync(join(fixtures, 'python')).find((f) => f.endsWith('.py')), 'c/ring_buffer.c']) {
        const language = registry.detectLanguage(file).language as string;
        const loaded = await registry.load(language);
        const tree = loaded.parser.parse(readFileSync(join(fixtures, file), 'utf8'));
        if (!tree) throw new Error(`no tree for ${file}`);
        try {
          const keys = (chunk: number) => {
            const { matches, uses } = readMatches(loaded.query, tree.rootNode, new Deadline(60_000), chunk);
            return [
              ...matches.map((m) => `${m.patternIndex}:${[...m.captures].map(([name, nodes]) => `${name}=${nodes.map((n) => n.id).join('+')}`).join(',')}`),
              ...uses.map((n) => `use=${n.startIndex}-${n.endIndex}`),
            ].sort();
          };
          const whole = keys(Number.POSITIVE_INFINITY);
          expect(whole.length).toBeGreaterThan(10);
          // Ranges of 64 characters: every top-level node a run of its own.
          expect(keys(64)).toEqual(whole);
        } finally {
          tree.delete();
        }
      }
    } finally {
      registry.dispose();
    }
  });
});
