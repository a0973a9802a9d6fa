/**
 * The fallback for names that do not bind (src/operations/name-matches.ts): nameMatches' narrowing, order and the
 * sole match, and what it gives the three operations that use it: findDefinitions' ranking (the imported module, the
 * same folder, the same language), a container narrowing a `Container.member` query, and the call hierarchy's
 * one-definition rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';
import type { LocatedDefinition } from '../../src/engine/workspace.js';
import { definitionsOfName, nameMatches } from '../../src/operations/name-matches.js';

describe('nameMatches', () => {
  const byLength = (a: string, b: string) => a.length - b.length;
  it('Should narrow to the precise set when it holds any candidate, else keep every candidate', () => {
    const candidates = ['Repo.save', 'Cache.save', 'save'];
    expect(nameMatches(candidates, { narrow: (c) => c.startsWith('Repo.'), take: 'all' })).toEqual(['Repo.save']);
    expect(nameMatches(candidates, { narrow: (c) => c.startsWith('Nope.'), take: 'all' })).toEqual(candidates);
  });
  it('Should order by each comparison in turn, and keep the candidates order without one', () => {
    const candidates = ['ccc', 'b', 'aa', 'a'];
    expect(nameMatches(candidates, { take: 'all' })).toEqual(candidates);
    expect(nameMatches(candidates, { order: [byLength], take: 'all' })).toEqual(['b', 'a', 'aa', 'ccc']);
    expect(nameMatches(candidates, { order: [byLength, (a, b) => a.localeCompare(b)], take: 'all' })).toEqual(['a', 'b', 'aa', 'ccc']);
  });
  it('Should take the sole candidate only when there is exactly one (after narrowing)', () => {
    expect(nameMatches(['save'], { take: 'sole' })).toEqual(['save']);
    expect(nameMatches(['a.save', 'b.save'], { take: 'sole' })).toEqual([]);
    expect(nameMatches(['a.save', 'b.save'], { narrow: (c) => c.startsWith('a.'), take: 'sole' })).toEqual(['a.save']);
    expect(nameMatches([], { take: 'sole' })).toEqual([]);
  });
  it('Should take the name table definitions of a name, without locals when no file asks', () => {
    const entry = { file: 'a.ts', definition: { name: 'save' } } as unknown as LocatedDefinition;
    expect(definitionsOfName({ names: { definitionsNamed: (name) => (name === 'save' ? [entry] : []) } }, { name: 'save' })).toEqual([entry]);
  });
});

describe('the fallback in the operations', () => {
  const registry = createDefaultRegistry();
  let root: string;
  let index: CodeIndex;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'code-index-name-matches-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    // `helper` is imported from a module that does not export it: it does not bind, and is matched by name.
    write('src/main.ts', "import { helper } from './lib/tools';\n\nexport function main(): void {\n  helper();\n  onlyOnce();\n}\n");
    write('src/lib/tools.ts', 'export class Tools {\n  helper(): void {}\n}\n');
    write('a/other.ts', 'export class Other {\n  helper(): void {}\n}\n');
    write('src/lib/more.py', 'def helper():\n    pass\n');
    write('b/once.py', 'def onlyOnce():\n    pass\n');
    // C built as one unit (`#include "policy.c"`): policy.c calls `tick` without the header that declares it, so the
    // call does not bind; `tick` has a prototype (sched.h) and one definition with a body (core.c).
    write('c/sched.h', 'void tick(int n);\n');
    write('c/core.c', '#include "sched.h"\n\nvoid tick(int n) {\n}\n');
    write('c/policy.c', 'static void advance(void) {\n  tick(1);\n}\n');
    index = await CodeIndex.open({ root, registry });
  });
  afterAll(() => {
    index.close();
    registry.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('Should rank the module the file imports the name from first, then the same language, then others', async () => {
    const result = await index.findDefinitions({ file: 'src/main.ts', line: 4, column: 3 });
    expect(result.resolution).toBe('name_match');
    expect(result.definitions.map((d) => `${d.file}:${d.scope ?? ''}`)).toEqual(['src/lib/tools.ts:Tools', 'a/other.ts:Other', 'src/lib/more.py:']);
    expect(result.note).toMatch(/not found among the exports of src\/lib\/tools\.ts/);
  });
  it('Should narrow to the container a query names, and keep every definition when none is in it', async () => {
    expect((await index.findDefinitions({ symbol: 'Tools.helper' })).definitions.map((d) => d.file)).toEqual(['src/lib/tools.ts']);
    expect((await index.findDefinitions({ symbol: 'Nope.helper' })).definitions.map((d) => d.file)).toEqual([
      'a/other.ts',
      'src/lib/more.py',
      'src/lib/tools.ts',
    ]);
  });
  it('Should follow an unbound call in the call hierarchy only when one definition has its name', async () => {
    const outgoing = await index.callHierarchy({ symbol: 'main' }, { direction: 'outgoing' });
    expect(outgoing.items.map((item) => `${item.name} ${item.file} ${item.resolution}`)).toEqual(['onlyOnce b/once.py name_match']);
    // `helper` has three definitions: not followed.
    expect(outgoing.unresolved).toBe(1);
    const incoming = await index.callHierarchy({ symbol: 'onlyOnce' }, { direction: 'incoming' });
    expect(incoming.items.map((item) => `${item.name} ${item.file} ${item.resolution}`)).toEqual(['main src/main.ts name_match']);
  });
  it("Should take a C function's one definition with a body as the sole one, its prototypes aside", async () => {
    const incoming = await index.callHierarchy({ file: 'c/core.c', line: 3, column: 6 }, { direction: 'incoming' });
    expect(incoming.items.map((item) => `${item.name} ${item.file} ${item.resolution}`)).toEqual(['advance c/policy.c name_match']);
  });
});
