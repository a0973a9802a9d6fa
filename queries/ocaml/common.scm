; OCaml items shared by implementations (.ml, queries/ocaml/tags.scm first) and interfaces (.mli,
; queries/ocaml_interface/tags.scm first): both grammars have these node types. Only the top-level `let` bindings
; of an implementation are in queries/ocaml/tags.scm (the interface grammar has no value_definition at the top).
; A `val f : a -> b` in a signature is a declaration-only method whose whole type is its `@return_type`.
; A `let` binding under a value definition is matched as the node with `pattern:` and `body:` (`(_ pattern: ...)`):
; tree-sitter analyses every concrete node of a pattern that has children when it compiles the query (see
; queries/README.md, "Compile cost").
; ---- methods and instance variables of classes (before functions: the earliest pattern decides the kind) ----

(method_definition
  (method_name) @name
  body: (_) @body) @definition.method @parameters
(method_definition
  (method_name) @name) @definition.method @parameters
(method_definition
  (method_name) @name
  type: (_) @return_type)
(method_definition ["private" "virtual"] @modifier)

(method_specification
  (method_name) @name
  type: (_) @type) @definition.method

(instance_variable_definition
  (instance_variable_name) @name
  type: (_)? @type
  body: (_)? @value) @definition.property
(instance_variable_definition ["mutable" "virtual"] @modifier)

(class_definition
  (class_binding
    (class_name) @name
    body: (_) @body) @definition.class)
(class_type_definition
  (class_type_binding
    (class_type_name) @name
    body: (_) @body) @definition.interface)
(class_binding "virtual" @modifier)
; inherit base args: inside the class body, so written in the class pattern
(class_definition
  (class_binding
    (class_name) @name
    body: (object_expression
      (inheritance_definition class: [(class_path) @extends (class_application class: (_) @extends)]))) @definition.class)

; ---- functions -------------------------------------------------------------------

; let f x ~y ?(z = 1) : int = ...

(structure
  (value_definition
    (_
      pattern: (value_name) @name
      (parameter)
      body: (_) @body) @definition.function @parameters))

; let f = fun x -> ...  /  let f = function ...

(structure
  (value_definition
    (_
      pattern: (value_name) @name
      body: [(fun_expression) @parameters (function_expression)] @body) @definition.function))

; let ( >>= ) m f = ...

(structure
  (value_definition
    (_
      pattern: (parenthesized_operator (_) @name)
      (parameter)
      body: (_) @body) @definition.function @parameters))

(structure
  (value_definition
    (_
      pattern: (parenthesized_operator (_) @name)
      body: [(fun_expression) @parameters (function_expression)] @body) @definition.function))

; local functions: `let f x = let rec loop i = ... in ...` (kept for navigation, not in the outline); up to three
; `let ... in` deep in a function's body
(let_binding (parameter)
  body: (let_expression
    (value_definition
      (_ pattern: (value_name) @name (parameter) body: (_) @body) @definition.function @parameters)))
(let_binding (parameter)
  body: (let_expression
    body: (let_expression
      (value_definition
        (_ pattern: (value_name) @name (parameter) body: (_) @body) @definition.function @parameters))))
(let_binding (parameter)
  body: (let_expression
    body: (let_expression
      body: (let_expression
        (value_definition
          (_ pattern: (value_name) @name (parameter) body: (_) @body) @definition.function @parameters)))))

; the return type annotation of a function (`let f x : int = ...`)
(let_binding (parameter) type: (_) @return_type)
(value_definition "rec" @modifier)

; parameters: `x`, `(x : int)`, `~label`, `~label:x`, `~(x : int)`, `?(x = 1)`, `?x`; `()` is not a parameter
((parameter) @parameter
  (#not-match? @parameter "^\\(\\s*\\)$"))
(parameter . (label_name) @parameter.name) @parameter
(parameter . pattern: (value_pattern) @parameter.name) @parameter
(parameter . pattern: (typed_pattern pattern: (value_pattern) @parameter.name type: (_) @parameter.type)) @parameter
(parameter . pattern: (parenthesized_pattern (typed_pattern pattern: (value_pattern) @parameter.name type: (_) @parameter.type))) @parameter
(parameter type: (_) @parameter.type) @parameter
(parameter default: (_) @parameter.default) @parameter
(parameter "?" @parameter.optional) @parameter

; ---- constants ---------------------------------------------------------------------

(structure
  (value_definition
    (_
      pattern: (value_name) @name
      type: (_)? @type
      body: (_) @value) @definition.constant))

; external now : unit -> float = "caml_now"
(external
  [(value_name) @name (parenthesized_operator (_) @name)]
  type: (_) @type) @definition.function

; ---- types -------------------------------------------------------------------------

; records: a struct with its fields as properties
(type_binding
  name: (type_constructor) @name
  body: (record_declaration) @body) @definition.struct
(type_binding
  body: (record_declaration
    (field_declaration
      (field_name) @name
      type: (_) @type) @definition.property))
(field_declaration "mutable" @modifier)

; variants: an enum with its constructors as members
(type_binding
  name: (type_constructor) @name
  body: (variant_declaration) @body) @definition.enum
(variant_declaration
  (constructor_declaration
    (constructor_name) @name) @definition.property)

; aliases, abstract types and the rest (`type t`, `type 'a t = 'a list`, `type t = ..`)
(type_binding
  name: (type_constructor) @name
  equation: (_)? @value) @definition.type

; exception Store_error of string
(exception_definition
  (constructor_declaration
    (constructor_name) @name) @definition.type)

; ---- modules and module types ------------------------------------------------------

; module M = struct ... end / module F (X : S) = struct ... end / module M : S = ... / module M = F (X)
(module_definition
  (module_binding
    (module_name) @name
    body: (structure) @body) @definition.module)
(module_definition
  (module_binding
    (module_name) @name
    body: (_)? @value) @definition.module)
(module_binding
  module_type: [
    (module_type_path (module_type_name) @implements)
    (module_type_path) @implements
  ])

; module type S = sig ... end
(module_type_definition
  (module_type_name) @name
  body: (signature)? @body) @definition.interface
(module_type_definition
  (module_type_name) @name
  body: (_)? @value) @definition.interface

; val f : t -> u (in a signature): a declaration-only method when its type is a function type, else a property
(signature
  (value_specification
    [(value_name) @name (parenthesized_operator (_) @name)]
    type: (function_type) @return_type) @definition.method)
(signature
  (value_specification
    [(value_name) @name (parenthesized_operator (_) @name)]
    type: (_) @type) @definition.property)

; module M : sig ... end (in an interface)
(module_definition
  (module_binding
    (module_name) @name
    module_type: (signature) @body) @definition.module)

; ---- imports -----------------------------------------------------------------------

; open Printf / open Lwt.Syntax / open! M
((open_module module: (_) @import.source @import.namespace) @import
  (#set! kind "static"))
; include Session_intf
((include_module module: [(module_path) (module_name)] @import.source @import.namespace) @import
  (#set! kind "static"))

; ---- references --------------------------------------------------------------------

(application_expression
  function: (value_path [(value_name) @name (parenthesized_operator (_) @name)])) @reference.call
(infix_expression
  operator: (rel_operator) @_op
  right: (value_path (value_name) @name)
  (#eq? @_op "|>")) @reference.call
(infix_expression
  left: (value_path (value_name) @name)
  operator: (concat_operator) @_op
  (#eq? @_op "@@")) @reference.call
(method_invocation (method_name) @name) @reference.call
(module_application functor: (module_path (module_name) @name .)) @reference.call
(new_expression (class_path (class_name) @name)) @reference.class
(inheritance_definition (class_path (class_name) @name)) @reference.class
(type_constructor_path (type_constructor) @name) @reference.type
(module_type_path (module_type_name) @name) @reference.interface

; ---- comments and attributes --------------------------------------------------------

(comment) @comment
(item_attribute) @decorator
(floating_attribute) @decorator
