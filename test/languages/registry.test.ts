/**
 * The language registry: detection, runtime registration of a language the package does not bundle, health.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Query } from 'web-tree-sitter';
import {
  bundledLanguages,
  CodeIndex,
  CodeIndexError,
  createDefaultRegistry,
  defineLanguage,
  ErrorCode,
  LanguageRegistry,
} from '../../src/index.js';

const here = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);

describe('detectLanguage', () => {
  const registry = createDefaultRegistry();
  it.each([
    ['a.js', 'javascript'],
    ['a.jsx', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['a.tsx', 'tsx'],
    ['a.json', 'json'],
    ['a.jsonc', 'json'],
    ['a.md', 'markdown'],
    ['a.mdx', 'markdown'],
    ['src/deep/Upper.TS', 'typescript'],
  ])('Should detect %s as %s', (path, language) => {
    expect(registry.detectLanguage(path)).toEqual({
      language,
      extension: path.slice(path.lastIndexOf('.')).toLowerCase(),
    });
  });
  it('Should answer an unknown extension with a TS_UNSUPPORTED_LANGUAGE warning listing what is supported', () => {
    const detection = registry.detectLanguage('/src/data.xyz');
    expect(detection.language).toBeUndefined();
    expect(detection.warning).toEqual({
      code: 'TS_UNSUPPORTED_LANGUAGE',
      message: 'No tree-sitter parser available for .xyz files',
      details: { file_path: '/src/data.xyz', extension: '.xyz', supported_extensions: registry.supportedExtensions() },
    });
    expect(registry.detectLanguage('Makefile').warning?.message).toBe(
      'No tree-sitter parser available for "Makefile" (no extension)',
    );
  });
  it('Should list every bundled extension once, sorted, without the injected-only markdown_inline language', () => {
    const extensions = registry.supportedExtensions();
    expect(extensions).toEqual([...new Set(extensions)].sort());
    const expected = bundledLanguages.filter((l) => l.id !== 'markdown_inline').flatMap((l) => l.extensions);
    expect(new Set(extensions)).toEqual(new Set(expected));
    expect(extensions).toEqual(expect.arrayContaining(['.ts', '.tsx', '.py', '.pyi', '.go', '.rs', '.h', '.md']));
    expect(bundledLanguages.find((l) => l.id === 'markdown_inline')?.extensions).toEqual([]);
  });
});

describe('register', () => {
  it('Should analyze a file with a language registered at runtime from its own wasm and query', async () => {
    const registry = new LanguageRegistry(bundledLanguages);
    registry.register(
      defineLanguage({
        id: 'toylua',
        name: 'Toy Lua',
        extensions: ['.toylua'],
        // bytes, to show that any WASM input works
        grammar: readFileSync(require.resolve('@cursorless/tree-sitter-wasms/out/tree-sitter-lua.wasm')),
        queries: [`${here}custom-language/tags.scm`],
        docComments: { line: ['---'] },
        signature: { returnSeparator: ' -> ' },
        // an export convention: names not starting with "helper"
        exports: { unlessNamePattern: '^helper' },
      }),
    );
    const index = await CodeIndex.open({ root: `${here}custom-language`, registry });
    try {
      const analysis = await index.analyzeFile('sample.toylua');
      expect(analysis.language).toBe('toylua');
      expect(analysis.functions.map((f) => [f.name, f.signature, f.line, f.doc])).toEqual([
        ['add', 'add(a, b)', 4, 'Adds two numbers.'],
        ['helper', 'helper(x)', 8, undefined],
        ['greet', 'greet(name)', 12, undefined],
      ]);
      expect(analysis.exports.map((e) => `${e.name}:${e.type}`)).toEqual(['add:function', 'greet:function']);
      expect(analysis.functions.map((f) => f.isExported)).toEqual([true, false, true]);
      expect(index.languages().find((l) => l.id === 'toylua')?.state).toBe('loaded');
    } finally {
      index.close();
      registry.dispose();
    }
  });

  it('Should report a grammar that fails to load as LANGUAGE_LOAD_FAILED and keep the others working', async () => {
    const registry = createDefaultRegistry();
    registry.register(
      defineLanguage({
        id: 'broken',
        name: 'Broken',
        extensions: ['.broken'],
        grammar: new Uint8Array([0, 1, 2, 3]),
        queries: [],
      }),
    );
    const error = await registry.load('broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeIndexError);
    expect((error as CodeIndexError).code).toBe(ErrorCode.LANGUAGE_LOAD_FAILED);
    expect(registry.languages().find((l) => l.id === 'broken')).toMatchObject({ state: 'failed' });
    const ts = await registry.load('typescript');
    expect(ts.definition.id).toBe('typescript');
    registry.dispose();
  });

  it('Should report a query that does not compile as LANGUAGE_LOAD_FAILED', async () => {
    const registry = createDefaultRegistry();
    registry.register(
      defineLanguage({
        id: 'badquery',
        name: 'Bad query',
        extensions: ['.bq'],
        grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-lua.wasm' },
        queries: [{ text: '(no_such_node) @definition.function' }],
      }),
    );
    await expect(registry.load('badquery')).rejects.toMatchObject({
      code: 'LANGUAGE_LOAD_FAILED',
      data: { stage: 'queries' },
    });
    registry.dispose();
  });

  it('Should run the patterns of what the grammar misread as a query of their own, before the rest', async () => {
    const registry = createDefaultRegistry();
    const [ts, cpp, json] = await Promise.all([registry.load('typescript'), registry.load('cpp'), registry.load('json')]);
    // TypeScript's variance patterns all name an ERROR: a tree without errors needs no pass. Some C++ macro shapes
    // parse without errors.
    expect(ts.cuts?.needsErrors).toBe(true);
    expect(cpp.cuts?.needsErrors).toBe(false);
    expect(json.cuts).toBeUndefined();
    const source = 'export interface Queue<in out A> extends Iterable<A> {}\ntype F<out A, in E = never> = (e: E) => A\n';
    const tree = ts.parser.parse(source);
    const cuts = ts.cuts?.query;
    if (!tree || !cuts) throw new Error('no tree or no cut query');
    try {
      const cut = (query: Query, capture: string) =>
        query.captures(tree.rootNode).flatMap((c) => (c.name === capture ? [`${c.node.text}@${c.node.startIndex}`] : []));
      expect(cut(cuts, 'misread')).toEqual(['in@23', 'out@26', 'out@63', 'in@70']);
      // Disabled in the main query: its matches are read once, from the parse without them.
      expect(cut(ts.query, 'misread')).toEqual([]);
      expect(cut(ts.query, 'definition.interface')).toEqual(['interface Queue<in out A> extends Iterable<A> {}@7']);
    } finally {
      tree.delete();
      registry.dispose();
    }
  });

  it('Should load each grammar once per registry', async () => {
    const registry = createDefaultRegistry();
    const [a, b] = await Promise.all([registry.load('json'), registry.load('json')]);
    expect(a).toBe(b);
    registry.dispose();
  });

  it('Should refuse an invalid definition', () => {
    expect(() => defineLanguage({ id: 'Bad Id', name: 'x', extensions: [], grammar: '', queries: [] })).toThrow(
      TypeError,
    );
    expect(() => defineLanguage({ id: 'ok', name: 'x', extensions: ['ts'], grammar: '', queries: [] })).toThrow(
      /start with/,
    );
  });
});
