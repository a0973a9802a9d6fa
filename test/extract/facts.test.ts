/**
 * `src/extract/facts.ts`: the extraction pipeline, one tree to its facts, over small sources parsed with the real
 * grammars; and its promise that no phase changes what it is given.
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/extract/facts.js';
import { source, withParsed } from './parse.js';

const service = source(
  "import { Db, type Row } from './db';",
  '',
  '/** Users, by id. */',
  'export class UserService {',
  '  constructor(private readonly db: Db) {}',
  '',
  '  /** One user. */',
  '  find(id: string): Row | undefined {',
  '    const row = this.db.get(id);',
  '    return row;',
  '  }',
  '}',
  '',
  'export default function open(path: string): UserService {',
  '  return new UserService(new Db(path));',
  '}',
);

describe('extractFacts', () => {
  it('Should write each definition out with its place, signature, doc and exports', async () => {
    const facts = await withParsed('typescript', service, (parsed) => extractFacts(parsed));
    const summary = facts.definitions.map((def) => [
      def.kind,
      def.name,
      def.line,
      def.parent ?? null,
      def.exported ?? false,
      def.signature ?? null,
      def.doc ?? null,
    ]);
    expect(summary).toEqual([
      ['class', 'UserService', 4, null, true, null, 'Users, by id.'],
      ['constructor', 'constructor', 5, 0, false, 'constructor(private readonly db: Db)', null],
      ['method', 'find', 8, 0, false, 'find(id: string): Row | undefined', 'One user.'],
      ['function', 'open', 14, null, true, 'open(path: string): UserService', null],
    ]);
    expect(facts.definitions[1]?.parameterProperties?.map((property) => [property.name, property.type])).toEqual([['db', 'Db']]);
    expect(facts.definitions[3]).toMatchObject({ exportedAsDefault: true, parameters: [{ name: 'path', type: 'string', optional: false }] });
  });

  it('Should list imports (type-only items marked), exports and references with their bindings', async () => {
    const facts = await withParsed('typescript', service, (parsed) => extractFacts(parsed));
    expect(facts.imports).toEqual([
      {
        source: './db',
        imports: [
          { name: 'Db', isDefault: false, isNamespace: false },
          { name: 'Row', isDefault: false, isNamespace: false, isTypeOnly: true },
        ],
        kind: 'static',
        line: 1,
      },
    ]);
    expect(facts.exports.map((info) => [info.name, info.type, info.isDefault])).toEqual([
      ['UserService', 'class', false],
      ['open', 'function', true],
    ]);
    const db = facts.bindings.findIndex((binding) => binding.name === 'Db');
    expect(facts.bindings[db]).toMatchObject({ kind: 'import', top: true, import: { source: './db', name: 'Db' } });
    // `new Db(path)` in `open`: a use of the import, inside `open` (definition 3).
    const created = facts.references.filter((ref) => ref.name === 'Db' && ref.line === 15);
    expect(created).toMatchObject([{ binding: db, enclosing: 3 }]);
    // `this.db.get(id)`: a member of `this.db`.
    expect(facts.references.find((ref) => ref.name === 'get')).toMatchObject({ qualifier: 'this.db', line: 9, enclosing: 2 });
  });

  it('Should give the ranges of embedded languages by their registered id', async () => {
    const page = source('<html>', '<script>', 'function greet(name) { return name; }', '</script>', '</html>');
    const facts = await withParsed('html', page, (parsed) => extractFacts(parsed));
    const ranges = facts.injections.get('javascript') ?? [];
    expect(ranges.map((range) => page.slice(range.startIndex, range.endIndex).trim())).toEqual(['function greet(name) { return name; }']);
  });
});
