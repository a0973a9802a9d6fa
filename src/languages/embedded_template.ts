import { defineLanguage } from './define.js';

/**
 * ERB templates (`.erb`), with the tree-sitter-embedded-template grammar from `tree-sitter-wasms`: the Ruby code
 * of the `<% %>` directives is parsed as one Ruby program (calls, definitions) and the text around them as HTML.
 * EJS uses the same grammar and queries with JavaScript as its code: see `ejs.ts`.
 */
export const embeddedTemplate = defineLanguage({
  id: 'embedded_template',
  name: 'ERB',
  scip: { language: 'HTML' },
  extensions: ['.erb'],
  grammar: new URL('../../grammars/tree-sitter-embedded_template.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/embedded_template/outline.scm', import.meta.url)],
  injections: { code: 'ruby', html: 'html' },
});
