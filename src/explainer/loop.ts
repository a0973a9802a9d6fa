/**
 * The loop, shaped like Rig's: an {@link Agent} is a model, a preamble and tools; a {@link PromptRequest} sends the
 * prompt with the tool definitions, runs the tools the model asks for (all of one turn at once), feeds their
 * results back and repeats, up to a depth, a budget of result characters and a deadline.
 *
 * @module
 */
import { callWithJsonArguments, openAIChatTools } from '../adapters/openai.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { ToolResult } from '../tools/runner.js';
import type { Toolbox } from '../tools/toolbox.js';
import type { ChatAssistantMessage, ChatMessage, ChatTool } from './chat.js';
import type { CallContext, ChatModel } from './llm.js';
import type { ExplainerLogger } from './logger.js';
import type { AgentToolbox } from './tools.js';

/**
 * Rounds of tool calls a {@link PromptRequest} allows unless told otherwise (the Codebase Explainer spec's
 * `MAX_TOOL_ITERATIONS`).
 */
export const DEFAULT_MAX_DEPTH = 10;

/** What happens during an `explain` call, step by step, for progress displays (a spinner, say). */
export type ExplainEvent =
  | { type: 'model'; iteration: number; purpose: string }
  | { type: 'tool_call'; iteration: number; name: string; args: unknown }
  | { type: 'tool_result'; iteration: number; name: string; ok: boolean; code?: string; ms: number }
  | { type: 'note'; code: string; message: string };

/** A Rig-style agent: a model, a preamble and the tools it may call. */
export interface Agent {
  model: ChatModel;
  preamble: string;
  tools: AgentToolbox;
}

/** Why a {@link PromptRequest} stopped. */
export type PromptOutcome =
  | { kind: 'answer'; text: string; history: ChatMessage[]; iterations: number }
  | { kind: 'max_depth'; reason: 'iterations' | 'budget' | 'time'; history: ChatMessage[]; iterations: number };

/** What a {@link PromptRequest} reports about its tool calls. */
export interface ToolCallRecord {
  iteration: number;
  name: string;
  args: unknown;
  result: ToolResult;
  ms: number;
}

/** Context a prompt request runs in. */
export interface PromptContext {
  requestId: string;
  logger: ExplainerLogger;
  signal?: AbortSignal | undefined;
  onEvent: (event: ExplainEvent) => void;
  maxParallelToolCalls: number;
  /** Characters all tool results of the request may take together. */
  toolResultBudgetChars: number;
  /** `performance.now()` after which no new round of tool calls starts. */
  deadline: number;
  onToolCall: (record: ToolCallRecord) => void;
}

/** A result cut below this many characters says too little: the budget counts as used up. */
const MIN_RESULT_CHARS = 1000;

/**
 * Rig's `PromptRequest`: send the prompt with the tool definitions; while the model asks for tools, run them (all
 * of one turn at once), append their results and send again; stop at the model's first message without tool
 * calls, or after `maxDepth` rounds of tools (`max_depth`, the history kept for a final answer).
 */
export class PromptRequest {
  readonly #agent: Agent;
  readonly #prompt: string;
  #maxDepth = DEFAULT_MAX_DEPTH;

  constructor(agent: Agent, prompt: string) {
    this.#agent = agent;
    this.#prompt = prompt;
  }

  /** Rounds of tool calls allowed before the request stops with `max_depth`. */
  maxDepth(depth: number): this {
    this.#maxDepth = depth;
    return this;
  }

  async send(context: PromptContext): Promise<PromptOutcome> {
    const { model, preamble, tools } = this.#agent;
    const definitions: ChatTool[] = openAIChatTools(tools);
    const history: ChatMessage[] = [
      { role: 'system', content: preamble },
      { role: 'user', content: this.#prompt },
    ];
    let used = 0;
    for (let iteration = 1; iteration <= this.#maxDepth; iteration++) {
      if (context.toolResultBudgetChars - used < MIN_RESULT_CHARS) return { kind: 'max_depth', reason: 'budget', history, iterations: iteration - 1 };
      if (iteration > 1 && performance.now() > context.deadline) return { kind: 'max_depth', reason: 'time', history, iterations: iteration - 1 };
      const purpose = `turn ${iteration}`;
      emit(context.onEvent, { type: 'model', iteration, purpose });
      const completion = await model.complete({ messages: history, tools: definitions, tool_choice: 'auto' }, callContext(context, purpose));
      const message = completion.choices?.[0]?.message;
      if (!message) throw noChoices(model);
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) return { kind: 'answer', text: textOf(message.content), history, iterations: iteration - 1 };
      // Some local servers leave ids empty; every call needs one for its result to be matched.
      const withIds = calls.map((call, i) => ({ ...call, id: call.id || `call_${iteration}_${i + 1}` }));
      const assistant: ChatAssistantMessage = { role: 'assistant', content: message.content ?? null, tool_calls: withIds };
      history.push(assistant);
      const running = Math.min(withIds.length, context.maxParallelToolCalls);
      const limit = Math.max(MIN_RESULT_CHARS, Math.floor((context.toolResultBudgetChars - used) / running));
      const tools = this.#agent.tools.withResultLimit(limit);
      const results = await Promise.all(withIds.map((call, i) => this.#run(tools, call, i, iteration, context)));
      context.signal?.throwIfAborted();
      used += results.reduce((sum, text) => sum + text.length, 0);
      for (let i = 0; i < withIds.length; i++) {
        history.push({ role: 'tool', tool_call_id: withIds[i]?.id ?? '', content: results[i] ?? '' });
      }
    }
    return { kind: 'max_depth', reason: 'iterations', history, iterations: this.#maxDepth };
  }

  async #run(tools: Toolbox, call: { id: string; type: string; function?: { name: string; arguments?: string | unknown } }, position: number, iteration: number, context: PromptContext): Promise<string> {
    const name = call.type === 'function' && call.function ? call.function.name : String((call as { custom?: { name?: string } }).custom?.name ?? call.type);
    if (position >= context.maxParallelToolCalls) {
      const error = { code: ErrorCode.INVALID_ARGUMENT, message: `At most ${context.maxParallelToolCalls} tool calls run per turn; this one (${name}) did not run. Call it again in the next turn if you still need it.` };
      return JSON.stringify({ error });
    }
    const raw = call.function?.arguments;
    const json = typeof raw === 'string' ? raw : raw === undefined ? undefined : JSON.stringify(raw);
    let args: unknown = json;
    try {
      args = json === undefined || json.trim() === '' ? {} : JSON.parse(json);
    } catch {
      // Reported to the model by callWithJsonArguments below.
    }
    emit(context.onEvent, { type: 'tool_call', iteration, name, args });
    const started = performance.now();
    const result = call.type === 'function' ? await callWithJsonArguments(tools, name, json) : await tools.call(name, args);
    const ms = Math.round(performance.now() - started);
    emit(context.onEvent, { type: 'tool_result', iteration, name, ok: result.ok, ms, ...(result.ok ? {} : { code: result.error.code }) });
    context.onToolCall({ iteration, name, args, result, ms });
    return result.text;
  }
}

export function emit(onEvent: (event: ExplainEvent) => void, event: ExplainEvent): void {
  try {
    onEvent(event);
  } catch {
    // A progress display must not break the request.
  }
}

export function callContext(context: { requestId: string; logger: ExplainerLogger; signal?: AbortSignal | undefined }, purpose: string): CallContext {
  return { requestId: context.requestId, logger: context.logger, signal: context.signal, purpose };
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
}

export function noChoices(model: ChatModel): CodeIndexError {
  return new CodeIndexError(ErrorCode.LLM_ERROR, `The model endpoint ${model.baseURL} answered without a message (no choices)`, { model: model.model });
}
