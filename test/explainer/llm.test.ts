/**
 * The model client alone, over real HTTP on loopback against the scripted OpenAI-compatible fake: what it puts on
 * the wire, and how it reads what comes back (error bodies, bodies that are not completions, bodies without end,
 * refused connections, cancellation). No mock of `fetch`.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isCodeIndexError } from '../../src/errors.js';
import { ChatModel, type ChatModelOptions, MAX_RESPONSE_BYTES } from '../../src/explainer/llm.js';
import { createJsonLogger } from '../../src/explainer/logger.js';
import { answer, failure, type FakeModel, type Script, startFakeModel } from '../helpers/fake-openai.js';

let fake: FakeModel | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

/** A client of a fresh fake, and what it logs. */
async function client(script: Script, options: Partial<ChatModelOptions> = {}) {
  fake = await startFakeModel(script);
  return { ...withModel({ baseURL: fake.baseURL, ...options }), fake };
}

function withModel(options: Partial<ChatModelOptions>) {
  const model = new ChatModel({ model: 'fake-model', baseURL: '', apiKey: 'test-key', timeoutMs: 5000, retry: { baseDelayMs: 1 }, ...options });
  const logs: LogLine[] = [];
  const logger = createJsonLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line) as LogLine) });
  const ask = (signal?: AbortSignal) => model.complete({ messages: [{ role: 'user', content: 'hi' }] }, { requestId: 'req-llm', logger, purpose: 'test', signal });
  return { model, logs, ask };
}

/** The call's rejection (it must reject). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => error,
  );
}

/** A loopback port nothing listens on: one just opened and closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

describe('ChatModel on the wire', () => {
  it('Should POST JSON with the model to {baseURL}/chat/completions, with the key as a bearer token', async () => {
    const { ask, fake } = await client(() => answer('hello'));
    const completion = await ask();
    expect(completion.choices[0]?.message.content).toBe('hello');
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(fake.seen[0]?.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
    expect(fake.requests[0]).toEqual({ messages: [{ role: 'user', content: 'hi' }], model: 'fake-model' });
  });

  it('Should send no Authorization header when the key is empty (a local server)', async () => {
    const { ask, fake } = await client(() => answer('hello'), { apiKey: '' });
    await ask();
    expect(fake.seen[0]?.headers).not.toHaveProperty('authorization');
  });

  it('Should ignore a trailing slash in the base URL', async () => {
    fake = await startFakeModel(() => answer('hello'));
    for (const baseURL of [`${fake.baseURL}/`, `${fake.baseURL}//`]) {
      const { model, ask } = withModel({ baseURL });
      await ask();
      expect(model.baseURL).toBe(baseURL);
    }
    expect(fake.seen.map((r) => r.url)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it("Should keep the base URL's query after the path (Azure's api-version)", async () => {
    fake = await startFakeModel(() => answer('hello'));
    const { ask } = withModel({ baseURL: `${fake.baseURL}/?api-version=2024-10-21` });
    await ask();
    expect(fake.seen.map((r) => r.url)).toEqual(['/v1/chat/completions?api-version=2024-10-21']);
  });
});

describe('ChatModel reading answers', () => {
  it.each([
    ['OpenAI, LM Studio, Ollama', { body: { error: { message: 'Invalid value for tool_choice', type: 'invalid_request_error' } } }, 'Invalid value for tool_choice'],
    ['a bare error string', { body: { error: 'model "llama9" not found, try pulling it first' } }, 'model "llama9" not found, try pulling it first'],
    ['vLLM, older', { body: { object: 'error', message: 'The model `x` does not exist.', type: 'NotFoundError', code: 404 } }, 'The model `x` does not exist.'],
    ['a proxy page', { text: `<html><body>Bad request${' '.repeat(400)}</body></html>` }, '<html><body>Bad request'],
  ])('Should surface the endpoint message of an error body with its status: %s', async (_name, reply, message) => {
    const { ask } = await client(() => ({ status: 400, ...reply }));
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR')).toBe(true);
    if (!isCodeIndexError(error)) return;
    expect(error.message).toContain(`failed with 400: ${message}`);
    expect(error.message).toMatch(/; see the message from the endpoint$/);
    expect(error.data).toMatchObject({ status: 400, model: 'fake-model' });
    // A body that is not an error object is quoted, but no more than 300 characters of it.
    expect(error.message.length).toBeLessThan(600);
  });

  it('Should name the status of an error with an empty body', async () => {
    const { ask } = await client(() => ({ status: 403, text: '' }));
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR') && error.message).toMatch(/failed with 403: HTTP 403 with an empty body; check OPENAI_API_KEY/);
  });

  it('Should retry a 5xx once, then fail with its status and message', async () => {
    const { ask, fake, logs } = await client(() => failure(503, 'The server is overloaded'));
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR') && error.message).toMatch(/failed with 503: The server is overloaded/);
    expect(fake.requests).toHaveLength(2);
    expect(logs.filter((l) => l.msg === 'llm call retried')).toHaveLength(1);
  });

  it.each([
    ['not JSON', { text: '<!doctype html><title>Open WebUI</title>' }, /unreadable response \(not JSON\): <!doctype html><title>Open WebUI/],
    ['JSON without choices', { body: { models: ['llama3.1'] } }, /unreadable response \(JSON without a choices array\): \{"models":\["llama3\.1"\]\}/],
    ['an empty body', { text: '' }, /unreadable response \(not JSON\): \(empty\)/],
  ])('Should fail with LLM_ERROR, once, on a 2xx that is %s', async (_name, reply, pattern) => {
    const { ask, fake } = await client(() => reply);
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR')).toBe(true);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).toMatch(/check that OPENAI_BASE_URL is the API base/);
    expect(fake.requests).toHaveLength(1);
  });

  it('Should stop reading a body past the limit, close the connection and fail with LLM_ERROR', async () => {
    const { ask, fake } = await client(() => ({ endless: true }));
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR') && error.message).toMatch(/the response is larger than 8 MB; stopped reading it/);
    expect(fake.requests).toHaveLength(1);
    // The client hung up: the fake stopped sending, a few socket buffers past the limit at most.
    await until(() => fake.abandoned === 1);
    expect(fake.abandoned).toBe(1);
    expect(fake.endlessBytes).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(fake.endlessBytes).toBeLessThan(MAX_RESPONSE_BYTES + 4 * 1024 * 1024);
  });

  it('Should retry once when the connection drops in the middle of a body, then fail with LLM_ERROR', async () => {
    const { ask, fake } = await client(() => ({ partial: '{"id":"chatcmpl-1","choices":[', drop: true }));
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR') && error.message).toMatch(/the connection to http:\/\/127\.0\.0\.1:\d+\/v1 broke while reading the response: other side closed;/);
    expect(fake.requests).toHaveLength(2);
  });

  it('Should count the time to read the body in the time budget', async () => {
    const { ask, fake } = await client(() => ({ partial: '{"id":"chatcmpl-1","choices":[' }), { timeoutMs: 200 });
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_TIMEOUT') && error.message).toMatch(/did not answer within 200 ms, twice/);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('ChatModel without a server', () => {
  it('Should fail with LLM_ERROR, naming the refused connection, after one retry', async () => {
    const port = await closedPort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    const { ask, logs } = withModel({ baseURL });
    const error = await rejection(ask());
    expect(isCodeIndexError(error, 'LLM_ERROR')).toBe(true);
    if (!isCodeIndexError(error)) return;
    expect(error.message).toBe(
      `the model endpoint ${baseURL} (model fake-model) failed: cannot reach ${baseURL}: ECONNREFUSED; check that the server is running and OPENAI_BASE_URL points at it`,
    );
    expect(error.data).toEqual({ model: 'fake-model', baseURL });
    expect(logs.map((l) => [l.msg, l.attempt, l.code])).toEqual([
      ['llm call retried', 1, 'LLM_ERROR'],
      ['llm call failed', 2, 'LLM_ERROR'],
    ]);
  });
});

describe('ChatModel cancelled', () => {
  it('Should abort the request in flight and throw the signal reason, without retrying', async () => {
    const { ask, fake } = await client(() => ({ hang: true }), { timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = ask(controller.signal);
    await until(() => fake.requests.length === 1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await until(() => fake.abandoned === 1);
    expect(fake.abandoned).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('Should stop waiting for a retry when the caller aborts', async () => {
    const { ask, fake, logs } = await client(() => failure(429, 'Rate limit reached', { 'retry-after-ms': '10000' }));
    const controller = new AbortController();
    const pending = ask(controller.signal);
    await until(() => logs.some((l) => l.msg === 'llm call retried' && l.retryInMs === 10_000));
    const started = performance.now();
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(1);
  });

  it('Should throw the reason of a signal aborted before the call, sending nothing', async () => {
    const { ask, fake } = await client(() => answer('hello'));
    await expect(ask(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    expect(fake.seen).toHaveLength(0);
  });
});
