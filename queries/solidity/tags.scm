; Solidity definitions, references, imports and comments (tree-sitter-solidity 1.2.13).
; Written for code-index after the grammar's queries/tags.scm. See queries/README.md.
; Parameters are direct children of their function (there is no parameter-list node), so a function is its own
; @parameters node.

; ---- types ------------------------------------------------------------------------

(contract_declaration
  name: (identifier) @name
  (inheritance_specifier ancestor: (_) @extends)?
  body: (_) @body) @definition.class
(contract_declaration "abstract" @modifier)

(interface_declaration
  name: (identifier) @name
  (inheritance_specifier ancestor: (_) @extends)?
  body: (_) @body) @definition.interface

(library_declaration
  name: (identifier) @name
  body: (_) @body) @definition.module

(struct_declaration name: (identifier) @name body: (_) @body) @definition.struct
(struct_member type: (_) @type name: (identifier) @name) @definition.property

(enum_declaration name: (identifier) @name body: (_) @body) @definition.enum
(enum_value) @name @definition.property

(user_defined_type_definition name: (identifier) @name) @definition.type

; events and custom errors are declarations with parameters
(event_definition name: (identifier) @name) @definition.event @parameters
(error_declaration name: (identifier) @name) @definition.error @parameters

; ---- functions --------------------------------------------------------------------

(source_file
  (function_definition
    name: (identifier) @name
    return_type: (_)? @return_type
    body: (_)? @body) @definition.function @parameters)

(function_definition
  name: (identifier) @name
  return_type: (_)? @return_type
  body: (_)? @body) @definition.method @parameters

(constructor_definition
  body: (_) @body
  (#set! name "constructor")) @definition.constructor @parameters

(fallback_receive_definition
  ["receive" "fallback"] @name
  body: (_) @body) @definition.method @parameters

(modifier_definition
  name: (identifier) @name
  body: (_)? @body) @definition.modifier @parameters

(function_definition (visibility) @modifier)
(function_definition (state_mutability) @modifier)
(function_definition (virtual) @modifier)
(function_definition (override_specifier) @modifier.override)
(function_definition (modifier_invocation) @decorator)
(constructor_definition (modifier_invocation) @decorator)
(fallback_receive_definition (visibility) @modifier)
(fallback_receive_definition (state_mutability) @modifier)
(modifier_definition (virtual) @modifier)

; ---- state variables and constants ------------------------------------------------

(state_variable_declaration
  type: (_) @type
  name: (identifier) @name
  value: (_)? @value) @definition.property
(state_variable_declaration (visibility) @modifier)
(state_variable_declaration ["constant" (immutable)] @modifier)

(constant_variable_declaration
  type: (_) @type
  name: (identifier) @name
  value: (_) @value) @definition.constant

; ---- parameters -------------------------------------------------------------------

(parameter type: (_) @parameter.type name: (identifier)? @parameter.name) @parameter
(event_parameter type: (_) @parameter.type name: (identifier)? @parameter.name) @parameter
(error_parameter type: (_) @parameter.type name: (identifier)? @parameter.name) @parameter

; ---- imports ----------------------------------------------------------------------

; import "./A.sol";
(import_directive . "import" . source: (string) @import.source) @import
; import {A, B as C} from "./A.sol";
(import_directive
  import_name: (identifier) @import.name @import.item
  .
  "as"?
  .
  alias: (identifier)? @import.alias
  source: (string) @import.source) @import
; import * as X from "./A.sol";  /  import "./A.sol" as X;
(import_directive "*" alias: (identifier) @import.namespace source: (string) @import.source) @import
(import_directive . "import" . source: (string) @import.source "as" alias: (identifier) @import.namespace) @import

; ---- references -------------------------------------------------------------------

(call_expression function: (expression (identifier) @name)) @reference.call
(call_expression function: (expression (member_expression property: (_) @name))) @reference.call
(emit_statement name: (expression (identifier) @name)) @reference.call
(revert_statement error: (expression (identifier) @name)) @reference.call
(modifier_invocation (identifier) @name) @reference.call
(inheritance_specifier ancestor: (user_defined_type (identifier) @name .)) @reference.class
(type_name (user_defined_type (identifier) @name .)) @reference.type
(using_directive (type_alias (identifier) @name)) @reference.type

; ---- comments ---------------------------------------------------------------------

(comment) @comment
