; Gleam definitions, references, imports and comments (tree-sitter-gleam via @cursorless/tree-sitter-wasms).
; Written for code-index after the grammar's queries/tags.scm. See queries/README.md.

; ---- functions --------------------------------------------------------------------

(function
  name: (identifier) @name
  parameters: (function_parameters) @parameters
  return_type: (_)? @return_type
  body: (_)? @body) @definition.function
(function (visibility_modifier) @modifier)

(function_parameters
  (function_parameter
    label: (label)? @parameter.prefix
    name: (_) @parameter.name
    type: (_)? @parameter.type) @parameter)

; external functions: `@external(erlang, "m", "f") fn now() -> Int` (no body)
(attribute) @decorator

; ---- types ------------------------------------------------------------------------

(type_definition
  (type_name name: (type_identifier) @name parameters: (_)? @type_parameters)
  (data_constructors) @body) @definition.enum
(type_definition (visibility_modifier) @modifier)
(type_definition (opacity_modifier) @modifier)
(data_constructor name: (constructor_name) @name arguments: (_)? @parameters) @definition.property
(data_constructor_argument label: (label)? @parameter.name value: (_) @parameter.type) @parameter

(type_alias
  (type_name name: (type_identifier) @name parameters: (_)? @type_parameters)
  .
  (_) @value .) @definition.type
(type_alias (visibility_modifier) @modifier)

; external types: `pub type Pid`
(external_type (type_name name: (type_identifier) @name)) @definition.type
(external_type (visibility_modifier) @modifier)

; ---- constants --------------------------------------------------------------------

(constant
  name: (identifier) @name
  type: (_)? @type
  value: (_) @value) @definition.constant
(constant (visibility_modifier) @modifier)

; ---- imports ----------------------------------------------------------------------

; import gleam/dict.{type Dict, insert} as d
(import
  module: (module) @import.source
  alias: (identifier)? @import.namespace) @import
(import
  module: (module) @import.source
  imports: (unqualified_imports
    (unqualified_import
      name: (_) @import.name
      alias: (_)? @import.alias) @import.item)) @import
(unqualified_import "type" @import.type)

; ---- references -------------------------------------------------------------------

(function_call function: (identifier) @name) @reference.call
(function_call function: (field_access field: (label) @name)) @reference.call
(record name: (constructor_name) @name) @reference.class
(type name: (type_identifier) @name) @reference.type
(remote_type_identifier name: (type_identifier) @name) @reference.type

; ---- comments ---------------------------------------------------------------------

[(module_comment) (statement_comment) (comment)] @comment
