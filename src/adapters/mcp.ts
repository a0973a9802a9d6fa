/**
 * MCP adapter: an MCP server (official TypeScript SDK, stdio) exposing a tool set. Each tool carries its
 * annotations; a call returns `structuredContent` plus the same as text, or `isError` with the coded error.
 *
 * @module
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CodeIndex, type CodeIndexOptions } from '../index/code-index.js';
import { type ToolsetName, toolset } from '../tools/index.js';
import { type RunOptions, runTool, type ToolResult, unknownTool } from '../tools/runner.js';
import { type AnyTool, inputJsonSchema } from '../tools/tool.js';
import { VERSION } from '../version.js';

/** Options of {@link createMcpServer}. */
export interface McpServerOptions extends RunOptions {
  /** The project root (default: the working directory). Ignored when `index` is given. */
  root?: string;
  /** The tool set to expose (default `all`). */
  toolset?: ToolsetName;
  /** An index to serve from; otherwise one is opened over `root` and closed with the server. */
  index?: CodeIndex;
  /** Options for the index opened over `root`. */
  indexOptions?: Omit<CodeIndexOptions, 'root'>;
}

/** A tool result as MCP's `CallToolResult`. */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (!result.ok) {
    return { content: [{ type: 'text', text: result.text }], structuredContent: { error: result.error }, isError: true };
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
 */
export async function createMcpServer(options: McpServerOptions = {}): Promise<{ server: Server; index: CodeIndex; close(): Promise<void> }> {
  const tools = toolset(options.toolset ?? 'all');
  const owned = !options.index;
  const index = options.index ?? (await CodeIndex.open({ ...options.indexOptions, root: options.root ?? process.cwd() }));
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
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    const result = tool
      ? await runTool(tool, request.params.arguments ?? {}, { index }, options)
      : unknownTool(request.params.name, [...byName.keys()]);
    return toCallToolResult(result);
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

/** Serves a tool set over stdio until the client disconnects. */
export async function serveStdio(options: McpServerOptions = {}): Promise<void> {
  const { server, close } = await createMcpServer(options);
  const transport = new StdioServerTransport();
  await new Promise<void>((resolve, reject) => {
    server.onclose = () => resolve();
    server.connect(transport).catch(reject);
  });
  await close();
}
