/**
 * The examples in examples/, run as their users would (no network): the agent loops against scripted models that
 * call real tools on test/graph, so each assertion checks what code-index answered.
 */
import { fileURLToPath } from 'node:url';
import { MockLanguageModelV2 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { ask as askAnthropic, type MessagesClient } from '../examples/anthropic-agent.js';
import { plugin, registerDirectly } from '../examples/lace.js';
import { askServer } from '../examples/mcp-server.js';
import { ask as askOpenAI, type ChatClient } from '../examples/openai-agent.js';
import { publicApi } from '../examples/public-api.js';
import { prompt, type Reply, type Turn } from '../examples/rig-loop.js';
import { ask as askVercel } from '../examples/vercel-agent.js';

const root = fileURLToPath(new URL('./graph', import.meta.url));

describe('examples', () => {
  it('public-api prints the exports of every file with their signatures', async () => {
    const lines = await publicApi(root);
    expect(lines.slice(0, 3)).toEqual(['py/jobs.py', '  class Job', '  function load_jobs(path)']);
    expect(lines).toContain('ts/lexer.ts');
    expect(lines).toContain('  function tokenize(line: string): Token[]');
    expect(lines).toContain('  function factorial(n: number): number');
    expect(lines).not.toContain('  function isToken(text: string): boolean');
  });

  it('lace registers the tools as a plugin and directly, answering through the base class', async () => {
    class Tool {
      createResult(content: unknown, metadata?: unknown) {
        return { ok: true, content, metadata };
      }
      createError(content: unknown, metadata?: unknown) {
        return { ok: false, content, metadata };
      }
    }
    const registered: Array<{ name: string; executeValidated(args: unknown): Promise<{ ok: boolean; content: string }> }> = [];
    const entry = await plugin(root);
    try {
      entry.register({ Tool, registerTool: (tool) => registered.push(tool as (typeof registered)[number]) });
      expect(registered.map((tool) => tool.name)).toEqual(['code_analyze']);
      const result = await registered[0]?.executeValidated({ operation: 'get_signatures', file: 'ts/lexer.ts' });
      expect(result?.ok).toBe(true);
      expect(result?.content).toContain('tokenize(line: string): Token[]');
    } finally {
      entry.close();
    }
    const direct: unknown[] = [];
    const close = await registerDirectly(Tool, { register: (tool) => direct.push(tool) }, root);
    close();
    expect(direct.map((tool) => (tool as { name: string }).name)).toEqual(['code_analyze', 'treesitter']);
  });

  it('mcp-server answers a real MCP client', async () => {
    const { tools, hover } = await askServer(root, 'ts/parser.ts', 39, 17);
    expect(tools).toEqual(['treesitter', 'graphItLive_analyzeFileLogic', 'call_hierarchy']);
    expect(hover).toContain('factorial(n: number): number');
  });

  it('openai-agent runs the tool the model asks for and returns its final answer', async () => {
    const requests: unknown[] = [];
    const replies = [
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'treesitter', arguments: JSON.stringify({ operation: 'definition', file_path: 'ts/main.ts', line: 5, column: 46 }) } }] },
      { role: 'assistant', content: 'factorial is defined in ts/parser.ts:39.' },
    ];
    const client = {
      chat: {
        completions: {
          create: async (body: { messages: unknown[] }) => {
            requests.push(structuredClone(body.messages));
            return { choices: [{ message: replies[requests.length - 1] }] };
          },
        },
      },
    } as unknown as ChatClient;
    expect(await askOpenAI(client, 'scripted', root, 'Where is factorial defined?')).toBe('factorial is defined in ts/parser.ts:39.');
    const toolMessage = (requests[1] as Array<{ role: string; content: string }>).at(-1);
    expect(toolMessage?.role).toBe('tool');
    expect(toolMessage?.content).toBe('1 definition of factorial (bound):\nts/parser.ts\n  39:17 function  export function factorial(n: number): number {');
  });

  it('anthropic-agent runs tool_use blocks and returns the final text', async () => {
    const requests: Array<{ messages: Array<{ role: string; content: unknown }> }> = [];
    const replies = [
      { content: [{ type: 'tool_use', id: 't1', name: 'call_hierarchy', input: { symbol: 'parseFile' } }] },
      { content: [{ type: 'text', text: 'run (ts/main.ts:3) calls parseFile.' }] },
    ];
    const client = {
      messages: {
        create: async (body: { messages: Array<{ role: string; content: unknown }> }) => {
          requests.push(structuredClone(body));
          return replies[requests.length - 1];
        },
      },
    } as unknown as MessagesClient;
    expect(await askAnthropic(client, 'scripted', root, 'Who calls parseFile?')).toBe('run (ts/main.ts:3) calls parseFile.');
    const results = requests[1]?.messages.at(-1)?.content as Array<{ type: string; content: string }>;
    expect(results[0]?.type).toBe('tool_result');
    expect(results[0]?.content).toContain('function run  ts/main.ts:3:17');
  });

  it('vercel-agent lets generateText call a tool before answering', async () => {
    let step = 0;
    const seen: string[] = [];
    const model = new MockLanguageModelV2({
      doGenerate: async (options) => {
        step++;
        if (step === 1) {
          return {
            content: [{ type: 'tool-call', toolCallId: 'v1', toolName: 'code_analyze', input: JSON.stringify({ operation: 'list_exports', file: 'ts/lexer.ts' }) }],
            finishReason: 'tool-calls',
            usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
            warnings: [],
          };
        }
        seen.push(JSON.stringify(options.prompt.at(-1)));
        return { content: [{ type: 'text', text: 'lexer.ts exports Token and tokenize.' }], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, warnings: [] };
      },
    });
    const result = await askVercel(model, root, 'What does lexer.ts export?');
    expect(result).toEqual({ text: 'lexer.ts exports Token and tokenize.', toolCalls: ['code_analyze'] });
    expect(seen[0]).toContain('tokenize');
  });

  it('rig-loop feeds typed tool results back until the model answers', async () => {
    const model = async ({ turns }: { turns: Turn[] }): Promise<Reply> =>
      turns.length === 1 ? { calls: [{ name: 'analyze_imports', args: { file: 'ts/main.ts' } }, { name: 'no_such_tool', args: {} }] } : { text: 'main.ts imports parser.js.' };
    const { answer, turns } = await prompt(model, root, 'What does main.ts import?');
    expect(answer).toBe('main.ts imports parser.js.');
    expect(JSON.stringify(turns[1])).toContain('./parser.js');
    expect(turns[2]).toMatchObject({ role: 'tool', name: 'no_such_tool', error: { code: 'UNKNOWN_TOOL' } });
  });
});
