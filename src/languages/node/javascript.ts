import { defineLanguage } from '../define.js';
import { nodeModules } from './modules.js';
import { nodeScip } from './scip.js';

/** JavaScript, JSX and CommonJS, with the grammar's own wasm from `tree-sitter-javascript`. */
export const javascript = defineLanguage({
  id: 'javascript',
  name: 'JavaScript',
  extensions: ['.js', '.jsx', '.mjs', '.cjs'],
  testFiles: ['*.test.js', '*.spec.js', '*.test.jsx', '*.spec.jsx', '*.test.mjs', '*.spec.mjs', '*.test.cjs', '*.spec.cjs'],
  grammar: new URL('../../../grammars/tree-sitter-javascript.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-javascript@0.25.0',
  queries: [
    new URL('../../../queries/javascript/tags.scm', import.meta.url),
    new URL('../../../queries/javascript/javascript.scm', import.meta.url),
    new URL('../../../queries/javascript/jsx.scm', import.meta.url),
    new URL('../../../queries/javascript/structure.scm', import.meta.url),
    new URL('../../../queries/javascript/locals.scm', import.meta.url),
    new URL('../../../queries/javascript/locals-parameters.scm', import.meta.url),
  ],
  docComments: { block: [['/**', '*/']] },
  moduleSystem: nodeModules,
  scip: nodeScip,
  signature: { parameters: 'composed' },
  binding: { self: ['this'], parent: ['super'] },
});
