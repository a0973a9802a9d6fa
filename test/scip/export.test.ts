/**
 * The SCIP export: symbols as SCIP's grammar and scip-typescript's layout write them, occurrences for definitions,
 * parameters, locals and the references binding resolves, a document per file in path order, and an index that
 * decodes, stays inside its files and names no symbol it does not define. Python, Go and Lua are pinned by snapshots
 * (the source with each occurrence marked under its line).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledLanguages, CodeIndex } from '../../src/index.js';
import { decodeIndex, type Index, SymbolInformation_Kind, SymbolRole } from '../../src/scip/encode.js';
import { escapeName, pathDescriptors } from '../../src/scip/symbols.js';
import { isolatedEnv } from '../helpers/cache-env.js';
import { exportedIndex, problemsOf, snapshotOf } from '../helpers/scip.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const roots: string[] = [];

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-scip-')));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    execFileSync('mkdir', ['-p', join(file, '..')]);
    writeFileSync(file, text);
  }
  return root;
}

const SHAPES = {
  'package.json': '{ "name": "demo-pkg", "version": "1.2.3" }\n',
  'src/a.ts': [
    '/** A shape. */',
    'export interface Shape { area(): number; name: string }',
    'export class Circle implements Shape {',
    "  name = 'circle';",
    '  constructor(private radius: number) {}',
    '  area(): number { return Math.PI * this.radius ** 2; }',
    '  static unit(): Circle { return new Circle(1); }',
    '}',
    'export function total(shapes: Shape[]): number {',
    '  let sum = 0;',
    '  for (const s of shapes) sum += s.area();',
    '  return sum;',
    '}',
    'export namespace Geo { export function dist(a: number) { return a; } }',
    'export enum Color { Red, Green }',
    'export type Pair<T> = [T, T];',
    '',
  ].join('\n'),
  'src/b.ts': [
    "import { Circle, total, Geo, Color } from './a';",
    'const c = Circle.unit();',
    'console.log(total([c, new Circle(2)]), c.area(), c.name, Geo.dist(1), Color.Red);',
    "import { of } from 'rxjs';",
    'of(c);',
    '',
  ].join('\n'),
  '.gitignore': 'node_modules/\n',
  'node_modules/rxjs/package.json': '{ "name": "rxjs", "version": "7.8.2" }\n',
};

/** The occurrences of a document as `line:column roles symbol` (1-based, as an editor shows them). */
function occurrences(index: Index, path: string): string[] {
  const document = index.documents.find((each) => each.relativePath === path);
  return (document?.occurrences ?? []).map((o) => `${(o.range[0] ?? 0) + 1}:${(o.range[1] ?? 0) + 1} ${o.symbolRoles & SymbolRole.Definition ? 'def' : 'ref'} ${o.symbol}`);
}

describe('SCIP symbols', () => {
  it('Should escape names as the grammar says: simple identifiers as they are, others in backticks', () => {
    expect(escapeName('total')).toBe('total');
    expect(escapeName('a-b$c+1_')).toBe('a-b$c+1_');
    expect(escapeName('a.ts')).toBe('`a.ts`');
    expect(escapeName('<constructor>')).toBe('`<constructor>`');
    expect(escapeName('we`ird')).toBe('`we``ird`');
    expect(pathDescriptors('src/internal/Observable.ts')).toBe('src/internal/`Observable.ts`/');
  });
});

describe('exportScip', () => {
  it('Should write the symbols scip-typescript writes for definitions, parameters and references across files', async () => {
    const root = tree(SHAPES);
    const index = await CodeIndex.open({ root, persist: false });
    try {
      const scip = await exportedIndex(index);
      expect(scip.metadata?.toolInfo?.name).toBe('code-index');
      expect(scip.metadata?.projectRoot).toBe(`file://${root}/`);
      expect(scip.documents.map((d) => d.relativePath)).toEqual(['package.json', 'src/a.ts', 'src/b.ts']);
      const p = 'code-index npm demo-pkg 1.2.3 src/`a.ts`/';
      const a = occurrences(scip, 'src/a.ts');
      expect(a).toEqual(
        expect.arrayContaining([
          `1:1 def ${p}`,
          `2:18 def ${p}Shape#`,
          `2:26 def ${p}Shape#area().`,
          `2:42 def ${p}Shape#name.`,
          `3:14 def ${p}Circle#`,
          `3:32 ref ${p}Shape#`,
          `5:3 def ${p}Circle#\`<constructor>\`().`,
          `5:23 def ${p}Circle#\`<constructor>\`().(radius)`,
          `6:3 def ${p}Circle#area().`,
          `7:10 def ${p}Circle#unit().`,
          `7:38 ref ${p}Circle#\`<constructor>\`().`,
          `9:17 def ${p}total().`,
          `9:23 def ${p}total().(shapes)`,
          `11:19 ref ${p}total().(shapes)`,
          `11:36 ref ${p}Shape#area().`,
          `14:18 def ${p}Geo/`,
          `14:40 def ${p}Geo/dist().`,
          `14:45 def ${p}Geo/dist().(a)`,
          `15:13 def ${p}Color#`,
          `15:21 def ${p}Color#Red.`,
          `16:13 def ${p}Pair#`,
          `16:18 def ${p}Pair#[T]`,
        ]),
      );
      // A local is the document's own: `local N`, defined and used in it.
      const sum = a.filter((o) => / local /.test(o) && o.startsWith('10:7 '));
      expect(sum).toHaveLength(1);
      const local = sum[0]?.split(' ').slice(2).join(' ');
      expect(a).toContain(`12:10 ref ${local}`);

      expect(occurrences(scip, 'src/b.ts')).toEqual(
        expect.arrayContaining([
          `1:10 ref ${p}Circle#`,
          `1:18 ref ${p}total().`,
          `2:11 ref ${p}Circle#`,
          `2:18 ref ${p}Circle#unit().`,
          `3:13 ref ${p}total().`,
          `3:27 ref ${p}Circle#\`<constructor>\`().`,
          `3:42 ref ${p}Circle#area().`,
          `3:52 ref ${p}Circle#name.`,
          `3:62 ref ${p}Geo/dist().`,
          `3:77 ref ${p}Color#Red.`,
          // The module an import names, where it writes it (the string with its quotes), as scip-typescript marks it.
          `1:43 ref code-index npm demo-pkg 1.2.3 src/\`a.ts\`/`,
          '4:20 ref code-index npm rxjs 7.8.2 rxjs/',
        ]),
      );
      // An import's names are imports; `Math` and `console` bind to nothing in the tree: no occurrence at all.
      const b = scip.documents.find((d) => d.relativePath === 'src/b.ts');
      expect(b?.occurrences.find((o) => o.range[0] === 0 && o.range[1] === 9)?.symbolRoles).toBe(SymbolRole.Import);
      expect(b?.occurrences.some((o) => o.range[0] === 2 && o.range[1] === 0)).toBe(false);

      // A name imported from a package outside the tree: that package's symbol, with its installed version.
      expect(occurrences(scip, 'src/b.ts')).toEqual(expect.arrayContaining(['4:10 ref code-index npm rxjs 7.8.2 rxjs/of.', '5:1 ref code-index npm rxjs 7.8.2 rxjs/of.']));
      expect(scip.externalSymbols.map((s) => [s.symbol, s.displayName])).toEqual([
        ['code-index npm rxjs 7.8.2 rxjs/of.', 'of'],
        ['code-index npm rxjs 7.8.2 rxjs/', 'rxjs'],
      ]);

      const info = (symbol: string) => scip.documents.flatMap((d) => d.symbols).find((s) => s.symbol === symbol);
      expect(info(`${p}Shape#`)).toMatchObject({ kind: SymbolInformation_Kind.Interface, displayName: 'Shape', documentation: ['A shape.'] });
      expect(info(`${p}Circle#`)?.relationships).toEqual([expect.objectContaining({ symbol: `${p}Shape#`, isImplementation: true })]);
      expect(info(`${p}total().`)).toMatchObject({ kind: SymbolInformation_Kind.Function, signatureDocumentation: { text: 'total(shapes: Shape[]): number' } });
      expect(info(`${p}Circle#area().`)?.enclosingSymbol).toBe(`${p}Circle#`);
      expect(problemsOf(scip, root)).toEqual([]);
    } finally {
      await index.close();
    }
  });

  it.each([
    ['python', ['shop/cart.py', 'shop/pricing.py'], 'code-index python shop 0.4.1 shop/`pricing.py`/Discount#apply().'],
    ['go', ['main.go', 'internal/money/money.go'], 'code-index gomod example.com/shop . internal/money/`money.go`/Amount#Add().'],
    ['lua', ['queue.lua'], undefined],
  ])('Should export %s as a valid index, pinned by a snapshot', async (language, files, crossFile) => {
    // A root of a fixed name: a tree without a manifest is the package its folder names.
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'ci-scip-')));
    roots.push(parent);
    const root = join(parent, language);
    cpSync(join(fixtures, language), root, { recursive: true });
    const index = await CodeIndex.open({ root, persist: false });
    try {
      const scip = await exportedIndex(index);
      expect(problemsOf(scip, root)).toEqual([]);
      for (const file of files) {
        const document = scip.documents.find((d) => d.relativePath === file);
        expect(document, file).toBeDefined();
        await expect(snapshotOf(document as NonNullable<typeof document>, root)).toMatchFileSnapshot(`./snapshots/${language}/${file.replaceAll('/', '__')}.snap`);
      }
      if (crossFile) {
        // A definition of one file used from another: the same symbol on both sides.
        const users = scip.documents.filter((d) => d.occurrences.some((o) => o.symbol === crossFile));
        expect(users.length).toBeGreaterThanOrEqual(2);
      }
    } finally {
      await index.close();
    }
  });

  it("Should name each document's language as SCIP's Language enum does, and packages outside the tree by the importing language", async () => {
    const root = tree({
      'ui/button.tsx': 'export function Button(): number { return 1; }\n',
      'native/vec.cpp': 'int dot(int a, int b) { return a * b; }\n',
      'tools/run.sh': 'build() { echo build; }\nbuild\n',
      'app/main.py': 'import requests.adapters\nfrom numpy import array\n\narray([1])\nrequests.adapters.HTTPAdapter()\n',
    });
    const index = await CodeIndex.open({ root, persist: false });
    try {
      const scip = await exportedIndex(index);
      expect(Object.fromEntries(scip.documents.map((d) => [d.relativePath, d.language]))).toEqual({
        'app/main.py': 'Python',
        'native/vec.cpp': 'CPP',
        'tools/run.sh': 'ShellScript',
        'ui/button.tsx': 'TypeScriptReact',
      });
      expect(scip.externalSymbols.map((s) => s.symbol)).toEqual(expect.arrayContaining(['code-index python numpy . numpy/array.']));
      expect(problemsOf(scip, root)).toEqual([]);
    } finally {
      await index.close();
    }
  });

  it('Should give every bundled language a name from SCIP\'s Language enum where the enum has one', () => {
    // scip-typescript's generated bindings carry the enum of the published scip.proto.
    const { scip } = createRequire(import.meta.url)('@sourcegraph/scip-typescript/dist/src/scip.js') as { scip: { Language: Record<string, unknown> } };
    const names = new Set(Object.keys(scip.Language));
    const unnamed = bundledLanguages.filter((language) => !names.has(language.scip?.language ?? language.name.replace(/[^A-Za-z0-9]/g, ''))).map((language) => language.id);
    // Languages the enum does not list (SCIP's language field is a string: these keep their own names).
    expect(unnamed.sort()).toEqual(['dtd', 'elisp', 'elm', 'gdscript', 'gleam', 'hcl', 'markdown_inline', 'properties', 'query', 'rescript', 'sparql', 'systemrdl', 'talon', 'tlaplus']);
  });

  it('Should place enclosing ranges exactly in a file with \\r\\n line breaks', async () => {
    const root = tree({ 'src/c.ts': '// notes\r\n\r\nexport function f(): number {\r\n  return 1;\r\n}\r\n' });
    const index = await CodeIndex.open({ root, persist: false });
    try {
      const scip = await exportedIndex(index);
      const f = scip.documents[0]?.occurrences.find((o) => o.symbol.endsWith('f().'));
      expect(f?.range).toEqual([2, 16, 17]);
      expect(f?.enclosingRange).toEqual([2, 7, 4, 1]);
      expect(problemsOf(scip, root)).toEqual([]);
    } finally {
      await index.close();
    }
  });

  it('Should export only a folder with path, refuse one outside the root, and stop when the signal aborts', async () => {
    const root = tree(SHAPES);
    const index = await CodeIndex.open({ root, persist: false });
    try {
      expect((await exportedIndex(index, { path: 'src' })).documents.map((d) => d.relativePath)).toEqual(['src/a.ts', 'src/b.ts']);
      await expect(exportedIndex(index, { path: '../elsewhere' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      const controller = new AbortController();
      controller.abort(new Error('stopped'));
      await expect(exportedIndex(index, { signal: controller.signal })).rejects.toThrow('stopped');
    } finally {
      await index.close();
    }
  });

  it('Should write index.scip from the command line, whole or not at all', () => {
    const root = tree(SHAPES);
    const output = join(root, 'out', 'index.scip');
    execFileSync('mkdir', ['-p', join(root, 'out')]);
    // A file the index cannot analyze has no document, and the summary says so.
    writeFileSync(join(root, 'src', 'blob.ts'), Buffer.from([0x61, 0, 0, 0x62]));
    const summary = JSON.parse(execFileSync(process.execPath, [cli, 'scip', '--root', root, '--output', output, '--no-cache', '--json'], { encoding: 'utf8', env: isolatedEnv() }));
    expect(summary).toMatchObject({ output, documents: 3, skipped: [{ file: 'src/blob.ts', reason: expect.stringMatching(/^BINARY_FILE: /) }] });
    expect(decodeIndex(readFileSync(output)).documents).toHaveLength(3);
    // A folder outside the root: a usage error, and the previous file stays as it was.
    const before = readFileSync(output);
    let status = 0;
    try {
      execFileSync(process.execPath, [cli, 'scip', '--root', root, '--output', output, '--path', '../x', '--no-cache'], { encoding: 'utf8', env: isolatedEnv(), stdio: 'pipe' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(2);
    expect(readFileSync(output).equals(before)).toBe(true);
    expect(readdirSync(join(root, 'out'))).toEqual(['index.scip']);
  });
});
