import { defineLanguage } from './define.js';

/**
 * Zig, with the @cursorless/tree-sitter-wasms grammar (tree-sitter-grammars/tree-sitter-zig; no ERROR nodes over
 * real Zig 0.14/0.15 code, like the grammar's own 1.1.2 wasm, and no new dependency). Doc comments are `///`
 * (`//!` documents the file or container it opens, not the next declaration, so it is not a doc prefix here). A
 * declaration is exported when it is `pub` (or `export`); signatures are written `fn name(a: T) R`. `.zon` files
 * are not Zig source to this grammar (they parse with MISSING nodes), so they are left out.
 */
export const zig = defineLanguage({
  id: 'zig',
  name: 'Zig',
  extensions: ['.zig'],
  grammar: new URL('../../grammars/tree-sitter-zig.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/zig/tags.scm', import.meta.url)],
  docComments: { line: ['///'] },
  signature: { returnSeparator: ' ' },
  exports: { modifiers: ['pub', 'export'] },
});
