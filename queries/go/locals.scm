; Go scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index from the Go specification's blocks and declarations. Functions, types,
; package-level constants and variables and imports are bound from the tags definitions and imports: only what they
; miss is here.

; ---- scopes ------------------------------------------------------------------------
; A function's parameters, results and receiver share its body's block (`x, err := f()` at the top of a body
; assigns a named result `err`): the body is not a scope of its own. Statements with an init clause are implicit
; blocks; each clause of a switch or select is one.

[
  (function_declaration)
  (method_declaration)
  (func_literal)
  (method_elem)
  (function_type)
  (type_spec)
  (struct_type)
  (interface_type)
  (if_statement)
  (for_statement)
  (expression_switch_statement)
  (type_switch_statement)
  (select_statement)
  (expression_case)
  (default_case)
  (type_case)
  (communication_case)
] @local.scope

(if_statement consequence: (block) @local.scope)
(if_statement alternative: (block) @local.scope)
(for_statement body: (block) @local.scope)
(statement_list (block) @local.scope)
(labeled_statement (block) @local.scope)

; The package clause names the package in no scope: its own scope holds it.
(package_clause) @local.scope

; ---- bindings ----------------------------------------------------------------------

; parameters, results and receivers; a declared type's members are the parameter's
(parameter_declaration name: (identifier) @local.definition.parameter)
(variadic_parameter_declaration name: (identifier) @local.definition.parameter)
(parameter_declaration
  name: (identifier) @local.definition.parameter
  type: [
    (type_identifier) @local.type
    (qualified_type) @local.type
    (generic_type type: (_) @local.type)
    (pointer_type [(type_identifier) (qualified_type)] @local.type)
    (pointer_type (generic_type type: (_) @local.type))
  ])

; a slice or array of a type: its elements' type (a slice has no members of its own, so its element stands for it:
; `for _, x := range xs`, `x := xs[i]` are of that type)
(parameter_declaration
  name: (identifier) @local.definition.parameter
  type: [
    (slice_type element: [(type_identifier) (qualified_type)] @local.type)
    (slice_type element: (pointer_type [(type_identifier) (qualified_type)] @local.type))
    (array_type element: [(type_identifier) (qualified_type)] @local.type)
    (array_type element: (pointer_type [(type_identifier) (qualified_type)] @local.type))
  ])

; type parameters, and those a method's receiver names (`func (c *Cache[K, V]) Get(k K)`)
(type_parameter_declaration name: (identifier) @local.definition.type_parameter)
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @local.definition.type_parameter)))
        (pointer_type (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @local.definition.type_parameter))))
      ])))

; `x := ...`: visible after the statement (`x := x` reads the outer `x`); a name the block already declares is
; assigned again
((short_var_declaration
  left: (expression_list (identifier) @local.definition.variable)) @local.after
  (#set! local.redeclares "true"))

; `x := Foo{}`, `x := &pkg.Foo{}`, `x := new(Foo)`: of that type; `x := NewFoo()`, `x, err := pkg.Open()`: of the
; type the function is declared to return (its first result)
(short_var_declaration
  left: (expression_list . (identifier) @local.definition.variable)
  right: (expression_list
    . [
      (composite_literal type: [(type_identifier) (qualified_type)] @local.type)
      (composite_literal type: (generic_type type: (_) @local.type))
      (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.type))
      (unary_expression operator: "&" operand: (composite_literal type: (generic_type type: (_) @local.type)))
      (call_expression
        function: (identifier) @_new
        arguments: (argument_list . [(type_identifier) (qualified_type)] @local.type .)
        (#eq? @_new "new"))
      (type_assertion_expression type: [(type_identifier) (qualified_type)] @local.type)
      (type_assertion_expression type: (pointer_type [(type_identifier) (qualified_type)] @local.type))
    ]))
(short_var_declaration
  left: (expression_list . (identifier) @local.definition.variable)
  right: (expression_list
    . (call_expression
      function: [(identifier) (selector_expression)] @local.type.call
      (#not-eq? @local.type.call "new"))))

; `x := y.f`, `x := pkg.V`: of the field's or variable's declared type; `x := xs[i]`, `x := &xs[i]`: of what the
; elements of `xs` are
(short_var_declaration
  left: (expression_list . (identifier) @local.definition.variable .)
  right: (expression_list
    . [
      (selector_expression) @local.type
      (index_expression operand: [(identifier) (selector_expression)] @local.type)
      (unary_expression operator: "&" operand: (index_expression operand: [(identifier) (selector_expression)] @local.type))
    ] .))

; `i, x := 0, NewFoo()`: the second name, of what the second value is
(short_var_declaration
  left: (expression_list . (identifier) . (identifier) @local.definition.variable)
  right: (expression_list
    . (_) .
    [
      (composite_literal type: [(type_identifier) (qualified_type)] @local.type)
      (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.type))
    ]))
(short_var_declaration
  left: (expression_list . (identifier) . (identifier) @local.definition.variable)
  right: (expression_list
    . (_) .
    (call_expression
      function: [(identifier) (selector_expression)] @local.type.call
      (#not-eq? @local.type.call "new"))))

; `var x T`, `var x = Foo{}` (package-level ones are tags definitions: this adds their type) and local constants
((var_spec name: (identifier) @local.definition.variable) @local.after)
(var_spec
  name: (identifier) @local.definition.variable
  type: [
    (type_identifier) @local.type
    (qualified_type) @local.type
    (generic_type type: (_) @local.type)
    (pointer_type [(type_identifier) (qualified_type)] @local.type)
    (pointer_type (generic_type type: (_) @local.type))
  ])
(var_spec
  name: (identifier) @local.definition.variable
  type: [
    (slice_type element: [(type_identifier) (qualified_type)] @local.type)
    (slice_type element: (pointer_type [(type_identifier) (qualified_type)] @local.type))
    (array_type element: [(type_identifier) (qualified_type)] @local.type)
    (array_type element: (pointer_type [(type_identifier) (qualified_type)] @local.type))
  ])
(var_spec
  name: (identifier) @local.definition.variable
  !type
  value: (expression_list
    . [
      (composite_literal type: [(type_identifier) (qualified_type)] @local.type)
      (composite_literal type: (generic_type type: (_) @local.type))
      (unary_expression operator: "&" operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.type))
      (unary_expression operator: "&" operand: (composite_literal type: (generic_type type: (_) @local.type)))
    ]))
(var_spec
  name: (identifier) @local.definition.variable
  !type
  value: (expression_list
    . (call_expression
      function: [(identifier) (selector_expression)] @local.type.call
      (#not-eq? @local.type.call "new"))))
((const_spec (identifier) @local.definition.constant) @local.after)
; `const x T = ...`, `const x = pkg.Path("math")` (a conversion: of that type)
(const_spec
  name: (identifier) @local.definition.constant
  type: [(type_identifier) (qualified_type)] @local.type)
(const_spec
  name: (identifier) @local.definition.constant
  !type
  value: (expression_list
    . (call_expression
      function: [(identifier) (selector_expression)] @local.type.call)))

; loop variables: `for i, v := range xs` (`range v` reads the outer `v`), `for i := 0; ...`
((range_clause
  left: (expression_list (identifier) @local.definition.variable)
  ":=") @local.after)

; `for _, x := range xs`, `for _, x := range s.items`: of the elements' type; `range m.Fields()`: of what the call
; returns
(range_clause
  left: (expression_list . (_) . (identifier) @local.definition.variable .)
  right: [(identifier) (selector_expression)] @local.type)
(range_clause
  left: (expression_list . (_) . (identifier) @local.definition.variable .)
  right: (call_expression
    function: [(identifier) (selector_expression)] @local.type.call))

; `switch v := x.(type)`: `v` in every clause; `case v, ok := <-ch`
(type_switch_statement
  alias: (expression_list (identifier) @local.definition.variable)
  value: (_) @local.after)
((receive_statement
  left: (expression_list (identifier) @local.definition.variable)
  ":=") @local.after)

; labels, visible in the whole function
(labeled_statement label: (label_name) @local.definition.label)

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(type_identifier) @local.reference.type
(package_identifier) @local.reference
(label_name) @local.reference

; `x.f`, `pkg.F`, `a.b.c`: a member of what the qualifier names
(selector_expression
  operand: (_) @local.qualifier
  field: (field_identifier) @local.member)
; `x.(T).M()`, `x.(*pkg.T).M()`: a member of the asserted type
(selector_expression
  operand: (type_assertion_expression type: [(type_identifier) (qualified_type)] @local.qualifier)
  field: (field_identifier) @local.member)
(selector_expression
  operand: (type_assertion_expression type: (pointer_type [(type_identifier) (qualified_type)] @local.qualifier))
  field: (field_identifier) @local.member)
; `T{...}.M()`, `pkg.Options{...}.M()`: a member of the literal's type
(selector_expression
  operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.qualifier)
  field: (field_identifier) @local.member)
; `new(T).M()`: a member of `T`
(selector_expression
  operand: (call_expression
    function: (identifier) @_new
    arguments: (argument_list . [(type_identifier) (qualified_type)] @local.qualifier .)
    (#eq? @_new "new"))
  field: (field_identifier) @local.member)
; `(*T)(x).M()`: a member of the type converted to
(selector_expression
  operand: (call_expression
    function: (parenthesized_expression
      (unary_expression operator: "*" operand: [(identifier) (selector_expression)] @local.qualifier)))
  field: (field_identifier) @local.member)
; `f(x).M()`: a member of what `f` returns (`new(T)`: above)
((selector_expression
  operand: (call_expression function: (_) @local.qualifier.call)
  field: (field_identifier) @local.member)
  (#not-eq? @local.qualifier.call "new"))
; `pkg.Type`
(qualified_type
  package: (package_identifier) @local.qualifier
  name: (type_identifier) @local.member)
; `Foo{Name: x}`: the key is a field of the literal's type
(composite_literal
  type: [(type_identifier) (qualified_type)] @local.qualifier
  body: (literal_value (keyed_element key: (literal_element (identifier) @local.member))))
