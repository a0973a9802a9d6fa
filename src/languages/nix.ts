import { defineLanguage } from './define.js';

/**
 * Nix, with the tree-sitter-nix grammar from `@cursorless/tree-sitter-wasms` (no ERROR nodes on node2nix's
 * 598-line node-env.nix). Definitions are the bindings of the attribute set a file evaluates to (constants, or
 * functions when bound to a lambda), functions bound anywhere, and the bindings of a top-level `let` (modifier
 * `let`, not exported). `import ./x.nix` and `callPackage ./x.nix { }` are imports.
 */
export const nix = defineLanguage({
  id: 'nix',
  name: 'Nix',
  extensions: ['.nix'],
  grammar: new URL('../../grammars/tree-sitter-nix.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/nix/tags.scm', import.meta.url)],
  docComments: {
    line: ['#'],
    block: [
      ['/**', '*/'],
      ['/*', '*/'],
    ],
  },
  signature: { parameters: 'composed' },
  exports: { unlessModifiers: ['let'] },
});
