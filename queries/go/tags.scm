; Go definitions, details, references and imports (grammar: tree-sitter-go@0.25.0, its own wasm).
; Written for code-index; started from the tags.scm that tree-sitter-go ships.

; ---- the package ---------------------------------------------------------------
; `package session`: the file's package (its name is in no scope; the module system groups a folder's files by it),
; with the file's build constraints (`//go:build linux && !purego`, `// +build ...`) as modifiers

(package_clause (package_identifier) @name @definition.package)
; (only comments between the constraint and the clause: an unanchored sibling pattern is quadratic in the file's
; top-level comments)
((source_file
  (comment) @modifier
  .
  (comment)*
  .
  (package_clause (package_identifier) @name @definition.package))
  (#match? @modifier "^//(go:build|\\s*\\+build)\\s"))

; ---- functions and methods --------------------------------------------------

(function_declaration
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  parameters: (parameter_list) @parameters
  result: (_)? @return_type
  body: (block)? @body) @definition.function

; func (s *Server) Start(ctx context.Context) error: joins `type Server struct` of the same file
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name
  parameters: (parameter_list) @parameters
  result: (_)? @return_type
  body: (block)? @body) @definition.method

; interface method specs (declaration-only methods of the interface)
(method_elem
  name: (field_identifier) @name
  parameters: (parameter_list) @parameters
  result: (_)? @return_type) @definition.method

; ---- parameters ---------------------------------------------------------------
; One name: `ctx context.Context`. Several names sharing a type (`a, b int`) are one parameter per name (each
; match adds a name) written once in the signature; unnamed parameters (`int`) are their type.

(parameter_list
  (parameter_declaration
    name: (identifier) @parameter.name
    type: (_) @parameter.type) @parameter)
(parameter_list
  (parameter_declaration
    . type: (_) .) @parameter)
(parameter_list
  (variadic_parameter_declaration
    name: (identifier)? @parameter.name
    "..." @parameter.rest
    type: (_) @parameter.type) @parameter)

; ---- types --------------------------------------------------------------------

(type_declaration
  (type_spec
    name: (type_identifier) @name
    type_parameters: (_)? @type_parameters
    type: (struct_type (field_declaration_list) @body)) @definition.struct)

; embedded fields are the struct's bases: their fields and methods are promoted (`x.Promoted()`); `*Base`,
; `pkg.Base` and `Base[T]` name `Base`
(type_declaration
  (type_spec
    name: (type_identifier) @name
    type: (struct_type
      (field_declaration_list
        (field_declaration
          !name
          type: [
            (type_identifier) @extends
            (qualified_type) @extends
            (generic_type type: (_) @extends)
          ])))) @definition.struct)

(type_declaration
  (type_spec
    name: (type_identifier) @name
    type_parameters: (_)? @type_parameters
    type: (interface_type) @body) @definition.interface)

(type_declaration
  (type_spec
    name: (type_identifier) @name
    type_parameters: (_)? @type_parameters
    type: (_) @value) @definition.type)

(type_declaration
  (type_alias
    name: (type_identifier) @name
    type: (_) @value) @definition.type)

; embedded interfaces and constraints: `io.Reader`, `~int | ~string` (in the definition's own pattern: the
; interface type is its body)
(type_declaration
  (type_spec
    name: (type_identifier) @name
    type: (interface_type (type_elem) @extends)) @definition.interface)

; struct fields: each name is its own property (`X, Y int` gives X and Y)
(field_declaration_list
  (field_declaration
    name: (field_identifier) @name @definition.property
    type: (_) @type))

; embedded fields: `sync.Mutex`, `*Base`, `*Cache[K, V]` are named after the type (a pointer's `*` is a token of the
; field, before its type); `embedded`: the name is also a use of the type
(field_declaration_list
  (field_declaration
    !name
    "*"? @type.part
    type: [
      (type_identifier) @name @modifier.embedded
      (qualified_type name: (type_identifier) @name @modifier.embedded)
      (generic_type type: (type_identifier) @name @modifier.embedded)
      (generic_type type: (qualified_type name: (type_identifier) @name @modifier.embedded))
    ] @type) @definition.property)

; ---- constants and package-level variables -------------------------------------

; (`const A, B = 1, 2` declares two: the names are matched by node type, as a query on the repeated `name:` field
; of const_spec yields only the first)
(source_file
  (const_declaration
    (const_spec
      (identifier) @name @definition.constant
      type: (_)? @type
      value: (_)? @value)))

(source_file
  (var_declaration
    [(var_spec
      name: (identifier) @name @definition.constant
      type: (_)? @type
      value: (_)? @value)
     (var_spec_list
      (var_spec
        name: (identifier) @name @definition.constant
        type: (_)? @type
        value: (_)? @value))]))

; ---- imports --------------------------------------------------------------------

; import "fmt" / import "example.com/app/store/v2": binds the package by the name the go tool assumes from the path
; (its last element, without a `/vN` major version, a `go-` prefix or what follows a character that cannot be in an
; identifier: `gopkg.in/yaml.v3` is `yaml`)
((import_spec
  !name
  path: (_ (interpreted_string_literal_content) @import.source @import.namespace)) @import
  (#set! kind "static")
  (#set! strip.import.namespace "^(?:.*?/)?(?:go-)?(?=[^/]+(?:/v[0-9]+)?$)|[^\\p{L}\\p{N}_/][^/]*(?:/v[0-9]+)?$|/v[0-9]+$"))

; import f "fmt": the alias names the whole package
((import_spec
  name: (package_identifier) @import.namespace
  path: (_ (interpreted_string_literal_content) @import.source)) @import
  (#set! kind "static"))

; import . "fmt": its exported names are the file's (a wildcard)
((import_spec
  name: (dot) @import.name
  path: (_ (interpreted_string_literal_content) @import.source)) @import
  (#set! kind "static")
  (#set! import.name "*"))

; import _ "embed": for its side effects only
((import_spec
  name: (blank_identifier)
  path: (_ (interpreted_string_literal_content) @import.source)) @import
  (#set! kind "side-effect"))

; ---- references ------------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (parenthesized_expression (identifier) @name)
    (selector_expression field: (field_identifier) @name)
    (parenthesized_expression (selector_expression field: (field_identifier) @name))
  ]) @reference.call

(type_identifier) @name @reference.type

; ---- comments ---------------------------------------------------------------------

(comment) @comment
