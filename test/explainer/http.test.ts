/**
 * The Explainer's surfaces: the real HTTP service (routes, status codes, request ids, body limit, concurrency,
 * cancellation, graceful shutdown) and the built CLI (`explain`, `serve`), against a scripted fake model.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createExplainer,
  createExplainerServer,
  createJsonLogger,
  type ExplainerOptions,
  type ExplainerServer,
  type ExplainResponse,
  ExplainResponseSchema,
} from '../../src/explainer/index.js';
import { VERSION } from '../../src/version.js';
import { isolatedEnv } from '../helpers/cache-env.js';
import { createProject, lines, type Project } from '../helpers/explainer-project.js';
import { answer, failure, type FakeModel, type Script, startFakeModel, toolCalls } from '../helpers/fake-openai.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

let project: Project;
let fake: FakeModel | undefined;
let service: ExplainerServer | undefined;

beforeAll(() => {
  project = createProject();
});
afterAll(() => project.cleanup());
afterEach(async () => {
  await service?.close();
  service = undefined;
  await fake?.close();
  fake = undefined;
});

const VALID = {
  explanation: 'Tokens are checked by `verifyToken`.',
  codeSnippets: [{ file: 'src/auth/jwt.ts', startLine: 2, endLine: 4, content: lines('src/auth/jwt.ts', 2, 4), relevance: 'The check' }],
  confidence: 'high',
  suggestedQuestions: ['How are tokens issued?'],
};

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

async function start(script: Script, options: Partial<ExplainerOptions> = {}, serverOptions: { maxBodyBytes?: number; shutdownGraceMs?: number } = {}) {
  fake = await startFakeModel(script);
  const logs: LogLine[] = [];
  const logger = createJsonLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line) as LogLine) });
  const explainer = createExplainer({ apiKey: 'k', baseURL: fake.baseURL, model: 'fake', allowedRoots: [project.root], logger, retry: { baseDelayMs: 1 }, ...options });
  service = createExplainerServer({ explainer, logger, ...serverOptions });
  const { port } = await service.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, logs, fake, service };
}

/** A body of the service: a response, or an error under a request id. */
type Body = ExplainResponse & { error: { code: string; message: string; details?: Record<string, unknown> }; requestId: string };

function json(response: Response): Promise<Body> {
  return response.json() as Promise<Body>;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(`${url}/explain`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), ...(signal ? { signal } : {}) });
}

describe('the HTTP service', () => {
  it('Should answer GET /health with the package version', async () => {
    const { url } = await start(() => answer(VALID));
    const response = await fetch(`${url}/health`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: 'ok', version: VERSION });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Should answer POST /explain with the response schema, under the caller\'s request id, logged with it', async () => {
    const { url, logs } = await start((_b, n) => (n === 0 ? toolCalls(['read_file', { path: 'src/auth/jwt.ts' }]) : answer(VALID)));
    const response = await post(url, { question: 'How are tokens checked?', directory: project.root }, { 'x-request-id': 'client-42' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('client-42');
    expect(response.headers.get('x-explainer-notes')).toBeNull();
    const body = await json(response);
    expect(ExplainResponseSchema.strict().parse(body)).toEqual(body);
    expect(body.codeSnippets[0]?.content).toBe(lines('src/auth/jwt.ts', 2, 4));
    expect(body.metadata).toMatchObject({ toolCalls: 1, filesExamined: 1, confidence: 'high' });
    expect(logs.filter((l) => l.requestId === 'client-42').map((l) => l.msg)).toEqual(
      expect.arrayContaining(['explain started', 'tool call', 'file access', 'explain finished', 'http request']),
    );
    expect(logs.find((l) => l.msg === 'http request')).toMatchObject({ method: 'POST', path: '/explain', status: 200 });
  });

  it('Should answer every error as JSON with the seed\'s status codes and no stack trace', async () => {
    const { url, fake } = await start(() => answer(VALID), {}, { maxBodyBytes: 2048 });
    const cases: [Promise<Response>, number, string][] = [
      [post(url, '{"question": '), 400, 'INVALID_ARGUMENT'],
      [post(url, { question: '', directory: project.root }), 400, 'INVALID_ARGUMENT'],
      [post(url, { question: 'x'.repeat(2001), directory: project.root }), 413, 'INVALID_ARGUMENT'],
      [post(url, { question: 'q', directory: project.outside }), 403, 'PATH_TRAVERSAL'],
      [post(url, { question: 'q', directory: '/etc' }), 403, 'PATH_TRAVERSAL'],
      [post(url, { question: 'q', directory: `${project.root}/missing` }), 400, 'DIR_NOT_FOUND'],
      [post(url, { question: 'q', directory: project.root, options: { maxFiles: 500 } }), 400, 'INVALID_ARGUMENT'],
      [fetch(`${url}/explain`), 405, 'INVALID_ARGUMENT'],
      [fetch(`${url}/nope`), 404, 'INVALID_ARGUMENT'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      const body = await json(response);
      expect([response.status, body.error.code]).toEqual([status, code]);
      expect(body.requestId).toBe(response.headers.get('x-request-id'));
      expect(JSON.stringify(body)).not.toMatch(/\n\s+at /);
    }
    expect((await post(url, { question: 'q', directory: '/etc' }).then(json)).error.message).toMatch(/outside the allowed roots/);
    expect(fake.requests).toHaveLength(0);
  });

  it('Should map the model endpoint\'s failures: 429 with Retry-After, 502 otherwise', async () => {
    const { url } = await start((body) => {
      const question = String(body.messages[1]?.content);
      if (question.includes('limit')) return failure(429, 'Rate limit reached', { 'retry-after': '90' });
      return failure(500, 'The server had an error');
    });
    const limited = await post(url, { question: 'limit', directory: project.root });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('90');
    expect((await json(limited)).error).toMatchObject({ code: 'RATE_LIMIT', details: { retryAfterMs: 90_000 } });
    const broken = await post(url, { question: 'broken', directory: project.root });
    expect([broken.status, (await json(broken)).error.code]).toEqual([502, 'LLM_ERROR']);
  });

  it('Should answer 504 when the model does not answer in time, twice', async () => {
    const { url, fake } = await start(() => ({ hang: true }), { llmTimeoutMs: 200 });
    const slow = await post(url, { question: 'slow', directory: project.root });
    expect([slow.status, (await json(slow)).error.code]).toEqual([504, 'LLM_TIMEOUT']);
    expect(fake.requests).toHaveLength(2);
  });

  it('Should answer 200 with partial results and an X-Explainer-Notes header at the iteration limit', async () => {
    const { url } = await start((body) => (body.response_format ? answer(VALID) : toolCalls(['list_directory', {}])), { maxToolIterations: 2 });
    const response = await post(url, { question: 'q', directory: project.root });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-explainer-notes')).toBe('MAX_ITERATIONS');
    const body = await json(response);
    expect(body.metadata.toolCalls).toBe(2);
    expect(body.explanation).toMatch(/MAX_ITERATIONS/);
  });

  it('Should serve concurrent requests independently', async () => {
    let releaseSlow: () => void = () => {};
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const { url } = await start(async (body) => {
      const question = String(body.messages[1]?.content);
      const turn = body.messages.filter((m) => m.role === 'assistant').length;
      const who = question.includes('first') ? 'first' : 'second';
      if (who === 'first' && turn === 0) await slowGate;
      if (turn === 0) return toolCalls(['read_file', { path: who === 'first' ? 'src/server.ts' : 'src/auth/jwt.ts' }]);
      return answer({ ...VALID, explanation: `answer to the ${who} question` });
    });
    const order: string[] = [];
    const first = post(url, { question: 'the first question', directory: project.root }).then(async (r) => (order.push('first'), json(r)));
    const second = post(url, { question: 'the second question', directory: project.root }).then(async (r) => (order.push('second'), json(r)));
    const secondBody = await second;
    releaseSlow();
    const firstBody = await first;
    expect(order).toEqual(['second', 'first']);
    expect(firstBody.explanation).toBe('answer to the first question');
    expect(secondBody.explanation).toBe('answer to the second question');
    expect([firstBody.metadata.toolCalls, secondBody.metadata.toolCalls]).toEqual([1, 1]);
    expect([firstBody.metadata.filesExamined, secondBody.metadata.filesExamined]).toEqual([1, 1]);
  });

  it('Should cancel a request, the model call included, when its client goes away', async () => {
    const { url, logs, fake } = await start(() => ({ hang: true }), { llmTimeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = post(url, { question: 'q', directory: project.root }, { 'x-request-id': 'gone-1' }, controller.signal).catch((e: unknown) => e);
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await pending;
    while (fake.abandoned === 0) await new Promise((r) => setTimeout(r, 5));
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'client disconnected: request cancelled', requestId: 'gone-1' }));
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'explain cancelled', requestId: 'gone-1' }));
  });

  it('Should shut down gracefully: no new connections, the request in flight finished', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { url, fake, service: running } = await start(async () => {
      await gate;
      return answer(VALID);
    });
    const inFlight = post(url, { question: 'q', directory: project.root });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    const closed = running.close();
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await json(response)).explanation).toBe(VALID.explanation);
    await closed;
    service = undefined;
  });

  it('Should cancel the requests still in flight when the grace period is over', async () => {
    const { url, fake, service: running, logs } = await start(() => ({ hang: true }), { llmTimeoutMs: 60_000 }, { shutdownGraceMs: 50 });
    const inFlight = post(url, { question: 'q', directory: project.root });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await running.close();
    service = undefined;
    const response = await inFlight;
    expect([response.status, (await json(response)).error.code]).toEqual([503, 'SHUTTING_DOWN']);
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'grace period over: cancelling the requests in flight' }));
  });
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', ...isolatedEnv(), ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the CLI', () => {
  it('Should print the response JSON with explain --json', async () => {
    fake = await startFakeModel((_b, n) => (n === 0 ? toolCalls(['search_code', { pattern: 'verifyToken' }]) : answer(VALID)));
    const result = await run(['explain', 'How are tokens checked?', '--root', project.root, '--json', '--model', 'my-model'], { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(ExplainResponseSchema.strict().parse(body).codeSnippets[0]?.file).toBe('src/auth/jwt.ts');
    expect(fake.requests[0]?.model).toBe('my-model');
    expect(result.stderr).toBe('');
  });

  it('Should print the explanation and numbered snippets for a person', async () => {
    fake = await startFakeModel(() => answer(VALID));
    const withRoot = await run(['explain', 'How are tokens checked?', '--root', project.root], { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    expect(withRoot.code).toBe(0);
    expect(withRoot.stdout).toContain('Tokens are checked by `verifyToken`.');
    expect(withRoot.stdout).toContain('── src/auth/jwt.ts:2-4  The check');
    expect(withRoot.stdout).toContain("3 │   return token.startsWith('valid-');");
    expect(withRoot.stdout).toContain('  - How are tokens issued?');
    expect(withRoot.stdout).toMatch(/\(0 files examined, 0 tool calls, [\d.]+ s, confidence high\)/);
  });

  it('Should refuse to start without a key, and exit 1 with the code when the request fails', async () => {
    const missing = await run(['explain', 'q', '--root', project.root], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/OPENAI_API_KEY is not set/);
    const serveMissing = await run(['serve', '--port', '0'], {});
    expect(serveMissing.code).toBe(2);
    expect(serveMissing.stderr).toMatch(/OPENAI_API_KEY is not set/);
    fake = await startFakeModel(() => failure(401, 'bad key'));
    const refused = await run(['explain', 'q', '--root', project.root], { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^code-index explain: LLM_ERROR: .*401/);
  });

  it('Should serve over HTTP with code-index serve and stop gracefully on SIGTERM', async () => {
    fake = await startFakeModel(() => answer(VALID));
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', ...isolatedEnv(), OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, ALLOWED_ROOTS: project.root, LOG_LEVEL: 'info' },
    });
    let stderr = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const listening = stderr.split('\n').find((line) => line.includes('"listening"'));
        if (listening) resolve((JSON.parse(listening) as { port: number }).port);
      });
      child.once('exit', () => reject(new Error(`serve exited: ${stderr}`)));
    });
    const health = await new Promise<string>((resolve, reject) => {
      httpRequest({ port, path: '/health' }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(health)).toEqual({ status: 'ok', version: VERSION });
    const response = await post(`http://127.0.0.1:${port}`, { question: 'q', directory: project.root }, { 'x-request-id': 'via-cli' });
    expect(response.status).toBe(200);
    expect((await json(response)).explanation).toBe(VALID.explanation);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const logged = stderr.trim().split('\n').map((line) => JSON.parse(line) as LogLine);
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'explain started', 'explain finished', 'http request', 'shutting down', 'server closed']));
    expect(logged.filter((l) => l.msg === 'explain finished')[0]?.requestId).toBe('via-cli');
  });
});
