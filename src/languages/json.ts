import { defineLanguage } from './define.js';

/** JSON and JSON with comments: top-level keys and the keys one level below, with their value kinds. */
export const json = defineLanguage({
  id: 'json',
  name: 'JSON',
  extensions: ['.json', '.jsonc'],
  grammar: new URL('../../grammars/tree-sitter-json.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/json/outline.scm', import.meta.url)],
});
