import { defineLanguage } from './define.js';

/**
 * OCaml implementation files (`.ml`), with the grammar tree-sitter-ocaml ships as its own wasm (no ERROR nodes over
 * the OCaml 4.13 stdlib, one per ~70 files over the compiler sources, and it knows OCaml 5 syntax). Doc comments are
 * `(** ... *)`. The file's interface is its `.mli`, which code-index does not read together with the `.ml`, so
 * every top-level item is exported.
 */
export const ocaml = defineLanguage({
  id: 'ocaml',
  name: 'OCaml',
  extensions: ['.ml'],
  grammar: { package: 'tree-sitter-ocaml', file: 'tree-sitter-ocaml.wasm' },
  grammarOrigin: 'tree-sitter-ocaml@0.24.2',
  queries: [new URL('../../queries/ocaml/tags.scm', import.meta.url)],
  docComments: { block: [['(**', '*)']] },
  exports: {},
});

/**
 * OCaml interface files (`.mli`), with the interface grammar of the same package (`grammars/interface`, no ERROR
 * nodes over the stdlib's and the compiler's `.mli` files). Its query holds the top-level `val` patterns and the OCaml
 * patterns an interface can contain. Every item of an interface is exported: it is the module's API.
 */
export const ocamlInterface = defineLanguage({
  id: 'ocaml_interface',
  name: 'OCaml Interface',
  extensions: ['.mli'],
  grammar: { package: 'tree-sitter-ocaml', file: 'tree-sitter-ocaml_interface.wasm' },
  grammarOrigin: 'tree-sitter-ocaml@0.24.2',
  queries: [new URL('../../queries/ocaml_interface/tags.scm', import.meta.url)],
  docComments: { block: [['(**', '*)']] },
  exports: {},
});
