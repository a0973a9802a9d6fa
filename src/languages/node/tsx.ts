import { defineLanguage } from '../define.js';
import { nodeModules } from './modules.js';
import { nodeScip } from './scip.js';

/** TSX: TypeScript with JSX, from the same patched tree-sitter-typescript build as TypeScript (`grammars/`). */
export const tsx = defineLanguage({
  id: 'tsx',
  name: 'TSX',
  extensions: ['.tsx'],
  testFiles: ['*.test.tsx', '*.spec.tsx'],
  grammar: new URL('../../../grammars/tree-sitter-tsx.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-typescript@0.23.2 (scanner patched)',
  queries: [
    new URL('../../../queries/typescript/tags.scm', import.meta.url),
    new URL('../../../queries/javascript/tags.scm', import.meta.url),
    new URL('../../../queries/javascript/jsx.scm', import.meta.url),
    new URL('../../../queries/typescript/structure.scm', import.meta.url),
    new URL('../../../queries/javascript/structure.scm', import.meta.url),
    new URL('../../../queries/typescript/locals.scm', import.meta.url),
    new URL('../../../queries/javascript/locals.scm', import.meta.url),
    new URL('../../../queries/typescript/misread.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']] },
  moduleSystem: nodeModules,
  scip: { ...nodeScip, language: 'TypeScriptReact' },
  signature: { parameters: 'composed' },
  binding: { self: ['this'], parent: ['super'], declarationSpaces: true, typeWrappers: ['Readonly', 'Partial', 'Required', 'NonNullable', 'Omit', 'Pick', 'NoInfer'] },
});
