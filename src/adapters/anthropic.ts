/**
 * Anthropic Messages API tool definitions as plain objects, and a dispatcher from a `tool_use` block to its
 * `tool_result` block. No Anthropic package needed.
 *
 * @module
 */
import { inputJsonSchema } from '../tools/tool.js';
import type { Toolbox } from '../tools/toolbox.js';

/** A Messages API `tools[]` entry. */
export interface AnthropicTool {
  /** The tool's name. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** The JSON Schema of its arguments. */
  input_schema: Record<string, unknown>;
}

/**
 * Messages API tool definitions.
 *
 * @example
 * ```ts
 * const toolbox = await createToolbox({ root: '/path/to/project', toolset: 'code_analyze' });
 * const message = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: anthropicTools(toolbox) });
 * const results = await Promise.all(
 *   message.content.filter((block) => block.type === 'tool_use').map((block) => dispatchAnthropicToolUse(toolbox, block)),
 * );
 * messages.push({ role: 'assistant', content: message.content }, { role: 'user', content: results });
 * ```
 */
export function anthropicTools(toolbox: Toolbox): AnthropicTool[] {
  return toolbox.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: inputJsonSchema(tool) }));
}

/** Runs a `tool_use` block and returns the `tool_result` block for the next user message. */
export async function dispatchAnthropicToolUse(
  toolbox: Toolbox,
  block: { id: string; name: string; input?: unknown },
): Promise<{ type: 'tool_result'; tool_use_id: string; content: string; is_error?: true }> {
  const result = await toolbox.call(block.name, block.input ?? {});
  return result.ok
    ? { type: 'tool_result', tool_use_id: block.id, content: result.text }
    : { type: 'tool_result', tool_use_id: block.id, content: result.text, is_error: true };
}
