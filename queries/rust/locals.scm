; Rust scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index. Items (functions, types, consts, modules) and `use` imports are bound
; from the tags definitions and imports: only what they miss is here (parameters, `let`, patterns, generics).
;
; A pattern binds the lowercase names written in it (`Some(x)`, `Point { x, y: py }`, `(a, mut b)`, `n @ 1..=3`);
; a capitalized name in a pattern is a unit struct, variant or constant (`None`, `MAX`), a use. A `let` binding is
; visible after its statement (`let x = x + 1;` reads the earlier `x`); `if let` / `while let` / `for` bindings after
; the expression they destructure (`if let Some(x) = x`).

; ---- scopes ------------------------------------------------------------------------

[
  (function_item)
  (function_signature_item)
  (closure_expression)
  (block)
  (match_arm)
  (if_let_expression)
  (while_let_expression)
  (for_expression)
  (impl_item)
  (trait_item)
  (struct_item)
  (enum_item)
  (union_item)
  (type_item)
] @local.scope

; an inline module's items are its own (`mod tests { ... }`)
(mod_item body: (declaration_list) @local.scope)

; visibility after the statement or the destructured expression
(let_declaration) @local.after
(if_let_expression pattern: (_) @local.after.region value: (_) @local.after)
(while_let_expression pattern: (_) @local.after.region value: (_) @local.after)
(for_expression pattern: (_) @local.after.region value: (_) @local.after)

; ---- bindings ----------------------------------------------------------------------

; generics (lifetimes are not names of the program)
(type_parameters (type_identifier) @local.definition.type_parameter)
(constrained_type_parameter left: (type_identifier) @local.definition.type_parameter)
; `V: Visitor + Clone`: the members of a `V` are its first bound's (the trait's declared methods)
(constrained_type_parameter
  left: (type_identifier) @local.definition.type_parameter
  bounds: (trait_bounds . [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type))
(optional_type_parameter name: (type_identifier) @local.definition.type_parameter)
(const_parameter name: (identifier) @local.definition.type_parameter)

; parameters, closure parameters
(parameter pattern: (identifier) @local.definition.parameter)
(closure_parameters (identifier) @local.definition.parameter)

; let x, for x in, if let x =, match x =>
(let_declaration pattern: (identifier) @local.definition.variable)
(for_expression pattern: (identifier) @local.definition.variable)
(if_let_expression pattern: (identifier) @local.definition.variable)
(while_let_expression pattern: (identifier) @local.definition.variable)
((match_pattern (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))

; names inside patterns, at any depth
((tuple_pattern (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))
((slice_pattern (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))
((tuple_struct_pattern type: (_) (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))
((or_pattern (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))
((reference_pattern (identifier) @local.definition.variable)
  (#match? @local.definition.variable "^[a-z_]"))
(field_pattern name: (shorthand_field_identifier) @local.definition.variable)
(field_pattern pattern: (identifier) @local.definition.variable)
(ref_pattern (identifier) @local.definition.variable)
(mut_pattern (identifier) @local.definition.variable)
(captured_pattern . (identifier) @local.definition.variable)

; declared types: `x: Foo`, `x: &mut Foo`, `x: Box<Foo>`, `s: &str`; the members of `x` are the type's (a primitive's
; are the standard library's: outside the tree)
((parameter
  pattern: (identifier) @local.definition.parameter
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (primitive_type)] @local.type)
  (#not-match? @local.type "^(Box|Rc|Arc)\\s*<"))
(parameter
  pattern: (identifier) @local.definition.parameter
  type: (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier) (primitive_type)] @local.type))
; `w: impl Shape`, `w: &mut impl Shape`: the trait's members
(parameter
  pattern: (identifier) @local.definition.parameter
  type: [(abstract_type trait: [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type)
         (reference_type type: (abstract_type trait: [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type))])
((parameter
  pattern: (identifier) @local.definition.parameter
  type: (generic_type
    type: (type_identifier) @_pointer
    type_arguments: (type_arguments . [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type)))
  (#match? @_pointer "^(Box|Rc|Arc)$"))
((let_declaration
  pattern: (identifier) @local.definition.variable
  type: [(type_identifier) (generic_type) (scoped_type_identifier) (primitive_type)] @local.type)
  (#not-match? @local.type "^(Box|Rc|Arc)\\s*<"))
(let_declaration
  pattern: (identifier) @local.definition.variable
  type: (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier) (primitive_type)] @local.type))
((let_declaration
  pattern: (identifier) @local.definition.variable
  type: (generic_type
    type: (type_identifier) @_pointer
    type_arguments: (type_arguments . [(type_identifier) (generic_type) (scoped_type_identifier)] @local.type)))
  (#match? @_pointer "^(Box|Rc|Arc)$"))

; `let x = Foo { .. }`; `let x = Foo::new(..)` and `let x = make(..)`: what the callee is declared to return
(let_declaration
  pattern: (identifier) @local.definition.variable
  !type
  value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @local.type))
(let_declaration
  pattern: (identifier) @local.definition.variable
  !type
  value: (call_expression function: [(identifier) (scoped_identifier)] @local.type.call))
; `let x = self.make()`, `let x = p.make()`: what that method is declared to return
(let_declaration
  pattern: (identifier) @local.definition.variable
  !type
  value: (call_expression function: (field_expression value: [(self) (identifier)] field: (field_identifier)) @local.type.call))
(let_declaration
  pattern: (identifier) @local.definition.variable
  !type
  value: (reference_expression value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @local.type)))

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(type_identifier) @local.reference.type

; `a.b`, `self.b`, `a.b.c()`: a member of what the qualifier names
(field_expression
  value: (_) @local.qualifier
  field: (field_identifier) @local.member)
; `f(x).b`, `Foo::new().b()`: a member of what `f` returns (its declared return type)
(field_expression
  value: (call_expression function: (_) @local.qualifier.call)
  field: (field_identifier) @local.member)

; paths: `module::item`, `Type::assoc`, `Enum::Variant`, `crate::a::f`, `super::f`, `Self::new`
(scoped_identifier
  path: [(identifier) (scoped_identifier) (crate) (super) (self)] @local.qualifier
  name: (identifier) @local.member)
(scoped_identifier
  path: (generic_type type: (_) @local.qualifier)
  name: (identifier) @local.member)
(scoped_type_identifier
  path: [(identifier) (scoped_identifier) (crate) (super) (self)] @local.qualifier
  name: (type_identifier) @local.member)
