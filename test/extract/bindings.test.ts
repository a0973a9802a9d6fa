/**
 * `src/extract/bindings.ts`: the names a file binds and the binding each use sees, over small sources parsed with the
 * real grammars. Each case exercises one phase: scopes and homes (shadowing), declarations (definitions, imports,
 * locals), numbering (redeclarations), uses (type uses, members), resolution (hoisting, `@local.after`), declared
 * types and qualifiers.
 */
import { describe, expect, it } from 'vitest';
import { bindNames, type BoundNames } from '../../src/extract/bindings.js';
import { prepared, source, withParsed } from './parse.js';

/** The bindings and uses of a source, bound. */
async function bind(language: string, text: string): Promise<BoundNames> {
  return withParsed(language, text, (parsed) => {
    const { placed, raw } = prepared(parsed);
    const definitions = placed.map((def) => {
      const containerKind = def.container === undefined ? undefined : placed[def.container]?.raw.kind;
      return { raw: def.raw, index: def.index, ...(containerKind ? { containerKind } : {}) };
    });
    const { lines, deadline } = parsed;
    return bindNames({ root: parsed.tree.rootNode, raw, definitions, vocabulary: parsed.loaded.definition.binding, lines, deadline });
  });
}

/** Each use as `name line -> binding line` (`-` when it binds nothing in the file), in source order. */
function usesOf(bound: BoundNames): string[] {
  return [...bound.uses.values()]
    .sort((a, b) => a.node.startIndex - b.node.startIndex)
    .map((use) => {
      const binding = use.binding === undefined ? undefined : bound.bindings[use.binding];
      const qualifier = use.qualifier === undefined ? '' : `${use.qualifier}.`;
      return `${use.kind} ${qualifier}${use.name} -> ${binding ? `${binding.kind} ${binding.name}@${binding.line}` : '-'}`;
    });
}

describe('bindNames', () => {
  it('Should bind parameters, locals and imports in their scopes, the innermost declaration winning', async () => {
    const bound = await bind(
      'typescript',
      source(
        "import { log } from './log';",
        'const limit = 10;',
        'function check(value: number) {',
        '  const limit = value * 2;',
        '  log(limit);',
        '}',
        'log(limit);',
      ),
    );
    expect(bound.bindings.map((binding) => [binding.name, binding.kind, binding.line, binding.top ?? false])).toEqual([
      ['limit', 'constant', 2, true],
      ['check', 'function', 3, true],
      ['log', 'import', 1, true],
      ['value', 'parameter', 3, false],
      ['limit', 'variable', 4, false],
    ]);
    expect(usesOf(bound)).toEqual([
      'read value -> parameter value@3',
      'call log -> import log@1',
      'read limit -> variable limit@4',
      'call log -> import log@1',
      'read limit -> constant limit@2',
    ]);
  });

  it('Should see a function declared below its use (hoisting), and a type use as a type', async () => {
    const text = source('const shape: Shape = make();', 'function make(): Shape { return { sides: 3 }; }', 'interface Shape { sides: number }');
    const bound = await bind('typescript', text);
    // (`return { sides: 3 }` under the return type `Shape`: the key is a member of `Shape`, bound when asked)
    expect(usesOf(bound)).toEqual(['type Shape -> interface Shape@3', 'call make -> function make@2', 'type Shape -> interface Shape@3', 'member Shape.sides -> -']);
    // `shape` is declared with the type `Shape`, whose binding is the interface.
    const shape = bound.bindings.find((binding) => binding.name === 'shape');
    expect(shape).toMatchObject({ type: 'Shape', typeBinding: bound.bindings.findIndex((binding) => binding.name === 'Shape') });
  });

  it("Should read Go's `x := x` as the outer x, and a redeclaring `:=` as a use of the name it repeats", async () => {
    const bound = await bind(
      'go',
      source(
        'package main',
        '',
        'func run(x int) (int, error) {',
        '\tif x > 0 {',
        '\t\tx := x + 1',
        '\t\treturn x, nil',
        '\t}',
        '\ta, err := f()',
        '\tb, err := g(a)',
        '\treturn b, err',
        '}',
      ),
    );
    expect(bound.bindings.filter((binding) => binding.name === 'err').map((binding) => binding.line)).toEqual([8]);
    expect(usesOf(bound)).toEqual([
      'type int -> -',
      'type int -> -',
      'type error -> -',
      'read x -> parameter x@3',
      'read x -> parameter x@3',
      'read x -> variable x@5',
      'call f -> -',
      'read err -> variable err@8',
      'call g -> -',
      'read a -> variable a@8',
      'read b -> variable b@9',
      'read err -> variable err@8',
    ]);
  });

  it('Should write members with their qualifier, and bind the qualifier\'s head', async () => {
    const bound = await bind(
      'typescript',
      source('class Cart {', '  items: string[] = [];', '  add(item: string) {', '    this.items.push(item);', '  }', '}'),
    );
    const push = [...bound.uses.values()].find((use) => use.name === 'push');
    expect(push).toMatchObject({ kind: 'call', qualifier: 'this.items' });
    const items = [...bound.uses.values()].find((use) => use.name === 'items' && use.qualifier !== undefined);
    expect(items).toMatchObject({ qualifier: 'this' });
  });

  it("Should read C's `p->next` as a path, as `p.next` is", async () => {
    const text = source('struct node { struct node *next; int value; };', 'int second(struct node *p) {', '  return p->next->value;', '}');
    const bound = await bind('c', text);
    const value = [...bound.uses.values()].find((use) => use.name === 'value' && use.qualifier !== undefined);
    expect(value).toMatchObject({ qualifier: 'p.next' });
    const p = bound.bindings.findIndex((binding) => binding.name === 'p');
    expect(value?.qualifierBinding).toBe(p);
  });
});
