import { defineLanguage } from './define.js';

/**
 * SPARQL queries and updates, with the tree-sitter-sparql grammar from `@cursorless/tree-sitter-wasms`:
 * PREFIX/BASE declarations are imports, each query form or update operation is a `query` definition.
 */
export const sparql = defineLanguage({
  id: 'sparql',
  name: 'SPARQL',
  extensions: ['.rq', '.sparql'],
  grammar: new URL('../../grammars/tree-sitter-sparql.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/sparql/outline.scm', import.meta.url)],
  docComments: { line: ['#'] },
});
