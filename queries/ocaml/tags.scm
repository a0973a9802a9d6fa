; OCaml definitions, details, references and imports (grammar: tree-sitter-ocaml@0.24.2, grammars/ocaml, its own
; wasm). Written for code-index; started from the tags.scm that tree-sitter-ocaml ships.
;
; Definitions are the items of a structure (the file itself, `struct ... end` and `sig ... end`), plus local
; functions bound by `let ... in` near the top of a function's body (local: for navigation only); other
; `let ... in` bindings are not definitions (a query cannot say "anywhere inside a function" without also taking
; those inside `let () = ...` and constants). A `let` binding that takes parameters (or is bound to `fun` /
; `function`) is a function, any other `let` a constant. Parameters are the children of the binding itself, so
; the binding is both the definition and its `@parameters`. Every top-level item is exported (the file has no
; visibility of its own without its `.mli`).
;
; This file holds the top-level `let` bindings of a `.ml` file (functions, then constants); everything the
; interface grammar shares is in queries/ocaml/common.scm, loaded after it.

(compilation_unit
  (value_definition
    (_
      pattern: (value_name) @name
      (parameter)
      body: (_) @body) @definition.function @parameters))

(compilation_unit
  (value_definition
    (_
      pattern: (value_name) @name
      body: [(fun_expression) @parameters (function_expression)] @body) @definition.function))

(compilation_unit
  (value_definition
    (_
      pattern: (parenthesized_operator (_) @name)
      (parameter)
      body: (_) @body) @definition.function @parameters))

(compilation_unit
  (value_definition
    (_
      pattern: (parenthesized_operator (_) @name)
      body: [(fun_expression) @parameters (function_expression)] @body) @definition.function))

(compilation_unit
  (value_definition
    (_
      pattern: (value_name) @name
      type: (_)? @type
      body: (_) @value) @definition.constant))
