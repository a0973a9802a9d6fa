/**
 * One explain request, step by step, each step taking what the last one gave: the request checked, the
 * investigation (the loop over the tools), the final text (asked for from what was found when a budget ended the
 * investigation), an answer that can be used (asked for once more when malformed), and the Codebase Explainer spec's
 * response with its snippets checked against the files and its limitations noted.
 *
 * @module
 */
import { CodeIndexError, ErrorCode, isCodeIndexError } from '../errors.js';
import { CodeIndex } from '../code-index.js';
import { capConfidence, limitation, type ParsedAnswer, parseAnswer, proseOf, withNotes } from './answer.js';
import type { ChatMessage } from './chat.js';
import type { ChatModel } from './llm.js';
import type { ExplainerLogger } from './logger.js';
import {
  type Agent,
  callContext,
  emit,
  type ExplainEvent,
  noChoices,
  type PromptOutcome,
  PromptRequest,
  textOf,
  type ToolCallRecord,
} from './loop.js';
import { preamble, prompt } from './prompts.js';
import { type AllowedRoot, checkDirectory } from './roots.js';
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

/** What an explainer's options settle for every request it answers. */
export interface ExplainerSettings {
  /** Rounds of tool calls before the agent must answer. */
  maxToolIterations: number;
  /** Files larger than this are not read or searched. */
  maxFileSizeKb: number;
  /** Time budget of one tool call. */
  toolTimeoutMs: number;
  /** Longest tool result sent to the model, in characters. */
  maxToolResultChars: number;
  /** All tool results of one request together, in characters. */
  toolResultBudgetChars: number;
  /** Soft deadline of one request. */
  timeBudgetMs: number;
  /** Most tool calls run from one model turn. */
  maxParallelToolCalls: number;
  /** Where requests log. */
  logger: ExplainerLogger;
  /** The directories requests may explain. */
  roots: readonly AllowedRoot[];
}

/** One request's bearings: its id, when it started, where it logs, what cancels it and who hears its steps. */
export interface RequestCall {
  /** The correlation id on every log line of the request. */
  requestId: string;
  /** `performance.now()` when the request came. */
  started: number;
  /** Where the request logs. */
  logger: ExplainerLogger;
  /** Cancels the request. */
  signal?: AbortSignal | undefined;
  /** Hears each step. */
  onEvent: (event: ExplainEvent) => void;
}

/** The limitations of one answer, each noted once and told to the caller when found. */
class Notes {
  readonly list: Array<{ code: string; text: string }> = [];
  readonly #onEvent: (event: ExplainEvent) => void;

  constructor(onEvent: (event: ExplainEvent) => void) {
    this.#onEvent = onEvent;
  }

  /** Notes a limitation, unless it is noted already. */
  add(code: string, text: string): void {
    if (this.list.some((n) => n.code === code && n.text === text)) return;
    this.list.push({ code, text });
    emit(this.#onEvent, { type: 'note', code, message: text });
  }
}

/** Answers one request: the steps below, in order, with the index and toolbox of its directory closed at the end. */
export async function explainRequest(
  model: ChatModel,
  settings: ExplainerSettings,
  request: ExplainRequest,
  call: RequestCall,
): Promise<ExplainResponse> {
  const { question, root, limits } = acceptedRequest(request, settings.roots, call);
  const { requestId, logger } = call;
  const { maxToolIterations, maxFileSizeKb } = settings;
  logger.info({ requestId, directory: root.real, model: model.model, maxToolIterations, options: limits }, 'explain started');
  const scope = new RequestScope(root.real, limits, maxFileSizeKb * 1024, [root.given]);
  // persist: false: the spec stores nothing beyond the response (facts hold lines of the files).
  const index = await CodeIndex.open({ root: root.real, maxFileSize: maxFileSizeKb * 1024, exclude: limits.excludePatterns, persist: false });
  const toolbox = createScopedToolbox(index, scope, { maxResultChars: settings.maxToolResultChars, timeoutMs: settings.toolTimeoutMs });
  const notes = new Notes(call.onEvent);
  try {
    const { outcome, toolCalls } = await investigate(model, toolbox, { question, limits }, settings, call, notes);
    const final = await finalText(model, outcome, settings, call, notes);
    const { answer, ceiling } = await usableAnswer(model, final, outcome.iterations, call, notes);
    const checked = await checkSnippets(answer.codeSnippets, { index, scope, logger, requestId });
    for (const line of checked.corrected) notes.add('SNIPPET_CORRECTED', `Snippet ${line}.`);
    for (const line of checked.dropped) notes.add('SNIPPET_DROPPED', `Snippet ${line}.`);
    const response: ExplainResponse = {
      explanation: withNotes(answer.explanation ?? '', notes.list),
      codeSnippets: checked.snippets,
      metadata: {
        filesExamined: scope.filesExamined.size,
        toolCalls,
        executionTimeMs: Math.round(performance.now() - call.started),
        confidence: capConfidence(answer.confidence, ceiling),
      },
      suggestedQuestions: answer.suggestedQuestions.slice(0, 3),
    };
    const { executionTimeMs: ms, filesExamined, confidence } = response.metadata;
    const codes = [...new Set(notes.list.map((n) => n.code))];
    logger.info({ requestId, ms, toolCalls, filesExamined, iterations: outcome.iterations, confidence, notes: codes }, 'explain finished');
    return response;
  } catch (error) {
    if (call.signal?.aborted) logger.warn({ requestId, ms: Math.round(performance.now() - call.started) }, 'explain cancelled');
    else {
      const code = isCodeIndexError(error) ? error.code : ErrorCode.INTERNAL_ERROR;
      logger.error({ requestId, code, message: (error as Error)?.message }, 'explain failed');
    }
    throw error;
  } finally {
    toolbox.close();
  }
}

/**
 * The request as the schema reads it, with its directory checked against the allowed roots; a refused one is
 * logged and thrown (`INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `DIR_NOT_FOUND`).
 */
function acceptedRequest(
  request: ExplainRequest,
  roots: readonly AllowedRoot[],
  call: RequestCall,
): { question: string; root: { real: string; given: string }; limits: ExplainScopeOptions } {
  const { requestId, logger } = call;
  const parsed = ExplainRequestSchema.safeParse(request);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`);
    logger.warn({ requestId, problems }, 'request refused');
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Invalid request: ${problems.join('; ')}`, {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  const { question, directory } = parsed.data;
  const limits = scopeOptions(parsed.data.options);
  try {
    return { question, root: checkDirectory(directory, roots), limits };
  } catch (error) {
    if (isCodeIndexError(error)) {
      const refused = error.code === ErrorCode.PATH_TRAVERSAL ? 'directory outside the allowed roots refused' : 'directory refused';
      logger.warn({ requestId, code: error.code, directory }, refused);
    }
    throw error;
  }
}

/** Arguments as logged: strings clipped (a pattern, a path), nothing else changed. */
function loggedArgs(args: unknown): unknown {
  if (typeof args === 'string') return args.length > 200 ? `${args.slice(0, 200)}…` : args;
  if (!args || typeof args !== 'object') return args;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…` : v]));
}

/**
 * The loop over the tools, until the model answers or a budget (rounds, result characters, time) ends it; each
 * tool call logged, and noted when it shows a limitation of the answer.
 */
async function investigate(
  model: ChatModel,
  toolbox: AgentToolbox,
  ask: { question: string; limits: ExplainScopeOptions },
  settings: ExplainerSettings,
  call: RequestCall,
  notes: Notes,
): Promise<{ outcome: PromptOutcome; toolCalls: number }> {
  const { requestId, logger } = call;
  let toolCalls = 0;
  const agent: Agent = { model, preamble: preamble(settings.maxToolIterations, ask.limits), tools: toolbox };
  const outcome = await new PromptRequest(agent, prompt(ask.question, ask.limits)).maxDepth(settings.maxToolIterations).send({
    requestId,
    logger,
    signal: call.signal,
    onEvent: call.onEvent,
    maxParallelToolCalls: settings.maxParallelToolCalls,
    toolResultBudgetChars: settings.toolResultBudgetChars,
    deadline: call.started + settings.timeBudgetMs,
    onToolCall(record: ToolCallRecord) {
      toolCalls++;
      const { iteration, name: tool, result, ms } = record;
      const failure = result.ok ? {} : { code: result.error.code };
      const fields = { requestId, iteration, tool, args: loggedArgs(record.args), ok: result.ok, ms, ...failure };
      if (!record.result.ok && record.result.error.code === ErrorCode.PATH_TRAVERSAL) logger.warn(fields, 'file access refused: outside the root');
      else logger.info(fields, 'tool call');
      const problem = limitation(record);
      if (problem) notes.add(problem.code, problem.text);
    },
  });
  return { outcome, toolCalls };
}

/** The model's final text, the conversation that led to it, and the most confidence it may claim. */
interface FinalText {
  text: string;
  history: ChatMessage[];
  ceiling: Confidence;
}

function rounds(n: number): string {
  return `${n} round${n === 1 ? '' : 's'}`;
}

/** What every note of an ended investigation says last. */
const PARTIAL = 'this answer is built from partial results.';

/** The note that says which budget ended the investigation. */
function budgetNote(outcome: Extract<PromptOutcome, { kind: 'max_depth' }>, settings: ExplainerSettings): { code: string; text: string } {
  const stopped = `The investigation stopped after ${rounds(outcome.reason === 'iterations' ? settings.maxToolIterations : outcome.iterations)}`;
  if (outcome.reason === 'iterations') return { code: ErrorCode.MAX_ITERATIONS, text: `${stopped} of tool calls (the limit); ${PARTIAL}` };
  if (outcome.reason === 'budget') {
    const budget = `the ${settings.toolResultBudgetChars}-character budget of a request`;
    return { code: 'TOOL_RESULT_BUDGET', text: `${stopped} of tool calls: their results filled ${budget}; ${PARTIAL}` };
  }
  return { code: 'TIME_BUDGET', text: `${stopped} of tool calls, at the ${settings.timeBudgetMs} ms time budget of a request; ${PARTIAL}` };
}

/** What the request to answer now says was used up, by the budget that ended the investigation. */
const USED_UP = {
  iterations: (turns: number) => `all ${turns} turns of tool calls`,
  budget: () => 'the space for tool results',
  time: () => 'the time for this question',
};

/**
 * The model's last message when it answered; when a budget ended the investigation, the answer asked for now from
 * what was found (noted, and with medium confidence at most).
 */
async function finalText(model: ChatModel, outcome: PromptOutcome, settings: ExplainerSettings, call: RequestCall, notes: Notes): Promise<FinalText> {
  if (outcome.kind !== 'max_depth') return { text: outcome.text, history: outcome.history, ceiling: 'high' };
  const note = budgetNote(outcome, settings);
  notes.add(note.code, note.text);
  const { iterations, reason } = outcome;
  call.logger.warn({ requestId: call.requestId, iterations, reason }, 'tool budget used up: asking for the final answer');
  const used = USED_UP[reason](settings.maxToolIterations);
  const history: ChatMessage[] = [
    ...outcome.history,
    {
      role: 'user',
      content:
        `You have used ${used}. Answer now from what you found, with only the JSON object described above; ` +
        'say in the explanation what you could not check.',
    },
  ];
  const text = await structuredAnswer(model, history, call, 'final answer (tool budget used up)', settings.maxToolIterations + 1);
  return { text, history, ceiling: 'medium' };
}

/**
 * The final text read as the spec's answer; when it is malformed, asked for once more, and when that fails too,
 * what can be used of either text (no snippets, low confidence, noted).
 */
async function usableAnswer(
  model: ChatModel,
  final: FinalText,
  iterations: number,
  call: RequestCall,
  notes: Notes,
): Promise<{ answer: ParsedAnswer; ceiling: Confidence }> {
  const { requestId, logger } = call;
  const answer = parseAnswer(final.text);
  if (answer.problems.length === 0) return { answer, ceiling: final.ceiling };
  logger.warn({ requestId, problems: answer.problems }, 'malformed final answer: asking once more');
  const retry: ChatMessage[] = [
    ...final.history,
    { role: 'assistant', content: final.text },
    {
      role: 'user',
      content:
        `Your reply could not be used: ${answer.problems.join('; ')}. Reply again with only the JSON object of your final answer ` +
        '(explanation, codeSnippets, confidence, suggestedQuestions), nothing else.',
    },
  ];
  const retryText = await structuredAnswer(model, retry, call, 'final answer (retry)', iterations + 1);
  const again = parseAnswer(retryText);
  if (again.problems.length === 0) return { answer: again, ceiling: final.ceiling };
  logger.warn({ requestId, problems: again.problems }, 'malformed final answer twice: returning what can be used');
  notes.add(
    'MALFORMED_ANSWER',
    'The model did not give its answer in the expected form, twice; what could be used of its text is returned, without snippets.',
  );
  const prose = proseOf(final.text) || proseOf(retryText) || 'The model did not produce a usable answer.';
  const explanation = answer.explanation ?? again.explanation ?? prose;
  return { answer: { ...answer, explanation, codeSnippets: [], problems: [] }, ceiling: 'low' };
}

/** Asks for the final answer as structured output (tools off); a server without json_schema is asked plainly. */
async function structuredAnswer(
  model: ChatModel,
  history: ChatMessage[],
  call: RequestCall,
  purpose: string,
  iteration: number,
): Promise<string> {
  emit(call.onEvent, { type: 'model', iteration, purpose });
  const request = { messages: history };
  let completion;
  try {
    completion = await model.complete(
      { ...request, response_format: { type: 'json_schema', json_schema: { name: 'final_answer', strict: true, schema: modelAnswerJsonSchema() } } },
      callContext(call, purpose),
    );
  } catch (error) {
    const status = isCodeIndexError(error, ErrorCode.LLM_ERROR) ? error.data.status : undefined;
    if (status !== 400 && status !== 422) throw error;
    call.logger.warn({ requestId: call.requestId, status }, 'the endpoint refused structured output: asking without it');
    completion = await model.complete(request, callContext(call, `${purpose}, plain`));
  }
  const message = completion.choices?.[0]?.message;
  if (!message) throw noChoices(model);
  return textOf(message.content);
}
