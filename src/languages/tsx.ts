import { defineLanguage } from './define.js';

/** TSX: TypeScript with JSX, from `tree-sitter-typescript`'s tsx grammar. */
export const tsx = defineLanguage({
  id: 'tsx',
  name: 'TSX',
  extensions: ['.tsx'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  grammarOrigin: 'tree-sitter-typescript@0.23.2',
  queries: [
    new URL('../../queries/typescript/tags.scm', import.meta.url),
    new URL('../../queries/javascript/tags.scm', import.meta.url),
    new URL('../../queries/javascript/jsx.scm', import.meta.url),
    new URL('../../queries/typescript/structure.scm', import.meta.url),
    new URL('../../queries/javascript/structure.scm', import.meta.url),
    new URL('../../queries/typescript/locals.scm', import.meta.url),
    new URL('../../queries/javascript/locals.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']] },
  moduleSystem: 'node',
  signature: { parameters: 'composed' },
});
