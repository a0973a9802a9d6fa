/**
 * The operations' wire shapes (seed 000 and seed 001 `parse`) on real fixtures, and the CLI end to end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex } from '../../src/index.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
const index = await CodeIndex.open({ root: fixtures });
afterAll(() => index.close());

describe('getSignatures', () => {
  it('Should write signatures as the seed does, methods qualified by their class', async () => {
    const signatures = await index.getSignatures('typescript/user-service.ts');
    expect(signatures.find((s) => s.name === 'loadUser')).toMatchObject({
      kind: 'function',
      signature: 'loadUser(db: Database, id: string): Promise<User>',
      returnType: 'Promise<User>',
      line: 163,
      parameters: [
        { name: 'db', type: 'Database', optional: false },
        { name: 'id', type: 'string', optional: false },
      ],
    });
    expect(signatures.find((s) => s.name === 'UserService.createUser')?.signature).toBe(
      'createUser({ id, name, email }: UserInput, role: Role = DEFAULT_ROLES.viewer): Promise<User>',
    );
    expect(signatures.filter((s) => s.name === 'formatUser').map((s) => s.line)).toEqual([188, 189, 190]);
  });
});

describe('listExports', () => {
  it('Should list every export form of an ES module', async () => {
    const exports = await index.listExports('typescript/user-service.ts');
    const byName = new Map(exports.map((e) => [e.name, e]));
    expect(byName.get('UserController')).toMatchObject({ type: 'class', isDefault: true });
    expect(byName.get('canonicalEmail')).toMatchObject({ type: 'function', localName: 'normalizeEmail', isDefault: false });
    expect(byName.get('*')).toMatchObject({ type: 'reexport', source: './models' });
    expect(byName.get('utils')).toMatchObject({ type: 'reexport', source: './utils' });
    expect(byName.get('UserStatus')).toMatchObject({ type: 'interface', kind: 'enum' });
    expect(byName.get('Role')).toMatchObject({ isTypeOnly: true });
    expect(byName.has('avatarPath')).toBe(false);
  });
  it('Should list CommonJS exports', async () => {
    const names = (await index.listExports('javascript/server.js')).map((e) => `${e.name}:${e.type}`);
    expect(names).toEqual(
      expect.arrayContaining(['OrderServer:class', 'findOrders:function', 'helper:function', 'DEFAULT_PORT:constant']),
    );
  });
  it('Should list export = and import = require', async () => {
    const analysis = await index.analyzeFile('typescript/legacy.cts');
    expect(analysis.exports.find((e) => e.name === 'export=')).toMatchObject({ isDefault: true });
    expect(analysis.imports.some((i) => i.kind === 'require')).toBe(true);
  });
});

describe('parse', () => {
  it('Should return the seed 001 parse shape', async () => {
    const result = await index.parse('typescript/user-service.ts');
    expect(result.language).toBe('typescript');
    expect(result.rootNode).toBe('program');
    expect(result.errors).toEqual([]);
    expect(result.parseTimeMs).toBeGreaterThan(0);
    expect(result.symbols).toContainEqual({ name: 'UserService', kind: 'class', line: 239, column: 14 });
    expect(result.symbols).toContainEqual({ name: 'findById', kind: 'method', line: 268, column: 9, scope: 'UserService' });
  });
  it('Should report syntax errors with positions', async () => {
    const result = await index.parse('bad/broken.ts');
    expect(result.errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number), message: expect.any(String) });
  });
});

describe('documents and data', () => {
  it('Should outline Markdown: headings, code blocks, links', async () => {
    const analysis = await index.analyzeFile('markdown/guide.mdx');
    expect(analysis.headings?.length).toBeGreaterThan(2);
    expect(analysis.codeBlocks?.every((b) => b.endLine >= b.line)).toBe(true);
    expect(analysis.links).toContainEqual({
      text: 'Undici ProxyAgent',
      url: 'https://undici.nodejs.org/#/docs/api/ProxyAgent',
      kind: 'link',
      line: 47,
    });
  });
  it('Should list JSON keys with value kinds, one level deep', async () => {
    const keys = (await index.analyzeFile('json/package.json')).keys ?? [];
    expect(keys.find((k) => k.path === 'scripts')).toMatchObject({ valueKind: 'object', depth: 1 });
    expect(keys.find((k) => k.path === 'scripts.build')).toMatchObject({ valueKind: 'string', depth: 2 });
    expect(keys.every((k) => k.depth <= 2)).toBe(true);
  });
});

describe('CLI', () => {
  // The built CLI, as users run it (`npm ci` builds it through the prepare script).
  const built = `${repo}dist/cli/main.js`;
  it('Should print JSON for analyze --json', () => {
    const out = execFileSync(process.execPath, [built, 'analyze', '--root', fixtures, 'typescript/user-service.ts', '--json'], {
      encoding: 'utf8',
    });
    const analysis = JSON.parse(out);
    expect(analysis.file).toBe('typescript/user-service.ts');
    expect(analysis.classes.map((c: { name: string }) => c.name)).toContain('UserService');
  });
  it('Should exit 2 with the error code on a missing file and on bad usage', () => {
    const missing = spawnSync(process.execPath, [built, 'analyze', 'nope.ts'], { cwd: fixtures, encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('FILE_NOT_FOUND');
    const usage = spawnSync(process.execPath, [built, 'frobnicate'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
  });
});
