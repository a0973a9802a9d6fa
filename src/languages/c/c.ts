import { defineLanguage } from '../define.js';
import { cModules } from './modules.js';

/**
 * C, with the tree-sitter-c grammar from `@cursorless/tree-sitter-wasms` (same ERROR counts as tree-sitter-c@0.24.1
 * on /usr/include and real .c files). A `.h` file is C unless its content (C++'s `template <`, `namespace x {`,
 * `class X {`, `public:`; Objective-C's `@interface`), then a C++ or Objective-C source beside it, says otherwise;
 * content inside `#ifdef __cplusplus` blocks does not count (C headers wrap their API for C++ readers).
 */
export const c = defineLanguage({
  id: 'c',
  name: 'C',
  extensions: ['.c', '.h'],
  testFiles: ['*_test.c', 'test_*.c'],
  alternatives: [
    {
      language: 'objc',
      extensions: ['.h'],
      marks: [['@', 'interface'], ['@', 'protocol'], ['@', 'implementation'], ['@', 'class']],
      siblings: ['.m'],
    },
    {
      language: 'cpp',
      extensions: ['.h'],
      marks: [
        ['template', '<'],
        ['namespace', '*', '{'],
        ['namespace', '{'],
        ['class', '*', '{'],
        ['class', '*', ':'],
        ['class', '*', 'final'],
        ['public', ':'],
        ['private', ':'],
        ['protected', ':'],
        ['using', 'namespace'],
        ['std', ':', ':'],
      ],
      siblings: ['.cpp', '.cc', '.cxx', '.c++', '.mm'],
    },
  ],
  ignoreMarks: [['#ifdef', '__cplusplus'], ['#ifndef', '__cplusplus'], ['#if', '...', '__cplusplus'], ['#elif', '...', '__cplusplus']],
  deadRegions: [['#ifdef', '__cplusplus']],
  // A `.h` header none of that decides that parses with errors as C is parsed again as C++; the better parse wins.
  fallback: { language: 'cpp', extensions: ['.h'] },
  skipBareMacroLines: true,
  flattenConditionals: true,
  grammar: new URL('../../../grammars/tree-sitter-c.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/c/functions.scm', import.meta.url), new URL('../../../queries/c/tags.scm', import.meta.url), new URL('../../../queries/c/typedefs.scm', import.meta.url), new URL('../../../queries/c/locals.scm', import.meta.url), new URL('../../../queries/c/macros.scm', import.meta.url), new URL('../../../queries/c/conditions.scm', import.meta.url)],
  signature: { returnTypeFirst: true },
  // Any comment right above a declaration documents it, blank lines between or not, as clangd shows it (Doxygen's
  // `/**` and `///` included).
  docComments: { block: [['/**', '*/'], ['/*', '*/']], line: ['///', '//'], detached: true },
  exports: { unlessModifiers: ['static'] },
  moduleSystem: cModules,
  binding: { memberOperators: ['->'], typeQualifiers: ['typedef', 'const', 'volatile', 'struct', 'union', 'enum'] },
});
