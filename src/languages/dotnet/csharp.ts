import { defineLanguage } from '../define.js';
import { dotnetModules } from './modules.js';

/**
 * C#, with the grammar's own wasm from `tree-sitter-c-sharp` 0.23.5 (no ERROR nodes on the 74 real C# files of
 * react-native-windows 0.76; the tree-sitter-wasms builds, 0.19/0.20, fail on file-scoped namespaces, primary
 * constructors, `required` and raw strings). `///` XML doc comments are docs; `public` types are exported. A file
 * whose `#if` directives split a declaration is parsed again without the directive lines.
 */
export const csharp = defineLanguage({
  id: 'csharp',
  name: 'C#',
  scip: { language: 'CSharp' },
  extensions: ['.cs'],
  testFiles: ['*Test.cs', '*Tests.cs'],
  grammar: new URL('../../../grammars/tree-sitter-c_sharp.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-c-sharp@0.23.5',
  queries: [new URL('../../../queries/csharp/tags.scm', import.meta.url), new URL('../../../queries/csharp/locals.scm', import.meta.url)],
  modulePaths: { separator: '.' },
  moduleSystem: dotnetModules,
  signature: { returnTypeFirst: true },
  flattenConditionals: true,
  docComments: { line: ['///'] },
  exports: { modifiers: ['public'] },
  binding: { self: ['this'], parent: ['base'] },
});
