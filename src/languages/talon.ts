import { defineLanguage } from './define.js';

/**
 * Talon voice command files, with the tree-sitter-talon grammar from `@cursorless/tree-sitter-wasms`: each voice
 * command is a `command` definition named by its spoken rule; the context header and settings are keys;
 * `tag()` activations are imports; action calls are references. Comments (`#`) above a command document it.
 */
export const talon = defineLanguage({
  id: 'talon',
  name: 'Talon',
  extensions: ['.talon'],
  grammar: new URL('../../grammars/tree-sitter-talon.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/talon/outline.scm', import.meta.url)],
  docComments: { line: ['#'] },
});
