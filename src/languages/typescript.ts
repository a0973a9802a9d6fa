import { defineLanguage } from './define.js';

/** TypeScript, with the grammar's own wasm from `tree-sitter-typescript` (parses modern syntax cleanly). */
export const typescript = defineLanguage({
  id: 'typescript',
  name: 'TypeScript',
  extensions: ['.ts', '.mts', '.cts'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  grammarOrigin: 'tree-sitter-typescript@0.23.2',
  queries: [
    new URL('../../queries/typescript/tags.scm', import.meta.url),
    new URL('../../queries/javascript/tags.scm', import.meta.url),
    new URL('../../queries/typescript/structure.scm', import.meta.url),
    new URL('../../queries/javascript/structure.scm', import.meta.url),
    new URL('../../queries/typescript/locals.scm', import.meta.url),
    new URL('../../queries/javascript/locals.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']] },
  moduleSystem: 'node',
  signature: { parameters: 'composed' },
});
