import { defineLanguage } from '../define.js';
import { pythonModules } from './modules.js';

/**
 * Python, with the tree-sitter-python grammar from `@cursorless/tree-sitter-wasms` (no ERROR nodes on a sample of
 * the CPython 3.11 standard library; parses PEP 695 generics, `type` aliases, `match` and `except*`).
 * Docstrings are captured as `@doc`; names starting with `_` are private.
 */
export const python = defineLanguage({
  id: 'python',
  name: 'Python',
  extensions: ['.py', '.pyi', '.pyw'],
  testFiles: ['test_*.py', '*_test.py', 'conftest.py'],
  grammar: new URL('../../../grammars/tree-sitter-python.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/python/tags.scm', import.meta.url), new URL('../../../queries/python/locals.scm', import.meta.url)],
  modulePaths: { separator: '.', relativeDots: true },
  moduleSystem: pythonModules,
  docComments: {
    block: [
      ['"""', '"""'],
      ["'''", "'''"],
      ['r"""', '"""'],
    ],
  },
  signature: { returnSeparator: ' -> ' },
  exports: { unlessNamePattern: '^_' },
  binding: { self: ['self'], selfType: ['cls'], parent: ['super'] },
  // `import a.b.c` is module a.b.c of the distribution `a` (the import names no distribution: its top module stands in).
  scip: {
    externalPackage: (source) => {
      const parts = source.split('.');
      return { manager: 'python', name: parts[0] as string, path: parts };
    },
  },
});
