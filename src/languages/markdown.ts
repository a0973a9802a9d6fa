import { defineLanguage } from './define.js';

/** Markdown (and MDX as Markdown): headings, code blocks, and the links of its inline content. */
export const markdown = defineLanguage({
  id: 'markdown',
  name: 'Markdown',
  extensions: ['.md', '.mdx', '.markdown'],
  grammar: new URL('../../grammars/tree-sitter-markdown.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/markdown/outline.scm', import.meta.url)],
  injections: { markdown_inline: 'markdown_inline' },
});
