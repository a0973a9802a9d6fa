import { defineLanguage } from '../define.js';
import { cppModules } from './modules.js';

/** C++, with tree-sitter-cpp 0.23.4's own wasm (committed in grammars/: fewer ERROR nodes than other builds). */
export const cpp = defineLanguage({
  id: 'cpp',
  name: 'C++',
  scip: { language: 'CPP' },
  extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx', '.c++', '.h++'],
  testFiles: ['*_test.cc', '*_test.cpp', '*_unittest.cc', '*_unittest.cpp', 'test_*.cpp', '*Test.cpp'],
  skipBareMacroLines: true,
  flattenConditionals: true,
  grammar: new URL('../../../grammars/tree-sitter-cpp.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-cpp@0.23.4',
  queries: [new URL('../../../queries/cpp/tags.scm', import.meta.url), new URL('../../../queries/cpp/locals.scm', import.meta.url), new URL('../../../queries/cpp/macros.scm', import.meta.url), new URL('../../../queries/c/conditions.scm', import.meta.url)],
  signature: { returnTypeFirst: true },
  // Any comment right above a declaration documents it, blank lines between or not, as clangd shows it (Doxygen's
  // `/**` and `///` included).
  docComments: { block: [['/**', '*/'], ['/*', '*/']], line: ['///', '//'], detached: true },
  exports: { unlessModifiers: ['static', 'internal'] },
  // Types declared in a function body (a local class, struct, enum or alias): Universal Ctags tags them.
  bodyItems: ['class', 'struct', 'enum', 'type'],
  moduleSystem: cppModules,
  binding: {
    self: ['this'],
    memberOperators: ['->'],
    typeQualifiers: ['typedef', 'const', 'volatile', 'struct', 'union', 'enum', 'class', 'typename'],
  },
});
