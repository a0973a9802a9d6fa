import { defineLanguage } from '../define.js';

/**
 * Objective-C (`.m`; `.h` headers stay with C/C++), with the tree-sitter-objc grammar from `tree-sitter-wasms`
 * (same ERROR counts as tree-sitter-objc@3.0.2's own wasm on 36 real `.m` files; `.mm` is not claimed: the
 * grammar has no C++, 18 of 28 real `.mm` files parse with errors). Its queries add Objective-C's classes,
 * protocols and methods to C's (`queries/c/tags.scm`); C's function definitions and typedefs are matched through
 * their parents (`queries/objc/functions.scm`, `queries/objc/typedefs.scm`: cheaper to compile with this grammar than
 * C's `queries/c/functions.scm` and `queries/c/typedefs.scm`, slower to run).
 * `/** *\/` and `///` comments are docs; `static` C definitions are private.
 */
export const objc = defineLanguage({
  id: 'objc',
  name: 'Objective-C',
  scip: { language: 'Objective_C' },
  extensions: ['.m'],
  skipBareMacroLines: true,
  grammar: new URL('../../../grammars/tree-sitter-objc.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [
    new URL('../../../queries/objc/tags.scm', import.meta.url),
    new URL('../../../queries/objc/functions.scm', import.meta.url),
    new URL('../../../queries/c/tags.scm', import.meta.url),
    new URL('../../../queries/objc/typedefs.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']], line: ['///'] },
  signature: { parameters: 'composed' },
  exports: { unlessModifiers: ['static'] },
  binding: {
    self: ['self'],
    parent: ['super'],
    memberOperators: ['->'],
    typeQualifiers: ['typedef', 'const', 'volatile', 'struct', 'union', 'enum'],
  },
});
