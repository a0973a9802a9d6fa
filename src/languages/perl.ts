import { defineLanguage } from './define.js';

/**
 * Perl, with the tree-sitter-perl grammar from `@cursorless/tree-sitter-wasms` (the only wasm build available:
 * ERROR nodes in 195 of 300 Perl 5.36 core modules, yet 96% of the subs and packages Universal Ctags finds there
 * are found). `#` comments right above a sub are its docs (POD is not); subs whose names start with `_` are
 * private by convention.
 */
export const perl = defineLanguage({
  id: 'perl',
  name: 'Perl',
  extensions: ['.pl', '.pm', '.t'],
  grammar: new URL('../../grammars/tree-sitter-perl.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/perl/tags.scm', import.meta.url)],
  docComments: { line: ['#'] },
  exports: { unlessNamePattern: '^_' },
});
