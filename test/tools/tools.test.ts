/**
 * The agent tools: every tool set's happy paths in its wire format, and the coded errors a model gets for bad
 * calls. Runs on a temporary copy of the mixed-language project (plus generated files), with a git repository.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolbox, defineTool, runTool, type Toolbox, TOOLSET_NAMES, toolset } from '../../src/tools/index.js';

const source = fileURLToPath(new URL('../mixed-project/', import.meta.url));
let root: string;
let outside: string;
let box: Toolbox;

function git(...args: string[]): void {
  execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { stdio: 'ignore' });
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-tools-')));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'ci-outside-')));
  writeFileSync(join(outside, 'secret.txt'), 'secret\n');
  cpSync(source, root, { recursive: true });
  mkdirSync(join(root, 'gen'));
  // 60 matches of one word for paging; a long file for chunking; a binary file; a file a regex backtracks on.
  writeFileSync(join(root, 'gen/many.txt'), Array.from({ length: 60 }, (_, i) => `needle ${i}`).join('\n'));
  writeFileSync(join(root, 'gen/long.txt'), Array.from({ length: 3000 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n'));
  writeFileSync(join(root, 'gen/blob.bin'), Buffer.from([0, 1, 2, 3, 0, 255]));
  writeFileSync(join(root, 'gen/evil.txt'), `${'a'.repeat(40)}!\n`);
  for (let i = 0; i < 120; i++) writeFileSync(join(root, `gen/f${String(i).padStart(3, '0')}.md`), `# File ${i}\n`);
  writeFileSync(join(root, 'web/src/broken.ts'), 'export function ok(a: number) { return a; }\nexport function bad( {\n');
  writeFileSync(join(root, 'notes.xyz'), 'not code\n');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'escape.txt'));
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'initial');
  writeFileSync(join(root, 'svc/store/store.go'), `${execFileSync('git', ['-C', root, 'show', 'HEAD:svc/store/store.go'], { encoding: 'utf8' })}\n// Close releases the store.\nfunc (s *Store) Close() error { return nil }\n`);
  writeFileSync(join(root, 'untracked.py'), 'def fresh():\n    return 1\n');
  box = await createToolbox({ root, toolset: 'all', searchTimeoutMs: 1500 });
  // A git repository and five languages loaded and indexed: seconds on a busy machine, not the 10 s hook default.
  await box.index.indexAll();
}, 60_000);

afterAll(() => {
  box?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function ok(name: string, args: unknown): Promise<Record<string, unknown>> {
  const result = await box.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${result.text}`);
  return result.data as Record<string, unknown>;
}

async function fails(name: string, args: unknown): Promise<{ code: string; message: string }> {
  const result = await box.call(name, args);
  if (result.ok) throw new Error(`${name} should fail: ${result.text}`);
  return result.error;
}

describe('tool sets', () => {
  it('have unique names in every set, and `all` has every tool once with the explainer file tools prefixed', () => {
    for (const name of TOOLSET_NAMES) {
      const names = toolset(name).map((t) => t.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(toolset('all').map((t) => t.name)).toEqual([
      'code_analyze',
      'treesitter',
      'search_text',
      'read_file',
      'list_directory',
      'get_file_diff',
      'get_file_summary',
      'symbol_exists',
      'find_definition',
      'list_symbols',
      'find_symbols',
      'get_class_members',
      'get_index_stats',
      'explainer_list_directory',
      'explainer_read_file',
      'search_code',
      'analyze_imports',
      'graphItLive_analyzeFileLogic',
      'call_hierarchy',
      'repo_map',
      'query',
      'changes',
    ]);
    for (const tool of toolset('all')) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      expect(tool.description.length).toBeGreaterThan(60);
    }
  });
});

describe('runner: bad calls get coded errors that say how to fix them', () => {
  it('rejects an unknown tool, missing, mistyped and extra arguments', async () => {
    expect((await fails('no_such_tool', {})).code).toBe('UNKNOWN_TOOL');
    const missing = await fails('read_file', {});
    expect(missing.code).toBe('INVALID_ARGUMENT');
    expect(missing.message).toContain('file_path');
    const mistyped = await fails('treesitter', { operation: 'definition', file_path: 'a.ts', line: 'ten', column: 1 });
    expect(mistyped.message).toContain('line');
    const extra = await fails('symbol_exists', { symbol: 'Config', color: 'red' });
    expect(extra.message).toContain('unknown argument "color"');
    expect((await fails('search_text', { patterns: 'x', offset: 10_000_000 })).code).toBe('INVALID_ARGUMENT');
    expect((await fails('treesitter', { operation: 'explode', file_path: 'a.ts' })).code).toBe('INVALID_ARGUMENT');
  });

  it('refuses paths outside the root however they are written', async () => {
    expect((await fails('read_file', { file_path: '../secret.txt' })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('read_file', { file_path: `${outside}/secret.txt` })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('read_file', { file_path: 'escape.txt' })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('read_file', { file_path: '%2e%2e/%2e%2e/etc/passwd' })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('read_file', { file_path: 'web/src/config.ts\0.png' })).code).toBe('INVALID_ARGUMENT');
    expect((await fails('explainer_list_directory', { path: '../' })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('code_analyze', { operation: 'analyze_file', file: 'web/../../x.ts' })).code).toBe('PATH_TRAVERSAL');
  });

  it('cuts a result over the size bound and says so; turns a throw or a hang into a coded result', async () => {
    const big = defineTool({
      name: 'big',
      title: 'Big',
      description: 'Returns many rows.',
      input: z.strictObject({}),
      run: async () => ({ rows: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'x'.repeat(50) })) }),
    });
    const cut = await runTool(big, {}, { index: box.index }, { maxResultChars: 10_000 });
    expect(cut.ok && cut.truncated).toBe(true);
    expect(cut.ok && JSON.stringify(cut.data).length).toBeLessThanOrEqual(10_000);
    expect(cut.ok && (cut.data as { truncated?: boolean }).truncated).toBe(true);
    expect(cut.text.startsWith('⚠️ PARTIAL RESULTS')).toBe(true);
    const throws = defineTool({ ...big, title: 'Throws', name: 'throws', run: async () => { throw new TypeError('boom'); } });
    const thrown = await runTool(throws, {}, { index: box.index });
    expect(thrown.ok ? '' : thrown.error).toEqual({ code: 'INTERNAL_ERROR', message: 'Unexpected failure: boom' });
    const hangs = defineTool({ ...big, title: 'Hangs', name: 'hangs', run: () => new Promise<never>(() => {}) });
    const hung = await runTool(hangs, {}, { index: box.index }, { timeoutMs: 200 });
    expect(hung.ok ? '' : hung.error.code).toBe('TOOL_TIMEOUT');
  });

  it('stops a regular expression that backtracks without end', async () => {
    const started = Date.now();
    const error = await fails('search_text', { patterns: '(a+)+$', is_regex: true, file_pattern: 'evil.txt' });
    expect(error.code).toBe('SEARCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fails('search_text', { patterns: '(unclosed', is_regex: true })).code).toBe('INVALID_REGEX');
  });
});

describe('code_analyze (seed 000)', () => {
  it('answers the four operations in the seed types', async () => {
    const analysis = await ok('code_analyze', { operation: 'analyze_file', file: 'ml/pipeline/config.py' });
    expect(analysis).toMatchObject({ file: 'ml/pipeline/config.py', language: 'python' });
    expect((analysis.classes as Array<{ name: string }>).map((c) => c.name)).toEqual(['Config']);
    const signatures = await ok('code_analyze', { operation: 'get_signatures', file: 'svc/store/config.go' });
    expect(signatures).toEqual([expect.objectContaining({ name: 'LoadConfig', signature: 'LoadConfig(getenv func(string) string) Config' })]);
    const exports = (await ok('code_analyze', { operation: 'list_exports', file: 'web/src/config.ts' })) as unknown as Array<{ name: string }>;
    expect(exports.map((e) => e.name).sort()).toEqual(['Config', 'loadConfig']);
    const search = await ok('code_analyze', { operation: 'search_symbols', query: 'load_config', path: 'ml' });
    expect(search.matches).toEqual([expect.objectContaining({ file: 'ml/pipeline/config.py', symbol: 'load_config', type: 'function' })]);
    expect((await fails('code_analyze', { operation: 'analyze_file' })).message).toContain('"file" is required');
  });
});

describe('treesitter (seed 001)', () => {
  it('finds definitions, references and hover at a position, with absolute file paths', async () => {
    const definition = await ok('treesitter', { operation: 'definition', file_path: 'svc/store/store.go', line: 12, column: 24 });
    expect(definition).toMatchObject({ symbol: 'LoadConfig', resolution: 'bound' });
    expect(definition.definitions).toEqual([
      expect.objectContaining({ file_path: `${root}/svc/store/config.go`, line: 10, kind: 'function' }),
    ]);
    const references = await ok('treesitter', { operation: 'references', file_path: `${root}/svc/store/config.go`, line: 10, column: 6 });
    expect(references.total_count).toBe(1);
    expect(references.references).toEqual([expect.objectContaining({ file_path: `${root}/svc/store/store.go`, line: 12, kind: 'call' })]);
    const hover = await ok('treesitter', { operation: 'hover', file_path: 'core/src/lib.rs', line: 8, column: 26 });
    expect(hover).toMatchObject({
      symbol: 'load_config',
      signature: 'load_config(threads: Option<usize>) -> Config',
      documentation: 'Reads the engine configuration, with defaults for what is missing.',
      definition_location: { file_path: `${root}/core/src/config.rs`, line: 10 },
    });
  });

  it('parses a file; reports parse errors as a warning beside results, and the seed error codes', async () => {
    const parsed = await ok('treesitter', { operation: 'parse', file_path: 'web/src/config.ts' });
    expect(parsed).toMatchObject({ language: 'typescript', root_node: 'program', errors: [] });
    expect(parsed.symbols).toEqual(expect.arrayContaining([{ name: 'loadConfig', kind: 'function', line: 8, column: 17 }]));
    const broken = await ok('treesitter', { operation: 'definition', file_path: 'web/src/broken.ts', line: 1, column: 17 });
    expect(broken.warning).toMatchObject({ code: 'TS_PARSE_ERRORS', message: 'File parsed with errors (results may be incomplete)' });
    expect(broken.definitions).toEqual([expect.objectContaining({ line: 1 })]);
    const unsupported = await fails('treesitter', { operation: 'parse', file_path: 'notes.xyz' });
    expect(unsupported).toMatchObject({ code: 'TS_UNSUPPORTED_LANGUAGE', message: 'No tree-sitter parser available for .xyz files' });
    expect((await fails('treesitter', { operation: 'hover', file_path: 'web/src/config.ts', line: 3, column: 1 })).code).toBe('TS_SYMBOL_NOT_FOUND');
    expect((await fails('treesitter', { operation: 'hover', file_path: 'web/src/config.ts' })).message).toContain('line and column');
  });
});

describe('scanner (seed 002)', () => {
  it('search_text: literal whole words, several patterns, regex, file filter, pages of 50 with the warning', async () => {
    const first = await ok('search_text', { patterns: 'needle' });
    expect(first).toMatchObject({ total_matches: 60, returned_count: 50, offset: 0, has_more: true, next_offset: 50 });
    expect(first.warning).toBe(
      '⚠️ PARTIAL RESULTS: Showing 50 of 60 total matches (offset 0).\nTo get more results, call search_text again with offset=50',
    );
    const second = await ok('search_text', { patterns: 'needle', offset: 50 });
    expect(second).toMatchObject({ returned_count: 10, has_more: false });
    expect(second.next_offset).toBeUndefined();
    const both = await ok('search_text', { patterns: ['LoadConfig', 'load_config'], case_sensitive: true });
    const byPattern = both.matches_by_pattern as Record<string, Array<{ file: string; line: number; code: string }>>;
    expect(byPattern.LoadConfig).toEqual([
      { file: 'svc/store/config.go', line: 9, code: '// LoadConfig reads the store configuration from the environment.' },
      { file: 'svc/store/config.go', line: 10, code: 'func LoadConfig(getenv func(string) string) Config {' },
      { file: 'svc/store/store.go', line: 12, code: 'return &Store{config: LoadConfig(os.Getenv)}' },
    ]);
    expect(byPattern.load_config?.every((m) => /\.(py|rs)$/.test(m.file))).toBe(true);
    const word = await ok('search_text', { patterns: 'Config', file_pattern: '*.go' });
    expect((word.matches_by_pattern as Record<string, unknown[]>).Config?.length).toBe(6);
    const regex = await ok('search_text', { patterns: 'func\\s+\\w+Config', is_regex: true });
    expect(regex.total_matches).toBe(1);
    expect((await ok('search_text', { patterns: 'secret' })).total_matches).toBe(0);
  });

  it('read_file: the complete file with its hint, chunks of about 4,000 tokens, line ranges', async () => {
    const whole = await ok('read_file', { file_path: 'svc/store/config.go' });
    expect(whole).toMatchObject({ start_line: 1, end_line: 12, total_lines: 12, lines_returned: 12, is_partial: false, has_more: false });
    expect(whole.hint).toBe('This is the COMPLETE file (12 lines). No need to read it again.');
    const chunk = await ok('read_file', { file_path: 'gen/long.txt' });
    expect(chunk).toMatchObject({ start_line: 1, is_partial: true, has_more: true, total_lines: 3000 });
    expect((chunk.content as string).length).toBeLessThanOrEqual(16_000);
    expect(chunk.next_start_line).toBe((chunk.end_line as number) + 1);
    expect(chunk.warning).toContain('⚠️ PARTIAL CONTENT: This file is too large to return in full.');
    const tail = await ok('read_file', { file_path: 'gen/long.txt', start_line: 2900 });
    expect(tail).toMatchObject({ end_line: 3000, has_more: false });
    const range = await ok('read_file', { file_path: 'svc/store/config.go', start_line: 3, end_line: 4 });
    expect(range.content).toBe('// Config says where the store keeps its data.\ntype Config struct {');
    expect((await fails('read_file', { file_path: 'svc/store/config.go', start_line: 99 })).message).toContain('past the end');
    expect((await fails('read_file', { file_path: 'gen/blob.bin' })).code).toBe('BINARY_FILE');
    expect((await fails('read_file', { file_path: 'gen' })).code).toBe('NOT_A_FILE');
  });

  it('list_directory: folders and files with line counts, recursive, pages of 100', async () => {
    const top = await ok('list_directory', { directory_path: '.' });
    expect(top.directories).toEqual(['core', 'gen', 'ml', 'svc', 'web']);
    expect(top.files).toEqual(expect.arrayContaining([{ path: 'notes.xyz', lines: 1 }, { path: 'untracked.py', lines: 2 }]));
    expect(top.recursive).toBe(false);
    const gen = await ok('list_directory', { directory_path: 'gen' });
    expect(gen).toMatchObject({ total_files: 124, returned_count: 100, has_more: true, next_offset: 100 });
    expect(gen.warning).toContain('call list_directory again with offset=100');
    expect(gen.files).toEqual(expect.arrayContaining([{ path: 'gen/blob.bin' }]));
    const deep = await ok('list_directory', { directory_path: 'svc', recursive: true });
    expect(deep.files).toEqual([
      { path: 'svc/store/config.go', lines: 12 },
      { path: 'svc/store/store.go', lines: 16 },
    ]);
    expect((await fails('list_directory', { directory_path: 'nope' })).code).toBe('DIR_NOT_FOUND');
  });

  it('get_file_diff: changes against HEAD, unchanged and untracked files', async () => {
    const changed = await ok('get_file_diff', { file_path: 'svc/store/store.go', context_lines: 1 });
    expect(changed).toMatchObject({ has_changes: true, lines_added: 3, lines_removed: 0, context_lines: 1 });
    expect(changed.diff).toContain('+func (s *Store) Close() error { return nil }');
    const capped = await ok('get_file_diff', { file_path: 'svc/store/store.go', context_lines: 50 });
    expect(capped.context_lines).toBe(10);
    expect(await ok('get_file_diff', { file_path: 'svc/store/config.go' })).toMatchObject({
      has_changes: false,
      diff: null,
      message: 'No changes in this file relative to HEAD',
    });
    expect((await ok('get_file_diff', { file_path: 'untracked.py' })).message).toContain('not tracked');
  });

  it('get_file_diff: a clear error outside a git repository and before the first commit', async () => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'ci-nogit-')));
    writeFileSync(join(plain, 'a.py'), 'x = 1\n');
    const other = await createToolbox({ root: plain, toolset: 'scanner' });
    try {
      const outsideGit = await other.call('get_file_diff', { file_path: 'a.py' });
      expect(outsideGit.ok ? '' : outsideGit.error.code).toBe('NOT_A_GIT_REPOSITORY');
      execFileSync('git', ['-C', plain, 'init', '-q']);
      const noHead = await other.call('get_file_diff', { file_path: 'a.py' });
      expect(noHead.ok ? '' : noHead.error.code).toBe('GIT_NO_HEAD');
    } finally {
      other.close();
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('get_file_summary, list_symbols, symbol_exists, find_definition, find_symbols, get_class_members, get_index_stats', async () => {
    const summary = await ok('get_file_summary', { file_path: 'ml/pipeline/train.py' });
    expect(summary).toEqual({
      file_path: 'ml/pipeline/train.py',
      language: 'python',
      total_lines: 14,
      classes: [],
      functions: [{ name: 'train', line: 5 }],
      imports: ['from .config import Config, load_config'],
      constants: [],
      summary: { class_count: 0, function_count: 1, import_count: 1, constant_count: 0 },
    });
    const symbols = await ok('list_symbols', { file_path: 'ml/pipeline/config.py' });
    expect(symbols.symbols).toEqual(
      expect.arrayContaining([
        { name: 'Config', line: 6, kind: 'class', scope: null },
        { name: 'learning_rate', line: 9, kind: 'property', scope: 'Config' },
        { name: 'load_config', line: 13, kind: 'function', scope: null },
      ]),
    );
    const exists = await ok('symbol_exists', { symbol: 'Config', symbol_type: 'class' });
    expect(exists.exists).toBe(true);
    expect((exists.locations as unknown[]).length).toBe(4);
    expect(await ok('symbol_exists', { symbol: 'NoSuchThing' })).toEqual({ symbol: 'NoSuchThing', symbol_type: 'any', exists: false, locations: [] });
    const found = await ok('find_definition', { symbol: 'load_config', symbol_type: 'function' });
    expect(found.definitions).toEqual(
      expect.arrayContaining([
        { file: 'ml/pipeline/config.py', line: 13, kind: 'function', scope: null, signature: '(path: str) -> Config' },
        { file: 'core/src/config.rs', line: 10, kind: 'function', scope: null, signature: '(threads: Option<usize>) -> Config' },
      ]),
    );
    const pattern = await ok('find_symbols', { pattern: '*Config', symbol_type: 'function' });
    expect((pattern.symbols as Array<{ name: string }>).map((s) => s.name).sort()).toEqual(['LoadConfig', 'loadConfig']);
    const members = await ok('get_class_members', { class_name: 'Config' });
    expect(members).toMatchObject({ found: true });
    expect((members.members as unknown[]).length).toBeGreaterThan(1);
    expect(members.other_locations).toHaveLength(3);
    expect(await ok('get_class_members', { class_name: 'Nope' })).toEqual({ class_name: 'Nope', found: false, members: [] });
    const stats = await ok('get_index_stats', {});
    expect(stats.total_files).toBeGreaterThanOrEqual(10);
    expect((stats.symbols_by_kind as Record<string, number>).function).toBeGreaterThan(3);
  });
});

describe('every tool refuses a bad call with a code', () => {
  it.each([
    ['code_analyze', { operation: 'search_symbols', query: 'x', limit: 5000 }, 'INVALID_ARGUMENT'],
    ['code_analyze', { operation: 'list_exports', file: 'missing.ts' }, 'FILE_NOT_FOUND'],
    ['treesitter', { operation: 'references', file_path: 'web/src/config.ts', line: 999, column: 1 }, 'INVALID_ARGUMENT'],
    ['search_text', { patterns: [] }, 'INVALID_ARGUMENT'],
    ['read_file', { file_path: 'web/src/config.ts', start_line: 0 }, 'INVALID_ARGUMENT'],
    ['list_directory', { directory_path: 'web/src/config.ts' }, 'DIR_NOT_FOUND'],
    ['get_file_diff', { file_path: '../outside.py' }, 'PATH_TRAVERSAL'],
    ['get_file_summary', { file_path: 'missing.py' }, 'FILE_NOT_FOUND'],
    ['symbol_exists', { symbol: '' }, 'INVALID_ARGUMENT'],
    ['find_definition', { symbol: 'Config', symbol_type: 'struct' }, 'INVALID_ARGUMENT'],
    ['list_symbols', { file_path: 'gen/blob.bin' }, 'BINARY_FILE'],
    ['find_symbols', { pattern: 'x', offset: -1 }, 'INVALID_ARGUMENT'],
    ['get_class_members', { class_name: 7 }, 'INVALID_ARGUMENT'],
    ['get_index_stats', { verbose: true }, 'INVALID_ARGUMENT'],
    ['explainer_list_directory', { path: 'gen', maxDepth: 50 }, 'INVALID_ARGUMENT'],
    ['explainer_read_file', { path: 'web/src/config.ts', startLine: 500 }, 'INVALID_ARGUMENT'],
    ['search_code', { pattern: 'x', maxResults: 100_000 }, 'INVALID_ARGUMENT'],
    ['analyze_imports', { file: 'web/src/config.ts', direction: 'sideways' }, 'INVALID_ARGUMENT'],
  ])('%s %j -> %s', async (name, args, code) => {
    const error = await fails(name, args);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(10);
  });
});

describe('explainer (seed 004)', () => {
  it('lists, reads, searches with context and traces imports', async () => {
    const listing = await ok('explainer_list_directory', { path: 'ml', maxDepth: 2 });
    expect(listing).toMatchObject({ totalFiles: 2, totalDirectories: 1, truncated: false });
    expect(listing.entries).toEqual([
      { path: 'ml/pipeline', type: 'directory' },
      expect.objectContaining({ path: 'ml/pipeline/config.py', type: 'file', size: expect.any(Number) }),
      expect.objectContaining({ path: 'ml/pipeline/train.py', type: 'file' }),
    ]);
    const read = await ok('explainer_read_file', { path: `${root}/core/src/lib.rs`, startLine: 1, endLine: 2 });
    expect(read).toEqual({ content: '//! The core engine.\nmod config;', totalLines: 10, language: 'rust', truncated: false });
    const search = await ok('search_code', { pattern: 'config|settings', directory: '.', fileGlob: '*.py', maxResults: 2 });
    expect(search).toMatchObject({ truncated: true });
    expect((search.totalMatches as number) > 2).toBe(true);
    expect(search.matches).toEqual([
      { file: 'ml/pipeline/config.py', line: 1, content: '"""Configuration of the training pipeline."""', context: { before: '', after: 'from dataclasses import dataclass\n' } },
      expect.objectContaining({ file: 'ml/pipeline/config.py' }),
    ]);
    const imports = await ok('analyze_imports', { file: 'web/src/client.ts', direction: 'both' });
    expect(imports).toEqual({
      imports: [{ from: './config', items: ['Config', 'loadConfig'] }],
      exports: [
        { name: 'fetchUser', type: 'function' },
        { name: 'defaultConfig', type: 'const' },
      ],
    });
    expect(((await ok('analyze_imports', { file: 'web/src/client.ts', direction: 'imports' })).exports as unknown[]).length).toBe(0);
  });

  it('uses the seed error codes', async () => {
    expect((await fails('explainer_list_directory', { path: 'missing' })).code).toBe('DIR_NOT_FOUND');
    expect((await fails('explainer_read_file', { path: 'missing.ts' })).code).toBe('FILE_UNREADABLE');
    expect((await fails('explainer_read_file', { path: 'gen/blob.bin' })).code).toBe('FILE_UNREADABLE');
    expect((await fails('search_code', { pattern: 'x', directory: '/etc' })).code).toBe('PATH_TRAVERSAL');
    expect((await fails('analyze_imports', { file: '../../etc/passwd', direction: 'imports' })).code).toBe('PATH_TRAVERSAL');
  });
});
