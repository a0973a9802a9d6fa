/**
 * The `agent` tool set: the curated toolbox. Twelve tools, one per question, within 2,500 tokens of definitions
 * (counted with the project's tokenizer, as a host sends them: name, description, JSON Schema), each answering a real
 * call on a real-looking project through the tool of the spec set it runs.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
      'changes',
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
    expect(await text('list_directory', { path: 'src' })).toContain('report.ts');
    expect(await text('changes', { paths: ['src/user-service.ts'], diff: true })).toContain('+// Reviewed.');
  });

  it('Should answer the file tools in text, not JSON, continuing in their own arguments', async () => {
    const lines = readFileSync(join(root, 'src/user-service.ts'), 'utf8').split('\n').length - 1;
    expect(await text('read_file', { file: 'src/user-service.ts', start: 190, end: 191 })).toBe(
      `src/user-service.ts, lines 190-191 of ${lines}; more: start=192\n190\texport function formatUser(user: User, verbose?: boolean): string {\n191\t  const base = \`\${user.name} <\${user.email}>\`;`,
    );
    expect(await text('read_file', { file: 'src/report.ts' })).toBe(
      "src/report.ts, all 3 lines\n1\timport { formatUser } from './user-service';\n2\t\n3\texport const line = (u: never) => formatUser(u);",
    );
    expect(await text('search_text', { pattern: 'formatUser(u', glob: 'src/*.ts' })).toBe(
      '2 matches in 2 files (2 files searched)\nsrc/report.ts\n  3: export const line = (u: never) => formatUser(u);\nsrc/user-service.ts\n  197: return buildReport(users.map((u) => formatUser(u, true)));',
    );
    expect(await text('list_directory', { path: 'src' })).toBe(`src: 0 folders, 2 files (with their lines)\nreport.ts  3\nuser-service.ts  ${lines}`);
    const diff = await text('changes', { paths: ['src/user-service.ts'], diff: true });
    expect(diff.split('\n').slice(1, 4)).toEqual(['src/user-service.ts  modified +1 -0', '--- a/src/user-service.ts', '+++ b/src/user-service.ts']);
    expect(await text('changes', { paths: ['src/report.ts'] })).toContain('src/report.ts  added untracked +3 -0');
  });

  it('Should page long answers with a continuation the next call takes', async () => {
    const dir = join(root, 'paging');
    mkdirSync(dir);
    writeFileSync(join(dir, 'many.txt'), Array.from({ length: 60 }, (_, i) => `needle ${i + 1}`).join('\n'));
    writeFileSync(join(dir, 'long.txt'), `${'x'.repeat(150_000)}\nend\n`);
    const first = await text('search_text', { pattern: 'needle', glob: 'paging/*' });
    expect(first.split('\n')[0]).toBe('matches 1-50 of 60 (2 files searched); more: offset=50');
    expect(first).not.toContain('⚠️');
    const second = await text('search_text', { pattern: 'needle', glob: 'paging/*', offset: 50 });
    expect(second.split('\n')[0]).toBe('matches 51-60 of 60 (2 files searched)');
    expect(second.split('\n').at(-1)).toBe('  60: needle 60');

    // A line longer than a page comes in pieces, each naming the column the next starts at.
    let column = 1;
    let read = 0;
    let calls = 0;
    for (;;) {
      const page = await text('read_file', column === 1 ? { file: 'paging/long.txt' } : { file: 'paging/long.txt', start: 1, column });
      const [header = '', first = ''] = page.split('\n');
      expect(header).toMatch(column === 1 ? /^paging\/long\.txt, lines 1-/ : new RegExp(`^paging/long\\.txt, lines 1-\\d of 2 from column ${column}`));
      read += first.length - 2;
      calls++;
      const next = /; line 1 was cut, more: start=1 column=(\d+)$/.exec(header);
      if (!next) {
        expect(page.split('\n').slice(2)).toEqual(['2\tend']);
        break;
      }
      expect(Number(next[1])).toBe(column + first.length - 2);
      column = Number(next[1]);
    }
    expect(read).toBe(150_000);
    expect(calls).toBeGreaterThan(2);
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
