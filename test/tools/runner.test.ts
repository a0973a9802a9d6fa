/**
 * tools/runner.ts alone, with tools defined here and an index that is only a root: arguments checked, the text a
 * model reads (rendering, warnings, JSON), the size bound and the token budget, and every failure a bounded, coded
 * result without the absolute root.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CodeIndex } from '../../src/code-index.js';
import { CodeIndexError } from '../../src/errors.js';
import { runTool, toToolError, unknownTool } from '../../src/tools/runner.js';
import { defineTool, type ToolContext } from '../../src/tools/tool.js';
import { countTokens } from '../../src/tokens.js';

const ROOT = '/srv/project';
// The runner reads only the index's root; the tools below never touch the index.
/** Listeners of the fake index's progress (a tool below reports some, as a first query on a large tree does). */
const progress = new Set<(done: number, total: number) => void>();
const context: ToolContext = {
  index: {
    root: ROOT,
    onProgress: (listener: (done: number, total: number) => void) => {
      progress.add(listener);
      return () => progress.delete(listener);
    },
  } as unknown as CodeIndex,
};

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Returns its argument, with a warning when asked.',
  input: z.strictObject({ text: z.string(), warn: z.boolean().optional() }),
  run: async (args) => ({ text: args.text, empty: [], ...(args.warn ? { warning: '⚠️ a warning' } : {}) }),
});

const rendered = defineTool({
  ...echo,
  title: 'Rendered',
  name: 'rendered',
  render: (output: { text: string }) => `text: ${output.text}`,
});

function failing(error: unknown) {
  return defineTool({ ...echo, title: 'Fails', name: 'fails', run: () => Promise.reject(error) });
}

describe('runTool', () => {
  it('Should refuse bad arguments with INVALID_ARGUMENT, naming each problem and the unknown keys', async () => {
    const result = await runTool(echo, { text: 1, frob: true }, context);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_ARGUMENT');
    expect(result.error.message).toMatch(/^Invalid arguments for echo: /);
    expect(result.error.message).toContain('unknown argument "frob"');
    expect(result.error.message).toContain('text: ');
    expect(result.error.message).toMatch(/Fix them and call again\.$/);
    expect(result.text).toBe(JSON.stringify({ error: result.error }));
  });

  it("Should give the tool's compact JSON without empty fields, its whole JSON on request, and its rendering", async () => {
    const plain = await runTool(echo, { text: 'hi' }, context);
    expect(plain).toEqual({ ok: true, tool: 'echo', data: { text: 'hi', empty: [] }, text: '{"text":"hi"}' });
    // `format` is an argument of tools with a rendering only.
    expect((await runTool(echo, { text: 'hi', format: 'json' }, context)).ok).toBe(false);
    const whole = await runTool(rendered, { text: 'hi', format: 'json' }, context);
    expect(whole.text).toBe('{"text":"hi","empty":[]}');
    expect((await runTool(rendered, { text: 'hi' }, context)).text).toBe('text: hi');
  });

  it('Should show a warning once, above the text (and leave it in the JSON on request)', async () => {
    const text = await runTool(echo, { text: 'hi', warn: true }, context);
    expect(text.text).toBe('⚠️ a warning\n{"text":"hi"}');
    const renderedText = await runTool(rendered, { text: 'hi', warn: true }, context);
    expect(renderedText.text).toBe('⚠️ a warning\ntext: hi');
    const json = await runTool(rendered, { text: 'hi', warn: true, format: 'json' }, context);
    expect(json.text).toBe('{"text":"hi","empty":[],"warning":"⚠️ a warning"}');
  });

  it('Should halve the largest parts of a result over maxResultChars, leaving one-item arrays, and say so', async () => {
    const big = defineTool({
      name: 'big',
      title: 'Big',
      description: 'Returns a large result.',
      input: z.strictObject({}),
      run: async () => ({ one: ['kept'], rows: Array.from({ length: 400 }, (_, i) => `row ${i}`), long: 'x'.repeat(3000) }),
    });
    const result = await runTool(big, {}, context, { maxResultChars: 2_000 });
    expect(result.ok && result.truncated).toBe(true);
    if (!result.ok) return;
    const data = result.data as { one: string[]; rows: string[]; long: string; truncated: boolean };
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(2_000);
    expect(data.one).toEqual(['kept']);
    expect(data.truncated).toBe(true);
    expect(data.rows).toEqual(Array.from({ length: data.rows.length }, (_, i) => `row ${i}`));
    expect(data.long.endsWith('…')).toBe(true);
    expect(result.text).toMatch(/^⚠️ PARTIAL RESULTS: the result was cut to \d+ tokens \(2000 characters of JSON\)\. /);
  });

  it('Should fit the text into maxTokens and hand a paging tool a page budget of 2.5 characters a token', async () => {
    let pageChars: number | undefined;
    const lines = defineTool({
      name: 'lines',
      title: 'Lines',
      description: 'Returns 300 lines.',
      input: z.strictObject({}),
      run: async (_args, toolContext) => {
        pageChars = toolContext.maxResultChars;
        return Array.from({ length: 300 }, (_, i) => `line ${i}`);
      },
      render: (output: string[]) => output.join('\n'),
    });
    const result = await runTool(lines, { maxTokens: 50 }, context);
    expect(pageChars).toBe(125);
    expect(result.ok && result.truncated).toBe(true);
    expect(await countTokens(result.text)).toBeLessThanOrEqual(50);
    expect(result.text).toMatch(/^⚠️ PARTIAL RESULTS: cut to 50 of \d+ tokens \(maxTokens\); \d+ of 300 lines shown/);
    await runTool(lines, {}, context, { maxResultChars: 5_000 });
    expect(pageChars).toBe(5_000);
  });

  it('Should turn a throw into a coded failure without the absolute root, its message and details bounded', async () => {
    const coded = await runTool(
      failing(new CodeIndexError('FILE_NOT_FOUND', `No file ${ROOT}/src/a.ts in ${ROOT}`, { path: `${ROOT}/src/a.ts`, echo: 'y'.repeat(2_000) })),
      { text: '' },
      context,
    );
    expect(coded.ok).toBe(false);
    if (coded.ok) return;
    expect(coded.error.code).toBe('FILE_NOT_FOUND');
    expect(coded.error.message).toBe('No file src/a.ts in .');
    expect(coded.error.details?.path).toBe('src/a.ts');
    expect(coded.error.details?.echo).toBe(`${'y'.repeat(500)}… (2000 characters, cut)`);
    const plain = await runTool(failing(new TypeError('boom')), { text: '' }, context);
    expect(plain.ok ? undefined : plain.error).toEqual({ code: 'INTERNAL_ERROR', message: 'Unexpected failure: boom' });
  });

  it("Should write a failure in the tool's own error shape when it has one", async () => {
    const seeded = defineTool({
      ...echo,
      name: 'seeded',
      title: 'Seeded',
      run: () => Promise.reject(new CodeIndexError('RATE_LIMIT', 'slow down')),
      errorBody: (error) => ({ error: true, code: error.code, message: error.message }),
    });
    const result = await runTool(seeded, { text: '' }, context);
    expect(result).toEqual({
      ok: false,
      tool: 'seeded',
      error: { code: 'RATE_LIMIT', message: 'slow down' },
      body: { error: true, code: 'RATE_LIMIT', message: 'slow down' },
      text: '{"error":true,"code":"RATE_LIMIT","message":"slow down"}',
    });
  });

  it('Should abandon a call past its time budget with TOOL_TIMEOUT', async () => {
    const hangs = defineTool({ ...echo, name: 'hangs', title: 'Hangs', run: () => new Promise<never>(() => {}) });
    const result = await runTool(hangs, { text: '' }, context, { timeoutMs: 50 });
    expect(result.ok ? undefined : result.error).toMatchObject({ code: 'TOOL_TIMEOUT', message: 'hangs took longer than 50 ms and was abandoned' });
  });

  it('Should say so when the call waited for the index being built, which goes on', async () => {
    const waits = defineTool({
      ...echo,
      name: 'waits',
      title: 'Waits',
      run: () => {
        for (const listener of progress) listener(3, 10);
        return new Promise<never>(() => {});
      },
    });
    const result = await runTool(waits, { text: '' }, context, { timeoutMs: 50 });
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'TOOL_TIMEOUT',
      message: 'waits waited 50 ms for the index being built (3 of 10 files) and was abandoned; the indexing goes on',
      details: { indexed_files: 3, total_files: 10, suggestion: 'Call again: the call answers once the index is built' },
    });
    expect(progress.size).toBe(0);
  });
});

describe('unknownTool and toToolError', () => {
  it('Should name the tools there are, and cut a long name', () => {
    const result = unknownTool('n'.repeat(300), ['a', 'b']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('UNKNOWN_TOOL');
    expect(result.tool).toBe(`${'n'.repeat(100)}… (300 characters, cut)`);
    expect(result.error.message).toMatch(/Available tools: a, b$/);
  });

  it('Should keep a CodeIndexError as it is (details only when there are some), and wrap anything else', () => {
    expect(toToolError(new CodeIndexError('PATH_TRAVERSAL', 'outside', {}))).toEqual({ code: 'PATH_TRAVERSAL', message: 'outside' });
    expect(toToolError(new CodeIndexError('PATH_TRAVERSAL', 'outside', { path: '..' }))).toEqual({
      code: 'PATH_TRAVERSAL',
      message: 'outside',
      details: { path: '..' },
    });
    expect(toToolError('text')).toEqual({ code: 'INTERNAL_ERROR', message: 'Unexpected failure: text' });
  });
});
