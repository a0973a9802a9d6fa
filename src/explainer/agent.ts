/**
 * The agent of the Codebase Explainer spec: `createExplainer` checks its options and binds a model; each `explain`
 * call checks a request, opens an index and a scoped toolbox over its directory, runs the loop (`PromptRequest`,
 * Rig-style) and turns its last message into the spec's response: the answer validated (repaired, or asked for once
 * more as structured output), its snippets checked against the files, limitations noted, metadata measured. The
 * steps of one request are in explain.ts.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { explainRequest, type ExplainerSettings } from './explain.js';
import { ChatModel, type RetryPolicy } from './llm.js';
import { type ExplainerLogger, silentLogger } from './logger.js';
import { DEFAULT_MAX_DEPTH, type ExplainEvent } from './loop.js';
import { realRoot } from './roots.js';
import type { ExplainRequest, ExplainResponse } from './schemas.js';

export type { ExplainEvent } from './loop.js';

/** The OpenAI API, the default of {@link ExplainerOptions.baseURL} (and of `OPENAI_BASE_URL`). */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The default model (`CODE_INDEX_MODEL`): an OpenAI model with tool calling and strict structured output. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** Default of {@link ExplainerOptions.maxToolIterations} (the Codebase Explainer spec's `MAX_TOOL_ITERATIONS`). */
export const DEFAULT_MAX_TOOL_ITERATIONS = DEFAULT_MAX_DEPTH;
/** Default of {@link ExplainerOptions.maxFileSizeKb} (the Codebase Explainer spec's `MAX_FILE_SIZE_KB`). */
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
  const { settings, llmTimeoutMs, baseURL } = checkedOptions(options);
  const model = new ChatModel({
    model: options.model ?? DEFAULT_MODEL,
    baseURL,
    apiKey: options.apiKey,
    timeoutMs: llmTimeoutMs,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const allowedRoots = [...new Set(settings.roots.map((root) => root.real))];
  return {
    model: model.model,
    baseURL,
    allowedRoots,
    async explain(request: ExplainRequest, call: ExplainCallOptions = {}): Promise<ExplainResponse> {
      const started = performance.now();
      const requestId = call.requestId && REQUEST_ID.test(call.requestId) ? call.requestId : randomUUID();
      const onEvent = call.onEvent ?? (() => {});
      return explainRequest(model, settings, request, { requestId, started, logger: settings.logger, signal: call.signal, onEvent });
    },
  };
}

/**
 * The options checked (a key, whole-number limits in bounds, a URL, allowed roots that exist) and settled: each
 * limit at its default when not given, each root made real.
 */
function checkedOptions(options: ExplainerOptions): { settings: ExplainerSettings; llmTimeoutMs: number; baseURL: string } {
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
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `baseURL "${baseURL}" is not a URL; use e.g. http://localhost:11434/v1`, {
      option: 'baseURL',
    });
  }
  const roots = (options.allowedRoots && options.allowedRoots.length > 0 ? options.allowedRoots : [process.cwd()]).map(realRoot);
  const settings: ExplainerSettings = {
    maxToolIterations,
    maxFileSizeKb,
    toolTimeoutMs,
    maxToolResultChars,
    toolResultBudgetChars,
    timeBudgetMs,
    maxParallelToolCalls,
    logger,
    roots,
  };
  return { settings, llmTimeoutMs, baseURL };
}

function positiveInteger(value: number | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    const message = `${name} must be an integer from 1 to ${max}, got ${String(value)}`;
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, message, { option: name, value });
  }
  return value;
}

