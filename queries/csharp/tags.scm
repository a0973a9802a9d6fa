; C# definitions, references, usings, comments and attributes (tree-sitter-c-sharp 0.23).
; Written for code-index, after the grammar authors' queries/tags.scm. See queries/README.md.
; Nested nodes under a field are wildcards with the fields that make them what they are (a member access
; `(_ expression: ... name: ...)`, a qualified name `(_ qualifier: ... name: ...)`, a parameter list `(_ (parameter))`):
; tree-sitter analyses every concrete node of a pattern that has children when it compiles the query (see
; queries/README.md, "Compile cost").

; ---- namespaces -------------------------------------------------------------------

(namespace_declaration
  name: (_) @name
  body: (_) @body) @definition.module

; `namespace Acme.Billing;` covers the rest of the file (no body node)
(file_scoped_namespace_declaration
  name: (_) @name) @definition.module

; ---- types ------------------------------------------------------------------------

(class_declaration
  name: (identifier) @name
  body: (_) @body) @definition.class

(struct_declaration
  name: (identifier) @name
  body: (_) @body) @definition.struct

; `record` and `record struct`; a positional record may have no body
(record_declaration
  "struct"
  name: (identifier) @name
  body: (_)? @body) @definition.struct

(record_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.class

(interface_declaration
  name: (identifier) @name
  body: (_) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (_) @body) @definition.enum

(enum_member_declaration
  name: (identifier) @name
  value: (_)? @value) @definition.property

(delegate_declaration
  type: (_) @return_type
  name: (identifier) @name
  parameters: (_) @parameters) @definition.type

; positional record parameters are properties
(record_declaration
  (parameter_list
    (parameter
      type: (_) @type
      name: (identifier) @name) @definition.property))

; type parameters, bases (an `I`-prefixed base is taken for an interface, by .NET naming convention)
(class_declaration (type_parameter_list) @type_parameters)
(struct_declaration (type_parameter_list) @type_parameters)
(record_declaration (type_parameter_list) @type_parameters)
(interface_declaration (type_parameter_list) @type_parameters)
(delegate_declaration (type_parameter_list) @type_parameters)

(class_declaration (base_list (_) @implements (#match? @implements "^I[A-Z]")))
(class_declaration (base_list (_) @extends (#not-match? @extends "^I[A-Z]")))
(record_declaration (base_list (_) @implements (#match? @implements "^I[A-Z]")))
(record_declaration (base_list (_) @extends (#not-match? @extends "^I[A-Z]")))
(struct_declaration (base_list (_) @implements))
(interface_declaration (base_list (_) @extends))

; ---- members ----------------------------------------------------------------------

(method_declaration
  returns: (_) @return_type
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  parameters: (_) @parameters
  body: (_)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  parameters: (_) @parameters
  body: (_)? @body) @definition.constructor

(destructor_declaration
  name: (identifier) @name
  parameters: (_) @parameters
  body: (_)? @body) @definition.method

(operator_declaration
  type: (_) @return_type
  operator: _ @name
  parameters: (_) @parameters
  body: (_)? @body) @definition.method

((indexer_declaration
  type: (_) @type
  parameters: (_) @parameters) @definition.property
  (#set! name "this[]"))

; `int X => expr;` / `int X { get; } = value;` / no value
(property_declaration
  type: (_) @type
  name: (identifier) @name
  value: (arrow_expression_clause (_) @value)) @definition.property
(property_declaration
  type: (_) @type
  name: (identifier) @name
  "="
  .
  value: (_) @value) @definition.property
(property_declaration
  type: (_) @type
  name: (identifier) @name) @definition.property

(field_declaration
  (variable_declaration
    type: (_) @type
    (variable_declarator
      name: (identifier) @name
      (_)? @value) @definition.property)) @declaration

(event_field_declaration
  (variable_declaration
    type: (_) @type
    (variable_declarator
      name: (identifier) @name) @definition.property))

(event_declaration
  type: (_) @type
  name: (identifier) @name) @definition.property

; modifiers and attributes (a field's belong to each of its declarators)
(field_declaration
  (modifier) @modifier
  (variable_declaration (variable_declarator name: (identifier) @name) @definition.property))
(field_declaration
  (attribute_list) @decorator
  (variable_declaration (variable_declarator name: (identifier) @name) @definition.property))
(event_field_declaration
  (modifier) @modifier
  (variable_declaration (variable_declarator name: (identifier) @name) @definition.property))
(class_declaration (modifier) @modifier)
(struct_declaration (modifier) @modifier)
(record_declaration (modifier) @modifier)
(interface_declaration (modifier) @modifier)
(enum_declaration (modifier) @modifier)
(delegate_declaration (modifier) @modifier)
(method_declaration (modifier) @modifier)
(constructor_declaration (modifier) @modifier)
(operator_declaration (modifier) @modifier)
(indexer_declaration (modifier) @modifier)
(property_declaration (modifier) @modifier)
(event_declaration (modifier) @modifier)
(class_declaration (attribute_list) @decorator)
(struct_declaration (attribute_list) @decorator)
(record_declaration (attribute_list) @decorator)
(interface_declaration (attribute_list) @decorator)
(enum_declaration (attribute_list) @decorator)
(method_declaration (attribute_list) @decorator)
(constructor_declaration (attribute_list) @decorator)
(property_declaration (attribute_list) @decorator)
(enum_member_declaration (attribute_list) @decorator)

; ---- parameters -------------------------------------------------------------------

(parameter
  type: (_)? @parameter.type
  name: (identifier) @parameter.name
  (_)? @parameter.default .) @parameter
; `params T[] xs` is not wrapped in a parameter node by this grammar: the `params` token stands for it
(parameter_list
  "params" @parameter @parameter.rest
  .
  type: (_) @parameter.type
  .
  name: (identifier) @parameter.name)
; ref/out/in/this (not on constructors: a constructor parameter with a modifier would read as a parameter property)
(method_declaration parameters: (_ (parameter (modifier) @parameter.modifier)))
(delegate_declaration parameters: (_ (parameter (modifier) @parameter.modifier)))
(local_function_statement parameters: (_ (parameter (modifier) @parameter.modifier)))

; ---- imports ----------------------------------------------------------------------

; using System.Text;  (every type of the namespace: a wildcard not written as `*`)
((using_directive
  .
  "using"
  .
  [(identifier) (qualified_name)] @import.source
  !name) @import
  (#set! import.name "*"))

; using static System.Math;  (every static member of the type: a wildcard too)
((using_directive
  "static"
  [(identifier) (qualified_name)] @import.source) @import
  (#set! import.name "*"))

; using Json = System.Text.Json;  /  using Line = Acme.Models.Item;  (the alias names the namespace or the type)
(using_directive
  name: (identifier) @import.namespace
  [(identifier) (qualified_name) (generic_name)] @import.source) @import

; ---- references -------------------------------------------------------------------

(invocation_expression
  function: [
    (identifier) @name
    (_ expression: (_) name: (identifier) @name)
    (generic_name (identifier) @name)
    (_ expression: (_) name: (generic_name (identifier) @name))
  ]) @reference.call

(object_creation_expression
  type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (_ qualifier: (_) name: (identifier) @name)
  ]) @reference.class

(base_list [(identifier) @name (generic_name (identifier) @name)] @reference.implementation)

(parameter type: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(variable_declaration type: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(property_declaration type: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(method_declaration returns: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(type_argument_list (identifier) @name @reference.type)

; ---- comments ---------------------------------------------------------------------

(comment) @comment
