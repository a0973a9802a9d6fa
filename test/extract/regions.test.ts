/**
 * C's dead preprocessor regions and C#'s directive lines, found from the leaves that can be directives or open a
 * region (`src/extract/regions.ts`), against the same finders over every leaf of the tree: the same cuts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/extract/lines.js';
import { deadRegionCuts, directiveLineCuts } from '../../src/extract/regions.js';
import { createDefaultRegistry } from '../../src/index.js';
import { Deadline } from '../../src/runtime/deadline.js';
import type { Tree } from '../../src/runtime/tree-sitter.js';
import { deadRegionCutsOverEveryLeaf, directiveLineCutsOverEveryLeaf, LEAF_SOURCES } from '../helpers/leaf-walks.js';

const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const fixtureSources = (folder: string) => readdirSync(join(fixtures, folder)).map((name) => readFileSync(join(fixtures, folder, name), 'utf8'));

async function withTree<T>(language: string, text: string, use: (tree: Tree) => T): Promise<T> {
  const loaded = await registry.load(language);
  const tree = loaded.parser.parse(text);
  if (!tree) throw new Error('no tree');
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}

const DEAD = [['#ifdef', '__cplusplus']];

describe('Dead preprocessor regions', () => {
  it('Should cut a region through its #endif, and through its #else with the #endif after the live branch', async () => {
    const text = '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#else\nint g;\n#endif\n';
    const cuts = await withTree('c', text, (tree) => deadRegionCuts(tree.rootNode, text, DEAD, new Deadline(60_000)));
    expect(cuts.map((cut) => text.slice(cut.startIndex, cut.endIndex))).toEqual(['#ifdef __cplusplus\nextern "C" {\n#endif', '#ifdef __cplusplus\n}\n#else', '#endif']);
  });

  it('Should read no leaf of a file that cannot hold a region', async () => {
    const text = '#ifdef X\nint a;\n#endif\n';
    // A spent budget: any leaf read would stop it.
    const spent = new Deadline(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await withTree('c', text, (tree) => deadRegionCuts(tree.rootNode, text, DEAD, spent))).toEqual([]);
  });

  const sources = [...LEAF_SOURCES, ...fixtureSources('c'), ...fixtureSources('cpp'), ...fixtureSources('objc')];
  it.each(sources.map((text, i) => [i, text] as const))('Should cut what a walk over every leaf cuts (source %i)', async (_, text) => {
    for (const language of ['c', 'cpp']) {
      for (const dead of [DEAD, [['#if', '...', '__cplusplus']], [['#ifdef', '*'], ['#ifndef', 'API_H']]]) {
        await withTree(language, text, (tree) => {
          expect(deadRegionCuts(tree.rootNode, text, dead, new Deadline(60_000))).toEqual(deadRegionCutsOverEveryLeaf(tree.rootNode, dead));
        });
      }
    }
  });
});

describe('Directive lines', () => {
  const sources = [...LEAF_SOURCES, ...fixtureSources('csharp')];
  it.each(sources.map((text, i) => [i, text] as const))('Should cut the lines a walk over every leaf cuts (source %i)', async (_, text) => {
    const starts = new LineIndex(text).starts;
    for (const language of ['csharp', 'c']) {
      await withTree(language, text, (tree) => {
        expect(directiveLineCuts(tree.rootNode, text, starts, new Deadline(60_000))).toEqual(directiveLineCutsOverEveryLeaf(tree.rootNode, text, starts));
      });
    }
  });

  it('Should cut each conditional directive line once, leaving #define alone', async () => {
    const text = 'class A : B\n#if X\n, C\n#endif\n{\n#define Y\n}\n';
    const starts = new LineIndex(text).starts;
    const cuts = await withTree('csharp', text, (tree) => directiveLineCuts(tree.rootNode, text, starts, new Deadline(60_000)));
    expect(cuts.map((cut) => text.slice(cut.startIndex, cut.endIndex))).toEqual(['#if X\n', '#endif\n']);
  });

  it('Should cut #ifdef and #ifndef lines too, and a directive through the lines its backslashes continue', async () => {
    const text = '#ifndef G_H\n#if A || \\\n    B\nenum E\n#ifdef C\n : unsigned\n#endif\n{ X };\n#endif\n#endif\n';
    const starts = new LineIndex(text).starts;
    const cuts = await withTree('cpp', text, (tree) => directiveLineCuts(tree.rootNode, text, starts, new Deadline(60_000)));
    expect(cuts.map((cut) => text.slice(cut.startIndex, cut.endIndex))).toEqual(['#ifndef G_H\n', '#if A || \\\n    B\n', '#ifdef C\n', '#endif\n', '#endif\n', '#endif\n']);
    expect(cuts[1]).toMatchObject({ startPosition: { row: 1, column: 0 }, endPosition: { row: 3, column: 0 } });
  });
});
