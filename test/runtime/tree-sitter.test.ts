/**
 * The leaves of a tree found where they start (`LeafWalk` in `src/runtime/tree-sitter.ts`) against a walk over every
 * leaf with one cursor (what C's preprocessor regions, bare macro lines and language marks were found with before):
 * at every offset of every fixture file, and of trees with syntax errors, included ranges and other line ends, the
 * same leaf (text, place, region end), and the same leaf after it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/index.js';
import { bareMacroCuts, type Leaf, LeafWalk, parseText, type Range, type Tree } from '../../src/runtime/tree-sitter.js';
import { bareMacroCutsOverEveryLeaf, everyLeaf, LEAF_SOURCES } from '../helpers/leaf-walks.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

/**
 * The fixtures of the languages whose definitions read leaves (the C family's preprocessor regions, bare macro lines
 * and marks, C#'s directive lines), and of a few others with trees of other shapes (Markdown's blocks and inline
 * content). Loading a language compiles its query, most of the cost of a test here.
 */
const FOLDERS = new Set(['c', 'cpp', 'objc', 'csharp', 'markdown', 'typescript', 'python']);
const files = readdirSync(fixtures)
  .flatMap((folder) => (FOLDERS.has(folder) && statSync(join(fixtures, folder)).isDirectory() ? readdirSync(join(fixtures, folder)).map((name) => `${folder}/${name}`) : []))
  .filter((file) => statSync(join(fixtures, file)).isFile() && registry.detectLanguage(file).language !== undefined);

const plain = (leaf: Leaf | undefined) => leaf && { text: leaf.text, row: leaf.row, column: leaf.column, start: leaf.start, regionEnd: leaf.regionEnd };

/**
 * Seeks offsets of the text in order (every one of a small text; of a larger one, each leaf's start, the offset after
 * it and its end), and the leaf after each leaf found, and compares them with the reference.
 */
function compareAt(tree: Tree, text: string): number {
  const leaves = everyLeaf(tree.rootNode);
  const byStart = new Map(leaves.map((leaf, i) => [leaf.start, i]));
  const walk = new LeafWalk(tree.rootNode, text);
  const offsets =
    text.length <= 2048
      ? Array.from({ length: text.length + 1 }, (_, offset) => offset)
      : [...new Set(leaves.flatMap((leaf) => [leaf.start, leaf.start + 1, leaf.start + leaf.text.length]))].sort((a, b) => a - b);
  // Compared at once: an assertion per offset costs more than the seek.
  const expected: unknown[] = [];
  const actual: unknown[] = [];
  for (const offset of offsets) {
    const index = byStart.get(offset);
    actual.push([offset, plain(walk.seek(offset))]);
    expected.push([offset, index === undefined ? undefined : leaves[index]]);
    if (index === undefined) continue;
    actual.push([offset, 'next', plain(walk.next())]);
    expected.push([offset, 'next', leaves[index + 1]]);
  }
  expect(actual).toEqual(expected);
  return leaves.length;
}

/** Parses `text` as `language` (over `ranges`, when given), compares, and deletes the tree. */
async function compare(language: string, text: string, ranges?: Range[]): Promise<number> {
  const loaded = await registry.load(language);
  const tree = loaded.parser.parse(text, null, ranges ? { includedRanges: ranges } : {});
  if (!tree) throw new Error(`no tree for ${language}`);
  try {
    return compareAt(tree, text);
  } finally {
    tree.delete();
  }
}

describe('Leaves found where they start', () => {
  it('Should cover the fixtures of the languages that read leaves', () => {
    expect(new Set(files.map((file) => file.split('/')[0]))).toEqual(FOLDERS);
  });

  it.each(files)('Should find at every offset of %s the leaf a walk over every leaf finds there', async (file) => {
    const language = registry.detectLanguage(file).language as string;
    const text = readFileSync(join(fixtures, file), 'utf8');
    // (Some fixtures are empty, or all comment: a tree of no leaves or one.)
    expect(await compare(language, text)).toBeGreaterThanOrEqual(text.trim() === '' ? 0 : 1);
  });

  it('Should find them in a parse that error recovery broke, with missing nodes and unknown tokens', async () => {
    const text = [
      '#ifdef __cplusplus',
      'extern "C" {',
      '#endif',
      'G_BEGIN_DECLS',
      'struct s { int a; int b',
      'int f(int x { return x +; }',
      '@interface Foo : NSObject',
      'char *s = "#endif";',
      '#if defined(X) && __cplusplus',
      'int g(void) { return 1 }',
      '#else',
      'Q_OBJECT',
      '#endif',
      '',
    ].join('\n');
    expect(await compare('c', text)).toBeGreaterThan(40);
    expect(await compare('cpp', text)).toBeGreaterThan(40);
  });

  it.each(LEAF_SOURCES.map((text, i) => [i, text] as const))('Should find them in a C source of preprocessor regions and macros (source %i)', async (_, text) => {
    expect(await compare('c', text)).toBeGreaterThan(10);
  });

  it('Should find them with other line ends, and in text beyond the first plane', async () => {
    const text = '/* ünïcödé 😀 */\r\nint a;\r\n\r\nint 😀b = 1;\rint c;\n  MACRO_NAME(x)\r\n';
    expect(await compare('c', text)).toBeGreaterThan(8);
  });

  it('Should find none in text a parse over included ranges left out', async () => {
    const text = 'int a;\nEXPORT_SYMBOL(a)\nint b;\n#ifdef __cplusplus\n}\n#endif\nint c;\n';
    const second = text.indexOf('EXPORT');
    const third = text.indexOf('int b');
    const ranges: Range[] = [
      { startIndex: 0, endIndex: second, startPosition: { row: 0, column: 0 }, endPosition: { row: 1, column: 0 } },
      { startIndex: third, endIndex: text.length, startPosition: { row: 2, column: 0 }, endPosition: { row: 7, column: 0 } },
    ];
    const loaded = await registry.load('c');
    const tree = loaded.parser.parse(text, null, { includedRanges: ranges });
    if (!tree) throw new Error('no tree');
    try {
      compareAt(tree, text);
      expect(new LeafWalk(tree.rootNode, text).seek(second)).toBeUndefined();
      expect(new LeafWalk(tree.rootNode, text).seek(third)?.text).toBe('int');
    } finally {
      tree.delete();
    }
  });

  it('Should say where a leaf may start next: past the comment or string an offset falls in', async () => {
    const loaded = await registry.load('c');
    const text = `/* ${'#'.repeat(50)} */\nint x; char *s = "@@@";\n`;
    const tree = loaded.parser.parse(text);
    if (!tree) throw new Error('no tree');
    try {
      const walk = new LeafWalk(tree.rootNode, text);
      const comment = text.indexOf('*/') + 2;
      expect(walk.seek(3)).toBeUndefined();
      expect(walk.after(3)).toBe(comment);
      expect(walk.seek(10)).toBeUndefined();
      expect(walk.seek(0)?.text).toBe(text.slice(0, comment));
      expect(walk.after(0)).toBe(comment);
      const int = text.indexOf('int');
      expect(walk.seek(int)?.text).toBe('int');
      expect(walk.after(int)).toBe(int + 3);
      // Between leaves: the next offset.
      expect(walk.seek(int + 3)).toBeUndefined();
      expect(walk.after(int + 3)).toBe(int + 4);
    } finally {
      tree.delete();
    }
  });

  it('Should tell the type of the leaf it found, and whether it is named', async () => {
    const loaded = await registry.load('c');
    const text = 'G_BEGIN_DECLS\nint x;\n';
    const tree = loaded.parser.parse(text);
    if (!tree) throw new Error('no tree');
    try {
      const walk = new LeafWalk(tree.rootNode, text);
      expect(walk.seek(0)?.text).toBe('G_BEGIN_DECLS');
      expect([walk.type, walk.named]).toEqual(['type_identifier', true]);
      expect(walk.next()?.text).toBe('int');
      expect(walk.next()?.text).toBe('x');
      expect(walk.next()?.text).toBe(';');
      expect([walk.type, walk.named]).toEqual([';', false]);
      expect(walk.next()).toBeUndefined();
      expect(walk.seek(1)).toBeUndefined();
    } finally {
      tree.delete();
    }
  });
});

describe('Bare macro lines', () => {
  it('Should leave out lines holding only an ALL-CAPS name, or one and its arguments', async () => {
    const text = 'G_BEGIN_DECLS\nint f(void);\n  G_DEFINE_TYPE (A, a, B)\nint MAX_SIZE = 3;\n';
    const loaded = await registry.load('c');
    const tree = loaded.parser.parse(text);
    if (!tree) throw new Error('no tree');
    try {
      const cuts = bareMacroCuts(tree.rootNode, text);
      expect(cuts.map((cut) => text.slice(cut.startIndex, cut.endIndex))).toEqual(['G_BEGIN_DECLS', 'G_DEFINE_TYPE (A, a, B)']);
      expect(cuts.map((cut) => [cut.startPosition, cut.endPosition])).toEqual([
        [{ row: 0, column: 0 }, { row: 0, column: 13 }],
        [{ row: 2, column: 2 }, { row: 2, column: 25 }],
      ]);
    } finally {
      tree.delete();
    }
  });

  const fixtureTexts = files.filter((file) => /^(c|cpp|objc)\//.test(file)).map((file) => readFileSync(join(fixtures, file), 'utf8'));
  it.each([...LEAF_SOURCES, ...fixtureTexts].map((text, i) => [i, text] as const))('Should leave out the lines a walk over every leaf leaves out (source %i)', async (_, text) => {
    for (const language of ['c', 'cpp', 'objc']) {
      const loaded = await registry.load(language);
      const tree = loaded.parser.parse(text);
      if (!tree) throw new Error('no tree');
      try {
        expect(bareMacroCuts(tree.rootNode, text)).toEqual(bareMacroCutsOverEveryLeaf(tree.rootNode, text));
      } finally {
        tree.delete();
      }
    }
  });
});

describe('parseText', () => {
  it('Should give TS_PARSE_TIMEOUT past its time, and parse another text whole with the same parser after', async () => {
    const loaded = await registry.load('javascript');
    const big = Array.from({ length: 40_000 }, (_, i) => `function f${i}(a) { return [a, { b: a + ${i} }]; }`).join('\n');
    expect(() => parseText(loaded.parser, big, 1, { file_path: 'big.js' })).toThrow(expect.objectContaining({ code: 'TS_PARSE_TIMEOUT' }));
    // The cut parse's state is dropped first: the next text is parsed from its own start, not resumed.
    const tree = parseText(loaded.parser, 'const small = 1;\n', 5_000, { file_path: 'small.js' });
    try {
      expect(tree.rootNode.toString()).toBe('(program (lexical_declaration (variable_declarator name: (identifier) value: (number))))');
    } finally {
      tree.delete();
    }
  });
});
