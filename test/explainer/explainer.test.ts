/**
 * The Explainer agent, run for real (its loop, its tools over a real project, its snippet checks, its client)
 * against a scripted OpenAI-compatible server on loopback. No model and no network.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCodeIndexError } from '../../src/errors.js';
import {
  createExplainer,
  createJsonLogger,
  type ExplainEvent,
  type ExplainerOptions,
  ExplainResponseSchema,
  loadExplainerConfig,
} from '../../src/explainer/index.js';
import { parseAnswer } from '../../src/explainer/answer.js';
import { retryAfter } from '../../src/explainer/llm.js';
import { createProject, FILES, lines, type Project, SECRET } from '../helpers/explainer-project.js';
import { answer, type ChatBody, failure, type FakeModel, type Script, startFakeModel, toolCalls } from '../helpers/fake-openai.js';

let project: Project;
let fake: FakeModel | undefined;
/** Every path the process opened for reading while the tests ran (the worker threads of regex search aside). */
const opened: string[] = [];
const originals = {
  readFileSync: fs.readFileSync,
  openSync: fs.openSync,
  readFile: fs.readFile,
  promisesReadFile: fs.promises.readFile,
  promisesOpen: fs.promises.open,
  createReadStream: fs.createReadStream,
};

function record(path: unknown): void {
  if (typeof path === 'string' || path instanceof URL || Buffer.isBuffer(path)) opened.push(String(path));
}

beforeAll(() => {
  project = createProject();
  const f = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const p = fs.promises as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['readFileSync', 'openSync', 'readFile', 'createReadStream'] as const) {
    const original = originals[name] as unknown as (...args: unknown[]) => unknown;
    f[name] = (...args: unknown[]) => {
      record(args[0]);
      return original(...args);
    };
  }
  p.readFile = (...args: unknown[]) => {
    record(args[0]);
    return (originals.promisesReadFile as unknown as (...a: unknown[]) => unknown)(...args);
  };
  p.open = (...args: unknown[]) => {
    record(args[0]);
    return (originals.promisesOpen as unknown as (...a: unknown[]) => unknown)(...args);
  };
  syncBuiltinESMExports();
});

afterAll(() => {
  Object.assign(fs, { readFileSync: originals.readFileSync, openSync: originals.openSync, readFile: originals.readFile, createReadStream: originals.createReadStream });
  Object.assign(fs.promises, { readFile: originals.promisesReadFile, open: originals.promisesOpen });
  syncBuiltinESMExports();
  project.cleanup();
});

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

async function setup(script: Script, options: Partial<ExplainerOptions> = {}) {
  fake = await startFakeModel(script);
  const logs: LogLine[] = [];
  const explainer = createExplainer({
    apiKey: 'test-key',
    baseURL: fake.baseURL,
    model: 'fake-model',
    allowedRoots: [project.root],
    logger: createJsonLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line) as LogLine) }),
    retry: { baseDelayMs: 1 },
    ...options,
  });
  return { explainer, logs, fake };
}

/** The tool results the model was sent in a request, by tool call id, parsed. */
function toolResults(body: ChatBody | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of body?.messages ?? []) if (m.role === 'tool' && m.tool_call_id) out[m.tool_call_id] = String(m.content);
  return out;
}

/** The tool results of the last request, in the order of the calls that asked for them. */
function lastResults(model: FakeModel): string[] {
  const body = model.requests.at(-1);
  const calls = body?.messages.filter((m) => m.role === 'assistant' && m.tool_calls).at(-1)?.tool_calls ?? [];
  const results = toolResults(body);
  return calls.map((c) => results[c.id] ?? '<missing>');
}

const VALID_ANSWER = {
  explanation: 'Requests pass through `authMiddleware`, which checks the bearer token with `verifyToken`.',
  codeSnippets: [{ file: 'src/auth/jwt.ts', startLine: 2, endLine: 4, content: lines('src/auth/jwt.ts', 2, 4), relevance: 'The token check' }],
  confidence: 'high',
  suggestedQuestions: ['How are tokens issued?'],
};

describe('the loop', () => {
  it('Should investigate with several tools, feed every result back and return a checked, schema-exact answer', async () => {
    const middleware = lines('src/auth/middleware.ts', 4, 9);
    const { explainer, logs, fake } = await setup((body, n) => {
      if (n === 0) return toolCalls(['list_directory', { path: '.', maxDepth: 2 }]);
      if (n === 1) return toolCalls(['search_code', { pattern: 'auth|jwt', directory: '.' }]);
      if (n === 2) return toolCalls(['file_outline', { file: 'src/auth/middleware.ts' }], ['search_symbols', { query: 'verifyToken' }]);
      if (n === 3) return toolCalls(['read_file', { path: 'src/auth/middleware.ts' }], ['analyze_imports', { file: 'src/auth/middleware.ts', direction: 'both' }], ['read_file', { path: join(project.root, 'src/auth/jwt.ts') }]);
      return answer(
        `Here is my answer:\n\`\`\`json\n${JSON.stringify({
          explanation: 'Every route goes through `authMiddleware` (src/auth/middleware.ts), which reads the bearer token and checks it with `verifyToken` (src/auth/jwt.ts).',
          codeSnippets: [
            { file: 'src/auth/middleware.ts', startLine: 4, endLine: 9, content: middleware, relevance: 'The middleware' },
            // Right lines, wrong numbers: moved to where they are.
            { file: 'src/auth/jwt.ts', startLine: 10, endLine: 12, content: lines('src/auth/jwt.ts', 2, 4), relevance: 'The token check' },
            // Invented code: dropped.
            { file: 'src/server.ts', startLine: 1, endLine: 2, content: 'app.listen(3000);\nconsole.log("up");', relevance: 'Startup' },
            // Outside the project: dropped, never read.
            { file: '/etc/passwd', startLine: 1, endLine: 1, content: 'root:x:0:0', relevance: 'nothing' },
            // Elided: filled in from the file.
            { file: 'src/auth/middleware.ts', startLine: 4, endLine: 9, content: 'export async function authMiddleware(req: Req, res: Res, next: () => void) {\n  ...\n}', relevance: 'Whole function' },
          ],
          confidence: 'high',
          suggestedQuestions: ['How are tokens issued?', 'What happens on 401?', 'Which routes are public?', 'A fourth?', 'A fifth?'],
        })}\n\`\`\``,
      );
    });
    const response = await explainer.explain({ question: 'How does authentication work?', directory: project.root }, { requestId: 'req-normal-1' });

    expect(ExplainResponseSchema.strict().safeParse(response).success).toBe(true);
    expect(Object.keys(response).sort()).toEqual(['codeSnippets', 'explanation', 'metadata', 'suggestedQuestions']);
    expect(response.codeSnippets).toEqual([
      { file: 'src/auth/middleware.ts', startLine: 4, endLine: 9, content: middleware, relevance: 'The middleware' },
      { file: 'src/auth/jwt.ts', startLine: 2, endLine: 4, content: lines('src/auth/jwt.ts', 2, 4), relevance: 'The token check' },
    ]);
    for (const s of response.codeSnippets) expect(s.content).toBe(lines(s.file, s.startLine, s.endLine));
    expect(response.explanation).toContain('Every route goes through `authMiddleware`');
    expect(response.explanation).toContain('src/auth/jwt.ts lines 2-4: line numbers corrected from 10-12');
    expect(response.explanation).toMatch(/src\/server\.ts lines 1-2: the quoted code is not in the file, dropped/);
    expect(response.explanation).toMatch(/\/etc\/passwd: outside the project or the request's scope, dropped/);
    expect(response.suggestedQuestions).toEqual(['How are tokens issued?', 'What happens on 401?', 'Which routes are public?']);
    expect(response.metadata.toolCalls).toBe(7);
    expect(response.metadata.confidence).toBe('high');
    // Read, outlined, or matched by a search: middleware.ts, jwt.ts, server.ts (its import matches auth).
    expect(response.metadata.filesExamined).toBe(3);

    // Five model turns; every tool call answered with its id, in the next request.
    expect(fake.requests).toHaveLength(5);
    expect(fake.requests[0]?.tools?.map((t) => t.function.name).sort()).toEqual(
      ['analyze_imports', 'file_outline', 'find_definition', 'get_signatures', 'list_directory', 'read_file', 'search_code', 'search_symbols'],
    );
    expect(fake.requests[0]?.tool_choice).toBe('auto');
    expect(fake.requests[0]?.messages[0]?.role).toBe('system');
    expect(String(fake.requests[0]?.messages[1]?.content)).toContain('How does authentication work?');
    const [read, imports, readAbsolute] = lastResults(fake);
    expect(JSON.parse(read ?? '').content).toBe(FILES['src/auth/middleware.ts']?.trimEnd());
    expect(JSON.parse(imports ?? '')).toEqual({ imports: [{ from: './jwt', items: ['verifyToken'] }], exports: [{ name: 'authMiddleware', type: 'function' }] });
    expect(JSON.parse(readAbsolute ?? '').totalLines).toBe(4);
    const search = JSON.parse(toolResults(fake.requests[2])[fake.requests[2]?.messages.at(-2)?.tool_calls?.[0]?.id ?? ''] ?? '{}');
    expect(search.matches.map((m: { file: string }) => m.file)).not.toContain('node_modules/dep/index.js');

    // Every line of the request carries its correlation id; each tool call and file access is logged.
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(line.requestId).toBe('req-normal-1');
    const calls = logs.filter((l) => l.msg === 'tool call');
    // Calls of one turn run in parallel and are logged as each finishes: compare each turn's calls as a set.
    const byTurn = new Map<unknown, string[]>();
    for (const call of calls) byTurn.set(call.iteration, [...(byTurn.get(call.iteration) ?? []), String(call.tool)].sort());
    expect([...byTurn.values()].flat()).toEqual(['list_directory', 'search_code', 'file_outline', 'search_symbols', 'analyze_imports', 'read_file', 'read_file']);
    expect(calls.some((call) => call.tool === 'read_file' && JSON.stringify(call.args) === JSON.stringify({ path: 'src/auth/middleware.ts' }))).toBe(true);
    expect(logs.some((l) => l.msg === 'file access' && l.path === 'src/auth/jwt.ts')).toBe(true);
    expect(logs.at(-1)).toMatchObject({ msg: 'explain finished', toolCalls: 7, iterations: 4 });
    // Nothing of the file contents is logged.
    expect(JSON.stringify(logs)).not.toContain("token.startsWith('valid-')");
  });

  it('Should run the tool calls of one turn in parallel, answering each by its id', async () => {
    const { explainer, fake } = await setup((_body, n) =>
      n === 0
        ? toolCalls(['read_file', { path: 'src/auth/jwt.ts' }], ['read_file', { path: 'src/server.ts' }], ['get_signatures', { file: 'src/auth/middleware.ts' }], ['find_definition', { symbol: 'verifyToken' }])
        : answer(VALID_ANSWER),
    );
    const events: ExplainEvent[] = [];
    const response = await explainer.explain({ question: 'q', directory: project.root }, { onEvent: (e) => events.push(e) });
    const steps = events.filter((e) => e.type === 'tool_call' || e.type === 'tool_result').map((e) => e.type);
    // All four started before the first finished.
    expect(steps).toEqual(['tool_call', 'tool_call', 'tool_call', 'tool_call', 'tool_result', 'tool_result', 'tool_result', 'tool_result']);
    const [jwt, server, signatures, definition] = lastResults(fake).map((r) => JSON.parse(r));
    expect(jwt.totalLines).toBe(4);
    expect(server.content).toContain('export const app');
    expect(signatures.signatures[0].signature).toContain('authMiddleware(');
    expect(definition).toMatchObject({ symbol: 'verifyToken', found: true, definitions: [{ file: 'src/auth/jwt.ts', line: 2 }] });
    expect(response.metadata.toolCalls).toBe(4);
    expect(response.metadata.filesExamined).toBe(3);
  });

  it('Should answer malformed tool arguments and unknown tools with coded results and go on', async () => {
    const { explainer, fake } = await setup((_body, n) =>
      n === 0
        ? toolCalls(['read_file', '{"path": "src/auth/jwt.ts"'], ['read_file', { path: 42 }], ['read_file', { path: 'src/auth/jwt.ts', extra: true }], ['delete_everything', {}], ['read_file', ''])
        : answer(VALID_ANSWER),
    );
    const response = await explainer.explain({ question: 'q', directory: project.root });
    const results = lastResults(fake).map((r) => JSON.parse(r).error);
    expect(results.map((e) => e.code)).toEqual(['INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'UNKNOWN_TOOL', 'INVALID_ARGUMENT']);
    expect(results[0].message).toMatch(/not valid JSON/);
    expect(results[2].message).toMatch(/unknown argument "extra"/);
    expect(results[3].message).toMatch(/Available tools: list_directory/);
    expect(response.codeSnippets).toHaveLength(1);
    // The model's own slips are not limitations of the answer.
    expect(response.explanation).not.toContain('Limitations');
    expect(response.metadata.toolCalls).toBe(5);
  });

  it('Should refuse /etc/passwd and symlinks out of the root as tool results the model can correct, reading nothing outside', async () => {
    opened.length = 0;
    const { explainer, logs, fake } = await setup((_body, n) =>
      n === 0
        ? toolCalls(
            ['read_file', { path: '/etc/passwd' }],
            ['read_file', { path: 'src/link.ts' }],
            ['read_file', { path: 'outdir/secret.ts' }],
            ['read_file', { path: '../outside/secret.ts' }],
            ['list_directory', { path: '../' }],
            ['search_code', { pattern: 'hunter2', directory: 'outdir' }],
            ['analyze_imports', { file: 'src/link.ts' }],
            ['file_outline', { file: 'outdir/secret.ts' }],
          )
        : n === 1
          ? toolCalls(['search_code', { pattern: 'hunter2' }], ['list_directory', { path: '.', maxDepth: 3 }])
          : answer(VALID_ANSWER),
    );
    const response = await explainer.explain({ question: 'What secrets are there?', directory: project.root }, { requestId: 'req-traversal' });
    const first = toolResults(fake.requests[1]);
    const codes = Object.values(first).map((r) => JSON.parse(r).error?.code);
    expect(codes).toEqual(Array(8).fill('PATH_TRAVERSAL'));
    expect(Object.values(first)[0]).toContain('resolves outside the root');
    const [search, listing] = lastResults(fake).map((r) => JSON.parse(r));
    // The text a model reads leaves empty fields out (issue 15): no `matches` is no match.
    expect(search.matches ?? []).toEqual([]);
    expect(listing.entries.map((e: { path: string }) => e.path)).not.toContain('src/link.ts');

    // Nothing outside the root reached the model, the response or the logs, and nothing there was opened.
    for (const text of [...fake.raw, JSON.stringify(response), JSON.stringify(logs)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('root:x:0:0');
    }
    expect(opened.filter((path) => path.startsWith(project.outside) || path === '/etc/passwd')).toEqual([]);
    // (The spy sees reads: the snippet check read jwt.ts.)
    expect(opened).toContain(join(project.root, 'src/auth/jwt.ts'));

    // Each refusal is logged as a warning with the request id, and the answer says what was refused.
    const refused = logs.filter((l) => l.msg === 'file access refused: outside the root');
    expect(refused).toHaveLength(8);
    for (const line of refused) expect(line).toMatchObject({ level: 'warn', requestId: 'req-traversal', code: 'PATH_TRAVERSAL' });
    expect(response.explanation).toContain('PATH_TRAVERSAL: read_file: Path "/etc/passwd" resolves outside the root');
  });

  it('Should refuse a request whose directory is outside the allowed roots, before touching it', async () => {
    const { explainer, fake, logs } = await setup(() => answer(VALID_ANSWER));
    for (const [directory, code] of [
      [project.outside, 'PATH_TRAVERSAL'],
      [join(project.root, 'outdir'), 'PATH_TRAVERSAL'],
      ['/etc', 'PATH_TRAVERSAL'],
      [`${project.root}/../outside`, 'PATH_TRAVERSAL'],
      [join(project.root, 'missing'), 'DIR_NOT_FOUND'],
      [join(project.root, 'README.md'), 'DIR_NOT_FOUND'],
      ['relative/path', 'INVALID_ARGUMENT'],
    ] as const) {
      const error = await explainer.explain({ question: 'q', directory }).catch((e: unknown) => e);
      expect(isCodeIndexError(error) && error.code, directory).toBe(code);
    }
    const patterns = await explainer.explain({ question: 'q', directory: project.root, options: { excludePatterns: ['x'.repeat(501)] } }).catch((e: unknown) => e);
    expect(isCodeIndexError(patterns, 'INVALID_ARGUMENT') && patterns.message).toMatch(/options\.excludePatterns may hold at most 100 patterns/);
    const invalid = await explainer.explain({ question: '', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(invalid, 'INVALID_ARGUMENT') && invalid.message).toMatch(/question: Too small/);
    expect(fake.requests).toHaveLength(0);
    expect(logs.filter((l) => l.msg === 'directory outside the allowed roots refused')).toHaveLength(4);
  });

  it('Should stop an endless tool-calling model at maxToolIterations and answer from partial results (MAX_ITERATIONS)', async () => {
    const { explainer, fake } = await setup((body) => (body.response_format ? answer(VALID_ANSWER) : toolCalls(['list_directory', { path: 'src' }])), { maxToolIterations: 3 });
    const events: ExplainEvent[] = [];
    const response = await explainer.explain({ question: 'q', directory: project.root }, { onEvent: (e) => events.push(e) });
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests.slice(0, 3).every((r) => r.tool_choice === 'auto' && !r.response_format)).toBe(true);
    const final = fake.requests[3];
    expect(final?.tools).toBeUndefined();
    expect(final?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'final_answer', strict: true } });
    expect(String(final?.messages.at(-1)?.content)).toMatch(/used all 3 turns/);
    expect(response.metadata.toolCalls).toBe(3);
    expect(response.metadata.confidence).toBe('medium');
    expect(response.explanation).toMatch(/MAX_ITERATIONS: The investigation stopped after 3 rounds/);
    expect(response.codeSnippets).toHaveLength(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'note', code: 'MAX_ITERATIONS' }));
  });

  it('Should share a budget of tool result characters, cutting results to fit, and answer when it is used up', async () => {
    const { explainer, fake } = await setup((body) =>
      body.response_format ? answer(VALID_ANSWER) : toolCalls(['read_file', { path: 'src/auth/middleware.ts' }], ['list_directory', { path: '.', maxDepth: 3 }], ['read_file', { path: 'README.md' }]),
    { toolResultBudgetChars: 2500 });
    const response = await explainer.explain({ question: 'q', directory: project.root });
    // Turn 1 gets 2500 / 3 = 833 characters per result; turn 2 what is left, split three ways but at least 1000;
    // then less than 1000 is left and the final answer is asked for.
    const turns = fake.requests.filter((r) => !r.response_format);
    expect(turns).toHaveLength(2);
    const firstResults = Object.values(toolResults(turns[1]));
    expect(firstResults).toHaveLength(3);
    for (const text of firstResults) expect(text.length).toBeLessThanOrEqual(833 + 200);
    expect(fake.requests.at(-1)?.response_format?.type).toBe('json_schema');
    expect(response.explanation).toMatch(/TOOL_RESULT_BUDGET: The investigation stopped after 2 rounds/);
    expect(response.metadata.confidence).toBe('medium');
  });

  it('Should start no new round of tools after the time budget, and answer from what it found', async () => {
    const { explainer, fake } = await setup((body) => (body.response_format ? answer(VALID_ANSWER) : { ...toolCalls(['list_directory', {}]), delayMs: 30 }), { timeBudgetMs: 1 });
    const response = await explainer.explain({ question: 'q', directory: project.root });
    // The first round always runs; the deadline has passed before the second.
    expect(fake.requests.map((r) => (r.response_format ? 'final' : 'turn'))).toEqual(['turn', 'final']);
    expect(response.metadata.toolCalls).toBe(1);
    expect(response.explanation).toMatch(/TIME_BUDGET: The investigation stopped after 1 round of tool calls/);
  });

  it('Should ask once more, as structured output, for a malformed final answer', async () => {
    const { explainer, fake, logs } = await setup((body, n) => (n === 0 ? answer('Authentication uses JWT, I believe.') : body.response_format ? answer(VALID_ANSWER) : answer('?')));
    const response = await explainer.explain({ question: 'q', directory: project.root });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.response_format?.type).toBe('json_schema');
    expect(String(fake.requests[1]?.messages.at(-1)?.content)).toMatch(/could not be used: the reply is not a JSON object/);
    expect(fake.requests[1]?.messages.at(-2)).toMatchObject({ role: 'assistant', content: 'Authentication uses JWT, I believe.' });
    expect(response.explanation).toBe(VALID_ANSWER.explanation);
    expect(response.metadata.confidence).toBe('high');
    expect(logs.some((l) => l.msg === 'malformed final answer: asking once more')).toBe(true);
  });

  it('Should return what can be used, with low confidence, when the final answer is malformed twice', async () => {
    const { explainer } = await setup((_body, n) => (n === 0 ? answer('Authentication uses JWT.') : answer('{"explanation": 42}')));
    const response = await explainer.explain({ question: 'q', directory: project.root });
    expect(response.explanation).toMatch(/^Authentication uses JWT\./);
    expect(response.explanation).toMatch(/MALFORMED_ANSWER/);
    expect(response.codeSnippets).toEqual([]);
    expect(response.metadata.confidence).toBe('low');
    expect(ExplainResponseSchema.safeParse(response).success).toBe(true);
  });

  it('Should fall back to a plain request when the endpoint refuses structured output', async () => {
    const { explainer, fake } = await setup((body, n) =>
      n === 0 ? answer('not json') : body.response_format ? failure(400, "response_format 'json_schema' is not supported") : answer(VALID_ANSWER),
    );
    const response = await explainer.explain({ question: 'q', directory: project.root });
    expect(fake.requests.map((r) => r.response_format?.type ?? 'none')).toEqual(['none', 'json_schema', 'none']);
    expect(response.explanation).toBe(VALID_ANSWER.explanation);
  });
});

describe('the request options', () => {
  it('Should honour maxFiles, maxDepth, includePatterns and excludePatterns in every tool', async () => {
    const { explainer, fake } = await setup((_body, n) =>
      n === 0
        ? toolCalls(
            ['read_file', { path: 'README.md' }],
            ['read_file', { path: 'src/server.ts' }],
            ['read_file', { path: 'src/auth/jwt.ts' }],
            ['search_code', { pattern: 'auth' }],
            ['list_directory', { path: '.', maxDepth: 5 }],
            ['search_symbols', { query: 'verifyToken' }],
            ['list_directory', { path: 'src/auth' }],
          )
        : n === 1
          ? toolCalls(['read_file', { path: 'package.json' }], ['read_file', { path: 'README.md', startLine: 1, endLine: 1 }])
          : answer(VALID_ANSWER),
    );
    const response = await explainer.explain({
      question: 'q',
      directory: project.root,
      options: { maxFiles: 2, maxDepth: 2, includePatterns: ['**/*.ts', '**/*.md'], excludePatterns: ['**/server.ts'] },
    });
    const [readme, server, jwt, search, listing, symbols, deep] = Object.values(toolResults(fake.requests[1])).map((r) => JSON.parse(r));
    expect(readme.content).toContain('# Demo API');
    expect(server.error).toMatchObject({ code: 'FILE_UNREADABLE', details: { reason: 'EXCLUDED' } });
    expect(jwt.error).toMatchObject({ code: 'FILE_UNREADABLE', details: { reason: 'TOO_DEEP' } });
    expect(search.matches.map((m: { file: string }) => m.file)).toEqual(['README.md']);
    // Two levels at most; server.ts excluded; the symlinks (src/link.ts, outdir) are never listed.
    expect(listing.entries.map((e: { path: string }) => e.path)).toEqual(['package.json', 'README.md', 'src', 'src/auth']);
    expect(symbols.matches ?? []).toEqual([]);
    expect(deep.error).toMatchObject({ code: 'FILE_UNREADABLE', details: { reason: 'TOO_DEEP' } });
    const [packageJson, again] = lastResults(fake).map((r) => JSON.parse(r));
    // README.md was read, so only one more file fits: package.json; reading README.md again is free.
    expect(packageJson.content).toContain('demo-api');
    expect(again.content).toBe('# Demo API');
    expect(response.explanation).toMatch(/FILE_UNREADABLE: read_file: src\/server\.ts is excluded/);
    // The answer cites a file deeper than maxDepth: dropped like any snippet out of scope.
    expect(response.codeSnippets).toEqual([]);
    expect(response.explanation).toMatch(/src\/auth\/jwt\.ts: outside the project or the request's scope, dropped/);
    expect(response.metadata.filesExamined).toBe(2);
  });

  it('Should refuse a third distinct file with maxFiles 2 and note it', async () => {
    const { explainer, fake } = await setup((_body, n) =>
      n === 0 ? toolCalls(['read_file', { path: 'src/auth/jwt.ts' }], ['file_outline', { file: 'src/server.ts' }], ['analyze_imports', { file: 'src/auth/middleware.ts' }]) : answer(VALID_ANSWER),
    );
    const response = await explainer.explain({ question: 'q', directory: project.root, options: { maxFiles: 2 } });
    const third = JSON.parse(lastResults(fake)[2] ?? '');
    expect(third.error).toMatchObject({ code: 'FILE_UNREADABLE', details: { reason: 'MAX_FILES' } });
    expect(response.explanation).toMatch(/may read at most 2 files/);
  });

  it('Should not read files over MAX_FILE_SIZE_KB, nor report search matches in them', async () => {
    const big = join(project.root, 'src/big.ts');
    fs.writeFileSync(big, `export const auth = 1;\n${'// filler line of text\n'.repeat(100)}`);
    try {
      const { explainer, fake } = await setup((_body, n) => (n === 0 ? toolCalls(['read_file', { path: 'src/big.ts' }], ['search_code', { pattern: 'export const auth' }]) : answer(VALID_ANSWER)), { maxFileSizeKb: 1 });
      const response = await explainer.explain({ question: 'q', directory: project.root });
      const [read, search] = lastResults(fake).map((r) => JSON.parse(r));
      expect(read.error).toMatchObject({ code: 'FILE_UNREADABLE', details: { reason: 'FILE_TOO_LARGE' } });
      expect(search.matches ?? []).toEqual([]);
      expect(response.explanation).toMatch(/FILE_UNREADABLE: read_file: .*big\.ts/);
    } finally {
      fs.rmSync(big);
    }
  });
});

describe('the model endpoint', () => {
  it('Should retry a 429 after the time retry-after asks for, then succeed', async () => {
    const { explainer, fake, logs } = await setup((_body, n) => (n === 0 ? failure(429, 'Rate limit reached', { 'retry-after-ms': '30' }) : answer(VALID_ANSWER)));
    const response = await explainer.explain({ question: 'q', directory: project.root }, { requestId: 'req-429' });
    expect(response.explanation).toBe(VALID_ANSWER.explanation);
    expect(fake.requests).toHaveLength(2);
    expect(logs.find((l) => l.msg === 'llm call retried')).toMatchObject({ level: 'warn', requestId: 'req-429', code: 'RATE_LIMIT', status: 429, retryInMs: 30 });
  });

  it('Should back off with jitter when a 429 has no retry-after, and give up with RATE_LIMIT after the retries', async () => {
    const { explainer, fake, logs } = await setup(() => failure(429, 'Rate limit reached'), { retry: { baseDelayMs: 4, maxRateLimitRetries: 3 } });
    const error = await explainer.explain({ question: 'q', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(error, 'RATE_LIMIT')).toBe(true);
    expect(fake.requests).toHaveLength(4);
    const delays = logs.filter((l) => l.msg === 'llm call retried').map((l) => l.retryInMs as number);
    // base × 2^n, each between half and all of it.
    expect(delays).toHaveLength(3);
    delays.forEach((delay, n) => {
      expect(delay).toBeGreaterThanOrEqual(2 * 2 ** n);
      expect(delay).toBeLessThanOrEqual(4 * 2 ** n);
    });
  });

  it('Should not wait for a retry-after longer than the longest delay: RATE_LIMIT at once, carrying it', async () => {
    const { explainer, fake } = await setup(() => failure(429, 'Rate limit reached', { 'retry-after': '120' }));
    const error = await explainer.explain({ question: 'q', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(error, 'RATE_LIMIT') && error.data.retryAfterMs).toBe(120_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('Should retry a call that times out once, then succeed', async () => {
    const { explainer, fake, logs } = await setup((_body, n) => (n === 0 ? { hang: true } : answer(VALID_ANSWER)), { llmTimeoutMs: 2000 });
    const response = await explainer.explain({ question: 'q', directory: project.root }, { requestId: 'req-timeout' });
    expect(response.explanation).toBe(VALID_ANSWER.explanation);
    expect(fake.requests).toHaveLength(2);
    expect(logs.find((l) => l.msg === 'llm call retried')).toMatchObject({ requestId: 'req-timeout', code: 'LLM_TIMEOUT' });
  });

  it('Should fail with LLM_TIMEOUT when the retry times out too', async () => {
    const { explainer, fake } = await setup(() => ({ hang: true }), { llmTimeoutMs: 300 });
    const error = await explainer.explain({ question: 'q', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(error, 'LLM_TIMEOUT') && error.message).toMatch(/did not answer within 300 ms, twice/);
    expect(fake.requests).toHaveLength(2);
  });

  it('Should report a refused key or an unknown model as LLM_ERROR with the next step', async () => {
    const { explainer } = await setup(() => failure(401, 'Incorrect API key provided'));
    const error = await explainer.explain({ question: 'q', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(error, 'LLM_ERROR') && error.message).toMatch(/failed with 401: .*Incorrect API key.*check OPENAI_API_KEY/);
    const unreachable = createExplainer({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', allowedRoots: [project.root], retry: { baseDelayMs: 1 } });
    const refused = await unreachable.explain({ question: 'q', directory: project.root }).catch((e: unknown) => e);
    expect(isCodeIndexError(refused, 'LLM_ERROR') && refused.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9\/v1/);
  });

  it('Should cancel the model call in flight when the caller aborts', async () => {
    const { explainer } = await setup(() => ({ hang: true }), { llmTimeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = explainer.explain({ question: 'q', directory: project.root }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(pending).rejects.toThrow('stop');
  });

  it('Should read retry-after in milliseconds, seconds and as a date', () => {
    expect(retryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfter(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('configuration', () => {
  it('Should refuse to start without a key, naming the variable and the local-server workaround', () => {
    expect(() => loadExplainerConfig({})).toThrow(/OPENAI_API_KEY is not set.*OPENAI_API_KEY=local/);
    expect(() => createExplainer({ apiKey: '' })).toThrow(/An API key is required/);
  });

  it('Should read the seed variables with their defaults and list every bad one', () => {
    expect(loadExplainerConfig({ OPENAI_API_KEY: 'k' })).toEqual({
      apiKey: 'k',
      baseURL: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      port: 8080,
      host: '127.0.0.1',
      maxToolIterations: 10,
      maxFileSizeKb: 500,
      logLevel: 'info',
      allowedRoots: [],
      llmTimeoutMs: 60_000,
    });
    const config = loadExplainerConfig(
      { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://localhost:11434/v1', CODE_INDEX_MODEL: 'llama3.1', PORT: '9000', MAX_TOOL_ITERATIONS: '4', MAX_FILE_SIZE_KB: '64', LOG_LEVEL: 'debug', ALLOWED_ROOTS: '/srv/a, /srv/b,' },
      { model: 'qwen2.5-coder' },
    );
    expect(config).toMatchObject({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5-coder', port: 9000, maxToolIterations: 4, maxFileSizeKb: 64, logLevel: 'debug', allowedRoots: ['/srv/a', '/srv/b'] });
    let message = '';
    try {
      loadExplainerConfig({ OPENAI_API_KEY: 'k', PORT: 'eighty', MAX_TOOL_ITERATIONS: '0', LOG_LEVEL: 'loud', ALLOWED_ROOTS: 'relative', OPENAI_BASE_URL: 'ftp://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'MAX_TOOL_ITERATIONS', 'LOG_LEVEL', 'ALLOWED_ROOTS', 'OPENAI_BASE_URL']) expect(message).toContain(name);
  });

  it('Should refuse an allowed root that does not exist, at creation', () => {
    expect(() => createExplainer({ apiKey: 'k', allowedRoots: [join(project.base, 'nope')] })).toThrow(/is not an existing directory; fix ALLOWED_ROOTS/);
  });
});

describe('parseAnswer', () => {
  it('Should read fenced or wrapped JSON, cut the follow-ups to three and name what is missing', () => {
    expect(parseAnswer('```json\n{"explanation":"x","codeSnippets":[],"confidence":"low","suggestedQuestions":["a","b","c","d"]}\n```')).toMatchObject({
      explanation: 'x',
      suggestedQuestions: ['a', 'b', 'c'],
      problems: [],
    });
    expect(parseAnswer('Sure: {"explanation":"y"} hope it helps').problems).toEqual([]);
    expect(parseAnswer('{"codeSnippets":[]}').problems).toEqual(['"explanation" is missing or not a non-empty string']);
    expect(parseAnswer('').problems).toEqual(['the reply was empty']);
  });
});
