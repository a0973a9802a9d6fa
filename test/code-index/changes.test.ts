/**
 * Changes and their impact (CodeIndex.changes, the `changes` command and tool), on real git repositories built here:
 * a signature change with callers in three files, a removed method still called, a renamed function, a moved file,
 * in the working tree, the index and a range of commits; each answer checked against what the call hierarchy says at
 * each end (the callers of the old definition in the older tree, of the new one in the newer).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallHierarchyItem, CodeIndex, type ChangesResult, type DefinitionChange } from '../../src/index.js';
import { createToolbox } from '../../src/tools/index.js';
import { isolatedEnv } from '../helpers/cache-env.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const BASE: Record<string, string> = {
  'src/price.ts': [
    'export function total(items: number[]): number {',
    '  return items.reduce((sum, item) => sum + item, 0);',
    '}',
    '',
    'export function formatName(first: string, last: string): string {',
    '  return `${first} ${last}`.trim();',
    '}',
    '',
    'export class Cart {',
    '  items: number[] = [];',
    '  add(price: number): void {',
    '    this.items.push(price);',
    '  }',
    '  clear(): void {',
    '    this.items = [];',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/checkout.ts': [
    "import { Cart, total } from './price';",
    '',
    'export function checkout(cart: Cart): number {',
    '  const sum = total(cart.items);',
    '  cart.clear();',
    '  return sum;',
    '}',
    '',
  ].join('\n'),
  'src/summary.ts': [
    "import { formatName, total } from './price';",
    '',
    'export function summary(name: string, prices: number[]): string {',
    "  return `${formatName(name, '')}: ${total(prices)}`;",
    '}',
    '',
  ].join('\n'),
  'src/report.ts': [
    "import { total } from './price';",
    "import { summary } from './summary';",
    '',
    'export function report(rows: number[][]): string[] {',
    '  return rows.map((row) => `${total(row)}`);',
    '}',
    '',
    'export function headline(): string {',
    "  return summary('all', [1, 2]);",
    '}',
    '',
  ].join('\n'),
  'test/price.test.ts': [
    "import { total } from '../src/price';",
    "import { checkout } from '../src/checkout';",
    "import { Cart } from '../src/price';",
    '',
    'export function testTotal(): void {',
    '  total([1, 2]);',
    '  checkout(new Cart());',
    '}',
    '',
  ].join('\n'),
  'src/util.ts': ['export function double(x: number): number {', '  return x * 2;', '}', ''].join('\n'),
  // An importer of util.ts, which the move leaves pointing at the old path.
  'src/math.ts': ["import { double } from './util';", '', 'export const four = double(2);', ''].join('\n'),
  // A `clear()` of something else, which never bound to Cart.clear: not left behind by its removal.
  'src/other.ts': ['export function wipe(thing: any): void {', '  thing.clear();', '}', ''].join('\n'),
  'app/service.py': ['def fetch(url):', '    return url', '', '', 'def load(path):', '    return fetch(path)', ''].join('\n'),
  'app/test_service.py': ['from app.service import fetch', '', '', 'def test_fetch():', '    assert fetch("x") == "x"', ''].join('\n'),
};

/** The working tree's edits on top of BASE. */
function edit(root: string): void {
  const price = BASE['src/price.ts'] as string;
  write(
    root,
    'src/price.ts',
    price
      .replace('export function total(items: number[]): number {', 'export function total(items: number[], tax: number): number {')
      .replace('return items.reduce((sum, item) => sum + item, 0);', 'return items.reduce((sum, item) => sum + item, 0) * (1 + tax);')
      .replaceAll('formatName', 'formatTitle')
      .replace('  clear(): void {\n    this.items = [];\n  }\n', ''),
  );
  // The Python function's body changes, its signature does not; another is renamed and edited.
  write(
    root,
    'app/service.py',
    (BASE['app/service.py'] as string).replace('    return url', '    return url.strip()').replace('def load(path):\n    return fetch(path)', 'def load_path(path):\n    return fetch(path or ".")'),
  );
  mkdirSync(join(root, 'lib'), { recursive: true });
  renameSync(join(root, 'src/util.ts'), join(root, 'lib/util.ts'));
  write(root, 'src/fresh.ts', 'export const fresh = 1;\n');
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { encoding: 'utf8' });
}

let root: string;
let index: CodeIndex;
/** The call hierarchy of the older tree, asked before the edits: callers of `total` and of `Cart.clear`. */
let before: { total: CallHierarchyItem[]; clear: CallHierarchyItem[] };

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-changes-')));
  for (const [path, text] of Object.entries(BASE)) write(root, path, text);
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'base');
  const old = await CodeIndex.open({ root, persist: false });
  before = {
    total: (await old.callHierarchy({ file: 'src/price.ts', line: 1, column: 17 }, { depth: 2 })).items,
    clear: (await old.callHierarchy({ file: 'src/price.ts', line: 14, column: 3 })).items,
  };
  await old.close();
  edit(root);
  index = await CodeIndex.open({ root, persist: false });
});

afterAll(async () => {
  await index?.close();
  rmSync(root, { recursive: true, force: true });
});

function changeOf(result: ChangesResult, file: string, name: string): DefinitionChange | undefined {
  return result.files.find((f) => f.file === file)?.definitions.find((d) => d.name === name);
}

/** Callers as `file name level` from a hierarchy, levels counted from 1, each caller at its nearest level. */
function hierarchyCallers(items: CallHierarchyItem[]): string[] {
  const nearest = new Map<string, number>();
  const walk = (level: CallHierarchyItem[], depth: number) => {
    for (const item of level) {
      const key = `${item.file} ${item.name}`;
      nearest.set(key, Math.min(depth, nearest.get(key) ?? depth));
      walk(item.calls ?? [], depth + 1);
    }
  };
  walk(items, 1);
  return [...nearest].map(([key, depth]) => `${key} ${depth}`).sort();
}

describe('CodeIndex.changes on the working tree', () => {
  let result: ChangesResult;
  beforeAll(async () => {
    result = await index.changes({ depth: 2 });
  });

  it('Should list the changed files with their status: modified, moved, untracked and added', () => {
    expect(result.files.map((f) => [f.file, f.status, f.previousFile ?? '', f.untracked === true])).toEqual([
      ['app/service.py', 'modified', '', false],
      ['lib/util.ts', 'moved', 'src/util.ts', true],
      ['src/fresh.ts', 'added', '', true],
      ['src/price.ts', 'modified', '', false],
    ]);
    expect(result.base).toEqual({ revision: 'HEAD', commit: git(root, 'rev-parse', 'HEAD').trim() });
    expect(result.head).toEqual({ revision: 'working tree' });
    // A file moved unchanged has no definition change; what still imports it through its old path breaks.
    const moved = result.files.find((f) => f.file === 'lib/util.ts');
    expect(moved?.definitions).toEqual([]);
    expect(moved?.impact?.files.map((f) => [f.file, f.uses.map((u) => `${u.line}:${u.column} ${u.kind} ${u.unbound === true}`)])).toEqual([
      ['src/math.ts', ['1:10 import true', '3:21 call true']],
    ]);
  });

  it('Should tell a signature change, a rename, a removed method and a body change apart', () => {
    const price = result.files.find((f) => f.file === 'src/price.ts');
    expect(price?.definitions.map((d) => `${d.change} ${d.kind} ${d.name}${d.previousName ? ` from ${d.previousName}` : ''}`)).toEqual([
      'signature function total',
      'renamed function formatTitle from formatName',
      'removed method Cart.clear',
    ]);
    expect(changeOf(result, 'src/price.ts', 'total')).toMatchObject({
      line: 1,
      signature: 'total(items: number[], tax: number): number',
      previousSignature: 'total(items: number[]): number',
    });
    expect(changeOf(result, 'app/service.py', 'fetch')).toMatchObject({ change: 'body', kind: 'function', line: 1 });
    // Renamed and edited: paired with the removed definition its text is most like.
    expect(changeOf(result, 'app/service.py', 'load_path')).toMatchObject({ change: 'renamed', previousName: 'load', edited: true });
    expect(changeOf(result, 'src/fresh.ts', 'fresh')).toMatchObject({ change: 'added' });
    expect(result.counts).toEqual({ added: 1, removed: 1, renamed: 2, signature: 1, body: 1, moved: 0 });
  });

  it("Should list a signature change's dependents in three files and a test, as the call hierarchy does at the new end", async () => {
    const impact = changeOf(result, 'src/price.ts', 'total')?.impact;
    expect(impact?.files.map((f) => [f.file, f.test, f.uses.map((u) => u.line)])).toEqual([
      ['src/checkout.ts', false, [1, 4]],
      ['src/report.ts', false, [1, 5]],
      ['src/summary.ts', false, [1, 4]],
      ['test/price.test.ts', true, [1, 6]],
    ]);
    expect(impact?.tests).toBe(1);
    const now = await index.callHierarchy({ file: 'src/price.ts', line: 1, column: 17 }, { depth: 2 });
    const fromImpact = (impact?.files ?? []).flatMap((f) => f.callers.map((c) => `${f.file} ${c.name} ${c.level}`)).sort();
    expect(fromImpact).toEqual(hierarchyCallers(now.items));
    // The same callers as before the change: report's headline reaches total through summary.
    expect(fromImpact).toContain('src/report.ts headline 2');
    expect(fromImpact).toEqual(hierarchyCallers(before.total));
  });

  it('Should list where a removed method is still called, as the call hierarchy did at the old end, and no stranger', () => {
    const impact = changeOf(result, 'src/price.ts', 'Cart.clear')?.impact;
    const stillCalled = (impact?.files ?? []).flatMap((f) => f.uses.map((u) => `${f.file}:${u.line}:${u.column} ${u.unbound === true}`));
    expect(stillCalled).toEqual(['src/checkout.ts:5:8 true']);
    // The old end's callers bound to it; its name match (wipe's untyped `thing.clear()`) never named it.
    const bound = before.clear.filter((item) => item.resolution === 'bound');
    expect(bound.flatMap((item) => item.callSites.map((site) => `${item.file}:${site.line}:${site.column} true`))).toEqual(stillCalled);
    expect(before.clear.filter((item) => item.resolution === 'name_match').map((item) => item.file)).toEqual(['src/other.ts']);
  });

  it('Should list the uses of a renamed function that still name it by its old name', () => {
    const impact = changeOf(result, 'src/price.ts', 'formatTitle')?.impact;
    expect(impact?.files.map((f) => [f.file, f.uses.map((u) => `${u.line} ${u.unbound === true}`)])).toEqual([['src/summary.ts', ['1 true', '4 true']]]);
  });

  it("Should find a Python body change's dependents and mark the test named as Python names tests", () => {
    const impact = changeOf(result, 'app/service.py', 'fetch')?.impact;
    expect(impact?.files.map((f) => [f.file, f.test, f.callers.map((c) => c.name)])).toEqual([
      ['app/service.py', false, ['load_path']],
      ['app/test_service.py', true, ['test_fetch']],
    ]);
  });

  it('Should give the unified diff of a file when asked, and narrow to paths', async () => {
    const narrowed = await index.changes({ paths: ['app'], diff: true });
    expect(narrowed.files.map((f) => f.file)).toEqual(['app/service.py']);
    expect(narrowed.files[0]?.diff).toBe(
      [
        '--- a/app/service.py',
        '+++ b/app/service.py',
        '@@ -1,6 +1,6 @@',
        ' def fetch(url):',
        '-    return url',
        '+    return url.strip()',
        ' ',
        ' ',
        '-def load(path):',
        '-    return fetch(path)',
        '+def load_path(path):',
        '+    return fetch(path or ".")',
      ].join('\n'),
    );
    expect(narrowed.files[0]).toMatchObject({ linesAdded: 3, linesRemoved: 3 });
  });
});

describe('CodeIndex.changes on the index and on commits', () => {
  let second: string;
  beforeAll(() => {
    git(root, 'add', 'src/price.ts');
  });

  it('Should compare only what is staged with --staged', async () => {
    const staged = await index.changes({ staged: true });
    expect(staged.head).toEqual({ revision: 'index' });
    // The move, the Python edit and the new file are not staged.
    expect(staged.files.map((f) => `${f.file} ${f.status}`)).toEqual(['src/price.ts modified']);
    expect(staged.counts).toMatchObject({ signature: 1, renamed: 1, removed: 1, body: 0 });
  });

  it('Should compare two commits, and a branch with the commit it forked from', async () => {
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'second');
    second = git(root, 'rev-parse', 'HEAD').trim();
    const range = await index.changes({ base: 'HEAD~1', head: 'HEAD' });
    expect(range.head).toEqual({ revision: 'HEAD', commit: second });
    expect(range.files.map((f) => `${f.file} ${f.status}${f.previousFile ? ` from ${f.previousFile}` : ''}`)).toEqual([
      'app/service.py modified',
      'lib/util.ts moved from src/util.ts',
      'src/fresh.ts added',
      'src/price.ts modified',
    ]);
    expect(changeOf(range, 'src/price.ts', 'formatTitle')).toMatchObject({ change: 'renamed', previousName: 'formatName' });
    // Nothing differs in the working tree now; a touched file is no change.
    const touched = join(root, 'src/report.ts');
    utimesSync(touched, new Date(), new Date(Date.now() + 5000));
    expect((await index.changes()).files).toEqual([]);
    // A branch off the first commit: base...head compares it with the fork point, not with main's newer commit.
    git(root, 'checkout', '-q', '-b', 'side', 'HEAD~1');
    write(root, 'src/summary.ts', (BASE['src/summary.ts'] as string).replace("')}: ${", "')} = ${"));
    git(root, 'commit', '-q', '-am', 'side');
    const forked = await index.changes({ base: second, head: 'side', symmetric: true });
    expect(forked.files.map((f) => f.file)).toEqual(['src/summary.ts']);
    expect(forked.files[0]?.definitions.map((d) => `${d.change} ${d.name}`)).toEqual(['body summary']);
    const direct = await index.changes({ base: second, head: 'side' });
    expect(direct.files.length).toBeGreaterThan(1);
    git(root, 'checkout', '-q', '-');
  });

  it('Should refuse bad revisions and options with INVALID_ARGUMENT, a folder without git with NOT_A_GIT_REPOSITORY, a repository without a commit with GIT_NO_HEAD', async () => {
    for (const options of [{ base: 'no-such-branch' }, { base: '--output=/tmp/x' }, { base: 'a..b' }, { head: 'HEAD', staged: true }, { depth: 9 }, { paths: ['../outside'] }]) {
      await expect(index.changes(options)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    const bare = realpathSync(mkdtempSync(join(tmpdir(), 'ci-changes-none-')));
    write(bare, 'a.ts', 'export const a = 1;\n');
    const elsewhere = await CodeIndex.open({ root: bare, persist: false });
    try {
      await expect(elsewhere.changes()).rejects.toMatchObject({ code: 'NOT_A_GIT_REPOSITORY' });
      // A repository without a commit: no HEAD to compare with.
      git(bare, 'init', '-q');
      await expect(elsewhere.changes()).rejects.toMatchObject({ code: 'GIT_NO_HEAD' });
      await expect(elsewhere.changes({ base: 'main' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    } finally {
      await elsewhere.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('CodeIndex.changes on Go, where a method is called through any receiver name', () => {
  it('Should list every call a removed method leaves behind: its own file, another of the package, a test', async () => {
    const repo = realpathSync(mkdtempSync(join(tmpdir(), 'ci-changes-go-')));
    const cmd = [
      'package app',
      '',
      'type Command struct{ parent *Command }',
      '',
      'func (c *Command) Visit(fn func(*Command)) {',
      '\tif c.parent != nil {',
      '\t\tfn(c.parent)',
      '\t}',
      '}',
      '',
      'func (c *Command) Root() *Command {',
      '\troot := c',
      '\tc.Visit(func(p *Command) { root = p })',
      '\treturn root',
      '}',
      '',
    ].join('\n');
    write(repo, 'go.mod', 'module example.com/app\n\ngo 1.21\n');
    write(repo, 'cmd.go', cmd);
    write(repo, 'walk.go', ['package app', '', 'func depth(cmd *Command) int {', '\tn := 0', '\tcmd.Visit(func(*Command) { n++ })', '\treturn n', '}', ''].join('\n'));
    write(repo, 'cmd_test.go', ['package app', '', 'import "testing"', '', 'func TestVisit(t *testing.T) {', '\tc := &Command{}', '\tc.Visit(func(*Command) {})', '}', ''].join('\n'));
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'base');
    write(repo, 'cmd.go', cmd.replace('func (c *Command) Visit(fn func(*Command)) {\n\tif c.parent != nil {\n\t\tfn(c.parent)\n\t}\n}\n\n', ''));
    const go = await CodeIndex.open({ root: repo, persist: false });
    try {
      const result = await go.changes();
      const removed = changeOf(result, 'cmd.go', 'Command.Visit');
      expect(removed).toMatchObject({ change: 'removed', kind: 'method' });
      expect(removed?.impact?.files.map((f) => `${f.file}:${f.uses.map((u) => u.line).join(',')}${f.test ? ' test' : ''}`)).toEqual(['cmd.go:7', 'cmd_test.go:7 test', 'walk.go:5']);
    } finally {
      await go.close();
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('CodeIndex.changes runs no program of the repository', () => {
  it("Should decide which working files changed without git hashing them through the repository's clean filter", async () => {
    const repo = realpathSync(mkdtempSync(join(tmpdir(), 'ci-changes-filter-')));
    const marker = join(repo, '..', `${repo.split('/').pop()}-ran`);
    write(repo, '.gitattributes', '* filter=evil diff=evil\n');
    write(repo, 'src/kept.ts', 'export const kept = 1;\n');
    write(repo, 'src/edited.ts', 'export function edited(): number {\n  return 1;\n}\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'base');
    for (const key of ['filter.evil.clean', 'filter.evil.smudge', 'filter.evil.process', 'diff.evil.textconv', 'core.fsmonitor']) git(repo, 'config', key, `touch ${marker}; cat`);
    write(repo, 'src/edited.ts', 'export function edited(): number {\n  return 2;\n}\n');
    // Every entry "racily clean": git itself would run the clean filter to compare each file with the index.
    utimesSync(join(repo, '.git/index'), new Date('2020-01-01'), new Date('2020-01-01'));
    const other = await CodeIndex.open({ root: repo, persist: false });
    try {
      const result = await other.changes({ diff: true });
      expect(result.files.map((f) => `${f.file} ${f.status}`)).toEqual(['src/edited.ts modified']);
      expect(result.files[0]?.definitions.map((d) => `${d.change} ${d.name}`)).toEqual(['body edited']);
      expect((await other.changes({ staged: true })).files).toEqual([]);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await other.close();
      rmSync(repo, { recursive: true, force: true });
      rmSync(marker, { force: true });
    }
  });
});

describe('The changes command and tool', () => {
  it('Should print the changes as text and exit 0, and exit 1 when nothing differs', () => {
    const run = (...args: string[]) => {
      try {
        return { out: execFileSync('node', [cli, 'changes', ...args, '--root', root, '--no-cache'], { encoding: 'utf8', env: { ...process.env, ...isolatedEnv() } }), code: 0 };
      } catch (error) {
        const failed = error as { stdout: string; status: number };
        return { out: failed.stdout, code: failed.status };
      }
    };
    const range = run('HEAD~1..HEAD');
    expect(range.code).toBe(0);
    expect(range.out).toContain('src/price.ts  modified +');
    expect(range.out).toContain('  signature function total:1  total(items: number[], tax: number): number  (was total(items: number[]): number)');
    expect(range.out).toContain('  renamed function formatName -> formatTitle:5');
    expect(run().code).toBe(1);
    expect(run('nope').code).toBe(2);
  });

  it('Should be in the agent toolbox in place of file_diff, and render compact text with the diff on demand', async () => {
    const toolbox = await createToolbox({ index });
    expect(toolbox.tools.map((tool) => tool.name)).toContain('changes');
    expect(toolbox.tools.map((tool) => tool.name)).not.toContain('file_diff');
    write(root, 'src/summary.ts', (BASE['src/summary.ts'] as string).replace('name: string, prices', 'name: string, prices: number[], sep'));
    const answer = await toolbox.call('changes', { diff: true });
    expect(answer.ok).toBe(true);
    expect(answer.text).toMatch(/^working tree against HEAD \([0-9a-f]{10}\): 1 file, definitions: 1 signature/);
    expect(answer.text).toContain('  signature function summary:3');
    expect(answer.text).toContain('src/report.ts:2,9  callers: headline');
    expect(answer.text).toContain('@@ -1,5 +1,5 @@');
  });
});
