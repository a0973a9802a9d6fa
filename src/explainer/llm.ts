/**
 * The model client: one chat-completions call with the Explainer's retry policy and typed errors, over the
 * official `openai` package pointed at any OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM).
 *
 * Why `openai` and not the Vercel AI SDK (measured 2026-11 on this machine, Node 20, both on their last
 * Node-20 majors: openai 6.49 and ai 6.0 with @ai-sdk/openai-compatible 2.0; the 7.x lines of both need Node 22):
 * - dependencies: openai is 1 package with none (20 MB unpacked, mostly `.d.ts` and sources); ai + the
 *   compatible provider are 11 packages beside zod (17 MB: gateway, provider-utils, undici, OpenTelemetry API,
 *   @vercel/oidc).
 * - import time (median of 7 cold `await import()`, loaded machine): openai 98 ms, ai + provider 168 ms.
 * - the wire: openai sends Chat Completions as written, which is the format Ollama, LM Studio and vLLM
 *   implement, so `tools`, `tool_calls`, `tool_choice` and `response_format: json_schema` reach the server
 *   verbatim; the AI SDK translates to and from its own message model.
 * - the loop: the agent owns it (Rig's PromptRequest: parallel tools, coded refusals fed back, notes, budgets),
 *   which is the main thing the AI SDK would add.
 * - control: per-call `signal` and `maxRetries: 0` let this module own retries (429 with backoff, jitter and
 *   `retry-after`; a timeout retried once) and report each with the request's correlation id.
 *
 * @module
 */
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { ExplainerLogger } from './logger.js';

/** How the client retries. */
export interface RetryPolicy {
  /** Retries after a 429 before giving up with `RATE_LIMIT`. @defaultValue 4 */
  maxRateLimitRetries?: number;
  /** First backoff delay; doubled on each retry, with jitter. @defaultValue 500 */
  baseDelayMs?: number;
  /**
   * Longest wait between two attempts. A `retry-after` longer than this is not waited for: the call fails with
   * `RATE_LIMIT` at once, carrying `retryAfterMs`. @defaultValue 20000
   */
  maxDelayMs?: number;
}

/** Options of {@link ChatModel}. */
export interface ChatModelOptions {
  model: string;
  baseURL: string;
  apiKey: string;
  /** Time budget of one call, in milliseconds; a call over it is retried once, then fails with `LLM_TIMEOUT`. */
  timeoutMs: number;
  retry?: RetryPolicy;
}

/** What one call is made for: the request's correlation id, its logger and its cancellation. */
export interface CallContext {
  requestId: string;
  logger: ExplainerLogger;
  signal?: AbortSignal | undefined;
  /** What the call is for, in the logs (`turn 3`, `final answer`). */
  purpose: string;
}

/** A chat-completions request without the model (the client adds it). */
export type ChatRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'model'>;

const TIMEOUT_RETRIES = 1;
const TRANSIENT_RETRIES = 1;

/** One OpenAI-compatible model endpoint. */
export class ChatModel {
  readonly model: string;
  readonly baseURL: string;
  readonly #client: OpenAI;
  readonly #timeoutMs: number;
  readonly #retry: Required<RetryPolicy>;

  constructor(options: ChatModelOptions) {
    this.model = options.model;
    this.baseURL = options.baseURL;
    this.#timeoutMs = options.timeoutMs;
    this.#retry = {
      maxRateLimitRetries: options.retry?.maxRateLimitRetries ?? 4,
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      maxDelayMs: options.retry?.maxDelayMs ?? 20_000,
    };
    // Retries are ours (typed, logged with the correlation id): the client makes exactly one attempt per call.
    this.#client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs });
  }

  /**
   * Sends one request, retrying 429s (backoff with jitter, `retry-after` honoured), one timeout and one transient
   * failure (5xx, connection refused).
   *
   * @throws CodeIndexError `RATE_LIMIT`, `LLM_TIMEOUT`, `LLM_ERROR`; the signal's reason when it aborts.
   */
  async complete(request: ChatRequest, context: CallContext): Promise<ChatCompletion> {
    let rateLimits = 0;
    let timeouts = 0;
    let transients = 0;
    for (let attempt = 1; ; attempt++) {
      context.signal?.throwIfAborted();
      const started = performance.now();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.#timeoutMs);
      const onAbort = () => controller.abort();
      context.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const completion = await this.#client.chat.completions.create(
          { ...request, model: this.model },
          { signal: controller.signal, maxRetries: 0, timeout: this.#timeoutMs },
        );
        context.logger.debug(
          { requestId: context.requestId, purpose: context.purpose, attempt, ms: Math.round(performance.now() - started), usage: completion.usage },
          'llm response',
        );
        return completion;
      } catch (error) {
        if (context.signal?.aborted) throw context.signal.reason;
        const failure = this.#classify(error, timedOut);
        let delay: number | undefined;
        if (failure.code === ErrorCode.RATE_LIMIT && rateLimits < this.#retry.maxRateLimitRetries) {
          const wanted = failure.retryAfterMs ?? this.#backoff(rateLimits);
          if (wanted <= this.#retry.maxDelayMs) delay = wanted;
          rateLimits++;
        } else if (failure.code === ErrorCode.LLM_TIMEOUT && timeouts < TIMEOUT_RETRIES) {
          timeouts++;
          delay = 0;
        } else if (failure.transient && transients < TRANSIENT_RETRIES) {
          delay = this.#backoff(transients);
          transients++;
        }
        const fields = { requestId: context.requestId, purpose: context.purpose, attempt, code: failure.code, status: failure.status, reason: failure.message };
        if (delay === undefined) {
          context.logger.error(fields, 'llm call failed');
          throw this.#error(failure);
        }
        context.logger.warn({ ...fields, retryInMs: Math.round(delay) }, 'llm call retried');
        await sleep(delay, context.signal);
      } finally {
        clearTimeout(timer);
        context.signal?.removeEventListener('abort', onAbort);
      }
    }
  }

  /** Exponential backoff with jitter: a random delay between half and all of base × 2^n, capped. */
  #backoff(retry: number): number {
    const ceiling = Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** retry);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  #classify(error: unknown, timedOut: boolean): Failure {
    if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) {
      return { code: ErrorCode.LLM_TIMEOUT, message: `no answer within ${this.#timeoutMs} ms`, transient: false };
    }
    if (error instanceof OpenAI.APIError && error.status === 429) {
      const retryAfterMs = retryAfter(error.headers);
      return { code: ErrorCode.RATE_LIMIT, status: 429, message: error.message, transient: false, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return { code: ErrorCode.LLM_ERROR, message: `cannot reach ${this.baseURL}: ${describeCause(error)}`, transient: true };
    }
    if (error instanceof OpenAI.APIError) {
      const status = error.status;
      return { code: ErrorCode.LLM_ERROR, ...(status !== undefined ? { status } : {}), message: error.message, transient: status === undefined || status >= 500 };
    }
    return { code: ErrorCode.LLM_ERROR, message: `unreadable response from ${this.baseURL}: ${(error as Error)?.message ?? String(error)}`, transient: false };
  }

  #error(failure: Failure): CodeIndexError {
    const where = `the model endpoint ${this.baseURL} (model ${this.model})`;
    switch (failure.code) {
      case ErrorCode.RATE_LIMIT:
        return new CodeIndexError(
          ErrorCode.RATE_LIMIT,
          `${where} is rate limiting requests (429) and kept doing so after ${this.#retry.maxRateLimitRetries} retries with backoff; try again later`,
          { ...(failure.retryAfterMs !== undefined ? { retryAfterMs: Math.ceil(failure.retryAfterMs) } : {}), model: this.model },
        );
      case ErrorCode.LLM_TIMEOUT:
        return new CodeIndexError(
          ErrorCode.LLM_TIMEOUT,
          `${where} did not answer within ${this.#timeoutMs} ms, twice; try again, or raise LLM_TIMEOUT_MS for a slow local model`,
          { timeoutMs: this.#timeoutMs, model: this.model },
        );
      default: {
        const hint =
          failure.status === 401 || failure.status === 403
            ? 'check OPENAI_API_KEY'
            : failure.status === 404
              ? 'check the model name (CODE_INDEX_MODEL or --model) and OPENAI_BASE_URL'
              : failure.status === undefined
                ? 'check that the server is running and OPENAI_BASE_URL points at it'
                : 'see the message from the endpoint';
        return new CodeIndexError(ErrorCode.LLM_ERROR, `${where} failed${failure.status ? ` with ${failure.status}` : ''}: ${failure.message}; ${hint}`, {
          ...(failure.status !== undefined ? { status: failure.status } : {}),
          model: this.model,
          baseURL: this.baseURL,
        });
      }
    }
  }
}

interface Failure {
  code: typeof ErrorCode.RATE_LIMIT | typeof ErrorCode.LLM_TIMEOUT | typeof ErrorCode.LLM_ERROR;
  status?: number;
  message: string;
  retryAfterMs?: number;
  /** Worth one more try (a 5xx, a refused connection). */
  transient: boolean;
}

function describeCause(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

/** `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
export function retryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, unless the signal aborts first (then rejects with its reason). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
