import { defineLanguage } from './define.js';

/**
 * Solidity, with the grammar's own wasm from `tree-sitter-solidity` 1.2.13 (no ERROR nodes on the 143 files of
 * OpenZeppelin Contracts 5.0.2, against 51 in 26 files with the `tree-sitter-wasms` build). NatSpec `///` and
 * `/** *\/` comments are docs. Every top-level declaration can be imported; `private` and `internal` members are
 * not part of a contract's interface.
 */
export const solidity = defineLanguage({
  id: 'solidity',
  name: 'Solidity',
  extensions: ['.sol'],
  grammar: new URL('../../grammars/tree-sitter-solidity.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-solidity@1.2.13',
  queries: [new URL('../../queries/solidity/tags.scm', import.meta.url)],
  docComments: { line: ['///'], block: [['/**', '*/']] },
  signature: { returnSeparator: ' ' },
  exports: { unlessModifiers: ['private', 'internal'] },
});
