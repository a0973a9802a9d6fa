/**
 * `src/extract/outline.ts`: keys of data languages (with their dotted paths, two levels deep) and the headings, code
 * blocks and links of documents.
 */
import { describe, expect, it } from 'vitest';
import { collectOutline } from '../../src/extract/outline.js';
import { source, withParsed } from './parse.js';

describe('collectOutline', () => {
  it('Should list keys with their paths, to two levels', async () => {
    const text = source('{', '  "name": "shop",', '  "scripts": { "build": "tsc", "deep": { "x": 1 } }', '}');
    const outline = await withParsed('json', text, (parsed) => collectOutline(parsed.raw.outline, parsed.lines));
    expect(outline.keys?.map((key) => [key.path, key.depth, key.valueKind, key.value ?? null])).toEqual([
      ['name', 1, 'string', '"shop"'],
      ['scripts', 1, 'object', null],
      ['scripts.build', 2, 'string', '"tsc"'],
      ['scripts.deep', 2, 'object', null],
    ]);
  });

  it('Should list the headings, code blocks and links of a document', async () => {
    const text = source('# Shop', '', 'See [the guide](https://example.com/guide).', '', '## Build', '', '```sh', 'npm run build', '```');
    const outline = await withParsed('markdown', text, (parsed) => collectOutline(parsed.raw.outline, parsed.lines));
    expect(outline.headings).toEqual([
      { level: 1, text: 'Shop', line: 1 },
      { level: 2, text: 'Build', line: 5 },
    ]);
    expect(outline.codeBlocks).toEqual([{ language: 'sh', line: 7, endLine: 9 }]);
  });
});
