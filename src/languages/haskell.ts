import { defineLanguage } from './define.js';

/**
 * Haskell, with the tree-sitter-haskell grammar from `@cursorless/tree-sitter-wasms` (98 of 101 files, 34,649 lines
 * of Hackage libraries from Debian's hyperlinked sources, without ERROR nodes; the 16 left are in hsc2hs output and
 * unexpanded CPP macros). A function is one definition: its type signature, else its first equation.
 * `data`/`newtype` are class-like (constructors and record fields are members), `class` is an interface and
 * `instance C T` an implementation attached to `T`. What a module exports is its export list, or everything when
 * it has none. Only `.hs`: the grammar has no literate Haskell (`.lhs`) mode.
 */
export const haskell = defineLanguage({
  id: 'haskell',
  name: 'Haskell',
  extensions: ['.hs'],
  grammar: new URL('../../grammars/tree-sitter-haskell.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/haskell/tags.scm', import.meta.url)],
  modulePaths: { separator: '.' },
  docComments: {
    line: ['-- |', '-- ^'],
    block: [
      ['{-|', '-}'],
      ['{- |', '-}'],
    ],
  },
  signature: { returnSeparator: ' :: ', typeIsWhole: true, parameterList: { open: ' ', separator: ' ', close: '' } },
  exports: 'declared',
});
