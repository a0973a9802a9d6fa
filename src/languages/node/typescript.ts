import { defineLanguage } from '../define.js';
import { nodeModules } from './modules.js';
import { nodeScip } from './scip.js';

/**
 * TypeScript, with tree-sitter-typescript 0.23.2 built by code-index (`grammars/`, `scripts/build-grammar.sh
 * typescript`) with a patched external scanner: the package's own build reads a generic call signature on a new line
 * (`<A>(self: A) => A` in an object type without semicolons) and an escape in a template literal type as syntax
 * errors, which broke whole declarations of semicolon-free code.
 */
export const typescript = defineLanguage({
  id: 'typescript',
  name: 'TypeScript',
  extensions: ['.ts', '.mts', '.cts'],
  testFiles: ['*.test.ts', '*.spec.ts', '*.test.mts', '*.spec.mts', '*.test.cts', '*.spec.cts'],
  grammar: new URL('../../../grammars/tree-sitter-typescript.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-typescript@0.23.2 (scanner patched)',
  queries: [
    new URL('../../../queries/typescript/tags.scm', import.meta.url),
    new URL('../../../queries/javascript/tags.scm', import.meta.url),
    new URL('../../../queries/typescript/structure.scm', import.meta.url),
    new URL('../../../queries/javascript/structure.scm', import.meta.url),
    new URL('../../../queries/typescript/locals.scm', import.meta.url),
    new URL('../../../queries/javascript/locals.scm', import.meta.url),
    new URL('../../../queries/typescript/misread.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']] },
  moduleSystem: nodeModules,
  scip: nodeScip,
  signature: { parameters: 'composed' },
  binding: { self: ['this'], parent: ['super'], declarationSpaces: true, typeWrappers: ['Readonly', 'Partial', 'Required', 'NonNullable', 'Omit', 'Pick', 'NoInfer'] },
});
