import { defineLanguage } from '../define.js';

/**
 * Scala 2 and 3, with the tree-sitter-scala 0.23.4 grammar from `@cursorless/tree-sitter-wasms` (120 ERROR or MISSING
 * nodes in 37 of 1,093 real files of the Scala 2.11.12 library, compiler and reflect sources and jawn 0.6; the
 * tree-sitter-scala 0.24.0 package's own wasm gives 122 in 39 files, the tree-sitter-wasms build 17,941 in 745).
 * Scaladoc `/** *\/` comments are docs; definitions are exported unless `private` or `protected` (including
 * `private[pkg]`). Every parameter of a case class, and `val`/`var` class parameters, are properties.
 */
export const scala = defineLanguage({
  id: 'scala',
  name: 'Scala',
  extensions: ['.scala', '.sc'],
  testFiles: ['*Test.scala', '*Spec.scala', '*Suite.scala'],
  grammar: new URL('../../../grammars/tree-sitter-scala.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/scala/tags.scm', import.meta.url)],
  modulePaths: { separator: '.' },
  signature: { omitMissingParameterList: true },
  docComments: { block: [['/**', '*/']] },
  exports: { unlessModifiers: ['private', 'protected'] },
  binding: { self: ['this'], parent: ['super'] },
});
