/**
 * The module resolver (src/binding/modules.ts): which files an import names, through the module system a language
 * definition carries; answers kept per folder and forgotten when files come or go; and a language of a user's own
 * bringing its own module system, whose imports then bind names across files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleResolver, type ModuleResolverContext } from '../../src/binding/modules.js';
import {
  CodeIndex,
  createDefaultRegistry,
  defineLanguage,
  defineModuleSystem,
  type LanguageDefinition,
  type ModuleContext,
  type ModuleSystem,
} from '../../src/index.js';

const registry = createDefaultRegistry();
const folders: string[] = [];
afterAll(() => {
  registry.dispose();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A tree of files in a temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'code-index-modules-'));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** A module system that counts what it is asked, answering `lib/<source>.toy` when the tree holds it. */
function countingSystem(name = 'counting') {
  const counts = { created: 0, resolved: [] as string[] };
  const definition = defineModuleSystem({
    name,
    create: (context: ModuleContext): ModuleSystem => {
      counts.created++;
      return {
        resolve: (from, source) => {
          counts.resolved.push(`${from} ${source}`);
          const file = `lib/${source}.toy`;
          return Promise.resolve(context.files().has(file) ? [file] : []);
        },
      };
    },
  });
  return { definition, counts };
}

/** A resolver over a file list, every file of one language carrying `system`. */
function resolverOver(files: string[], system: LanguageDefinition['moduleSystem']) {
  const state = { files: new Set(files), membership: 1 };
  const language = defineLanguage({ id: 'toy', name: 'Toy', extensions: ['.toy'], grammar: 'none.wasm', queries: [], moduleSystem: system });
  const context: ModuleResolverContext = {
    readText: () => Promise.resolve(undefined),
    files: () => state.files,
    membership: () => state.membership,
    language: (file) => (file.endsWith('.toy') ? language : undefined),
    languageNamed: (id) => (id === 'toy' ? language : undefined),
  };
  return { resolver: new ModuleResolver(context), state };
}

describe('ModuleResolver', () => {
  it('Should ask the module system once per folder and source, and leave the asking file out of its own answer', async () => {
    const { definition, counts } = countingSystem();
    const { resolver } = resolverOver(['app/a.toy', 'app/b.toy', 'lib/util.toy', 'lib/self.toy'], definition);
    expect(await resolver.filesOf('app/a.toy', 'util')).toEqual(['lib/util.toy']);
    expect(await resolver.filesOf('app/b.toy', 'util')).toEqual(['lib/util.toy']);
    expect(counts.resolved).toEqual(['app/a.toy util']);
    // A file importing itself: left out of its answer, kept in its neighbours'.
    expect(await resolver.filesOf('lib/self.toy', 'self')).toEqual([]);
    expect(await resolver.filesOf('lib/util.toy', 'self')).toEqual(['lib/self.toy']);
    expect(counts.created).toBe(1);
  });

  it('Should forget its answers and create the module system again when files come or go', async () => {
    const { definition, counts } = countingSystem();
    const { resolver, state } = resolverOver(['app/a.toy'], definition);
    expect(await resolver.filesOf('app/a.toy', 'util')).toEqual([]);
    state.files.add('lib/util.toy');
    state.membership++;
    expect(await resolver.filesOf('app/a.toy', 'util')).toEqual(['lib/util.toy']);
    expect(counts.created).toBe(2);
    expect(counts.resolved).toHaveLength(2);
  });

  it('Should share one system among the languages carrying the same object', async () => {
    const { definition, counts } = countingSystem();
    const one = defineLanguage({ id: 'one', name: 'One', extensions: ['.one'], grammar: 'none.wasm', queries: [], moduleSystem: definition });
    const two = defineLanguage({ id: 'two', name: 'Two', extensions: ['.two'], grammar: 'none.wasm', queries: [], moduleSystem: definition });
    const resolver = new ModuleResolver({
      readText: () => Promise.resolve(undefined),
      files: () => new Set(['a.one', 'b.two']),
      membership: () => 1,
      language: (file) => (file.endsWith('.one') ? one : two),
      languageNamed: () => undefined,
    });
    await resolver.filesOf('a.one', 'x');
    await resolver.filesOf('b.two', 'y');
    expect(counts.created).toBe(1);
    expect(resolver.exact('a.one')).toBe(true);
  });
});

describe('failures', () => {
  it('Should answer no files for a module system that throws, and say so once among its warnings', async () => {
    const failing = defineModuleSystem({
      name: 'failing',
      create: () => ({ resolve: () => Promise.reject(new Error('no map of the tree')) }),
    });
    const { resolver } = resolverOver(['app/a.toy', 'app/b.toy', 'lib/util.toy'], failing);
    expect(await resolver.filesOf('app/a.toy', 'util')).toEqual([]);
    expect(await resolver.filesOf('lib/util.toy', 'other')).toEqual([]);
    expect(resolver.warnings).toEqual([
      {
        code: 'MODULE_SYSTEM_FAILED',
        message: 'The module system "failing" failed (resolve: no map of the tree): the imports it would resolve are not bound',
        details: { system: 'failing', operation: 'resolve', file: 'app/a.toy', reason: 'no map of the tree' },
      },
    ]);
  });

  it('Should warn of a module system that cannot be created, and answer no files for it', async () => {
    const broken = defineModuleSystem({
      name: 'broken',
      create: () => {
        throw new Error('missing settings');
      },
    });
    const { resolver } = resolverOver(['app/a.toy'], broken);
    expect(await resolver.filesOf('app/a.toy', 'util')).toEqual([]);
    expect(resolver.warnings.map((w) => [w.code, w.details?.operation])).toEqual([['MODULE_SYSTEM_FAILED', 'create']]);
  });

  it('Should warn of a tsconfig.json with paths that does not parse, in stats(), and still answer', async () => {
    const root = tree({
      // A missing closing brace: the `paths` mapping cannot be read.
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } }',
      'src/util.ts': 'export function greet(name: string): string {\n  return name;\n}\n',
      'src/other.ts': 'export const other = 1;\n',
      'src/main.ts': "import { greet } from '@app/util';\nimport { other } from './other';\ngreet('x');\nother;\n",
    });
    const index = await CodeIndex.open({ root, registry, persist: false });
    try {
      // The relative import binds; the mapped one is not followed, but the name is still answered.
      const relative = await index.findDefinitions({ file: 'src/main.ts', line: 4, column: 1 });
      expect(relative.definitions.map((d) => `${d.file}:${d.line}`)).toEqual(['src/other.ts:1']);
      expect(relative.resolution).toBe('bound');
      const mapped = await index.findDefinitions({ file: 'src/main.ts', line: 3, column: 1 });
      expect(mapped.definitions.length).toBeGreaterThan(0);
      const warnings = index.stats().warnings.filter((w) => w.code === 'MODULE_CONFIG_INVALID');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.details?.file).toBe('tsconfig.json');
      expect(warnings[0]?.message).toMatch(/^tsconfig\.json is not valid JSON \(.+\): its settings are not used/);
    } finally {
      index.close();
    }
  });

  it('Should bind through a tsconfig.json that parses, without warnings', async () => {
    const root = tree({
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } } }',
      'src/util.ts': 'export function greet(name: string): string {\n  return name;\n}\n',
      'src/main.ts': "import { greet } from '@app/util';\ngreet('x');\n",
    });
    const index = await CodeIndex.open({ root, registry, persist: false });
    try {
      const mapped = await index.findDefinitions({ file: 'src/main.ts', line: 2, column: 1 });
      expect(mapped.definitions.map((d) => `${d.file}:${d.line}`)).toEqual(['src/util.ts:1']);
      expect(index.stats().warnings).toEqual([]);
    } finally {
      index.close();
    }
  });
});

describe("a language's own module system", () => {
  it('Should bind an imported name across two files through the module system the definition carries', async () => {
    // A toy language: JavaScript's grammar and queries under another id, whose imports name `lib/<name>.toy`.
    const javascript = registry.get('javascript') as LanguageDefinition;
    const toyModules = defineModuleSystem({
      name: 'toy',
      create: (context) => ({
        resolve: (_from, source) => {
          const file = source.startsWith('@toy/') ? `lib/${source.slice('@toy/'.length)}.toy` : '';
          return Promise.resolve(context.files().has(file) ? [file] : []);
        },
      }),
    });
    const toy = defineLanguage({ ...javascript, id: 'toy', name: 'Toy', extensions: ['.toy'], moduleSystem: toyModules });
    const toyRegistry = createDefaultRegistry();
    toyRegistry.register(toy);
    const root = tree({
      'main.toy': "import { greet } from '@toy/util';\ngreet('you');\n",
      'lib/util.toy': "export function greet(name) {\n  return 'hi ' + name;\n}\n",
      'lib/other.toy': 'export function greet() {}\n',
    });
    const index = await CodeIndex.open({ root, registry: toyRegistry, persist: false });
    try {
      const found = await index.findDefinitions({ file: 'main.toy', line: 2, column: 1 });
      expect(found.definitions.map((d) => `${d.file}:${d.line}`)).toEqual(['lib/util.toy:1']);
      expect(found.resolution).toBe('bound');
    } finally {
      index.close();
      toyRegistry.dispose();
    }
  });

  it('Should fingerprint a language by its module system name, and not send the system to parse threads', async () => {
    const { definition } = countingSystem('toy-fingerprint');
    const javascript = registry.get('javascript') as LanguageDefinition;
    const languages = createDefaultRegistry();
    try {
      languages.register(defineLanguage({ ...javascript, id: 'toy', name: 'Toy', extensions: ['.toy'], moduleSystem: definition }));
      const first = await languages.fingerprint('toy');
      const portable = await languages.portable('toy');
      expect(portable.moduleSystem).toBeUndefined();
      expect(() => structuredClone(portable)).not.toThrow();
      // Another object of the same name: the same fingerprint; another name: another.
      const toy = (system: LanguageDefinition['moduleSystem']) =>
        defineLanguage({ ...javascript, id: 'toy', name: 'Toy', extensions: ['.toy'], moduleSystem: system });
      languages.register(toy(countingSystem('toy-fingerprint').definition));
      expect(await languages.fingerprint('toy')).toBe(first);
      languages.register(toy(countingSystem('other').definition));
      expect(await languages.fingerprint('toy')).not.toBe(first);
    } finally {
      languages.dispose();
    }
  });
});
