/**
 * A `.h` header is C, C++ or Objective-C by its content, then by the sources beside it, then by syntax errors; macros
 * are kind `macro`; Rust and C++ items declared inside function bodies are reported as Universal Ctags reports them.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadRegionCuts } from '../../../src/extract/regions.js';
import { CodeIndex, createDefaultRegistry, ErrorCode } from '../../../src/index.js';
import { Deadline } from '../../../src/runtime/deadline.js';

let root: string;
let index: CodeIndex;

const FILES: Record<string, string> = {
  // C++ written so that the C grammar recovers without many errors: the old error-count rule kept it as C.
  'cpp/box.h': 'namespace geo {\ntemplate <typename T>\nstruct Box { T value; };\n}\n',
  'objc/store.h': '#import <Foundation/Foundation.h>\n@interface Store : NSObject\n- (void)save;\n@end\n',
  // A C header whose C++ part is for C++ readers only (its marks do not count), with C names that are C++ keywords
  // (which the C++ grammar does not take, so the error count keeps it C too).
  'c/api.h': [
    '#ifdef __cplusplus',
    'template <class T> T *wrap(T *p);',
    '#endif',
    'struct node { int class; int new; int delete; int this; };',
    'int api_size(const struct node *n);',
    '',
  ].join('\n'),
  // C++ that no C compiler reads, in `#ifdef __cplusplus` regions: a C++ overload before the `#else` of the C one.
  'c/guarded.h': [
    '#ifdef __cplusplus',
    '#include <cstddef>',
    'extern "C" {',
    '#endif',
    '#ifdef __cplusplus',
    'inline int twice(int x) { return x * 2; }',
    'inline double twice(double x) { return x * 2; }',
    '#else',
    'int twice(int x);',
    '#endif',
    'typedef struct { int n; } counter;',
    'int counter_next(counter *c);',
    '#ifdef __cplusplus',
    '}',
    '#endif',
    '',
  ].join('\n'),
  // No marks either way: the sources beside them decide.
  'beside-cpp/plain.h': 'int plain_size(void);\n',
  'beside-cpp/plain.cpp': '#include "plain.h"\nint plain_size(void) { return 1; }\n',
  'beside-m/plain.h': 'int plain_size(void);\n',
  'beside-m/plain.m': '#include "plain.h"\nint plain_size(void) { return 1; }\n',
  'alone/plain.h': 'int plain_size(void);\n',
  'macros/macros.h': '#define LIMIT 64\n#define SQUARE(x) ((x) * (x))\n#define GUARD\n',
  'items/lib.rs': [
    'pub fn outer() -> u8 {',
    '    fn helper() -> u8 { 1 }',
    '    struct Local;',
    '    let closure = || 2;',
    '    helper()',
    '}',
    'macro_rules! square { ($x:expr) => { $x * $x }; }',
    '',
  ].join('\n'),
  'items/run.cpp': 'int run(int a) {\n  struct Local { int x; };\n  enum Color { Red };\n  using Alias = long;\n  int local = 3;\n  return a;\n}\n',
};

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-headers-')));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  index = await CodeIndex.open({ root, threads: 0, persist: false });
});

afterAll(() => {
  index?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the language of a .h header', () => {
  it('Should read C++ marks (template <, namespace x {) as C++', async () => {
    const analysis = await index.analyzeFile('cpp/box.h');
    expect(analysis.language).toBe('cpp');
    expect(analysis.classes.map((c) => c.name)).toEqual(['Box']);
  });

  it('Should read @interface as Objective-C', async () => {
    const analysis = await index.analyzeFile('objc/store.h');
    expect(analysis.language).toBe('objc');
    expect(analysis.classes.map((c) => c.name)).toEqual(['Store']);
  });

  it('Should keep a C header C when its only C++ is inside #ifdef __cplusplus', async () => {
    const analysis = await index.analyzeFile('c/api.h');
    expect(analysis.language).toBe('c');
    expect(analysis.functions.map((f) => f.name)).toEqual(['api_size']);
  });

  it('Should parse a C header without its #ifdef __cplusplus regions when they break the parse, their #else branch kept', async () => {
    const analysis = await index.analyzeFile('c/guarded.h');
    expect(analysis.language).toBe('c');
    expect(analysis.errors).toEqual([]);
    expect(analysis.functions.map((f) => `${f.name}@${f.line}`)).toEqual(['twice@9', 'counter_next@12']);
    expect(analysis.classes.map((c) => c.name)).toEqual(['counter']);
  });

  it('Should find no #ifdef __cplusplus region in a file that never closes them, and stop when the analysis budget is spent', async () => {
    const registry = createDefaultRegistry();
    try {
      const c = await registry.load('c');
      // Thousands of regions the file never closes: each would otherwise be scanned to the end of the file.
      const text = '#ifdef __cplusplus\nint a;\n'.repeat(20_000);
      const tree = c.parser.parse(text);
      if (!tree) throw new Error('no tree');
      try {
        expect(deadRegionCuts(tree.rootNode, text, [['#ifdef', '__cplusplus']], new Deadline(60_000, {}))).toEqual([]);
        const spent = new Deadline(1, {});
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(() => deadRegionCuts(tree.rootNode, text, [['#ifdef', '__cplusplus']], spent)).toThrow(expect.objectContaining({ code: ErrorCode.TS_PARSE_TIMEOUT }));
      } finally {
        tree.delete();
      }
    } finally {
      registry.dispose();
    }
  });

  it('Should follow the sources beside a header without marks', async () => {
    expect((await index.analyzeFile('beside-cpp/plain.h')).language).toBe('cpp');
    expect((await index.analyzeFile('beside-m/plain.h')).language).toBe('objc');
    expect((await index.analyzeFile('alone/plain.h')).language).toBe('c');
  });
});

describe('macros and items in function bodies', () => {
  it('Should report object-like macros (valueless ones too) as constants and function-like ones as functions, both of kind macro', async () => {
    const analysis = await index.analyzeFile('macros/macros.h');
    expect(analysis.constants).toEqual([
      expect.objectContaining({ name: 'LIMIT', kind: 'macro', value: '64' }),
      expect.objectContaining({ name: 'GUARD', kind: 'macro', line: 3 }),
    ]);
    expect(analysis.constants[1]?.value).toBeUndefined();
    expect(analysis.functions).toEqual([expect.objectContaining({ name: 'SQUARE', kind: 'macro', signature: 'SQUARE(x)' })]);
    expect(analysis.exports.map((e) => [e.name, e.type, e.kind])).toEqual([
      ['LIMIT', 'constant', 'macro'],
      ['SQUARE', 'function', 'macro'],
      ['GUARD', 'constant', 'macro'],
    ]);
    const rust = await index.analyzeFile('items/lib.rs');
    expect(rust.functions.find((f) => f.name === 'square')).toMatchObject({ kind: 'macro' });
  });

  it('Should report Rust fn and struct items inside a function body, not its let bindings', async () => {
    const symbols = (await index.parse('items/lib.rs')).symbols.map((s) => `${s.name}:${s.kind}${s.scope ? `<${s.scope}` : ''}`);
    expect(symbols).toEqual(['outer:function', 'helper:function<outer', 'Local:struct<outer', 'square:macro']);
  });

  it('Should report C++ types declared inside a function body, not its variables', async () => {
    const symbols = (await index.parse('items/run.cpp')).symbols.map((s) => `${s.name}:${s.kind}${s.scope ? `<${s.scope}` : ''}`);
    expect(symbols).toEqual(expect.arrayContaining(['run:function', 'Local:struct<run', 'Color:enum<run', 'Alias:type<run']));
    expect(symbols.some((s) => s.startsWith('local:'))).toBe(false);
  });
});
