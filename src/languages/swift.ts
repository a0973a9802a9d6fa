import { defineLanguage } from './define.js';

/**
 * Swift, with the tree-sitter-swift grammar from `tree-sitter-wasms` (123 ERROR or MISSING nodes in 33 of 231 real
 * Swift files of expo-modules-core and @capacitor/ios, against 320 in 57 files with the `@cursorless/tree-sitter-wasms`
 * build, which does not parse `macro` declarations or `switch` over tuples). `///` and `/** *\/` comments are docs;
 * declarations are exported unless `private` or `fileprivate` (Swift's default `internal` is visible to the whole
 * module). `extension T` blocks give their members to `T`; `init`/`deinit` are constructors.
 */
export const swift = defineLanguage({
  id: 'swift',
  name: 'Swift',
  extensions: ['.swift'],
  testFiles: ['*Tests.swift', '*Test.swift'],
  grammar: new URL('../../grammars/tree-sitter-swift.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/swift/tags.scm', import.meta.url)],
  docComments: { line: ['///'], block: [['/**', '*/']] },
  signature: { returnSeparator: ' -> ' },
  exports: { unlessModifiers: ['private', 'fileprivate'] },
  binding: { self: ['self'], selfType: ['Self'], parent: ['super'] },
});
