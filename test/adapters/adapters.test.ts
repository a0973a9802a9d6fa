/**
 * The adapters: the MCP server as a host sees it (the SDK's own client spawning the real `code-index mcp` binary
 * over stdio), and the Lace, Rig, OpenAI, Anthropic and Vercel AI SDK mappings over one toolbox.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicTools, dispatchAnthropicToolUse } from '../../dist/adapters/anthropic.js';
import { createLacePlugin, createLaceTools } from '../../dist/adapters/lace.js';
import {
  dispatchOpenAIChatToolCall,
  dispatchOpenAIResponsesToolCall,
  openAIChatTools,
  openAIResponsesTools,
} from '../../dist/adapters/openai.js';
import { createRigTools } from '../../dist/adapters/rig.js';
import { vercelTools } from '../../dist/adapters/vercel.js';
import { createToolbox, type Toolbox, toolset } from '../../dist/tools/index.js';
import { isolatedEnv } from '../helpers/cache-env.js';

const root = fileURLToPath(new URL('../mixed-project/', import.meta.url));
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('MCP server over stdio (the real binary, the SDK client)', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', root, '--toolset', 'all'], env: isolatedEnv() }));
  }, 30_000);
  afterAll(async () => client?.close());

  it('lists every tool once with schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(22);
    expect(tools.map((t) => t.name)).toContain('explainer_read_file');
    const treesitter = tools.find((t) => t.name === 'treesitter');
    expect(treesitter?.inputSchema).toMatchObject({
      type: 'object',
      required: ['operation', 'file_path'],
      properties: { scope: { enum: ['file', 'directory', 'project'] } },
    });
    // No schema default: an omitted scope is the server's configured one (--default-scope).
    expect((treesitter?.inputSchema.properties as Record<string, Record<string, unknown>>).scope).not.toHaveProperty('default');
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('calls a tool of each set and returns structuredContent, with compact text (or its JSON with format json)', async () => {
    const analysis = await client.callTool({ name: 'code_analyze', arguments: { operation: 'analyze_file', file: 'core/src/config.rs' } });
    expect(analysis.isError).toBeFalsy();
    expect(analysis.structuredContent).toMatchObject({ language: 'rust', file: 'core/src/config.rs' });
    const [content] = analysis.content as Array<{ type: string; text: string }>;
    expect(content?.text).toMatch(/^\d+ export struct Config/m);
    expect(() => JSON.parse(content?.text ?? '')).toThrow();
    const json = await client.callTool({ name: 'code_analyze', arguments: { operation: 'analyze_file', file: 'core/src/config.rs', format: 'json' } });
    const [jsonContent] = json.content as Array<{ type: string; text: string }>;
    expect(JSON.parse(jsonContent?.text ?? '')).toEqual(analysis.structuredContent);
    const hover = await client.callTool({
      name: 'treesitter',
      arguments: { operation: 'hover', file_path: `${root}svc/store/store.go`, line: 12, column: 24 },
    });
    expect(hover.structuredContent).toMatchObject({ symbol: 'LoadConfig', documentation: 'LoadConfig reads the store configuration from the environment.' });
    const search = await client.callTool({ name: 'search_text', arguments: { patterns: 'load_config', file_pattern: '*.rs' } });
    expect(search.structuredContent).toMatchObject({ total_matches: 3 });
    const imports = await client.callTool({ name: 'analyze_imports', arguments: { file: 'ml/pipeline/train.py' } });
    expect(imports.structuredContent).toMatchObject({ imports: [{ from: '.config', items: ['Config', 'load_config'] }] });
    const signatures = await client.callTool({ name: 'code_analyze', arguments: { operation: 'get_signatures', file: 'svc/store/config.go' } });
    expect(signatures.structuredContent).toMatchObject({ result: [expect.objectContaining({ name: 'LoadConfig' })] });
  });

  it.each([
    ['code_analyze', { operation: 'list_exports', file: 'web/src/client.ts' }],
    ['treesitter', { operation: 'parse', file_path: 'ml/pipeline/train.py' }],
    ['search_text', { patterns: ['Config'], file_pattern: '*.py' }],
    ['read_file', { file_path: 'core/src/lib.rs', start_line: 2, end_line: 4 }],
    ['list_directory', { directory_path: '.', recursive: true }],
    ['get_file_summary', { file_path: 'svc/store/store.go' }],
    ['symbol_exists', { symbol: 'Store' }],
    ['find_definition', { symbol: 'train' }],
    ['list_symbols', { file_path: 'web/src/config.ts' }],
    ['find_symbols', { pattern: 'load*' }],
    ['get_class_members', { class_name: 'Config' }],
    ['get_index_stats', {}],
    ['explainer_list_directory', { path: 'web' }],
    ['explainer_read_file', { path: 'web/src/config.ts' }],
    ['search_code', { pattern: 'fetch', fileGlob: '*.ts' }],
    ['analyze_imports', { file: 'core/src/lib.rs', direction: 'imports' }],
  ])('calls %s', async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    expect(typeof result.structuredContent).toBe('object');
  });

  it('answers bad calls with isError and a coded error, and keeps serving', async () => {
    const bad = await client.callTool({ name: 'read_file', arguments: { file_path: '../../etc/passwd' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ error: { code: 'PATH_TRAVERSAL' } });
    const mistyped = await client.callTool({ name: 'treesitter', arguments: { operation: 'definition', file_path: 'a.ts', line: -1 } });
    expect(mistyped.structuredContent).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
    const unknown = await client.callTool({ name: 'rm_rf', arguments: {} });
    expect(unknown.structuredContent).toMatchObject({ error: { code: 'UNKNOWN_TOOL' } });
    expect((await client.listTools()).tools.length).toBe(22);
  });

  it('survives a 20 MB argument: a JSON-RPC error for that call, then it keeps serving', async () => {
    await expect(client.callTool({ name: 'read_file', arguments: { file_path: 'x'.repeat(20 * 1024 * 1024) } })).rejects.toThrow(/Message too large/);
    const bounded = await client.callTool({ name: 'read_file', arguments: { file_path: `${'a/'.repeat(500_000)}x.ts` } });
    expect(bounded.structuredContent).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
    expect(JSON.stringify(bounded).length).toBeLessThan(10_000);
    expect(JSON.stringify(bounded)).not.toContain(root);
    expect((await client.listTools()).tools.length).toBe(22);
  }, 30_000);

  it('answers a line that is not JSON with -32700 and bad params with a readable -32602 (the real binary, raw lines)', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--root', root, '--toolset', 'all'], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const lines = createInterface({ input: child.stdout });
      const replies: Array<{ id: unknown; error?: { code: number; message: string }; result?: unknown }> = [];
      const next = () => new Promise<(typeof replies)[number]>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
      child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
      replies.push(await next());
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 5, arguments: 'x' } })}\n`);
      replies.push(await next());
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })}\n`);
      replies.push(await next());
      expect(replies[0]).toMatchObject({ id: null, error: { code: -32700 } });
      expect(replies[1]).toMatchObject({ id: 2, error: { code: -32602 } });
      expect(replies[1]?.error?.message).toMatch(/^Invalid params for tools\/call: params\.name: expected string, received number; params\.arguments: expected record, received string\./);
      expect(replies[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    } finally {
      child.kill();
    }
  }, 30_000);

  it('serves the curated agent toolbox without --toolset', async () => {
    const plain = new Client({ name: 'test-host', version: '1.0.0' });
    await plain.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', root], env: isolatedEnv() }));
    try {
      const { tools } = await plain.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(toolset('agent').map((tool) => tool.name));
      const outline = await plain.callTool({ name: 'outline', arguments: { file: 'core/src/config.rs' } });
      expect(outline.isError).toBeFalsy();
      expect((outline.content as Array<{ text: string }>)[0]?.text).toMatch(/^\d+ export struct Config/m);
    } finally {
      await plain.close();
    }
  });

  it('serves one spec\'s tool set with --toolset', async () => {
    const scoped = new Client({ name: 'test-host', version: '1.0.0' });
    await scoped.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', root, '--toolset', 'explainer'], env: isolatedEnv() }));
    try {
      expect((await scoped.listTools()).tools.map((t) => t.name)).toEqual(['list_directory', 'read_file', 'search_code', 'analyze_imports']);
    } finally {
      await scoped.close();
    }
  }, 30_000);
});

describe('host adapters', () => {
  let box: Toolbox;
  beforeAll(async () => {
    box = await createToolbox({ root, toolset: 'scanner' });
  });
  afterAll(() => box?.close());

  it('Lace: subclasses of the host Tool with its schema, annotations and results', async () => {
    // A stand-in with the documented shape of Lace's abstract Tool.
    abstract class LaceTool {
      abstract name: string;
      protected createResult(content: string | Record<string, unknown>, metadata?: Record<string, unknown>) {
        return { content: [{ type: 'text', text: String(content) }], isError: false, ...(metadata ? { metadata } : {}) };
      }
      protected createError(content: string | Record<string, unknown>, metadata?: Record<string, unknown>) {
        return { content: [{ type: 'text', text: String(content) }], isError: true, ...(metadata ? { metadata } : {}) };
      }
    }
    const tools = createLaceTools(LaceTool as never, box) as unknown as Array<
      LaceTool & { description: string; inputSchema: Record<string, unknown>; annotations: Record<string, unknown>; execute(a: unknown): Promise<{ isError: boolean; content: Array<{ text: string }>; metadata?: Record<string, unknown> }> }
    >;
    expect(tools[0]).toBeInstanceOf(LaceTool);
    const exists = tools.find((t) => t.name === 'symbol_exists');
    expect(exists?.annotations).toMatchObject({ readOnlySafe: true });
    expect(exists?.inputSchema).toMatchObject({ type: 'object', required: ['symbol'] });
    const result = await exists?.execute({ symbol: 'LoadConfig' });
    expect(result?.isError).toBe(false);
    expect(JSON.parse(result?.content[0]?.text ?? '')).toMatchObject({ exists: true });
    const failure = await exists?.execute({});
    expect(failure).toMatchObject({ isError: true, metadata: { code: 'INVALID_ARGUMENT' } });
    const registered: unknown[] = [];
    createLacePlugin(box).register({ Tool: LaceTool as never, registerTool: (tool) => registered.push(tool) });
    expect(registered).toHaveLength(11);
  });

  it('Rig: definition() and call() with typed output or typed error', async () => {
    const tools = createRigTools(box);
    const find = tools.find((t) => t.name === 'find_definition');
    expect(await find?.definition('where is Config?')).toMatchObject({ name: 'find_definition', parameters: { type: 'object' } });
    expect(await find?.call({ symbol: 'LoadConfig' })).toMatchObject({ ok: true, output: { found: true } });
    expect(await find?.call({ symbol: 42 })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('OpenAI: Chat Completions and Responses definitions and dispatch', async () => {
    expect(openAIChatTools(box)[0]).toMatchObject({ type: 'function', function: { name: 'search_text', parameters: { type: 'object' } } });
    expect(openAIResponsesTools(box)[0]).toMatchObject({ type: 'function', name: 'search_text', strict: false });
    const message = await dispatchOpenAIChatToolCall(box, {
      id: 'call_1',
      function: { name: 'symbol_exists', arguments: '{"symbol":"Config","symbol_type":"class"}' },
    });
    expect(message).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse(message.content)).toMatchObject({ exists: true });
    const badJson = await dispatchOpenAIResponsesToolCall(box, { call_id: 'c2', name: 'symbol_exists', arguments: '{symbol:' });
    expect(badJson.type).toBe('function_call_output');
    expect(JSON.parse(badJson.output)).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });

  it('Anthropic: definitions and tool_use dispatch', async () => {
    expect(anthropicTools(box)[1]).toMatchObject({ name: 'read_file', input_schema: { type: 'object', required: ['file_path'] } });
    const ok = await dispatchAnthropicToolUse(box, { id: 'tu_1', name: 'list_symbols', input: { file_path: 'core/src/lib.rs' } });
    expect(ok).toMatchObject({ type: 'tool_result', tool_use_id: 'tu_1' });
    expect(ok.is_error).toBeUndefined();
    const error = await dispatchAnthropicToolUse(box, { id: 'tu_2', name: 'list_symbols', input: { file_path: '/etc/passwd' } });
    expect(error).toMatchObject({ is_error: true });
  });

  it('Vercel AI SDK: tools keyed by name with a zod inputSchema and execute', async () => {
    const tools = vercelTools(box);
    expect(Object.keys(tools)).toContain('get_class_members');
    expect(tools.list_symbols?.inputSchema.safeParse({ file_path: 'x' }).success).toBe(true);
    expect(await tools.get_class_members?.execute({ class_name: 'Store' })).toMatchObject({ found: true, file: 'svc/store/store.go' });
    expect(await tools.get_class_members?.execute({})).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
    // The model reads the compact text of a result (AI SDK 5 passes the output, AI SDK 6 { output }).
    const all = vercelTools(await createToolbox({ index: box.index, toolset: 'all' }));
    const analysis = await all.code_analyze?.execute({ operation: 'analyze_file', file: 'core/src/config.rs' });
    expect(analysis).toMatchObject({ file: 'core/src/config.rs', language: 'rust' });
    const text = all.code_analyze?.toModelOutput(analysis);
    expect(text).toMatchObject({ type: 'text', value: expect.stringMatching(/^\d+ export struct Config/m) });
    expect(all.code_analyze?.toModelOutput({ toolCallId: 'c1', input: {}, output: analysis })).toEqual(text);
    const members = await tools.get_class_members?.execute({ class_name: 'Store' });
    expect(tools.get_class_members?.toModelOutput(members)).toMatchObject({ type: 'text', value: expect.stringContaining('"found":true') });
  });
});
