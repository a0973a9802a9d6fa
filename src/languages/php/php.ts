import { defineLanguage } from '../define.js';
import { phpModules } from './modules.js';

/**
 * PHP, with the tree-sitter-php grammar (the HTML-embedding `php` one) from `@cursorless/tree-sitter-wasms`
 * (0 ERROR nodes over 389 files of php-symfony-console and php-league-commonmark). Members declared `private` or
 * `protected` are not exported; everything else is public.
 */
export const php = defineLanguage({
  id: 'php',
  name: 'PHP',
  extensions: ['.php'],
  testFiles: ['*Test.php'],
  grammar: new URL('../../../grammars/tree-sitter-php.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/php/tags.scm', import.meta.url), new URL('../../../queries/php/locals.scm', import.meta.url)],
  moduleSystem: phpModules,
  docComments: { block: [['/**', '*/']] },
  exports: { unlessModifiers: ['private', 'protected'] },
  // (`$this->save()`'s qualifier is the variable's name, `this`, as the queries capture it)
  binding: { self: ['$this', 'this'], selfType: ['self', 'static'], memberOperators: ['->'] },
});
