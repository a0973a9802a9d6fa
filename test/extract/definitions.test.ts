/**
 * `src/extract/definitions.ts`: placement, details, parameters and description of definitions, each phase over the
 * real captures of a small source, and each leaving what it is given as it was.
 */
import { describe, expect, it } from 'vitest';
import type { RawCaptures } from '../../src/extract/raw.js';
import { attachDetails, attachParameters, describeDefinitions, placeDefinitions, type Placed } from '../../src/extract/definitions.js';
import { type Parsed, source, withParsed } from './parse.js';

const shop = source(
  'class Shop:',
  '    @staticmethod',
  '    def open(name, hours=9):',
  '        def greet():',
  '            return name',
  '        return greet',
  '',
  '    def close(self):',
  '        pass',
);

/** Placement, details and parameters, as the pipeline runs them. */
function phases(parsed: Parsed) {
  const { placed, contexts } = placeDefinitions(parsed.tree.rootNode, parsed.raw, parsed.loaded.definition, parsed.deadline);
  const detailed = attachDetails(parsed.raw, placed, contexts);
  return { placed, contexts, detailed, withParameters: attachParameters(detailed.placed, detailed.parameters) };
}

/** What the raw captures say of definitions and parameters, as comparable data. */
function rawState(raw: RawCaptures): unknown {
  return {
    definitions: [...raw.definitions.values()].map((def) => ({
      modifiers: [...def.modifiers],
      decorators: def.decorators.map((node) => node.text),
      params: def.params.length,
      lists: def.parameterLists.map((list) => list.startIndex),
    })),
    parameters: [...raw.parameters.values()].map((param) => [...param.modifiers]),
  };
}

describe('placeDefinitions', () => {
  it('Should place each definition in its container, local inside a function', async () => {
    await withParsed('python', shop, (parsed) => {
      const { placed } = phases(parsed);
      const rows = placed.map((def: Placed) => [def.index, def.raw.name, def.container ?? null, def.isLocal]);
      expect(rows).toEqual([
        [0, 'Shop', null, false],
        [1, 'open', 0, false],
        [2, 'greet', 1, true],
        [3, 'close', 0, false],
      ]);
    });
  });
});

describe('attachDetails', () => {
  it('Should give a decorator to the definition it stands before, and return copies', async () => {
    await withParsed('python', shop, (parsed) => {
      const before = rawState(parsed.raw);
      const { placed, detailed } = phases(parsed);
      expect(detailed.placed.map((def) => def.raw.decorators.map((node) => node.text))).toEqual([[], ['@staticmethod'], [], []]);
      // The decorated definition is a copy; the others are the same objects.
      expect(detailed.placed[1]?.raw).not.toBe(placed[1]?.raw);
      expect(detailed.placed[3]).toBe(placed[3]);
      expect(rawState(parsed.raw)).toEqual(before);
    });
  });

  it('Should give loose modifiers to their definition and parameter', async () => {
    const text = source('class Box {', '  private static readonly size = 1;', '  constructor(public readonly name: string) {}', '}');
    await withParsed('typescript', text, (parsed) => {
      const before = rawState(parsed.raw);
      const { detailed } = phases(parsed);
      const size = detailed.placed.find((def) => def.raw.name === 'size');
      expect(size?.raw.modifiers).toEqual(['private', 'static', 'readonly']);
      expect([...detailed.parameters.values()].map((param) => param.modifiers)).toEqual([['public', 'readonly']]);
      expect(rawState(parsed.raw)).toEqual(before);
    });
  });
});

describe('attachParameters', () => {
  it('Should give each definition its parameters, one per name', async () => {
    const text = source('package geo', '', 'func Move(x, y int, label string) {}');
    await withParsed('go', text, (parsed) => {
      const before = rawState(parsed.raw);
      const { withParameters } = phases(parsed);
      const move = withParameters.find((def) => def.raw.name === 'Move');
      expect(move?.raw.params.map((param) => param.name?.text)).toEqual(['x', 'y', 'label']);
      expect(rawState(parsed.raw)).toEqual(before);
    });
  });
});

describe('describeDefinitions', () => {
  it('Should write definitions out as plain data', async () => {
    await withParsed('python', shop, (parsed) => {
      const { withParameters } = phases(parsed);
      const found = { docs: new Map([[0, 'A shop.']]), exported: new Set([0]), asDefault: new Set<number>() };
      const source = { text: parsed.text };
      const definitions = describeDefinitions(withParameters, found, parsed.loaded.definition, parsed.lines, source);
      expect(definitions[0]).toMatchObject({ kind: 'class', name: 'Shop', line: 1, exported: true, doc: 'A shop.' });
      expect(definitions[1]).toMatchObject({ kind: 'method', name: 'open', parent: 0, decorators: ['@staticmethod'] });
      expect(definitions[1]?.signature).toBe('open(name, hours=9)');
      expect(definitions[1]?.parameters?.map((param) => [param.name, param.optional])).toEqual([
        ['name', false],
        ['hours', true],
      ]);
      expect(definitions[2]).toMatchObject({ name: 'greet', parent: 1, local: true });
    });
  });
});
