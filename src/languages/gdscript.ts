import { defineLanguage } from './define.js';

/**
 * GDScript (Godot), with the tree-sitter-gdscript grammar from `@cursorless/tree-sitter-wasms` (the only wasm
 * build available). `##` comments are docs; names starting with `_` are private by convention.
 */
export const gdscript = defineLanguage({
  id: 'gdscript',
  name: 'GDScript',
  extensions: ['.gd'],
  grammar: new URL('../../grammars/tree-sitter-gdscript.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/gdscript/tags.scm', import.meta.url)],
  docComments: { line: ['##'] },
  signature: { returnSeparator: ' -> ' },
  exports: { unlessNamePattern: '^_' },
  binding: { self: ['self'], parent: ['super'] },
});
