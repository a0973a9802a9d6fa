import { defineLanguage } from './define.js';

/**
 * SCSS: everything CSS has (rule sets, custom properties, `@keyframes`, `@media`, imports) plus `$variables` as
 * constants, `@mixin` and `@function` as functions, `%placeholder` selectors, `@use`/`@forward` imports and
 * `@include` calls. The grammar predates the Sass module system (`@use ... as`, `!default`, maps): see the
 * languages table for its error rate on real stylesheets.
 */
export const scss = defineLanguage({
  id: 'scss',
  name: 'SCSS',
  extensions: ['.scss'],
  grammar: new URL('../../grammars/tree-sitter-scss.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [
    new URL('../../queries/css/outline.scm', import.meta.url),
    new URL('../../queries/scss/outline.scm', import.meta.url),
  ],
  docComments: { line: ['///'], block: [['/**', '*/']] },
});
