; Elm definitions, references, imports and exports (tree-sitter-elm via @cursorless/tree-sitter-wasms).
; Written for code-index after the grammar's queries/tags.scm. See queries/README.md.
; A `{-| -}` doc comment comes before a value's type annotation, so it is captured as @doc across the annotation;
; the annotation's type is the function's signature (`@return_type`, written after ` : `).

; ---- values (functions and constants) ---------------------------------------------

(file
  (block_comment) @doc
  .
  (type_annotation name: (lower_case_identifier) @_a typeExpression: (_) @return_type)
  .
  (value_declaration
    (function_declaration_left . (lower_case_identifier) @name . (_)) @parameters
    body: (_) @body) @definition.function
  (#eq? @_a @name)
  (#match? @doc "^\\{-\\|"))
(file
  (type_annotation name: (lower_case_identifier) @_a typeExpression: (_) @return_type)
  .
  (value_declaration
    (function_declaration_left . (lower_case_identifier) @name . (_)) @parameters
    body: (_) @body) @definition.function
  (#eq? @_a @name))
(file
  (value_declaration
    (function_declaration_left . (lower_case_identifier) @name . (_)) @parameters
    body: (_) @body) @definition.function)

; a value without parameters is a constant
(file
  (block_comment) @doc
  .
  (type_annotation name: (lower_case_identifier) @_a typeExpression: (_) @type)
  .
  (value_declaration
    (function_declaration_left (lower_case_identifier) @name .)
    body: (_) @value) @definition.constant
  (#eq? @_a @name)
  (#match? @doc "^\\{-\\|"))
(file
  (type_annotation name: (lower_case_identifier) @_a typeExpression: (_) @type)
  .
  (value_declaration
    (function_declaration_left (lower_case_identifier) @name .)
    body: (_) @value) @definition.constant
  (#eq? @_a @name))
(file
  (value_declaration
    (function_declaration_left (lower_case_identifier) @name .)
    body: (_) @value) @definition.constant)

; (a field-based pattern `pattern: (_)` matches only the first parameter in this grammar build)
(function_declaration_left [(lower_pattern) (anything_pattern) (tuple_pattern) (record_pattern) (union_pattern) (list_pattern) (pattern) (unit_expr)] @parameter @parameter.name)

; ---- types and ports --------------------------------------------------------------

; (the declaration is its own @body: its variants are separated by anonymous `|` tokens, and a variant must not
; take the type's doc comment)
(type_declaration
  name: (upper_case_identifier) @name
  typeName: (lower_type_name)? @type_parameters) @definition.enum @body
(union_variant name: (upper_case_identifier) @name) @definition.property

(type_alias_declaration
  name: (upper_case_identifier) @name
  typeExpression: (_) @value) @definition.type
(type_alias_declaration
  typeExpression: (type_expression (record_type (field_type name: (lower_case_identifier) @name typeExpression: (_) @type) @definition.property)))

(port_annotation
  name: (lower_case_identifier) @name
  typeExpression: (_) @return_type) @definition.function
(port_annotation (port) @modifier)

; ---- module, imports and exports --------------------------------------------------

(module_declaration name: (upper_case_qid) @name) @definition.module

; import Json.Decode as Decode exposing (Decoder, field)
(import_clause
  moduleName: (upper_case_qid) @import.source
  asClause: (as_clause name: (upper_case_identifier) @import.namespace)?) @import
(import_clause
  moduleName: (upper_case_qid) @import.source
  exposing: (exposing_list
    [
      (exposed_value (lower_case_identifier) @import.name)
      (exposed_type (upper_case_identifier) @import.name)
    ] @import.item)) @import
(import_clause
  moduleName: (upper_case_qid) @import.source
  exposing: (exposing_list (double_dot) @import.namespace)) @import

; module M exposing (a, T(..)): the listed names
(module_declaration
  exposing: (exposing_list
    [
      (exposed_value (lower_case_identifier) @export.name)
      (exposed_type (upper_case_identifier) @export.name)
    ])) @export
; (the listed declarations themselves, so that they read as exported)
(file
  (module_declaration exposing: (exposing_list (exposed_value (lower_case_identifier) @_n))) @export
  (value_declaration (function_declaration_left . (lower_case_identifier) @_d)) @export.declaration
  (#eq? @_n @_d))
(file
  (module_declaration exposing: (exposing_list (exposed_value (lower_case_identifier) @_n))) @export
  (port_annotation name: (lower_case_identifier) @_d) @export.declaration
  (#eq? @_n @_d))
(file
  (module_declaration exposing: (exposing_list (exposed_type (upper_case_identifier) @_n))) @export
  [
    (type_declaration name: (upper_case_identifier) @_d)
    (type_alias_declaration name: (upper_case_identifier) @_d)
  ] @export.declaration
  (#eq? @_n @_d))
; module M exposing (..): every top-level declaration
(file
  (module_declaration exposing: (exposing_list (double_dot))) @export
  [(value_declaration) (type_declaration) (type_alias_declaration) (port_annotation)] @export.declaration)

; ---- references -------------------------------------------------------------------

(function_call_expr target: (value_expr (value_qid (lower_case_identifier) @name .))) @reference.call
(type_ref (upper_case_qid (upper_case_identifier) @name .)) @reference.type
(value_expr (upper_case_qid (upper_case_identifier) @name .)) @reference.class

; ---- comments ---------------------------------------------------------------------

[(line_comment) (block_comment)] @comment
