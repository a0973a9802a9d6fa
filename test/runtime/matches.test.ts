/**
 * Query matches read from web-tree-sitter's WASM memory (`src/runtime/matches.ts`) against the same matches through
 * `Query.matches`, over every fixture file of every language: same matches, same order, same nodes, same properties.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/index.js';
import { readsMatchesDirectly, recordMatches, visitMatches } from '../../src/runtime/matches.js';
import { MAX_QUERY_DEPTH } from '../../src/runtime/tree-sitter.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

const files = readdirSync(fixtures)
  .flatMap((folder) => (statSync(join(fixtures, folder)).isDirectory() ? readdirSync(join(fixtures, folder)).map((name) => `${folder}/${name}`) : []))
  .filter((file) => statSync(join(fixtures, file)).isFile() && registry.detectLanguage(file).language !== undefined);

const options = { maxStartDepth: MAX_QUERY_DEPTH, progressCallback: () => false };

describe('Query matches read from WASM memory', () => {
  it('Should cover the fixtures of every language', () => {
    expect(new Set(files.map((file) => file.split('/')[0])).size).toBeGreaterThanOrEqual(50);
  });

  it.each(files)('Should read the matches of %s as Query.matches gives them', async (file) => {
    const language = registry.detectLanguage(file).language as string;
    const loaded = await registry.load(language);
    const tree = loaded.parser.parse(readFileSync(join(fixtures, file), 'utf8'));
    if (!tree) throw new Error(`no tree for ${file}`);
    try {
      const objects = recordMatches(loaded.query, tree.rootNode, options, 'local.reference', 'objects');
      const direct = recordMatches(loaded.query, tree.rootNode, options, 'local.reference', 'direct');
      expect(direct).toEqual(objects);
    } finally {
      tree.delete();
    }
  });

  it('Should read them directly once the first tree has been checked', async () => {
    const loaded = await registry.load('typescript');
    const tree = loaded.parser.parse('export function f(a: number): number { return a + 1; }\n');
    if (!tree) throw new Error('no tree');
    try {
      const names: string[] = [];
      visitMatches(loaded.query, tree.rootNode, options, { lone: 'local.reference', name: (span) => names.push(span.text), match: () => undefined });
      expect(names).toContain('a');
      expect(readsMatchesDirectly()).toBe(true);
    } finally {
      tree.delete();
    }
  });

  it('Should cancel the query when the progress callback says so, and free what it read', async () => {
    const loaded = await registry.load('typescript');
    const text = Array.from({ length: 2000 }, (_, i) => `const v${i} = f${i}(a, b, c);`).join('\n');
    const tree = loaded.parser.parse(text);
    if (!tree) throw new Error('no tree');
    try {
      let asked = 0;
      const count = (cancel: boolean) => {
        let matches = 0;
        const visitor = { lone: 'local.reference', name: () => void matches++, match: () => void matches++ };
        visitMatches(loaded.query, tree.rootNode, { maxStartDepth: MAX_QUERY_DEPTH, progressCallback: () => (asked++, cancel) }, visitor);
        return matches;
      };
      const whole = count(false);
      expect(whole).toBeGreaterThan(8000);
      expect(count(true)).toBeLessThan(whole);
      expect(asked).toBeGreaterThan(0);
      // A visitor that throws (a deadline) leaves the next query whole.
      expect(() =>
        visitMatches(loaded.query, tree.rootNode, options, {
          lone: 'local.reference',
          name: () => {
            throw new Error('stop');
          },
          match: () => undefined,
        }),
      ).toThrow('stop');
      expect(count(false)).toBe(whole);
    } finally {
      tree.delete();
    }
  });
});
