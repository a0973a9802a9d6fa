/**
 * `src/extract/exports.ts`: what a file exports, by export statements (TypeScript, CommonJS) and by convention
 * (Go's capitals, Python's underscore, overridden by `__all__`).
 */
import { describe, expect, it } from 'vitest';
import { resolveExports } from '../../src/extract/exports.js';
import { type Parsed, prepared, source, withParsed } from './parse.js';

/** The exports of a parsed source: entries as [name, type, default, source], and the exported definitions' names. */
function exportsOf(parsed: Parsed) {
  const { placed, raw } = prepared(parsed);
  const exports = resolveExports(placed, raw, parsed.loaded.definition, parsed.lines, { text: parsed.text });
  return {
    entries: exports.entries.map((info) => [info.name, info.type, info.isDefault, info.source ?? null]),
    exported: placed.filter((def) => exports.exported.has(def.index)).map((def) => def.raw.name),
    asDefault: placed.filter((def) => exports.asDefault.has(def.index)).map((def) => def.raw.name),
  };
}

describe('resolveExports', () => {
  it('Should read export statements: declarations, lists, defaults and re-exports', async () => {
    const text = source(
      'export interface Shape { area(): number }',
      'export const unit = 1, half = 0.5;',
      'function scale(by: number) { return by; }',
      'export { scale as resize };',
      "export * from './circle';",
      "export { Square } from './square';",
      'export default class Canvas {}',
    );
    const found = await withParsed('typescript', text, exportsOf);
    expect(found.entries).toEqual([
      ['Shape', 'interface', false, null],
      ['unit', 'constant', false, null],
      ['half', 'constant', false, null],
      ['resize', 'function', false, null],
      ['*', 'reexport', false, './circle'],
      ['Square', 'reexport', false, './square'],
      ['Canvas', 'class', true, null],
    ]);
    expect(found.exported).toEqual(['Shape', 'unit', 'half', 'scale', 'Canvas']);
    expect(found.asDefault).toEqual(['Canvas']);
  });

  it('Should read module.exports as the export= of the file', async () => {
    const text = source('function open(path) { return path; }', 'module.exports = open;');
    const found = await withParsed('javascript', text, exportsOf);
    expect(found.entries).toEqual([['export=', 'function', true, null]]);
    expect(found.exported).toEqual(['open']);
  });

  it("Should follow the language's convention: Go's capitals, members following their type", async () => {
    const text = source('package geo', '', 'type Point struct{ X int; y int }', '', 'func Origin() Point { return Point{} }', '', 'func helper() {}');
    const found = await withParsed('go', text, exportsOf);
    expect(found.entries).toEqual([
      ['Point', 'class', false, null],
      ['Origin', 'function', false, null],
    ]);
    expect(found.exported).toEqual(['Point', 'X', 'Origin']);
  });

  it("Should let Python's __all__ override the convention, an imported name listed being a re-export", async () => {
    const text = source('from .store import Store', '', "__all__ = ['open', 'Store']", '', 'def open(): pass', '', 'def close(): pass');
    const found = await withParsed('python', text, exportsOf);
    expect(found.entries).toEqual([
      ['open', 'function', false, null],
      ['Store', 'reexport', false, '.store'],
    ]);
    expect(found.exported).toEqual(['open']);
  });
});
