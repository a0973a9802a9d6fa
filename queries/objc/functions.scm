; Objective-C: C's function definitions (queries/c/functions.scm, for C) matched as the child of each node that can
; hold one, a wildcard node with `type:`, `declarator:` and `body:` (only a function_definition has all three): with
; this grammar a `(function_definition ...)` step with these children costs ~0.03 s to compile (0.01 s with C's), and
; tree-sitter does not analyse a wildcard node; its parents' steps cost ~0.001 s each. The price is at run time: a
; match starts at every one of those parents (every block), which made C's whole query run ~30% longer on Lua's
; sources, so C keeps the direct form. The parents are the grammar's (src/node-types.json of tree-sitter-objc v2.1.0:
; C's top level, preprocessor conditionals, `extern "C"`, blocks and ERROR, then @interface, @implementation and
; @protocol); the patterns are C's, in step with queries/c/functions.scm.

[
  (translation_unit
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (preproc_if
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (preproc_ifdef
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (preproc_else
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (preproc_elif
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (preproc_elifdef
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (declaration_list
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (linkage_specification
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (compound_statement
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (ERROR
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)

  (class_interface
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (implementation_definition
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (protocol_declaration
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
  (qualified_protocol_interface_declaration
    (_
      type: (_) @return_type
      declarator: [
        (_ declarator: (identifier) @name parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
        (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
        (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
        (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
      ] @declarator
      body: (_) @body) @definition.function)
]

; `static` / `extern` / `inline`; `const char *f(void)`: the qualifier is part of the return type (these come before
; the declarator)
[
  (translation_unit (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (preproc_if (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (preproc_ifdef (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (preproc_else (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (preproc_elif (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (preproc_elifdef (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (declaration_list (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (linkage_specification (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (compound_statement (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (ERROR (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))

  (class_interface (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (implementation_definition (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (protocol_declaration (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
  (qualified_protocol_interface_declaration (_ [(storage_class_specifier) @modifier (type_qualifier) @return_type.part] declarator: (_) body: (_)))
]
