; OCaml interface (.mli) items (grammar: tree-sitter-ocaml@0.24.2, grammars/interface, its own wasm). Loaded
; BEFORE queries/ocaml/common.scm (the interface grammar has the same node types), so these patterns decide the
; kind of the items only an interface has; types, modules, module types, classes, externals, fields, imports,
; references and comments come from the shared file.
;
; `val f : a -> b` is a declaration-only function (its parameters are not separate nodes: the arrow type is
; kept as its `@type`); `val x : t` is a constant.

(compilation_unit
  (value_specification
    [(value_name) @name (parenthesized_operator (_) @name)]
    type: (function_type) @return_type) @definition.function)
(compilation_unit
  (value_specification
    [(value_name) @name (parenthesized_operator (_) @name)]
    type: (_) @type) @definition.constant)

; class c : args -> object method m : t end
(class_definition
  (class_binding
    (class_name) @name
    class_type: (_) @body) @definition.class)
