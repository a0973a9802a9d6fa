import { defineLanguage } from './define.js';

/**
 * Zig, with the grammar @tree-sitter-grammars/tree-sitter-zig ships as its own wasm (the same grammar as
 * @cursorless/tree-sitter-wasms; no ERROR nodes over real Zig 0.14/0.15 code). Doc comments are `///` (`//!`
 * documents the file or container it starts, not the next declaration, so it is not a doc prefix here). A
 * declaration is exported when it is `pub` (or `export`); signatures are written `fn name(a: T) R`.
 */
export const zig = defineLanguage({
  id: 'zig',
  name: 'Zig',
  extensions: ['.zig'],
  grammar: { package: '@tree-sitter-grammars/tree-sitter-zig', file: 'tree-sitter-zig.wasm' },
  grammarOrigin: '@tree-sitter-grammars/tree-sitter-zig@1.1.2',
  queries: [new URL('../../queries/zig/tags.scm', import.meta.url)],
  docComments: { line: ['///'] },
  signature: { returnSeparator: ' ' },
  exports: { modifiers: ['pub', 'export'] },
});
