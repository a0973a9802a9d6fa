import { defineLanguage } from './define.js';

/** C++, with the tree-sitter-cpp grammar from `@cursorless/tree-sitter-wasms`. */
export const cpp = defineLanguage({
  id: 'cpp',
  name: 'C++',
  extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx', '.c++', '.h++'],
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-cpp.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/cpp/tags.scm', import.meta.url)],
  signature: { returnTypeFirst: true },
  docComments: { block: [['/**', '*/']], line: ['///'] },
  exports: { unlessModifiers: ['static', 'internal'] },
});
