/**
 * The workspace (src/engine/workspace.ts) over an in-memory tree: its questions of which files (listFiles,
 * indexFolder, knownFiles, indexedSummaries, isFolder), indexing into the name table, rescans that pick up changed,
 * new and deleted files, and files that cannot be indexed; and the cache on disk, through CodeIndex.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';
import { DiskStore } from '../../src/engine/disk-store.js';
import { MemoryStore } from '../../src/engine/store.js';
import { Workspace, type WorkspaceOptions } from '../../src/engine/workspace.js';
import type { FileFacts } from '../../src/model/facts.js';
import { MemoryFileSystem } from '../helpers/memory-file-system.js';
import { createNavigationProject, type NavigationProject } from '../helpers/navigation-project.js';

const registry = createDefaultRegistry();
const ROOT = '/project';
const open: Workspace[] = [];
afterEach(() => {
  for (const workspace of open.splice(0)) workspace.close();
});
afterAll(() => registry.dispose());

function tree(): MemoryFileSystem {
  return new MemoryFileSystem().writeTree(ROOT, {
    'src/a.ts': 'export function alpha(): number {\n  return beta();\n}\n',
    'src/b.ts': 'export function beta(): number {\n  return 1;\n}\n',
    'lib/c.py': 'def gamma():\n    return 3\n',
    'README.md': '# Project\n',
  });
}

function workspaceOf(fs: MemoryFileSystem, options: Partial<WorkspaceOptions> = {}): Workspace {
  const workspace = new Workspace(ROOT, registry, {
    limits: { maxFileSize: 1_000_000, parseTimeoutMs: 5_000 },
    maxCacheEntries: 100,
    rescanAfterMs: 60_000,
    store: new MemoryStore(),
    threads: 0,
    fileSystem: fs,
    ...options,
  });
  open.push(workspace);
  return workspace;
}

describe('which files', () => {
  it('Should list the files without analyzing any (listFiles), and know them after (knownFiles)', async () => {
    const workspace = workspaceOf(tree());
    const listed = await workspace.listFiles();
    expect([...listed].sort()).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    expect(workspace.counters).toEqual({ hits: 0, misses: 0, parses: 0 });
    expect([...workspace.indexedSummaries()]).toEqual([]);
    expect(workspace.knownFiles()).toBe(listed);
    expect(workspace.names.definitionsNamed('alpha')).toEqual([]);
  });

  it('Should index a folder and return its files (indexFolder), filling the name table', async () => {
    const workspace = workspaceOf(tree());
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts']);
    expect(workspace.counters.parses).toBe(2);
    expect([...workspace.indexedSummaries()].map(([file]) => file).sort()).toEqual(['src/a.ts', 'src/b.ts']);
    expect(workspace.names.definitionsNamed('beta').map((entry) => entry.file)).toEqual(['src/b.ts']);
    expect([...workspace.names.filesReferencing('beta')]).toEqual(['src/a.ts']);
    // Files outside the folder are neither indexed nor known yet.
    expect(workspace.names.definitionsNamed('gamma')).toEqual([]);
    expect([...workspace.knownFiles()].sort()).toEqual(['src/a.ts', 'src/b.ts']);
    expect((await workspace.indexFolder('')).sort()).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
    expect(workspace.names.definitionsNamed('gamma').map((entry) => entry.file)).toEqual(['lib/c.py']);
    expect(workspace.counters.parses).toBe(4);
  });

  it('Should tell folders from files (isFolder)', async () => {
    const workspace = workspaceOf(tree());
    expect(workspace.isFolder(await workspace.resolve('src'))).toBe(true);
    expect(workspace.isFolder(await workspace.resolve('src/a.ts'))).toBe(false);
    await expect(workspace.resolve('../outside')).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
  });
});

describe('rescans', () => {
  it('Should answer a folder indexed within rescanAfterMs without asking the file system again', async () => {
    const fs = tree();
    const workspace = workspaceOf(fs);
    await workspace.indexFolder('src');
    const calls = fs.calls.length;
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts']);
    expect(fs.calls.length).toBe(calls);
  });

  it('Should pick up a changed, a new and a deleted file on the next indexing, and count membership changes', async () => {
    const fs = tree();
    const workspace = workspaceOf(fs, { rescanAfterMs: 0 });
    await workspace.indexFolder('');
    const membership = workspace.membership;
    fs.write(`${ROOT}/src/b.ts`, 'export function betaRenamed(): number {\n  return 2;\n}\n');
    fs.write(`${ROOT}/src/d.ts`, 'export const delta = 4;\n');
    fs.remove(`${ROOT}/lib/c.py`);
    expect((await workspace.indexFolder('')).sort()).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/d.ts']);
    expect(workspace.names.definitionsNamed('beta')).toEqual([]);
    expect(workspace.names.definitionsNamed('betaRenamed').map((entry) => entry.file)).toEqual(['src/b.ts']);
    expect(workspace.names.definitionsNamed('delta').map((entry) => entry.file)).toEqual(['src/d.ts']);
    expect(workspace.names.definitionsNamed('gamma')).toEqual([]);
    expect(workspace.knownFiles().has('lib/c.py')).toBe(false);
    expect(workspace.membership).toBeGreaterThan(membership);
    // Only the changed and the new file were parsed again.
    expect(workspace.counters.parses).toBe(6);
  });

  it('Should not hand a caller the analysis of an older version still under way (an edit made while it runs)', async () => {
    const fs = tree();
    const workspace = workspaceOf(fs);
    const path = { relative: 'src/b.ts', absolute: `${ROOT}/src/b.ts` };
    // The file is edited just after the first analysis read it, and asked for again while that analysis runs.
    let after: Promise<FileFacts> | undefined;
    const readFile = fs.readFile.bind(fs);
    fs.readFile = (absolute, maxBytes) => {
      const bytes = readFile(absolute, maxBytes);
      if (!after) {
        fs.write(`${ROOT}/src/b.ts`, 'export function settled(): number {\n  return 0;\n}\n');
        after = workspace.facts(path);
      }
      return bytes;
    };
    expect((await workspace.facts(path)).definitions.map((d) => d.name)).toEqual(['beta']);
    expect((await after)?.definitions.map((d) => d.name)).toEqual(['settled']);
    // The same version asked for twice while under way is analyzed once.
    fs.write(`${ROOT}/src/b.ts`, 'export function again(): number {\n  return 0;\n}\n');
    const parses = workspace.counters.parses;
    const [one, two] = await Promise.all([workspace.facts(path), workspace.facts(path)]);
    expect(one).toBe(two);
    expect(workspace.counters.parses).toBe(parses + 1);
  });

  it('Should rescan after invalidateScans even within rescanAfterMs', async () => {
    const fs = tree();
    const workspace = workspaceOf(fs);
    await workspace.indexFolder('src');
    fs.write(`${ROOT}/src/e.ts`, 'export const epsilon = 5;\n');
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts']);
    workspace.invalidateScans();
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts', 'src/e.ts']);
  });
});

describe('the recorded scan', () => {
  it('Should take the entries as the tree while its folders are unchanged, and walk it again when one changed', async () => {
    const fs = tree();
    const location = mkdtempSync(join(tmpdir(), 'code-index-scan-record-'));
    try {
      const storeOf = () => new DiskStore(location, true);
      const first = workspaceOf(fs, { store: storeOf() });
      await first.indexFolder('');
      first.save(true);
      // A new process: no walk of the tree (no folder listed), the same files, nothing parsed.
      fs.calls.length = 0;
      const second = workspaceOf(fs, { store: storeOf() });
      expect((await second.indexFolder('')).sort()).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts']);
      expect(fs.calls.filter((call) => call.startsWith('readdir'))).toEqual([]);
      expect(second.counters.parses).toBe(0);
      // A file edited in place changes no folder: its own stat catches it.
      fs.write(`${ROOT}/src/b.ts`, 'export function betaEdited(): number {\n  return 2;\n}\n');
      const third = workspaceOf(fs, { store: storeOf() });
      await third.indexFolder('');
      expect(fs.calls.filter((call) => call.startsWith('readdir'))).toEqual([]);
      expect(third.names.definitionsNamed('betaEdited').map((entry) => entry.file)).toEqual(['src/b.ts']);
      third.save(true);
      // A file added changes its folder: the tree is walked again, and the new file found.
      fs.write(`${ROOT}/src/d.ts`, 'export const delta = 4;\n');
      const fourth = workspaceOf(fs, { store: storeOf() });
      expect((await fourth.indexFolder('')).sort()).toEqual(['README.md', 'lib/c.py', 'src/a.ts', 'src/b.ts', 'src/d.ts']);
      expect(fs.calls.some((call) => call.startsWith('readdir'))).toBe(true);
      // A record made under other options (another exclude) says nothing of this tree.
      fourth.save(true);
      fs.calls.length = 0;
      const other = workspaceOf(fs, { store: storeOf(), exclude: ['lib/**'] });
      expect((await other.indexFolder('')).sort()).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/d.ts']);
      expect(fs.calls.some((call) => call.startsWith('readdir'))).toBe(true);
    } finally {
      rmSync(location, { recursive: true, force: true });
    }
  });
});

describe('a long scan in bounded memory', () => {
  it('Should write the summaries it holds into runs, answer from them, and fold them into the segment at its end', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'code-index-runs-'));
    const location = join(folder, 'cache');
    const root = join(folder, 'tree');
    const runs = () => readdirSync(location).filter((name) => /^run-\d+-[0-9a-f]+\.seg$/.test(name));
    try {
      mkdirSync(join(root, 'src'), { recursive: true });
      // Each file calls the previous one's function: references to find in the runs.
      for (let i = 0; i < 40; i++) {
        const body = i === 0 ? 'n' : `f${i - 1}(n)`;
        writeFileSync(join(root, 'src', `m${i}.ts`), `export function f${i}(n: number): number {\n  return ${body} + ${i};\n}\n`);
      }
      // A run left by a process that was killed (no such pid): collected by the next fold.
      mkdirSync(location, { recursive: true });
      writeFileSync(join(location, 'run-999999999-0123456789ab.seg'), 'left behind');
      const storeOf = () => new DiskStore(location, true);
      const held: number[] = [];
      let written = 0;
      const options = { limits: { maxFileSize: 1_000_000, parseTimeoutMs: 5_000 }, maxCacheEntries: 100, rescanAfterMs: 60_000, threads: 1, runHeldFiles: 8 };
      const workspace: Workspace = new Workspace(root, registry, {
        ...options,
        store: storeOf(),
        // Saves as the save timer would on a long scan (its 2 s are longer than this whole scan).
        onProgress: (done) => {
          if (done % 5 !== 0) return;
          workspace.save();
          held.push(workspace.names.served.held);
          written = Math.max(written, runs().length - 1);
        },
      });
      open.push(workspace);
      expect(await workspace.indexFolder('')).toHaveLength(40);
      expect(written).toBeGreaterThanOrEqual(2);
      expect(Math.max(...held)).toBeLessThan(8 + 5);
      // Answers from the runs (and what is still held) as from memory.
      const answers = (w: Workspace) =>
        Array.from({ length: 40 }, (_, i) => [w.names.definitionsNamed(`f${i}`).map((d) => `${d.file}:${d.definition.line}`), [...w.names.filesReferencing(`f${i}`)]]);
      const expected = Array.from({ length: 40 }, (_, i) => [[`src/m${i}.ts:1`], i < 39 ? [`src/m${i + 1}.ts`] : []]);
      expect(answers(workspace)).toEqual(expected);
      expect([...workspace.names.candidateNames({ lowerPrefix: 'f3' })].sort()).toEqual(['f3', 'f30', 'f31', 'f32', 'f33', 'f34', 'f35', 'f36', 'f37', 'f38', 'f39']);
      // The fold takes every run's summaries into the segment; the runs (and the killed process's) are removed.
      workspace.save(true);
      expect(workspace.names.served).toEqual({ held: 0, stored: 40 });
      expect(runs()).toEqual([]);
      expect(answers(workspace)).toEqual(expected);
      // A new process answers the same from the segment, parsing nothing.
      const next = new Workspace(root, registry, { ...options, store: storeOf() });
      open.push(next);
      await next.indexFolder('');
      expect(answers(next)).toEqual(expected);
      expect(next.counters.parses).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('files that cannot be indexed', () => {
  it('Should try a file that ran out of time once more before skipping it (the first may have met a busy machine)', async () => {
    const slow = Array.from({ length: 20_000 }, (_, i) => `const v${i} = f(${i});`).join('\n');
    const workspace = workspaceOf(tree().write(`${ROOT}/src/slow.ts`, slow), { limits: { maxFileSize: 10_000_000, parseTimeoutMs: 1 } });
    const path = await workspace.resolve('src/slow.ts');
    await expect(workspace.entry(path)).rejects.toMatchObject({ code: 'TS_PARSE_TIMEOUT' });
    // Analyzed again (not answered from its entry), then skipped from the second timeout on.
    await expect(workspace.entry(path)).rejects.toMatchObject({ code: 'TS_PARSE_TIMEOUT' });
    expect(workspace.counters.hits).toBe(0);
    await expect(workspace.entry(path)).rejects.toMatchObject({ code: 'TS_PARSE_TIMEOUT' });
    expect(workspace.counters.hits).toBe(1);
  });

  it('Should leave out and list a file over maxFileSize, indexing the rest', async () => {
    const fs = tree().write(`${ROOT}/src/huge.ts`, `export const big = "${'x'.repeat(2_000)}";\n`);
    const workspace = workspaceOf(fs, { limits: { maxFileSize: 1_000, parseTimeoutMs: 5_000 } });
    expect(await workspace.indexFolder('src')).toEqual(['src/a.ts', 'src/b.ts']);
    expect(workspace.skipped.get('src/huge.ts')).toMatch(/^FILE_TOO_LARGE/);
    // Known to exist all the same (its error is recorded until it changes).
    expect(workspace.knownFiles().has('src/huge.ts')).toBe(true);
  });

  it('Should analyze a listed file on demand (factsOf), and answer nothing for an unknown one', async () => {
    const workspace = workspaceOf(tree());
    await workspace.listFiles();
    const facts = await workspace.factsOf('lib/c.py');
    expect(facts?.definitions.map((definition) => definition.name)).toEqual(['gamma']);
    expect(workspace.counters.parses).toBe(1);
    expect(await workspace.factsOf('lib/missing.py')).toBeUndefined();
  });
});

describe('the cache on disk, through CodeIndex', () => {
  let project: NavigationProject;
  let index: CodeIndex;
  const write = (file: string, text: string) => project.write(file, text);
  beforeAll(async () => {
    project = createNavigationProject();
    index = await CodeIndex.open({ root: project.root, registry, rescanAfterMs: 0 });
  });
  afterAll(() => {
    index.close();
    project.remove();
  });

  it('Should answer unchanged files from the cache and re-parse a changed file on the next query', async () => {
    await index.indexAll();
    const before = index.stats().cache;
    await index.findDefinitions({ symbol: 'hashPassword' });
    expect(index.stats().cache.parses).toBe(before.parses);
    write('src/util/crypto.ts', '/** Hashes a password. */\nexport function hashPassword(value: string): string {\n  return value;\n}\nexport function salt() {}\n');
    const salted = await index.findDefinitions({ symbol: 'salt' });
    expect(salted.definitions.map((d) => d.file)).toEqual(['src/util/crypto.ts']);
    expect(index.stats().cache.parses).toBe(before.parses + 1);
  });
  it('Should keep the facts of a touched but unchanged file', async () => {
    const before = index.stats().cache;
    const future = new Date(Date.now() + 10_000);
    utimesSync(join(project.root, 'src/auth/user.ts'), future, future);
    await index.findDefinitions({ symbol: 'User' });
    expect(index.stats().cache.misses).toBe(before.misses + 1);
    expect((await index.findDefinitions({ symbol: 'User' })).definitions).toHaveLength(1);
  });
  it('Should drop a deleted file and index a new one', async () => {
    unlinkSync(join(project.root, 'src/util/other.ts'));
    write('src/util/fresh.ts', 'export function brandNew() {}\n');
    expect((await index.findDefinitions({ symbol: 'hashPassword' })).definitions.map((d) => d.file)).toEqual(['src/util/crypto.ts']);
    expect((await index.findDefinitions({ symbol: 'brandNew' })).total).toBe(1);
    await expect(index.analyzeFile('src/util/other.ts')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
  it('Should answer two queries at once consistently', async () => {
    const [a, b] = await Promise.all([index.findDefinitions({ symbol: 'User' }), index.findDefinitions({ symbol: 'User' })]);
    expect(a).toEqual(b);
  });
  it('Should skip and report an unreadable file, indexing the rest', async () => {
    write('src/huge.ts', `export const big = "${'x'.repeat(2_000)}";\n`);
    const small = await CodeIndex.open({ root: project.root, registry, maxFileSize: 1_000 });
    try {
      const stats = await small.indexAll();
      expect(stats.skipped.map((s) => s.file)).toContain('src/huge.ts');
      expect(stats.skipped.find((s) => s.file === 'src/huge.ts')?.reason).toMatch(/^FILE_TOO_LARGE/);
      expect(stats.files).toBeGreaterThan(5);
    } finally {
      small.close();
    }
  });
});
