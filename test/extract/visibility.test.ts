/**
 * `src/extract/visibility.ts`: the sweep that gives each bare name use the binding it sees, over plain data (scopes,
 * bindings and uses as binding's phases give them).
 */
import { describe, expect, it } from 'vitest';
import type { Binding } from '../../src/model/facts.js';
import { Deadline } from '../../src/runtime/deadline.js';
import { type NameUse, resolveUses, type Scope, type ScopedBindings } from '../../src/extract/visibility.js';

/** A binding of `name` declared at `start` (visible from `visibleFrom` only, when given). */
function declared(name: string, kind: string, start: number, visibleFrom?: number) {
  const binding: Binding = { name, kind, line: 1, column: start + 1 };
  return { binding, entry: { span: { start, end: start + name.length }, ...(visibleFrom !== undefined ? { visibleFrom } : {}) } };
}

/** The file (0-100) and a function body (40-80) in it. */
const scopes: Scope[] = [
  { start: 0, end: 100, index: 0 },
  { start: 40, end: 80, index: 1, parent: 0 },
];

function resolve(found: Array<ReturnType<typeof declared> & { scope: number }>, uses: Array<[number, NameUse]>): Array<string | undefined> {
  const numbered: ScopedBindings = {
    bindings: found.map((item) => item.binding),
    declared: found.map((item) => item.entry),
    members: scopes.map((scope) => found.flatMap((item, i) => (item.scope === scope.index ? [i] : []))),
  };
  const map = new Map(uses);
  const resolved = resolveUses(scopes, numbered, map, new Deadline(10_000));
  return uses.map(([, use]) => {
    const binding = resolved.get(use);
    return binding === undefined ? undefined : `${found[binding]?.binding.name}@${found[binding]?.entry.span.start}`;
  });
}

describe('resolveUses', () => {
  it('Should take the innermost scope first, and the file outside it', () => {
    const found = [
      { ...declared('x', 'variable', 5), scope: 0 },
      { ...declared('x', 'variable', 45), scope: 1 },
    ];
    expect(resolve(found, [[50, { name: 'x', kind: 'read' }], [90, { name: 'x', kind: 'read' }], [95, { name: 'y', kind: 'read' }]])).toEqual([
      'x@45',
      'x@5',
      undefined,
    ]);
  });

  it('Should see a hoisted declaration from above it, and one visible only after its node not before', () => {
    const found = [
      { ...declared('f', 'function', 60), scope: 0 },
      { ...declared('v', 'variable', 10), scope: 0 },
      { ...declared('v', 'variable', 50, 70), scope: 1 },
    ];
    expect(
      resolve(found, [
        [20, { name: 'f', kind: 'call' }],
        [55, { name: 'v', kind: 'read' }],
        [75, { name: 'v', kind: 'read' }],
      ]),
    ).toEqual(['f@60', 'v@10', 'v@50']);
  });

  it('Should give a call the method and any other use the field, when a scope declares both', () => {
    const found = [
      { ...declared('size', 'field', 41), scope: 1 },
      { ...declared('size', 'method', 48), scope: 1 },
    ];
    expect(resolve(found, [[60, { name: 'size', kind: 'call' }], [65, { name: 'size', kind: 'read' }]])).toEqual(['size@48', 'size@41']);
  });

  it('Should leave members (uses with a qualifier) alone', () => {
    const found = [{ ...declared('x', 'variable', 5), scope: 0 }];
    expect(resolve(found, [[50, { name: 'x', kind: 'member', qualifier: 'this' }]])).toEqual([undefined]);
  });
});
