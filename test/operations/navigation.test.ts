/**
 * Project-wide navigation: discovery (.gitignore, excludes, symlinks), the cache (hits, changes, deletions),
 * searchSymbols, findDefinitions, findReferences, hover, and their bad input.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, CodeIndexError, createDefaultRegistry, ErrorCode } from '../../src/index.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const registry = createDefaultRegistry();
let project: string;
let index: CodeIndex;

function write(file: string, text: string): void {
  mkdirSync(dirname(join(project, file)), { recursive: true });
  writeFileSync(join(project, file), text);
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'code-index-nav-'));
  write('.gitignore', 'generated/\n*.log.ts\n!keep.log.ts\n');
  write(
    'src/auth/service.ts',
    [
      "import { hashPassword } from '../util/crypto';",
      "import { User } from './user';",
      '',
      '/**',
      ' * Authenticates users.',
      ' * @example new AuthService().login("a", "b")',
      ' */',
      'export class AuthService {',
      '  /** Logs a user in. */',
      '  async login(email: string, password: string): Promise<User> {',
      '    const digest = hashPassword(password);',
      '    return new User(email, digest);',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  write('src/auth/user.ts', 'export class User {\n  constructor(public email: string, public digest: string) {}\n}\n');
  write('src/util/crypto.ts', '/** Hashes a password. */\nexport function hashPassword(value: string): string {\n  return value;\n}\n');
  write('src/util/other.ts', 'export function hashPassword(value: string): string {\n  return `x${value}`;\n}\n');
  write('generated/api.ts', 'export function generatedOnly() {}\n');
  write('src/debug.log.ts', 'export function ignoredByPattern() {}\n');
  write('src/keep.log.ts', 'export function keptByNegation() {}\n');
  write('node_modules/dep/index.js', 'export function fromDependency() {}\n');
  write('.hidden/secret.ts', 'export function hiddenFolder() {}\n');
  write('src/nested/.gitignore', 'local.ts\n');
  write('src/nested/local.ts', 'export function ignoredByNestedGitignore() {}\n');
  write('src/nested/kept.ts', 'export function keptInNested() {}\n');
  write('README.md', '# Project\n\nSee [auth](src/auth/service.ts).\n');
  const outside = mkdtempSync(join(tmpdir(), 'code-index-outside-'));
  writeFileSync(join(outside, 'escape.ts'), 'export function outsideRoot() {}\n');
  symlinkSync(outside, join(project, 'src', 'linked'));
  index = await CodeIndex.open({ root: project, registry, rescanAfterMs: 0 });
});

afterAll(() => {
  index.close();
  registry.dispose();
  rmSync(project, { recursive: true, force: true });
});

describe('discovery', () => {
  it('Should honour .gitignore at every level, negations, default excludes, hidden folders, and not follow symlinks', async () => {
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

describe('searchSymbols', () => {
  it('Should rank exact before prefix before fuzzy, and paginate', async () => {
    const result = await index.searchSymbols({ query: 'hashPassword' });
    expect(result.matches.map((m) => m.file)).toEqual(['src/util/crypto.ts', 'src/util/other.ts']);
    expect(result.matches[0]).toMatchObject({ symbol: 'hashPassword', type: 'function', line: 2, signature: 'hashPassword(value: string): string' });
    const prefix = await index.searchSymbols({ query: 'auth' });
    expect(prefix.matches[0]?.symbol).toBe('AuthService');
    const camel = await index.searchSymbols({ query: 'hP' });
    expect(camel.matches.map((m) => m.symbol)).toContain('hashPassword');
    const page = await index.searchSymbols({ query: '*', limit: 2 });
    expect(page).toMatchObject({ returnedCount: 2, hasMore: true, nextOffset: 2, offset: 0 });
    const next = await index.searchSymbols({ query: '*', limit: 2, offset: 2 });
    expect(next.matches[0]).not.toEqual(page.matches[0]);
  });
  it('Should filter by kind and path', async () => {
    const classes = await index.searchSymbols({ query: '*', kind: 'class' });
    expect(classes.matches.map((m) => m.symbol).sort()).toEqual(['AuthService', 'User']);
    const inUtil = await index.searchSymbols({ query: 'hashPassword', path: 'src/util/crypto.ts' });
    expect(inUtil.matches.map((m) => m.file)).toEqual(['src/util/crypto.ts']);
  });
  it('Should refuse a bad query, limit or offset with INVALID_ARGUMENT', async () => {
    await expect(index.searchSymbols({ query: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.searchSymbols({ query: 'a', limit: 100_000 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.searchSymbols({ query: 'a', offset: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.searchSymbols({ query: 'a', path: '../' })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
  });
});

describe('findDefinitions', () => {
  it('Should follow the import to the one module it names, not list the namesake elsewhere (resolution: bound)', async () => {
    const result = await index.findDefinitions({ file: 'src/auth/service.ts', line: 11, column: 20 });
    expect(result.identifier).toEqual({ name: 'hashPassword', file: 'src/auth/service.ts', line: 11, column: 20 });
    expect(result.definitions.map((d) => d.file)).toEqual(['src/util/crypto.ts']);
    expect(result.resolution).toBe('bound');
    expect(result.definitions[0]).toMatchObject({ line: 2, column: 17, kind: 'function', preview: 'export function hashPassword(value: string): string {' });
    expect(result.note).toMatch(/imports/);
    // By name alone, both namesakes, ranked, and said to be a name match.
    const byName = await index.findDefinitions({ symbol: 'hashPassword' });
    expect(byName.definitions.map((d) => d.file).sort()).toEqual(['src/util/crypto.ts', 'src/util/other.ts']);
    expect(byName.resolution).toBe('name_match');
    expect(byName.note).toMatch(/name matching/);
  });
  it('Should accept { file, line, symbol } and { symbol, container }', async () => {
    const byLine = await index.findDefinitions({ file: 'src/auth/service.ts', line: 12, symbol: 'User' });
    expect(byLine.definitions[0]).toMatchObject({ file: 'src/auth/user.ts', kind: 'class' });
    const byName = await index.findDefinitions({ symbol: 'AuthService.login' });
    expect(byName.definitions).toEqual([expect.objectContaining({ file: 'src/auth/service.ts', line: 10, kind: 'method', scope: 'AuthService' })]);
  });
  it('Should find a name that holds a dot, and still read a dot as container.member otherwise', async () => {
    write('src/util/iter.ts', 'export class Bag {\n  [Symbol.iterator]() {\n    return [][Symbol.iterator]();\n  }\n}\n');
    const result = await index.findDefinitions({ symbol: '[Symbol.iterator]' });
    expect(result.definitions).toEqual([expect.objectContaining({ file: 'src/util/iter.ts', line: 2, scope: 'Bag' })]);
  });
  it('Should limit to the file or directory scope', async () => {
    const file = await index.findDefinitions({ file: 'src/util/other.ts', line: 1, symbol: 'hashPassword', scope: 'file' });
    expect(file.definitions.map((d) => d.file)).toEqual(['src/util/other.ts']);
    const dir = await index.findDefinitions({ file: 'src/auth/service.ts', line: 11, symbol: 'hashPassword', scope: 'directory' });
    expect(dir.definitions).toEqual([]);
  });
  it('Should answer TS_SYMBOL_NOT_FOUND with the node type on whitespace, strings and comments', async () => {
    const error = await index.findDefinitions({ file: 'src/auth/service.ts', line: 5, column: 6 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeIndexError);
    expect(error).toMatchObject({ code: ErrorCode.TS_SYMBOL_NOT_FOUND, data: { node_type: 'comment', suggestion: expect.any(String) } });
    const string = await index.findDefinitions({ file: 'src/auth/service.ts', line: 1, column: 32 }).catch((e: unknown) => e);
    expect(string).toMatchObject({ code: ErrorCode.TS_SYMBOL_NOT_FOUND });
  });
  it('Should refuse impossible positions with INVALID_ARGUMENT', async () => {
    for (const position of [
      { line: 0, column: 1 },
      { line: -3, column: 1 },
      { line: 1.5, column: 1 },
      { line: 1, column: 0 },
      { line: 999, column: 1 },
      { line: 1, column: 500 },
    ]) {
      await expect(index.findDefinitions({ file: 'src/auth/service.ts', ...position })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    await expect(index.findDefinitions({ scope: 'project' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(index.findDefinitions({ file: 'src/auth/service.ts', line: 1, column: 1, scope: 'galaxy' as never })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
  it('Should refuse files outside the root and unsupported languages', async () => {
    await expect(index.findDefinitions({ file: '../x.ts', line: 1, column: 1 })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    await expect(index.findDefinitions({ file: 'src/linked/escape.ts', line: 1, column: 17 })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    write('notes.xyz', 'hello\n');
    await expect(index.findDefinitions({ file: 'notes.xyz', line: 1, column: 1 })).rejects.toMatchObject({ code: 'TS_UNSUPPORTED_LANGUAGE' });
  });
});

describe('findReferences and hover', () => {
  it('Should list calls, imports and new-expressions, with definitions flagged apart', async () => {
    const result = await index.findReferences({ symbol: 'hashPassword' });
    expect(result.references.map((r) => `${r.file}:${r.line}:${r.kind}`)).toEqual([
      'src/auth/service.ts:1:import',
      'src/auth/service.ts:11:call',
    ]);
    expect(result.total).toBe(2);
    expect(result.definitions.every((d) => d.isDefinition)).toBe(true);
    const users = await index.findReferences({ symbol: 'User' });
    expect(users.references.map((r) => r.kind)).toEqual(expect.arrayContaining(['import', 'class', 'type']));
  });
  it('Should hover with the signature and the cleaned doc comment', async () => {
    const result = await index.hover({ file: 'src/auth/service.ts', line: 11, symbol: 'hashPassword' });
    expect(result).toMatchObject({
      symbol: 'hashPassword',
      signature: 'hashPassword(value: string): string',
      documentation: 'Hashes a password.',
      definitionLocation: { file: 'src/util/crypto.ts', line: 2 },
    });
    const cls = await index.hover({ symbol: 'AuthService' });
    expect(cls.documentation).toBe('Authenticates users.\n@example new AuthService().login("a", "b")');
    const method = await index.hover({ symbol: 'login' });
    expect(method).toMatchObject({ documentation: 'Logs a user in.', signature: 'login(email: string, password: string): Promise<User>' });
  });
});

describe('cache', () => {
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
    utimesSync(join(project, 'src/auth/user.ts'), future, future);
    await index.findDefinitions({ symbol: 'User' });
    expect(index.stats().cache.misses).toBe(before.misses + 1);
    expect((await index.findDefinitions({ symbol: 'User' })).definitions).toHaveLength(1);
  });
  it('Should drop a deleted file and index a new one', async () => {
    unlinkSync(join(project, 'src/util/other.ts'));
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
    const small = await CodeIndex.open({ root: project, registry, maxFileSize: 1_000 });
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

describe('fixtures', () => {
  it('Should resolve a type name and a member name in a.b.c by position', async () => {
    const fx = await CodeIndex.open({ root: fixtures, registry });
    try {
      const source = (await import('node:fs')).readFileSync(`${fixtures}typescript/user-service.ts`, 'utf8').split('\n');
      const typeColumn = (source[162] ?? '').indexOf('Promise<User>') + 'Promise<'.length + 1;
      const type = await fx.findDefinitions({ file: 'typescript/user-service.ts', line: 163, column: typeColumn, scope: 'file' });
      expect(type.symbol).toBe('User');
      expect(type.definitions[0]).toMatchObject({ line: 53, kind: 'interface' });
      const memberColumn = (source[256] ?? '').indexOf('.cache') + 2;
      const member = await fx.findDefinitions({ file: 'typescript/user-service.ts', line: 257, column: memberColumn, scope: 'file' });
      expect(member.identifier?.name).toBe('cache');
      expect(member.definitions[0]).toMatchObject({ line: 242, kind: 'property', scope: 'UserService' });
    } finally {
      fx.close();
    }
  });
  it('Should find a JSX component definition from its use', async () => {
    const fx = await CodeIndex.open({ root: fixtures, registry });
    try {
      // In the tsx folder: a project-wide lookup over the fixtures would load and index all 56 languages first.
      const result = await fx.findDefinitions({ file: 'tsx/UserCard.tsx', line: 167, symbol: 'Avatar', scope: 'directory' });
      expect(result.definitions[0]).toMatchObject({ file: 'tsx/UserCard.tsx', line: 52, kind: 'function' });
    } finally {
      fx.close();
    }
  });
});
