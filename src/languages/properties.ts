import { defineLanguage } from './define.js';

/** Java `.properties` files: every key and its value, comments (`#` and `!`). */
export const properties = defineLanguage({
  id: 'properties',
  name: 'Java Properties',
  extensions: ['.properties'],
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-properties.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/properties/outline.scm', import.meta.url)],
});
