/**
 * The operations table every adapter maps: a tool is a name, a description written for a model, an input schema
 * (zod, from which JSON Schema is derived for hosts that want it), annotations and a `run` function.
 *
 * @module
 */
import { z } from 'zod';
import type { CodeIndex } from '../index/code-index.js';

/** MCP-style hints: every code-index tool only reads, gives the same answer twice, and stays inside the root. */
export interface ToolAnnotations {
  /** A short human title. */
  title: string;
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  openWorldHint: false;
}

/** What a tool runs against. */
export interface ToolContext {
  /** The index; its `root` bounds every path. */
  index: CodeIndex;
  /** Time budget of one regular-expression search, in milliseconds (default 10,000). */
  searchTimeoutMs?: number;
  /**
   * The runner's result budget, in characters of JSON (set by the runner from its `maxResultChars`): a tool that
   * pages fits each page into it, so the runner never has to cut a page. @defaultValue 100000
   */
  maxResultChars?: number;
}

/** One operation of the table. */
export interface Tool<Input extends z.ZodType = z.ZodType, Output = unknown> {
  /** The wire name (`analyze_file`, `treesitter`, `search_text`, ...). */
  name: string;
  /** For the model: what it does, when to use it, what comes back. */
  description: string;
  /** Validates the arguments; JSON Schema is derived from it. */
  input: Input;
  annotations: ToolAnnotations;
  /** Runs with validated arguments. Throws `CodeIndexError` for coded failures; the runner catches everything. */
  run(args: z.output<Input>, context: ToolContext): Promise<Output>;
}

/** A tool of any input and output, as tool sets hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds tools of different inputs
export type AnyTool = Tool<any, unknown>;

/** Declares a tool with its input type inferred from its schema. */
export function defineTool<Input extends z.ZodType, Output>(tool: {
  name: string;
  title: string;
  description: string;
  input: Input;
  run: (args: z.output<Input>, context: ToolContext) => Promise<Output>;
}): Tool<Input, Output> {
  return {
    name: tool.name,
    description: tool.description,
    input: tool.input,
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: tool.run,
  };
}

/** The JSON Schema (draft 2020-12) of a tool's input, as hosts want it (`type: "object"` at the top). */
export function inputJsonSchema(tool: AnyTool): Record<string, unknown> {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}
