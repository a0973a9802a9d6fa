; JavaScript's parameters (TypeScript wraps them in required_parameter: queries/typescript/locals.scm), for the
; JavaScript grammar only. Written for code-index.

(formal_parameters (identifier) @local.definition.parameter)
(formal_parameters (assignment_pattern left: (identifier) @local.definition.parameter))
(formal_parameters (rest_pattern (identifier) @local.definition.parameter))

; `xs.forEach(function (x) {...})`, `xs.map((x) => ...)`: the first parameter is an element of `xs` (locals.scm)
(call_expression
  function: (member_expression
    object: (_) @local.type.element
    property: (property_identifier) @_iterate)
  arguments: (arguments
    .
    [(arrow_function parameters: (formal_parameters . (identifier) @local.definition.parameter))
     (function_expression parameters: (formal_parameters . (identifier) @local.definition.parameter))])
  (#any-of? @_iterate "forEach" "map" "filter" "find" "findLast" "findIndex" "some" "every" "flatMap"))

; `const cache = createCache()`, `const cache = this.#cache`: the variable is what the call returns (its declared
; return type), or what the member is declared as (TypeScript's, without a type of their own: queries/typescript)
(variable_declarator
  name: (identifier) @local.definition.variable
  value: (call_expression function: (_) @local.type.call))
(variable_declarator
  name: (identifier) @local.definition.variable
  value: (member_expression) @local.type)
