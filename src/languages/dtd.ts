import { defineLanguage } from './define.js';

/** DTD: element, attribute-list, entity and notation declarations; external entities as imports. */
export const dtd = defineLanguage({
  id: 'dtd',
  name: 'DTD',
  extensions: ['.dtd'],
  grammar: new URL('../../grammars/tree-sitter-dtd.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/dtd/outline.scm', import.meta.url)],
  docComments: { block: [['<!--', '-->']] },
});
