import { defineLanguage } from './define.js';

/**
 * Dart, with the tree-sitter-dart grammar from `tree-sitter-wasms` (parses Dart 3: records, patterns, class
 * modifiers, extension types; the `@cursorless/tree-sitter-wasms` build does not). `///` and `/** *\/` comments are
 * docs; names starting with `_` are library-private.
 */
export const dart = defineLanguage({
  id: 'dart',
  name: 'Dart',
  extensions: ['.dart'],
  testFiles: ['*_test.dart'],
  grammar: new URL('../../grammars/tree-sitter-dart.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/dart/tags.scm', import.meta.url)],
  docComments: { line: ['///'], block: [['/**', '*/']] },
  signature: { returnTypeFirst: true },
  exports: { unlessNamePattern: '^_' },
  binding: { self: ['this'], parent: ['super'] },
});
