import { defineLanguage } from './define.js';

/**
 * OCaml implementation files (`.ml`), with the grammar tree-sitter-ocaml ships as its own wasm: no ERROR nodes over
 * the OCaml 4.13 stdlib; over 435 files of the 4.13 compiler, 6 ERROR + 2 MISSING, in parser edge-case tests and
 * where old code names a value `effect` (a keyword since OCaml 5). The same package has the `.mli` grammar. Doc
 * comments are `(** ... *)`. The file's interface is its `.mli`, which code-index does not read together with the
 * `.ml`, so every top-level item is exported.
 */
export const ocaml = defineLanguage({
  id: 'ocaml',
  name: 'OCaml',
  extensions: ['.ml'],
  grammar: new URL('../../grammars/tree-sitter-ocaml.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-ocaml@0.24.2',
  queries: [
    new URL('../../queries/ocaml/tags.scm', import.meta.url),
    new URL('../../queries/ocaml/common.scm', import.meta.url),
  ],
  docComments: { block: [['(**', '*)']] },
  signature: { returnSeparator: ' : ', parameterList: { open: ' ', separator: ' ', close: '' } },
  exports: {},
});

/**
 * OCaml interface files (`.mli`), with the interface grammar of the same package (`grammars/interface`; no ERROR
 * nodes over 271 stdlib and compiler `.mli` files). Its query holds the top-level `val` patterns and the OCaml
 * patterns an interface can contain. Every item of an interface is exported: it is the module's API.
 */
export const ocamlInterface = defineLanguage({
  id: 'ocaml_interface',
  name: 'OCaml Interface',
  scip: { language: 'OCaml' },
  extensions: ['.mli'],
  grammar: new URL('../../grammars/tree-sitter-ocaml_interface.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-ocaml@0.24.2',
  queries: [
    new URL('../../queries/ocaml_interface/tags.scm', import.meta.url),
    new URL('../../queries/ocaml/common.scm', import.meta.url),
  ],
  docComments: { block: [['(**', '*)']] },
  // A `val` is its name and its whole type: `val get : t -> id -> session option`.
  signature: { returnSeparator: ' : ', typeIsWhole: true, parameterList: { open: ' ', separator: ' ', close: '' } },
  exports: {},
});
