import { defineLanguage } from './define.js';

/**
 * ReScript, with the tree-sitter-rescript grammar from `tree-sitter-wasms` (7 ERROR nodes, all in one file, on
 * 23 files / 11k lines of @rescript/react 0.12.1 and rescript-schema 6.4.0). Every top-level binding of a module
 * is public (a `.resi` interface restricts it, which is not read). Doc comments are `/** ... *\/`.
 */
export const rescript = defineLanguage({
  id: 'rescript',
  name: 'ReScript',
  extensions: ['.res', '.resi'],
  grammar: new URL('../../grammars/tree-sitter-rescript.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/rescript/tags.scm', import.meta.url)],
  docComments: { block: [['/**', '*/']] },
  exports: { unlessModifiers: ['private'] },
});
