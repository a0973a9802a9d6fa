/**
 * `src/extract/imports.ts`: type-only marks on imports and exports, and the import list of a file.
 */
import { describe, expect, it } from 'vitest';
import { placeDefinitions } from '../../src/extract/definitions.js';
import { collectImports, markTypeOnly } from '../../src/extract/imports.js';
import { source, withParsed } from './parse.js';

const text = source(
  "import type { Config } from './config';",
  "import { type Row, Db } from './db';",
  "import * as path from 'node:path';",
  "import './polyfill';",
  'export type { Config };',
);

describe('markTypeOnly', () => {
  it('Should mark the statement or item a `type` token stands in, in copies', async () => {
    await withParsed('typescript', text, (parsed) => {
      const { contexts } = placeDefinitions(parsed.tree.rootNode, parsed.raw, parsed.loaded.definition, parsed.deadline);
      const marked = markTypeOnly(parsed.raw, contexts);
      const items = (fact: { items: Array<{ name: string; typeOnly: boolean }> }) => fact.items.map((item) => `${item.name}:${item.typeOnly}`);
      const imports = [...marked.imports.values()].map((fact) => [fact.source, fact.typeOnly, items(fact)]);
      expect(imports).toEqual([
        ['./config', true, ['Config:false']],
        ['./db', false, ['Row:true', 'Db:false']],
        ['node:path', false, ['*:false']],
        ['./polyfill', false, []],
      ]);
      expect([...marked.exports.values()].map((fact) => fact.typeOnly)).toEqual([true]);
      // What it was given is as it was.
      expect([...parsed.raw.imports.values()].some((fact) => fact.typeOnly || fact.items.some((item) => item.typeOnly))).toBe(false);
      expect([...parsed.raw.exports.values()].map((fact) => fact.typeOnly)).toEqual([false]);
    });
  });
});

describe('collectImports', () => {
  it('Should list imports in source order, in the seed shape', async () => {
    await withParsed('typescript', text, (parsed) => {
      const { contexts } = placeDefinitions(parsed.tree.rootNode, parsed.raw, parsed.loaded.definition, parsed.deadline);
      expect(collectImports(markTypeOnly(parsed.raw, contexts), parsed.lines)).toEqual([
        {
          source: './config',
          imports: [{ name: 'Config', isDefault: false, isNamespace: false, isTypeOnly: true }],
          kind: 'static',
          line: 1,
          isTypeOnly: true,
        },
        {
          source: './db',
          imports: [
            { name: 'Row', isDefault: false, isNamespace: false, isTypeOnly: true },
            { name: 'Db', isDefault: false, isNamespace: false },
          ],
          kind: 'static',
          line: 2,
        },
        { source: 'node:path', imports: [{ name: '*', alias: 'path', isDefault: false, isNamespace: true }], kind: 'static', line: 3 },
        { source: './polyfill', imports: [], kind: 'side-effect', line: 4 },
      ]);
    });
  });

  it('Should keep a require binding rather than the bare call on its line', async () => {
    const required = source("const fs = require('node:fs');", "require('./setup');");
    await withParsed('javascript', required, (parsed) => {
      const imports = collectImports(parsed.raw, parsed.lines);
      expect(imports.map((info) => [info.source, info.kind, info.imports.map((item) => item.alias ?? item.name)])).toEqual([
        ['node:fs', 'require', ['fs']],
        ['./setup', 'require', []],
      ]);
    });
  });
});
