/**
 * Discovery (src/engine/discovery.ts) over an injected file system: an in-memory tree, with the same rules as on disk
 * (registered extensions, default excludes, hidden folders, `.gitignore` at every level, no symlink followed out of
 * the root), and listTree's listing of every file; and on disk, through CodeIndex.
 */
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';
import { createDiscoveryFilter, type DiscoveryOptions, discoverFiles, listTree, readsGitignores } from '../../src/engine/discovery.js';
import { createListingCheck, readSource, resolveInRoot } from '../../src/engine/source.js';
import { MemoryFileSystem } from '../helpers/memory-file-system.js';
import { createNavigationProject } from '../helpers/navigation-project.js';

const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

const ROOT = '/project';

function tree(): MemoryFileSystem {
  return new MemoryFileSystem()
    .writeTree(ROOT, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'generated/\n*.log.ts\n!keep.log.ts\n',
      'src/app.ts': 'export function app() {}\n',
      'src/util/math.py': 'def add(a, b):\n    return a + b\n',
      'src/debug.log.ts': 'export function ignoredByPattern() {}\n',
      'src/keep.log.ts': 'export function keptByNegation() {}\n',
      'src/nested/.gitignore': 'local.ts\n',
      'src/nested/local.ts': 'export function ignoredByNestedGitignore() {}\n',
      'src/nested/kept.ts': 'export function kept() {}\n',
      'generated/api.ts': 'export function generated() {}\n',
      'node_modules/dep/index.js': 'module.exports = {};\n',
      '.hidden/secret.ts': 'export const secret = 1;\n',
      'notes.txt': 'not source\n',
      'README.md': '# Project\n',
    })
    .write('/outside/escape.ts', 'export function outside() {}\n')
    .link(`${ROOT}/src/linked`, '/outside');
}

describe('discoverFiles with an injected file system', () => {
  it('Should find the indexable files of an in-memory tree, by the same rules as on disk', async () => {
    const fs = tree();
    const files = await discoverFiles(ROOT, '', registry, { fileSystem: fs });
    expect(files).toEqual(['README.md', 'src/app.ts', 'src/keep.log.ts', 'src/nested/kept.ts', 'src/util/math.py']);
    // The tree was walked through the injected file system.
    expect(fs.calls.some((call) => call.startsWith('readdir /project'))).toBe(true);
  });

  it('Should limit to a folder, and honour include and exclude patterns', async () => {
    const fs = tree();
    expect(await discoverFiles(ROOT, 'src/nested', registry, { fileSystem: fs })).toEqual(['src/nested/kept.ts']);
    expect(await discoverFiles(ROOT, '', registry, { fileSystem: fs, include: ['src/**/*'] })).toEqual([
      'src/app.ts',
      'src/keep.log.ts',
      'src/nested/kept.ts',
      'src/util/math.py',
    ]);
    expect(await discoverFiles(ROOT, '', registry, { fileSystem: fs, exclude: ['**/util/**'] })).not.toContain('src/util/math.py');
    expect(await discoverFiles(ROOT, '', registry, { fileSystem: fs, disabledLanguages: new Set(['python', 'markdown']) })).toEqual([
      'src/app.ts',
      'src/keep.log.ts',
      'src/nested/kept.ts',
    ]);
  });

  it('Should refuse patterns that leave the root before walking anything', async () => {
    const fs = tree();
    await expect(discoverFiles(ROOT, '', registry, { fileSystem: fs, include: ['../outside/**'] })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    await expect(discoverFiles(ROOT, '', registry, { fileSystem: fs, include: ['/etc/**'] })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
  });

  it('Should list every file and folder with listTree, links out of the root dropped', async () => {
    // A folder holding its own .gitignore is listed, and that .gitignore applies below it (it once failed: "path must
    // not be empty", the folder tested against its own rules as an empty path).
    const fs = tree();
    const listed = await listTree(ROOT, 'src', { fileSystem: fs });
    expect(listed.files).toEqual(['src/app.ts', 'src/keep.log.ts', 'src/nested/kept.ts', 'src/util/math.py']);
    expect(listed.directories).toEqual(['src/nested', 'src/util']);
    fs.remove(`${ROOT}/src/nested/.gitignore`);
    expect((await listTree(ROOT, 'src', { fileSystem: fs })).files).toContain('src/nested/local.ts');
    expect((await listTree(ROOT, '', { fileSystem: fs, filePatterns: ['*.txt'] })).files).toEqual(['notes.txt']);
  });
});

describe('.gitignore files apply in a git work tree only (as git, ripgrep and fd read them)', () => {
  const all = ['README.md', 'generated/api.ts', 'src/app.ts', 'src/debug.log.ts', 'src/keep.log.ts', 'src/nested/kept.ts', 'src/nested/local.ts', 'src/util/math.py'];
  const filtered = ['README.md', 'src/app.ts', 'src/keep.log.ts', 'src/nested/kept.ts', 'src/util/math.py'];
  /** What discovery, the filter and listTree each say the tree holds. */
  async function membership(fs: MemoryFileSystem, root = ROOT) {
    const filter = createDiscoveryFilter(root, registry, { fileSystem: fs });
    const listed = (await listTree(root, '', { fileSystem: fs })).files.filter((file) => registry.detectLanguage(file).language);
    return { discovered: await discoverFiles(root, '', registry, { fileSystem: fs }), filtered: all.filter((file) => filter.listsFile(file)), listed };
  }

  it('Should read no .gitignore in a tree outside git (an extracted archive), and every rule once .git is there', async () => {
    const fs = tree().remove(`${ROOT}/.git`);
    expect(readsGitignores(ROOT, fs)).toBe(false);
    expect(await membership(fs)).toEqual({ discovered: all, filtered: all, listed: all });
    // Debian's linux-source ships a .gitignore that ignores every top-level entry but debian/.
    fs.write(`${ROOT}/.gitignore`, '/*\n!/debian/\n');
    expect((await membership(fs)).discovered).toEqual(all);
    fs.write(`${ROOT}/.gitignore`, 'generated/\n*.log.ts\n!keep.log.ts\n').write(`${ROOT}/.git/HEAD`, 'ref: refs/heads/main\n');
    expect(readsGitignores(ROOT, fs)).toBe(true);
    expect(await membership(fs)).toEqual({ discovered: filtered, filtered, listed: filtered });
  });

  it('Should read them when the root is a folder inside a repository, or a worktree whose .git is a file', async () => {
    const fs = tree().remove(`${ROOT}/.git`);
    fs.write('/.git/HEAD', 'ref: refs/heads/main\n');
    expect(readsGitignores(ROOT, fs)).toBe(true);
    expect((await membership(fs)).discovered).toEqual(filtered);
    fs.remove('/.git').write(`${ROOT}/.git`, 'gitdir: /elsewhere/.git/worktrees/project\n');
    expect(readsGitignores(ROOT, fs)).toBe(true);
    expect(await membership(fs)).toEqual({ discovered: filtered, filtered, listed: filtered });
  });

  it('Should let a filter see .git come (git init) only after forgetRules, as a watcher calls it', () => {
    const fs = tree().remove(`${ROOT}/.git`);
    const filter = createDiscoveryFilter(ROOT, registry, { fileSystem: fs });
    expect(filter.listsFile('generated/api.ts')).toBe(true);
    fs.write(`${ROOT}/.git/HEAD`, 'ref: refs/heads/main\n');
    expect(filter.listsFile('generated/api.ts')).toBe(true);
    filter.forgetRules();
    expect(filter.listsFile('generated/api.ts')).toBe(false);
    expect(filter.walksFolder('generated')).toBe(false);
  });
});

describe('createDiscoveryFilter: discovery\'s rules one path at a time (what a watcher asks)', () => {
  /** The tree above, and the corners a path-by-path answer could get wrong. */
  function corners(): MemoryFileSystem {
    return tree().writeTree(ROOT, {
      'Makefile': 'all:\n\ttrue\n',
      'src/UPPER.TS': 'export const upper = 1;\n',
      'src/odd.ts/inside.md': '# a folder named like a file\n',
      'src/gen/made.ts': 'export const made = 1;\n',
      'lib/deep/er/most.rs': 'fn most() {}\n',
      'lib/build/out.ts': 'export const out = 1;\n',
      'lib/.cache/x.ts': 'export const x = 1;\n',
      'lib/real.ts': 'export const real = 1;\n',
    })
      .link(`${ROOT}/lib/alias.ts`, `${ROOT}/lib/real.ts`)
      .link(`${ROOT}/lib/inner`, `${ROOT}/lib/deep`);
  }

  /** Every file of the tree, whatever the rules (links included), as root-relative paths. */
  function everyPath(fs: MemoryFileSystem, folder = ''): string[] {
    const paths: string[] = [];
    for (const entry of fs.readdir(folder ? `${ROOT}/${folder}` : ROOT)) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !entry.isSymbolicLink()) paths.push(...everyPath(fs, path));
      else paths.push(path);
    }
    return paths;
  }

  /** What a watcher's walk finds: folders entered as the filter says, links never followed. */
  function walk(fs: MemoryFileSystem, filter: ReturnType<typeof createDiscoveryFilter>, folder = ''): string[] {
    const files: string[] = [];
    for (const entry of fs.readdir(folder ? `${ROOT}/${folder}` : ROOT)) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (filter.walksFolder(path)) files.push(...walk(fs, filter, path));
      } else if (filter.listsFile(path)) files.push(path);
    }
    return files.sort();
  }

  const cases: Array<[string, DiscoveryOptions]> = [
    ['the defaults', {}],
    ['include globs', { include: ['src/**/*', 'lib/*'] }],
    ['exclude globs', { exclude: ['**/nested/**', 'src/util', 'lib/deep/er'] }],
    ['no default excludes', { useDefaultExcludes: false }],
    ['a disabled language', { disabledLanguages: new Set(['python', 'typescript']) }],
  ];
  for (const [name, options] of cases) {
    it(`Should answer as discoverFiles does, with ${name}`, async () => {
      const fs = corners();
      const discovered = await discoverFiles(ROOT, '', registry, { ...options, fileSystem: fs });
      const filter = createDiscoveryFilter(ROOT, registry, { ...options, fileSystem: fs });
      expect(walk(fs, filter)).toEqual(discovered);
      const listed = new Set(discovered);
      for (const path of everyPath(fs)) expect([path, filter.listsFile(path)]).toEqual([path, listed.has(path)]);
    });
  }

  it('Should see a new .gitignore only after forgetRules (a watcher calls it when one changes)', () => {
    const fs = corners();
    const filter = createDiscoveryFilter(ROOT, registry, { fileSystem: fs });
    expect(filter.listsFile('lib/real.ts')).toBe(true);
    expect(filter.walksFolder('lib/deep')).toBe(true);
    fs.write(`${ROOT}/lib/.gitignore`, 'real.ts\ndeep/\n');
    expect(filter.listsFile('lib/real.ts')).toBe(true);
    filter.forgetRules();
    expect(filter.listsFile('lib/real.ts')).toBe(false);
    expect(filter.walksFolder('lib/deep')).toBe(false);
    expect(filter.listsFile('lib/deep/er/most.rs')).toBe(false);
  });

  it('Should refuse a path that is not a plain root-relative one', () => {
    const filter = createDiscoveryFilter(ROOT, registry, { fileSystem: corners() });
    for (const path of ['', '/project/src/app.ts', '../outside/escape.ts', 'src/../src/app.ts', 'src//app.ts', 'src/linked/escape.ts']) {
      expect([path, filter.listsFile(path)]).toEqual([path, false]);
    }
    expect(filter.listsFile('src/app.ts')).toBe(true);
  });
});

describe('the root check and the read over an injected file system', () => {
  it('Should resolve inside the root, refuse a link out of it, and read through the file system', async () => {
    const fs = tree();
    const path = await resolveInRoot(ROOT, 'src/app.ts', fs);
    expect(path).toEqual({ absolute: '/project/src/app.ts', relative: 'src/app.ts' });
    expect((await readSource(path, 1000, fs)).text).toBe('export function app() {}\n');
    await expect(resolveInRoot(ROOT, 'src/linked/escape.ts', fs)).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    await expect(resolveInRoot(ROOT, 'src/missing.ts', fs)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect(createListingCheck(ROOT, fs)('src/linked/escape.ts')).toBeUndefined();
    await expect(readSource(path, 10, fs)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', data: { file_size_bytes: 25, max_file_size: 10 } });
    await expect(readSource(await resolveInRoot(ROOT, 'src', fs), 1000, fs)).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });

  it('Should refuse a file swapped for a link between the check and the read', async () => {
    const fs = tree();
    const path = await resolveInRoot(ROOT, 'src/app.ts', fs);
    fs.remove('/project/src/app.ts').link('/project/src/app.ts', '/outside/escape.ts');
    await expect(readSource(path, 1000, fs)).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
  });
});

describe('discovery on disk, through CodeIndex', () => {
  it('Should honour .gitignore at every level, negations, default excludes, hidden folders, and not follow symlinks', async () => {
    const project = createNavigationProject();
    const index = await CodeIndex.open({ root: project.root, registry, rescanAfterMs: 0 });
    onTestFinished(() => {
      index.close();
      project.remove();
    });
    const stats = await index.indexAll();
    const names = (await index.searchSymbols({ query: '*', limit: 1000 })).matches.map((m) => m.symbol);
    expect(names).toEqual(expect.arrayContaining(['AuthService', 'hashPassword', 'keptByNegation', 'keptInNested']));
    for (const hidden of ['generatedOnly', 'ignoredByPattern', 'fromDependency', 'hiddenFolder', 'ignoredByNestedGitignore', 'outsideRoot']) {
      expect(names).not.toContain(hidden);
    }
    // service, user, crypto, other, keep.log, nested/kept (TypeScript) and README.md
    expect(stats.files).toBe(7);
  });
});
