import { defineLanguage } from './define.js';

/**
 * SQL (PostgreSQL, MySQL/MariaDB, SQLite dialects as one grammar), with `@derekstride/tree-sitter-sql`, which no
 * package ships as `.wasm`: code-index commits its own build, `grammars/tree-sitter-sql.wasm`
 * (`scripts/build-sql-grammar.sh`, provenance in `grammars/tree-sitter-sql.PROVENANCE.md`). Outline items are
 * tables (columns as members), views, functions, indexes, triggers, sequences, types (enums with their labels),
 * schemas and databases; references are the tables of FROM/JOIN/INSERT/UPDATE/DELETE/REFERENCES/ON and function
 * calls. Doc comments are the `--` lines or the block comment directly above a statement. Every object a script
 * creates is visible to the database's other users, except temporary tables and views.
 */
export const sql = defineLanguage({
  id: 'sql',
  name: 'SQL',
  extensions: ['.sql'],
  grammar: new URL('../../grammars/tree-sitter-sql.wasm.br', import.meta.url),
  grammarOrigin: '@derekstride/tree-sitter-sql@0.3.11',
  queries: [new URL('../../queries/sql/tags.scm', import.meta.url)],
  docComments: { line: ['--'], block: [['/**', '*/'], ['/*', '*/']] },
  signature: { typeSeparator: ' ', returnSeparator: ' RETURNS ' },
  exports: { unlessModifiers: ['TEMP', 'TEMPORARY', 'temp', 'temporary', 'Temp', 'Temporary'] },
});
