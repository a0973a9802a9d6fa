/**
 * searchSymbols (src/operations/search.ts): ranked name matching, kinds and paths, pagination and bad input; and
 * listDefinitions (src/operations/list-definitions.ts): exact names and case-sensitive globs from the name table.
 */
import { describe, expect, it } from 'vitest';
import { compareMatches, pageOfMatches, type RankedMatch } from '../../src/operations/search.js';
import { useNavigationIndex } from '../helpers/navigation-project.js';

const nav = useNavigationIndex();


describe('searchSymbols', () => {
  it('Should rank exact before prefix before fuzzy, and paginate', async () => {
    const result = await nav.index.searchSymbols({ query: 'hashPassword' });
    expect(result.matches.map((m) => m.file)).toEqual(['src/util/crypto.ts', 'src/util/other.ts']);
    expect(result.matches[0]).toMatchObject({ symbol: 'hashPassword', type: 'function', line: 2, signature: 'hashPassword(value: string): string' });
    const prefix = await nav.index.searchSymbols({ query: 'auth' });
    expect(prefix.matches[0]?.symbol).toBe('AuthService');
    const camel = await nav.index.searchSymbols({ query: 'hP' });
    expect(camel.matches.map((m) => m.symbol)).toContain('hashPassword');
    const page = await nav.index.searchSymbols({ query: '*', limit: 2 });
    expect(page).toMatchObject({ returnedCount: 2, hasMore: true, nextOffset: 2, offset: 0 });
    const next = await nav.index.searchSymbols({ query: '*', limit: 2, offset: 2 });
    expect(next.matches[0]).not.toEqual(page.matches[0]);
  });
  it('Should filter by kind and path', async () => {
    const classes = await nav.index.searchSymbols({ query: '*', kind: 'class' });
    expect(classes.matches.map((m) => m.symbol).sort()).toEqual(['AuthService', 'User']);
    const inUtil = await nav.index.searchSymbols({ query: 'hashPassword', path: 'src/util/crypto.ts' });
    expect(inUtil.matches.map((m) => m.file)).toEqual(['src/util/crypto.ts']);
  });
  it('Should refuse a bad query, limit or offset with INVALID_ARGUMENT', async () => {
    await expect(nav.index.searchSymbols({ query: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(nav.index.searchSymbols({ query: 'a', limit: 100_000 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(nav.index.searchSymbols({ query: 'a', offset: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(nav.index.searchSymbols({ query: 'a', path: '../' })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
  });
});

describe('listDefinitions', () => {
  it('Should list the definitions of an exact name, of the kinds asked, in searchSymbols order', async () => {
    const exact = await nav.index.listDefinitions({ query: 'hashPassword' });
    expect(exact).toMatchObject({ total: 2, offset: 0, hasMore: false });
    expect(exact.definitions.map((d) => d.file)).toEqual(['src/util/crypto.ts', 'src/util/other.ts']);
    expect(exact.definitions[0]).toEqual((await nav.index.searchSymbols({ query: 'hashPassword' })).matches[0]);
    expect((await nav.index.listDefinitions({ query: 'User', kinds: ['class'] })).definitions.map((d) => d.file)).toEqual(['src/auth/user.ts']);
    expect((await nav.index.listDefinitions({ query: 'User', kinds: ['function'] })).definitions).toEqual([]);
    // Exact and case-sensitive: no prefix, no other case.
    expect((await nav.index.listDefinitions({ query: 'hashpassword' })).total).toBe(0);
    expect((await nav.index.listDefinitions({ query: 'hash' })).total).toBe(0);
  });
  it('Should match a glob case-sensitively, and list every name as searchSymbols orders them', async () => {
    expect((await nav.index.listDefinitions({ query: '*Service' })).definitions.map((d) => d.symbol)).toEqual(['AuthService']);
    expect((await nav.index.listDefinitions({ query: '*service' })).definitions).toEqual([]);
    expect((await nav.index.listDefinitions({ query: 'hash?assword' })).total).toBe(2);
    const all = await nav.index.listDefinitions({ query: '*' });
    expect(all.definitions).toEqual((await nav.index.searchSymbols({ query: '*', limit: 1000 })).matches);
  });
  it('Should bound an answer and say where the rest starts', async () => {
    const all = await nav.index.listDefinitions({ query: '*' });
    const first = await nav.index.listDefinitions({ query: '*', limit: 2 });
    expect(first).toMatchObject({ total: all.total, offset: 0, hasMore: true, nextOffset: 2 });
    const rest = await nav.index.listDefinitions({ query: '*', offset: first.nextOffset });
    expect([...first.definitions, ...rest.definitions]).toEqual(all.definitions);
    expect(rest.hasMore).toBe(false);
  });
  it('Should refuse a blank query and a bad offset or limit with INVALID_ARGUMENT', async () => {
    for (const options of [{ query: '' }, { query: '  ' }, { query: 'a', limit: 0 }, { query: 'a', limit: 100_001 }, { query: 'a', offset: -1 }]) {
      await expect(nav.index.listDefinitions(options)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
  });
});

describe('pageOfMatches', () => {
  it('Should give any page exactly as sorting every match would, ordering by path only the groups that reach into it', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const folders = ['src', 'Src', 'lib', 'lib/deep', 'ä'];
    const matches: RankedMatch[] = Array.from({ length: 2_000 }, () => {
      const name = 'n'.repeat(1 + random(random(2) === 0 ? 4 : 60));
      const definition = { name, kind: 'function', line: 1 + random(50), column: 1, endLine: 2, preview: '', isExported: random(2) === 0 };
      return { tier: random(4), entry: { file: `${folders[random(folders.length)]}/f${random(30)}.ts`, definition } };
    });
    const sorted = [...matches].sort(compareMatches);
    const pages: Array<[number, number]> = [[0, 1], [990, 1000], [1_950, 100], [2_000, 10], [0, 2_000]];
    for (let offset = 0; offset < 2_000; offset += 7) pages.push([offset, 1 + (offset % 13)]);
    for (const [offset, limit] of pages) expect(pageOfMatches(matches, offset, limit)).toEqual(sorted.slice(offset, offset + limit));
  });
});
