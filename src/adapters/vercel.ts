/**
 * Vercel AI SDK tools: an object of `{ description, inputSchema, execute, toModelOutput }` by tool name, for
 * `generateText({ tools })`. `inputSchema` is the tool's zod 4 schema (which AI SDK 5 accepts); `ai` itself is
 * an optional peer and is not imported. `execute` resolves to the typed result (a failed call to `{ error }`, so
 * that the model can fix its call); `toModelOutput` gives the model the compact text of that result instead of its
 * JSON (AI SDK 5 passes it the output, AI SDK 6 `{ output }`: both work).
 *
 * @module
 */
import type { z } from 'zod';
import type { Toolbox } from '../tools/toolbox.js';

/** One AI SDK tool. */
export interface VercelTool {
  /** What it does, for the model. */
  description: string;
  /** The tool's zod schema (AI SDK 5 and later take zod 4 schemas). */
  inputSchema: z.ZodType;
  /** Runs the tool: its typed result, or `{ error }` for a failed call (so that the model can fix it). */
  execute(args: unknown): Promise<unknown>;
  /** What the model reads of a result `execute` returned: its compact text. */
  toModelOutput(result: unknown): { type: 'text'; value: string } | { type: 'json'; value: unknown };
}

/**
 * AI SDK tools for every tool of a toolbox, keyed by name.
 *
 * @example
 * ```ts
 * const toolbox = await createToolbox({ root: '/path/to/project', toolset: ['code_analyze', 'treesitter'] });
 * const { text } = await generateText({ model, prompt: question, tools: vercelTools(toolbox), stopWhen: stepCountIs(8) });
 * ```
 */
export function vercelTools(toolbox: Toolbox): Record<string, VercelTool> {
  // The text of each result, by the result object execute returned (a fresh object per call).
  const texts = new WeakMap<object, string>();
  const tools: Record<string, VercelTool> = {};
  for (const tool of toolbox.tools) {
    tools[tool.name] = {
      description: tool.description,
      inputSchema: tool.input,
      async execute(args) {
        const result = await toolbox.call(tool.name, args);
        const data = result.ok ? result.data : { error: result.error };
        // A shallow copy: the same typed data under an identity of its own (the index reuses result objects).
        const output: unknown = Array.isArray(data) ? [...data] : data && typeof data === 'object' ? { ...data } : data;
        if (output && typeof output === 'object') texts.set(output, result.text);
        return output;
      },
      toModelOutput(result) {
        const output = result && typeof result === 'object' && !texts.has(result) && 'output' in result ? (result as { output: unknown }).output : result;
        const text = output && typeof output === 'object' ? texts.get(output) : undefined;
        return text !== undefined ? { type: 'text', value: text } : { type: 'json', value: output ?? null };
      },
    };
  }
  return tools;
}
