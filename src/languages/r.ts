import { defineLanguage } from './define.js';

/**
 * R, with the tree-sitter-r grammar from `@cursorless/tree-sitter-wasms` (ERROR nodes in 1 of 224 files: the
 * R 4.2 base demos and the r-cran-testthat / r-cran-rlang tests). Roxygen `#'` comments are docs; names starting
 * with `.` are hidden.
 */
export const r = defineLanguage({
  id: 'r',
  name: 'R',
  extensions: ['.r'],
  grammar: new URL('../../grammars/tree-sitter-r.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/r/tags.scm', import.meta.url)],
  docComments: { line: ["#'"] },
  exports: { unlessNamePattern: '^\\.' },
});
