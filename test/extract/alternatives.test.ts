/**
 * Alternative languages' marks, looked for at the leaves that start where the text holds a sequence's first token
 * (`src/extract/alternatives.ts`), against the same search over every leaf of the tree: the same answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Occurrences, readMarks } from '../../src/extract/alternatives.js';
import { createDefaultRegistry } from '../../src/index.js';
import type { AlternativeLanguage } from '../../src/languages/define.js';
import { LEAF_SOURCES, readMarksOverEveryLeaf } from '../helpers/leaf-walks.js';

const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const fixtureSources = (folder: string) => readdirSync(join(fixtures, folder)).map((name) => readFileSync(join(fixtures, folder, name), 'utf8'));

/** C's own alternatives and regions, and sequences of every shape a definition may write. */
const C = registry.get('c');
const SETS: Array<{ alternatives: AlternativeLanguage[]; ignore?: string[][] }> = [
  { alternatives: C?.alternatives ?? [], ...(C?.ignoreMarks ? { ignore: C.ignoreMarks } : {}) },
  { alternatives: C?.alternatives ?? [] },
  { alternatives: [{ language: 'x', marks: [['...', 'int'], ['*', '{'], ['int', '...', ';'], ['G_BEGIN_DECLS']] }], ignore: [['#if', '...', '__cplusplus', '...']] },
  { alternatives: [], ignore: [['#ifdef', '*']] },
];

describe('Occurrences of words', () => {
  it('Should give where the words start in order, each place once, from the offsets asked', () => {
    const occurrences = new Occurrences('class template class #if #ifdef', ['#if', 'class', '#ifdef', '', 'class']);
    const found: number[] = [];
    for (let at = occurrences.from(0); at !== -1; at = occurrences.from(at + 1)) found.push(at);
    expect(found).toEqual([0, 15, 21, 25]);
    const skipping = new Occurrences('class template class #if #ifdef', ['#if', 'class']);
    expect([skipping.from(1), skipping.from(16), skipping.from(26)]).toEqual([15, 21, -1]);
    expect(new Occurrences('abc', ['x']).from(0)).toBe(-1);
  });
});

describe('Marks of alternative languages', () => {
  it('Should read C++ marks outside #ifdef __cplusplus regions, and tell the file guarded', async () => {
    const text = '#ifdef __cplusplus\ntemplate <typename T> class Box {};\n#endif\nint f(void);\n';
    const loaded = await registry.load('c');
    const tree = loaded.parser.parse(text);
    if (!tree) throw new Error('no tree');
    try {
      expect(readMarks(tree.rootNode, text, C?.alternatives ?? [], C?.ignoreMarks)).toEqual({ guarded: true });
      expect(readMarks(tree.rootNode, text, C?.alternatives ?? [])).toEqual({ language: 'cpp', guarded: false });
    } finally {
      tree.delete();
    }
  });

  const sources = [...LEAF_SOURCES, ...fixtureSources('c'), ...fixtureSources('cpp'), ...fixtureSources('objc')];
  it.each(sources.map((text, i) => [i, text] as const))('Should find what a search over every leaf finds (source %i)', async (_, text) => {
    for (const language of ['c', 'cpp', 'objc']) {
      const loaded = await registry.load(language);
      const tree = loaded.parser.parse(text);
      if (!tree) throw new Error('no tree');
      try {
        for (const { alternatives, ignore } of SETS) {
          expect(readMarks(tree.rootNode, text, alternatives, ignore)).toEqual(readMarksOverEveryLeaf(tree.rootNode, alternatives, ignore));
        }
      } finally {
        tree.delete();
      }
    }
  });
});
