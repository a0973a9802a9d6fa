/**
 * `code-index/explainer`: the agent of the Codebase Explainer spec. Ask a question about a codebase in plain
 * English; a model investigates it with code-index's tools over any OpenAI-compatible chat-completions endpoint
 * and answers with an explanation backed by real lines of real files. Also served over HTTP
 * (`code-index serve`) and from the terminal (`code-index explain`).
 *
 * @example
 * ```ts
 * import { createExplainer } from 'code-index/explainer';
 *
 * const explainer = createExplainer({ apiKey: process.env.OPENAI_API_KEY ?? '', allowedRoots: ['/srv/repos'] });
 * const answer = await explainer.explain({ question: 'How does authentication work?', directory: '/srv/repos/api' });
 * console.log(answer.explanation, answer.codeSnippets);
 * ```
 *
 * @packageDocumentation
 */
export {
  createExplainer,
  DEFAULT_BASE_URL,
  DEFAULT_LLM_TIMEOUT_MS,
  DEFAULT_MAX_FILE_SIZE_KB,
  DEFAULT_MAX_TOOL_ITERATIONS,
  DEFAULT_MODEL,
  type ExplainCallOptions,
  type ExplainEvent,
  type Explainer,
  type ExplainerOptions,
} from './agent.js';
export { type ConfigOverrides, DEFAULT_HOST, DEFAULT_PORT, type ExplainerConfig, loadExplainerConfig } from './config.js';
export {
  createExplainerServer,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type ExplainerServer,
  type ExplainerServerOptions,
  httpStatus,
  SHUTTING_DOWN,
} from './http.js';
export type { RetryPolicy } from './llm.js';
export { createJsonLogger, type ExplainerLogger, type JsonLoggerOptions, type LogFields, LOG_LEVELS, type LogLevel, silentLogger } from './logger.js';
export {
  type CodeSnippet,
  type Confidence,
  DEFAULT_EXCLUDE_PATTERNS,
  DEFAULT_INCLUDE_PATTERNS,
  type ExplainRequest,
  ExplainRequestSchema,
  type ExplainResponse,
  ExplainResponseSchema,
} from './schemas.js';
