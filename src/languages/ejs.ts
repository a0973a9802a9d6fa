import { defineLanguage } from './define.js';

/**
 * EJS templates (`.ejs`): the embedded-template grammar and queries of ERB, with the code of the `<% %>` directives
 * parsed as one JavaScript program and the text around them as HTML.
 */
export const ejs = defineLanguage({
  id: 'ejs',
  name: 'EJS',
  scip: { language: 'HTML' },
  extensions: ['.ejs'],
  grammar: new URL('../../grammars/tree-sitter-embedded_template.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/embedded_template/outline.scm', import.meta.url)],
  injections: { code: 'javascript', html: 'html' },
});
