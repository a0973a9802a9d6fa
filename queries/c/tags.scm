; C definitions and references (tree-sitter-c grammar). Also loaded by C++ (queries/cpp/tags.scm comes first).
; A C declarator nests the name: `T *f(int)` is pointer_declarator > function_declarator > identifier, so each
; pattern lists the pointer depths it accepts. Parameters are captured whole (`const char *name`), as C writes them.

; ---- functions ------------------------------------------------------------------

(function_definition
  type: (_) @return_type
  declarator: [
    (function_declarator declarator: (identifier) @name parameters: (_) @parameters)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @parameters))
    (pointer_declarator declarator: (pointer_declarator
      declarator: (function_declarator declarator: (identifier) @name parameters: (_) @parameters)))
  ] @declarator
  body: (_) @body) @definition.function

; prototypes: declaration-only (no @body). ALL-CAPS names are macro invocations the grammar read as declarators
; (glibc `extern int __REDIRECT (name, proto, alias);`, zlib `OF((args))`), not functions.
(declaration
  type: (_) @return_type
  declarator: [
    (function_declarator declarator: (identifier) @name parameters: (_) @parameters)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @parameters))
    (pointer_declarator declarator: (pointer_declarator
      declarator: (function_declarator declarator: (identifier) @name parameters: (_) @parameters)))
  ] @declarator
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$")) @definition.function

;; Prototypes the grammar could not parse whole, as macros it cannot expand follow the parameter list
;; (glibc `__THROW __nonnull ((1, 2))`): the declarator survives inside a top-level ERROR node.
(translation_unit (ERROR
  (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) @definition.function)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(preproc_ifdef (ERROR
  (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) @definition.function)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(preproc_if (ERROR
  (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) @definition.function)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))
(preproc_else (ERROR
  (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) @definition.function)
  (#not-match? @name "^_*[A-Z][A-Z0-9_]*$"))

(function_definition (storage_class_specifier) @modifier)
(declaration (storage_class_specifier) @modifier)

(parameter_list (parameter_declaration) @parameter)
(parameter_list (variadic_parameter) @parameter)

; ---- macros -----------------------------------------------------------------------

; object-like macros with a value (constants of kind macro); valueless ones (`#define FOO_H` include guards, feature
; flags) are left out. Function-like macros are functions of kind macro.
(preproc_def name: (identifier) @name value: (_) @value) @definition.macro

(preproc_function_def
  name: (identifier) @name
  parameters: (preproc_params) @parameters
  value: (_)? @body) @definition.macro
(preproc_params (identifier) @parameter)
(preproc_params "..." @parameter)

; ---- structs, unions, enums ---------------------------------------------------------

; typedef struct { ... } name_t;  (an anonymous struct named by its typedef; comes before the named forms)
(type_definition
  type: (struct_specifier !name body: (_) @body)
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier !name body: (_) @body)
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (_) @body)
  declarator: (type_identifier) @name) @definition.enum

(struct_specifier name: (type_identifier) @name body: (_) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (_) @body) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_) @body) @definition.enum

; `int x, y;` declares two: each declarator is a definition, the declaration holds their type, doc and modifiers
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (array_declarator declarator: (field_identifier) @name))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
  ] @declarator @definition.property) @declaration
; `const char *name`, `const char *f(void)`: the qualifier is part of the (return) type
(field_declaration (type_qualifier) @type.part)
(function_definition (type_qualifier) @return_type.part)
(declaration (type_qualifier) @return_type.part)

(enumerator name: (identifier) @name value: (_)? @value) @definition.property

; ---- typedefs -------------------------------------------------------------------------

; typedef struct tag { ... } tag_t;  the struct keeps the body; the alias is the declarator alone (not its container)
(type_definition
  type: (_) @_type
  declarator: (type_identifier) @name @definition.type
  (#match? @_type "[{]"))

(type_definition
  type: (_) @value
  declarator: (type_identifier) @name
  (#not-match? @value "[{]")) @definition.type

; pointer, function-pointer and array typedefs: the value is the whole typedef, as the name sits inside it
(type_definition
  declarator: [
    (pointer_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
  ] @declarator) @definition.type @value

; `typedef __ssize_t ssize_t;`: the grammar reads well-known type names (size_t, ssize_t, ...) as primitive types
(type_definition type: (_) @value declarator: (primitive_type) @name) @definition.type

; ---- imports --------------------------------------------------------------------------

(preproc_include path: (system_lib_string) @import.source) @import
(preproc_include path: (string_literal (string_content) @import.source)) @import

; ---- references -----------------------------------------------------------------------

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(type_identifier) @name @reference.type

(comment) @comment
