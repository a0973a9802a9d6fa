import { defineLanguage } from './define.js';

/**
 * Tree-sitter query files (`.scm`): parsed (no ERROR nodes on this repository's `queries/` nor on the grammar
 * queries shipped in node_modules) but with no outline: patterns are anonymous, so only comments are captured.
 */
export const query = defineLanguage({
  id: 'query',
  name: 'Tree-sitter Query',
  extensions: ['.scm'],
  grammar: new URL('../../grammars/tree-sitter-query.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/query/outline.scm', import.meta.url)],
});
