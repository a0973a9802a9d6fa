; Kotlin scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index (@tree-sitter-grammars/tree-sitter-kotlin 1.1). Top-level declarations
; and imports are bound from the tags definitions and imports; what they miss is here: parameters, local variables,
; loop, catch and `when` variables, lambda parameters, and the members of a class, object or companion object,
; which Kotlin code names bare inside the class's body (`save()` is `this.save()`).

; ---- scopes ------------------------------------------------------------------------

[
  ; a class: its type and primary constructor parameters, then its body, where its members are bare names
  (class_declaration)
  (object_declaration)
  (enum_class_body)
  ; code
  (function_declaration)
  (secondary_constructor)
  (anonymous_function)
  (lambda_literal)
  (block)
  (for_statement)
  (catch_block)
  (when_expression)
] @local.scope

; a class's and an object's body (a companion object's is no scope: its members are bare names in its class's body)
(class_declaration (class_body) @local.scope)
(object_declaration (class_body) @local.scope)

; ---- members of a class, bare names in its body ------------------------------------

; (a function and a nested class are scopes of their own: their names are bound in the scope outside them)
((class_body (function_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
((enum_class_body (function_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
((class_body (class_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
((class_body (object_declaration name: (identifier) @local.definition.class)) (#set! local.scope "parent"))
(class_body (property_declaration (variable_declaration (identifier) @local.definition.field)))
(class_body (property_declaration (variable_declaration (identifier) @local.definition.field (user_type) @local.type)))
(enum_class_body (property_declaration (variable_declaration (identifier) @local.definition.field)))
(enum_class_body (enum_entry . (identifier) @local.definition.constant))

; a companion object's members are bare names in its class's body too
(companion_object (class_body (property_declaration (variable_declaration (identifier) @local.definition.constant))))
((companion_object (class_body (function_declaration name: (identifier) @local.definition.method)))
  (#set! local.scope "parent"))

; ---- bindings ----------------------------------------------------------------------

(type_parameter (identifier) @local.definition.type_parameter)

; parameters, with their declared types; a primary constructor's are visible in the whole class (`val` ones are
; properties)
(class_parameter (identifier) @local.definition.parameter)
(class_parameter (identifier) @local.definition.parameter . (user_type) @local.type)
(function_value_parameters (parameter (identifier) @local.definition.parameter))
(function_value_parameters (parameter (identifier) @local.definition.parameter . (user_type) @local.type))
(lambda_parameters (variable_declaration (identifier) @local.definition.parameter))
(lambda_parameters (variable_declaration (identifier) @local.definition.parameter . (user_type) @local.type))
(lambda_parameters (multi_variable_declaration (variable_declaration (identifier) @local.definition.parameter)))

; local variables: `val x: Foo`, `val x = Foo(...)` (a capitalized callee is a constructor), `val (a, b) = p`
(block (property_declaration (variable_declaration (identifier) @local.definition.variable)))
(block (property_declaration (variable_declaration (identifier) @local.definition.variable . (user_type) @local.type)))
((block (property_declaration
  (variable_declaration (identifier) @local.definition.variable .)
  (call_expression . (identifier) @local.type)))
  (#match? @local.type "^[A-Z]"))
(block (property_declaration (multi_variable_declaration (variable_declaration (identifier) @local.definition.variable))))
(lambda_literal (property_declaration (variable_declaration (identifier) @local.definition.variable)))
(lambda_literal (property_declaration (variable_declaration (identifier) @local.definition.variable . (user_type) @local.type)))
(for_statement (variable_declaration (identifier) @local.definition.variable))
(for_statement (multi_variable_declaration (variable_declaration (identifier) @local.definition.variable)))
(catch_block (identifier) @local.definition.variable)
(catch_block (identifier) @local.definition.variable . (user_type) @local.type)
(when_subject (variable_declaration (identifier) @local.definition.variable))

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference

; `a.b`, `this.b`, `Type.b`, `a.b()`: a member of what the qualifier names
(navigation_expression (_) @local.qualifier . (identifier) @local.member .)
; `Type::method`, `this::method`
(callable_reference (_) @local.qualifier . (identifier) @local.member .)
; `Outer.Inner` as a type
(user_type (identifier) @local.qualifier . (identifier) @local.member .)
; `f().b`, `a.f().b`: a member of what `f` is declared to return
(navigation_expression (call_expression . (_) @local.qualifier.call) . (identifier) @local.member .)
