; Java scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index (tree-sitter-java 0.23). Types, methods and imports are bound from the
; tags definitions and imports; what they miss is here: parameters, local variables, pattern variables, and the
; members of a type, which Java code names bare inside the type's body (`save()` is `this.save()`).

; ---- scopes ------------------------------------------------------------------------

[
  ; a type: its type parameters, then its body, where its members are bare names
  (class_declaration)
  (interface_declaration)
  (enum_declaration)
  (record_declaration)
  (annotation_type_declaration)
  (class_body)
  (interface_body)
  (enum_body)
  (annotation_type_body)
  ; code
  (method_declaration)
  (constructor_declaration)
  (compact_constructor_declaration)
  (lambda_expression)
  (block)
  (constructor_body)
  (for_statement)
  (enhanced_for_statement)
  (catch_clause)
  (try_with_resources_statement)
  (switch_block)
  (switch_rule)
] @local.scope

; ---- members of a type, bare names in its body -------------------------------------

; (a method and a nested type are scopes of their own: their names are bound in the scope outside them)
((class_body (method_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
((interface_body (method_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
((enum_body_declarations (method_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
(annotation_type_body (annotation_type_element_declaration name: (identifier) @local.definition.method))

(field_declaration declarator: (variable_declarator name: (identifier) @local.definition.field))
(field_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  declarator: (variable_declarator name: (identifier) @local.definition.field))
(constant_declaration declarator: (variable_declarator name: (identifier) @local.definition.constant))
(constant_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  declarator: (variable_declarator name: (identifier) @local.definition.constant))
(enum_constant name: (identifier) @local.definition.constant)

; nested types
((class_body (class_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((class_body (interface_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((class_body (enum_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((class_body (record_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((class_body (annotation_type_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((interface_body (class_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((interface_body (interface_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((interface_body (enum_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((interface_body (record_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((interface_body (annotation_type_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((enum_body_declarations (class_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((enum_body_declarations (interface_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((enum_body_declarations (enum_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((enum_body_declarations (record_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((enum_body_declarations (annotation_type_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))

; ---- bindings ----------------------------------------------------------------------

(type_parameter (type_identifier) @local.definition.type_parameter)

; parameters (a record's components too: they are visible in its body), with their declared types (a primitive's
; and an array's too: they pick among overloads, `warning(int pos, ...)`)
(formal_parameter name: (identifier) @local.definition.parameter)
(formal_parameter
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  name: (identifier) @local.definition.parameter)
(spread_parameter (variable_declarator name: (identifier) @local.definition.parameter))
(catch_formal_parameter name: (identifier) @local.definition.variable)
(catch_formal_parameter
  (catch_type . [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type .)
  name: (identifier) @local.definition.variable)
(inferred_parameters (identifier) @local.definition.parameter)
(lambda_expression parameters: (identifier) @local.definition.parameter)

; local variables: `Foo x`, and `var x = new Foo()`
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local.definition.variable))
((local_variable_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  declarator: (variable_declarator name: (identifier) @local.definition.variable))
  (#not-eq? @local.type "var"))
((local_variable_declaration
  type: (type_identifier) @_var
  declarator: (variable_declarator
    name: (identifier) @local.definition.variable
    value: (object_creation_expression type: [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type)))
  (#eq? @_var "var"))
(enhanced_for_statement name: (identifier) @local.definition.variable)
((enhanced_for_statement
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  name: (identifier) @local.definition.variable)
  (#not-eq? @local.type "var"))
(resource name: (identifier) @local.definition.variable)
((resource
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (integral_type) (floating_point_type) (boolean_type) (array_type)] @local.type
  name: (identifier) @local.definition.variable)
  (#not-eq? @local.type "var"))

; pattern variables: `x instanceof Foo f`, `case Foo f ->`, `case Point(int x, var y) ->`
(instanceof_expression
  right: [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type
  name: (identifier) @local.definition.variable)
(type_pattern [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type (identifier) @local.definition.variable)
(type_pattern (identifier) @local.definition.variable)
(record_pattern_component (identifier) @local.definition.variable)

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(type_identifier) @local.reference.type

; `a.b`, `this.b`, `Type.b`, `a.b()`: a member of what the qualifier names
(field_access object: (_) @local.qualifier field: (identifier) @local.member)
(method_invocation object: (_) @local.qualifier name: (identifier) @local.member)
; `Type::method`, `this::method`
(method_reference (_) @local.qualifier (identifier) @local.member .)
; `Outer.Inner` as a type
(scoped_type_identifier (_) @local.qualifier . (type_identifier) @local.member .)
; `f().b`, `a.f().b`: a member of what `f` is declared to return (the call is captured: its callee is two nodes)
(method_invocation object: (method_invocation arguments: (_)? @local.qualifier.arguments) @local.qualifier.invocation name: (identifier) @local.member)
(field_access object: (method_invocation arguments: (_)? @local.qualifier.arguments) @local.qualifier.invocation field: (identifier) @local.member)
