; PHP scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index (tree-sitter-php via @cursorless/tree-sitter-wasms). Classes,
; functions, methods and `use` imports are bound from the tags definitions and imports; what they miss is here.
;
; Variables are bound with their sigil (`$item`, the whole `variable_name` node), so a variable never shadows a
; function, class or constant of the same name: they are different namespaces in PHP. Members (`$this->items`,
; `Item::MAX`) are named without it, as the tags name properties.
;
; Not expressible here: a closure sees only the variables its `use` clause copies, but scopes nest, so a variable of
; the enclosing function that the clause leaves out still binds; `static::` and `parent::` (the core reads only
; `self` as the enclosing class); `$this->prop->m()` (a property's declared type is not followed from `$this`);
; `$x = Foo::make()` and `$x = $y->make()` (no single callee node for `@local.type.call`); fully qualified names
; in code (`new \A\B\C()`: the tags keep its last name, bound as a bare name).

; ---- scopes ------------------------------------------------------------------------

; Variables are function-scoped: blocks, loops and `try` are no scopes. A class is one (its members are not bare
; names in PHP, but its methods' names are kept inside it).
[
  (function_definition)
  (method_declaration)
  (anonymous_function)
  (arrow_function)
  (class_declaration)
  (interface_declaration)
  (trait_declaration)
  (enum_declaration)
] @local.scope

; ---- bindings ----------------------------------------------------------------------

; parameters, with their declared class types (`Item $item`, `?Item $item`: `$item->price()` is a member of `Item`)
(simple_parameter name: (variable_name) @local.definition.parameter)
(simple_parameter
  type: [(named_type (name) @local.type) (optional_type (named_type (name) @local.type))]
  name: (variable_name) @local.definition.parameter)
(variadic_parameter name: (variable_name) @local.definition.parameter)
(property_promotion_parameter name: (variable_name) @local.definition.parameter)
(property_promotion_parameter
  type: [(named_type (name) @local.type) (optional_type (named_type (name) @local.type))]
  name: (variable_name) @local.definition.parameter)

; `function () use ($total)`: the closure's own copy of the variable
(anonymous_function_use_clause (variable_name) @local.definition.variable)
(anonymous_function_use_clause (by_ref (variable_name) @local.definition.variable))

; `$x = ...`: the first assignment in a function declares the variable, later ones assign it. The value is
; evaluated first: `$x = $x + 1` reads the `$x` bound before the statement.
((assignment_expression left: (variable_name) @local.definition.variable) @local.after
  (#set! local.redeclares "true"))
; `$x = new Item()`: typed by the class created
((assignment_expression
  left: (variable_name) @local.definition.variable
  right: (object_creation_expression (name) @local.type)) @local.after
  (#set! local.redeclares "true"))
; `$x = make()`: typed by what the function is declared to return
((assignment_expression
  left: (variable_name) @local.definition.variable
  right: (function_call_expression function: (name) @local.type.call)) @local.after
  (#set! local.redeclares "true"))
((assignment_expression left: (list_literal (variable_name) @local.definition.variable)) @local.after
  (#set! local.redeclares "true"))
((reference_assignment_expression left: (variable_name) @local.definition.variable) @local.after
  (#set! local.redeclares "true"))

; `foreach ($a as $v)`, `foreach ($a as $k => $v)`, `foreach ($a as &$v)`, `foreach ($a as [$x, $y])`
((foreach_statement . (_) . (variable_name) @local.definition.variable)
  (#set! local.redeclares "true"))
((foreach_statement . (_) . (pair (variable_name) @local.definition.variable))
  (#set! local.redeclares "true"))
((foreach_statement . (_) . (by_ref (variable_name) @local.definition.variable))
  (#set! local.redeclares "true"))
((foreach_statement . (_) . (pair (by_ref (variable_name) @local.definition.variable)))
  (#set! local.redeclares "true"))
((foreach_statement . (_) . (list_literal (variable_name) @local.definition.variable))
  (#set! local.redeclares "true"))

; `catch (NotFound $e)`
((catch_clause name: (variable_name) @local.definition.variable)
  (#set! local.redeclares "true"))
((catch_clause
  type: (type_list . (named_type (name) @local.type) .)
  name: (variable_name) @local.definition.variable)
  (#set! local.redeclares "true"))

; `static $x = 0;`, `global $x;`
((static_variable_declaration name: (variable_name) @local.definition.variable)
  (#set! local.redeclares "true"))
((global_declaration (variable_name) @local.definition.variable)
  (#set! local.redeclares "true"))

; ---- uses --------------------------------------------------------------------------

((variable_name) @local.reference
  (#not-eq? @local.reference "$this"))
; class names written bare (`new Item`, `Item $x`, `extends Entity`) and called functions
(named_type (name) @local.reference)
(object_creation_expression (name) @local.reference)
(function_call_expression function: (name) @local.reference)
(base_clause (name) @local.reference)
(class_interface_clause (name) @local.reference)
; `use Counts;` in a class body: the trait
(use_declaration (name) @local.reference)

; `$this->m()`, `$this->prop`: a member of the enclosing class (its bases included)
(member_call_expression
  object: (variable_name (name) @local.qualifier)
  name: (name) @local.member
  (#eq? @local.qualifier "this"))
(member_access_expression
  object: (variable_name (name) @local.qualifier)
  name: (name) @local.member
  (#eq? @local.qualifier "this"))
(nullsafe_member_call_expression
  object: (variable_name (name) @local.qualifier)
  name: (name) @local.member
  (#eq? @local.qualifier "this"))
(nullsafe_member_access_expression
  object: (variable_name (name) @local.qualifier)
  name: (name) @local.member
  (#eq? @local.qualifier "this"))

; `$x->m()`, `$x->prop`, `$x?->m()`, `$a->b->c`: a member of what the object names
(member_call_expression
  object: (_) @local.qualifier
  name: (name) @local.member
  (#not-eq? @local.qualifier "$this"))
(member_access_expression
  object: (_) @local.qualifier
  name: (name) @local.member
  (#not-eq? @local.qualifier "$this"))
(nullsafe_member_call_expression
  object: (_) @local.qualifier
  name: (name) @local.member
  (#not-eq? @local.qualifier "$this"))
(nullsafe_member_access_expression
  object: (_) @local.qualifier
  name: (name) @local.member
  (#not-eq? @local.qualifier "$this"))

; `Item::of()`, `Item::MAX`, `Item::$count`, `self::of()`. (`static::` and `parent::` are left to the names: the
; core reads `self` as the enclosing class, not `static` or `parent`.)
(scoped_call_expression
  scope: [(name) (relative_scope)] @local.qualifier
  name: (name) @local.member
  (#not-match? @local.qualifier "^(static|parent)$"))
(class_constant_access_expression
  . [(name) (relative_scope)] @local.qualifier
  .
  (name) @local.member
  (#not-match? @local.qualifier "^(static|parent)$"))
(scoped_property_access_expression
  scope: [(name) (relative_scope)] @local.qualifier
  name: (variable_name (name) @local.member)
  (#not-match? @local.qualifier "^(static|parent)$"))
