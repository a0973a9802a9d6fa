/**
 * The model client: one chat-completions call with the Explainer's retry policy and typed errors, over the global
 * `fetch`, to any OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM).
 *
 * Why `fetch` and not the `openai` package, which this module used until 2026-11 (measured 2026-11-29 on this
 * machine: Node 20.20, openai 6.49, 2 cores under a load of 1.2 to 2.9):
 * - size: openai takes 20 MB of disk in `node_modules` (2,701 files, 12.9 MB of content, two thirds of it `.d.ts`
 *   and TypeScript sources); `fetch` is built into Node 18+, so the client costs no dependency.
 * - import time: a cold `await import('openai')` in a fresh `node -e` takes 146 to 186 ms (the median of 5 runs,
 *   in five rounds); `fetch` takes 0 (touching `globalThis.fetch` measures 0.01 ms). Both then pay Node's lazy load
 *   of its own undici on the first request (40 to 66 ms), openai included, since it calls `fetch` too.
 * - the wire is the same: openai sent Chat Completions as written, one POST of JSON per attempt (`maxRetries: 0`:
 *   the retries were ours already), and so does this module, so `tools`, `tool_calls`, `tool_choice` and
 *   `response_format: json_schema` reach the server verbatim, typed by `chat.ts` (only what the Explainer sends and
 *   reads).
 * - what we now write ourselves is small: the URL and headers, the message of an error body, and a cap on the bytes
 *   read from a response ({@link MAX_RESPONSE_BYTES}), which openai did not have.
 *
 * Not the Vercel AI SDK either (measured 2026-11 beside openai): 11 packages beside zod (17 MB), 168 ms to import
 * where openai took 98 ms in the same run, and it translates to and from its own message model, while the agent owns
 * its loop (Rig's PromptRequest: parallel tools, coded refusals fed back, notes, budgets) anyway.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { ChatCompletion, ChatCompletionRequest } from './chat.js';
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
  /** The model to ask (the request's `model`). */
  model: string;
  /** The API's base URL, up to and without `/chat/completions` (`http://localhost:11434/v1`); a trailing slash is fine. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <key>`; an empty key sends no `Authorization` header (a local server). */
  apiKey: string;
  /** Time budget of one call, in milliseconds; a call over it is retried once, then fails with `LLM_TIMEOUT`. */
  timeoutMs: number;
  /** How 429s and failures are retried. */
  retry?: RetryPolicy;
}

/** What one call is made for: the request's correlation id, its logger and its cancellation. */
export interface CallContext {
  /** The correlation id on every log line. */
  requestId: string;
  /** Where each attempt is logged. */
  logger: ExplainerLogger;
  /** Cancels the call: the attempt in flight is aborted and the signal's reason thrown. */
  signal?: AbortSignal | undefined;
  /** What the call is for, in the logs (`turn 3`, `final answer`). */
  purpose: string;
}

/** A chat-completions request without the model (the client adds it). */
export type ChatRequest = Omit<ChatCompletionRequest, 'model'>;

/**
 * The most bytes read from one response. A completion is a few kilobytes (a final answer with snippets, some
 * tens); past this the server is broken or is not a chat-completions endpoint, and reading on would hold the host's
 * memory for it. The connection is closed and the call fails with `LLM_ERROR`.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const TIMEOUT_RETRIES = 1;
const TRANSIENT_RETRIES = 1;
/** Characters of a response body quoted in an error when it holds no error message. */
const QUOTED_BODY_CHARS = 300;
/** The next step when the endpoint answers something that is not the API. */
const NOT_THE_API = 'check that OPENAI_BASE_URL is the API base of an OpenAI-compatible server (it usually ends in /v1)';

/** One OpenAI-compatible model endpoint. */
export class ChatModel {
  /** The model asked. */
  readonly model: string;
  /** The base URL as given (in messages and logs). */
  readonly baseURL: string;
  readonly #endpoint: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #retry: Required<RetryPolicy>;

  constructor(options: ChatModelOptions) {
    this.model = options.model;
    this.baseURL = options.baseURL;
    this.#endpoint = chatCompletionsUrl(options.baseURL);
    this.#headers = { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
    this.#timeoutMs = options.timeoutMs;
    this.#retry = {
      maxRateLimitRetries: options.retry?.maxRateLimitRetries ?? 4,
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      maxDelayMs: options.retry?.maxDelayMs ?? 20_000,
    };
  }

  /**
   * Sends one request, retrying 429s (backoff with jitter, `retry-after` honoured), one timeout and one transient
   * failure (5xx, connection refused or broken).
   *
   * @throws CodeIndexError `RATE_LIMIT`, `LLM_TIMEOUT`, `LLM_ERROR`; the signal's reason when it aborts.
   */
  async complete(request: ChatRequest, context: CallContext): Promise<ChatCompletion> {
    const body = JSON.stringify({ ...request, model: this.model } satisfies ChatCompletionRequest);
    let rateLimits = 0;
    let timeouts = 0;
    let transients = 0;
    for (let attempt = 1; ; attempt++) {
      context.signal?.throwIfAborted();
      const started = performance.now();
      const outcome = await this.#attempt(body, context.signal);
      if ('completion' in outcome) {
        const { completion } = outcome;
        context.logger.debug(
          { requestId: context.requestId, purpose: context.purpose, attempt, ms: Math.round(performance.now() - started), usage: completion.usage },
          'llm response',
        );
        return completion;
      }
      const { failure } = outcome;
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
    }
  }

  /**
   * One POST, its response read whole (or up to {@link MAX_RESPONSE_BYTES}) within the time budget: the completion,
   * or why not. The caller's abort is thrown, not returned.
   */
  async #attempt(body: string, signal: AbortSignal | undefined): Promise<{ completion: ChatCompletion } | { failure: Failure }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let response: Response | undefined;
    try {
      response = await fetch(this.#endpoint, { method: 'POST', headers: this.#headers, body, signal: controller.signal });
      const { text, complete } = await readText(response, MAX_RESPONSE_BYTES);
      if (!response.ok) return { failure: httpFailure(response.status, response.headers, text) };
      if (!complete) {
        return { failure: { code: ErrorCode.LLM_ERROR, message: `the response is larger than ${MAX_RESPONSE_BYTES / 2 ** 20} MB; stopped reading it`, transient: false, hint: NOT_THE_API } };
      }
      return completionOf(text);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) return { failure: { code: ErrorCode.LLM_TIMEOUT, message: `no answer within ${this.#timeoutMs} ms`, transient: false } };
      // fetch rejects with a TypeError whose cause is the socket's error (ECONNREFUSED, ENOTFOUND, ECONNRESET, ...).
      const reason = describeCause(error);
      const message = response ? `the connection to ${this.baseURL} broke while reading the response: ${reason}` : `cannot reach ${this.baseURL}: ${reason}`;
      return { failure: { code: ErrorCode.LLM_ERROR, message, transient: true } };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Exponential backoff with jitter: a random delay between half and all of base × 2^n, capped. */
  #backoff(retry: number): number {
    const ceiling = Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** retry);
    return ceiling / 2 + Math.random() * (ceiling / 2);
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
          failure.hint ??
          (failure.status === 401 || failure.status === 403
            ? 'check OPENAI_API_KEY'
            : failure.status === 404
              ? 'check the model name (CODE_INDEX_MODEL or --model) and OPENAI_BASE_URL'
              : failure.status === undefined
                ? 'check that the server is running and OPENAI_BASE_URL points at it'
                : 'see the message from the endpoint');
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
  /** The HTTP status of a refused request. */
  status?: number;
  message: string;
  retryAfterMs?: number;
  /** Worth one more try (a 5xx, a refused or broken connection). */
  transient: boolean;
  /** The next step, when the status does not say it. */
  hint?: string;
}

/**
 * A response's body as text, read up to `limit` bytes; past it the body is cancelled (which closes the connection,
 * so the server stops sending) and what was read is returned with `complete: false`.
 */
async function readText(response: Response, limit: number): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), complete: true };
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => {});
      return { text, complete: false };
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A 2xx body read as a completion: JSON with a `choices` array, or an `LLM_ERROR` quoting what came instead. */
function completionOf(text: string): { completion: ChatCompletion } | { failure: Failure } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { failure: unreadable('not JSON', text) };
  }
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as { choices?: unknown }).choices)) {
    return { failure: unreadable('JSON without a choices array', text) };
  }
  return { completion: parsed as ChatCompletion };
}

function unreadable(what: string, text: string): Failure {
  return { code: ErrorCode.LLM_ERROR, message: `unreadable response (${what}): ${clip(text, QUOTED_BODY_CHARS) || '(empty)'}`, transient: false, hint: NOT_THE_API };
}

/**
 * A non-2xx response: 429 as `RATE_LIMIT` with its `retry-after`, anything else as `LLM_ERROR` with the status and
 * the endpoint's message (5xx worth one more try).
 */
function httpFailure(status: number, headers: Headers, text: string): Failure {
  const message = errorMessage(text) ?? (clip(text, QUOTED_BODY_CHARS) || `HTTP ${status} with an empty body`);
  if (status === 429) {
    const retryAfterMs = retryAfter(headers);
    return { code: ErrorCode.RATE_LIMIT, status, message, transient: false, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  return { code: ErrorCode.LLM_ERROR, status, message, transient: status >= 500 };
}

/**
 * The message of an error body: OpenAI's, LM Studio's and Ollama's `{"error":{"message":...}}`, a bare
 * `{"error":"..."}`, or vLLM's older `{"object":"error","message":...}`.
 */
function errorMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  const found =
    error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : typeof error === 'string'
        ? error
        : typeof message === 'string'
          ? message
          : undefined;
  return found ? clip(found, 1000) : undefined;
}

function clip(text: string, chars: number): string {
  const trimmed = text.trim();
  return trimmed.length > chars ? `${trimmed.slice(0, chars)}…` : trimmed;
}

/**
 * The socket's error code (`ECONNREFUSED`, `ENOTFOUND`), else the cause's message (undici's own codes, such as
 * `UND_ERR_SOCKET`, say less than theirs: "other side closed"), else the error's.
 */
function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } } | undefined)?.cause;
  // Node tries each address of a host (IPv6, IPv4) and reports them together as an AggregateError.
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  if (code && !code.startsWith('UND_ERR')) return code;
  return cause?.message || code || ((error as Error | undefined)?.message ?? String(error));
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

/**
 * `${baseURL}/chat/completions`, with a trailing slash of the base dropped and its query kept (Azure's
 * `?api-version=...`); a base that is no URL is left to fetch, which fails the call with `LLM_ERROR`.
 */
function chatCompletionsUrl(baseURL: string): string {
  if (!URL.canParse(baseURL)) return `${baseURL.replace(/\/+$/, '')}/chat/completions`;
  const url = new URL(baseURL);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.toString();
}
