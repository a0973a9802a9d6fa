/**
 * `src/extract/chains.ts`: qualifiers and declared types read as name paths.
 */
import { describe, expect, it } from 'vitest';
import { chainOf, typeNameOf } from '../../src/extract/chains.js';
import type { Node } from '../../src/runtime/tree-sitter.js';

describe('chainOf', () => {
  it('Should read names and calls, leaving arguments out', () => {
    expect(chainOf('a.b.c')).toBe('a.b.c');
    expect(chainOf('x.Get(i, "a)b").Name()')).toBe('x.Get().Name()');
    expect(chainOf('Foo::bar')).toBe('Foo::bar');
    expect(chainOf('a?.b!.c')).toBe('a.b.c');
  });

  it('Should refuse what is not a name path', () => {
    expect(chainOf('a[0].b')).toBeUndefined();
    expect(chainOf('a + b')).toBeUndefined();
    expect(chainOf('f(x')).toBeUndefined();
    expect(chainOf(`a.${'b'.repeat(200)}`)).toBeUndefined();
  });
});

describe('typeNameOf', () => {
  const node = (text: string) => ({ text }) as Node;

  it('Should read a type without its arguments', () => {
    expect(typeNameOf(node('Map<string, List<T>>'), false)).toBe('Map');
    expect(typeNameOf(node('ns.Store'), false)).toBe('ns.Store');
    expect(typeNameOf(node('string[]'), false)).toBeUndefined();
  });

  it('Should read a called function as what it returns', () => {
    expect(typeNameOf(node('NewStore'), true)).toBe('NewStore()');
    expect(typeNameOf(node('Vec::<u8>::new'), true)).toBe('Vec::new()');
  });
});
