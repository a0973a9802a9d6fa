/**
 * MCP adapter: an MCP server (official TypeScript SDK, stdio) exposing a tool set. Each tool carries its
 * annotations; a call returns `structuredContent` plus the same as text, or `isError` with the coded error.
 * Over stdio it uses {@link BoundedStdioServerTransport}: an oversized or malformed line gets a JSON-RPC error
 * and the server lives on; bad params get a readable message.
 *
 * @module
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type ProgressToken,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { CodeIndex, type CodeIndexOptions } from '../code-index.js';
import { DEFAULT_TOOLSET, type ToolsetName } from '../tools/names.js';
import { toolset } from '../tools/toolsets.js';
import { type RunOptions, runTool, type ToolResult, unknownTool } from '../tools/runner.js';
import { type AnyTool, inputJsonSchema } from '../tools/tool.js';
import { VERSION } from '../version.js';
import { type BoundedStdioOptions, BoundedStdioServerTransport } from './stdio-transport.js';

export { type BoundedStdioOptions, BoundedStdioServerTransport };

/** Options of {@link createMcpServer} and {@link serveStdio}. */
export interface McpServerOptions extends RunOptions {
  /**
   * Longest JSON-RPC message read over stdio, in bytes; a longer one is answered with an error and skipped.
   * @defaultValue 4 MiB
   */
  maxMessageBytes?: number;
  /** The project root (default: the working directory). Ignored when `index` is given. */
  root?: string;
  /** The tool set to expose, or several (default `agent`, the curated toolbox). */
  toolset?: ToolsetName | readonly ToolsetName[];
  /** An index to serve from; otherwise one is opened over `root` and closed with the server. */
  index?: CodeIndex;
  /**
   * Options for the index opened over `root`. It follows changes to the files (`watch`) unless `watch: false` is
   * given here: a server lives as long as its host, and its answers must follow the edits the agent makes.
   */
  indexOptions?: Omit<CodeIndexOptions, 'root'>;
}

/** Shortest time between two progress notifications of one call, in milliseconds (the last of a scan always goes). */
const PROGRESS_INTERVAL_MS = 100;

/**
 * The indexing a tool call waits on, as MCP `notifications/progress` for the call's progress token: the files indexed
 * and the total, counted on across scans and batches so that the value only grows, at most every
 * {@link PROGRESS_INTERVAL_MS} and at the end of each scan.
 */
function progressNotifier(token: ProgressToken, send: (notification: ServerNotification) => Promise<void>): (done: number, total: number) => void {
  let base = 0;
  let lastDone = 0;
  let lastTotal = 0;
  let sent = 0;
  let sentAt = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    // A smaller count is a new scan or batch: it counts on from the last one's total.
    if (done < lastDone) base += lastTotal;
    lastDone = done;
    lastTotal = total;
    const progress = base + done;
    const now = performance.now();
    if (progress <= sent || (done < total && now - sentAt < PROGRESS_INTERVAL_MS)) return;
    sent = progress;
    sentAt = now;
    send({
      method: 'notifications/progress',
      params: { progressToken: token, progress, total: base + total, message: `Indexing: ${done} of ${total} files` },
    }).catch(() => {
      // The client went away: the call's own answer will fail the same way.
    });
  };
}

/** A tool result as MCP's `CallToolResult`. */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (!result.ok) {
    return { content: [{ type: 'text', text: result.text }], structuredContent: result.body ?? { error: result.error }, isError: true };
  }
  const structured = result.data !== null && typeof result.data === 'object' && !Array.isArray(result.data)
    ? (result.data as Record<string, unknown>)
    : { result: result.data };
  return { content: [{ type: 'text', text: result.text }], structuredContent: structured };
}

/** The MCP `tools/list` entry of a tool. */
export function toMcpTool(tool: AnyTool): { name: string; title: string; description: string; inputSchema: Record<string, unknown>; annotations: AnyTool['annotations'] } {
  return {
    name: tool.name,
    title: tool.annotations.title,
    description: tool.description,
    inputSchema: inputJsonSchema(tool),
    annotations: tool.annotations,
  };
}

/**
 * Creates an MCP server over a code index (not yet connected to a transport).
 *
 * @returns the server, the index it serves, and `close()` (which closes an index it opened).
 * @example
 * ```ts
 * const { server, close } = await createMcpServer({ root: '/path/to/project', toolset: ['treesitter', 'graph'] });
 * await server.connect(transport); // any MCP transport: stdio, streamable HTTP, in-memory
 * // ... later
 * await close();
 * ```
 */
export async function createMcpServer(options: McpServerOptions = {}): Promise<{ server: Server; index: CodeIndex; close(): Promise<void> }> {
  const tools = toolset(options.toolset ?? DEFAULT_TOOLSET);
  const owned = !options.index;
  const index = options.index ?? (await CodeIndex.open({ watch: true, ...options.indexOptions, root: options.root ?? process.cwd() }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'code-index', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        'code-index answers questions about the code under its root from tree-sitter parses: structure of a file, symbols, definitions, references, signatures and docs, text search and reads. Paths are relative to the root (absolute paths inside it work too). Every tool is read-only.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    const token = request.params._meta?.progressToken;
    const stop = token === undefined ? undefined : index.onProgress(progressNotifier(token, extra.sendNotification));
    try {
      const result = tool
        ? await runTool(tool, request.params.arguments ?? {}, { index }, options)
        : unknownTool(request.params.name, [...byName.keys()]);
      return toCallToolResult(result);
    } finally {
      stop?.();
    }
  });
  return {
    server,
    index,
    async close() {
      await server.close();
      if (owned) index.close();
    },
  };
}

/** The requests whose params are checked before the server sees them (its own schemas, the SDK's). */
const REQUEST_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/**
 * A readable message for a request whose params do not fit its method (the SDK would answer with its validator's
 * raw dump): `Invalid params for tools/call: params.name: expected string, received number`.
 */
function checkMcpRequest(request: { method: string; params?: unknown }): string | undefined {
  const parsed = REQUEST_SCHEMAS.get(request.method)?.safeParse(request);
  if (!parsed || parsed.success) return undefined;
  const problems = (parsed.error?.issues ?? []).slice(0, 5).map((issue) => {
    const where = issue.path.map(String).join('.') || 'params';
    return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
  });
  const hint = request.method === 'tools/call' ? ' Send params { name: "<tool name>", arguments: { ... } }.' : '';
  return `Invalid params for ${request.method}: ${problems.join('; ')}.${hint}`;
}

/**
 * Serves a tool set over stdio until the client disconnects (what `code-index mcp` runs).
 *
 * @example
 * ```ts
 * await serveStdio({ root: process.cwd(), toolset: 'all', indexOptions: { maxFileSize: 1_048_576 } });
 * ```
 */
export async function serveStdio(options: McpServerOptions = {}): Promise<void> {
  const { server, close } = await createMcpServer(options);
  const transport = new BoundedStdioServerTransport({
    checkRequest: checkMcpRequest,
    ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.onclose = () => resolve();
    server.connect(transport).catch(reject);
  });
  await close();
}
