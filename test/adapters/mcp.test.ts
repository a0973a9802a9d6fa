/**
 * The MCP server in process (src/adapters/mcp.ts), over the SDK's in-memory transport: a client that sends a progress
 * token gets `notifications/progress` while a call waits for the index, one that sends none gets none; the index it
 * opens follows file changes unless told not to.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function project(files: number): string {
  const root = mkdtempSync(join(tmpdir(), 'code-index-mcp-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  for (let i = 0; i < files; i++) write(root, `src/m${i % 4}/f${i}.ts`, `export function f${i}(): number {\n  return ${i};\n}\n`);
  return root;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** A client connected to a server over `root`, and every message the server sent. */
async function connect(root: string, watch?: boolean): Promise<{ client: Client; sent: JSONRPCMessage[]; index: Awaited<ReturnType<typeof createMcpServer>>['index'] }> {
  const { server, index, close } = await createMcpServer({
    root,
    toolset: 'repo_map',
    indexOptions: { persist: false, threads: 0, ...(watch === undefined ? {} : { watch }) },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  await server.connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  cleanups.push(async () => {
    await client.close();
    await close();
  });
  return { client, sent, index };
}

const progressSent = (sent: JSONRPCMessage[]) => sent.filter((message) => 'method' in message && message.method === 'notifications/progress');

describe('progress notifications', () => {
  it('Should send notifications/progress, growing to the total, to a client that sent a progress token', async () => {
    const root = project(120);
    const { client, sent } = await connect(root, false);
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'repo_map', arguments: { tokenBudget: 200 } }, undefined, { onprogress: (progress) => seen.push(progress) });
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBe(progressSent(sent).length);
    for (let i = 1; i < seen.length; i++) expect((seen[i] as Progress).progress).toBeGreaterThan((seen[i - 1] as Progress).progress);
    expect(seen.at(-1)).toEqual({ progress: 120, total: 120, message: 'Indexing: 120 of 120 files' });
    // Indexed already: the next call waits for nothing, and hears nothing.
    const before = seen.length;
    await client.callTool({ name: 'repo_map', arguments: { tokenBudget: 200 } }, undefined, { onprogress: (progress) => seen.push(progress) });
    expect(seen.length).toBe(before);
  });

  it('Should send none to a client that sent no progress token', async () => {
    const root = project(40);
    const { client, sent } = await connect(root, false);
    const result = await client.callTool({ name: 'repo_map', arguments: { tokenBudget: 200 } });
    expect(result.isError).toBeFalsy();
    expect(progressSent(sent)).toEqual([]);
  });
});

describe('the index the server opens', () => {
  it('Should follow file changes by default: an edit reaches the next call', async () => {
    const root = project(8);
    const { client, index } = await connect(root);
    expect(index.stats().watch?.state).toMatch(/^(starting|events)$/);
    const map = async () => JSON.stringify((await client.callTool({ name: 'repo_map', arguments: { tokenBudget: 2000 } })).structuredContent);
    expect(await map()).toContain('f3');
    write(root, 'src/m3/f3.ts', 'export function renamedByTheAgent(): number {\n  return 3;\n}\n');
    const deadline = performance.now() + 10_000;
    while (!(await map()).includes('renamedByTheAgent')) {
      if (performance.now() > deadline) throw new Error('the edit never reached the server');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('Should not watch with watch: false (the --no-watch flag)', async () => {
    const { index } = await connect(project(2), false);
    expect(index.stats().watch).toBeUndefined();
  });
});
