/**
 * Root confinement (issue 9), one vector per test: globs out of the root, symlinked folders, the check-then-read
 * race, git pathspec magic and the repository's own commands, foreign repositories, bounded errors, and the MCP
 * transport's bad lines. Every outside file holds MARK; no result may ever contain it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedStdioServerTransport } from '../../src/adapters/stdio-transport.js';
import { createListingCheck, readSource, readVerified, resolveInRoot } from '../../src/engine/source.js';
import { discoverFiles, listTree } from '../../src/engine/discovery.js';
import { CodeIndexError, createDefaultRegistry } from '../../src/index.js';
import { createToolbox, type Toolbox, type ToolResult } from '../../src/tools/index.js';

const MARK = 'CIXMARK7f3e9a';
let base: string;
let repo: string;
let root: string;
let outside: string;
let ran: string;
let box: Toolbox;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'core.hooksPath=/dev/null', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** A program that leaves a marker file named `name` when anything runs it. */
function marker(name: string): string {
  const path = join(base, `run-${name}.sh`);
  writeFileSync(path, `#!/bin/sh\ntouch '${join(ran, name)}'\ncat\n`);
  chmodSync(path, 0o755);
  return path;
}

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'ci-security-test-')));
  repo = join(base, 'repo');
  root = join(repo, 'project');
  outside = join(base, 'outside');
  ran = join(base, 'ran');
  for (const dir of [join(root, 'src'), join(root, 'inner'), outside, ran, join(repo, 'other')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${MARK} outside\n`);
  writeFileSync(join(outside, 'secret.ts'), `export function ${MARK}(): number {\n  return 1;\n}\n`);
  writeFileSync(join(repo, 'other/secret.txt'), `${MARK} committed\n`);
  writeFileSync(join(root, 'src/a.ts'), 'export function inside(): number {\n  return 1;\n}\n');
  writeFileSync(join(root, 'inner/b.txt'), 'inside b\n');
  writeFileSync(join(root, 'src/changed.ts'), 'export const before = 1;\n');
  writeFileSync(join(root, 'src/gone.ts'), 'export const gone = 1;\n');
  writeFileSync(join(root, 'blob.bin'), Buffer.from([0, 1, 2, 0]));
  writeFileSync(join(root, '.gitattributes'), '* diff=evil filter=evil\n');
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  writeFileSync(join(root, 'src/changed.ts'), 'export const after = 2;\n');
  rmSync(join(root, 'src/gone.ts'));
  writeFileSync(join(root, 'blob.bin'), Buffer.from([0, 9, 9, 0]));
  writeFileSync(join(repo, 'other/secret.txt'), `${MARK} working\n`);
  writeFileSync(join(root, 'staged.ts'), 'export const staged = 1;\n');
  git(repo, 'add', 'project/staged.ts');
  symlinkSync(outside, join(root, 'etclink'));
  symlinkSync('../other', join(root, 'sib'));
  symlinkSync(join(root, 'inner'), join(root, 'inlink'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
  box = await createToolbox({ root, toolset: 'all', searchTimeoutMs: 5000 });
});

afterAll(() => {
  box?.close();
  rmSync(base, { recursive: true, force: true });
});

function leakFree(result: ToolResult): ToolResult {
  expect(result.text).not.toContain(MARK);
  expect(JSON.stringify(result.ok ? result.data : result.error)).not.toContain(MARK);
  return result;
}

async function code(name: string, args: unknown): Promise<string> {
  const result = leakFree(await box.call(name, args));
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error.code;
}

async function data(name: string, args: unknown): Promise<Record<string, unknown>> {
  const result = leakFree(await box.call(name, args));
  if (!result.ok) throw new Error(`${name} failed: ${result.text}`);
  return result.data as Record<string, unknown>;
}

describe('globs never reach outside the root', () => {
  it.each([
    ['/etc/passwd'],
    ['/tmp/*/secret.txt'],
    ['../other/*'],
    ['src/../../other/*'],
    ['\\../other/*'],
    ['{..,x}/other/*'],
    ['{/etc/passwd,x}'],
    ['%2e%2e/other/*'],
    ['C:/Windows/*'],
  ])('search_text file_pattern %j -> PATH_TRAVERSAL', async (pattern) => {
    expect(await code('search_text', { patterns: 'outside', file_pattern: pattern })).toBe('PATH_TRAVERSAL');
    expect(await code('search_code', { pattern: 'outside', fileGlob: pattern })).toBe('PATH_TRAVERSAL');
  });

  it('refuses a NUL byte and a 1 MB glob with INVALID_ARGUMENT, and says what to send instead', async () => {
    expect(await code('search_text', { patterns: 'x', file_pattern: '*.ts\0' })).toBe('INVALID_ARGUMENT');
    expect(await code('search_code', { pattern: 'x', fileGlob: `${'*/'.repeat(512 * 1024)}*` })).toBe('INVALID_ARGUMENT');
    const result = await box.call('search_text', { patterns: 'x', file_pattern: '/etc/*' });
    expect(result.ok ? '' : result.error.message).toContain('is an absolute path');
    expect(result.ok ? '' : result.error.details?.suggestion).toContain('relative to the root');
  });

  it.each([['etclink/*'], ['etclink/secret.txt'], ['etclink/**'], ['sib/*'], ['sib/secret.txt'], ['leak.txt'], ['**/secret.*']])(
    'skips what a glob reaches through a symlinked folder or file out of the root: %j',
    async (pattern) => {
      const text = await data('search_text', { patterns: ['outside', 'committed', 'working'], is_regex: true, file_pattern: pattern });
      expect(text.total_matches).toBe(0);
      expect(text.files_searched).toBe(0);
      const code = await data('search_code', { pattern: '.', fileGlob: pattern });
      expect(code.totalMatches).toBe(0);
    },
  );

  it('still searches inside the root through a symlink that stays in it', async () => {
    const result = await data('search_text', { patterns: 'inside b', file_pattern: 'inlink/*' });
    expect(result.total_matches).toBe(1);
  });

  it('lists neither symlinked folders out nor their contents, in both list_directory tools', async () => {
    const scanner = await data('list_directory', { directory_path: '.', recursive: true });
    const paths = [...(scanner.directories as string[]), ...(scanner.files as Array<{ path: string }>).map((f) => f.path)];
    expect(paths).toContain('inner/b.txt');
    expect(paths.some((p) => p.startsWith('etclink') || p.startsWith('sib') || p === 'leak.txt')).toBe(false);
    const explainer = await data('explainer_list_directory', { path: '.', maxDepth: 5, includeHidden: true });
    const entries = (explainer.entries as Array<{ path: string }>).map((e) => e.path);
    expect(entries).toContain('src/a.ts');
    expect(entries.some((p) => p.startsWith('etclink') || p.startsWith('sib') || p === 'leak.txt')).toBe(false);
  });

  it('checks each path listTree and discovery produce, and refuses include patterns that leave the root', async () => {
    const tree = await listTree(root, '', { filePatterns: ['etclink/*'] });
    expect(tree.files).toEqual([]);
    await expect(listTree(root, '', { filePatterns: ['../other/*'] })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    const registry = createDefaultRegistry();
    try {
      expect(await discoverFiles(root, '', registry, { include: ['etclink/**/*'] })).toEqual([]);
      await expect(discoverFiles(root, '', registry, { include: ['/etc/**'] })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    } finally {
      registry.dispose();
    }
    const check = createListingCheck(root);
    expect(check('etclink/secret.txt')).toBeUndefined();
    expect(check('../other/secret.txt')).toBeUndefined();
    expect(check('inlink/b.txt')?.relative).toBe('inner/b.txt');
    expect(check('src/a.ts')?.relative).toBe('src/a.ts');
  });
});

describe('the check-then-read race: the safe read verifies what it opened', () => {
  it('refuses a file swapped for a symlink out after it was checked (PATH_TRAVERSAL)', async () => {
    writeFileSync(join(root, 'swap.ts'), 'export const x = 1;\n');
    const checked = await resolveInRoot(root, 'swap.ts');
    unlinkSync(join(root, 'swap.ts'));
    symlinkSync(join(outside, 'secret.ts'), join(root, 'swap.ts'));
    await expect(readSource(checked, 1_000_000)).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    unlinkSync(join(root, 'swap.ts'));
  });

  it('refuses a file whose folder became a symlink out after the check (the descriptor is not the checked file)', async () => {
    mkdirSync(join(root, 'swapdir'));
    writeFileSync(join(root, 'swapdir/secret.ts'), 'export const x = 1;\n');
    const checked = await resolveInRoot(root, 'swapdir/secret.ts');
    renameSync(join(root, 'swapdir'), join(base, 'swapdir-away'));
    symlinkSync(outside, join(root, 'swapdir'));
    let error: unknown;
    try {
      readVerified(checked, 1_000_000);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CodeIndexError);
    expect((error as CodeIndexError).code).toBe('PATH_TRAVERSAL');
    unlinkSync(join(root, 'swapdir'));
  });

  it('never blocks on a FIFO: a read is NOT_A_FILE, a listing has no line count, a FIFO .gitignore ignores nothing', async () => {
    mkdirSync(join(root, 'fifos'));
    execFileSync('mkfifo', [join(root, 'fifos/pipe.ts')]);
    execFileSync('mkfifo', [join(root, 'fifos/.gitignore')]);
    try {
      expect(await code('read_file', { file_path: 'fifos/pipe.ts' })).toBe('NOT_A_FILE');
      const listing = await data('list_directory', { directory_path: 'fifos' });
      expect((listing.files as Array<{ lines?: number }>).every((file) => file.lines === undefined)).toBe(true);
      expect((await data('search_text', { patterns: 'x', file_pattern: 'fifos/*' })).files_searched).toBe(0);
    } finally {
      rmSync(join(root, 'fifos'), { recursive: true, force: true });
    }
  });
});

describe('get_file_diff', () => {
  it('keeps the seed fields: a changed, a deleted, a staged new, an untracked, an unchanged and a binary file', async () => {
    const changed = await data('get_file_diff', { file_path: 'src/changed.ts' });
    expect(changed).toEqual({
      file_path: 'src/changed.ts',
      has_changes: true,
      diff: '--- a/src/changed.ts\n+++ b/src/changed.ts\n@@ -1 +1 @@\n-export const before = 1;\n+export const after = 2;',
      lines_added: 1,
      lines_removed: 1,
      context_lines: 3,
    });
    const gone = await data('get_file_diff', { file_path: 'src/gone.ts' });
    expect(gone).toMatchObject({ has_changes: true, lines_removed: 1, lines_added: 0 });
    expect(gone.diff).toBe('--- a/src/gone.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-export const gone = 1;');
    expect((await data('get_file_diff', { file_path: 'staged.ts' })).diff).toBe('--- /dev/null\n+++ b/staged.ts\n@@ -0,0 +1 @@\n+export const staged = 1;');
    writeFileSync(join(root, 'new.ts'), 'x\n');
    expect((await data('get_file_diff', { file_path: 'new.ts' })).message).toContain('not tracked');
    expect(await data('get_file_diff', { file_path: 'src/a.ts' })).toMatchObject({ has_changes: false, diff: null, message: 'No changes in this file relative to HEAD' });
    expect(await data('get_file_diff', { file_path: 'blob.bin' })).toMatchObject({ has_changes: true, diff: 'Binary files a/blob.bin and b/blob.bin differ' });
    expect(await code('get_file_diff', { file_path: 'nowhere.ts' })).toBe('FILE_NOT_FOUND');
  });

  it.each([[':/other/secret.txt'], [':(top)other/secret.txt'], [':(top,literal)other/secret.txt'], [':(glob)**/secret.txt'], ['*']])(
    'treats %j literally: it cannot reach other parts of the repository',
    async (file) => {
      expect(await code('get_file_diff', { file_path: file })).toBe('FILE_NOT_FOUND');
    },
  );

  it.each([['../other/secret.txt'], ['sib/secret.txt'], ['etclink/secret.txt'], ['<repo>/other/secret.txt']])('refuses %j with PATH_TRAVERSAL', async (file) => {
    expect(await code('get_file_diff', { file_path: file.replace('<repo>', repo) })).toBe('PATH_TRAVERSAL');
  });

  it('never runs a command the repository configures, nor one the environment names', async () => {
    const settings: Record<string, string> = {
      'core.fsmonitor': marker('fsmonitor'),
      'core.pager': marker('pager'),
      'core.askPass': marker('askpass'),
      'core.sshCommand': marker('ssh'),
      'credential.helper': `!${marker('credential')}`,
      'diff.external': marker('external'),
      'diff.evil.textconv': marker('textconv'),
      'diff.evil.command': marker('diff-driver'),
      'filter.evil.clean': marker('clean'),
      'filter.evil.smudge': marker('smudge'),
      'filter.evil.process': marker('process'),
      'filter.evil.required': 'true',
      'core.hooksPath': join(base, 'hooks'),
    };
    mkdirSync(join(base, 'hooks'), { recursive: true });
    for (const hook of ['post-index-change', 'reference-transaction']) {
      writeFileSync(join(base, 'hooks', hook), `#!/bin/sh\ntouch '${join(ran, hook)}'\n`);
      chmodSync(join(base, 'hooks', hook), 0o755);
    }
    for (const [key, value] of Object.entries(settings)) git(repo, 'config', key, value);
    // Variables a git hook would have set in the host's environment: none may reach our git.
    const hostile = {
      GIT_EXTERNAL_DIFF: marker('env-external'),
      GIT_PAGER: marker('env-pager'),
      GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${marker('env-fsmonitor')}'`,
      GIT_DIR: join(base, 'nowhere'),
    };
    Object.assign(process.env, hostile);
    try {
      for (const file of ['src/changed.ts', 'src/gone.ts', 'staged.ts', 'new.ts', 'src/a.ts', '.gitattributes']) {
        const result = leakFree(await box.call('get_file_diff', { file_path: file }));
        expect(result.ok).toBe(true);
      }
      expect((await data('get_file_diff', { file_path: 'src/changed.ts' })).lines_added).toBe(1);
    } finally {
      for (const key of Object.keys(hostile)) delete process.env[key];
      for (const key of Object.keys(settings)) git(repo, 'config', '--unset-all', key);
    }
    expect(readdirSync(ran)).toEqual([]);
  });

  it('refuses a root whose .git file, commondir or alternates lead to another repository (PATH_TRAVERSAL)', async () => {
    const victim = join(base, 'victim');
    mkdirSync(victim);
    git(victim, 'init', '-q');
    writeFileSync(join(victim, 'README.md'), `${MARK} victim\n`);
    git(victim, 'add', '-A');
    git(victim, 'commit', '-q', '-m', 'victim');
    const gitfile = join(base, 'gitfile');
    mkdirSync(gitfile);
    writeFileSync(join(gitfile, '.git'), `gitdir: ${join(victim, '.git')}\n`);
    writeFileSync(join(gitfile, 'README.md'), '# mine\n');
    const commondir = join(base, 'commondir');
    mkdirSync(join(commondir, '.git'), { recursive: true });
    writeFileSync(join(commondir, '.git/commondir'), join(victim, '.git'));
    writeFileSync(join(commondir, '.git/HEAD'), 'ref: refs/heads/master\n');
    writeFileSync(join(commondir, 'README.md'), '# mine\n');
    const alternates = join(base, 'alternates');
    mkdirSync(alternates);
    git(alternates, 'init', '-q');
    writeFileSync(join(alternates, '.git/objects/info/alternates'), `${join(victim, '.git/objects')}\n`);
    writeFileSync(join(alternates, 'README.md'), '# mine\n');
    git(alternates, 'add', '-A');
    git(alternates, 'commit', '-q', '-m', 'mine');
    for (const foreign of [gitfile, commondir, alternates]) {
      const other = await createToolbox({ root: foreign, toolset: 'scanner' });
      try {
        const result = leakFree(await other.call('get_file_diff', { file_path: 'README.md' }));
        expect(result.ok ? '' : result.error.code).toBe('PATH_TRAVERSAL');
      } finally {
        other.close();
      }
    }
  });

  it('still diffs a linked worktree (its git directory names the root back)', async () => {
    const worktree = join(base, 'worktree');
    git(repo, 'worktree', 'add', '-q', '--detach', worktree);
    writeFileSync(join(worktree, 'project/src/a.ts'), 'export const changed = true;\n');
    const other = await createToolbox({ root: join(worktree, 'project'), toolset: 'scanner' });
    try {
      const result = await other.call('get_file_diff', { file_path: 'src/a.ts' });
      expect(result.ok && (result.data as { has_changes: boolean }).has_changes).toBe(true);
    } finally {
      other.close();
    }
  });
});

describe('errors are bounded and show no absolute root', () => {
  it('cuts a 10 MB argument out of the error (PATH_TRAVERSAL) and an unknown 1 MB tool name (UNKNOWN_TOOL)', async () => {
    const huge = `${'../'.repeat(3_500_000)}etc/passwd`;
    const result = await box.call('read_file', { file_path: huge });
    expect(result.ok ? '' : result.error.code).toBe('PATH_TRAVERSAL');
    expect(result.text.length).toBeLessThan(5000);
    const missing = await box.call('read_file', { file_path: `${'a'.repeat(10_000_000)}.ts` });
    expect(missing.ok ? '' : missing.error.code).toBe('FILE_UNREADABLE');
    expect(missing.text.length).toBeLessThan(5000);
    const unknown = await box.call('x'.repeat(1_000_000), {});
    expect(unknown.ok ? '' : unknown.error.code).toBe('UNKNOWN_TOOL');
    expect(unknown.text.length).toBeLessThan(5000);
    const keys = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}${'y'.repeat(1000)}`, i]));
    const extra = await box.call('read_file', { file_path: 'src/a.ts', ...keys });
    expect(extra.ok ? '' : extra.error.code).toBe('INVALID_ARGUMENT');
    expect(extra.text.length).toBeLessThan(10_000);
  });

  it('reports root-relative paths: no error shows the absolute root', async () => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'ci-security-nogit-')));
    writeFileSync(join(plain, 'a.ts'), 'x\n');
    const other = await createToolbox({ root: plain, toolset: 'all' });
    try {
      for (const [name, args] of [
        ['get_file_diff', { file_path: 'a.ts' }],
        ['read_file', { file_path: 'missing.ts' }],
        ['read_file', { file_path: '/etc/passwd' }],
        ['list_directory', { directory_path: 'missing' }],
        ['code_analyze', { operation: 'analyze_file', file: 'missing.ts' }],
      ] as const) {
        const result = await other.call(name, args);
        expect(result.ok).toBe(false);
        expect(result.text).not.toContain(plain);
      }
    } finally {
      other.close();
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('the MCP stdio transport survives bad lines', () => {
  async function exchange(lines: Array<string | Buffer>, maxMessageBytes = 1024): Promise<{ replies: Array<Record<string, unknown>>; received: unknown[] }> {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new BoundedStdioServerTransport({
      stdin,
      stdout,
      maxMessageBytes,
      checkRequest: (request) => (request.method === 'tools/call' && typeof (request.params as { name?: unknown })?.name !== 'string' ? 'Invalid params for tools/call: params.name: expected string' : undefined),
    });
    const received: unknown[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    let out = '';
    stdout.on('data', (chunk) => {
      out += chunk;
    });
    for (const line of lines) stdin.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    await transport.close();
    return { replies: out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>), received };
  }

  it('answers an oversized line with -32600 to its id, bad JSON with -32700, bad params with -32602, and reads on', async () => {
    const big = JSON.stringify({ method: 'tools/call', params: { name: 'read_file', arguments: { file_path: 'x'.repeat(5000) } }, jsonrpc: '2.0', id: 7 });
    // The oversized line arrives in pieces, as it would over a pipe.
    const { replies, received } = await exchange([
      big.slice(0, 1500),
      big.slice(1500),
      '\n{"jsonrpc":"2.0","id":8,"method":\n',
      `${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 5 } })}\n`,
      `${JSON.stringify([{ jsonrpc: '2.0', id: 10, method: 'ping' }])}\n`,
      `${JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'ping' })}\r\n`,
    ]);
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.stringContaining('Message too large') } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('not valid JSON') } },
      { jsonrpc: '2.0', id: 9, error: { code: -32602, message: 'Invalid params for tools/call: params.name: expected string' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('batch') } },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 11, method: 'ping' }]);
  });
});
