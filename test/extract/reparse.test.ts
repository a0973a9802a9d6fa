/**
 * `src/extract/reparse.ts`: second chances for a parse with syntax errors, each kept only when it does better, the
 * file's one live tree owned by a `CurrentParse`.
 */
import { describe, expect, it } from 'vitest';
import { Deadline } from '../../src/runtime/deadline.js';
import { LineIndex } from '../../src/extract/lines.js';
import { CurrentParse, parsedOf, type ParseInput, reparseIfBetter, secondChances } from '../../src/extract/reparse.js';
import { registry, source } from './parse.js';

/** A header whose `#ifdef __cplusplus` regions throw the C parse into error recovery. */
const guarded = source(
  '#ifdef __cplusplus',
  'extern "C" {',
  '#endif',
  'typedef struct { int n; } counter;',
  'int counter_next(counter *c);',
  '#ifdef __cplusplus',
  '}',
  '#endif',
);

async function firstParse(language: string, text: string) {
  const loaded = await registry.load(language);
  const tree = loaded.parser.parse(text);
  if (!tree) throw new Error('no tree');
  const lines = new LineIndex(text);
  const input: ParseInput = { text, lines, deadline: new Deadline(60_000), details: {} };
  return { loaded, current: new CurrentParse(parsedOf(tree, lines)), input };
}

describe('secondChances', () => {
  it("Should parse a C header again without the regions C never compiles, keeping the better parse", async () => {
    const { loaded, current, input } = await firstParse('c', guarded);
    try {
      const before = current.parsed.syntax.count;
      const kept = secondChances(current, loaded, undefined, true, input);
      expect(before).toBeGreaterThan(0);
      expect(current.parsed.syntax.count).toBe(0);
      expect(kept).toMatchObject({ skipped: [], cutNames: [] });
      expect(kept.loaded.definition.id).toBe('c');
    } finally {
      current.delete();
    }
  });

  it('Should leave a parse without errors as it is', async () => {
    const { loaded, current, input } = await firstParse('c', source('int twice(int x) { return x * 2; }'));
    try {
      const tree = current.parsed.tree;
      secondChances(current, loaded, undefined, false, input);
      expect(current.parsed.tree).toBe(tree);
    } finally {
      current.delete();
    }
  });
});

describe('reparseIfBetter', () => {
  it('Should keep the parse of another grammar only when it has fewer errors', async () => {
    const text = source('template <typename T> T twice(T x) { return x * 2; }');
    const { current, input } = await firstParse('c', text);
    const cpp = await registry.load('cpp');
    const c = await registry.load('c');
    try {
      expect(current.parsed.syntax.count).toBeGreaterThan(0);
      // The C grammar again is no better; C++ is.
      expect(current.keep(reparseIfBetter(current.parsed, c.parser, input))).toBe(false);
      expect(current.keep(reparseIfBetter(current.parsed, cpp.parser, input))).toBe(true);
      expect(current.parsed.syntax.count).toBe(0);
    } finally {
      current.delete();
    }
  });
});
