/**
 * The resolver's concepts, one module at a time (src/binding/: imports, members, overloads, ranking, types, names,
 * the walk, type text, vocabulary), over facts the real extractor gives for tiny trees held in memory.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Binder } from '../../src/binding/binder.js';
import { exportsOf, followImport, importedFiles } from '../../src/binding/imports.js';
import { basesOf, membersOf, methodNames } from '../../src/binding/members.js';
import { ModuleResolver } from '../../src/binding/modules.js';
import { lookupOf } from '../../src/binding/names.js';
import { argumentFit, overloadFor } from '../../src/binding/overloads.js';
import { lastMacroFirst, methodsOrFields, RANKERS, typedefsFirst } from '../../src/binding/ranking.js';
import { createBinder } from '../../src/binding/resolver.js';
import { bound, type Lookup, type Target, targetKey, unique } from '../../src/binding/targets.js';
import { elementTypeOf, namesOneType, typeHead, typePath, unionOf, withoutReference } from '../../src/binding/type-text.js';
import { typesOfBinding } from '../../src/binding/types.js';
import { vocabularyOf } from '../../src/binding/vocabulary.js';
import { MAX_HOPS, Walk } from '../../src/binding/walk.js';
import { extractFile } from '../../src/extract/extract-file.js';
import { createDefaultRegistry } from '../../src/index.js';
import type { ArgumentTypes } from '../../src/languages/module-system.js';
import type { Definition, FileFacts } from '../../src/model/facts.js';

const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

/**
 * A tree held in memory, its files analyzed by the real extractor, and a binder over it. `asked` lists the files whose
 * facts binding asked for, in order; with `keyed`, the binder is told each file's facts key (its path).
 */
async function bind(files: Record<string, string>, keyed = false): Promise<{ b: Binder; facts: Map<string, FileFacts>; asked: string[] }> {
  const asked: string[] = [];
  const facts = new Map<string, FileFacts>();
  for (const [file, text] of Object.entries(files)) {
    const language = registry.detectLanguage(file).language as string;
    facts.set(file, await extractFile(registry, { file, text, size: text.length, language, timeoutMs: 20_000 }));
  }
  const modules = new ModuleResolver({
    readText: (file) => Promise.resolve(files[file]),
    files: () => new Set(Object.keys(files)),
    membership: () => 1,
    language: (file) => registry.get(registry.detectLanguage(file).language ?? ''),
    languageNamed: (id) => registry.get(id),
    facts: (file) => Promise.resolve(facts.get(file)),
  });
  const b = createBinder({
    facts: (file) => {
      asked.push(file);
      return Promise.resolve(facts.get(file));
    },
    ...(keyed ? { factsKey: (file: string) => (facts.has(file) ? `key:${file}` : undefined) } : {}),
    modules,
    filesDefining: (name) => {
      const defining = [...facts].filter(([, f]) => f.definitions.some((d) => d.name === name && !d.local));
      return Promise.resolve(defining.map(([file]) => file));
    },
  });
  return { b, facts, asked };
}

/** The definition named `name` (the n-th of that name) of a file, as a target. */
function def(facts: Map<string, FileFacts>, file: string, name: string, nth = 0): Target {
  const index = (facts.get(file) as FileFacts).definitions.flatMap((d, i) => (d.name === name ? [i] : []))[nth];
  if (index === undefined) throw new Error(`no definition ${name} in ${file}`);
  return { file, def: index };
}

/** Targets as `file:line` of their definitions. */
function where(facts: Map<string, FileFacts>, targets: Target[]): string[] {
  return targets.map((t) => {
    if ('def' in t) return `${t.file}:${facts.get(t.file)?.definitions[t.def]?.line}`;
    return 'module' in t ? `${t.file} (module)` : `${t.file}#b${t.binding}`;
  });
}

/** The reference named `name` on a line of a file. */
function refAt(facts: FileFacts, line: number, name: string) {
  const ref = facts.references.find((r) => r.line === line && r.name === name);
  if (!ref) throw new Error(`no reference ${name} on line ${line}`);
  return ref;
}

describe('walk', () => {
  it('Should go deeper without changing the walk it came from, and give up past MAX_HOPS links', () => {
    const start = Walk.start();
    const next = start.deeper();
    expect([start.hops, next.hops]).toEqual([0, 1]);
    expect(Walk.start(MAX_HOPS).exhausted).toBe(false);
    expect(Walk.start(MAX_HOPS).deeper().exhausted).toBe(true);
  });

  it('Should share what a walk visited with deeper walks, and start anew empty', () => {
    const walk = Walk.start();
    expect(walk.visit('a.ts', 'x')).toBe(true);
    expect(walk.deeper().visit('a.ts', 'x')).toBe(false);
    expect(walk.anew().visit('a.ts', 'x')).toBe(true);
  });

  it('Should remember what a module exports for the rest of a question, but not for a walk with more links left', () => {
    const walk = Walk.start();
    const deep = walk.deeper().deeper();
    deep.remember('a.h', 'x', ['found']);
    expect(deep.anew().found('a.h', 'x')).toEqual(['found']);
    expect(deep.deeper().found('a.h', 'x')).toEqual(['found']);
    expect(walk.found('a.h', 'x')).toBeUndefined();
    expect(Walk.start(5).found('a.h', 'x')).toBeUndefined();
    walk.remember('a.h', 'x', ['more']);
    expect(deep.found('a.h', 'x')).toEqual(['more']);
  });
});

describe('one question through includes', () => {
  // main.c includes three headers that all include base.h, and none of them has `helper`: d.h, included last, has it.
  const files = {
    'inc/base.h': '#define LEVEL 3\nint base_only(int x);\n',
    'inc/a.h': '#include "base.h"\nint only_a(void);\n',
    'inc/b.h': '#include "base.h"\n#include "a.h"\nint only_b(void);\n',
    'inc/c.h': '#include "a.h"\n#include "b.h"\n#include "base.h"\n',
    'inc/d.h': '#include "base.h"\nint helper(int x);\n',
    'src/main.c': '#include "../inc/a.h"\n#include "../inc/b.h"\n#include "../inc/c.h"\n#include "../inc/d.h"\nint main(void) { return helper(LEVEL); }\n',
  };
  const count = (asked: string[], file: string) => asked.filter((f) => f === file).length;

  it('Should ask a header reached through many includes once, and find what it found before', async () => {
    const { b, facts, asked } = await bind(files);
    const main = facts.get('src/main.c') as FileFacts;
    const found = await lookupOf(b, 'src/main.c', main, refAt(main, 5, 'helper'), Walk.start());
    expect(where(facts, found.targets)).toEqual(['inc/d.h:2']);
    expect(count(asked, 'inc/base.h')).toBe(1);
    expect(count(asked, 'inc/a.h')).toBe(1);
    // A macro through the same headers: base.h's, found again on the next question.
    const level = await lookupOf(b, 'src/main.c', main, refAt(main, 5, 'LEVEL'), Walk.start());
    expect(where(facts, level.targets)).toEqual(['inc/base.h:1']);
  });

  it('Should pass the headers that have not the name by their views, without their facts, on later questions', async () => {
    const { b, facts, asked } = await bind(files, true);
    const main = facts.get('src/main.c') as FileFacts;
    const first = await lookupOf(b, 'src/main.c', main, refAt(main, 5, 'helper'), Walk.start());
    asked.length = 0;
    const again = await lookupOf(b, 'src/main.c', main, refAt(main, 5, 'helper'), Walk.start());
    expect(where(facts, again.targets)).toEqual(where(facts, first.targets));
    for (const header of ['inc/base.h', 'inc/a.h', 'inc/b.h', 'inc/c.h']) expect(count(asked, header)).toBe(0);
    expect(count(asked, 'inc/d.h')).toBeGreaterThan(0);
  });
});

describe('targets', () => {
  it('Should keep each target once, in its order', () => {
    const targets: Target[] = [{ file: 'a', def: 1 }, { file: 'a', binding: 1 }, { file: 'a', def: 1 }, { file: 'a', module: true }];
    expect(unique(targets).map(targetKey)).toEqual(['a#d1', 'a#b1', 'a#m']);
  });
});

describe('imports', () => {
  it('Should follow a name through a barrel and an alias to its declaration', async () => {
    const { b, facts } = await bind({
      'src/a.ts': 'export function greet(): void {}\n',
      'src/index.ts': "export * from './a';\nexport { greet as hello } from './a';\n",
      'src/main.ts': "import { greet, hello } from './index';\ngreet();\nhello();\n",
    });
    const greet = await followImport(b, 'src/main.ts', './index', 'greet', Walk.start());
    expect(greet.how).toBe('bound');
    expect(where(facts, greet.targets)).toEqual(['src/a.ts:1']);
    expect(where(facts, await exportsOf(b, 'src/index.ts', 'hello', Walk.start()))).toEqual(['src/a.ts:1']);
    expect(await importedFiles(b, 'src/main.ts', facts.get('src/main.ts') as FileFacts)).toEqual(['src/a.ts']);
  });

  it('Should end a cycle of re-exports with nothing, and say a module outside the tree is external', async () => {
    const { b } = await bind({
      'x.ts': "export * from './y';\n",
      'y.ts': "export * from './x';\n",
      'main.ts': "import { z } from 'left-pad';\n",
    });
    expect(await exportsOf(b, 'x.ts', 'missing', Walk.start())).toEqual([]);
    expect((await followImport(b, 'main.ts', 'left-pad', 'z', Walk.start())).how).toBe('external');
  });
});

describe('members', () => {
  const source = [
    'export class Base {',
    '  save(): void {}',
    '}',
    'export class Repo extends Base {',
    '  find(): void {}',
    '  run(): void {',
    '    this.save();',
    '  }',
    '}',
    '',
  ].join('\n');

  it('Should find a member of a class among its own, then its bases', async () => {
    const { b, facts } = await bind({ 'repo.ts': source });
    const repo = def(facts, 'repo.ts', 'Repo');
    expect(where(facts, await membersOf(b, repo, 'find', Walk.start()))).toEqual(['repo.ts:5']);
    expect(where(facts, await membersOf(b, repo, 'save', Walk.start()))).toEqual(['repo.ts:2']);
    const repoDef = (repo as { def: number }).def;
    expect(where(facts, await basesOf(b, 'repo.ts', facts.get('repo.ts') as FileFacts, repoDef, Walk.start()))).toEqual(['repo.ts:1']);
    expect([...(await methodNames(b, 'repo.ts'))].sort()).toEqual(['find', 'run', 'save']);
  });

  it("Should lead `this.save()` to the base's method (the language's self word)", async () => {
    const { b, facts } = await bind({ 'repo.ts': source });
    const file = facts.get('repo.ts') as FileFacts;
    const lookup = await lookupOf(b, 'repo.ts', file, refAt(file, 7, 'save'), Walk.start());
    expect(lookup.how).toBe('bound');
    expect(where(facts, lookup.targets)).toEqual(['repo.ts:2']);
  });
});

describe('types', () => {
  it('Should give the declared type of a binding', async () => {
    const { b, facts } = await bind({
      'db.ts': 'export class Db {\n  query(): void {}\n}\n',
      'main.ts': "import { Db } from './db';\nfunction run(db: Db): void {\n  db.query();\n}\n",
    });
    const main = facts.get('main.ts') as FileFacts;
    const index = main.bindings.findIndex((binding) => binding.name === 'db');
    expect(where(facts, await typesOfBinding(b, 'main.ts', main, index, Walk.start()))).toEqual(['db.ts:1']);
  });
});

describe('overloads', () => {
  it('Should pick the overload whose parameters admit the call, the declarations before the implementation', async () => {
    const { b, facts } = await bind({
      'f.ts': 'export function f(a: string): void;\nexport function f(a: string, b: number): void;\nexport function f(...args: unknown[]): void {}\n',
    });
    const all = [def(facts, 'f.ts', 'f', 0), def(facts, 'f.ts', 'f', 1), def(facts, 'f.ts', 'f', 2)];
    expect(where(facts, await overloadFor(b, all, 2))).toEqual(['f.ts:2']);
    expect(where(facts, await overloadFor(b, all, 1))).toEqual(['f.ts:1']);
    // A spread argument only a rest parameter takes.
    expect(where(facts, await overloadFor(b, all, 1, true))).toEqual(['f.ts:3']);
  });

  it('Should score how well parameter types take the arguments: exact, wider, or not at all', () => {
    const table: ArgumentTypes = {
      kinds: { string: { exact: ['String'], takes: ['Object'] }, integer: { exact: ['int'], takes: ['long'] } },
      primitives: ['int', 'long'],
      top: ['Object'],
      library: {},
      inheritedOverloads: true,
    };
    const takes = (...types: string[]): Definition => {
      const parameters = types.map((type, i) => ({ name: `p${i}`, type, optional: false }));
      return { kind: 'method', name: 'm', line: 1, column: 1, endLine: 1, start: 0, end: 0, parameters };
    };
    expect(argumentFit(takes('String'), ['string'], [], table)).toBe(2);
    expect(argumentFit(takes('Object'), ['string'], [], table)).toBe(1);
    expect(argumentFit(takes('int'), ['string'], [], table)).toBe(-1);
    expect(argumentFit(takes('T'), ['integer'], [], table)).toBe(1);
  });
});

describe('ranking', () => {
  it('Should put the last of a macro defined twice in a file first', async () => {
    const { b, facts } = await bind({ 'm.h': '#define LIMIT 1\n#undef LIMIT\n#define LIMIT 2\n' });
    const lookup = bound([def(facts, 'm.h', 'LIMIT', 0), def(facts, 'm.h', 'LIMIT', 1)]);
    expect(where(facts, (await lastMacroFirst(b, lookup)).targets)).toEqual(['m.h:3', 'm.h:1']);
  });

  it("Should put C's typedef before the tag of the same name", async () => {
    const { b, facts } = await bind({ 'node.h': 'typedef struct node {\n  int x;\n} node;\n' });
    const file = facts.get('node.h') as FileFacts;
    const tag = file.definitions.findIndex((d) => d.name === 'node' && d.kind === 'struct');
    const typedef = file.definitions.findIndex((d) => d.name === 'node' && d.kind === 'type');
    const ranked = await typedefsFirst(b, bound([{ file: 'node.h', def: tag }, { file: 'node.h', def: typedef }]));
    expect(ranked.targets).toEqual([{ file: 'node.h', def: typedef }, { file: 'node.h', def: tag }]);
  });

  it('Should keep the methods of a name for a call, and its fields for a read', async () => {
    const { b, facts } = await bind({ 'v.ts': 'export class V {\n  len = 1;\n  len(): number { return 1; }\n}\n' });
    const file = facts.get('v.ts') as FileFacts;
    const lookup: Lookup = bound([def(facts, 'v.ts', 'len', 0), def(facts, 'v.ts', 'len', 1)]);
    const base = { name: 'len', line: 1, column: 1, qualifier: 'v' };
    const call = await methodsOrFields(b, lookup, { file: 'v.ts', facts: file, ref: { ...base, kind: 'call', arity: 0 } });
    const read = await methodsOrFields(b, lookup, { file: 'v.ts', facts: file, ref: { ...base, kind: 'member' } });
    expect(where(facts, call.targets)).toEqual(['v.ts:3']);
    expect(where(facts, read.targets)).toEqual(['v.ts:2']);
  });

  it('Should apply its rules in a fixed order', () => {
    const names = RANKERS.map((ranker) => ranker.name);
    expect(names).toEqual(['definitionsFirst', 'typedefOfTagFirst', 'typedefsFirst', 'lastMacroFirst', 'takenBranchesFirst', 'methodsOrFields', 'declarationSpaces']);
  });
});

describe('type text', () => {
  it("Should read a written type to its name path, without the language's qualifier words", () => {
    const c = ['typedef', 'const', 'volatile', 'struct', 'union', 'enum'];
    expect(typePath('const struct node *', c)).toBe('node');
    expect(typePath('&mut Db', ['mut'])).toBe('Db');
    expect(typePath('[]*Field', [])).toBe('Field');
    expect(typePath('(out *Node, err error)', [])).toBe('Node');
    expect(typePath('ns.Db<T> | null', [])).toBe('ns.Db');
    expect(withoutReference('&mut Vec<u8>', ['mut'])).toBe('Vec<u8>');
    expect(typeHead('java.util.List<String>')).toBe('List');
    expect(typeHead('A[]')).toBe('A[]');
    expect(unionOf('| A<T | U> | B')).toEqual(['A<T | U>', 'B']);
    // The elements of a collection type as written (for...of, forEach callbacks); anything else is no collection.
    expect(elementTypeOf('Query[]')).toBe('Query');
    expect(elementTypeOf('readonly Query<T>[] | undefined')).toBe('Query<T>');
    expect(elementTypeOf('Array<Query<TData, TError>>')).toBe('Query<TData, TError>');
    expect(elementTypeOf('ReadonlySet<Observer>')).toBe('Observer');
    expect(elementTypeOf('Map<string, Entry>')).toBe('Entry');
    expect(elementTypeOf('Promise<Query>')).toBeUndefined();
    expect(elementTypeOf('(A | B)[]')).toBeUndefined();
    expect(elementTypeOf('Query[] | Other[]')).toBeUndefined();
    expect(namesOneType('typedef struct node *node_p;', c)).toBe(true);
    expect(namesOneType('struct node', [])).toBe(false);
    expect(namesOneType('{ a: number }', [])).toBe(false);
  });
});

describe('vocabulary', () => {
  it('Should read the words of a language with those of the languages it embeds', () => {
    const vue = vocabularyOf(registry.get('vue'), (id) => registry.get(id));
    expect([...vue.self]).toEqual(['this']);
    expect([...vue.parent]).toEqual(['super']);
    const c = vocabularyOf(registry.get('c'), (id) => registry.get(id));
    expect(c.self.size).toBe(0);
    expect(c.typeQualifiers).toContain('struct');
  });
});
