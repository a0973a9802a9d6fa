import { defineLanguage } from './define.js';

/**
 * C, with the tree-sitter-c grammar from `@cursorless/tree-sitter-wasms` (same ERROR counts as tree-sitter-c@0.24.1
 * on /usr/include and real .c files). `.h` files are parsed as C.
 */
export const c = defineLanguage({
  id: 'c',
  name: 'C',
  extensions: ['.c', '.h'],
  // `.h` headers often hold C++: one that parses with errors as C is parsed again as C++, and the better parse wins.
  fallback: { language: 'cpp', extensions: ['.h'] },
  skipBareMacroLines: true,
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-c.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/c/tags.scm', import.meta.url), new URL('../../queries/c/locals.scm', import.meta.url)],
  signature: { returnTypeFirst: true },
  docComments: { block: [['/**', '*/']], line: ['///'] },
  exports: { unlessModifiers: ['static'] },
  moduleSystem: 'c',
});
