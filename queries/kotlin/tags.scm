; Kotlin definitions, references, imports, comments and annotations
; (@tree-sitter-grammars/tree-sitter-kotlin 1.1; most children carry no field name, so keywords and node types
; tell them apart). Written for code-index; see queries/README.md.

; ---- types ------------------------------------------------------------------------

; `interface I` and `fun interface I` (the earliest pattern wins over the class pattern below)
(class_declaration
  "interface"
  name: (identifier) @name
  (class_body)? @body) @definition.interface

(class_declaration
  (modifiers (class_modifier) @_enum)
  name: (identifier) @name
  (enum_class_body)? @body
  (#eq? @_enum "enum")) @definition.enum

; class, data class, sealed class, value class, annotation class
(class_declaration
  name: (identifier) @name
  [(class_body) (enum_class_body)]? @body) @definition.class

(object_declaration
  name: (identifier) @name
  (class_body)? @body) @definition.object

(companion_object
  name: (identifier) @name
  (class_body)? @body) @definition.object
((companion_object
  !name
  (class_body)? @body) @definition.object
  (#set! name "Companion"))

(enum_entry
  .
  (identifier) @name) @definition.property

(type_alias
  type: (identifier) @name
  .
  "="
  .
  (_) @value) @definition.type

(class_declaration (type_parameters) @type_parameters)
(type_alias (type_parameters) @type_parameters)

; supertypes: `: Base(args)` is the superclass, a bare type is an interface
(delegation_specifiers
  (delegation_specifier (constructor_invocation (_) @extends)))
(delegation_specifiers
  (delegation_specifier [(user_type) (function_type) (explicit_delegation)] @implements))

; ---- constructors -----------------------------------------------------------------

; the primary constructor `class User(val id: Long, name: String)`, named after its class; `val`/`var` parameters
; are properties. It has no body of its own (its code is the class's `init` blocks): the closing `)` stands for one
; so that it does not read as a declaration-only constructor.
(class_declaration
  name: (identifier) @name
  (primary_constructor
    (class_parameters ")" @body .) @parameters) @definition.constructor)

; `constructor(...) : this(...)` (named `constructor`, as the keyword that starts it)
; a secondary constructor that only delegates (`constructor() : this(x)`) has a body all the same
(secondary_constructor
  "constructor" @name
  (function_value_parameters) @parameters
  [(block) (constructor_delegation_call)]? @body) @definition.constructor

; ---- functions and methods -------------------------------------------------------

(class_body
  (function_declaration
    name: (identifier) @name
    (function_value_parameters) @parameters
    (function_body)? @body) @definition.method)
(enum_class_body
  (function_declaration
    name: (identifier) @name
    (function_value_parameters) @parameters
    (function_body)? @body) @definition.method)

(function_declaration
  name: (identifier) @name
  (function_value_parameters) @parameters
  (function_body)? @body) @definition.function

(function_declaration (type_parameters) @type_parameters)
; an extension function is written on its receiver type: `fun String.masked()` (merged into the patterns above)
(function_declaration
  (user_type) @name.qualifier
  .
  name: (identifier) @name) @definition.function
(function_declaration
  (function_value_parameters)
  .
  ":"
  .
  [(user_type) (nullable_type) (function_type) (parenthesized_type) (non_nullable_type)] @return_type)

; ---- properties and constants -----------------------------------------------------

; top-level `const val` and `val` are constants, top-level `var` a variable; in a class all are properties
(source_file
  (property_declaration
    "val"
    (variable_declaration
      (identifier) @name
      (_)? @type)
    .
    "="?
    .
    (_)? @value) @definition.constant)

(source_file
  (property_declaration
    "var"
    (variable_declaration
      (identifier) @name
      (_)? @type)
    .
    "="?
    .
    (_)? @value) @definition.variable)

(property_declaration
  (variable_declaration
    (identifier) @name
    (_)? @type)
  "="
  .
  (_) @value) @definition.property

(property_declaration
  (variable_declaration
    (identifier) @name
    (_)? @type)) @definition.property

; ---- modifiers and annotations ----------------------------------------------------

; (a declaration's own modifiers: not those of a property's `private set` accessor)
(class_declaration
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(object_declaration
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(companion_object
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(function_declaration
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(property_declaration
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(secondary_constructor
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(type_alias
  (modifiers
    [(visibility_modifier) (class_modifier) (member_modifier) (function_modifier) (property_modifier)
     (inheritance_modifier) (platform_modifier)] @modifier))
(class_declaration "fun" @modifier)
(class_declaration (modifiers (annotation) @decorator))
(object_declaration (modifiers (annotation) @decorator))
(companion_object (modifiers (annotation) @decorator))
(function_declaration (modifiers (annotation) @decorator))
(property_declaration (modifiers (annotation) @decorator))
(secondary_constructor (modifiers (annotation) @decorator))
(type_alias (modifiers (annotation) @decorator))
(class_parameter (modifiers (annotation) @decorator))
(enum_entry (modifiers (annotation) @decorator))

; ---- parameters -------------------------------------------------------------------

(class_parameter
  (identifier) @parameter.name
  .
  (_) @parameter.type
  (_)? @parameter.default .) @parameter
(class_parameter ["val" "var"] @parameter.modifier)
; ... and a definition of its own, for navigation (inside the constructor it is local: the class outline lists it
; once, as a parameter property)
(class_parameter
  ["val" "var"]
  .
  (identifier) @name
  .
  (_) @type) @definition.property
(class_parameter (modifiers (visibility_modifier) @parameter.modifier))

(function_value_parameters
  (parameter
    (identifier) @parameter.name
    (_) @parameter.type) @parameter
  .
  "="
  .
  (_) @parameter.default)
(function_value_parameters
  (parameter
    (identifier) @parameter.name
    (_) @parameter.type) @parameter)
(function_value_parameters
  (parameter_modifiers (parameter_modifier) @parameter.prefix (#eq? @parameter.prefix "vararg"))
  .
  (parameter) @parameter @parameter.rest)

; ---- imports ----------------------------------------------------------------------

; import a.b.C  /  import a.b.C as D  (source: the package, name: the imported declaration)
((import
  (qualified_identifier
    (identifier) @import.name .) @import.source @import.item
  (identifier)? @import.alias) @import
  (#not-match? @import "\\*\\s*$"))

; import a.b.*  (a wildcard: every top-level name of the package, or every member of the object)
(import
  (qualified_identifier) @import.source
  "*" @import.name) @import

; ---- references -------------------------------------------------------------------

(call_expression
  .
  [
    (identifier) @name
    (navigation_expression (identifier) @name .)
  ]) @reference.call

(delegation_specifier (constructor_invocation (user_type (identifier) @name)) @reference.class)
(delegation_specifier (user_type (identifier) @name) @reference.implementation)
(user_type (identifier) @name) @reference.type

; ---- comments ---------------------------------------------------------------------

[(line_comment) (block_comment)] @comment
