import { defineLanguage } from './define.js';

/**
 * TOML (Cargo.toml, pyproject.toml, Pipfile): tables, arrays of tables and keys with their value kinds, as for
 * JSON (a table is an `object` key holding its pairs).
 */
export const toml = defineLanguage({
  id: 'toml',
  name: 'TOML',
  extensions: ['.toml'],
  filenames: ['Pipfile'],
  grammar: new URL('../../grammars/tree-sitter-toml.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/toml/outline.scm', import.meta.url)],
});
