import { defineLanguage } from './define.js';

/** Markdown's inline content (links, images), parsed inside the block grammar's `inline` nodes. No extensions. */
export const markdownInline = defineLanguage({
  id: 'markdown_inline',
  name: 'Markdown (inline)',
  extensions: [],
  grammar: new URL('../../grammars/tree-sitter-markdown_inline.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/markdown_inline/outline.scm', import.meta.url)],
});
