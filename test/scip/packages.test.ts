/**
 * Package identities for the SCIP export (src/scip/packages.ts): the nearest manifest above a file, read as the
 * language's SCIP indexer reads it, over the trees of test/scip/fixtures/packages/ (each one a root); each manifest read
 * once however many files ask; malformed and oversized manifests skipped with a warning; the package part escaped as
 * scip.proto's symbol grammar says.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCodeIndexError } from '../../src/errors.js';
import { type ManifestReader, MANIFEST_FILES, type PackageIdentity, packagePart, PackageResolver } from '../../src/scip/packages.js';

const fixtures = fileURLToPath(new URL('./fixtures/packages/', import.meta.url));

/** A reader over one fixture tree, counting the reads of each path; `list` when the test wants folder listings. */
function fixtureReader(tree: string, options: { list?: boolean; extra?: Record<string, string> } = {}) {
  const root = join(fixtures, tree);
  const reads = new Map<string, number>();
  const reader: ManifestReader = {
    async read(path) {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      if (options.extra?.[path] !== undefined) return options.extra[path];
      try {
        return await readFile(join(root, path), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
        throw error;
      }
    },
  };
  if (options.list) {
    reader.list = (folder) => readdir(join(root, folder)).catch(() => undefined);
  }
  return { reader, reads, resolver: new PackageResolver(reader, tree) };
}

/** Every file of a fixture tree, root-relative. */
async function filesOf(tree: string): Promise<string[]> {
  const entries = await readdir(join(fixtures, tree), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(join(fixtures, tree).length + 1));
}

const npm = (name: string, version: string, root: string): PackageIdentity => ({
  manager: 'npm',
  name,
  version,
  manifest: root === '' ? 'package.json' : `${root}/package.json`,
  root,
});

/** Per tree: files at several depths and the package each belongs to. */
const expected: Record<string, Record<string, PackageIdentity>> = {
  monorepo: {
    'packages/a/src/index.ts': npm('@acme/a', '1.2.3', 'packages/a'),
    'packages/a/src/util/deep.ts': npm('@acme/a', '1.2.3', 'packages/a'),
    'packages/a/package.json': npm('@acme/a', '1.2.3', 'packages/a'),
    // packages/b/package.json has no name: the walk goes on to the workspace's root, which has one.
    'packages/b/lib/x.js': npm('acme-monorepo', '0.0.0', ''),
    'tools/release.mjs': npm('acme-monorepo', '0.0.0', ''),
    'package.json': npm('acme-monorepo', '0.0.0', ''),
  },
  go: {
    'cmd/app/main.go': { manager: 'gomod', name: 'example.com/app', version: '.', manifest: 'go.mod', root: '' },
    'internal/store/store.go': { manager: 'gomod', name: 'example.com/app', version: '.', manifest: 'go.mod', root: '' },
    'tools/gen/gen.go': { manager: 'gomod', name: 'example.com/app/tools', version: '.', manifest: 'tools/go.mod', root: 'tools' },
  },
  cargo: {
    'crates/core/src/lib.rs': { manager: 'cargo', name: 'acme-core', version: '0.4.0', manifest: 'crates/core/Cargo.toml', root: 'crates/core' },
    'crates/core/src/nested/mod.rs': { manager: 'cargo', name: 'acme-core', version: '0.4.0', manifest: 'crates/core/Cargo.toml', root: 'crates/core' },
    'crates/cli/src/main.rs': { manager: 'cargo', name: 'acme-cli', version: '1.0.0-beta.1', manifest: 'crates/cli/Cargo.toml', root: 'crates/cli' },
    // `version = { workspace = true }`, the inline form.
    'crates/macros/src/lib.rs': { manager: 'cargo', name: 'acme-macros', version: '0.4.0', manifest: 'crates/macros/Cargo.toml', root: 'crates/macros' },
    // The root is a virtual workspace: no package, so no manifest declares one up to the root.
    'build-tools/check.rs': { manager: '.', name: 'cargo', version: '.', root: '' },
  },
  python: {
    'pep621/src/acme/__init__.py': { manager: 'python', name: 'acme-pep621', version: '2.0.1', manifest: 'pep621/pyproject.toml', root: 'pep621' },
    'pep621/src/acme/sub/mod.py': { manager: 'python', name: 'acme-pep621', version: '2.0.1', manifest: 'pep621/pyproject.toml', root: 'pep621' },
    'poetry/acme_poetry/cli.py': { manager: 'python', name: 'acme-poetry', version: '0.3.0', manifest: 'poetry/pyproject.toml', root: 'poetry' },
    'dynamic/acme_dynamic.py': { manager: 'python', name: 'acme-dynamic', version: '.', manifest: 'dynamic/pyproject.toml', root: 'dynamic' },
    // A tool-only pyproject.toml declares nothing: setup.cfg, next in the folder, does.
    'setupcfg/acme_cfg/core.py': { manager: 'python', name: 'acme-cfg', version: '1.4', manifest: 'setupcfg/setup.cfg', root: 'setupcfg' },
    'setupcfg/attr/acme_attr/__init__.py': { manager: 'python', name: 'acme-attr', version: '.', manifest: 'setupcfg/attr/setup.cfg', root: 'setupcfg/attr' },
  },
  maven: {
    'pom.xml': { manager: 'maven', name: 'maven/org.acme/acme-parent', version: '3.1.0', manifest: 'pom.xml', root: '' },
    'core/src/main/java/org/acme/Core.java': { manager: 'maven', name: 'maven/org.acme/acme-core', version: '3.1.0', manifest: 'core/pom.xml', root: 'core' },
    'revision/src/main/java/Rev.java': {
      manager: 'maven',
      name: 'maven/org.acme.revision/acme-revision',
      version: '5.0.0-SNAPSHOT',
      manifest: 'revision/pom.xml',
      root: 'revision',
    },
    // broken/pom.xml closes </projects>: skipped, with a warning.
    'broken/src/Broken.java': { manager: 'maven', name: 'maven/org.acme/acme-parent', version: '3.1.0', manifest: 'pom.xml', root: '' },
  },
  'gradle-app': {
    'src/main/java/App.java': { manager: 'maven', name: 'maven/org.acme/gradle-app', version: '0.9.0', manifest: 'build.gradle', root: '' },
    'lib/src/main/kotlin/Lib.kt': { manager: 'maven', name: 'maven/org.acme.kts/lib', version: '0.9.1', manifest: 'lib/build.gradle.kts', root: 'lib' },
    // `group = rootProject.group` is no literal: the build declares nothing.
    'plain/src/Plain.kt': { manager: 'maven', name: 'maven/org.acme/gradle-app', version: '0.9.0', manifest: 'build.gradle', root: '' },
  },
  composer: {
    'src/Model/Order.php': { manager: 'composer', name: 'acme/shop', version: '.', manifest: 'composer.json', root: '' },
  },
  acme_gem: {
    // `spec.version = AcmeGem::VERSION` is a constant: no version.
    'lib/acme_gem/version.rb': { manager: 'gem', name: 'acme_gem', version: '.', manifest: 'acme_gem.gemspec', root: '' },
    'tools/lib/tools.rb': { manager: 'gem', name: 'acme-tools', version: '0.2.0', manifest: 'tools/tools.gemspec', root: 'tools' },
  },
  none: {
    'src/main.c': { manager: '.', name: 'none', version: '.', root: '' },
    'README.md': { manager: '.', name: 'none', version: '.', root: '' },
  },
};

describe('PackageResolver', () => {
  for (const [tree, files] of Object.entries(expected)) {
    for (const list of [false, true]) {
      it(`Should find the package of each file of ${tree}/ ${list ? 'listing folders' : 'trying manifest names'}`, async () => {
        const { resolver } = fixtureReader(tree, { list });
        const found = Object.fromEntries(await Promise.all(Object.keys(files).map(async (file) => [file, await resolver.packageOf(file)])));
        expect(found).toEqual(files);
        if (tree !== 'maven') expect(resolver.warnings).toEqual([]);
      });
    }
  }

  it('Should find a gemspec not named after its folder only when the reader lists folders', async () => {
    const file = 'plugins/widget/lib/widget.rb';
    expect(await fixtureReader('acme_gem', { list: true }).resolver.packageOf(file)).toEqual({
      manager: 'gem',
      name: 'acme-widget',
      version: '1.0.0',
      manifest: 'plugins/widget/acme-widget.gemspec',
      root: 'plugins/widget',
    });
    expect(await fixtureReader('acme_gem').resolver.packageOf(file)).toEqual({
      manager: 'gem',
      name: 'acme_gem',
      version: '.',
      manifest: 'acme_gem.gemspec',
      root: '',
    });
  });

  it('Should read each manifest once, however many files ask, at once or one after another', async () => {
    for (const tree of [...Object.keys(expected), 'malformed']) {
      for (const list of [false, true]) {
        const { resolver, reads } = fixtureReader(tree, { list });
        const files = await filesOf(tree);
        const first = await Promise.all(files.map((file) => resolver.packageOf(file)));
        for (const file of files) await resolver.packageOf(file);
        expect(await Promise.all(files.map((file) => resolver.packageOf(file)))).toEqual(first);
        expect([...reads.values()].every((count) => count === 1)).toBe(true);
      }
    }
  });

  it('Should read only the manifests a listed folder holds', async () => {
    const { resolver, reads } = fixtureReader('monorepo', { list: true });
    for (const file of await filesOf('monorepo')) await resolver.packageOf(file);
    expect([...reads.keys()].sort()).toEqual(['package.json', 'packages/a/package.json', 'packages/b/package.json']);
  });

  it('Should read a Cargo workspace root once for its members and for its own folder', async () => {
    const { resolver, reads } = fixtureReader('cargo');
    for (const file of Object.keys(expected.cargo ?? {})) await resolver.packageOf(file);
    expect(reads.get('Cargo.toml')).toBe(1);
    expect(reads.get('crates/core/Cargo.toml')).toBe(1);
  });

  it('Should resolve 50,000 files in 1,000 folders with at most one read of each manifest name per folder', async () => {
    const reads = new Map<string, number>();
    const manifests = new Map<string, string>([['package.json', '{ "name": "big", "version": "1.0.0" }']]);
    for (let p = 0; p < 100; p += 2) manifests.set(`p${p}/package.json`, JSON.stringify({ name: `p${p}`, version: '2.0.0' }));
    const resolver = new PackageResolver(
      {
        read: async (path) => {
          reads.set(path, (reads.get(path) ?? 0) + 1);
          return manifests.get(path);
        },
      },
      'big',
    );
    const files: string[] = [];
    for (let p = 0; p < 100; p++) for (let m = 0; m < 10; m++) for (let f = 0; f < 50; f++) files.push(`p${p}/src/m${m}/f${f}.ts`);
    const identities = await Promise.all(files.map((file) => resolver.packageOf(file)));
    expect(identities[0]).toEqual({ manager: 'npm', name: 'p0', version: '2.0.0', manifest: 'p0/package.json', root: 'p0' });
    expect(identities[500]).toEqual({ manager: 'npm', name: 'big', version: '1.0.0', manifest: 'package.json', root: '' });
    expect([...reads.values()].every((count) => count === 1)).toBe(true);
    // Folders: the root, 100 packages, their 100 src/ and 1,000 modules; an odd package's folders try every name.
    expect(reads.size).toBeLessThanOrEqual((1 + 100 + 100 + 1000) * MANIFEST_FILES.length);
  });
});

describe('manifests that cannot be used', () => {
  it('Should skip malformed manifests with a warning each, and take the package from further up', async () => {
    const { resolver } = fixtureReader('malformed');
    const root = npm('malformed-root', '1.0.0', '');
    expect(await resolver.packageOf('broken/index.js')).toEqual(root);
    expect(await resolver.packageOf('go-nomodule/x.go')).toEqual(root);
    expect(await resolver.packageOf('toml/m.py')).toEqual(root);
    expect(resolver.warnings).toHaveLength(3);
    expect(resolver.warnings[0]).toMatch(
      /^broken\/package\.json: skipped, it does not parse \(.+\); fix it, or the package is taken from a manifest further up$/,
    );
    expect(resolver.warnings.slice(1)).toEqual([
      'go-nomodule/go.mod: skipped, it does not parse (no module directive); fix it, or the package is taken from a manifest further up',
      'toml/pyproject.toml: skipped, it does not parse (unterminated string on line 2); fix it, or the package is taken from a manifest further up',
    ]);
  });

  it('Should skip a POM that closes another element than it opened', async () => {
    const { resolver } = fixtureReader('maven');
    await resolver.packageOf('broken/src/Broken.java');
    expect(resolver.warnings).toEqual([
      'broken/pom.xml: skipped, it does not parse (unexpected </projects>); fix it, or the package is taken from a manifest further up',
    ]);
  });

  it('Should skip a manifest over 1 MB that the reader hands back', async () => {
    const huge = JSON.stringify({ name: 'huge', version: '1.0.0', padding: 'x'.repeat(1024 * 1024) });
    const { resolver } = fixtureReader('malformed', { extra: { 'huge/package.json': huge } });
    expect(await resolver.packageOf('huge/index.js')).toEqual(npm('malformed-root', '1.0.0', ''));
    expect(resolver.warnings).toEqual([
      'huge/package.json: skipped, larger than 1048576 bytes; the package is taken from a manifest further up',
    ]);
  });

  it('Should take a reader that throws as an unreadable manifest, and go on', async () => {
    const resolver = new PackageResolver(
      {
        read: async (path) => {
          if (path === 'a/package.json') throw new Error('EACCES: permission denied');
          return path === 'package.json' ? '{ "name": "top", "version": "1.0.0" }' : undefined;
        },
      },
      'top',
    );
    expect(await resolver.packageOf('a/b.ts')).toEqual(npm('top', '1.0.0', ''));
    expect(resolver.warnings).toEqual([
      'a/package.json: could not be read (EACCES: permission denied); the package is taken from a manifest further up',
    ]);
  });

  it('Should reject a path outside the root with PATH_TRAVERSAL', async () => {
    const { resolver } = fixtureReader('none');
    for (const path of ['../outside.ts', '/etc/passwd', 'a/../../x.ts']) {
      const error: unknown = await resolver.packageOf(path).catch((caught: unknown) => caught);
      expect(isCodeIndexError(error, 'PATH_TRAVERSAL')).toBe(true);
      expect((error as Error).message).toBe(`Path "${path}" is not inside the root; pass a root-relative path such as "src/index.ts"`);
    }
  });
});

describe('packagePart', () => {
  it('Should write manager, name and version, a space doubled and an empty part as "."', () => {
    expect(packagePart(npm('@acme/a', '1.2.3', 'packages/a'))).toBe('npm @acme/a 1.2.3');
    expect(packagePart({ manager: '.', name: 'my project', version: '.', root: '' })).toBe('. my  project .');
    expect(packagePart({ manager: 'maven', name: 'maven/org.acme/core', version: '', root: '' })).toBe('maven maven/org.acme/core .');
    expect(packagePart({ manager: 'gem', name: 'a  b', version: '1.0 rc', root: '' })).toBe('gem a    b 1.0  rc');
  });
});

describe('MANIFEST_FILES', () => {
  it('Should list the manifests in the order a folder is searched', () => {
    expect(MANIFEST_FILES).toEqual([
      'package.json',
      'go.mod',
      'Cargo.toml',
      'pyproject.toml',
      'setup.cfg',
      'pom.xml',
      'build.gradle',
      'build.gradle.kts',
      'composer.json',
      '*.gemspec',
    ]);
  });
});
