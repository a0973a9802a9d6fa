; JavaScript scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index; tree-sitter-javascript's own queries/locals.scm was the start.
; Functions, classes and imports are bound from the tags definitions and imports: only what they miss is here.

; ---- scopes ------------------------------------------------------------------------

[
  (statement_block)
  (function_declaration)
  (generator_function_declaration)
  (function_expression)
  (generator_function)
  (arrow_function)
  (method_definition)
  (for_statement)
  (for_in_statement)
  (catch_clause)
  (class)
  (class_declaration)
  (switch_body)
] @local.scope

; ---- bindings ----------------------------------------------------------------------

(variable_declarator name: (identifier) @local.definition.variable)
(variable_declarator
  name: (identifier) @local.definition.variable
  value: (new_expression constructor: [(identifier) (member_expression)] @local.type))

; a function or class expression's own name is bound inside it only (`exports.f = function f() { f() }`)
(function_expression name: (identifier) @local.definition.function)
(generator_function name: (identifier) @local.definition.function)
(class name: (_) @local.definition.class)

(arrow_function parameter: (identifier) @local.definition.parameter)
(catch_clause parameter: (identifier) @local.definition.variable)
(for_in_statement kind: _ left: (identifier) @local.definition.variable)

; destructuring, in declarations and parameters
(object_pattern (shorthand_property_identifier_pattern) @local.definition.variable)
; `const { a } = obj`: `a` is the member `a` of `obj`, typed as that member is declared
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @local.definition.variable)
  value: (_) @local.type.member)
(object_pattern (pair_pattern value: (identifier) @local.definition.variable))
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.definition.variable))
(object_pattern (rest_pattern (identifier) @local.definition.variable))
(array_pattern (identifier) @local.definition.variable)
(array_pattern (assignment_pattern left: (identifier) @local.definition.variable))
(array_pattern (rest_pattern (identifier) @local.definition.variable))

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(shorthand_property_identifier) @local.reference
; `this` is bound where a `this` parameter declares it (TypeScript), else it is the enclosing class
(this) @local.reference

; `a.b`, `this.b`, `a.b.c`, `this.#b`: a member of what the qualifier names
(member_expression
  object: (_) @local.qualifier
  property: [(property_identifier) (private_property_identifier)] @local.member)
; `(provider.delegate || Date).now`: a member of the first operand of a fallback (`||`, `??`)
(member_expression
  object: (parenthesized_expression (binary_expression left: (_) @local.qualifier operator: ["||" "??"]))
  property: [(property_identifier) (private_property_identifier)] @local.member)
; `f(x).b`: a member of what `f` returns (its declared return type)
(member_expression
  object: (call_expression function: (_) @local.qualifier.call)
  property: [(property_identifier) (private_property_identifier)] @local.member)

; ---- elements ----------------------------------------------------------------------

; `for (const query of queries)`, `xs.forEach((x) => ...)`: the name is an element of what the expression is (its
; declared array, set or map type's elements), when the name has no type of its own (parenthesized parameters are
; the grammar's own: locals-parameters.scm, queries/typescript/locals.scm)
(for_in_statement
  left: (identifier) @local.definition.variable
  operator: "of"
  right: (_) @local.type.element)
(call_expression
  function: (member_expression
    object: (_) @local.type.element
    property: (property_identifier) @_iterate)
  arguments: (arguments
    .
    (arrow_function parameter: (identifier) @local.definition.parameter))
  (#any-of? @_iterate "forEach" "map" "filter" "find" "findLast" "findIndex" "some" "every" "flatMap"))

; `const { error, data: value, retry = 3 } = state`: each key destructured is a use of the member of what the value is
(variable_declarator
  name: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  value: (_) @local.qualifier
  (#set! local.member.declares "true"))
