import { defineLanguage } from './define.js';

/**
 * HTML: the page title, headings, elements with an id, script and style blocks, links, and external scripts and
 * stylesheets as imports. Inline `<script>` content is parsed as JavaScript and `<style>` content as CSS.
 */
export const html = defineLanguage({
  id: 'html',
  name: 'HTML',
  extensions: ['.html', '.htm'],
  grammar: new URL('../../grammars/tree-sitter-html.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/html/outline.scm', import.meta.url)],
  docComments: { block: [['<!--', '-->']] },
  injections: { javascript: 'javascript', css: 'css' },
});
