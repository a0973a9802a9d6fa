; C typedefs (tree-sitter-c grammar), for C only: Objective-C matches the two costly ones through their parents
; (queries/objc/typedefs.scm), which compiles faster with its grammar and runs slower. Keep the two in step. These
; patterns come in this order (the earliest pattern decides what a node is).

; typedef struct { ... } name_t;  (an anonymous struct, union or enum named by its typedef). One pattern names the
; three (kind struct); the pattern before it, which names nothing, makes an enum's kind `enum`. A typedef's bare name
; is a type_identifier (or a primitive_type, `size_t`): it is matched as a declarator whose text has no `*`, `(`, `[`
; or `^` (pointer, function, array and block declarators), as a `(type_identifier)` step after `type:` made
; tree-sitter walk every other declarator to the end of the typedef (~0.25 s per such pattern with Objective-C's
; grammar).
(type_definition type: (_ !name body: (enumerator_list) @body)) @definition.enum
; A typedef whose type has no `{` is a type (the typedef's kind; the pattern that names it comes next).
(type_definition type: (_) @_value (#not-match? @_value "[{]")) @definition.type
; Two forms in one pattern (tree-sitter analyses a type_definition step for ~0.04 s with Objective-C's grammar, once
; per pattern; alternatives of `type:` cost nothing more): an anonymous struct, union or enum (@body, kind struct,
; enum above), and `typedef unsigned long u64;` (@value: a type without `{`, kind type above), where the grammar
; reads well-known type names, size_t, ssize_t, ..., as primitive types (`typedef __ssize_t ssize_t;`). The
; not-match holds when there is no @value (the anonymous form).
(type_definition
  type: [
    (_ !name body: (_) @body)
    (_) @value
  ]
  declarator: (_) @name
  (#match? @name "^[^\\s*()\\[\\]^]+$")
  (#not-match? @value "[{]")) @definition.struct

; typedef struct tag { ... } tag_t;  the struct keeps the body; the alias is the declarator alone (not its container).
; (The `{` is looked for in the type, not in the whole typedef: a macro the grammar cannot read, Objective-C's
; `typedef NS_ENUM(int, E) { A, B };`, leaves its `{` in an ERROR node and its enumerators as declarators.)
(type_definition
  type: (_) @_type
  declarator: (_) @name @definition.type
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
