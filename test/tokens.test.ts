/**
 * Token budgets: every tool honours maxTokens exactly (never one token over), a cut result says so in tokens, and
 * an uncut one is left as it was; text that looks like a tokenizer's special tokens is counted as text.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../src/index.js';
import { createToolbox, type Toolbox } from '../src/tools/index.js';
import { loadTokenizer } from '../src/tokens.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
let box: Toolbox;
beforeAll(async () => {
  box = await createToolbox({ root: fixtures, toolset: 'all', indexOptions: { persist: false } });
});
afterAll(() => box?.close());

async function call(name: string, args: Record<string, unknown>) {
  const result = await box.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${result.text}`);
  return result;
}

describe('the tokenizer', () => {
  it('Should count text that looks like special tokens as text, and cut without breaking a character', async () => {
    const tokenizer = await loadTokenizer();
    expect(tokenizer.count('x = "<|endoftext|>"')).toBeGreaterThan(3);
    const text = 'héllo wörld 🎉 naïve façade '.repeat(20);
    for (const budget of [1, 2, 3, 7, 10, 50]) {
      const cut = tokenizer.cut(text, budget);
      expect(text.startsWith(cut)).toBe(true);
      expect(tokenizer.count(cut)).toBeLessThanOrEqual(budget);
      expect(cut).not.toContain('\uFFFD');
    }
    expect(await countTokens('')).toBe(0);
  });
});

describe('maxTokens', () => {
  it('Should cut a line-per-fact result to whole lines within the budget, never one token over, and say so', async () => {
    const args = { operation: 'analyze_file', file: 'typescript/user-service.ts', detail: 'full' };
    const whole = await call('code_analyze', args);
    const total = await countTokens(whole.text);
    expect(whole.truncated).toBeUndefined();
    for (const maxTokens of [1, 5, 12, 40, 41, 100, 257, 1000]) {
      const cut = await call('code_analyze', { ...args, maxTokens });
      expect(await countTokens(cut.text)).toBeLessThanOrEqual(maxTokens);
      expect(cut.truncated).toBe(true);
      if (maxTokens >= 100) {
        expect(cut.text).toContain(`⚠️ PARTIAL RESULTS: cut to ${maxTokens} of ${total} tokens (maxTokens)`);
        // Whole lines of the full text, in order.
        const lines = cut.text.split('\n').slice(1);
        expect(whole.text.startsWith(lines.join('\n'))).toBe(true);
      }
      // The data a host reads stays whole.
      expect(cut.data).toEqual(whole.data);
    }
    const roomy = await call('code_analyze', { ...args, maxTokens: total });
    expect(roomy.text).toBe(whole.text);
    expect(roomy.truncated).toBeUndefined();
  });

  it('Should page a paged JSON result within maxTokens, the pages together giving the whole list', async () => {
    // The text leaves out empty fields (scope: null): compare with the whole list as text.
    const wholeText = (await call('list_symbols', { file_path: 'typescript/user-service.ts' })).text;
    const whole = JSON.parse(wholeText.slice(wholeText.indexOf('{'))) as { symbols: unknown[] };
    for (const maxTokens of [150, 400]) {
      const seen: unknown[] = [];
      let offset: number | undefined = 0;
      for (let calls = 0; offset !== undefined && calls < 200; calls++) {
        const page = await call('list_symbols', { file_path: 'typescript/user-service.ts', maxTokens, offset });
        expect(await countTokens(page.text)).toBeLessThanOrEqual(maxTokens);
        // The seed's own paging warning, then the page's JSON: never the runner's cut.
        expect(page.text).not.toContain('PARTIAL RESULTS: cut');
        const json = JSON.parse(page.text.slice(page.text.indexOf('\n{') + 1)) as { symbols: unknown[]; has_more: boolean; next_offset?: number };
        seen.push(...json.symbols);
        offset = json.has_more ? json.next_offset : undefined;
      }
      expect(seen).toEqual(whole.symbols);
    }
  });

  it('Should cut a JSON result by its largest arrays, keeping it valid JSON after the notice', async () => {
    const whole = await call('code_analyze', { operation: 'get_signatures', file: 'python/service.py', format: 'json' });
    for (const maxTokens of [80, 120, 300]) {
      const cut = await call('code_analyze', { operation: 'get_signatures', file: 'python/service.py', format: 'json', maxTokens });
      expect(await countTokens(cut.text)).toBeLessThanOrEqual(maxTokens);
      const [notice, ...rest] = cut.text.split('\n');
      expect(notice).toMatch(/^⚠️ PARTIAL RESULTS: cut to \d+ of \d+ tokens/);
      const json = JSON.parse(rest.join('\n')) as unknown[];
      expect(json.length).toBeLessThan((whole.data as unknown[]).length);
    }
  });

  it('Should be accepted by every tool and refused when not a whole number from 1', async () => {
    for (const tool of box.tools) {
      const schema = tool.input.safeParse({ maxTokens: 0 });
      expect(schema.success, tool.name).toBe(false);
    }
    const bad = await box.call('list_symbols', { file_path: 'python/service.py', maxTokens: 2.5 });
    expect(bad.ok ? '' : bad.error.code).toBe('INVALID_ARGUMENT');
  });

  it('Should leave the scanner its JSON, without empty fields and without saying a warning twice', async () => {
    const symbols = await call('list_symbols', { file_path: 'python/service.py' });
    expect(symbols.text).not.toContain('"scope":null');
    expect((symbols.data as { symbols: Array<{ scope: unknown }> }).symbols.some((s) => s.scope === null)).toBe(true);
    const page = await call('search_text', { patterns: 'def', file_pattern: '*.py' });
    const data = page.data as { warning?: string };
    if (data.warning) {
      expect(page.text.startsWith(data.warning)).toBe(true);
      expect(page.text.split(data.warning.split('\n')[0] as string).length).toBe(2);
    }
  });
});
