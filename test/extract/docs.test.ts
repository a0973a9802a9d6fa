/**
 * `src/extract/docs.ts`: which comments document a definition, and their text cleaned.
 */
import { describe, expect, it } from 'vitest';
import { cleanDocComments, documentDefinitions } from '../../src/extract/docs.js';
import { prepared, source, withParsed } from './parse.js';

describe('documentDefinitions', () => {
  it('Should take the doc comment right above a definition, past its annotations, and no plain comment', async () => {
    const text = source(
      'class Cart {',
      '  /**',
      '   * Adds an item.',
      '   * @param id the item',
      '   */',
      '  @Override',
      '  void add(String id) {}',
      '',
      '  // not documentation',
      '  void clear() {}',
      '}',
    );
    const docs = await withParsed('java', text, (parsed) => {
      const { placed, raw } = prepared(parsed);
      const found = documentDefinitions(placed, raw, parsed.loaded.definition, parsed.lines);
      return placed.map((def) => [def.raw.name, found.get(def.index) ?? null]);
    });
    expect(docs).toEqual([
      ['Cart', null],
      ['add', 'Adds an item.\n@param id the item'],
      ['clear', null],
    ]);
  });

  it('Should take a /** */ comment parted from its definition by a blank line and plain comments, as TypeScript does', async () => {
    const text = source(
      '/**',
      ' * Tells the observers.',
      ' */',
      '',
      '// Called by Atom when its value changes',
      'export function propagateChanged(observable: object): void {}',
      '',
      '/** Not this one. */',
      'const x = 1;',
      '',
      '// plain only',
      'export function untold(): void {}',
    );
    const docs = await withParsed('typescript', text, (parsed) => {
      const { placed, raw } = prepared(parsed);
      const found = documentDefinitions(placed, raw, parsed.loaded.definition, parsed.lines);
      return placed.map((def) => [def.raw.name, found.get(def.index) ?? null]);
    });
    expect(docs).toEqual([
      ['propagateChanged', 'Tells the observers.'],
      ['x', 'Not this one.'],
      ['untold', null],
    ]);
  });

  it('Should read a docstring captured as @doc', async () => {
    const text = source('def area(r):', '    """The area of a circle."""', '    return 3.14 * r * r');
    const docs = await withParsed('python', text, (parsed) => {
      const { placed, raw } = prepared(parsed);
      return [...documentDefinitions(placed, raw, parsed.loaded.definition, parsed.lines).values()];
    });
    expect(docs).toEqual(['The area of a circle.']);
  });
});

describe('cleanDocComments', () => {
  it('Should drop delimiters, gutters and common indentation', () => {
    expect(cleanDocComments(['/**\n   * One.\n   *   Two.\n   */'], { block: [['/**', '*/']] })).toBe('One.\n  Two.');
    expect(cleanDocComments(['/// One.', '/// Two.'], { line: ['///'] })).toBe('One.\nTwo.');
  });
});
