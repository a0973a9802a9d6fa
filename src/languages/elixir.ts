import { defineLanguage } from './define.js';

/**
 * Elixir, with the tree-sitter-elixir grammar from `@cursorless/tree-sitter-wasms` (0 ERROR nodes over 7 files,
 * 711 lines, of the Elixir standard library and Phoenix). `defmodule` is a module whose functions are top-level
 * functions; a function written as several clauses is one definition, at its first clause. `@doc`, `@moduledoc`
 * and `@typedoc` strings are the documentation; `defp`/`defmacrop` (and module attributes) are private.
 */
export const elixir = defineLanguage({
  id: 'elixir',
  name: 'Elixir',
  extensions: ['.ex', '.exs'],
  testFiles: ['*_test.exs'],
  grammar: new URL('../../grammars/tree-sitter-elixir.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/elixir/tags.scm', import.meta.url)],
  docComments: {
    block: [
      ['"""', '"""'],
      ["'''", "'''"],
      ['~S"""', '"""'],
      ['~s"""', '"""'],
      ['"', '"'],
    ],
  },
  signature: { returnSeparator: ' :: ', omitMissingParameterList: true },
  exports: { unlessModifiers: ['private'] },
});
