/**
 * The Explainer over HTTP: `POST /explain` and `GET /health`, on `node:http`.
 *
 * Why `node:http` and not Hono (measured 2026-11 on this machine; Hono 4.13 and @hono/node-server 2.1 are
 * already installed, as dependencies of the MCP SDK, so install size did not decide): import and setup 3 ms
 * against 66-70 ms; per request over keep-alive, GET /health 267-274 µs against 284-306 µs and a 1 KB JSON POST
 * 138-152 µs against 415-553 µs. Both are nothing beside a model call (seconds), so the decision is the code: two
 * routes, a body limit, a request id and JSON errors are about as short by hand as with a framework, and every
 * byte of the request and response stays visible here.
 *
 * Each request is independent: its own index, tools, conversation and cancellation (a client that disconnects
 * cancels its request, the model call in flight included).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, isCodeIndexError } from '../errors.js';
import { VERSION } from '../version.js';
import type { Explainer } from './agent.js';
import { type ExplainerLogger, silentLogger } from './logger.js';

/** Default of {@link ExplainerServerOptions.maxBodyBytes}: 64 KiB (a question is at most 2,000 characters). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** Default of {@link ExplainerServerOptions.shutdownGraceMs}. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/** Options of {@link createExplainerServer}. */
export interface ExplainerServerOptions {
  /** The agent that answers `POST /explain`. */
  explainer: Explainer;
  /** Access and error logs (each line with the request id). @defaultValue silent */
  logger?: ExplainerLogger;
  /** Largest request body; larger ones get 413. @defaultValue 65536 */
  maxBodyBytes?: number;
  /** How long {@link ExplainerServer.close} waits for requests in flight before cancelling them. @defaultValue 30000 */
  shutdownGraceMs?: number;
}

/** The HTTP service. */
export interface ExplainerServer {
  /** The underlying `node:http` server. */
  readonly server: Server;
  /** Starts listening; resolves with the bound address (port 0 picks a free port). */
  listen(port: number, host?: string): Promise<{ port: number; host: string }>;
  /**
   * Graceful shutdown: stops accepting connections, lets the requests in flight finish (up to the grace period,
   * then cancels them), closes idle connections. Resolves when the server is closed.
   */
  close(): Promise<void>;
}

/** The HTTP status of each error code (the Codebase Explainer spec's table, plus 502 for a failing model endpoint). */
export function httpStatus(code: string): number {
  switch (code) {
    case ErrorCode.INVALID_ARGUMENT:
    case ErrorCode.DIR_NOT_FOUND:
    case ErrorCode.FILE_UNREADABLE:
      return 400;
    case ErrorCode.PATH_TRAVERSAL:
      return 403;
    case ErrorCode.RATE_LIMIT:
      return 429;
    case ErrorCode.LLM_ERROR:
      return 502;
    case ErrorCode.LLM_TIMEOUT:
      return 504;
    default:
      return 500;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The code of the 503 answered while the server shuts down. */
export const SHUTTING_DOWN = 'SHUTTING_DOWN';

class BodyTooLarge extends Error {}

/**
 * Creates the HTTP service over an explainer.
 *
 * @example
 * ```ts
 * const service = createExplainerServer({ explainer, logger: createJsonLogger() });
 * const { port } = await service.listen(8080, '127.0.0.1');
 * process.once('SIGTERM', () => void service.close());
 * ```
 */
export function createExplainerServer(options: ExplainerServerOptions): ExplainerServer {
  const { explainer } = options;
  const logger = options.logger ?? silentLogger;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const inFlight = new Set<{ controller: AbortController; done: Promise<void> }>();
  let closing: Promise<void> | undefined;

  const server = createServer((req, res) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    res.once('finish', () => {
      logger.info({ requestId, method: req.method, path: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'http request');
    });
    if (closing) {
      res.setHeader('Connection', 'close');
      return sendError(res, requestId, 503, { code: SHUTTING_DOWN, message: 'The server is shutting down; retry on another instance' });
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, requestId, 'GET');
      return sendJson(res, 200, { status: 'ok', version: VERSION });
    }
    if (path === '/explain') {
      if (req.method !== 'POST') return methodNotAllowed(res, requestId, 'POST');
      const controller = new AbortController();
      const entry = { controller, done: Promise.resolve() };
      inFlight.add(entry);
      entry.done = handleExplain(req, res, requestId, controller).finally(() => inFlight.delete(entry));
      return;
    }
    sendError(res, requestId, 404, { code: ErrorCode.INVALID_ARGUMENT, message: `No route ${req.method} ${path}; use POST /explain or GET /health` });
  });

  async function handleExplain(req: IncomingMessage, res: ServerResponse, requestId: string, controller: AbortController): Promise<void> {
    const { signal } = controller;
    // A client that goes away cancels its request (the model call in flight included).
    res.once('close', () => {
      if (!res.writableFinished) {
        controller.abort(new Error('client disconnected'));
        logger.warn({ requestId }, 'client disconnected: request cancelled');
      }
    });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, maxBodyBytes));
    } catch (error) {
      res.setHeader('Connection', 'close');
      if (error instanceof BodyTooLarge) {
        return sendError(res, requestId, 413, { code: ErrorCode.INVALID_ARGUMENT, message: `The request body is larger than ${maxBodyBytes} bytes`, details: { maxBodyBytes } });
      }
      return sendError(res, requestId, 400, { code: ErrorCode.INVALID_ARGUMENT, message: `The request body is not JSON: ${(error as Error).message}; send {"question": "...", "directory": "/abs/path"}` });
    }
    const notes = new Set<string>();
    try {
      const response = await explainer.explain(body as never, {
        requestId,
        signal,
        onEvent(event) {
          if (event.type === 'note') notes.add(event.code);
        },
      });
      if (notes.size > 0) res.setHeader('X-Explainer-Notes', [...notes].join(','));
      sendJson(res, 200, response);
    } catch (error) {
      if (signal.aborted) {
        if (!res.headersSent && !res.destroyed) sendError(res, requestId, 503, { code: SHUTTING_DOWN, message: 'The request was cancelled by a server shutdown' });
        return;
      }
      if (isCodeIndexError(error)) {
        const status = httpStatus(error.code);
        const retryAfterMs = error.data.retryAfterMs;
        if (status === 429 && typeof retryAfterMs === 'number') res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        return sendError(res, requestId, status, error.toJSON());
      }
      logger.error({ requestId, message: (error as Error)?.message, stack: (error as Error)?.stack }, 'unexpected failure');
      sendError(res, requestId, 500, { code: ErrorCode.INTERNAL_ERROR, message: `Unexpected failure; the server log has the details under request id ${requestId}` });
    }
  }

  return {
    server,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          const address = server.address() as AddressInfo;
          resolve({ port: address.port, host: address.address });
        });
      });
    },
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const pending = [...inFlight];
        logger.info({ inFlight: pending.length, graceMs }, 'shutting down');
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), graceMs);
          timer.unref();
        });
        const outcome = await Promise.race([Promise.all(pending.map((e) => e.done)).then(() => 'done' as const), grace]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          logger.warn({ cancelled: inFlight.size }, 'grace period over: cancelling the requests in flight');
          for (const entry of inFlight) entry.controller.abort(new Error('server shutdown'));
          await Promise.all([...inFlight].map((e) => e.done));
        }
        server.closeAllConnections();
        await closed;
        logger.info({}, 'server closed');
      })();
      return closing;
    },
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendError(res: ServerResponse, requestId: string, status: number, error: { code: string; message: string; details?: Record<string, unknown> }): void {
  sendJson(res, status, { error: { code: error.code, message: error.message, ...(error.details && Object.keys(error.details).length > 0 ? { details: error.details } : {}) }, requestId });
}

function methodNotAllowed(res: ServerResponse, requestId: string, allow: string): void {
  res.setHeader('Allow', allow);
  sendError(res, requestId, 405, { code: ErrorCode.INVALID_ARGUMENT, message: `Method not allowed; use ${allow}` });
}
