import { defineLanguage } from '../define.js';
import { goModules } from './modules.js';

/**
 * Go, with the grammar's own wasm from `tree-sitter-go` (0 ERROR nodes over the Go 1.19 standard library; its
 * `interpreted_string_literal_content` node gives import paths without quotes). Doc comments are the `//` block
 * directly above a declaration; a name starting with an upper-case letter is exported. Import paths resolve against the
 * tree's go.mod files (`src/languages/go/modules.ts`); a file sees its package's other files.
 */
export const go = defineLanguage({
  id: 'go',
  name: 'Go',
  extensions: ['.go'],
  testFiles: ['*_test.go'],
  grammar: new URL('../../../grammars/tree-sitter-go.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-go@0.25.0',
  queries: [new URL('../../../queries/go/tags.scm', import.meta.url), new URL('../../../queries/go/locals.scm', import.meta.url)],
  docComments: { line: ['//'] },
  signature: { typeSeparator: ' ', returnSeparator: ' ' },
  exports: { namePattern: '^\\p{Lu}' },
  moduleSystem: goModules,
  // An import path outside the tree names a module of that path (its go.mod may sit higher: the path stands in).
  scip: { externalPackage: (source) => ({ manager: 'gomod', name: source, path: [source] }) },
});
