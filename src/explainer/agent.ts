/**
 * The Codebase Explainer agent (seed 004), shaped like Rig's: an {@link Agent} is a model, a preamble and tools;
 * a {@link PromptRequest} sends the prompt, runs the tools the model asks for (in parallel when it asks for
 * several), feeds their results back and repeats, up to a depth. `createExplainer` builds one agent per request
 * over the request's directory and turns its last message into the seed's response: the answer validated
 * (repaired, or asked for once more as structured output), its snippets checked against the files, limitations
 * noted, metadata measured.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { openAIChatTools, callWithJsonArguments } from '../adapters/openai.js';
import { CodeIndexError, ErrorCode, isCodeIndexError } from '../errors.js';
import { CodeIndex } from '../index/code-index.js';
import type { ToolResult } from '../tools/runner.js';
import type { Toolbox } from '../tools/toolbox.js';
import { ChatModel, type CallContext, type RetryPolicy } from './llm.js';
import { type ExplainerLogger, silentLogger } from './logger.js';
import {
  type Confidence,
  type ExplainRequest,
  ExplainRequestSchema,
  type ExplainResponse,
  type ExplainScopeOptions,
  modelAnswerJsonSchema,
  scopeOptions,
} from './schemas.js';
import { checkSnippets } from './snippets.js';
import { type AgentToolbox, createScopedToolbox, RequestScope } from './tools.js';

/** The OpenAI API, the default of {@link ExplainerOptions.baseURL} (and of `OPENAI_BASE_URL`). */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The default model (`CODE_INDEX_MODEL`): an OpenAI model with tool calling and strict structured output. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** Default of {@link ExplainerOptions.maxToolIterations} (the seed's `MAX_TOOL_ITERATIONS`). */
export const DEFAULT_MAX_TOOL_ITERATIONS = 10;
/** Default of {@link ExplainerOptions.maxFileSizeKb} (the seed's `MAX_FILE_SIZE_KB`). */
export const DEFAULT_MAX_FILE_SIZE_KB = 500;
/** Default of {@link ExplainerOptions.llmTimeoutMs}. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/** Options of {@link createExplainer}. */
export interface ExplainerOptions {
  /**
   * API key of the endpoint. Required: a local server that checks none (Ollama, LM Studio, vLLM without
   * `--api-key`) takes any placeholder, such as `"local"`.
   */
  apiKey: string;
  /** The model to ask. @defaultValue {@link DEFAULT_MODEL} */
  model?: string;
  /**
   * Any OpenAI-compatible chat-completions endpoint: `http://localhost:11434/v1` (Ollama),
   * `http://localhost:1234/v1` (LM Studio), `http://localhost:8000/v1` (vLLM). @defaultValue {@link DEFAULT_BASE_URL}
   */
  baseURL?: string;
  /** Rounds of tool calls before the agent must answer (`MAX_ITERATIONS`). @defaultValue 10 */
  maxToolIterations?: number;
  /** Files larger than this many KB are not read or searched. @defaultValue 500 */
  maxFileSizeKb?: number;
  /**
   * The only directories a request may explain (and their subdirectories); a request outside them is refused
   * with `PATH_TRAVERSAL`. Each must exist. @defaultValue the working directory
   */
  allowedRoots?: string[];
  /** Where the agent logs (every tool call and file access with the request id). @defaultValue silent */
  logger?: ExplainerLogger;
  /** Time budget of one model call; retried once, then `LLM_TIMEOUT`. @defaultValue 60000 */
  llmTimeoutMs?: number;
  /** Retries of the model calls. */
  retry?: RetryPolicy;
  /** Time budget of one tool call. @defaultValue 30000 */
  toolTimeoutMs?: number;
  /** Longest tool result sent to the model, in characters (longer ones are cut and say so). @defaultValue 16000 */
  maxToolResultChars?: number;
  /**
   * All tool results of one request together, in characters: what the conversation may grow by (about 4
   * characters per token). Results are cut to share what is left; when it is used up the agent answers with what
   * it has, as at the iteration limit. @defaultValue 200000
   */
  toolResultBudgetChars?: number;
  /**
   * Soft deadline of one request: no new round of tool calls starts after it, and the answer is asked for from
   * what was found (each model call keeps its own `llmTimeoutMs`). @defaultValue 120000
   */
  timeBudgetMs?: number;
  /** Most tool calls run from one model turn; the rest are answered with an error. @defaultValue 8 */
  maxParallelToolCalls?: number;
}

/** What happens during {@link Explainer.explain}, for progress displays. */
export type ExplainEvent =
  | { type: 'model'; iteration: number; purpose: string }
  | { type: 'tool_call'; iteration: number; name: string; args: unknown }
  | { type: 'tool_result'; iteration: number; name: string; ok: boolean; code?: string; ms: number }
  | { type: 'note'; code: string; message: string };

/** Options of one {@link Explainer.explain} call. */
export interface ExplainCallOptions {
  /** Cancels the request (the model call in flight too); `explain` then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The correlation id put on every log line of this request. @defaultValue a random UUID */
  requestId?: string;
  /** Called with each step, synchronously; errors it throws are ignored. */
  onEvent?: (event: ExplainEvent) => void;
}

/** The agent bound to its model and limits. */
export interface Explainer {
  /** The model asked. */
  readonly model: string;
  /** The endpoint asked. */
  readonly baseURL: string;
  /** The directories requests may explain (real paths). */
  readonly allowedRoots: readonly string[];
  /**
   * Answers a question about the codebase in `request.directory`.
   *
   * @throws CodeIndexError `INVALID_ARGUMENT` (a request the schema refuses), `PATH_TRAVERSAL` (a directory
   * outside the allowed roots), `DIR_NOT_FOUND`, `RATE_LIMIT`, `LLM_TIMEOUT`, `LLM_ERROR`.
   */
  explain(request: ExplainRequest, options?: ExplainCallOptions): Promise<ExplainResponse>;
}

/** A Rig-style agent: a model, a preamble and the tools it may call. */
export interface Agent {
  model: ChatModel;
  preamble: string;
  tools: AgentToolbox;
}

/** Why a {@link PromptRequest} stopped. */
export type PromptOutcome =
  | { kind: 'answer'; text: string; history: ChatCompletionMessageParam[]; iterations: number }
  | { kind: 'max_depth'; reason: 'iterations' | 'budget' | 'time'; history: ChatCompletionMessageParam[]; iterations: number };

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
  #maxDepth = DEFAULT_MAX_TOOL_ITERATIONS;

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
    const definitions = openAIChatTools(tools) as ChatCompletionTool[];
    const history: ChatCompletionMessageParam[] = [
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
      const assistant: ChatCompletionAssistantMessageParam = { role: 'assistant', content: message.content ?? null, tool_calls: withIds };
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

function emit(onEvent: (event: ExplainEvent) => void, event: ExplainEvent): void {
  try {
    onEvent(event);
  } catch {
    // A progress display must not break the request.
  }
}

function callContext(context: { requestId: string; logger: ExplainerLogger; signal?: AbortSignal | undefined }, purpose: string): CallContext {
  return { requestId: context.requestId, logger: context.logger, signal: context.signal, purpose };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
}

function noChoices(model: ChatModel): CodeIndexError {
  return new CodeIndexError(ErrorCode.LLM_ERROR, `The model endpoint ${model.baseURL} answered without a message (no choices)`, { model: model.model });
}

function preamble(maxToolIterations: number, scope: ExplainScopeOptions): string {
  return `You are the Codebase Explainer. You answer a developer's question about one codebase by investigating it with your tools, then explaining what you found, backed by code you have read.

How to work:
- Investigate before answering: look at the structure (list_directory), locate code (search_code, search_symbols, find_definition), look at files' structure (file_outline, get_signatures, analyze_imports) and read what matters (read_file, with startLine/endLine for large files). Call several tools in one turn when they do not depend on each other.
- Paths are relative to the project root. Nothing outside the root can be read. A refused or failed call comes back as a tool result with an error code (PATH_TRAVERSAL, FILE_UNREADABLE, INVALID_ARGUMENT, ...): correct the call, or go on without that file.
- Only read code: never ask to run, build or execute anything.
- Budget: at most ${maxToolIterations} turns of tool calls and ${scope.maxFiles} files read.

When you have enough evidence, stop calling tools and reply with ONLY this JSON object (no text around it, no code fences):
{"explanation": "...", "codeSnippets": [{"file": "src/example.ts", "startLine": 10, "endLine": 18, "content": "the lines 10 to 18, copied exactly", "relevance": "why they matter"}], "confidence": "high", "suggestedQuestions": ["..."]}
- explanation: a clear, structured answer (Markdown), naming the files and functions involved.
- codeSnippets: one to five short snippets (under 40 lines each) copied exactly from tool results, with their real line numbers.
- confidence: "high" when the code you read answers the question directly, "medium" when part is inferred, "low" when you found little.
- suggestedQuestions: up to three follow-up questions.`;
}

function prompt(question: string, scope: ExplainScopeOptions): string {
  return `Question: ${question}

Scope of this request: files matching ${scope.includePatterns.join(', ') || 'any pattern'} are searched; ${scope.excludePatterns.join(', ') || 'nothing'} is excluded; at most ${scope.maxDepth} directory levels below the root; at most ${scope.maxFiles} files read.`;
}

/** The model's answer, read leniently: what could not be used is in `problems`. */
interface ParsedAnswer {
  explanation?: string;
  codeSnippets: unknown[];
  confidence: Confidence;
  suggestedQuestions: string[];
  problems: string[];
}

const CONFIDENCE: readonly Confidence[] = ['high', 'medium', 'low'];

/** Reads the model's final message: JSON (possibly fenced or wrapped in prose), checked field by field. */
export function parseAnswer(text: string): ParsedAnswer {
  const answer: ParsedAnswer = { codeSnippets: [], confidence: 'low', suggestedQuestions: [], problems: [] };
  const trimmed = text.trim();
  if (trimmed === '') {
    answer.problems.push('the reply was empty');
    return answer;
  }
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(trimmed)?.[1];
  const candidate = fenced ?? trimmed;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  let value: unknown;
  try {
    value = JSON.parse(start >= 0 && end > start ? candidate.slice(start, end + 1) : candidate);
  } catch (error) {
    answer.problems.push(`the reply is not a JSON object (${(error as Error).message})`);
    return answer;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    answer.problems.push('the reply is not a JSON object');
    return answer;
  }
  const v = value as Record<string, unknown>;
  if (typeof v.explanation === 'string' && v.explanation.trim() !== '') answer.explanation = v.explanation.trim();
  else answer.problems.push('"explanation" is missing or not a non-empty string');
  if (Array.isArray(v.codeSnippets)) answer.codeSnippets = v.codeSnippets;
  else if (v.codeSnippets !== undefined) answer.problems.push('"codeSnippets" is not an array');
  if (CONFIDENCE.includes(v.confidence as Confidence)) answer.confidence = v.confidence as Confidence;
  if (Array.isArray(v.suggestedQuestions)) {
    answer.suggestedQuestions = v.suggestedQuestions.filter((q): q is string => typeof q === 'string' && q.trim() !== '').map((q) => q.trim()).slice(0, 3);
  }
  return answer;
}

/** Confidence no higher than `ceiling`. */
function capConfidence(confidence: Confidence, ceiling: Confidence): Confidence {
  return CONFIDENCE.indexOf(confidence) < CONFIDENCE.indexOf(ceiling) ? ceiling : confidence;
}

/** Failures worth telling the reader about (the model's own slips, such as bad arguments, are not). */
function limitation(record: ToolCallRecord): { code: string; text: string } | undefined {
  if (record.result.ok) return undefined;
  const { code, message, details } = record.result.error;
  const reason = typeof details?.reason === 'string' ? details.reason : undefined;
  const noted =
    code === ErrorCode.PATH_TRAVERSAL ||
    (code === ErrorCode.FILE_UNREADABLE && reason !== ErrorCode.FILE_NOT_FOUND && reason !== ErrorCode.NOT_A_FILE) ||
    code === ErrorCode.TOOL_TIMEOUT ||
    code === ErrorCode.SEARCH_TIMEOUT ||
    code === ErrorCode.TS_PARSE_TIMEOUT ||
    code === ErrorCode.INTERNAL_ERROR;
  return noted ? { code, text: `${record.name}: ${message}` } : undefined;
}

/** Arguments as logged: strings clipped (a pattern, a path), nothing else changed. */
function loggedArgs(args: unknown): unknown {
  if (typeof args === 'string') return args.length > 200 ? `${args.slice(0, 200)}…` : args;
  if (!args || typeof args !== 'object') return args;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…` : v]));
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Creates the Codebase Explainer.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a missing key, a bad limit or an allowed root that does not exist.
 *
 * @example
 * ```ts
 * const explainer = createExplainer({ apiKey: process.env.OPENAI_API_KEY ?? '', allowedRoots: ['/srv/repos'] });
 * const answer = await explainer.explain({ question: 'How does authentication work?', directory: '/srv/repos/api' });
 * console.log(answer.explanation);
 * ```
 */
export function createExplainer(options: ExplainerOptions): Explainer {
  if (!options || typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new CodeIndexError(
      ErrorCode.INVALID_ARGUMENT,
      'An API key is required: set OPENAI_API_KEY (a local server that checks none, such as Ollama, accepts any placeholder like "local")',
      { option: 'apiKey' },
    );
  }
  const maxToolIterations = positiveInteger(options.maxToolIterations, DEFAULT_MAX_TOOL_ITERATIONS, 'maxToolIterations', 100);
  const maxFileSizeKb = positiveInteger(options.maxFileSizeKb, DEFAULT_MAX_FILE_SIZE_KB, 'maxFileSizeKb', 1024 * 1024);
  const llmTimeoutMs = positiveInteger(options.llmTimeoutMs, DEFAULT_LLM_TIMEOUT_MS, 'llmTimeoutMs', 3_600_000);
  const toolTimeoutMs = positiveInteger(options.toolTimeoutMs, 30_000, 'toolTimeoutMs', 3_600_000);
  const maxToolResultChars = positiveInteger(options.maxToolResultChars, 16_000, 'maxToolResultChars', 1_000_000);
  const toolResultBudgetChars = positiveInteger(options.toolResultBudgetChars, 200_000, 'toolResultBudgetChars', 10_000_000);
  const timeBudgetMs = positiveInteger(options.timeBudgetMs, 120_000, 'timeBudgetMs', 86_400_000);
  const maxParallelToolCalls = positiveInteger(options.maxParallelToolCalls, 8, 'maxParallelToolCalls', 100);
  const logger = options.logger ?? silentLogger;
  const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
  try {
    new URL(baseURL);
  } catch {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `baseURL "${baseURL}" is not a URL; use e.g. http://localhost:11434/v1`, { option: 'baseURL' });
  }
  const roots = (options.allowedRoots && options.allowedRoots.length > 0 ? options.allowedRoots : [process.cwd()]).map(realRoot);
  const allowedRoots = [...new Set(roots.map((root) => root.real))];
  const model = new ChatModel({
    model: options.model ?? DEFAULT_MODEL,
    baseURL,
    apiKey: options.apiKey,
    timeoutMs: llmTimeoutMs,
    ...(options.retry ? { retry: options.retry } : {}),
  });

  async function explain(request: ExplainRequest, call: ExplainCallOptions = {}): Promise<ExplainResponse> {
    const started = performance.now();
    const requestId = call.requestId && REQUEST_ID.test(call.requestId) ? call.requestId : randomUUID();
    const onEvent = call.onEvent ?? (() => {});
    const parsed = ExplainRequestSchema.safeParse(request);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`);
      logger.warn({ requestId, problems }, 'request refused');
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Invalid request: ${problems.join('; ')}`, {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const { question, directory } = parsed.data;
    const scopeLimits = scopeOptions(parsed.data.options);
    let root: { real: string; given: string };
    try {
      root = checkDirectory(directory, roots);
    } catch (error) {
      if (isCodeIndexError(error)) logger.warn({ requestId, code: error.code, directory }, error.code === ErrorCode.PATH_TRAVERSAL ? 'directory outside the allowed roots refused' : 'directory refused');
      throw error;
    }
    logger.info({ requestId, directory: root.real, model: model.model, maxToolIterations, options: scopeLimits }, 'explain started');
    const scope = new RequestScope(root.real, scopeLimits, maxFileSizeKb * 1024, [root.given]);
    const index = await CodeIndex.open({ root: root.real, maxFileSize: maxFileSizeKb * 1024, exclude: scopeLimits.excludePatterns });
    const toolbox = createScopedToolbox(index, scope, { maxResultChars: maxToolResultChars, timeoutMs: toolTimeoutMs });
    const records: ToolCallRecord[] = [];
    const notes: { code: string; text: string }[] = [];
    const note = (code: string, text: string) => {
      if (notes.some((n) => n.code === code && n.text === text)) return;
      notes.push({ code, text });
      emit(onEvent, { type: 'note', code, message: text });
    };
    try {
      const agent: Agent = { model, preamble: preamble(maxToolIterations, scopeLimits), tools: toolbox };
      const outcome = await new PromptRequest(agent, prompt(question, scopeLimits)).maxDepth(maxToolIterations).send({
        requestId,
        logger,
        signal: call.signal,
        onEvent,
        maxParallelToolCalls,
        toolResultBudgetChars,
        deadline: started + timeBudgetMs,
        onToolCall(record) {
          records.push(record);
          const fields = { requestId, iteration: record.iteration, tool: record.name, args: loggedArgs(record.args), ok: record.result.ok, ms: record.ms, ...(record.result.ok ? {} : { code: record.result.error.code }) };
          if (!record.result.ok && record.result.error.code === ErrorCode.PATH_TRAVERSAL) logger.warn(fields, 'file access refused: outside the root');
          else logger.info(fields, 'tool call');
          const problem = limitation(record);
          if (problem) note(problem.code, problem.text);
        },
      });
      let history = outcome.history;
      let text: string;
      let confidenceCeiling: Confidence = 'high';
      if (outcome.kind === 'max_depth') {
        if (outcome.reason === 'iterations') {
          note(ErrorCode.MAX_ITERATIONS, `The investigation stopped after ${rounds(maxToolIterations)} of tool calls (the limit); this answer is built from partial results.`);
        } else if (outcome.reason === 'budget') {
          note('TOOL_RESULT_BUDGET', `The investigation stopped after ${rounds(outcome.iterations)} of tool calls: their results filled the ${toolResultBudgetChars}-character budget of a request; this answer is built from partial results.`);
        } else {
          note('TIME_BUDGET', `The investigation stopped after ${rounds(outcome.iterations)} of tool calls, at the ${timeBudgetMs} ms time budget of a request; this answer is built from partial results.`);
        }
        logger.warn({ requestId, iterations: outcome.iterations, reason: outcome.reason }, 'tool budget used up: asking for the final answer');
        confidenceCeiling = 'medium';
        const used = { iterations: `all ${maxToolIterations} turns of tool calls`, budget: 'the space for tool results', time: 'the time for this question' }[outcome.reason];
        history = [
          ...history,
          {
            role: 'user',
            content: `You have used ${used}. Answer now from what you found, with only the JSON object described above; say in the explanation what you could not check.`,
          },
        ];
        text = await structuredAnswer(history, { requestId, logger, signal: call.signal, onEvent }, 'final answer (tool budget used up)', maxToolIterations + 1);
      } else {
        text = outcome.text;
      }
      let answer = parseAnswer(text);
      if (answer.problems.length > 0) {
        logger.warn({ requestId, problems: answer.problems }, 'malformed final answer: asking once more');
        const retry: ChatCompletionMessageParam[] = [
          ...history,
          { role: 'assistant', content: text },
          {
            role: 'user',
            content: `Your reply could not be used: ${answer.problems.join('; ')}. Reply again with only the JSON object of your final answer (explanation, codeSnippets, confidence, suggestedQuestions), nothing else.`,
          },
        ];
        const retryText = await structuredAnswer(retry, { requestId, logger, signal: call.signal, onEvent }, 'final answer (retry)', outcome.iterations + 1);
        const again = parseAnswer(retryText);
        if (again.problems.length === 0) {
          answer = again;
        } else {
          logger.warn({ requestId, problems: again.problems }, 'malformed final answer twice: returning what can be used');
          note('MALFORMED_ANSWER', 'The model did not give its answer in the expected form, twice; what could be used of its text is returned, without snippets.');
          confidenceCeiling = 'low';
          const explanation = answer.explanation ?? again.explanation ?? (proseOf(text) || proseOf(retryText) || 'The model did not produce a usable answer.');
          answer = { ...answer, explanation, codeSnippets: [], problems: [] };
        }
      }
      const checked = await checkSnippets(answer.codeSnippets, { index, scope, logger, requestId });
      for (const line of checked.corrected) note('SNIPPET_CORRECTED', `Snippet ${line}.`);
      for (const line of checked.dropped) note('SNIPPET_DROPPED', `Snippet ${line}.`);
      const response: ExplainResponse = {
        explanation: withNotes(answer.explanation ?? '', notes),
        codeSnippets: checked.snippets,
        metadata: {
          filesExamined: scope.filesExamined.size,
          toolCalls: records.length,
          executionTimeMs: Math.round(performance.now() - started),
          confidence: capConfidence(answer.confidence, confidenceCeiling),
        },
        suggestedQuestions: answer.suggestedQuestions.slice(0, 3),
      };
      logger.info(
        {
          requestId,
          ms: response.metadata.executionTimeMs,
          toolCalls: response.metadata.toolCalls,
          filesExamined: response.metadata.filesExamined,
          iterations: outcome.iterations,
          confidence: response.metadata.confidence,
          notes: [...new Set(notes.map((n) => n.code))],
        },
        'explain finished',
      );
      return response;
    } catch (error) {
      if (call.signal?.aborted) logger.warn({ requestId, ms: Math.round(performance.now() - started) }, 'explain cancelled');
      else logger.error({ requestId, code: isCodeIndexError(error) ? error.code : ErrorCode.INTERNAL_ERROR, message: (error as Error)?.message }, 'explain failed');
      throw error;
    } finally {
      toolbox.close();
    }
  }

  /** Asks for the final answer as structured output (tools off); a server without json_schema is asked plainly. */
  async function structuredAnswer(
    history: ChatCompletionMessageParam[],
    context: { requestId: string; logger: ExplainerLogger; signal?: AbortSignal | undefined; onEvent: (event: ExplainEvent) => void },
    purpose: string,
    iteration: number,
  ): Promise<string> {
    emit(context.onEvent, { type: 'model', iteration, purpose });
    const request = { messages: history };
    let completion;
    try {
      completion = await model.complete(
        { ...request, response_format: { type: 'json_schema', json_schema: { name: 'final_answer', strict: true, schema: modelAnswerJsonSchema() } } },
        callContext(context, purpose),
      );
    } catch (error) {
      const status = isCodeIndexError(error, ErrorCode.LLM_ERROR) ? error.data.status : undefined;
      if (status !== 400 && status !== 422) throw error;
      context.logger.warn({ requestId: context.requestId, status }, 'the endpoint refused structured output: asking without it');
      completion = await model.complete(request, callContext(context, `${purpose}, plain`));
    }
    const message = completion.choices?.[0]?.message;
    if (!message) throw noChoices(model);
    return textOf(message.content);
  }

  return { model: model.model, baseURL, allowedRoots, explain };
}

function rounds(n: number): string {
  return `${n} round${n === 1 ? '' : 's'}`;
}

/** Text that is not a JSON attempt, to return as the explanation when the model never gave the JSON. */
function proseOf(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('{') || trimmed.startsWith('```') ? '' : trimmed;
}

function withNotes(explanation: string, notes: { code: string; text: string }[]): string {
  if (notes.length === 0) return explanation;
  return `${explanation}\n\n---\nLimitations of this answer:\n${notes.map((n) => `- ${n.code}: ${n.text}`).join('\n')}`;
}

function positiveInteger(value: number | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be an integer from 1 to ${max}, got ${String(value)}`, { option: name, value });
  }
  return value;
}

/** An allowed root as configured (resolved) and as it really is (symlinks resolved). */
interface AllowedRoot {
  given: string;
  real: string;
}

function realRoot(path: string): AllowedRoot {
  try {
    const given = resolve(path);
    const real = realpathSync.native(given);
    if (!statSync(real).isDirectory()) throw new Error('not a directory');
    return { given, real };
  } catch {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Allowed root "${path}" is not an existing directory; fix ALLOWED_ROOTS (comma separated absolute paths)`, {
      option: 'allowedRoots',
      path,
    });
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The request's directory, checked: no `..`, absolute, inside an allowed root before and after symlinks are
 * resolved, an existing directory. Outside is refused before the disk is touched.
 */
function checkDirectory(directory: string, allowedRoots: readonly AllowedRoot[]): { real: string; given: string } {
  if (directory.includes('\0')) throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'directory contains a NUL byte', { directory });
  if (directory.split(/[\\/]/).includes('..')) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `directory "${directory}" contains a ".." segment; give the absolute path of the codebase without ".."`, { directory });
  }
  if (!isAbsolute(directory)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `directory "${directory}" is not an absolute path; give the codebase's absolute path`, { directory });
  }
  const given = resolve(directory);
  const outside = () =>
    new CodeIndexError(
      ErrorCode.PATH_TRAVERSAL,
      `directory "${directory}" is outside the allowed roots (${allowedRoots.map((r) => r.given).join(', ')}); ask about a directory inside one of them`,
      { directory, allowedRoots: allowedRoots.map((r) => r.given) },
    );
  // Lexically first (against the roots as configured and as resolved): a directory outside is refused before
  // anything about it is looked up on the disk.
  if (!allowedRoots.some((root) => isInside(root.given, given) || isInside(root.real, given))) throw outside();
  let real: string;
  try {
    real = realpathSync.native(given);
  } catch {
    throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `Directory not found: ${directory}; check the path (it must exist on the server)`, { directory });
  }
  if (!allowedRoots.some((root) => isInside(root.real, real))) throw outside();
  if (!statSync(real).isDirectory()) {
    throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `${directory} is a file, not a directory; give the codebase's root folder`, { directory });
  }
  return { real, given };
}
