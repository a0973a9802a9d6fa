/**
 * The `agent` tool set: the curated toolbox. Twelve tools, one per question, within 2,500 tokens of definitions
 * (counted with the project's tokenizer, as a host sends them: name, description, JSON Schema), each answering a real
 * call on a real-looking project through the tool of the spec set it runs.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../src/tokens.js';
import { createToolbox, inputJsonSchema, type Toolbox, toolset } from '../../src/tools/index.js';

const fixture = fileURLToPath(new URL('../fixtures/typescript/user-service.ts', import.meta.url));
let root: string;
let box: Toolbox;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-agent-')));
  cpSync(fixture, join(root, 'src/user-service.ts'));
  const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'initial');
  writeFileSync(join(root, 'src/report.ts'), "import { formatUser } from './user-service';\n\nexport const line = (u: never) => formatUser(u);\n");
  // An uncommitted change at the end of a tracked file (its lines above stay where they are).
  appendFileSync(join(root, 'src/user-service.ts'), '// Reviewed.\n');
  box = await createToolbox({ root, toolset: 'agent' });
  await box.index.indexAll();
}, 60_000);

afterAll(() => {
  box?.close();
  rmSync(root, { recursive: true, force: true });
});

async function text(name: string, args: unknown): Promise<string> {
  const result = await box.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${result.text}`);
  return result.text;
}

describe('the agent tool set', () => {
  it('Should hold twelve tools, each name once, in at most 2,500 tokens of definitions', async () => {
    const tools = toolset('agent');
    expect(tools.map((tool) => tool.name)).toEqual([
      'repo_map',
      'outline',
      'find_symbols',
      'definition',
      'references',
      'hover',
      'call_hierarchy',
      'call_graph',
      'read_file',
      'search_text',
      'list_directory',
      'file_diff',
    ]);
    let tokens = 0;
    for (const tool of tools) tokens += await countTokens(JSON.stringify({ name: tool.name, description: tool.description, input_schema: inputJsonSchema(tool) }));
    expect(tokens).toBeLessThanOrEqual(2500);
    // Not part of `all`, whose spec tools keep their names.
    expect(toolset('all').map((tool) => tool.name)).not.toContain('outline');
  });

  it('Should answer the questions of an investigation, each through its tool', async () => {
    expect(await text('repo_map', { tokens: 300 })).toContain('src/user-service.ts');
    expect(await text('outline', { file: 'src/user-service.ts', detail: 'outline' })).toMatch(/^190 function formatUser/m);
    expect(await text('find_symbols', { query: 'formatUser' })).toContain('190 function formatUser(user: User, verbose?: boolean): string');
    expect(await text('definition', { file: 'src/report.ts', line: 3, column: 36 })).toContain('src/user-service.ts');
    const references = await text('references', { file: 'src/user-service.ts', line: 190, column: 17 });
    expect(references).toContain('src/report.ts');
    expect(references).toContain('197:39 call');
    expect(await text('hover', { file: 'src/user-service.ts', line: 190, column: 17 })).toContain('formatUser(user: User, verbose?: boolean): string');
    expect(await text('call_hierarchy', { file: 'src/user-service.ts', line: 190, column: 17 })).toContain('function renderReport');
    expect(await text('call_graph', { file: 'src/user-service.ts' })).toContain('renderReport>formatUser:calls:197');
    expect(await text('read_file', { file: 'src/user-service.ts', start: 190, end: 190 })).toContain('export function formatUser(user: User, verbose?: boolean): string {');
    expect(await text('search_text', { pattern: 'formatUser(u', glob: 'src/*.ts' })).toContain('src/report.ts');
    expect(await text('list_directory', { path: 'src' })).toContain('src/report.ts');
    expect(await text('file_diff', { file: 'src/user-service.ts' })).toContain('+// Reviewed.');
  });

  it('Should refuse a path outside the root with a code, in every tool that takes one', async () => {
    for (const [name, args] of [
      ['outline', { file: '../secret.ts' }],
      ['definition', { file: '../secret.ts', line: 1, column: 1 }],
      ['call_graph', { file: '../secret.ts' }],
      ['read_file', { file: '../secret.ts' }],
      ['list_directory', { path: '..' }],
    ] as const) {
      const result = await box.call(name, args);
      expect(result.ok, name).toBe(false);
      expect(result.text, name).toContain('PATH_TRAVERSAL');
    }
  });
});
