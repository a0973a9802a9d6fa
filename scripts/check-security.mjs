#!/usr/bin/env node
/**
 * Adversarial check of the root confinement (issue 9): drives the real MCP binary (`code-index mcp`, through the
 * SDK's own client) and `createToolbox` with every argument that names a path or a pattern, in every form an
 * attacker would try, and asserts that
 *   - no byte of any file outside the root is ever returned (each outside file holds a unique marker),
 *   - no command the repository configures is ever run (each writes a marker file),
 *   - errors stay bounded and never show the absolute root,
 *   - the server survives oversized and malformed JSON-RPC lines.
 *
 * Usage: npm run build && node scripts/check-security.mjs [--verbose]. Exits 1 on any finding.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '../dist/cli/main.js');
if (!existsSync(cli)) {
  console.error('check:security needs the build: run npm run build first');
  process.exit(2);
}
const { createToolbox } = await import('../dist/tools/index.js');
const verbose = process.argv.includes('--verbose');
const started = performance.now();

// ---------------------------------------------------------------------------------------------------------------
// The scene: a git repository whose subfolder is the root; outside files everywhere around it, all marked.
// ---------------------------------------------------------------------------------------------------------------
const MARK = `CIXLEAK${randomBytes(8).toString('hex')}`;
/** Other strings that only outside files hold (a real /etc/passwd line, a HEAD-only line). */
const FOREIGN = [MARK, 'root:x:0:0'];
const base = realpathSync(mkdtempSync(join(tmpdir(), 'ci-security-')));
const repo = join(base, 'repo');
const root = join(repo, 'project');
const outside = join(base, 'outside');
const victim = join(base, 'victim');
const markers = join(base, 'ran');
for (const dir of [root, outside, markers, join(repo, 'other'), join(root, 'src'), join(root, 'deep'), join(root, 'special')]) {
  mkdirSync(dir, { recursive: true });
}

const secretText = `${MARK} outside secret\n`;
const secretCode = `// ${MARK}\nexport function ${MARK}(): string {\n  return '${MARK}';\n}\nimport { ${MARK}x } from '${MARK}';\n`;
writeFileSync(join(outside, 'secret.txt'), secretText);
writeFileSync(join(outside, 'secret.ts'), secretCode);
writeFileSync(join(repo, 'other/secret.txt'), `${MARK} committed line\n`);
writeFileSync(join(repo, 'other/secret.ts'), secretCode);

writeFileSync(join(root, 'src/a.ts'), 'export function inside(value: number): number {\n  return value + 1;\n}\n');
writeFileSync(join(root, 'README.md'), '# inside\n');
symlinkSync(outside, join(root, 'etclink'));
symlinkSync('../other', join(root, 'sib'));
symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
symlinkSync(join(outside, 'secret.ts'), join(root, 'leak.ts'));
symlinkSync('../..', join(root, 'deep/up'));
symlinkSync('/etc', join(root, 'etc'));
symlinkSync('loop', join(root, 'loop'));
execFileSync('mkfifo', [join(root, 'special/fifo.ts')]);
execFileSync('mkfifo', [join(root, 'special/fifo.txt')]);

// Every command a repository can configure writes its own marker file.
function script(name) {
  const path = join(base, `bin-${name}.sh`);
  writeFileSync(path, `#!/bin/sh\ntouch '${join(markers, name)}'\ncat\n`);
  chmodSync(path, 0o755);
  return path;
}
function git(cwd, ...args) {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'core.hooksPath=/dev/null', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}
git(repo, 'init', '-q');
writeFileSync(join(root, '.gitattributes'), '* diff=evil filter=evil merge=evil\n');
writeFileSync(join(root, 'src/changed.ts'), 'export const before = 1;\n');
writeFileSync(join(root, 'src/gone.ts'), 'export const gone = 1;\n');
git(repo, 'add', '-A');
git(repo, 'commit', '-q', '-m', 'initial');
writeFileSync(join(root, 'src/changed.ts'), 'export const after = 2;\n');
rmSync(join(root, 'src/gone.ts'));
writeFileSync(join(repo, 'other/secret.txt'), `${MARK} working line\n`);
const hooks = join(base, 'hooks');
mkdirSync(hooks);
for (const hook of ['post-index-change', 'post-checkout', 'pre-commit', 'reference-transaction', 'fsmonitor-watchman']) {
  writeFileSync(join(hooks, hook), `#!/bin/sh\ntouch '${join(markers, `hook-${hook}`)}'\n`);
  chmodSync(join(hooks, hook), 0o755);
}
const gitConfig = {
  'core.fsmonitor': script('fsmonitor'),
  'core.hooksPath': hooks,
  'core.pager': script('pager'),
  'pager.diff': script('pager-diff'),
  'core.askPass': script('askpass'),
  'core.sshCommand': script('ssh'),
  'core.editor': script('editor'),
  'core.gitProxy': script('gitproxy'),
  'credential.helper': `!${script('credential')}`,
  'diff.external': script('external-diff'),
  'diff.evil.textconv': script('textconv'),
  'diff.evil.command': script('diff-driver'),
  'filter.evil.clean': script('clean'),
  'filter.evil.smudge': script('smudge'),
  'filter.evil.process': script('process'),
  'filter.evil.required': 'true',
  'merge.evil.driver': script('merge'),
  'gpg.program': script('gpg'),
  'sequence.editor': script('sequence-editor'),
  'core.untrackedCache': 'true',
};
for (const [key, value] of Object.entries(gitConfig)) git(repo, 'config', key, value);
// Every index entry "racily clean" (the index no newer than the files): git would hash those files through the clean
// filter to compare them, so `changes` must decide which working files differ without asking git to.
utimesSync(join(repo, '.git/index'), new Date('2020-01-01'), new Date('2020-01-01'));

// A repository elsewhere whose contents must never come back through a root that points at it.
mkdirSync(victim);
git(victim, 'init', '-q');
writeFileSync(join(victim, 'secret.txt'), `${MARK} victim\n`);
writeFileSync(join(victim, 'README.md'), `${MARK} victim readme\n`);
git(victim, 'add', '-A');
git(victim, 'commit', '-q', '-m', 'victim');
// A root whose .git is a file pointing at the victim, and one whose .git directory borrows the victim's objects.
const gitfileRoot = join(base, 'gitfile-root');
mkdirSync(gitfileRoot);
writeFileSync(join(gitfileRoot, '.git'), `gitdir: ${join(victim, '.git')}\n`);
writeFileSync(join(gitfileRoot, 'README.md'), '# mine\n');
const commondirRoot = join(base, 'commondir-root');
mkdirSync(join(commondirRoot, '.git'), { recursive: true });
writeFileSync(join(commondirRoot, '.git/commondir'), `${join(victim, '.git')}\n`);
writeFileSync(join(commondirRoot, '.git/HEAD'), 'ref: refs/heads/master\n');
writeFileSync(join(commondirRoot, 'README.md'), '# mine\n');

// ---------------------------------------------------------------------------------------------------------------
// The arguments: every way to name something outside.
// ---------------------------------------------------------------------------------------------------------------
const files = [
  join(outside, 'secret.txt'),
  join(outside, 'secret.ts'),
  join(repo, 'other/secret.txt'),
  join(repo, 'other/secret.ts'),
  '/etc/passwd',
  `${root}/../other/secret.txt`,
  `${root}/./../other/secret.ts`,
  '../other/secret.txt',
  '../other/secret.ts',
  '../../outside/secret.txt',
  './../other/secret.ts',
  'src/../../other/secret.ts',
  '..\\other\\secret.ts',
  '%2e%2e/other/secret.ts',
  '..%2fother%2fsecret.ts',
  '%252e%252e%252fother%252fsecret.ts',
  'file:///etc/passwd',
  '~/../../etc/passwd',
  'etclink/secret.txt',
  'etclink/secret.ts',
  'sib/secret.txt',
  'sib/secret.ts',
  'leak.txt',
  'leak.ts',
  'deep/up/other/secret.ts',
  'deep/up/other/secret.txt',
  'etc/passwd',
  'loop',
  'special/fifo.ts',
  'special/fifo.txt',
  ':/other/secret.txt',
  ':(top)other/secret.txt',
  ':(top,literal)other/secret.txt',
  ':(glob)../other/*',
  ':(top,glob)**/secret.*',
  ':/',
  ':!project',
  '../other/*',
  'src/a.ts\0../../other/secret.ts',
];
const directories = [
  outside,
  join(repo, 'other'),
  '/',
  '/etc',
  '..',
  '../other',
  '%2e%2e',
  '..%2f',
  'etclink',
  'sib',
  'deep/up',
  'deep/up/other',
  'etc',
  '~',
  `${root}/..`,
];
const globs = [
  '/etc/passwd',
  `${outside}/*`,
  `${outside}/secret.txt`,
  `${base}/*/secret.txt`,
  `${base}/**/secret.*`,
  '../*',
  '../other/*',
  '../**',
  '**/../../other/*',
  'src/../../other/*',
  '\\../other/*',
  '{..,x}/other/*',
  '.{.,}/other/*',
  '[.][.]/other/*',
  '%2e%2e/other/*',
  `${root}/../other/*`,
  'etclink/*',
  'etclink/secret.txt',
  'etclink/**',
  'etclink/**/*.ts',
  'sib/*',
  'sib/**/*.ts',
  'deep/up/other/*',
  'deep/up/**',
  'etc/passwd',
  'etc/*',
  '**/secret.*',
  '**',
  '*',
  '**/*.ts',
];
const SEARCH = ['CIX[L]EAK', 'root:x', '.'];

/** Every tool call of the probe list: [tool, arguments]. */
function probes() {
  const list = [];
  for (const file of files) {
    for (const operation of ['analyze_file', 'get_signatures', 'list_exports']) list.push(['code_analyze', { operation, file }]);
    list.push(['treesitter', { operation: 'parse', file_path: file }]);
    list.push(['treesitter', { operation: 'hover', file_path: file, line: 2, column: 17 }]);
    list.push(['treesitter', { operation: 'references', file_path: file, line: 2, column: 17 }]);
    list.push(['read_file', { file_path: file }]);
    list.push(['get_file_diff', { file_path: file }]);
    list.push(['changes', { paths: [file], diff: true }]);
    list.push(['get_file_summary', { file_path: file }]);
    list.push(['list_symbols', { file_path: file }]);
    list.push(['explainer_read_file', { path: file }]);
    list.push(['analyze_imports', { file }]);
    list.push(['search_text', { patterns: SEARCH, is_regex: true, file_pattern: file }]);
    list.push(['search_code', { pattern: 'CIX[L]EAK|root:x', fileGlob: file }]);
  }
  for (const directory of directories) {
    list.push(['code_analyze', { operation: 'search_symbols', query: 'CIX*', path: directory }]);
    list.push(['list_directory', { directory_path: directory, recursive: true }]);
    list.push(['explainer_list_directory', { path: directory, maxDepth: 10, includeHidden: true }]);
    list.push(['search_code', { pattern: 'CIX[L]EAK|root:x', directory }]);
    list.push(['get_file_diff', { file_path: directory }]);
    list.push(['changes', { paths: [directory], diff: true }]);
  }
  for (const glob of globs) {
    list.push(['search_text', { patterns: SEARCH, is_regex: true, file_pattern: glob }]);
    list.push(['search_text', { patterns: 'root', file_pattern: glob }]);
    list.push(['search_code', { pattern: 'CIX[L]EAK|root:x', fileGlob: glob }]);
    list.push(['search_code', { pattern: '.', directory: '.', fileGlob: glob, maxResults: 500 }]);
  }
  // Symbols: discovery must not have indexed anything outside.
  list.push(['find_symbols', { pattern: 'CIX*' }]);
  list.push(['code_analyze', { operation: 'search_symbols', query: 'CIX*' }]);
  list.push(['get_index_stats', {}]);
  list.push(['list_directory', { directory_path: '.', recursive: true }]);
  list.push(['explainer_list_directory', { path: '.', maxDepth: 10, includeHidden: true }]);
  list.push(['list_directory', { directory_path: 'special' }]);
  list.push(['get_file_diff', { file_path: 'src/changed.ts' }]);
  list.push(['get_file_diff', { file_path: 'src/gone.ts' }]);
  list.push(['get_file_diff', { file_path: '.gitattributes' }]);
  for (const args of [{}, { diff: true, depth: 3 }, { staged: true, diff: true }, { base: 'HEAD', head: 'HEAD' }, { base: '--output=/tmp/x' }, { base: 'HEAD@{-1}' }]) list.push(['changes', args]);
  return list;
}

// ---------------------------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------------------------
const findings = [];
const counts = { probes: 0, refused: 0, answered: 0, leaks: 0, byCode: {} };
const MAX_ERROR_CHARS = 110_000;

function inspect(where, tool, args, text, isError) {
  counts.probes++;
  if (isError) {
    counts.refused++;
    const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? 'uncoded';
    counts.byCode[code] = (counts.byCode[code] ?? 0) + 1;
    if (text.length > MAX_ERROR_CHARS) findings.push(`${where} ${tool}: error text of ${text.length} characters`);
    // The root's absolute path, unless the caller sent it (an echoed argument is the caller's own text).
    if (text.includes(root) && !JSON.stringify(args).includes(root)) findings.push(`${where} ${tool} ${show(args)}: error shows the absolute root`);
  } else counts.answered++;
  const leaked = FOREIGN.filter((foreign) => text.includes(foreign));
  if (leaked.length > 0) {
    counts.leaks++;
    findings.push(`${where} ${tool} ${show(args)}: LEAK of outside content (${leaked.map((f) => (f === MARK ? 'marker' : f)).join(', ')})`);
  }
}

function show(args) {
  const json = JSON.stringify(args);
  return json.length > 160 ? `${json.slice(0, 160)}…` : json;
}

function ranCommands() {
  return readdirSync(markers);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. The toolbox, in process.
// ---------------------------------------------------------------------------------------------------------------
/** Arguments of 10 MB and 1 MB: the error must stay bounded (it echoes them). */
const HUGE = [
  ['read_file', { file_path: `${'../'.repeat(3_500_000)}etc/passwd` }],
  ['read_file', { file_path: `${'a'.repeat(10 * 1024 * 1024)}.ts` }],
  ['search_text', { patterns: 'root', file_pattern: `${'*/'.repeat(512 * 1024)}*` }],
  ['explainer_read_file', { path: `/${'x'.repeat(1024 * 1024)}` }],
  ['x'.repeat(1024 * 1024), {}],
  ['read_file', { file_path: 'README.md', ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}${'y'.repeat(1000)}`, i])) }],
];

async function throughToolbox(boxRoot, list, label) {
  const box = await createToolbox({ root: boxRoot, toolset: 'all', searchTimeoutMs: 5000, indexOptions: { persist: false } });
  try {
    for (const [tool, args] of list) {
      const result = await box.call(tool, args);
      inspect(label, tool.length > 100 ? `<${tool.length} characters>` : tool, args, result.text + JSON.stringify(result.ok ? result.data : result.error), !result.ok);
    }
  } finally {
    box.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The MCP binary, through the SDK client, with a hostile environment (GIT_* variables a hook would set).
// ---------------------------------------------------------------------------------------------------------------
const hostileEnv = {
  ...process.env,
  GIT_DIR: join(victim, '.git'),
  GIT_WORK_TREE: victim,
  GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${script('env-fsmonitor')}'`,
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'diff.external',
  GIT_CONFIG_VALUE_0: script('env-config-external'),
  GIT_EXTERNAL_DIFF: script('env-external-diff'),
  GIT_PAGER: script('env-pager'),
  PAGER: script('env-pager2'),
  GIT_SSH_COMMAND: script('env-ssh'),
  GIT_ASKPASS: script('env-askpass'),
  SSH_ASKPASS: script('env-ssh-askpass'),
};

async function connect(serverRoot) {
  const client = new Client({ name: 'check-security', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', serverRoot, '--toolset', 'all', '--no-cache'], env: hostileEnv, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function throughMcp(list) {
  const { client, stderr } = await connect(root);
  try {
    for (const [tool, args] of list) {
      let text;
      let isError;
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 30_000 });
        text = JSON.stringify(result);
        isError = result.isError === true;
      } catch (error) {
        text = String(error?.message ?? error);
        isError = true;
        if (!/MCP error/.test(text)) findings.push(`mcp ${tool} ${show(args)}: transport failure ${text.slice(0, 200)}`);
      }
      inspect('mcp', tool, args, text, isError);
    }
    // Huge arguments: one over the message limit, one under it (the tool's error must stay bounded).
    for (const size of [10 * 1024 * 1024, 1024 * 1024]) {
      const args = { file_path: `${'a/'.repeat(size / 2)}x.ts` };
      let text;
      try {
        text = JSON.stringify(await client.callTool({ name: 'read_file', arguments: args }, undefined, { timeout: 60_000 }));
      } catch (error) {
        text = JSON.stringify({ error: { code: 'JSON-RPC', message: String(error?.message ?? error) } });
      }
      inspect('mcp', 'read_file', { file_path: `<${size} characters>` }, text, true);
    }
    await client.ping();
  } catch (error) {
    findings.push(`mcp: the server died: ${error?.message ?? error}\n${stderr().slice(-2000)}`);
  } finally {
    await client.close();
  }
  for (const foreign of FOREIGN) if (stderr().includes(foreign)) findings.push('mcp: outside content on the server\'s stderr');
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Raw JSON-RPC lines the SDK client would never send: oversized, not JSON, bad params.
// ---------------------------------------------------------------------------------------------------------------
async function rawLines() {
  const child = spawn(process.execPath, [cli, 'mcp', '--root', root, '--toolset', 'all', '--no-cache'], { stdio: ['pipe', 'pipe', 'pipe'] });
  // A server that dies mid-line must be reported, not crash the check.
  child.stdin.on('error', () => {});
  const replies = new Map();
  let buffered = '';
  let waiting;
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        const message = JSON.parse(line);
        replies.set(message.id === null ? `null:${replies.size}` : message.id, message);
      } catch {
        findings.push(`raw: the server wrote a line that is not JSON: ${line.slice(0, 200)}`);
      }
      waiting?.();
    }
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
    waiting?.();
  });
  // Resolves when the line is written, or when the server is gone (then the reply checks report it).
  const send = (text) =>
    new Promise((resolve) => {
      if (exited || child.stdin.write(`${text}\n`)) return resolve();
      child.stdin.once('drain', resolve);
      child.once('exit', resolve);
    });
  const reply = async (key, ms = 20_000) => {
    const until = Date.now() + ms;
    while (!replies.has(key) && !exited && Date.now() < until) {
      await new Promise((resolve) => {
        waiting = resolve;
        setTimeout(resolve, 200);
      });
    }
    return replies.get(key);
  };
  const nullReplies = () => [...replies.entries()].filter(([key]) => String(key).startsWith('null:')).map(([, message]) => message);
  try {
    await send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    if (!(await reply(1))) throw new Error('no reply to initialize');
    await send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const probe = (id, expectCode, what, check) => ({ id, expectCode, what, check });
    const cases = [];
    // A 20 MB line: a JSON-RPC error for id 2, and the server still answers.
    await send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read_file', arguments: { file_path: 'x'.repeat(20 * 1024 * 1024) } } }));
    cases.push(probe(2, -32600, 'a 20 MB line'));
    await send('{"jsonrpc": "2.0", "id": 3, "method": ');
    cases.push(probe('parse', -32700, 'a line that is not JSON'));
    await send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 5, arguments: 'x' } }));
    cases.push(probe(4, -32602, 'bad params', (message) => !/"expected"|invalid_type|^\s*\[/.test(message.error?.message ?? '')));
    await send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'read_file', arguments: { file_path: '../other/secret.txt' } } }));
    cases.push(probe(5, undefined, 'a call after them'));
    await send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }));
    cases.push(probe(6, undefined, 'a ping after them'));
    for (const { id, expectCode, what, check } of cases) {
      counts.probes++;
      const message = id === 'parse' ? (await reply(6), nullReplies().find((m) => m.error?.code === -32700)) : await reply(id);
      const text = JSON.stringify(message ?? null);
      for (const foreign of FOREIGN) if (text.includes(foreign)) findings.push(`raw ${what}: LEAK`);
      if (!message) findings.push(`raw ${what}: no reply${exited ? ' (the server exited)' : ''}`);
      else if (expectCode !== undefined && message.error?.code !== expectCode) findings.push(`raw ${what}: expected JSON-RPC error ${expectCode}, got ${text.slice(0, 300)}`);
      else if (check && !check(message)) findings.push(`raw ${what}: unreadable message ${text.slice(0, 300)}`);
      else if (text.length > MAX_ERROR_CHARS) findings.push(`raw ${what}: reply of ${text.length} characters`);
    }
  } catch (error) {
    findings.push(`raw: ${error.message}`);
  } finally {
    child.kill();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Races: a file and a folder swapped for symlinks to outside while the tools read them.
// ---------------------------------------------------------------------------------------------------------------
const RACE_ROUNDS = Number(process.env.CHECK_SECURITY_RACE_ROUNDS ?? 800);

async function races() {
  const inside = 'export function inside(): number {\n  return 1;\n}\n';
  writeFileSync(join(root, 'race.ts'), inside);
  mkdirSync(join(root, 'racedir'));
  writeFileSync(join(root, 'racedir/secret.ts'), inside);
  // The swapper: another process, so that it really interleaves with the reader's system calls.
  const swapper = spawn(process.execPath, ['-e', `
    const fs = require('node:fs');
    const root = ${JSON.stringify(root)};
    const outside = ${JSON.stringify(outside)};
    const inside = ${JSON.stringify(inside)};
    const at = (p) => root + '/' + p;
    for (;;) {
      try { fs.unlinkSync(at('race.tmp')); } catch {}
      try {
        fs.symlinkSync(outside + '/secret.ts', at('race.tmp'));
        fs.renameSync(at('race.tmp'), at('race.ts'));
        fs.writeFileSync(at('race.tmp'), inside);
        fs.renameSync(at('race.tmp'), at('race.ts'));
        fs.renameSync(at('racedir'), at('racedir.real'));
        fs.symlinkSync(outside, at('racedir'));
        fs.unlinkSync(at('racedir'));
        fs.renameSync(at('racedir.real'), at('racedir'));
      } catch {}
    }
  `], { stdio: 'ignore' });
  const box = await createToolbox({ root, toolset: 'all', searchTimeoutMs: 5000, indexOptions: { persist: false } });
  const calls = [
    (file) => ['read_file', { file_path: file }],
    (file) => ['explainer_read_file', { path: file }],
    (file) => ['code_analyze', { operation: 'analyze_file', file }],
    (file) => ['get_file_summary', { file_path: file }],
    (file) => ['treesitter', { operation: 'parse', file_path: file }],
  ];
  let reads = 0;
  const outcomes = {};
  try {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      for (const file of ['race.ts', 'racedir/secret.ts']) {
        for (const call of calls) {
          const [tool, args] = call(file);
          const result = await box.call(tool, args);
          reads++;
          outcomes[result.ok ? 'read' : result.error.code] = (outcomes[result.ok ? 'read' : result.error.code] ?? 0) + 1;
          inspect('race', tool, args, result.text, !result.ok);
        }
      }
      if (round % 50 === 0) {
        const result = await box.call('search_text', { patterns: ['CIX[L]EAK'], is_regex: true, file_pattern: '**/*.ts' });
        inspect('race', 'search_text', {}, result.text, !result.ok);
        const literal = await box.call('search_code', { pattern: 'return', fileGlob: 'race*/**' });
        inspect('race', 'search_code', {}, literal.text, !literal.ok);
      }
    }
  } finally {
    swapper.kill('SIGKILL');
    box.close();
  }
  // Both outcomes must occur, or the swapper did not really race the reads.
  if (verbose) console.log('racing reads:', outcomes);
  if (!outcomes.read || Object.keys(outcomes).length < 2) findings.push(`races: the swap never interleaved with the reads (${JSON.stringify(outcomes)})`);
  return reads;
}

// ---------------------------------------------------------------------------------------------------------------
let phaseStart = performance.now();
function phase(name) {
  if (verbose) console.log(`${name}: ${((performance.now() - phaseStart) / 1000).toFixed(1)} s, ${findings.length} findings so far`);
  phaseStart = performance.now();
}
const list = probes();
await throughToolbox(root, [...list, ...HUGE], 'toolbox');
phase('toolbox');
const beforeMcp = counts.probes;
await throughMcp(list);
const mcpProbes = counts.probes - beforeMcp;
phase('mcp');
const otherRoots = [
  ['get_file_diff', { file_path: 'secret.txt' }],
  ['get_file_diff', { file_path: 'README.md' }],
  ['changes', { diff: true }],
  ['read_file', { file_path: 'secret.txt' }],
  ['search_text', { patterns: SEARCH, is_regex: true }],
];
await throughToolbox(gitfileRoot, otherRoots, 'gitfile');
await throughToolbox(commondirRoot, otherRoots, 'commondir');
phase('other roots');
await rawLines();
phase('raw lines');
const reads = await races();
phase('races');
const ran = ranCommands();
for (const name of ran) findings.push(`a repository command ran: ${name}`);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `check:security: ${counts.probes} probes (${list.length} per front end, ${mcpProbes} through the MCP binary, ${reads} racing reads), ` +
    `${counts.refused} refused with a code, ${counts.answered} answered, ${counts.leaks} leaked, ${Object.keys(gitConfig).length + 5 + 10} command vectors, ` +
    `${ran.length} ran; ${seconds} s`,
);
if (verbose) console.log('refusals by code:', counts.byCode);
rmSync(base, { recursive: true, force: true });
if (findings.length > 0) {
  const unique = [...new Set(findings)];
  const kinds = {
    'outside content returned': unique.filter((f) => f.includes('LEAK')).length,
    'repository commands run': ran.length,
    'errors showing the root': unique.filter((f) => f.includes('absolute root')).length,
    'errors over the bound': unique.filter((f) => f.includes('characters')).length,
  };
  const other = unique.length - Object.values(kinds).reduce((a, b) => a + b, 0);
  console.error(`${unique.length} finding(s): ${Object.entries({ ...kinds, 'other (server died, no reply, unreadable)': other }).map(([k, v]) => `${v} ${k}`).join(', ')}`);
  console.error(unique.slice(0, verbose ? unique.length : 60).map((f) => `  - ${f}`).join('\n'));
  process.exit(1);
}
console.log('no byte from outside the root came back, no repository command ran, every error was bounded');
