/**
 * Structural queries (CodeIndex.query, the `query` command and tool): a tree-sitter query over the files of one
 * language, its captures with file, range, node type and text, predicates evaluated, pages that go on where the last
 * stopped (by matches or by time), and coded errors for a query that does not compile, an unknown language, a path
 * outside the root and a bad cursor.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, type StructuralMatch } from '../../src/index.js';
import { createToolbox } from '../../src/tools/index.js';
import { isolatedEnv } from '../helpers/cache-env.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const FILES: Record<string, string> = {
  'src/sync.ts': [
    'export async function syncAll(ids: string[], fetchOne: (id: string) => Promise<number>): Promise<number> {',
    '  let total = 0;',
    '  for (const id of ids) {',
    '    const value = await fetchOne(id);',
    '    total += value;',
    '  }',
    '  await Promise.all(ids.map(fetchOne));',
    '  return total;',
    '}',
    '',
  ].join('\n'),
  'src/retry.ts': [
    'export async function retry(task: () => Promise<void>, times: number): Promise<void> {',
    '  for (let i = 0; i < times; i++) {',
    '    await task();',
    '  }',
    '}',
    '',
    'export async function drain(queue: Array<() => Promise<void>>): Promise<void> {',
    '  for (const job of queue) {',
    '    await job();',
    '  }',
    '}',
    '',
  ].join('\n'),
  'lib/shop.py': [
    'def add_item(item, cart=[]):',
    '    cart.append(item)',
    '    return cart',
    '',
    '',
    'def tags(name, seen={}, limit=10):',
    '    return seen.get(name, limit)',
    '',
    '',
    'def safe(name, extra=None):',
    '    return extra or name',
    '',
  ].join('\n'),
  'cmd/main.go': [
    'package main',
    '',
    'import "os"',
    '',
    'func main() {',
    '\tf, _ := os.Open("config.json")',
    '\t_ = f.Close()',
    '\tdata, err := os.ReadFile("data.txt")',
    '\tif err != nil {',
    '\t\treturn',
    '\t}',
    '\t_ = data',
    '}',
    '',
  ].join('\n'),
  'src/blob.ts': '\u0000\u0000binary\u0000',
};

/** An `await` directly in the body of a `for` loop (of any kind). */
const AWAIT_IN_LOOP = `
[(for_statement body: (statement_block (expression_statement (await_expression) @await)))
 (for_in_statement body: (statement_block (expression_statement (await_expression) @await)))
 (for_in_statement body: (statement_block (lexical_declaration (variable_declarator value: (await_expression) @await))))]`;

/** A parameter whose default is a list, a dict or a set: shared by every call. */
const MUTABLE_DEFAULT = '(default_parameter name: (identifier) @parameter value: [(list) (dictionary) (set)] @default)';

/** A value thrown away into `_`, in an assignment or a short declaration. */
const IGNORED = '([(short_var_declaration left: (expression_list (identifier) @ignored)) (assignment_statement left: (expression_list (identifier) @ignored))] (#eq? @ignored "_"))';

let root: string;
let index: CodeIndex;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-query-')));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  index = await CodeIndex.open({ root, persist: false });
});

afterAll(async () => {
  await index?.close();
  rmSync(root, { recursive: true, force: true });
});

/** `file:line:col @name text` of every capture. */
function lines(matches: StructuralMatch[]): string[] {
  return matches.flatMap((match) => match.captures.map((c) => `${match.file}:${c.line}:${c.column} @${c.name} ${c.text}`));
}

describe('CodeIndex.query', () => {
  it('Should find every await directly inside a loop, with the capture\'s range, type and text', async () => {
    const result = await index.query({ language: 'typescript', query: AWAIT_IN_LOOP });
    expect(lines(result.matches)).toEqual([
      'src/retry.ts:3:5 @await await task()',
      'src/retry.ts:9:5 @await await job()',
      'src/sync.ts:4:19 @await await fetchOne(id)',
    ]);
    expect(result.matches[2]?.captures[0]).toMatchObject({ line: 4, column: 19, endLine: 4, endColumn: 37, type: 'await_expression' });
    // The binary .ts file cannot be searched: it is listed, not lost.
    expect(result).toMatchObject({ language: 'typescript', files: 3, searched: 3, skipped: [{ file: 'src/blob.ts', reason: expect.stringMatching(/^BINARY_FILE: /) }] });
    expect(result.next).toBeUndefined();
  });

  it('Should evaluate predicates and alternatives: mutable defaults in Python, ignored values in Go', async () => {
    const python = await index.query({ language: 'python', query: MUTABLE_DEFAULT });
    expect(lines(python.matches)).toEqual(['lib/shop.py:1:20 @parameter cart', 'lib/shop.py:1:25 @default []', 'lib/shop.py:6:16 @parameter seen', 'lib/shop.py:6:21 @default {}']);
    const go = await index.query({ language: 'go', query: IGNORED });
    expect(lines(go.matches)).toEqual(['cmd/main.go:6:5 @ignored _', 'cmd/main.go:7:2 @ignored _', 'cmd/main.go:12:2 @ignored _']);
    const named = await index.query({ language: 'python', query: '((function_definition name: (identifier) @name) (#match? @name "^(add|safe)"))' });
    expect(lines(named.matches)).toEqual(['lib/shop.py:1:5 @name add_item', 'lib/shop.py:10:5 @name safe']);
  });

  it('Should page through the matches with the cursor, each once, inside a file and across files', async () => {
    const all = lines((await index.query({ language: 'typescript', query: AWAIT_IN_LOOP })).matches);
    const paged: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await index.query({ language: 'typescript', query: AWAIT_IN_LOOP, maxMatches: 1, ...(cursor ? { cursor } : {}) });
      paged.push(...lines(page.matches));
      if (page.next) expect(page.stoppedBy).toBe('maxMatches');
      cursor = page.next;
      pages++;
    } while (cursor && pages < 10);
    expect(paged).toEqual(all);
    expect(pages).toBe(3);
  });

  it('Should stop at its time limit and say where to go on, a file at least per answer', async () => {
    // A first file that takes far longer than the millisecond to parse, then two small ones.
    const slow = realpathSync(mkdtempSync(join(tmpdir(), 'ci-query-slow-')));
    const big = Array.from({ length: 4000 }, (_, i) => `export function f${i}(a: number): number {\n  return a + ${i};\n}\n`).join('');
    writeFileSync(join(slow, 'a.ts'), big);
    writeFileSync(join(slow, 'b.ts'), FILES['src/retry.ts'] as string);
    writeFileSync(join(slow, 'c.ts'), FILES['src/sync.ts'] as string);
    const slowIndex = await CodeIndex.open({ root: slow, persist: false });
    try {
      const whole = lines((await slowIndex.query({ language: 'typescript', query: AWAIT_IN_LOOP })).matches);
      expect(whole).toHaveLength(3);
      const paged: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await slowIndex.query({ language: 'typescript', query: AWAIT_IN_LOOP, timeoutMs: 1, ...(cursor ? { cursor } : {}) });
        // Each answer searches a file at least: the cursor always moves on.
        expect(page.searched).toBeGreaterThanOrEqual(1);
        if (pages === 0) expect(page).toMatchObject({ searched: 1, matches: [], stoppedBy: 'timeout', next: expect.any(String) });
        paged.push(...lines(page.matches));
        cursor = page.next;
        pages++;
      } while (cursor && pages < 10);
      expect(cursor).toBeUndefined();
      expect(paged).toEqual(whole);
    } finally {
      await slowIndex.close();
      rmSync(slow, { recursive: true, force: true });
    }
  });

  it('Should search only under a path, or one file', async () => {
    expect(lines((await index.query({ language: 'typescript', query: AWAIT_IN_LOOP, path: 'src/sync.ts' })).matches)).toEqual(['src/sync.ts:4:19 @await await fetchOne(id)']);
    expect((await index.query({ language: 'typescript', query: AWAIT_IN_LOOP, path: 'lib' })).files).toBe(0);
  });

  it('Should refuse a query that does not compile, saying where, and other bad input, with INVALID_ARGUMENT', async () => {
    await expect(index.query({ language: 'typescript', query: '(for_statement\n  body: (await_expresion))' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining("line 2, column 10: Bad node name 'await_expresion'"),
      data: { line: 2, column: 10, offset: 24 },
    });
    await expect(index.query({ language: 'typescript', query: '(for_statement' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.query({ language: 'cobol', query: '(x)' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Unknown language "cobol"' });
    await expect(index.query({ language: 'typescript', query: '(identifier)', path: '../elsewhere' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.query({ language: 'typescript', query: '(identifier)', cursor: 'nonsense' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.query({ language: 'typescript', query: '(identifier)', maxMatches: 5000 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.query({ language: 'typescript', query: '   ' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('the query command and tool', () => {
  it('Should print one line per capture and exit 0, or exit 1 when nothing matches', () => {
    const out = execFileSync(process.execPath, [cli, 'query', 'python', MUTABLE_DEFAULT, 'lib', '--root', root, '--no-cache'], { encoding: 'utf8', env: isolatedEnv() });
    expect(out.split('\n').filter(Boolean).map((line) => line.replace(/\s+/g, ' '))).toEqual([
      'lib/shop.py:1:20 @parameter cart',
      'lib/shop.py:1:25 @default []',
      'lib/shop.py:6:16 @parameter seen',
      'lib/shop.py:6:21 @default {}',
    ]);
    let status = 0;
    try {
      execFileSync(process.execPath, [cli, 'query', 'python', '(lambda) @l', '--root', root, '--no-cache'], { encoding: 'utf8', env: isolatedEnv(), stdio: 'pipe' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(1);
  });

  it('Should answer the query tool in lines, with the cursor to go on', async () => {
    const toolbox = await createToolbox({ index, toolset: ['query'] });
    try {
      const answer = await toolbox.call('query', { language: 'typescript', query: AWAIT_IN_LOOP, maxMatches: 2 });
      expect(answer.ok).toBe(true);
      const [header, ...rest] = (answer.ok ? answer.text : '').split('\n');
      expect(header).toMatch(/^2 matches in 2 of 3 typescript files, more: cursor=\S+$/);
      expect(rest).toEqual([
        'src/retry.ts:3:5 @await await task()',
        'src/retry.ts:9:5 @await await job()',
        'skipped src/blob.ts: BINARY_FILE: src/blob.ts is a binary file, not source text',
      ]);
    } finally {
      toolbox.close();
    }
  });
});
