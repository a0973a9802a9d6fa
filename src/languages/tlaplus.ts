import { defineLanguage } from './define.js';

/**
 * TLA+, with the tree-sitter-tlaplus grammar from `tree-sitter-wasms`. Operators with parameters and functions
 * are functions, parameterless operators (Init, Next, Spec) constants, CONSTANTS constants and VARIABLES
 * variables; EXTENDS and INSTANCE are imports; LOCAL definitions are not exported. Comments `\*` and `(* *)`
 * adjacent to a definition document it.
 */
export const tlaplus = defineLanguage({
  id: 'tlaplus',
  name: 'TLA+',
  extensions: ['.tla'],
  grammar: new URL('../../grammars/tree-sitter-tlaplus.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/tlaplus/tags.scm', import.meta.url)],
  docComments: { line: ['\\*'], block: [['(*', '*)']] },
  exports: { unlessModifiers: ['LOCAL'] },
});
