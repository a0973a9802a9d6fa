import { defineLanguage } from './define.js';

/**
 * Gleam, with the tree-sitter-gleam grammar from `@cursorless/tree-sitter-wasms` (the only wasm build available).
 * `///` comments are docs (`////` module comments are not attached to a definition); `pub` definitions are
 * exported.
 */
export const gleam = defineLanguage({
  id: 'gleam',
  name: 'Gleam',
  extensions: ['.gleam'],
  grammar: new URL('../../grammars/tree-sitter-gleam.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/gleam/tags.scm', import.meta.url)],
  docComments: { line: ['///'] },
  signature: { returnSeparator: ' -> ' },
  exports: { modifiers: ['pub'] },
});
