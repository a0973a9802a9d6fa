/**
 * The bodies of `code-index explain` and `code-index serve`; `cli/main.ts` only dispatches to them.
 *
 * @module
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isCodeIndexError } from '../errors.js';
import { createExplainer, type ExplainEvent } from './agent.js';
import { loadExplainerConfig } from './config.js';
import { createExplainerServer } from './http.js';
import { createJsonLogger, type LogLevel } from './logger.js';
import type { ExplainResponse } from './schemas.js';

/** Where a command reads and writes (the process's streams by default; tests pass their own). */
export interface CommandIO {
  env?: Record<string, string | undefined>;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Ends `serve` (besides SIGTERM and SIGINT) and cancels `explain`. */
  signal?: AbortSignal;
}

const EXPLAIN_USAGE = `Usage: code-index explain "QUESTION" [--root DIR] [--model M] [--json]

Asks a model to investigate the codebase under DIR (default: the current directory) with code-index's tools and
explain the answer, backed by snippets of the code.

Options:
  --root DIR   the codebase (nothing outside it is read)
  --model M    the model (default: CODE_INDEX_MODEL, else gpt-4o-mini)
  --json       print the response JSON (the Codebase Explainer spec's schema)

Environment: OPENAI_API_KEY (required; any placeholder for a local server), OPENAI_BASE_URL (default the OpenAI
API; e.g. http://localhost:11434/v1 for Ollama), MAX_TOOL_ITERATIONS, MAX_FILE_SIZE_KB, LLM_TIMEOUT_MS, LOG_LEVEL
(JSON logs on stderr; off unless set).
`;

const SERVE_USAGE = `Usage: code-index serve [--port N] [--host H]

Serves the Codebase Explainer over HTTP: POST /explain, GET /health.

Options:
  --port N   port (default: PORT, else 8080)
  --host H   interface (default: HOST, else 127.0.0.1; 0.0.0.0 in a container)

Environment: OPENAI_API_KEY (required; any placeholder for a local server), OPENAI_BASE_URL, CODE_INDEX_MODEL,
ALLOWED_ROOTS (comma separated; default the current directory), MAX_TOOL_ITERATIONS, MAX_FILE_SIZE_KB,
LLM_TIMEOUT_MS, LOG_LEVEL (default info; JSON lines on stderr).
`;

/**
 * `code-index explain "QUESTION" [--root DIR] [--model M] [--json]`. Resolves the exit code: 0 answered, 1 the
 * request failed, 2 bad usage or configuration, 130 interrupted.
 */
export async function runExplainCommand(argv: string[], io: CommandIO = {}): Promise<number> {
  const env = io.env ?? process.env;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { root: { type: 'string' }, model: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    stderr.write(`code-index explain: ${(error as Error).message}\n\n${EXPLAIN_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    stdout.write(EXPLAIN_USAGE);
    return 0;
  }
  const question = parsed.positionals.join(' ').trim();
  if (question === '') {
    stderr.write(`code-index explain: a QUESTION is required\n\n${EXPLAIN_USAGE}`);
    return 2;
  }
  const root = resolve(parsed.values.root ?? process.cwd());
  const spinner = createSpinner(stderr, parsed.values.json !== true);
  let explainer;
  try {
    const config = loadExplainerConfig(env, {
      model: parsed.values.model,
      allowedRoots: [root],
      // The person at the terminal wants the answer (its limitations are in it), not log lines; LOG_LEVEL turns
      // them on.
      logLevel: (env.LOG_LEVEL?.trim() || 'silent') as LogLevel,
    });
    explainer = createExplainer({
      apiKey: config.apiKey,
      model: config.model,
      baseURL: config.baseURL,
      maxToolIterations: config.maxToolIterations,
      maxFileSizeKb: config.maxFileSizeKb,
      llmTimeoutMs: config.llmTimeoutMs,
      allowedRoots: [root],
      logger: createJsonLogger({ level: config.logLevel, write: (line) => spinner.write(line) }),
    });
  } catch (error) {
    stderr.write(`code-index explain: ${(error as Error).message}\n`);
    return 2;
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', interrupt);
  io.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    const response = await explainer.explain({ question, directory: root }, { signal: controller.signal, onEvent: (event) => spinner.update(event) });
    spinner.stop();
    stdout.write(parsed.values.json ? `${JSON.stringify(response, null, 2)}\n` : formatResponse(response));
    return 0;
  } catch (error) {
    spinner.stop();
    if (controller.signal.aborted) {
      stderr.write('code-index explain: interrupted\n');
      return 130;
    }
    stderr.write(isCodeIndexError(error) ? `code-index explain: ${error.code}: ${error.message}\n` : `code-index explain: unexpected error: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', interrupt);
    io.signal?.removeEventListener('abort', interrupt);
  }
}

/** `code-index serve [--port N] [--host H]`: resolves 0 after a graceful shutdown (SIGTERM, SIGINT). */
export async function runServeCommand(argv: string[], io: CommandIO = {}): Promise<number> {
  const env = io.env ?? process.env;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    stderr.write(`code-index serve: ${(error as Error).message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    stdout.write(SERVE_USAGE);
    return 0;
  }
  let service;
  try {
    const config = loadExplainerConfig(env, { port: parsed.values.port, host: parsed.values.host });
    const log = createJsonLogger({ level: config.logLevel, write: (line) => stderr.write(line) });
    const explainer = createExplainer({
      apiKey: config.apiKey,
      model: config.model,
      baseURL: config.baseURL,
      maxToolIterations: config.maxToolIterations,
      maxFileSizeKb: config.maxFileSizeKb,
      llmTimeoutMs: config.llmTimeoutMs,
      allowedRoots: config.allowedRoots,
      logger: log,
    });
    if (config.allowedRoots.length === 0) log.warn({ allowedRoots: explainer.allowedRoots }, 'ALLOWED_ROOTS is not set: only the working directory may be explained');
    service = createExplainerServer({ explainer, logger: log });
    const address = await service.listen(config.port, config.host);
    log.info({ ...address, model: explainer.model, baseURL: explainer.baseURL, allowedRoots: explainer.allowedRoots }, 'listening');
  } catch (error) {
    stderr.write(`code-index serve: ${(error as Error).message}\n`);
    return 2;
  }
  const running = service;
  await new Promise<void>((resolveStop) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      io.signal?.removeEventListener('abort', stop);
      void running.close().then(resolveStop);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    io.signal?.addEventListener('abort', stop, { once: true });
  });
  return 0;
}

/** The response for a person: the explanation, each snippet with its line numbers, the follow-ups. */
export function formatResponse(response: ExplainResponse): string {
  const out = [response.explanation.trim(), ''];
  for (const snippet of response.codeSnippets) {
    out.push(`── ${snippet.file}:${snippet.startLine}-${snippet.endLine}${snippet.relevance ? `  ${snippet.relevance}` : ''}`);
    const width = String(snippet.endLine).length;
    snippet.content.split('\n').forEach((line, i) => out.push(`${String(snippet.startLine + i).padStart(width)} │ ${line}`));
    out.push('');
  }
  if (response.suggestedQuestions.length > 0) {
    out.push('Follow-up questions:', ...response.suggestedQuestions.map((q) => `  - ${q}`), '');
  }
  const { filesExamined, toolCalls, executionTimeMs, confidence } = response.metadata;
  out.push(`(${filesExamined} files examined, ${toolCalls} tool calls, ${(executionTimeMs / 1000).toFixed(1)} s, confidence ${confidence})`);
  return `${out.join('\n')}\n`;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner on a terminal (nothing elsewhere) showing the current step; log lines print above it. */
function createSpinner(stream: NodeJS.WritableStream & { isTTY?: boolean }, enabled: boolean) {
  const active = enabled && stream.isTTY === true;
  let label = 'thinking';
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const clear = () => active && stream.write('\r\x1b[K');
  const draw = () => {
    if (!active) return;
    const columns = (stream as { columns?: number }).columns ?? 80;
    stream.write(`\r\x1b[K${FRAMES[frame++ % FRAMES.length]} ${label}`.slice(0, columns + 5));
  };
  if (active) {
    timer = setInterval(draw, 80);
    timer.unref();
  }
  return {
    update(event: ExplainEvent) {
      if (event.type === 'model') label = `asking the model (${event.purpose})`;
      else if (event.type === 'tool_call') label = `${event.name} ${describeArgs(event.args)}`;
      else return;
      draw();
    },
    write(line: string) {
      clear();
      stream.write(line);
      draw();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      clear();
    },
  };
}

function describeArgs(args: unknown): string {
  if (!args || typeof args !== 'object') return '';
  const a = args as Record<string, unknown>;
  const main = a.path ?? a.file ?? a.pattern ?? a.query ?? a.symbol ?? a.directory;
  return typeof main === 'string' ? main : '';
}
