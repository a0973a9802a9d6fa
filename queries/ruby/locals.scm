; Ruby scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index from Ruby's rules (a local variable is declared by its first
; assignment and visible after it; `def`, `class` and `module` open new scopes, blocks and lambdas see the names
; around them and their own parameters shadow them). Methods, classes, modules, constants and requires are bound
; from the tags definitions and imports (tags.scm): only what they miss is here.

; ---- scopes ------------------------------------------------------------------------

[
  (class)
  (module)
  (singleton_class)
  (method)
  (singleton_method)
  (block)
  (do_block)
  (lambda)
] @local.scope

; ---- members of a class or module, bare names in its body ----------------------------

; A method called without a receiver inside its class is `self.name`: a class's instance methods are bare names in
; its body (a method is a scope of its own: its name is bound in the scope outside it).
((class body: (_ (method name: (identifier) @local.definition.method))) (#set! local.scope "parent"))
((module body: (_ (method name: (identifier) @local.definition.method))) (#set! local.scope "parent"))

; Constants are looked up lexically (`Module.nesting`): a class, module or constant declared in a class or module
; body is a bare name anywhere inside that body (`NotFoundError` in a method of a sibling class). Only within one
; file: a module reopened in another file is another body here.
((class body: (_ (class name: (constant) @local.definition.class))) (#set! local.scope "parent"))
((class body: (_ (module name: (constant) @local.definition.module))) (#set! local.scope "parent"))
((module body: (_ (class name: (constant) @local.definition.class))) (#set! local.scope "parent"))
((module body: (_ (module name: (constant) @local.definition.module))) (#set! local.scope "parent"))
(class body: (_ (assignment left: (constant) @local.definition.constant)))
(module body: (_ (assignment left: (constant) @local.definition.constant)))

; ---- parameters --------------------------------------------------------------------

; `def m(a, b = 1, *rest, k:, o: 2, **opts, &block, (x, y))`, block `|a, (b, c)|` and lambda `->(a)` parameters
[
  (method_parameters (identifier) @local.definition.parameter)
  (lambda_parameters (identifier) @local.definition.parameter)
  (block_parameters (identifier) @local.definition.parameter)
  (optional_parameter name: (identifier) @local.definition.parameter)
  (keyword_parameter name: (identifier) @local.definition.parameter)
  (splat_parameter name: (identifier) @local.definition.parameter)
  (hash_splat_parameter name: (identifier) @local.definition.parameter)
  (block_parameter name: (identifier) @local.definition.parameter)
  (destructured_parameter (identifier) @local.definition.parameter)
]

; ---- variables ---------------------------------------------------------------------

; An assignment's value is evaluated before its target is bound: `x = x + 1` reads the `x` bound before the
; statement (`@local.after`); assigning a variable its scope already has is not a new declaration.
((assignment left: (identifier) @local.definition.variable) @local.after (#set! local.redeclares "true"))
((operator_assignment left: (identifier) @local.definition.variable) @local.after (#set! local.redeclares "true"))
((assignment left: (left_assignment_list (identifier) @local.definition.variable)) @local.after (#set! local.redeclares "true"))
((assignment left: (left_assignment_list (rest_assignment (identifier) @local.definition.variable))) @local.after (#set! local.redeclares "true"))
; `x = Foo.new`, `x = A::Foo.new(...)`: an instance of the class
(assignment
  left: (identifier) @local.definition.variable
  right: (call
    receiver: [(constant) (scope_resolution)] @local.type
    method: (identifier) @_new)
  (#eq? @_new "new"))
; `for x in list`, `rescue Error => e`
(for pattern: (identifier) @local.definition.variable)
(for pattern: (left_assignment_list (identifier) @local.definition.variable))
(exception_variable (identifier) @local.definition.variable)

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(constant) @local.reference

; `q.name`, `self.name`, `Foo.name`, `A::B.name`: a member of what the receiver names
(call receiver: (_) @local.qualifier method: [(identifier) (constant)] @local.member)
; `A::B`: a constant of a module or class
(scope_resolution scope: (_) @local.qualifier name: (constant) @local.member)
