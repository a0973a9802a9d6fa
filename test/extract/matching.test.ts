/**
 * `src/extract/matching.ts`: a query run over a tree, a large file in runs over its top-level nodes, each match once.
 */
import { describe, expect, it } from 'vitest';
import { matchRanges, readMatches } from '../../src/extract/matching.js';
import type { Match } from '../../src/extract/raw.js';
import { withParsed } from './parse.js';

const text = Array.from({ length: 200 }, (_, i) => `export function f${i}(a: number): number {\n  return g(a + ${i});\n}\n`).join('');

describe('matchRanges', () => {
  it('Should cut a large tree at lines where a top-level node starts, and leave a small one whole', async () => {
    await withParsed('typescript', text, (parsed) => {
      const ranges = matchRanges(parsed.tree.rootNode, 2_000) ?? [];
      expect(ranges.length).toBeGreaterThan(1);
      expect(ranges.every((range) => range.start.column === 0 && (range.start.row === 0 || range.start.row % 3 === 0))).toBe(true);
      expect(matchRanges(parsed.tree.rootNode, text.length)).toBeUndefined();
    });
  });
});

describe('readMatches', () => {
  it('Should find the same matches in runs as whole, each once, the lone name uses apart', async () => {
    await withParsed('typescript', text, (parsed) => {
      const captures = (match: Match) => [...match.captures].map(([name, nodes]) => `${name}@${nodes[0]?.startIndex}`).join(',');
      const key = (found: ReturnType<typeof readMatches>) => ({
        matches: found.matches.map((match) => `${match.patternIndex}:${captures(match)}`).sort(),
        uses: found.uses.map((use) => `${use.text}@${use.startIndex}`).sort(),
      });
      const whole = key(readMatches(parsed.loaded.query, parsed.tree.rootNode, parsed.deadline));
      const chunked = key(readMatches(parsed.loaded.query, parsed.tree.rootNode, parsed.deadline, 2_000));
      expect(chunked).toEqual(whole);
      // `a` read in `g(a + 0)`: a lone use, handed over without a node.
      expect(whole.uses).toContain('a@51');
    });
  });
});
