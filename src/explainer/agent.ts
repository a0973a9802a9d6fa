/**
 * The Codebase Explainer agent (seed 004): `createExplainer` checks a request, opens an index and a scoped toolbox
 * over its directory, runs the loop ({@link PromptRequest}, Rig-style) and turns its last message into the seed's
 * response: the answer validated (repaired, or asked for once more as structured output), its snippets checked
 * against the files, limitations noted, metadata measured.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { CodeIndexError, ErrorCode, isCodeIndexError } from '../errors.js';
import { CodeIndex } from '../code-index.js';
import { capConfidence, limitation, parseAnswer, proseOf, withNotes } from './answer.js';
import { ChatModel, type RetryPolicy } from './llm.js';
import { type ExplainerLogger, silentLogger } from './logger.js';
import { type Agent, callContext, DEFAULT_MAX_DEPTH, emit, type ExplainEvent, noChoices, PromptRequest, textOf, type ToolCallRecord } from './loop.js';
import { preamble, prompt } from './prompts.js';
import { checkDirectory, realRoot } from './roots.js';
import { type Confidence, type ExplainRequest, ExplainRequestSchema, type ExplainResponse, modelAnswerJsonSchema, scopeOptions } from './schemas.js';
import { checkSnippets } from './snippets.js';
import { createScopedToolbox, RequestScope } from './tools.js';

export type { ExplainEvent } from './loop.js';

/** The OpenAI API, the default of {@link ExplainerOptions.baseURL} (and of `OPENAI_BASE_URL`). */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The default model (`CODE_INDEX_MODEL`): an OpenAI model with tool calling and strict structured output. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** Default of {@link ExplainerOptions.maxToolIterations} (the seed's `MAX_TOOL_ITERATIONS`). */
export const DEFAULT_MAX_TOOL_ITERATIONS = DEFAULT_MAX_DEPTH;
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
    // persist: false: the seed stores nothing beyond the response (facts hold lines of the files).
    const index = await CodeIndex.open({
      root: root.real,
      maxFileSize: maxFileSizeKb * 1024,
      exclude: scopeLimits.excludePatterns,
      persist: false,
    });
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

function positiveInteger(value: number | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be an integer from 1 to ${max}, got ${String(value)}`, { option: name, value });
  }
  return value;
}

