/**
 * findReferences (src/operations/references.ts): every use of a name, bound or name-matched, definitions flagged apart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeIndex } from '../../src/index.js';
import { useNavigationIndex } from '../helpers/navigation-project.js';

const nav = useNavigationIndex();


describe('findReferences', () => {
  it('Should list calls, imports and new-expressions, with definitions flagged apart', async () => {
    const result = await nav.index.findReferences({ symbol: 'hashPassword' });
    expect(result.references.map((r) => `${r.file}:${r.line}:${r.kind}`)).toEqual([
      'src/auth/service.ts:1:import',
      'src/auth/service.ts:11:call',
    ]);
    expect(result.total).toBe(2);
    expect(result.definitions.every((d) => d.isDefinition)).toBe(true);
    const users = await nav.index.findReferences({ symbol: 'User' });
    expect(users.references.map((r) => r.kind)).toEqual(expect.arrayContaining(['import', 'class', 'type']));
  });

  it('Should answer within its time budget, partial past it, and go on from the file it names', async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-refs-'));
    const index = await CodeIndex.open({ root, cacheDir: join(root, '.cache') });
    try {
      writeFileSync(join(root, 'shared.ts'), 'export function shared(n: number): number {\n  return n;\n}\n');
      for (const name of ['a', 'b', 'c', 'd']) {
        writeFileSync(join(root, `${name}.ts`), `import { shared } from './shared';\nexport const ${name} = shared(1) + shared(2);\n`);
      }
      const whole = await index.findReferences({ symbol: 'shared' });
      const at = (r: { file: string; line: number; column: number }) => `${r.file}:${r.line}:${r.column}`;
      expect(whole.references.map((r) => r.file)).toEqual(['a.ts', 'a.ts', 'a.ts', 'b.ts', 'b.ts', 'b.ts', 'c.ts', 'c.ts', 'c.ts', 'd.ts', 'd.ts', 'd.ts']);
      expect(whole.partial).toBeUndefined();
      // A budget spent before the second file: one file per answer, each saying where the next begins.
      const pages: string[][] = [];
      let fromFile: string | undefined;
      for (let round = 0; round < 10; round++) {
        const part = await index.findReferences({ symbol: 'shared' }, { timeoutMs: 1e-9, ...(fromFile ? { fromFile } : {}) });
        pages.push(part.references.map(at));
        if (!part.partial) break;
        expect(part.partial.filesRead).toBe(1);
        expect(part.note).toContain(`fromFile "${part.partial.nextFile}"`);
        fromFile = part.partial.nextFile;
      }
      expect(pages.flat()).toEqual(whole.references.map(at));
      expect(pages.length).toBe(4);
    } finally {
      index.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('Should refuse a bad time budget or fromFile with INVALID_ARGUMENT', async () => {
    for (const options of [{ timeoutMs: 0 }, { timeoutMs: -5 }, { fromFile: '' }, { fromFile: 42 as unknown as string }]) {
      await expect(nav.index.findReferences({ symbol: 'User' }, options)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
  });

  it("Should list a member's family (the members it overrides and implements, their overrides), ES private members, and name matches only on request", async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-refs-'));
    const index = await CodeIndex.open({ root, persist: false });
    try {
      writeFileSync(
        join(root, 'sink.ts'),
        [
          'export interface Sink {',
          '  next(value: number): void;',
          '}',
          'export class Base implements Sink {',
          '  #count = 0;',
          '  next(value: number): void {',
          '    this.#count += value;',
          '    this.#flush();',
          '  }',
          '  #flush(): void {}',
          '}',
          'export class Derived extends Base {',
          '  next(value: number): void {',
          '    super.next(value * 2);',
          '  }',
          '}',
          'export class Other {',
          '  next(): void {}',
          '}',
        ].join('\n') + '\n',
      );
      writeFileSync(
        join(root, 'use.ts'),
        [
          "import { Base, Derived, Other, type Sink } from './sink';",
          'export function run(sink: Sink, base: Base, derived: Derived, other: Other, unknown: any): void {',
          '  sink.next(1);',
          '  base.next(2);',
          '  derived.next(3);',
          '  other.next();',
          '  unknown.next(4);',
          '}',
        ].join('\n') + '\n',
      );
      const lines = (result: { references: { file: string; line: number; kind: string; resolution?: string }[] }) =>
        result.references.map((r) => `${r.file}:${r.line}${r.kind === 'override' ? ' override' : ''}${r.resolution === 'name_match' ? ' name_match' : ''}`);
      // Asked at the override: the base's and the interface's uses are its family's, and so are their declarations;
      // Other's is a stranger's.
      const derived = await index.findReferences({ file: 'sink.ts', line: 13, column: 3 });
      expect(lines(derived)).toEqual(['sink.ts:2 override', 'sink.ts:6 override', 'sink.ts:14', 'use.ts:3', 'use.ts:4', 'use.ts:5']);
      // Asked at the interface member: the same family, through the class that implements it.
      expect(lines(await index.findReferences({ file: 'sink.ts', line: 2, column: 3 }))).toEqual([
        'sink.ts:6 override',
        'sink.ts:13 override',
        'sink.ts:14',
        'use.ts:3',
        'use.ts:4',
        'use.ts:5',
      ]);
      // A receiver of no known type only shares the name: listed on request, after the bound ones.
      const withNames = await index.findReferences({ file: 'sink.ts', line: 13, column: 3 }, { includeNameMatches: true });
      expect(lines(withNames)).toEqual(['sink.ts:2 override', 'sink.ts:6 override', 'sink.ts:14', 'use.ts:3', 'use.ts:4', 'use.ts:5', 'use.ts:7 name_match']);
      expect(lines(await index.findReferences({ file: 'sink.ts', line: 18, column: 3 }))).toEqual(['use.ts:6']);
      // ES private members, through `this.#name`.
      expect(lines(await index.findReferences({ file: 'sink.ts', line: 10, column: 3 }))).toEqual(['sink.ts:8']);
      expect(lines(await index.findReferences({ file: 'sink.ts', line: 5, column: 3 }))).toEqual(['sink.ts:7']);
    } finally {
      index.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
