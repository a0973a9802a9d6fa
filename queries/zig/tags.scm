; Zig definitions, details, references and imports (grammar: @cursorless/tree-sitter-wasms tree-sitter-zig, the
; same trees as @tree-sitter-grammars/tree-sitter-zig@1.1.2 apart from call arguments). Written for code-index; the
; grammar ships no tags.scm.
;
; Zig types are values: `const Point = struct { ... };` is a struct named Point, its fields and `fn`s are its
; members. Declarations are those of a container (the file itself, `struct`, `enum`, `union`, `opaque`); `const`
; and `var` inside function bodies are not. An item is exported when it is `pub` (or `export`); container fields
; are always public, so they get an implied `pub`.

; ---- containers assigned to a name (before constants: the earliest pattern decides the kind) ----

(variable_declaration
  "const"
  (identifier) @name
  [(struct_declaration) (union_declaration) (opaque_declaration)] @body) @definition.struct

(variable_declaration
  "const"
  (identifier) @name
  (enum_declaration) @body) @definition.enum

; const E = error{ A, B }; / const E = error{ A } || std.mem.Allocator.Error;
(variable_declaration
  "const"
  (identifier) @name
  [(error_set_declaration) @body
   (_ left: (error_set_declaration) @body) @value]) @definition.enum
(error_set_declaration (identifier) @name @modifier.pub @definition.property)

; fields: `x: i32 = 0` (enum members have no type); public with their container
(container_field
  name: (_) @name @modifier.pub
  type: (_) @type
  .
  (_) @value) @definition.property
(container_field
  name: (_) @name @modifier.pub
  type: (_)? @type) @definition.property

; ---- functions and methods ---------------------------------------------------------

; generic types: `fn List(comptime T: type) type { ...; return struct { ... }; }` is the type List, its
; comptime parameters are its type parameters, and the fns and fields of the struct it returns are its members
(function_declaration
  name: (identifier) @name
  (parameters) @type_parameters
  type: (builtin_type "type")
  body: (_ (_ (return_expression [(struct_declaration) (union_declaration) (opaque_declaration)])))) @definition.struct
(function_declaration
  name: (identifier) @name
  (parameters) @type_parameters
  type: (builtin_type "type")
  body: (_ (_ (return_expression (enum_declaration))))) @definition.enum

; fn inside a container: a method; `init` is the conventional constructor. These patterns name nothing: the
; function pattern below names every fn, and these, earlier, make it a method or a constructor (the earliest
; pattern decides what a node is); the fn is matched as the node with `fn` and `name:`, which tree-sitter does not
; analyse (a nested `(function_declaration ...)` step costs an analysis of that rule per pattern).
(struct_declaration (_ "fn" name: (identifier) @_init (#eq? @_init "init")) @definition.constructor)
(union_declaration (_ "fn" name: (identifier) @_init (#eq? @_init "init")) @definition.constructor)
(enum_declaration (_ "fn" name: (identifier) @_init (#eq? @_init "init")) @definition.constructor)
(opaque_declaration (_ "fn" name: (identifier) @_init (#eq? @_init "init")) @definition.constructor)
(struct_declaration (function_declaration) @definition.method)
(union_declaration (function_declaration) @definition.method)
(enum_declaration (function_declaration) @definition.method)
(opaque_declaration (function_declaration) @definition.method)

(function_declaration
  name: (identifier) @name
  (parameters) @parameters
  body: (block)? @body) @definition.function

(function_declaration
  [type: (_) @return_type "pub" @modifier "export" @modifier "extern" @modifier "inline" @modifier "noinline" @modifier])

; parameters: `self: *Self`, `comptime T: type`, `noalias p: *u8`, `anytype`, `...`
(parameters
  (parameter
    name: (_) @parameter.name
    type: (_) @parameter.type) @parameter)
(parameters
  (parameter
    !name) @parameter)

; ---- imports -----------------------------------------------------------------------

; const std = @import("std"); binds the imported file (the earliest pattern wins over the constant)
((variable_declaration
  (identifier) @name @import.namespace
  (builtin_function
    (builtin_identifier) @_import
    (arguments . (string (string_content) @import.source)))) @import @definition.import
  (#eq? @_import "@import")
  (#set! kind "static"))

; ---- constants and variables --------------------------------------------------------

; top-level `const` / `var`: constants (`var` keeps its keyword as a modifier)
(source_file
  (variable_declaration
    (identifier) @name
    type: (_)? @type
    "="
    .
    (_) @value) @definition.constant)
(source_file
  (variable_declaration
    (identifier) @name
    type: (_)? @type) @definition.constant)

; declarations inside a container: its properties (`const Self = @This();`, `pub var count: u32 = 0;`); the
; declaration is matched as the node with `const` or `var` (a variable_declaration), which tree-sitter does not analyse
(struct_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type
    "="
    .
    (_) @value) @definition.property)
(struct_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type) @definition.property)
(union_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type
    "="
    .
    (_) @value) @definition.property)
(union_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type) @definition.property)
(enum_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type
    "="
    .
    (_) @value) @definition.property)
(enum_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type) @definition.property)
(opaque_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type
    "="
    .
    (_) @value) @definition.property)
(opaque_declaration
  (_
    ["const" "var"]
    (identifier) @name
    type: (_)? @type) @definition.property)

(variable_declaration ["pub" "var" "export" "extern" "threadlocal"] @modifier)

; ---- references ---------------------------------------------------------------------

(call_expression function: [(identifier) @name (_ member: (identifier) @name)]) @reference.call
; types are expressions in Zig: an identifier in a type position (and inside `!T`, `?T`, `*T`, `[]T`, `[n]T`)
(parameter type: (identifier) @name) @reference.type
(function_declaration type: (identifier) @name) @reference.type
(container_field type: (identifier) @name) @reference.type
(variable_declaration type: (identifier) @name) @reference.type
((error_union_type (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
((nullable_type (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
((pointer_type (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
((slice_type (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
((array_type (identifier) @name) @reference.type (#match? @name "^[A-Z]"))

; ---- comments ----------------------------------------------------------------------

(comment) @comment
