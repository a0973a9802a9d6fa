; C definitions and references (tree-sitter-c grammar). Also loaded by Objective-C (queries/objc/tags.scm comes first).
; A C declarator nests the name: `T *f(int)` is pointer_declarator > function_declarator > identifier, so each
; pattern lists the pointer depths it accepts. Parameters are captured whole (`const char *name`), as C writes them.
; Nested declarators are wildcards with the fields and tokens that make them what they are (a function declarator is
; `(_ declarator: ... parameters: ...)`, a pointer declarator `(_ "*" declarator: ...)`, an array declarator
; `(_ declarator: ... "[")`, a parenthesized one `(_ "(" ...)`): tree-sitter analyses every concrete node of a
; pattern that has children when it compiles the query, which for Objective-C's grammar cost up to 0.25 s per
; pattern (see queries/README.md, "Compile cost").

; ---- functions ------------------------------------------------------------------

; (definitions: queries/c/functions.scm for C, queries/objc/functions.scm for Objective-C)

; (a name in parentheses, `int (lua_gettop) (lua_State *L)`, is not expanded by a function-like macro of that name)

; prototypes: declaration-only (no @body). ALL-CAPS names are macro invocations the grammar read as declarators
; (glibc `extern int __REDIRECT (name, proto, alias);`, zlib `OF((args))`), not functions.
(declaration
  type: (_) @return_type
  declarator: [
    (_ declarator: (identifier) @name parameters: (_) @parameters)
    (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
    (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
    (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
    (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
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

; `static` / `extern` / `inline`; `const char *f(void)`: the qualifier is part of the return type
(declaration [(storage_class_specifier) @modifier (type_qualifier) @return_type.part])

(parameter_list (parameter_declaration) @parameter)
(parameter_list (variadic_parameter) @parameter)

; ---- variables ----------------------------------------------------------------------

; variables of a file (`static int counter;`, `const struct ops my_ops = {...}`, `char buf[256];`): not `extern`
; declarations of one defined elsewhere. The declarator: a name, an array of it, a pointer to it, any of them
; initialised (a function declarator is none of these: it has parameters, no `[`, no `*`).
(translation_unit
  (declaration
    type: (_) @type
    declarator: [
      (identifier) @name
      (_ declarator: (identifier) @name "[")
      (_ "*" declarator: (identifier) @name)
      (_ declarator: [(identifier) @name (_ declarator: (identifier) @name "[") (_ "*" declarator: (identifier) @name)] value: (_) @value)
    ]) @definition.variable
  (#not-match? @definition.variable "^extern\\b"))

; ---- macros -----------------------------------------------------------------------

; object-like macros (constants of kind macro), valueless ones too: a feature flag (`#define HAS_CXX17`) is what an
; `#ifdef` asks about, and an include guard is a definition as ctags and clangd list it. Function-like macros are
; functions of kind macro.
; (the name right after `#define`: where the grammar loses a function-like macro ending in a comment, `#define` and
; an ERROR are followed by a name lines below, which is no macro)
(preproc_def . "#define" . name: (identifier) @name value: (_)? @value) @definition.macro

(preproc_function_def
  name: (identifier) @name
  parameters: (preproc_params) @parameters
  value: (_)? @body) @definition.macro
(preproc_params (identifier) @parameter)
(preproc_params "..." @parameter)

; ---- structs, unions, enums ---------------------------------------------------------

; (typedefs: queries/c/typedefs.scm for C, queries/objc/typedefs.scm for Objective-C)

(struct_specifier name: (type_identifier) @name body: (_) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (_) @body) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_) @body) @definition.enum

; `int x, y;` declares two: each declarator is a definition, the declaration holds their type, doc and modifiers
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (_ "*" declarator: (field_identifier) @name)
    (_ "*" declarator: (_ "*" declarator: (field_identifier) @name))
    (_ declarator: (field_identifier) @name "[")
    (_ "*" declarator: (_ declarator: (field_identifier) @name "["))
    (_ declarator: (_ declarator: (field_identifier) @name "[") "[")
    (_ declarator: (_ "(" (_ "*" declarator: (field_identifier) @name)) parameters: (_))
  ] @declarator @definition.property) @declaration
; `const char *name`: the qualifier is part of the type
(field_declaration (type_qualifier) @type.part)

(enumerator name: (identifier) @name value: (_)? @value) @definition.property

; ---- imports --------------------------------------------------------------------------

(preproc_include path: (system_lib_string) @import.source) @import
(preproc_include path: (string_literal (string_content) @import.source)) @import

; ---- references -----------------------------------------------------------------------

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(type_identifier) @name @reference.type

(comment) @comment
