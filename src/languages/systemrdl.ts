import { defineLanguage } from './define.js';

/**
 * SystemRDL 2.0 register descriptions, with the tree-sitter-systemrdl grammar from `tree-sitter-wasms`: component
 * definitions (addrmap, regfile, reg, field, mem; anonymous ones named after their instance), instances of named
 * types, enums and user-defined properties. A component's `desc` property is its documentation.
 */
export const systemrdl = defineLanguage({
  id: 'systemrdl',
  name: 'SystemRDL',
  extensions: ['.rdl'],
  grammar: new URL('../../grammars/tree-sitter-systemrdl.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/systemrdl/outline.scm', import.meta.url)],
  docComments: { block: [['"', '"']] },
});
