/**
 * The MCP server's stdio transport: newline-delimited JSON-RPC over stdin/stdout, like the SDK's
 * `StdioServerTransport`, but a client's bad line costs that line only, never the server:
 *   - a line over `maxMessageBytes` is skipped as it streams (never buffered whole) and answered with a JSON-RPC
 *     `-32600` error, to its request id when the id can be read from the line's first or last bytes (the SDK's
 *     transport closes the connection at its 10 MB buffer limit: one 20 MB line ended the server, silently);
 *   - a line that is not JSON gets `-32700`, one that is not a JSON-RPC message `-32600`;
 *   - `checkRequest` may refuse a request's params with a readable `-32602` before the server sees it.
 *
 * @module
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link BoundedStdioServerTransport}. */
export interface BoundedStdioOptions {
  /** Where messages come from (default `process.stdin`). */
  stdin?: Readable;
  /** Where replies go (default `process.stdout`). */
  stdout?: Writable;
  /**
   * Longest message accepted, in bytes of its line.
   * @defaultValue 4 MiB (a tool call's arguments never need more; results are bounded to about 100,000 characters)
   */
  maxMessageBytes?: number;
  /**
   * Checks a request before the server sees it: a message for the client (`-32602 Invalid params`), or
   * undefined to let it through.
   */
  checkRequest?: (request: { method: string; params?: unknown }) => string | undefined;
}

/** JSON-RPC error codes this transport answers with. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Bytes kept from each end of an oversized line, to find its request id. */
const EDGE_BYTES = 512;

/** A stdio transport with a bounded line reader (implements the SDK's `Transport`). */
export class BoundedStdioServerTransport implements Transport {
  /** Called once when stdin ends, the client's pipe closes, or {@link BoundedStdioServerTransport.close} runs. */
  onclose?: () => void;
  /** Called on a stream error (the transport itself answers bad lines and never reports them here). */
  onerror?: (error: Error) => void;
  /** Called with each valid JSON-RPC message. */
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #max: number;
  readonly #checkRequest: BoundedStdioOptions['checkRequest'];
  #pieces: Buffer[] = [];
  #pending = 0;
  /** Set while skipping an oversized line: its first bytes, its last bytes, its length so far. */
  #skipping: { head: Buffer; tail: Buffer; length: number } | undefined;
  #closed = false;

  constructor(options: BoundedStdioOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#checkRequest = options.checkRequest;
  }

  /** Starts reading stdin. */
  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
    this.#stdin.on('end', this.#onEnd);
    this.#stdout.on('error', this.#onError);
  }

  /** Writes one message as a line of JSON; resolves when stdout took it. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#closed) return resolve();
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  /** Stops reading and calls `onclose` (once). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    this.#stdin.off('end', this.#onEnd);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#pieces = [];
    this.onclose?.();
  }

  readonly #onError = (error: Error) => {
    this.onerror?.(error);
    // A closed pipe means the client is gone.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') void this.close();
  };

  readonly #onEnd = () => {
    void this.close();
  };

  readonly #onData = (chunk: Buffer) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      this.#take(chunk.subarray(start, newline < 0 ? chunk.length : newline));
      if (newline < 0) return;
      this.#endLine();
      start = newline + 1;
    }
  };

  /** Adds a piece of the current line, or counts it when the line is already over the limit. */
  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#skipping) {
      this.#skipping.length += piece.length;
      this.#skipping.tail = lastBytes(Buffer.concat([this.#skipping.tail, piece.subarray(-EDGE_BYTES)]));
      return;
    }
    if (this.#pending + piece.length <= this.#max) {
      this.#pieces.push(piece);
      this.#pending += piece.length;
      return;
    }
    const sofar = Buffer.concat([...this.#pieces, piece]);
    this.#skipping = { head: Buffer.from(sofar.subarray(0, EDGE_BYTES)), tail: lastBytes(sofar), length: sofar.length };
    this.#pieces = [];
    this.#pending = 0;
  }

  #endLine(): void {
    const skipped = this.#skipping;
    if (skipped) {
      this.#skipping = undefined;
      const id = requestIdIn(skipped.head.toString('utf8'), 'head') ?? requestIdIn(skipped.tail.toString('utf8'), 'tail') ?? null;
      void this.#reply(id, INVALID_REQUEST, `Message too large: ${skipped.length} bytes, over the ${this.#max}-byte limit of this server; it was not read. Send smaller arguments (paths, patterns and ranges, not file contents).`);
      return;
    }
    const line = Buffer.concat(this.#pieces).toString('utf8').replace(/\r$/, '');
    this.#pieces = [];
    this.#pending = 0;
    if (line.trim() !== '') this.#handle(line);
  }

  #handle(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      void this.#reply(null, PARSE_ERROR, `Parse error: the message is not valid JSON (${(error as Error).message.slice(0, 200)})`);
      return;
    }
    const id = idOf(value);
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const what = Array.isArray(value) ? 'a batch (an array); send one message per line' : 'not a JSON-RPC 2.0 request, notification or response';
      void this.#reply(id, INVALID_REQUEST, `Invalid Request: the message is ${what}`);
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message && this.#checkRequest) {
      const problem = this.#checkRequest(message);
      if (problem) {
        void this.#reply(message.id, INVALID_PARAMS, problem);
        return;
      }
    }
    this.onmessage?.(message);
  }

  #reply(id: RequestId | null, code: number, message: string): Promise<void> {
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

function lastBytes(bytes: Buffer): Buffer {
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - EDGE_BYTES)));
}

function idOf(value: unknown): RequestId | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

const ID_TOKEN = String.raw`(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")`;
/** A top-level `"id"` at the very start of the object (`{"jsonrpc":"2.0","id":7,...`) or its very end (`...,"id":7}`). */
const ID_AT = {
  head: new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_TOKEN}\s*[,}]`),
  tail: new RegExp(String.raw`,\s*"id"\s*:\s*${ID_TOKEN}\s*\}\s*$`),
};

/** The request id of a line too large to parse, read from its first or last bytes when it stands there. */
function requestIdIn(text: string, end: 'head' | 'tail'): RequestId | undefined {
  const token = ID_AT[end].exec(text)?.[1];
  if (token === undefined) return undefined;
  try {
    return JSON.parse(token) as RequestId;
  } catch {
    return undefined;
  }
}
