; TypeScript scopes, bindings and name uses beyond JavaScript's (queries/javascript/locals.scm is loaded too):
; type parameters, typed parameters, type names. Written for code-index.

; ---- scopes ------------------------------------------------------------------------

[
  (abstract_class_declaration)
  (interface_declaration)
  (type_alias_declaration)
  (function_signature)
  (method_signature)
  (abstract_method_signature)
  (call_signature)
  (construct_signature)
  (function_type)
  (constructor_type)
  (index_signature)
  (conditional_type)
] @local.scope

; ---- bindings ----------------------------------------------------------------------

(type_parameter name: (type_identifier) @local.definition.type_parameter)
(infer_type (type_identifier) @local.definition.type_parameter)
(mapped_type_clause name: (type_identifier) @local.definition.type_parameter)

(required_parameter pattern: (identifier) @local.definition.parameter)
(optional_parameter pattern: (identifier) @local.definition.parameter)
(required_parameter pattern: (rest_pattern (identifier) @local.definition.parameter))

; declared types: a parameter's or a variable's members are its type's
(required_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(optional_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
(variable_declarator
  name: (identifier) @local.definition.variable
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))
; `x: Foo | undefined`, `x?: Foo | null`: the type is the first of a union of two
(required_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation (union_type . [(type_identifier) (generic_type) (nested_type_identifier)] @local.type)))
(optional_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation (union_type . [(type_identifier) (generic_type) (nested_type_identifier)] @local.type)))
(variable_declarator
  name: (identifier) @local.definition.variable
  type: (type_annotation (union_type . [(type_identifier) (generic_type) (nested_type_identifier)] @local.type)))
; `function f(this: SchedulerAction<T>)`: what `this` is inside
(required_parameter
  pattern: (this) @local.definition.parameter
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type))

; ---- uses --------------------------------------------------------------------------

(type_identifier) @local.reference.type

; `NS.Type`
(nested_type_identifier
  module: (_) @local.qualifier
  name: (type_identifier) @local.member)
