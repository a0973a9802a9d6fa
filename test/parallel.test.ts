/**
 * Cold indexing on worker threads gives the same index as one thread. Workers run the compiled package
 * (`dist/`, built by `npm ci` through the prepare script), so this test imports it from there.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type * as PublicApi from '../src/index.js';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const fixture = readFileSync(fileURLToPath(new URL('./fixtures/typescript/user-service.ts', import.meta.url)), 'utf8');
const root = mkdtempSync(join(tmpdir(), 'code-index-parallel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parallel cold index', () => {
  it('Should build the same index on worker threads as on one thread', async () => {
    expect(existsSync(dist)).toBe(true);
    const api = (await import(dist)) as typeof PublicApi;
    for (let i = 0; i < 450; i++) {
      mkdirSync(join(root, `pkg${i % 9}`), { recursive: true });
      writeFileSync(join(root, `pkg${i % 9}`, `mod${i}.ts`), fixture.replaceAll('UserService', `UserService${i}`));
    }
    const parallel = await api.CodeIndex.open({ root });
    // Copies of the bundled definitions are not the bundled registry, so this index stays on one thread.
    const single = await api.CodeIndex.open({
      root,
      registry: new api.LanguageRegistry(api.bundledLanguages.map((definition) => ({ ...definition }))),
    });
    try {
      const [a, b] = [await parallel.indexAll(), await single.indexAll()];
      expect(a.files).toBe(450);
      expect({ ...a, cache: undefined }).toEqual({ ...b, cache: undefined });
      const query = { query: 'UserService*', limit: 1000 };
      expect(await parallel.searchSymbols(query)).toEqual(await single.searchSymbols(query));
      const lookup = { symbol: 'loadUser' };
      expect(await parallel.findDefinitions(lookup)).toEqual(await single.findDefinitions(lookup));
      expect(await parallel.findReferences({ symbol: 'User' })).toEqual(await single.findReferences({ symbol: 'User' }));
    } finally {
      parallel.close();
      single.close();
    }
  }, 120_000);
});
