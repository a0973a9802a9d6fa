/**
 * render/fit.ts alone: the largest part a cut shortens (with each cut's own idea of what may be cut), line-per-fact
 * text kept from the top in whole lines, and JSON cut by its largest parts and still valid, never one token over.
 */
import { describe, expect, it } from 'vitest';
import { fitJson, fitLines, largestPart } from '../../src/render/fit.js';
import { countTokens } from '../../src/tokens.js';

const FIT = { minLength: 2, minItems: 1 };
const SHRINK = { minLength: 0, minItems: 2 };

describe('largestPart', () => {
  it('Should find the largest array or string by its JSON, at any depth, with what holds it', () => {
    const value = { name: 'short', items: [{ text: 'a much longer string than the others' }, 'x'], tags: ['a', 'b'] };
    const found = largestPart(value, FIT);
    expect(found?.holder).toBe(value);
    expect(found?.key).toBe('items');
    expect(found?.size).toBe(JSON.stringify(value.items).length);
    const inner = largestPart({ wrap: { deep: ['a', 'b', 'c'] } }, FIT);
    expect(inner?.key).toBe('deep');
    expect(inner?.value).toEqual(['a', 'b', 'c']);
  });

  it('Should give array items by index, and the first found among parts of the same size', () => {
    const value = { list: ['abcd', 'efgh'] };
    const found = largestPart(value, { minLength: 2, minItems: 3 });
    expect(found).toMatchObject({ holder: value.list, key: 0, value: 'abcd' });
  });

  it('Should measure every part as JSON.stringify writes it (omitted members, nulls in arrays, escapes, toJSON)', () => {
    const parts: unknown[] = [
      ['plain', 'é"\n\u0001', 'tab\t'],
      [1, null, undefined, () => 1, [[]], {}],
      [{ skipped: undefined, fn: () => 1, kept: [NaN, Infinity, -0, true] }],
      [new Date(0), { nested: { deeper: ['x', { y: ['z'] }] } }],
    ];
    const ANY = { minLength: 0, minItems: 0 };
    for (const part of parts) expect(largestPart({ part }, ANY)?.size).toBe(JSON.stringify(part).length);
    expect(largestPart({ parts }, ANY)?.size).toBe(JSON.stringify(parts).length);
  });

  it('Should measure a deep value (1,000 levels) by its JSON', () => {
    let deep: unknown = ['leaf'];
    for (let i = 0; i < 1_000; i++) deep = [deep, 'x'];
    const found = largestPart({ deep }, SHRINK);
    expect(found?.key).toBe('deep');
    expect(found?.size).toBe(JSON.stringify(deep).length);
  });

  it('Should never offer the root itself, nor anything in a scalar', () => {
    expect(largestPart(['a', 'b'], { minLength: 5, minItems: 1 })).toBeUndefined();
    expect(largestPart('a long string', FIT)).toBeUndefined();
    expect(largestPart(42, FIT)).toBeUndefined();
    expect(largestPart(null, FIT)).toBeUndefined();
  });

  it("Should offer what each cut may shorten: fitJson's one-item arrays, the runner's short strings", () => {
    const value = { one: [7], letter: 'y' };
    // fitJson may empty a one-item array, but a one-character string would only gain its ellipsis.
    expect(largestPart(value, FIT)).toMatchObject({ key: 'one' });
    // The runner halves: a one-item array is left alone, any string may be halved.
    expect(largestPart(value, SHRINK)).toMatchObject({ key: 'letter' });
    expect(largestPart({ empty: '' }, SHRINK)).toMatchObject({ key: 'empty', size: 2 });
    expect(largestPart({ empty: '' }, FIT)).toBeUndefined();
  });
});

describe('fitLines', () => {
  const text = Array.from({ length: 200 }, (_, i) => `${i + 1} function f${i}(a: string, b: number): Promise<void>`).join('\n');

  it('Should leave a text that fits as it is', async () => {
    expect(await fitLines('one line', 100)).toEqual({ text: 'one line', cut: false });
  });

  it('Should keep whole lines from the top under a notice, never one token over', async () => {
    const total = await countTokens(text);
    for (const maxTokens of [60, 100, 500]) {
      const fitted = await fitLines(text, maxTokens);
      expect(fitted.cut).toBe(true);
      expect(fitted.totalTokens).toBe(total);
      expect(await countTokens(fitted.text)).toBeLessThanOrEqual(maxTokens);
      const [notice, ...lines] = fitted.text.split('\n');
      const shown = `; ${lines.length} of 200 lines shown`;
      expect(notice).toMatch(new RegExp(`^⚠️ PARTIAL RESULTS: cut to ${maxTokens} of ${total} tokens \\(maxTokens\\)${shown}`));
      expect(text.startsWith(lines.join('\n'))).toBe(true);
    }
  });

  it('Should show the start of the first line when not one whole line fits', async () => {
    const long = `${'word '.repeat(300)}\nsecond`;
    const fitted = await fitLines(long, 60);
    expect(fitted.text).toContain('; the first line is cut');
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(await countTokens(fitted.text)).toBeLessThanOrEqual(60);
  });

  it('Should cut even the notice when the budget is smaller than it', async () => {
    const fitted = await fitLines(text, 5);
    expect(fitted.cut).toBe(true);
    expect(await countTokens(fitted.text)).toBeLessThanOrEqual(5);
  });
});

describe('fitJson', () => {
  const data = { file: 'a.ts', items: Array.from({ length: 100 }, (_, i) => ({ name: `item${i}`, line: i + 1 })), note: 'n' };
  const toText = (value: unknown) => JSON.stringify(value);

  it('Should leave a value that fits as it is', async () => {
    expect(await fitJson({ a: 1 }, 100, toText)).toEqual({ text: '{"a":1}', cut: false });
  });

  it('Should cut the largest arrays, mark what lost something, keep valid JSON, and leave the input alone', async () => {
    const before = structuredClone(data);
    for (const maxTokens of [80, 200, 600]) {
      const fitted = await fitJson(data, maxTokens, toText);
      expect(fitted.cut).toBe(true);
      expect(await countTokens(fitted.text)).toBeLessThanOrEqual(maxTokens);
      const [notice, ...rest] = fitted.text.split('\n');
      expect(notice).toMatch(/^⚠️ PARTIAL RESULTS: cut to \d+ of \d+ tokens \(maxTokens\)\. /);
      const json = JSON.parse(rest.join('\n')) as typeof data & { truncated?: boolean };
      expect(json.items.length).toBeLessThan(100);
      expect(json.items).toEqual(data.items.slice(0, json.items.length));
      expect(json).toMatchObject({ file: 'a.ts', note: 'n', truncated: true });
    }
    expect(data).toEqual(before);
  });

  it('Should cut a top-level array without marking it', async () => {
    const fitted = await fitJson(data.items, 100, toText);
    const json = JSON.parse(fitted.text.split('\n').slice(1).join('\n')) as unknown[];
    expect(Array.isArray(json)).toBe(true);
    expect(json.length).toBeLessThan(100);
  });
});
