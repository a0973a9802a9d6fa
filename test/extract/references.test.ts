/**
 * `src/extract/references.ts`: references from the bound uses and the names imports and exports write.
 */
import { describe, expect, it } from 'vitest';
import { bindNames } from '../../src/extract/bindings.js';
import { collectReferences } from '../../src/extract/references.js';
import { prepared, source, withParsed } from './parse.js';

describe('collectReferences', () => {
  it('Should give every use its place, enclosing definition and binding, and the names of imports and exports', async () => {
    const text = source(
      "import { clamp } from './math';",
      '',
      'type Size = number;',
      '',
      'export function grow(size: Size): Size {',
      '  return clamp(size * 2, 0, 10);',
      '}',
      '',
      'export { clamp };',
    );
    const references = await withParsed('typescript', text, (parsed) => {
      const { placed, raw } = prepared(parsed);
      const definitions = placed.map((def) => ({ raw: def.raw, index: def.index }));
      const { lines, deadline } = parsed;
      const bound = bindNames({ root: parsed.tree.rootNode, raw, definitions, vocabulary: parsed.loaded.definition.binding, lines, deadline });
      return collectReferences(raw, placed, bound, parsed.lines);
    });
    expect(references.map((ref) => [ref.name, ref.kind, ref.line, ref.column, ref.enclosing ?? null, ref.binding ?? null])).toEqual([
      ['clamp', 'import', 1, 10, null, null],
      ['Size', 'type', 5, 28, 1, 0],
      ['Size', 'type', 5, 35, 1, 0],
      ['clamp', 'call', 6, 10, 1, 2],
      ['size', 'read', 6, 16, 1, 3],
      ['clamp', 'export', 9, 10, null, 2],
    ]);
    expect(references.find((ref) => ref.kind === 'call')).toMatchObject({ arity: 3 });
  });
});
