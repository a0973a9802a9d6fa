import { defineLanguage } from './define.js';

/** DTD: element, attribute-list, entity and notation declarations; external entities as imports. */
export const dtd = defineLanguage({
  id: 'dtd',
  name: 'DTD',
  extensions: ['.dtd'],
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-dtd.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/dtd/outline.scm', import.meta.url)],
  docComments: { block: [['<!--', '-->']] },
});
