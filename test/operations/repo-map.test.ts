/**
 * The repository map on a project whose central module is known (test/map-project: every module uses
 * src/store.ts), through the library, the repo_map tool and the CLI.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledLanguages, CodeIndex, countTokens } from '../../src/index.js';
import { createToolbox, toolset } from '../../src/tools/index.js';

const project = fileURLToPath(new URL('../map-project/', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
const index = await CodeIndex.open({ root: project, persist: false });
afterAll(() => index.close());

describe('repoMap', () => {
  it('Should rank the central module first, its most used definitions first', async () => {
    const map = await index.repoMap({ tokenBudget: 1000 });
    expect(map.files[0]?.file).toBe('src/store.ts');
    expect(map.text.split('\n')[0]).toBe('src/store.ts');
    expect(map.text.split('\n')[1]).toBe('  2 export class Store<V = unknown>');
    // Members under their class, in line order.
    expect(map.text).toContain('  2 export class Store<V = unknown>\n    3 private readonly entries = new Map<string, V>()\n    6 get(key: string): V | undefined');
    expect(map.totalFiles).toBe(9);
    expect(map.files.at(-1)?.file).not.toBe('src/store.ts');
    const small = await index.repoMap({ tokenBudget: 20 });
    expect(small.files.map((f) => f.file)).toEqual(['src/store.ts']);
  });

  it('Should fit the budget exactly: never one token over, and close to it', async () => {
    for (const tokenBudget of [1, 8, 30, 77, 150, 400]) {
      const map = await index.repoMap({ tokenBudget });
      expect(map.tokens).toBe(await countTokens(map.text));
      expect(map.tokens).toBeLessThanOrEqual(tokenBudget);
      if (map.shownDefinitions < map.totalDefinitions && tokenBudget >= 150) expect(map.tokens).toBeGreaterThan(tokenBudget * 0.8);
    }
    const all = await index.repoMap({ tokenBudget: 10_000 });
    expect(all.shownDefinitions).toBe(all.totalDefinitions);
  });

  it('Should lean towards focus files and mentioned symbols', async () => {
    const plain = await index.repoMap({ tokenBudget: 60 });
    expect(plain.files.some((f) => f.file === 'src/format.ts')).toBe(false);
    const focused = await index.repoMap({ tokenBudget: 60, focus: ['src/report.ts'] });
    expect(focused.files.some((f) => f.file === 'src/format.ts')).toBe(true);
    const mentioned = await index.repoMap({ tokenBudget: 60, mentioned: ['seed'] });
    expect(mentioned.text.split('\n').slice(0, 2)).toEqual(['scripts/seed.py', '  4 seed(count: int = 10) -> list']);
    const missing = await index.repoMap({ tokenBudget: 60, focus: ['src/nope.ts'] });
    expect(missing.warnings[0]?.code).toBe('FILE_NOT_FOUND');
    await expect(index.repoMap({ focus: ['../outside.ts'] })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    await expect(index.repoMap({ tokenBudget: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.repoMap({ path: 'README.md' })).rejects.toMatchObject({ code: 'DIR_NOT_FOUND' });
    const scripts = await index.repoMap({ path: 'scripts' });
    expect(scripts.files.map((f) => f.file)).toEqual(['scripts/seed.py']);
  });

  it('Should give the same map for the same tree, in a new index too', async () => {
    const again = await CodeIndex.open({ root: project, persist: false, threads: 0 });
    try {
      const first = await index.repoMap({ tokenBudget: 300, focus: ['src/cli.ts'] });
      expect((await index.repoMap({ tokenBudget: 300, focus: ['src/cli.ts'] })).text).toBe(first.text);
      expect((await again.repoMap({ tokenBudget: 300, focus: ['src/cli.ts'] })).text).toBe(first.text);
    } finally {
      again.close();
    }
  });

  it('Should see a changed file in the next map (the graph is reused only while no file changed)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-map-'));
    cpSync(project, root, { recursive: true });
    const live = await CodeIndex.open({ root, persist: false, threads: 0, rescanAfterMs: 0 });
    try {
      const before = await live.repoMap({ tokenBudget: 10_000 });
      expect(before.text).not.toContain('formatCents');
      expect((await live.repoMap({ tokenBudget: 10_000 })).text).toBe(before.text);
      writeFileSync(join(root, 'src/format.ts'), 'export function formatCents(cents: number): string {\n  return `${cents}c`;\n}\n');
      const after = await live.repoMap({ tokenBudget: 10_000 });
      expect(after.text).toContain('formatCents(cents: number): string');
      expect(after.text).not.toContain('formatMoney(cents: number)');
    } finally {
      live.close();
    }
  });
});

describe('the repo_map tool and code-index map', () => {
  it('Should be a set of its own, in all, and combinable with a spec set', () => {
    expect(toolset('repo_map').map((t) => t.name)).toEqual(['repo_map']);
    expect(toolset('all').map((t) => t.name)).toContain('repo_map');
    expect(toolset(['code_analyze', 'repo_map']).map((t) => t.name)).toEqual(['code_analyze', 'repo_map']);
    expect(toolset(['scanner', 'explainer']).map((t) => t.name)).toContain('explainer_read_file');
    expect(() => toolset(['code_analyze', 'nope' as never])).toThrow(/Unknown tool set "nope"/);
  });

  it('Should answer with the map as text and the typed map as data', async () => {
    const box = await createToolbox({ index, toolset: ['code_analyze', 'repo_map'] });
    const result = await box.call('repo_map', { tokenBudget: 200, focus: ['src/report.ts'] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toBe((result.data as { text: string }).text);
    expect(await countTokens(result.text)).toBeLessThanOrEqual(200);
    const fitted = await box.call('repo_map', { tokenBudget: 500, maxTokens: 50 });
    expect(fitted.ok && (await countTokens(fitted.text)) <= 50 && !fitted.truncated).toBe(true);
    const outside = await box.call('repo_map', { focus: ['../x.ts'] });
    expect(outside.ok ? '' : outside.error.code).toBe('PATH_TRAVERSAL');
  });

  it('Should print the map from the CLI, the highest-ranked file first', () => {
    const out = execFileSync(process.execPath, [`${repo}dist/cli/main.js`, 'map', '--tokens', '120', '--no-cache'], { cwd: project, encoding: 'utf8' });
    expect(out.split('\n')[0]).toBe('src/store.ts');
    expect(out.length).toBeGreaterThan(50);
  });
});

describe('discovery', () => {
  it('Should find the files of a language with a single extension when every other is disabled', async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-go-'));
    writeFileSync(join(root, 'main.go'), 'package main\n\nfunc Main() {}\n');
    const disabledLanguages = bundledLanguages.map((l) => l.id).filter((id) => id !== 'go');
    const only = await CodeIndex.open({ root, persist: false, disabledLanguages, threads: 0 });
    try {
      expect((await only.indexAll()).files).toBe(1);
    } finally {
      only.close();
    }
  });
});
