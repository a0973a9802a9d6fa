import { defineLanguage } from './define.js';

/**
 * CSS: rule sets named by their selectors, custom properties as constants, `@keyframes`, `@media`, `@supports`,
 * `@font-face`, and `@import` as imports.
 */
export const css = defineLanguage({
  id: 'css',
  name: 'CSS',
  extensions: ['.css'],
  grammar: new URL('../../grammars/tree-sitter-css.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/css/outline.scm', import.meta.url)],
  docComments: { block: [['/**', '*/'], ['/*', '*/']] },
});
