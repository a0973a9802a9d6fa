/**
 * MCP: a code-index server made in code (instead of `npx code-index mcp`), here connected to a client in the same
 * process. For a host, serve it over stdio: `await serveStdio({ root, toolset: ['treesitter', 'graph'] })`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from 'code-index/mcp';

/** The server's tool names and the text of one `treesitter` hover, through a real MCP client. */
export async function askServer(root: string, file: string, line: number, column: number): Promise<{ tools: string[]; hover: string }> {
  const { server, close } = await createMcpServer({ root, toolset: ['treesitter', 'graph'], indexOptions: { parseTimeoutMs: 5_000 } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'example', version: '1.0.0' });
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const result = await client.callTool({ name: 'treesitter', arguments: { operation: 'hover', file_path: file, line, column } });
    const content = result.content as Array<{ type: string; text?: string }>;
    return { tools, hover: content.map((part) => part.text ?? '').join('\n') };
  } finally {
    await client.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await askServer(process.cwd(), 'src/index.ts', 1, 1));
}
