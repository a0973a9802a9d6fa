/**
 * A scripted OpenAI-compatible chat-completions server on loopback: each request is recorded and answered by a
 * script (a completion, tool calls, an error status with headers, or no answer at all). No model, no network.
 */
import { createServer, type ServerResponse } from 'node:http';
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

export interface FakeModel {
  baseURL: string;
  requests: ChatBody[];
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
  const hanging = new Set<ServerResponse>();
  let abandoned = 0;
  const server = createServer((req, res) => {
    res.once('close', () => {
      if (!res.writableFinished) abandoned++;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
          res.writeHead(404).end();
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
