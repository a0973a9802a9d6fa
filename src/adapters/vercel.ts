/**
 * Vercel AI SDK tools: an object of `{ description, inputSchema, execute }` by tool name, for
 * `generateText({ tools })`. `inputSchema` is the tool's zod 4 schema (which AI SDK 5 accepts); `ai` itself is
 * an optional peer and is not imported. A failed call resolves to `{ error }` so that the model can fix its call.
 *
 * @module
 */
import type { z } from 'zod';
import type { Toolbox } from '../tools/toolbox.js';

/** One AI SDK tool. */
export interface VercelTool {
  description: string;
  inputSchema: z.ZodType;
  execute(args: unknown): Promise<unknown>;
}

/** AI SDK tools for every tool of a toolbox, keyed by name. */
export function vercelTools(toolbox: Toolbox): Record<string, VercelTool> {
  const tools: Record<string, VercelTool> = {};
  for (const tool of toolbox.tools) {
    tools[tool.name] = {
      description: tool.description,
      inputSchema: tool.input,
      async execute(args) {
        const result = await toolbox.call(tool.name, args);
        return result.ok ? result.data : { error: result.error };
      },
    };
  }
  return tools;
}
