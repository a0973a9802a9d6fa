/**
 * A scripted OpenAI-compatible chat-completions server on loopback: each request is recorded and answered by a
 * script (a completion, tool calls, an error status with headers, a raw or endless body, or no answer at all). No
 * model, no network. Its types are its own, not the client's: it checks what arrives on the wire.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request body as the fake saw it. */
export interface ChatBody {
  model: string;
  messages: { role: string; content?: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: unknown;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
}

/** How the fake answers one request. */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON body; a completion unless status says otherwise. */
  body?: unknown;
  /** A raw body, sent as it is instead of `body` (content-type from `headers`, else text/plain). */
  text?: string;
  /** Send the status and this start of a body, then nothing more (until the server closes). */
  partial?: string;
  /** With `partial`: then drop the connection. */
  drop?: boolean;
  /** Send a JSON-looking body that never ends, as fast as the client reads it, until the client goes away. */
  endless?: boolean;
  /** Never answer (until the server closes). */
  hang?: boolean;
  /** Wait before answering. */
  delayMs?: number;
}

export type Script = (body: ChatBody, n: number) => FakeReply | Promise<FakeReply>;

let ids = 0;

function completion(message: Record<string, unknown>, finish: string): unknown {
  return {
    id: `chatcmpl-${++ids}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** A turn asking for tools; each call is [name, arguments object or raw arguments string]. */
export function toolCalls(...calls: [string, unknown][]): FakeReply {
  return {
    body: completion(
      {
        tool_calls: calls.map(([name, args], i) => ({
          id: `call_${++ids}_${i}`,
          type: 'function',
          function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
        })),
      },
      'tool_calls',
    ),
  };
}

/** A final message: an object is sent as its JSON text. */
export function answer(content: unknown): FakeReply {
  return { body: completion({ content: typeof content === 'string' ? content : JSON.stringify(content) }, 'stop') };
}

/** An OpenAI-style error. */
export function failure(status: number, message: string, headers: Record<string, string> = {}): FakeReply {
  return { status, headers, body: { error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', code: null } } };
}

/** The request line and headers of a request, as the fake saw them. */
export interface SeenRequest {
  method: string;
  /** The path, e.g. `/v1/chat/completions`. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FakeModel {
  baseURL: string;
  requests: ChatBody[];
  /** Every request that arrived, the ones to a wrong path included (they get a 404). */
  seen: SeenRequest[];
  /** Bytes of body sent by `endless` replies. */
  readonly endlessBytes: number;
  /** Raw request bodies, to check that nothing secret was ever sent to the model. */
  raw: string[];
  /** Requests whose client went away before the answer (a cancelled or timed-out call). */
  readonly abandoned: number;
  close(): Promise<void>;
}

/** Starts the fake; `script` sees each request and its 0-based number. */
export async function startFakeModel(script: Script): Promise<FakeModel> {
  const requests: ChatBody[] = [];
  const raw: string[] = [];
  const seen: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let abandoned = 0;
  let endlessBytes = 0;
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.once('close', () => {
      if (!res.writableFinished) abandoned++;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        // Exactly the path a client should build from the base URL (`/v1//chat/completions` is a 404, as on OpenAI); a query may follow.
        if (req.method !== 'POST' || new URL(req.url ?? '', 'http://fake').pathname !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Unknown request URL: ${req.method} ${req.url}` } }));
          return;
        }
        const body = JSON.parse(text) as ChatBody;
        const n = requests.length;
        requests.push(body);
        raw.push(text);
        const reply = await script(body, n);
        if (reply.hang) {
          hanging.add(res);
          return;
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (reply.partial !== undefined || reply.endless) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          hanging.add(res);
          if (reply.partial !== undefined) res.write(reply.partial, () => reply.drop && res.destroy());
          else {
            res.write('{"choices":[{"message":{"role":"assistant","content":"');
            const chunk = Buffer.alloc(64 * 1024, 'a');
            let wake = () => {};
            res.once('close', () => wake());
            // As fast as the client reads: when the socket's buffer is full, wait for it to drain (or close).
            while (!res.destroyed) {
              endlessBytes += chunk.length;
              if (res.write(chunk)) await new Promise((r) => setImmediate(r));
              else
                await new Promise<void>((r) => {
                  wake = r;
                  res.once('drain', r);
                });
            }
          }
          return;
        }
        if (reply.text !== undefined) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
          res.end(reply.text);
          return;
        }
        const json = JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(json);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    raw,
    seen,
    get endlessBytes() {
      return endlessBytes;
    },
    get abandoned() {
      return abandoned;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
