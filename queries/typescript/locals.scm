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
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (lookup_type)] @local.type))
(optional_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (lookup_type)] @local.type))
(variable_declarator
  name: (identifier) @local.definition.variable
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (lookup_type)] @local.type))
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
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier) (lookup_type)] @local.type))

; ---- uses --------------------------------------------------------------------------

(type_identifier) @local.reference.type

; `NS.Type`
(nested_type_identifier
  module: (_) @local.qualifier
  name: (type_identifier) @local.member)

; `xs.forEach((x) => ...)` with TypeScript's parameter nodes: an untyped first parameter is an element of `xs`
(call_expression
  function: (member_expression
    object: (_) @local.type.element
    property: (property_identifier) @_iterate)
  arguments: (arguments
    .
    [(arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @local.definition.parameter !type)))
     (function_expression parameters: (formal_parameters . (required_parameter pattern: (identifier) @local.definition.parameter !type)))])
  (#any-of? @_iterate "forEach" "map" "filter" "find" "findLast" "findIndex" "some" "every" "flatMap"))

; `$constructor("Name", (inst, def) => ...)`, `new Observable((subscriber) => ...)`, `operate((source, subscriber) =>
; ...)`: an untyped parameter of a function passed as an argument is typed by the callee's declared parameter at that
; argument (the parameter of the function type it is declared as); `forEach`-like callbacks take their elements above
(call_expression
  function: (identifier) @local.type.argument
  arguments: (arguments
    [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))
     (arrow_function parameter: (identifier) @local.definition.parameter)
     (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))]))
(call_expression
  function: (member_expression property: [(property_identifier) (private_property_identifier)] @_callee) @local.type.argument
  arguments: (arguments
    [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))
     (arrow_function parameter: (identifier) @local.definition.parameter)
     (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))])
  (#not-any-of? @_callee "forEach" "map" "filter" "find" "findLast" "findIndex" "some" "every" "flatMap"))
(new_expression
  constructor: [(identifier) (member_expression)] @local.type.argument
  arguments: (arguments
    [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))
     (arrow_function parameter: (identifier) @local.definition.parameter)
     (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))]))

; `inst.step = (value) => ...`: the method the tags give the receiver is also a use of the member of what the receiver
; is (an interface's `step`, as the compiler reads the assignment)
(assignment_expression
  left: (member_expression object: (identifier) @local.qualifier property: (property_identifier) @local.member)
  right: [(arrow_function) (function_expression)]
  (#set! local.member.declares "true"))

; `const map: ErrorMap = (issue, ctx) => ...`: an untyped parameter of a function given to a variable declared with a
; function type is that type's parameter there
(variable_declarator
  type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @local.type.signature)
  value: [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))
    (arrow_function parameter: (identifier) @local.definition.parameter)
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @local.definition.parameter !type)))
  ])

; `const cache = createCache()`, `const cache = this.#cache` without a type of its own: the variable is what the call
; returns (its declared return type), or what the member is declared as
(variable_declarator
  name: (identifier) @local.definition.variable
  !type
  value: (call_expression function: (_) @local.type.call))
(variable_declarator
  name: (identifier) @local.definition.variable
  !type
  value: (member_expression) @local.type)

; `const issue = raw as Issue`: the variable is of the type it is asserted as (`satisfies` leaves the value's own type)
(variable_declarator
  name: (identifier) @local.definition.variable
  !type
  value: (as_expression (_) [(type_identifier) (generic_type) (nested_type_identifier) (lookup_type)] @local.type))
; `const { each, scheduler } = (...) as TimeoutConfig<T>`: each key destructured is a use of the asserted type's member
(variable_declarator
  name: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  value: (as_expression (_) [(type_identifier) (nested_type_identifier)] @local.qualifier)
  (#set! local.member.declares "true"))
(variable_declarator
  name: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  value: (as_expression (_) (generic_type name: (_) @local.qualifier))
  (#set! local.member.declares "true"))
; `{ retry: 3 } as Options`, `{ retry: 3 } satisfies Options`: the keys are the members of the type (a shorthand key
; `{ retry }` is also the read of its variable: `@local.member.beside` keeps both uses)
([(as_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])
    [(type_identifier) (nested_type_identifier)] @local.qualifier)
  (satisfies_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])
    [(type_identifier) (nested_type_identifier)] @local.qualifier)])
([(as_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])
    (generic_type name: (_) @local.qualifier))
  (satisfies_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])
    (generic_type name: (_) @local.qualifier))])

; `const result: Result = { status, isLoading: x, notify() {} }`: each key of the object is the member of the declared
; type it sets (a shorthand key too, beside the read of its variable)
(variable_declarator
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.qualifier)
  value: (object
    [(pair key: (property_identifier) @local.member)
     (method_definition name: (property_identifier) @local.member)
     (shorthand_property_identifier) @local.member.beside]))
(variable_declarator
  type: (type_annotation (generic_type name: (_) @local.qualifier))
  value: (object
    [(pair key: (property_identifier) @local.member)
     (method_definition name: (property_identifier) @local.member)
     (shorthand_property_identifier) @local.member.beside])
  (#not-any-of? @local.qualifier "Readonly" "Partial" "Required" "Omit" "Pick"))
; `const request: Readonly<AjaxRequest> = { url }`: a wrapper stands for its type argument (the binding vocabulary's
; `typeWrappers` says so of declared types)
(variable_declarator
  type: (type_annotation
    (generic_type
      name: (type_identifier) @_wrapper
      type_arguments: (type_arguments . [(type_identifier) (nested_type_identifier)] @local.qualifier)))
  value: (object
    [(pair key: (property_identifier) @local.member)
     (method_definition name: (property_identifier) @local.member)
     (shorthand_property_identifier) @local.member.beside])
  (#any-of? @_wrapper "Readonly" "Partial" "Required" "Omit" "Pick"))
; `function make(): Result { return { status } }`, `(): Result => ({ status })`: the keys of the object a function
; returns are the members of its declared return type (a `return` right in its body)
(_
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.qualifier)
  body: (statement_block
    (return_statement
      (object
        [(pair key: (property_identifier) @local.member)
         (method_definition name: (property_identifier) @local.member)
         (shorthand_property_identifier) @local.member.beside]))))
(_
  return_type: (type_annotation (generic_type name: (_) @local.qualifier))
  body: (statement_block
    (return_statement
      (object
        [(pair key: (property_identifier) @local.member)
         (method_definition name: (property_identifier) @local.member)
         (shorthand_property_identifier) @local.member.beside]))))
(arrow_function
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.qualifier)
  body: (parenthesized_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])))
(arrow_function
  return_type: (type_annotation (generic_type name: (_) @local.qualifier))
  body: (parenthesized_expression
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])))
; `spyReportStart({ type: UPDATE, object: this })`, `new QueryObserver(client, { queryKey })`: the keys of an object
; passed as an argument are the members of the callee's parameter type there
(call_expression
  function: (_) @local.qualifier.parameter
  arguments: (arguments
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])))
(new_expression
  constructor: (_) @local.qualifier.parameter
  arguments: (arguments
    (object
      [(pair key: (property_identifier) @local.member)
       (method_definition name: (property_identifier) @local.member)
       (shorthand_property_identifier) @local.member.beside])))

; `(record: { buffer: T[]; subs: Subscription })`, `let state: { count: number }`: a type literal written in place;
; its members are the definitions inside it
(required_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation (object_type) @local.type.inline))
(optional_parameter
  pattern: (identifier) @local.definition.parameter
  type: (type_annotation (object_type) @local.type.inline))
(variable_declarator
  name: (identifier) @local.definition.variable
  type: (type_annotation (object_type) @local.type.inline))
; `({ retry }: { retry: number })`, `const v: { a: number } = { a: 1 }`, `function f(): { args: T[] } { return { args } }`:
; keys taken from or set on a type literal are its members
(required_parameter
  pattern: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  type: (type_annotation (object_type) @local.qualifier.inline)
  (#set! local.member.declares "true"))
(variable_declarator
  type: (type_annotation (object_type) @local.qualifier.inline)
  value: (object
    [(pair key: (property_identifier) @local.member)
     (method_definition name: (property_identifier) @local.member)
     (shorthand_property_identifier) @local.member.beside]))
(_
  return_type: (type_annotation (object_type) @local.qualifier.inline)
  body: (statement_block
    (return_statement
      (object
        [(pair key: (property_identifier) @local.member)
         (method_definition name: (property_identifier) @local.member)
         (shorthand_property_identifier) @local.member.beside]))))
(_
  return_type: (type_annotation (object_type) @local.qualifier.inline)
  body: (statement_block
    (if_statement
      consequence: (statement_block
        (return_statement
          (object
            [(pair key: (property_identifier) @local.member)
             (method_definition name: (property_identifier) @local.member)
             (shorthand_property_identifier) @local.member.beside]))))))

; `{ type: "update", kind: UPDATE, op: Op.Add }`: keys set to a literal, a constant or an enum's member tell a union's
; members apart (the object's other keys are members of those that declare them so)
(object
  (pair
    key: (property_identifier) @local.discriminant.key
    value: [(string) (number) (true) (false) (member_expression object: (identifier) property: (property_identifier))] @local.discriminant.value))
(object
  (pair
    key: (property_identifier) @local.discriminant.key
    value: (identifier) @local.discriminant.value)
  (#match? @local.discriminant.value "^[A-Z][A-Z0-9_]*$"))

; `function f({ retry, signal }: Options)`: each key destructured from a typed parameter is a use of its type's member
(required_parameter
  pattern: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.qualifier)
  (#set! local.member.declares "true"))
(required_parameter
  pattern: (object_pattern
    [(shorthand_property_identifier_pattern) @local.member
     (pair_pattern key: (property_identifier) @local.member)
     (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.member)])
  type: (type_annotation (generic_type name: (_) @local.qualifier))
  (#set! local.member.declares "true"))
