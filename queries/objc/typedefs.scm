; Objective-C: C's typedefs (queries/c/typedefs.scm, for C), the two costly patterns matched through their parents,
; as C's function definitions are (queries/objc/functions.scm): ~0.07 s less to compile with this grammar, ~15% more
; run time of the whole Objective-C query. Keep in step with the C file, and in its order (the earliest pattern
; decides what a node is).

; typedef struct { ... } name_t;  (an anonymous struct, union or enum named by its typedef): see queries/c/typedefs.scm.
(type_definition type: (_ !name body: (enumerator_list) @body)) @definition.enum
; A typedef whose type has no `{` is a type (the typedef's kind; the pattern that names it comes next).
(type_definition type: (_) @_value (#not-match? @_value "[{]")) @definition.type
; Two forms in one pattern, as a wildcard child (with the `typedef` token only a type_definition has) of each node
; that can hold a typedef (src/node-types.json of tree-sitter-objc v2.1.0, and ERROR): a `(type_definition type: ...
; declarator: ...)` step costs ~0.04 s to compile with this grammar. An anonymous struct, union or enum (@body, kind
; struct, enum above), and `typedef unsigned long u64;` (@value: a type without `{`, kind type above). The not-match
; holds when there is no @value (the anonymous form).
(
  [
    (translation_unit (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (preproc_if (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (preproc_ifdef (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (preproc_else (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (preproc_elif (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (preproc_elifdef (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (declaration_list (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (compound_statement (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (case_statement (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (ERROR (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (class_interface (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (implementation_definition (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (protocol_declaration (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
    (qualified_protocol_interface_declaration (_ "typedef" type: [(_ !name body: (_) @body) (_) @value] declarator: (_) @name) @definition.struct)
  ]
  (#match? @name "^[^\\s*()\\[\\]^]+$")
  (#not-match? @value "[{]"))

; typedef struct tag { ... } tag_t;  the struct keeps the body; the alias is the declarator alone (not its container).
; (The `{` is looked for in the type: see queries/c/typedefs.scm.) A wildcard child of each parent, as above.
(
  [
    (translation_unit (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (preproc_if (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (preproc_ifdef (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (preproc_else (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (preproc_elif (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (preproc_elifdef (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (declaration_list (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (compound_statement (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (case_statement (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (ERROR (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (class_interface (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (implementation_definition (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (protocol_declaration (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
    (qualified_protocol_interface_declaration (_ "typedef" type: (_) @_type declarator: (_) @name @definition.type))
  ]
  (#match? @_type "[{]")
  (#match? @name "^[^\\s*()\\[\\]^]+$"))

; pointer, function-pointer and array typedefs: the value is the whole typedef, as the name sits inside it
; (pointer_declarator, function_declarator around (*name) or (name), the same returning a pointer,
; function_declarator, array_declarator)
(type_definition
  declarator: [
    (_ "*" declarator: (type_identifier) @name)
    (_ declarator: (_ "(" (_ "*" declarator: (type_identifier) @name)) parameters: (_))
    (_ declarator: (_ "(" . (type_identifier) @name) parameters: (_))
    (_ "*" declarator: (_ declarator: (_ "(" (_ "*" declarator: (type_identifier) @name)) parameters: (_)))
    (_ "*" declarator: (_ declarator: (type_identifier) @name parameters: (_)))
    (_ declarator: (type_identifier) @name parameters: (_))
    (_ declarator: (type_identifier) @name "[")
  ] @declarator) @definition.type @value
