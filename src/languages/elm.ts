import { defineLanguage } from './define.js';

/**
 * Elm, with the tree-sitter-elm grammar from `@cursorless/tree-sitter-wasms` (no ERROR nodes on 33 files of
 * elm-test and elm-review; the `tree-sitter-wasms` build is ABI 12, which web-tree-sitter 0.25 cannot load).
 * `{-| -}` comments are docs; a module's `exposing` list says what it exports.
 */
export const elm = defineLanguage({
  id: 'elm',
  name: 'Elm',
  extensions: ['.elm'],
  grammar: new URL('../../grammars/tree-sitter-elm.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/elm/tags.scm', import.meta.url)],
  modulePaths: { separator: '.' },
  docComments: { block: [['{-|', '-}']] },
  signature: { returnSeparator: ' : ', typeIsWhole: true, parameterList: { open: ' ', separator: ' ', close: '' } },
});
