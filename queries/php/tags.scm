; PHP definitions, references and imports (tree-sitter-php via @cursorless/tree-sitter-wasms).
; Written for code-index; the grammar's own queries/tags.scm was the starting point.
; Names of parameters and properties are written without the `$` sigil (`$this->items` names `items`).

; ---- namespaces --------------------------------------------------------------------

(namespace_definition
  name: (_) @name
  body: (_)? @body) @definition.module

; ---- functions -----------------------------------------------------------------------

(function_definition
  name: (_) @name
  parameters: (_) @parameters
  return_type: (_)? @return_type
  body: (_) @body) @definition.function

; ---- classes, interfaces, traits, enums ------------------------------------------------

(class_declaration
  name: (_) @name
  body: (_) @body) @definition.class

(class_declaration [(abstract_modifier) (final_modifier) (readonly_modifier)] @modifier)

(interface_declaration
  name: (_) @name
  body: (_) @body) @definition.interface

(trait_declaration
  name: (_) @name
  body: (_) @body) @definition.trait

(enum_declaration
  name: (_) @name
  body: (_) @body) @definition.enum

(base_clause [(name) (qualified_name)] @extends)
(class_interface_clause [(name) (qualified_name)] @implements)
; `use SomeTrait;` inside a class body: the trait's members are the class's (listed with the implemented types)
(class_declaration
  body: (declaration_list (use_declaration [(name) (qualified_name)] @implements))) @definition.class
(trait_declaration
  body: (declaration_list (use_declaration [(name) (qualified_name)] @implements))) @definition.trait
(enum_declaration
  body: (enum_declaration_list (use_declaration [(name) (qualified_name)] @implements))) @definition.enum

(enum_case
  name: (_) @name
  value: (_)? @value) @definition.property

; ---- methods ---------------------------------------------------------------------------

(method_declaration
  name: (_) @name
  parameters: (_) @parameters
  return_type: (_)? @return_type
  body: (_)? @body
  (#eq? @name "__construct")) @definition.constructor

(method_declaration
  name: (_) @name
  parameters: (_) @parameters
  return_type: (_)? @return_type
  body: (_)? @body
  (#not-eq? @name "__construct")) @definition.method

(method_declaration
  [(visibility_modifier) (static_modifier) (abstract_modifier) (final_modifier) (readonly_modifier)] @modifier)

; ---- parameters ------------------------------------------------------------------------

(formal_parameters
  (simple_parameter
    type: (_)? @parameter.type
    name: (variable_name (name) @parameter.name)
    default_value: (_)? @parameter.default) @parameter)
(formal_parameters
  (variadic_parameter
    type: (_)? @parameter.type
    name: (variable_name (name) @parameter.name)) @parameter @parameter.rest)
; a promoted constructor parameter is also a property: its visibility and readonly are parameter modifiers
(formal_parameters
  (property_promotion_parameter
    visibility: (_)? @parameter.modifier
    readonly: (_)? @parameter.modifier
    type: (_)? @parameter.type
    name: [(variable_name (name) @parameter.name) (by_ref (variable_name (name) @parameter.name))]
    default_value: (_)? @parameter.default) @parameter)

; ---- properties and constants ----------------------------------------------------------

(property_declaration
  [(visibility_modifier) (static_modifier) (readonly_modifier) (var_modifier) (abstract_modifier) (final_modifier)]* @modifier
  type: (_)? @type
  (property_element
    name: (variable_name (name) @name)
    default_value: (_)? @value) @definition.property)

; class constants are properties with the `const` modifier
(declaration_list
  (const_declaration
    [(visibility_modifier) (final_modifier)]* @modifier
    "const" @modifier
    (const_element (name) @name (_) @value) @definition.property))
; top-level constants (file level or inside a namespace block)
(program
  (const_declaration
    (const_element (name) @name (_) @value) @definition.constant))
; (in a namespace block only: `const` is not allowed in a function body, and a pattern on every block stays open
; across nested bodies, quadratic in their depth: 3,000 nested closures took 2.7 s)
(namespace_definition
  body: (compound_statement
    (const_declaration
      (const_element (name) @name (_) @value) @definition.constant)))

; A property or constant declaration can declare several names: its doc comment sits before the declaration, not
; before each name.
(declaration_list
  (comment) @doc
  .
  [
    (property_declaration (property_element name: (variable_name (name) @name)) @definition.property)
    (const_declaration (const_element (name) @name) @definition.property)
  ]
  (#match? @doc "^/\\*\\*"))
(program
  (comment) @doc
  .
  (const_declaration (const_element (name) @name) @definition.constant)
  (#match? @doc "^/\\*\\*"))
(namespace_definition
  body: (compound_statement
    (comment) @doc
    .
    (const_declaration (const_element (name) @name) @definition.constant))
  (#match? @doc "^/\\*\\*"))

; ---- imports ---------------------------------------------------------------------------

; use A\B\C;  use A\B\C as D;  use function A\f;  (one import per clause: source = the namespace, name = the item)
(namespace_use_declaration
  (namespace_use_clause
    .
    [
      (qualified_name prefix: (namespace_name) @import.source (name) @import.name @import.item)
      (name) @import.source @import.name @import.item
    ]
    alias: (_)? @import.alias) @import)

; use A\B\{C, D as E};
(namespace_use_declaration
  (namespace_name) @import.source
  body: (namespace_use_group
    (namespace_use_clause
      .
      [(name) (qualified_name)] @import.name @import.item
      alias: (_)? @import.alias))) @import

; require / include
; (`.`: the expression is the statement's first child; unanchored, the pattern stays open across a closure's body
; assigned in the statement, quadratic in the nesting depth: 3,000 nested closures took 4 s.)
((expression_statement
  .
  [(require_expression (_) @import.source)
   (require_once_expression (_) @import.source)
   (include_expression (_) @import.source)
   (include_once_expression (_) @import.source)]) @import
  (#set! kind "require"))

; ---- references ------------------------------------------------------------------------

(function_call_expression function: [(name) @name (qualified_name (name) @name)]) @reference.call
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call
(object_creation_expression [(name) @name (qualified_name (name) @name)]) @reference.class
(base_clause [(name) @name (qualified_name (name) @name)]) @reference.class
(class_interface_clause [(name) @name (qualified_name (name) @name)]) @reference.implementation
(named_type [(name) @name (qualified_name (name) @name)]) @reference.type
(scoped_call_expression scope: [(name) @name (qualified_name (name) @name)]) @reference.class
(class_constant_access_expression . [(name) @name (qualified_name (name) @name)]) @reference.class

; ---- comments and attributes -----------------------------------------------------------

(comment) @comment
(attribute_list) @decorator
