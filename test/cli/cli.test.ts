/**
 * The `code-index` CLI as users run it: the built binary (dist/cli/main.js, `npm run build` first) spawned as a real
 * process over test/fixtures and test/mixed-project, every command's text and --json output, the exit codes
 * (0 found, 1 nothing found, 2 usage or input error) with their one-line coded errors, a reader closing the pipe,
 * and the `mcp` options reaching the server through the MCP SDK's client.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { mcpIndexOptions } from '../../src/cli/commands/mcp.js';
import { progressLine, progressReporter, withProgress } from '../../src/cli/progress.js';
import { COMMON_OPTIONS, commandHelp, parameterOptions, parseOptions, positionArgument } from '../../src/cli/shared.js';
import { describeParameter, OPERATIONS, type OperationArgs, type OperationName, type Parameter } from '../../src/catalog.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
// A few languages of test/fixtures, copied: every grammar of the whole folder made the first index take minutes on
// a loaded machine, and these hold what the assertions need.
const fixtures = realpathSync(mkdtempSync(join(tmpdir(), 'ci-cli-fixtures-')));
for (const folder of ['typescript', 'javascript', 'tsx', 'python']) {
  cpSync(fileURLToPath(new URL(`../fixtures/${folder}/`, import.meta.url)), join(fixtures, folder), { recursive: true });
}
const mixed = fileURLToPath(new URL('../mixed-project/', import.meta.url));
const cache = mkdtempSync(join(tmpdir(), 'ci-cli-cache-'));

/** The environment without colour switches (CI turns picocolors on even when piped). */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CODE_INDEX_CACHE_DIR: cache, ...extra };
  for (const name of ['CI', 'FORCE_COLOR', 'NO_COLOR', 'CODE_INDEX_DISABLE_LANGUAGES', 'CODE_INDEX_DEFAULT_SCOPE']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

function run(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: options.cwd ?? fixtures, env: plainEnv(options.env), encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  // Later commands answer from this index instead of each parsing the fixtures again.
  expect(run(['index']).status).toBe(0);
}, 300_000);
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(fixtures, { recursive: true, force: true });
});

describe('code-index per-file commands', { timeout: 180_000 }, () => {
  it('analyze prints one fact per line, as an agent reads it, --json one FileAnalysis per line', () => {
    const text = run(['analyze', 'typescript/user-service.ts']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('# typescript/user-service.ts');
    // The text of code_analyze's analyze_file (render/analysis.ts), at its default detail.
    expect(text.stdout).toMatch(/^239 export class UserService extends BaseRepository<User> implements Auditable, Cacheable<string> {2}— Manages/m);
    const full = run(['analyze', 'typescript/user-service.ts', '--detail', 'full']);
    expect(full.stdout).toMatch(/^# typescript\/user-service\.ts \(typescript\)$/m);
    expect(full.stdout).toMatch(/^239:14-321 @Injectable\('UserService'\) export class UserService extends BaseRepository<User> /m);
    expect(run(['analyze', 'typescript/user-service.ts', '--detail', 'outline']).stdout).toMatch(/^239 class UserService$/m);
    const json = run(['analyze', 'typescript/user-service.ts', 'javascript/server.js', '--json']);
    const lines = json.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((a) => a.file)).toEqual(['typescript/user-service.ts', 'javascript/server.js']);
    expect(lines[0].classes.map((c: { name: string }) => c.name)).toContain('UserService');
  });

  it('signatures and exports list file:line, aligned; --json wraps each file', () => {
    const text = run(['signatures', 'typescript/user-service.ts']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^typescript\/user-service\.ts:126 +function +normalizeEmail\(email: string\): string$/m);
    const json = JSON.parse(run(['signatures', 'typescript/user-service.ts', '--json']).stdout);
    expect(json.file).toBe('typescript/user-service.ts');
    expect(json.signatures.find((s: { name: string }) => s.name === 'normalizeEmail')).toMatchObject({ line: 126, kind: 'function' });
    const exports = run(['exports', 'typescript/user-service.ts']);
    expect(exports.stdout).toMatch(/^typescript\/user-service\.ts:\d+ +class +UserService\b/m);
    const exportsJson = JSON.parse(run(['exports', 'typescript/user-service.ts', '--json']).stdout);
    expect(exportsJson.exports.map((e: { name: string }) => e.name)).toContain('normalizeEmail');
  });

  it('parse lists definitions at file:line:col', () => {
    const text = run(['parse', 'typescript/user-service.ts']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^# typescript\/user-service\.ts \(typescript, program, [\d.]+ ms\)/);
    expect(text.stdout).toMatch(/^typescript\/user-service\.ts:239:14 +class +UserService$/m);
    const json = JSON.parse(run(['parse', 'typescript/user-service.ts', '--json']).stdout);
    expect(json).toMatchObject({ file: 'typescript/user-service.ts', language: 'typescript', rootNode: 'program' });
  });
});

describe('code-index navigation commands', { timeout: 180_000 }, () => {
  it('symbols takes globs, --kind, --path and --limit', () => {
    const text = run(['symbols', 'User*', '--kind', 'class', '--path', 'typescript']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^typescript\/user-service\.ts:239:14 +class +UserService +export class UserService/m);
    const json = JSON.parse(run(['symbols', 'User*', '--kind', 'class', '--path', 'typescript', '--json', '--limit', '1']).stdout);
    expect(json).toMatchObject({ returnedCount: 1, hasMore: true, nextOffset: 1 });
    expect(json.matches[0]).toMatchObject({ file: 'typescript/user-service.ts', kind: 'class' });
  });

  it('symbols that match nothing exit 1 with an empty result', () => {
    const none = run(['symbols', 'zzqqxxvvnothing']);
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('code-index: no symbol matches "zzqqxxvvnothing"\n');
    const json = run(['symbols', 'zzqqxxvvnothing', '--json']);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ matches: [], total: 0 });
  });

  it('def by FILE:LINE:COL, FILE:LINE:NAME and NAME', () => {
    const position = run(['def', 'typescript/user-service.ts:265:16']);
    expect(position.status).toBe(0);
    expect(position.stdout).toMatch(/^typescript\/user-service\.ts:239:14 +class +export class UserService/);
    const named = JSON.parse(run(['def', 'typescript/user-service.ts:265:UserService', '--json']).stdout);
    expect(named.definitions[0]).toMatchObject({ file: 'typescript/user-service.ts', line: 239, column: 14, kind: 'class' });
    const bare = JSON.parse(run(['def', 'normalizeEmail', '--json']).stdout);
    expect(bare).toMatchObject({ symbol: 'normalizeEmail' });
    expect(bare.definitions[0]).toMatchObject({ file: 'typescript/user-service.ts', line: 126 });
  });

  it('def honours --scope: across files by default, nothing in the file alone (exit 1)', () => {
    const project = run(['def', 'web/src/client.ts:17:loadConfig'], { cwd: mixed });
    expect(project.status).toBe(0);
    expect(project.stdout).toMatch(/^web\/src\/config\.ts:8:17 +function/);
    const file = run(['def', 'web/src/client.ts:17:loadConfig', '--scope', 'file'], { cwd: mixed });
    expect(file.status).toBe(1);
    expect(file.stderr).toBe('code-index: no definition of "loadConfig" found\n');
  });

  it('refs lists references at file:line:col; --limit shortens the list', () => {
    const text = run(['refs', 'typescript/user-service.ts:239:14']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^typescript\/user-service\.ts:265:16 +class +return new UserService\(db, 'default'\);$/m);
    const json = JSON.parse(run(['refs', 'typescript/user-service.ts:239:14', '--json', '--limit', '2']).stdout);
    expect(json.symbol).toBe('UserService');
    expect(json.references).toHaveLength(2);
    expect(json.total).toBeGreaterThan(2);
  });

  it('hover prints the signature, location and doc comment', () => {
    const text = run(['hover', 'UserService']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('export class UserService extends BaseRepository<User>');
    expect(text.stdout).toContain('typescript/user-service.ts:239');
    expect(text.stdout).toContain('Manages user accounts and emits lifecycle events.');
    const json = JSON.parse(run(['hover', 'typescript/user-service.ts:265:16', '--json']).stdout);
    expect(json).toMatchObject({ symbol: 'UserService', kind: 'class', definitionLocation: { file: 'typescript/user-service.ts', line: 239 } });
  });

  it('calls follows callers (default) and callees (--direction outgoing)', () => {
    const out = run(['calls', 'UserService.create', '--direction', 'outgoing']);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^create +method +typescript\/user-service\.ts:264:10 +calls$/m);
    expect(out.stdout).toMatch(/^ {2}UserService +class +typescript\/user-service\.ts:239:14 +call at 265:16$/m);
    const incoming = JSON.parse(run(['calls', 'normalizeEmail', '--json']).stdout);
    expect(incoming).toMatchObject({ symbol: 'normalizeEmail', direction: 'incoming', depth: 1 });
    expect(incoming.items[0]).toMatchObject({ name: 'createUser', kind: 'method', file: 'typescript/user-service.ts', callSites: [{ line: 281, column: 14 }] });
    const sideways = run(['calls', 'normalizeEmail', '--direction', 'sideways']);
    expect(sideways.status).toBe(2);
    expect(sideways.stderr).toBe('code-index: INVALID_ARGUMENT: --direction must be incoming or outgoing, got "sideways"\n');
  });
});

describe('code-index project commands', { timeout: 180_000 }, () => {
  it('graph prints TOON, or the Graph-It-Live JSON, or a Mermaid or DOT drawing', () => {
    const toon = run(['graph', 'typescript/user-service.ts']);
    expect(toon.status).toBe(0);
    expect(toon.stdout).toMatch(/^nodes:.*Function:normalizeEmail/);
    expect(toon.stdout).toContain('renderReport>formatUser:calls:197');
    const json = JSON.parse(run(['graph', 'typescript/user-service.ts', '--format', 'json']).stdout);
    expect(json).toMatchObject({ filePath: join(fixtures, 'typescript/user-service.ts'), lspProvider: 'tree-sitter', isPartial: false });
    expect(JSON.parse(run(['graph', 'typescript/user-service.ts', '--json']).stdout).lspProvider).toBe('tree-sitter');
    const mermaid = run(['graph', 'typescript/user-service.ts', '--format', 'mermaid']);
    expect(mermaid.status).toBe(0);
    expect(mermaid.stdout).toMatch(/^flowchart LR\n {2}subgraph c0\["typescript\/user-service\.ts"\]\n/);
    expect(mermaid.stdout).toMatch(/\n {4}n\d+\["normalizeEmail"\]\n/);
    const dot = run(['graph', 'typescript/user-service.ts', '--format', 'dot']);
    expect(dot.stdout).toMatch(/^digraph calls \{\n/);
    expect(dot.stdout).toMatch(/ -> n\d+ \[label="197"\];\n/);
    expect(run(['graph', 'typescript/user-service.ts', '--format', 'svg']).status).toBe(2);
  });

  it('calls draws the callers as Mermaid or DOT', () => {
    const mermaid = run(['calls', 'typescript/user-service.ts:190:formatUser', '--format', 'mermaid']);
    expect(mermaid.status).toBe(0);
    expect(mermaid.stdout).toMatch(/^flowchart LR\n/);
    expect(mermaid.stdout).toMatch(/\["renderReport"\]/);
    expect(run(['calls', 'typescript/user-service.ts:190:formatUser', '--format', 'dot']).stdout).toMatch(/^digraph calls \{\n/);
    expect(run(['calls', 'typescript/user-service.ts:190:formatUser', '--format', 'png']).status).toBe(2);
  });

  it('index and stats report the index', () => {
    const index = run(['index']);
    expect(index.status).toBe(0);
    expect(index.stdout).toMatch(/^\d+ files, \d+ symbols, \d+ references \(0 parsed, 0 skipped\) in /);
    const summary = JSON.parse(run(['index', '--json']).stdout);
    expect(summary.files).toBeGreaterThan(5);
    expect(summary.location).toBe(cache);
    const stats = run(['stats', '--limit', '2']);
    expect(stats.stdout).toMatch(/^files +\d+$/m);
    expect(stats.stdout).toMatch(/^ {2}\d+ +typescript\/user-service\.ts$/m);
    const json = JSON.parse(run(['stats', '--json']).stdout);
    expect(json.files).toBe(summary.files);
    expect(json.symbolsByKind.class).toBeGreaterThan(0);
    expect(json.cache).toMatchObject({ persistent: true, location: cache });
  });

  it('languages lists each language with its extensions', () => {
    const text = run(['languages']);
    expect(text.stdout).toMatch(/^typescript +\S+ +\.ts /m);
    const json = JSON.parse(run(['languages', '--json']).stdout);
    expect(json.find((l: { id: string }) => l.id === 'python')).toMatchObject({ extensions: expect.arrayContaining(['.py']) });
  });

  it('map prints the ranked map in --tokens', () => {
    const text = run(['map', '--tokens', '200'], { cwd: mixed });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('config');
    const json = JSON.parse(run(['map', '--tokens', '200', '--json'], { cwd: mixed }).stdout);
    expect(json.tokens).toBeLessThanOrEqual(200);
  });
});

describe('code-index help, colour and errors', { timeout: 180_000 }, () => {
  it('--help lists every command, and each command has its own --help', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    const commands = ['analyze', 'signatures', 'exports', 'parse', 'symbols', 'def', 'refs', 'hover', 'calls', 'index', 'stats', 'languages', 'map', 'graph', 'mcp', 'cache', 'explain', 'serve'];
    for (const command of commands) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
      const own = run([command, '--help']);
      expect(own.status, command).toBe(0);
      expect(own.stdout, command).toMatch(new RegExp(`^Usage: code-index ${command}\\b`));
    }
    expect(run(['mcp', '--help']).stdout).toContain('CODE_INDEX_DISABLE_LANGUAGES');
  });

  it('paints on FORCE_COLOR, never with NO_COLOR, never in JSON', () => {
    expect(run(['symbols', 'UserService', '--limit', '1'], { env: { FORCE_COLOR: '1' } }).stdout).toContain('\x1b[36m');
    expect(run(['symbols', 'UserService', '--limit', '1'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain('\x1b[');
    expect(run(['symbols', 'UserService', '--limit', '1']).stdout).not.toContain('\x1b[');
    expect(run(['symbols', 'UserService', '--json'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain('\x1b[');
  });

  it.each([
    [['frobnicate'], /^code-index: INVALID_ARGUMENT: unknown command "frobnicate"/],
    [['symbols', 'x', '--frob'], /^code-index: INVALID_ARGUMENT: Unknown option '--frob'/],
    [['def', 'typescript/user-service.ts:x:3'], /^code-index: INVALID_ARGUMENT: "typescript\/user-service.ts:x:3" is not FILE:LINE:COL/],
    [['def', 'typescript/user-service.ts:12'], /^code-index: INVALID_ARGUMENT: "typescript\/user-service.ts:12" is not FILE:LINE:COL/],
    [['def', 'typescript/user-service.ts:3:0'], /^code-index: INVALID_ARGUMENT: .*COL counts from 1/],
    [['def'], /^code-index: INVALID_ARGUMENT: a position is required/],
    [['refs', 'UserService', '--scope', 'galaxy'], /^code-index: INVALID_ARGUMENT: --scope must be file, directory or project/],
    [['symbols', 'x', '--limit', 'many'], /^code-index: INVALID_ARGUMENT: --limit needs a whole number/],
    [['analyze'], /^code-index: INVALID_ARGUMENT: at least one FILE is required/],
    [['analyze', 'typescript/user-service.ts', '--detail', 'all'], /^code-index: INVALID_ARGUMENT: --detail must be outline, signatures or full/],
    [['analyze', 'nope.ts'], /^code-index: FILE_NOT_FOUND: /],
    [['def', 'nope.ts:1:1'], /^code-index: FILE_NOT_FOUND: /],
    [['analyze', '../package.json'], /^code-index: PATH_TRAVERSAL: /],
    [['hover', '/etc/passwd:1:1'], /^code-index: PATH_TRAVERSAL: /],
    [['languages', '--root', '/nonexistent-code-index-root'], /^code-index: DIR_NOT_FOUND: /],
  ])('%j exits 2 with one coded line on stderr', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('no command at all is a usage error (exit 2, usage on stderr)', () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: code-index <command>');
  });

  it('a file that fails does not hide the others (their output, then exit 2)', () => {
    const result = run(['signatures', 'nope.ts', 'typescript/user-service.ts']);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('normalizeEmail');
    expect(result.stderr).toMatch(/^code-index: FILE_NOT_FOUND: .*nope\.ts\n$/);
  });

  it('nothing at a position exits 1', () => {
    // Line 1 column 1 of the file is the `/**` of a comment: no identifier there.
    const result = run(['hover', 'typescript/user-service.ts:1:1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^code-index: TS_SYMBOL_NOT_FOUND: /);
  });

  it('ends quietly when the reader closes the pipe (code-index symbols "*" | head -1)', async () => {
    const child = spawn(process.execPath, [cli, 'symbols', '*', '--limit', '1000', '--json'], { cwd: fixtures, env: plainEnv() });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Like `head -1`: take the first chunk, then close our end while the CLI still has output to write.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});

describe('code-index cache', { timeout: 180_000 }, () => {
  it('lists the indexes of the user cache and cleans them: roots gone, dry run first', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'ci-cli-xdg-'));
    const tree = realpathSync(mkdtempSync(join(tmpdir(), 'ci-cli-tree-')));
    writeFileSync(join(tree, 'a.ts'), 'export function alpha(): number {\n  return 1;\n}\n');
    // The default location (no CODE_INDEX_CACHE_DIR), in a user cache of the test's own.
    const env = { XDG_CACHE_HOME: xdg, CODE_INDEX_CACHE_DIR: '' };
    try {
      expect(run(['index', '--root', tree], { env }).status).toBe(0);
      const listed = run(['cache', 'list', '--json'], { env });
      expect(listed.status).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({ root: tree, rootExists: true, inUse: false, version: expect.any(String), size: expect.any(Number), lastUsed: expect.any(String) }),
      ]);
      const text = run(['cache', 'list'], { env });
      expect(text.stdout).toMatch(/^last used +size +version +root$/m);
      expect(text.stdout).toContain(tree);
      expect(text.stdout).toMatch(/^1 folder, \d/m);
      rmSync(tree, { recursive: true });
      const dry = JSON.parse(run(['cache', 'clean', '--gone', '--dry-run', '--json'], { env }).stdout);
      expect([dry.dryRun, dry.removed.map((folder: { root: string; reason: string }) => [folder.root, folder.reason])]).toEqual([true, [[tree, 'gone']]]);
      expect(run(['cache', 'list', '--json'], { env }).status).toBe(0);
      const clean = run(['cache', 'clean', '--gone'], { env });
      expect(clean.status).toBe(0);
      expect(clean.stdout).toMatch(/^removed +\(gone\) .*\n^Removed 1 folder, .*; 0 kept$/m);
      const empty = run(['cache', 'list'], { env });
      expect([empty.status, empty.stdout]).toEqual([1, 'no indexes in the user cache\n']);
    } finally {
      rmSync(xdg, { recursive: true, force: true });
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it.each([
    [['cache'], /^code-index: INVALID_ARGUMENT: cache needs list or clean/],
    [['cache', 'purge'], /^code-index: INVALID_ARGUMENT: unknown cache command "purge"/],
    [['cache', 'list', '--gone'], /^code-index: INVALID_ARGUMENT: --gone is an option of cache clean/],
    [['cache', 'clean', '--older-than', 'soon'], /^code-index: INVALID_ARGUMENT: --older-than needs a number of days/],
    [['cache', 'clean', '--max-size', '2 parsecs'], /^code-index: INVALID_ARGUMENT: --max-size needs bytes or a size such as 500M/],
    [['cache', 'list', '--root', '.'], /^code-index: INVALID_ARGUMENT: Unknown option '--root'/],
    [['cache', 'clean', '--dry-run'], /^code-index: INVALID_ARGUMENT: CODE_INDEX_CACHE_MAX_SIZE needs bytes or a size/, { CODE_INDEX_CACHE_MAX_SIZE: 'lots' }],
    [['symbols', 'UserService'], /^code-index: INVALID_ARGUMENT: CODE_INDEX_CACHE_MAX_AGE_DAYS needs a number of days from 0, got "soon"/, { CODE_INDEX_CACHE_MAX_AGE_DAYS: 'soon' }],
    [['mcp'], /^code-index: INVALID_ARGUMENT: CODE_INDEX_CACHE_MAX_SIZE needs bytes/, { CODE_INDEX_CACHE_MAX_SIZE: '-1' }],
  ])('%j exits 2 with one coded line on stderr', (args, message, env: Record<string, string> = {}) => {
    const result = run(args, { env: { XDG_CACHE_HOME: join(tmpdir(), 'ci-cli-no-cache-here'), ...env } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('code-index mcp options reach the server', { timeout: 180_000 }, () => {
  async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', mixed, '--toolset', 'treesitter', ...args], env: plainEnv(env) as Record<string, string> }),
    );
    return client;
  }
  const errorCode = (result: unknown) => ((result as { structuredContent?: { error?: { code?: string } } }).structuredContent?.error?.code);

  it('--disable-language and --default-scope: a disabled language answers TS_UNSUPPORTED_LANGUAGE, an omitted scope is the configured one', async () => {
    const client = await connect(['--disable-language', 'python', '--disable-language', 'rust', '--default-scope', 'file']);
    try {
      const python = await client.callTool({ name: 'treesitter', arguments: { operation: 'parse', file_path: 'ml/pipeline/train.py' } });
      expect(python.isError).toBe(true);
      expect(errorCode(python)).toBe('TS_UNSUPPORTED_LANGUAGE');
      const rust = await client.callTool({ name: 'treesitter', arguments: { operation: 'parse', file_path: 'core/src/config.rs' } });
      expect(errorCode(rust)).toBe('TS_UNSUPPORTED_LANGUAGE');
      const go = await client.callTool({ name: 'treesitter', arguments: { operation: 'parse', file_path: 'svc/store/config.go', format: 'json' } });
      expect(go.isError).toBeFalsy();
      // `loadConfig(` on line 17 of client.ts is defined in config.ts: out of reach of the configured file scope.
      const at = { operation: 'definition', file_path: 'web/src/client.ts', line: 17, column: 38, format: 'json' };
      const scoped = await client.callTool({ name: 'treesitter', arguments: at });
      expect((scoped.structuredContent as { definitions: unknown[] }).definitions).toEqual([]);
      const project = await client.callTool({ name: 'treesitter', arguments: { ...at, scope: 'project' } });
      expect((project.structuredContent as { definitions: Array<{ file_path: string }> }).definitions[0]?.file_path).toBe(join(mixed, 'web/src/config.ts'));
    } finally {
      await client.close();
    }
  }, 180_000);

  it('reads the environment: CODE_INDEX_DISABLE_LANGUAGES, CODE_INDEX_MAX_FILE_SIZE', async () => {
    const client = await connect([], { CODE_INDEX_DISABLE_LANGUAGES: 'go, typescript', CODE_INDEX_MAX_FILE_SIZE: '64' });
    try {
      const go = await client.callTool({ name: 'treesitter', arguments: { operation: 'parse', file_path: 'svc/store/config.go' } });
      expect(errorCode(go)).toBe('TS_UNSUPPORTED_LANGUAGE');
      const python = await client.callTool({ name: 'treesitter', arguments: { operation: 'parse', file_path: 'ml/pipeline/train.py' } });
      expect(errorCode(python)).toBe('FILE_TOO_LARGE');
    } finally {
      await client.close();
    }
  }, 180_000);

  it('--no-watch: the server checks files when a query comes instead of following changes', () => {
    expect(mcpIndexOptions({ 'no-watch': true }, {})).toEqual({ watch: false });
    expect(mcpIndexOptions({}, {})).toEqual({});
  });

  it('a bad value from a flag or the environment is a usage error naming it', () => {
    const flag = run(['mcp', '--parse-timeout', 'soon']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toBe('code-index: INVALID_ARGUMENT: --parse-timeout needs a whole number from 1, got "soon"\n');
    const env = run(['mcp'], { env: { CODE_INDEX_DEFAULT_SCOPE: 'galaxy' } });
    expect(env.status).toBe(2);
    expect(env.stderr).toBe('code-index: INVALID_ARGUMENT: CODE_INDEX_DEFAULT_SCOPE must be file, directory or project, got "galaxy"\n');
    const misspelt = run(['mcp', '--disable-language', 'pyhton']);
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toMatch(/^code-index: INVALID_ARGUMENT: --disable-language names no language: "pyhton"; the ids are bash, c, .*python/);
    const fromEnv = run(['mcp'], { env: { CODE_INDEX_DISABLE_LANGUAGES: 'python,klingon' } });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toMatch(/^code-index: INVALID_ARGUMENT: CODE_INDEX_DISABLE_LANGUAGES names no language: "klingon"/);
  });
});

describe('CLI helpers', () => {
  it('splits positions from the right (a file may hold colons)', () => {
    expect(positionArgument('a/b.ts:3:7', undefined)).toEqual({ file: 'a/b.ts', line: 3, column: 7 });
    expect(positionArgument('C:/x/b.ts:3:name', 'file')).toEqual({ file: 'C:/x/b.ts', line: 3, symbol: 'name', scope: 'file' });
    expect(positionArgument('Store.get', undefined)).toEqual({ symbol: 'Store.get' });
  });

  it('progress says files done/total, rate and ETA', () => {
    expect(progressLine(250, 1000, 1000)).toBe('indexing 250/1000 files (25%)  250 files/s  ETA 3s');
    expect(progressLine(100, 10_000, 1000)).toBe('indexing 100/10000 files (1%)  100 files/s  ETA 1m39s');
  });
});

/** A stream that records what is written to it, a terminal or not. */
function recorder(isTTY: boolean): { stream: NodeJS.WriteStream; written: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  Object.assign(stream, { isTTY, columns: 120 });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => chunks.join('') };
}

describe('the progress line', () => {
  it('is silent when stderr is not a terminal (piped)', () => {
    const { stream, written } = recorder(false);
    const reporter = progressReporter(stream, 0);
    reporter.update(5, 10);
    reporter.end();
    expect(written()).toBe('');
  });

  it('is not drawn for a run shorter than the delay', () => {
    const { stream, written } = recorder(true);
    const reporter = progressReporter(stream, 60_000);
    reporter.update(5, 10);
    reporter.update(10, 10);
    reporter.end();
    expect(written()).toBe('');
  });

  it('draws files done/total, rate and ETA on a terminal, and clears its line at the end', async () => {
    const { stream, written } = recorder(true);
    const result = await withProgress(async (onProgress) => {
      onProgress(0, 10);
      await new Promise((resolve) => setTimeout(resolve, 350));
      onProgress(5, 10);
      return 'done';
    }, stream);
    expect(result).toBe('done');
    const text = written();
    expect(text).toMatch(/indexing 5\/10 files \(50%\) {2}\d+ files\/s {2}ETA \d+s/);
    // Ends on an empty line: the cursor back at its start, the line cleared, no newline left behind.
    expect(text.endsWith('\x1b[2K')).toBe(true);
    expect(text).not.toContain('\n');
  });
});

describe('the CLI and the operations table do not drift', () => {
  const commands = COMMANDS;
  /** Options that are not parameters of the command's operation, and why. */
  const NOT_PARAMETERS: Record<string, string[]> = {
    graph: ['format'], // the output: TOON, JSON, Mermaid or DOT
    calls: ['format'], // the output: text, JSON, Mermaid or DOT
    analyze: ['detail'], // the output: how much the rendering says
  };

  it('every operation has its subcommand, and every subcommand but scip, mcp and cache runs an operation', () => {
    for (const name of Object.keys(OPERATIONS)) {
      expect(commands.filter((command) => command.operation === name).map((command) => command.name), name).toHaveLength(1);
    }
    expect(commands.filter((command) => !command.operation).map((command) => command.name)).toEqual(['scip', 'mcp', 'cache']);
    expect(commands.map((command) => command.name)).toEqual(
      expect.arrayContaining(['analyze', 'signatures', 'exports', 'parse', 'symbols', 'def', 'refs', 'hover', 'stats', 'index', 'languages', 'mcp', 'graph', 'calls', 'map']),
    );
  });

  it.each(COMMANDS.filter((command) => command.operation).map((command) => [command.name, command] as const))(
    '%s: each option is a parameter of its operation, each parameter an option or a positional argument',
    (_name, command) => {
      const parameters = OPERATIONS[command.operation as OperationName].parameters as Record<string, Parameter>;
      const options = Object.keys(parseOptions(command)).filter((option) => !(option in COMMON_OPTIONS));
      const fromParameters = parameterOptions(command);
      expect(options.sort()).toEqual([...fromParameters.map((each) => each.option), ...(NOT_PARAMETERS[command.name] ?? [])].sort());
      const covered = [...(command.positionals ?? []), ...fromParameters.map((each) => each.parameter)];
      expect(covered.sort()).toEqual(Object.keys(parameters).sort());
      for (const name of Object.keys(command.rename ?? {})) expect(parameters, name).toHaveProperty(name);
      // The help shows each parameter as the table describes it.
      const help = commandHelp(command);
      for (const { option, spec } of fromParameters) {
        expect(help).toContain(`--${option}`);
        expect(help).toContain(describeParameter(spec));
      }
    },
  );

  it('every parameter of the table is a field of its operation\'s arguments (checked by the type checker)', () => {
    type Extra = { [N in OperationName]: Exclude<keyof (typeof OPERATIONS)[N]['parameters'], keyof OperationArgs<N>> }[OperationName];
    expectTypeOf<Extra>().toBeNever();
  });
});
