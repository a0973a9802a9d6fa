import { defineLanguage } from './define.js';

/**
 * CSS: rule sets named by their selectors, custom properties as constants, `@keyframes`, `@media`, `@supports`,
 * `@font-face`, and `@import` as imports.
 */
export const css = defineLanguage({
  id: 'css',
  name: 'CSS',
  extensions: ['.css'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-css.wasm' },
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/css/outline.scm', import.meta.url)],
  docComments: { block: [['/**', '*/'], ['/*', '*/']] },
});
