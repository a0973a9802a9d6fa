/**
 * `src/extract/captures.ts`: a query's captures sorted into raw facts.
 */
import { describe, expect, it } from 'vitest';
import { source, withParsed } from './parse.js';

describe('readCaptures', () => {
  it('Should sort captures into definitions, parameters, references, imports, exports and locals', async () => {
    const text = source(
      "import { clamp } from './math';",
      '/** Grows. */',
      'export function grow(size: number, ...rest: number[]): number {',
      '  const next = clamp(size * 2);',
      '  return next;',
      '}',
    );
    await withParsed('typescript', text, ({ raw }) => {
      expect([...raw.definitions.values()].map((def) => [def.kind, def.name, def.parameterLists.length])).toEqual([['function', 'grow', 1]]);
      expect([...raw.parameters.values()].map((param) => [param.name?.text, param.type?.text, param.rest])).toEqual([
        ['size', 'number', false],
        ['rest', 'number[]', true],
      ]);
      expect(raw.references.map((ref) => [ref.kind, ref.name, ref.call?.arity])).toEqual([['call', 'clamp', 1]]);
      expect([...raw.imports.values()].map((fact) => [fact.source, fact.items.map((item) => item.name)])).toEqual([['./math', ['clamp']]]);
      expect([...raw.exports.values()].map((fact) => fact.declarations.map((node) => node.type))).toEqual([['function_declaration']]);
      expect([...raw.comments.values()].map((node) => node.text)).toEqual(['/** Grows. */']);
      // (`next` twice: declared, and typed as what `clamp` returns)
      expect(raw.locals.definitions.map((local) => [local.kind, local.node.text, local.type?.text, local.typeCall])).toEqual([
        ['parameter', 'size', undefined, undefined],
        ['parameter', 'rest', undefined, undefined],
        ['variable', 'next', undefined, undefined],
        ['variable', 'next', 'clamp', true],
      ]);
      expect(raw.locals.uses.map((use) => use.text)).toEqual(expect.arrayContaining(['size', 'next']));
    });
  });
});
