import { defineLanguage } from './define.js';

/**
 * Lua, with the tree-sitter-grammars/tree-sitter-lua grammar from `@cursorless/tree-sitter-wasms` (0 ERROR nodes
 * over 464 files of lua-penlight, lua-busted and lua-luassert, on every parse; the `tree-sitter-wasms` build
 * returns ERROR trees after its first parse in a process). `local` definitions are not exported.
 */
export const lua = defineLanguage({
  id: 'lua',
  name: 'Lua',
  extensions: ['.lua'],
  grammar: new URL('../../grammars/tree-sitter-lua.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/lua/tags.scm', import.meta.url)],
  // LDoc blocks open with `---` and go on with `--` lines (`-- @tparam ...`): both count, as in Ruby's `#`.
  docComments: { line: ['---', '--'], block: [['--[[', ']]']] },
  exports: { unlessModifiers: ['local'] },
  binding: { self: ['self'] },
});
