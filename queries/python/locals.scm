; Python scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index from Python's execution model (the language reference, "Naming and
; binding"); tree-sitter-python's and nvim-treesitter's locals queries were read first. Functions, classes,
; module-level assignments and imports are bound from the tags definitions and imports (tags.scm): only what they
; miss is here.
;
; Python's rules, and how they are written here:
; - A name assigned anywhere in a function is local to the whole function; a use binds to the nearest assignment
;   above it (as Jedi's goto does), else the first.
; - Functions, lambdas and comprehensions are scopes. A class body is not a scope its methods see: a method's bare
;   `name` is the module's, never the class attribute (`self.name` is). Class attributes and methods are class
;   members (tags.scm), not bare names; an assignment in a class body binds in that statement only.
; - `self` / `cls` (a method's first parameter, unless `@staticmethod`) are typed by the enclosing class, so
;   `self.x` reaches the class's members and its bases'.
; - Declared types give a binding its members: `x: Foo`, `x: Optional[Foo]`, `x: Foo | None`, `x = Foo(...)` (a
;   class called is an instance; a function called is what it is declared to return).

; ---- scopes ------------------------------------------------------------------------

[
  (function_definition)
  (lambda)
  (list_comprehension)
  (set_comprehension)
  (dictionary_comprehension)
  (generator_expression)
] @local.scope

; An `@overload` signature does not bind its name: the implementation below it does (the name's value once the
; module has run, where Jedi goes). Its own scope keeps the name from the module and its class.
(decorated_definition
  (decorator [(identifier) @_overload (attribute attribute: (identifier) @_overload)])
  (#eq? @_overload "overload")) @local.scope

; An assignment in a class body names a class attribute (a member, in tags.scm): its name is bound nowhere else.
(class_definition body: (block (expression_statement) @local.scope))

; ---- parameters --------------------------------------------------------------------

[
  (parameters (identifier) @local.definition.parameter)
  (parameters (default_parameter name: (identifier) @local.definition.parameter))
  (parameters (typed_parameter . (identifier) @local.definition.parameter))
  (parameters (typed_default_parameter name: (identifier) @local.definition.parameter))
  (parameters (list_splat_pattern (identifier) @local.definition.parameter))
  (parameters (dictionary_splat_pattern (identifier) @local.definition.parameter))
  (parameters (typed_parameter [(list_splat_pattern (identifier) @local.definition.parameter) (dictionary_splat_pattern (identifier) @local.definition.parameter)]))
  (lambda_parameters (identifier) @local.definition.parameter)
  (lambda_parameters (default_parameter name: (identifier) @local.definition.parameter))
  (lambda_parameters (list_splat_pattern (identifier) @local.definition.parameter))
  (lambda_parameters (dictionary_splat_pattern (identifier) @local.definition.parameter))
]

; declared types: `x: Foo`, `x: mod.Foo`, `x: Foo = d`
(typed_parameter . (identifier) @local.definition.parameter type: (type [(identifier) (attribute)] @local.type))
(typed_default_parameter name: (identifier) @local.definition.parameter type: (type [(identifier) (attribute)] @local.type))
; `x: Optional[Foo]`, `x: Foo | None`
(typed_parameter
  . (identifier) @local.definition.parameter
  type: (type (generic_type (identifier) @_optional (type_parameter . (type [(identifier) (attribute)] @local.type) .)))
  (#eq? @_optional "Optional"))
(typed_default_parameter
  name: (identifier) @local.definition.parameter
  type: (type (generic_type (identifier) @_optional (type_parameter . (type [(identifier) (attribute)] @local.type) .)))
  (#eq? @_optional "Optional"))
(typed_parameter
  . (identifier) @local.definition.parameter
  type: (type (binary_operator left: [(identifier) (attribute)] @local.type right: (none))))
(typed_default_parameter
  name: (identifier) @local.definition.parameter
  type: (type (binary_operator left: [(identifier) (attribute)] @local.type right: (none))))

; `self` and `cls`: a method's first parameter is an instance (or the class) of the class it is defined in.
(class_definition
  name: (identifier) @local.type
  body: (block (function_definition parameters: (parameters . (identifier) @local.definition.parameter))))
(class_definition
  name: (identifier) @local.type
  body: (block
    (decorated_definition
      (decorator) @_decorator
      definition: (function_definition parameters: (parameters . (identifier) @local.definition.parameter))))
  (#not-match? @_decorator "^@\\s*staticmethod\\s*$"))

; ---- variables ---------------------------------------------------------------------

; An assignment's value is evaluated before its targets are bound: `x = x + 1` and `x = x()` read the `x` bound
; before the statement (`@local.after`).
(assignment left: (identifier) @local.definition.variable) @local.after
(augmented_assignment left: (identifier) @local.definition.variable) @local.after
(named_expression name: (identifier) @local.definition.variable) @local.after
(assignment
  left: [
    (pattern_list (identifier) @local.definition.variable)
    (tuple_pattern (identifier) @local.definition.variable)
    (list_pattern (identifier) @local.definition.variable)
  ]) @local.after
(for_statement left: (identifier) @local.definition.variable)
(for_in_clause left: (identifier) @local.definition.variable)
; `with f() as x`, `except E as e`, and their tuples
(as_pattern alias: (as_pattern_target (identifier) @local.definition.variable))
(as_pattern alias: (as_pattern_target [(tuple (identifier) @local.definition.variable) (list (identifier) @local.definition.variable)]))
; tuple and list targets: `a, (b, *c) = ...`, `for k, v in ...`
[
  (pattern_list (identifier) @local.definition.variable)
  (tuple_pattern (identifier) @local.definition.variable)
  (list_pattern (identifier) @local.definition.variable)
  (pattern_list (list_splat_pattern (identifier) @local.definition.variable))
  (tuple_pattern (list_splat_pattern (identifier) @local.definition.variable))
  (list_pattern (list_splat_pattern (identifier) @local.definition.variable))
]
; `match` capture patterns: `case [x, *rest]`, `case Point(x=px)`, `case ... as p`
(case_pattern (dotted_name . (identifier) @local.definition.variable .))
(keyword_pattern (dotted_name . (identifier) @local.definition.variable .))
(splat_pattern (identifier) @local.definition.variable)
(as_pattern (case_pattern) (identifier) @local.definition.variable)

; declared types: `x: Foo = ...`, `x: Optional[Foo] = None`, `x = Foo(...)`, `x = mod.Foo(...)`
(assignment left: (identifier) @local.definition.variable type: (type [(identifier) (attribute)] @local.type))
(assignment
  left: (identifier) @local.definition.variable
  type: (type (generic_type (identifier) @_optional (type_parameter . (type [(identifier) (attribute)] @local.type) .)))
  (#eq? @_optional "Optional"))
(assignment
  left: (identifier) @local.definition.variable
  type: (type (binary_operator left: [(identifier) (attribute)] @local.type right: (none))))
(assignment
  left: (identifier) @local.definition.variable
  !type
  right: (call function: [(identifier) (attribute)] @local.type))

; ---- uses --------------------------------------------------------------------------

; A name used as a value. Not every identifier is one: an attribute's name (`a.name`, a member below), a keyword
; argument's name (`f(name=1)`), the parts of a module path in an import, and the names a `def` or `class` declares
; are not uses of the names in scope.
[
  (argument_list (identifier) @local.reference)
  (assignment (identifier) @local.reference)
  (augmented_assignment (identifier) @local.reference)
  (binary_operator (identifier) @local.reference)
  (boolean_operator (identifier) @local.reference)
  (comparison_operator (identifier) @local.reference)
  (not_operator (identifier) @local.reference)
  (unary_operator (identifier) @local.reference)
  (subscript (identifier) @local.reference)
  (slice (identifier) @local.reference)
  (type (identifier) @local.reference)
  (generic_type (identifier) @local.reference)
  (pattern_list (identifier) @local.reference)
  (tuple_pattern (identifier) @local.reference)
  (list_pattern (identifier) @local.reference)
  (tuple (identifier) @local.reference)
  (list (identifier) @local.reference)
  (set (identifier) @local.reference)
  (pair (identifier) @local.reference)
  (expression_list (identifier) @local.reference)
  (return_statement (identifier) @local.reference)
  (for_statement (identifier) @local.reference)
  (for_in_clause (identifier) @local.reference)
  (if_clause (identifier) @local.reference)
  (decorator (identifier) @local.reference)
  (interpolation (identifier) @local.reference)
  (format_expression (identifier) @local.reference)
  (if_statement (identifier) @local.reference)
  (elif_clause (identifier) @local.reference)
  (while_statement (identifier) @local.reference)
  (conditional_expression (identifier) @local.reference)
  (list_splat (identifier) @local.reference)
  (dictionary_splat (identifier) @local.reference)
  (list_splat_pattern (identifier) @local.reference)
  (dictionary_splat_pattern (identifier) @local.reference)
  (as_pattern (identifier) @local.reference)
  (as_pattern_target (identifier) @local.reference)
  (except_clause (identifier) @local.reference)
  (except_group_clause (identifier) @local.reference)
  (raise_statement (identifier) @local.reference)
  (yield (identifier) @local.reference)
  (await (identifier) @local.reference)
  (delete_statement (identifier) @local.reference)
  (with_item (identifier) @local.reference)
  (global_statement (identifier) @local.reference)
  (nonlocal_statement (identifier) @local.reference)
  (parenthesized_expression (identifier) @local.reference)
  (assert_statement (identifier) @local.reference)
  (named_expression (identifier) @local.reference)
  (list_comprehension (identifier) @local.reference)
  (set_comprehension (identifier) @local.reference)
  (generator_expression (identifier) @local.reference)
  (match_statement (identifier) @local.reference)
  (expression_statement (identifier) @local.reference)
  (splat_pattern (identifier) @local.reference)
  (splat_type (identifier) @local.reference)
  (chevron (identifier) @local.reference)
  (exec_statement (identifier) @local.reference)
  (print_statement (identifier) @local.reference)
  (parameters (identifier) @local.reference)
  (lambda_parameters (identifier) @local.reference)
  (typed_parameter (identifier) @local.reference)
  (ERROR (identifier) @local.reference)
]
(call function: (identifier) @local.reference)
(lambda body: (identifier) @local.reference)
(keyword_argument value: (identifier) @local.reference)
(default_parameter value: (identifier) @local.reference)
(typed_default_parameter value: (identifier) @local.reference)
(attribute object: (identifier) @local.reference)
(class_pattern (dotted_name . (identifier) @local.reference))
(case_pattern (dotted_name . (identifier) @local.reference (identifier)))

; `a.b`, `self.b`, `a.b.c`: a member of what the qualifier names
(attribute
  object: (_) @local.qualifier
  attribute: (identifier) @local.member)
; `f(x).b`: a member of what `f` is declared to return
(attribute
  object: (call function: (_) @local.qualifier.call)
  attribute: (identifier) @local.member
  (#not-eq? @local.qualifier.call "super"))
; `super().b`: a member of the enclosing class's bases
(attribute
  object: (call function: (identifier) @local.qualifier)
  attribute: (identifier) @local.member
  (#eq? @local.qualifier "super"))
