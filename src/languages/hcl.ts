import { defineLanguage } from './define.js';

/**
 * HCL and Terraform, with the tree-sitter-hcl grammar from `@cursorless/tree-sitter-wasms` (no ERROR nodes on the
 * 27 Terraform files of Debian's terraform-json and go-tfe test data nor on the valid files of HCL's spec suite).
 * Terraform blocks are outlined by kind (resource, data, variable, output, module, provider), named by their last
 * label; a resource's type label is its `type`. `variable` and `output` blocks are a module's interface (exported).
 */
export const hcl = defineLanguage({
  id: 'hcl',
  name: 'HCL',
  extensions: ['.hcl', '.tf', '.tfvars'],
  grammar: new URL('../../grammars/tree-sitter-hcl.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/hcl/tags.scm', import.meta.url)],
  docComments: { line: ['#', '//'], block: [['/*', '*/']] },
  exports: { modifiers: ['variable', 'output'] },
});
