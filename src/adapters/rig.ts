/**
 * Rig-style tools (as the Codebase Explainer spec defines them): each has a `name`, `definition(prompt)` giving
 * `{ name, description, parameters }`, and `call(args)` resolving to the typed output or a typed error (never a
 * rejection).
 *
 * @module
 */
import type { ToolError } from '../tools/tool.js';
import { inputJsonSchema } from '../tools/tool.js';
import type { Toolbox } from '../tools/toolbox.js';

/** A tool's definition, as Rig's `ToolDefinition`. */
export interface RigToolDefinition {
  /** The tool's name. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** The JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
}

/** Rig's `Result<Output, Error>`. */
export type RigResult<Output = unknown> = { ok: true; output: Output } | { ok: false; error: ToolError };

/** A Rig-style tool. */
export interface RigTool<Output = unknown> {
  /** The tool's name. */
  readonly name: string;
  /** The definition sent to the model; `prompt` is the user's prompt (unused: definitions do not depend on it). */
  definition(prompt?: string): Promise<RigToolDefinition>;
  /** Runs the tool: the typed output, or a typed error (bad arguments included); never rejects. */
  call(args: unknown): Promise<RigResult<Output>>;
}

/**
 * Rig-style tools for every tool of a toolbox.
 *
 * @example
 * ```ts
 * const tools = createRigTools(await createToolbox({ root: '/path/to/project', toolset: 'explainer' }));
 * const definitions = await Promise.all(tools.map((tool) => tool.definition(prompt)));
 * const result = await tools.find((tool) => tool.name === 'read_file')?.call({ path: 'README.md' });
 * if (result && !result.ok) console.error(result.error.code);
 * ```
 */
export function createRigTools(toolbox: Toolbox): RigTool[] {
  return toolbox.tools.map((tool) => ({
    name: tool.name,
    async definition() {
      return { name: tool.name, description: tool.description, parameters: inputJsonSchema(tool) };
    },
    async call(args) {
      const result = await toolbox.call(tool.name, args);
      return result.ok ? { ok: true, output: result.data } : { ok: false, error: result.error };
    },
  }));
}
