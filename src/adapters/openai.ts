/**
 * OpenAI tool definitions (Chat Completions and Responses) as plain objects, and dispatchers that turn a model's
 * tool call into the tool result message. No OpenAI package needed.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import type { ToolResult } from '../tools/runner.js';
import { inputJsonSchema } from '../tools/tool.js';
import type { Toolbox } from '../tools/toolbox.js';

/** A Chat Completions `tools[]` entry. */
export interface OpenAIChatTool {
  /** Always `function`. */
  type: 'function';
  /** The tool's name, description for the model, JSON Schema of its arguments; not strict (optional arguments). */
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: false };
}

/** A Responses API `tools[]` entry. */
export interface OpenAIResponsesTool {
  /** Always `function`. */
  type: 'function';
  /** The tool's name. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** The JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
  /** Not strict: tools have optional arguments, which strict mode does not allow. */
  strict: false;
}

/**
 * Chat Completions tool definitions.
 *
 * @example
 * ```ts
 * const toolbox = await createToolbox({ root: '/path/to/project', toolset: 'scanner' });
 * const response = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages, tools: openAIChatTools(toolbox) });
 * const message = response.choices[0]?.message;
 * const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function');
 * if (message) messages.push(message, ...(await Promise.all(calls.map((call) => dispatchOpenAIChatToolCall(toolbox, call)))));
 * ```
 * (A whole loop: `examples/openai-agent.ts`.)
 */
export function openAIChatTools(toolbox: Toolbox): OpenAIChatTool[] {
  return toolbox.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: inputJsonSchema(tool), strict: false },
  }));
}

/**
 * Responses API tool definitions.
 *
 * @example
 * ```ts
 * const response = await openai.responses.create({ model: 'gpt-4o-mini', input, tools: openAIResponsesTools(toolbox) });
 * for (const item of response.output) {
 *   if (item.type === 'function_call') input.push(item, await dispatchOpenAIResponsesToolCall(toolbox, item));
 * }
 * ```
 */
export function openAIResponsesTools(toolbox: Toolbox): OpenAIResponsesTool[] {
  return toolbox.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: inputJsonSchema(tool),
    strict: false,
  }));
}

/** Parses a model's JSON arguments string and runs the tool; bad JSON is an `INVALID_ARGUMENT` result. */
export async function callWithJsonArguments(toolbox: Toolbox, name: string, json: string | undefined): Promise<ToolResult> {
  let args: unknown = {};
  if (json !== undefined && json.trim() !== '') {
    try {
      args = JSON.parse(json);
    } catch (error) {
      const message = `The arguments of ${name} are not valid JSON (${(error as Error).message}); send a JSON object`;
      return { ok: false, tool: name, error: { code: ErrorCode.INVALID_ARGUMENT, message }, text: JSON.stringify({ error: { code: ErrorCode.INVALID_ARGUMENT, message } }) };
    }
  }
  return toolbox.call(name, args);
}

/** Runs a Chat Completions tool call and returns the `role: "tool"` message to append. */
export async function dispatchOpenAIChatToolCall(
  toolbox: Toolbox,
  call: { id: string; function: { name: string; arguments?: string } },
): Promise<{ role: 'tool'; tool_call_id: string; content: string }> {
  const result = await callWithJsonArguments(toolbox, call.function.name, call.function.arguments);
  return { role: 'tool', tool_call_id: call.id, content: result.text };
}

/** Runs a Responses API `function_call` item and returns the `function_call_output` item to send back. */
export async function dispatchOpenAIResponsesToolCall(
  toolbox: Toolbox,
  call: { call_id: string; name: string; arguments?: string },
): Promise<{ type: 'function_call_output'; call_id: string; output: string }> {
  const result = await callWithJsonArguments(toolbox, call.name, call.arguments);
  return { type: 'function_call_output', call_id: call.call_id, output: result.text };
}
