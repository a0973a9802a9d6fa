; C# scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index (tree-sitter-c-sharp 0.23). Types, members, namespaces and usings are
; bound from the tags definitions and imports; what they miss is here: parameters, local variables, pattern and out
; variables, and the members of a type, which C# code names bare inside the type's body (`Save()` is `this.Save()`).
; `this` and `base` are anonymous tokens of a member access in this grammar (no expression node): captured as such.

; ---- scopes ------------------------------------------------------------------------

[
  ; a type: its type parameters, then its body, where its members are bare names
  (class_declaration)
  (struct_declaration)
  (record_declaration)
  (interface_declaration)
  (enum_declaration)
  (enum_member_declaration_list)
  ; code
  (method_declaration)
  (constructor_declaration)
  (destructor_declaration)
  (operator_declaration)
  (indexer_declaration)
  (accessor_declaration)
  (local_function_statement)
  (lambda_expression)
  (anonymous_method_expression)
  (block)
  (for_statement)
  (foreach_statement)
  (using_statement)
  (fixed_statement)
  (catch_clause)
  (switch_section)
  (switch_expression_arm)
] @local.scope

; ---- members of a type, bare names in its body -------------------------------------

; (a method and a nested type are scopes of their own: their names are bound in the scope outside them)
((declaration_list (method_declaration name: (identifier) @local.definition.method)) (#set! local.scope "parent"))
(declaration_list (property_declaration name: (identifier) @local.definition.field))
(declaration_list
  (property_declaration
    type: [(identifier) (generic_name) (qualified_name)] @local.type
    name: (identifier) @local.definition.field))
(declaration_list (event_declaration name: (identifier) @local.definition.field))
(field_declaration (variable_declaration (variable_declarator name: (identifier) @local.definition.field)))
(field_declaration
  (variable_declaration
    type: [(identifier) (generic_name) (qualified_name)] @local.type
    (variable_declarator name: (identifier) @local.definition.field)))
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @local.definition.field)))
(enum_member_declaration name: (identifier) @local.definition.constant)

; nested types (a namespace's body is a declaration_list too: its types are bound by their definitions)
((class_declaration body: (declaration_list [
    (class_declaration name: (identifier) @local.definition.class)
    (struct_declaration name: (identifier) @local.definition.class)
    (record_declaration name: (identifier) @local.definition.class)
    (interface_declaration name: (identifier) @local.definition.class)
    (enum_declaration name: (identifier) @local.definition.class)
    (delegate_declaration name: (identifier) @local.definition.class)
  ]))
  (#set! local.scope "parent"))
((struct_declaration body: (declaration_list [
    (class_declaration name: (identifier) @local.definition.class)
    (struct_declaration name: (identifier) @local.definition.class)
    (record_declaration name: (identifier) @local.definition.class)
    (interface_declaration name: (identifier) @local.definition.class)
    (enum_declaration name: (identifier) @local.definition.class)
    (delegate_declaration name: (identifier) @local.definition.class)
  ]))
  (#set! local.scope "parent"))
((record_declaration body: (declaration_list [
    (class_declaration name: (identifier) @local.definition.class)
    (struct_declaration name: (identifier) @local.definition.class)
    (record_declaration name: (identifier) @local.definition.class)
    (interface_declaration name: (identifier) @local.definition.class)
    (enum_declaration name: (identifier) @local.definition.class)
    (delegate_declaration name: (identifier) @local.definition.class)
  ]))
  (#set! local.scope "parent"))
((interface_declaration body: (declaration_list [
    (class_declaration name: (identifier) @local.definition.class)
    (struct_declaration name: (identifier) @local.definition.class)
    (record_declaration name: (identifier) @local.definition.class)
    (interface_declaration name: (identifier) @local.definition.class)
    (enum_declaration name: (identifier) @local.definition.class)
    (delegate_declaration name: (identifier) @local.definition.class)
  ]))
  (#set! local.scope "parent"))

; ---- bindings ----------------------------------------------------------------------

(type_parameter name: (identifier) @local.definition.type_parameter)

; parameters (a positional record's too: they are visible in its body), with their declared types
(parameter name: (identifier) @local.definition.parameter)
(parameter
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  name: (identifier) @local.definition.parameter)
(lambda_expression parameters: (implicit_parameter) @local.definition.parameter)

; local functions: visible in their whole block (the function is a scope of its own)
((local_function_statement name: (identifier) @local.definition.function) (#set! local.scope "parent"))

; local variables (and `for`, `using`, `fixed` declarations): `Foo x`, and `var x = new Foo()`
(variable_declaration (variable_declarator name: (identifier) @local.definition.variable))
(variable_declaration
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  (variable_declarator name: (identifier) @local.definition.variable))
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @local.definition.variable
    (object_creation_expression type: [(identifier) (generic_name) (qualified_name)] @local.type)))
(foreach_statement left: (identifier) @local.definition.variable)
(foreach_statement
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  left: (identifier) @local.definition.variable)
(catch_declaration name: (identifier) @local.definition.variable)
(catch_declaration
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  name: (identifier) @local.definition.variable)

; pattern variables: `x is Foo f`, `case Foo f:`, `x is Foo { } f`, `var v`; out variables `out var n`, `out Foo f`
(declaration_pattern name: (identifier) @local.definition.variable)
(declaration_pattern
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  name: (identifier) @local.definition.variable)
(recursive_pattern name: (identifier) @local.definition.variable)
(recursive_pattern
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  name: (identifier) @local.definition.variable)
(var_pattern name: (identifier) @local.definition.variable)
(declaration_expression name: (identifier) @local.definition.variable)
(declaration_expression
  type: [(identifier) (generic_name) (qualified_name)] @local.type
  name: (identifier) @local.definition.variable)

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference

; `a.b`, `Type.b`, `A.B.c`, `a.b()`: a member of what the qualifier names; `this.b`, `base.b`
(member_access_expression expression: (_) @local.qualifier name: [(identifier) @local.member (generic_name (identifier) @local.member)])
(member_access_expression "this" @local.qualifier name: (identifier) @local.member)
(member_access_expression "base" @local.qualifier name: (identifier) @local.member)
; `Outer.Inner` as a type
(qualified_name qualifier: (_) @local.qualifier name: [(identifier) @local.member (generic_name (identifier) @local.member)])
; `f().b`, `a.f().b`: a member of what `f` is declared to return (the call is captured: its callee is two nodes)
(member_access_expression
  expression: (invocation_expression arguments: (_)? @local.qualifier.arguments) @local.qualifier.invocation
  name: (identifier) @local.member)
