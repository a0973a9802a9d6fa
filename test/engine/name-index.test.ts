/**
 * The name index (engine/names.ts NameIndex over engine/name-segment.ts): an index whose names come from the on-disk
 * segment answers exactly as one that holds every summary in memory, for search (every kind of query), definition
 * lists, references, the repository map and stats; and it stays exact when files change after the segment was
 * written (their names served from memory, the segment's copy of them ignored).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';

const fixtures = fileURLToPath(new URL('../fixtures', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'code-index-name-index-'));
const root = join(scratch, 'tree');
// Languages of each module system and naming style (loading all 55 grammars would be most of the test's time).
for (const language of ['typescript', 'javascript', 'python', 'go', 'rust', 'java', 'c', 'ruby', 'php']) {
  cpSync(join(fixtures, language), join(root, language), { recursive: true });
}
const registry = createDefaultRegistry();
afterAll(() => {
  registry.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** Queries of every kind, drawn from the tree's own names. */
function queriesOf(names: string[]): string[] {
  const queries = new Set<string>(['a', 'x*', '*er', 'get?ser*', 'zzzz_none']);
  names.forEach((name, i) => {
    if (i % 12 !== 0 || name.length < 4) return;
    queries.add(name);
    queries.add(name.toLowerCase());
    queries.add(`${name.slice(0, 3)}*`);
    queries.add(name.slice(1, 4));
    queries.add(`${name[0]}${name[2]}${name[name.length - 1]}`);
  });
  return [...queries];
}

/** Everything the name index answers, as data. */
async function answers(index: CodeIndex, queries: string[]): Promise<unknown> {
  const search = [];
  for (const query of queries) search.push(await index.searchSymbols({ query, limit: 1000 }));
  const lists = [];
  for (const query of queries.filter((q) => !q.includes('*')).slice(0, 20)) lists.push(await index.listDefinitions({ query }));
  const references = [];
  const found = await index.searchSymbols({ query: '*', limit: 1000 });
  for (const match of found.matches.filter((_, i) => i % 40 === 0)) {
    references.push(await index.findReferences({ file: match.file, line: match.line, column: match.column }));
  }
  const stats = index.stats();
  const counted = { files: stats.files, symbolsByKind: stats.symbolsByKind, totalSymbols: stats.totalSymbols, totalReferences: stats.totalReferences, topFiles: stats.topFiles };
  return { search, lists, references, map: await index.repoMap({ tokenBudget: 4000 }), counted };
}

describe('the name index', () => {
  it('Should answer from the on-disk segment exactly as from memory, before and after files change', async () => {
    const memory = await CodeIndex.open({ root, persist: false, registry, threads: 0 });
    await memory.indexAll();
    const names = (await memory.searchSymbols({ query: '*', limit: 1000 })).matches.map((m) => m.symbol);
    const queries = queriesOf(names);
    expect(queries.length).toBeGreaterThan(60);
    const expected = await answers(memory, queries);
    memory.close();

    const cacheDir = join(scratch, 'cache');
    const first = await CodeIndex.open({ root, cacheDir, registry, threads: 0 });
    await first.indexAll();
    expect(readdirSync(cacheDir).filter((name) => /^names-[0-9a-f]+\.seg$/.test(name))).toHaveLength(1);
    // The same process, its names now read from the segment the fold wrote.
    expect(await answers(first, queries)).toEqual(expected);
    first.close();
    // A new index on the same cache: every name from the segment, nothing parsed.
    const second = await CodeIndex.open({ root, cacheDir, registry, threads: 0 });
    expect(await answers(second, queries)).toEqual(expected);
    expect(second.stats().cache.parses).toBe(0);

    // Files change after the segment was written: a name renamed, a file added, a file removed.
    writeFileSync(join(root, 'typescript', 'added.ts'), 'export function addedHelper(n: number): number {\n  return n;\n}\n');
    writeFileSync(join(root, 'python', 'service.py'), 'def renamed_function(x):\n    return addedHelper(x)\n');
    rmSync(join(root, 'go'), { recursive: true });
    await second.indexAll();
    const fresh = await CodeIndex.open({ root, persist: false, registry, threads: 0 });
    await fresh.indexAll();
    const after = await answers(fresh, [...queries, 'addedHelper', 'renamed_function']);
    fresh.close();
    expect(await answers(second, [...queries, 'addedHelper', 'renamed_function'])).toEqual(after);
    second.close();
    const third = await CodeIndex.open({ root, cacheDir, registry, threads: 0 });
    expect(await answers(third, [...queries, 'addedHelper', 'renamed_function'])).toEqual(after);
    third.close();
  }, 600_000);
});
