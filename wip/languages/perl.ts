import { defineLanguage } from './define.js';

/**
 * Perl, with the tree-sitter-perl grammar from `@cursorless/tree-sitter-wasms` (the only build that loads in
 * web-tree-sitter 0.25; it leaves ERROR nodes in many real modules, see the report). `#` comments right above a
 * sub are its docs; subs whose names start with `_` are private by convention.
 */
export const perl = defineLanguage({
  id: 'perl',
  name: 'Perl',
  extensions: ['.pl', '.pm', '.t'],
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-perl.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/perl/tags.scm', import.meta.url)],
  docComments: { line: ['#'] },
  exports: { unlessNamePattern: '^_' },
});
