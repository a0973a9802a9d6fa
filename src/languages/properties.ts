import { defineLanguage } from './define.js';

/** Java `.properties` files: every key and its value, comments (`#` and `!`). */
export const properties = defineLanguage({
  id: 'properties',
  name: 'Java Properties',
  extensions: ['.properties'],
  grammar: new URL('../../grammars/tree-sitter-properties.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/properties/outline.scm', import.meta.url)],
});
