/**
 * findDefinitions (src/operations/definitions.ts): bound through imports, else name-matched and ranked; the query
 * forms ({ file, line, column }, { file, line, symbol }, { symbol, container }), scopes, and bad positions and paths.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CodeIndex, CodeIndexError, ErrorCode } from '../../src/index.js';
import { useNavigationIndex } from '../helpers/navigation-project.js';

const nav = useNavigationIndex();

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));


describe('findDefinitions', () => {
  it('Should follow the import to the one module it names, not list the namesake elsewhere (resolution: bound)', async () => {
    const result = await nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 11, column: 20 });
    expect(result.identifier).toEqual({ name: 'hashPassword', file: 'src/auth/service.ts', line: 11, column: 20 });
    expect(result.definitions.map((d) => d.file)).toEqual(['src/util/crypto.ts']);
    expect(result.resolution).toBe('bound');
    expect(result.definitions[0]).toMatchObject({ line: 2, column: 17, kind: 'function', preview: 'export function hashPassword(value: string): string {' });
    expect(result.note).toMatch(/imports/);
    // By name alone, both namesakes, ranked, and said to be a name match.
    const byName = await nav.index.findDefinitions({ symbol: 'hashPassword' });
    expect(byName.definitions.map((d) => d.file).sort()).toEqual(['src/util/crypto.ts', 'src/util/other.ts']);
    expect(byName.resolution).toBe('name_match');
    expect(byName.note).toMatch(/name matching/);
  });
  it('Should accept { file, line, symbol } and { symbol, container }', async () => {
    const byLine = await nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 12, symbol: 'User' });
    expect(byLine.definitions[0]).toMatchObject({ file: 'src/auth/user.ts', kind: 'class' });
    const byName = await nav.index.findDefinitions({ symbol: 'AuthService.login' });
    expect(byName.definitions).toEqual([expect.objectContaining({ file: 'src/auth/service.ts', line: 10, kind: 'method', scope: 'AuthService' })]);
  });
  it('Should find a name that holds a dot, and still read a dot as container.member otherwise', async () => {
    nav.project.write('src/util/iter.ts', 'export class Bag {\n  [Symbol.iterator]() {\n    return [][Symbol.iterator]();\n  }\n}\n');
    const result = await nav.index.findDefinitions({ symbol: '[Symbol.iterator]' });
    expect(result.definitions).toEqual([expect.objectContaining({ file: 'src/util/iter.ts', line: 2, scope: 'Bag' })]);
  });
  it('Should limit to the file or directory scope', async () => {
    const file = await nav.index.findDefinitions({ file: 'src/util/other.ts', line: 1, symbol: 'hashPassword', scope: 'file' });
    expect(file.definitions.map((d) => d.file)).toEqual(['src/util/other.ts']);
    const dir = await nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 11, symbol: 'hashPassword', scope: 'directory' });
    expect(dir.definitions).toEqual([]);
  });
  it('Should answer TS_SYMBOL_NOT_FOUND with the node type on whitespace, strings and comments', async () => {
    const error = await nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 5, column: 6 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeIndexError);
    expect(error).toMatchObject({ code: ErrorCode.TS_SYMBOL_NOT_FOUND, data: { node_type: 'comment', suggestion: expect.any(String) } });
    const string = await nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 1, column: 32 }).catch((e: unknown) => e);
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
      await expect(nav.index.findDefinitions({ file: 'src/auth/service.ts', ...position })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    await expect(nav.index.findDefinitions({ scope: 'project' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(nav.index.findDefinitions({ file: 'src/auth/service.ts', line: 1, column: 1, scope: 'galaxy' as never })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
  it('Should refuse files outside the root and unsupported languages', async () => {
    await expect(nav.index.findDefinitions({ file: '../x.ts', line: 1, column: 1 })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    await expect(nav.index.findDefinitions({ file: 'src/linked/escape.ts', line: 1, column: 17 })).rejects.toMatchObject({ code: 'PATH_TRAVERSAL' });
    nav.project.write('notes.xyz', 'hello\n');
    await expect(nav.index.findDefinitions({ file: 'notes.xyz', line: 1, column: 1 })).rejects.toMatchObject({ code: 'TS_UNSUPPORTED_LANGUAGE' });
  });
});

describe('fixtures', () => {
  it('Should resolve a type name and a member name in a.b.c by position', async () => {
    const fx = await CodeIndex.open({ root: fixtures, registry: nav.registry });
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
    const fx = await CodeIndex.open({ root: fixtures, registry: nav.registry });
    try {
      // In the tsx folder: a project-wide lookup over the fixtures would load and index all 56 languages first.
      const result = await fx.findDefinitions({ file: 'tsx/UserCard.tsx', line: 167, symbol: 'Avatar', scope: 'directory' });
      expect(result.definitions[0]).toMatchObject({ file: 'tsx/UserCard.tsx', line: 52, kind: 'function' });
    } finally {
      fx.close();
    }
  });
});
