; Scala 2 and 3 definitions, details, references and imports (grammar: tree-sitter-scala 0.23 as built by
; @cursorless/tree-sitter-wasms). Written for code-index; see queries/README.md. Started from the tags.scm
; tree-sitter-scala ships.
;
; A `def` has one parameter list per clause (`def f(a: Int)(implicit ec: EC)`): the first list gives the
; parameters. Some fields (`type_parameters:` of a `def`, `path:` of an import) do not match in this build, so those
; nodes are found by type and position.

; ---- types -----------------------------------------------------------

(package_object
  name: (identifier) @name
  body: (template_body)? @body) @definition.object

(trait_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.trait

(enum_definition
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(class_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.class

(object_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.object

; `case A, B` / `case C(x: Int)` / `case D extends E(1)`
(simple_enum_case
  name: (identifier) @name) @definition.property
(full_enum_case
  name: (identifier) @name
  (class_parameters) @type) @definition.property

(type_definition
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  type: (_)? @value) @definition.type

[(class_definition (type_parameters) @type_parameters)
 (trait_definition (type_parameters) @type_parameters)
 (enum_definition (type_parameters) @type_parameters)]

; `extends A(args) with B with C`: the first is the base, the mixins are implemented
(extends_clause "extends" . (_) @extends)
(extends_clause "with" . (_) @implements)
(derives_clause (_) @implements)

; ---- constructors -----------------------------------------------------------------

; the primary constructor `class C(a: Int, val b: String)` named after its class; `val`/`var` parameters (and every
; parameter of a case class) are properties. It has no body of its own (its code is the class body): the closing
; `)` stands for one so that it does not read as a declaration-only constructor.
(class_definition
  name: (identifier) @name
  .
  (type_parameters)?
  .
  (access_modifier)?
  .
  (class_parameters ")" @body .) @definition.constructor @parameters)

; `def this(...) = this(...)` (named by the function pattern below; this one, earlier, makes it a constructor)
(function_definition name: (identifier) @_this (#eq? @_this "this")) @definition.constructor

; ---- methods and functions -------------------------------------------------------

; Scala 3 `extension (c: Circle) def area = ...` (indented or in braces): methods of the extended type (they join a
; type of that name in the file, or stand as functions)
(extension_definition
  (parameters . (parameter type: (_) @receiver))
  (function_definition) @definition.method)

; in a class, trait, object or enum (`template_body`, `enum_body`, or a Scala 3 `with_template_body`). These
; patterns name nothing: the function patterns below name every def (the first parameter list is the parameters),
; and these, earlier, make it a method (the earliest pattern decides what a node is). A pattern with the def's
; children would make tree-sitter analyse function_definition again for each parent (~0.01 s each).
(template_body [(function_definition) (function_declaration)] @definition.method)
(enum_body [(function_definition) (function_declaration)] @definition.method)
(with_template_body [(function_definition) (function_declaration)] @definition.method)

(function_definition
  name: (_) @name
  .
  (type_parameters)?
  .
  (parameters)? @parameters
  body: (_) @body) @definition.function
(function_declaration
  name: (_) @name
  .
  (type_parameters)?
  .
  (parameters)? @parameters) @definition.function

(function_definition [(type_parameters) @type_parameters return_type: (_) @return_type])
(function_declaration [(type_parameters) @type_parameters return_type: (_) @return_type])

(parameters
  (parameter
    name: (_) @parameter.name
    type: (_)? @parameter.type
    default_value: (_)? @parameter.default) @parameter)
(parameters
  (parameter
    type: (repeated_parameter_type)) @parameter @parameter.rest)

(class_parameters
  (class_parameter
    name: (_) @parameter.name
    type: (_)? @parameter.type
    default_value: (_)? @parameter.default) @parameter)
(class_parameter ["val" "var"] @parameter.modifier)
(class_parameter (modifiers (access_modifier ["private" "protected"] @parameter.modifier)))
; every parameter of a case class is a public `val`
(class_definition
  "case" @parameter.modifier
  .
  "class"
  name: (_)
  .
  (type_parameters)?
  .
  (class_parameters (class_parameter) @parameter))
; ... and a definition of its own, for navigation (inside the constructor it is local: the class lists it once, as
; a parameter property)
(class_parameter
  ["val" "var"]
  .
  name: (identifier) @name
  type: (_)? @type) @definition.property
(class_definition
  "case"
  .
  "class"
  (class_parameters
    (class_parameter
      name: (identifier) @name
      type: (_)? @type) @definition.property))

; ---- properties and constants -----------------------------------------------------

; top-level `val` is a constant, top-level `var` a variable; in a type both are properties
(compilation_unit
  (val_definition
    pattern: (identifier) @name
    type: (_)? @type
    value: (_) @value) @definition.constant)
(compilation_unit
  (var_definition
    pattern: (identifier) @name
    type: (_)? @type
    value: (_) @value) @definition.variable)
(package_clause
  body: (_
    (val_definition
      pattern: (identifier) @name
      type: (_)? @type
      value: (_) @value) @definition.constant))

(template_body
  [
    (val_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
    (var_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
  ] @definition.property)
(enum_body
  [
    (val_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
    (var_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
  ] @definition.property)
(with_template_body
  [
    (val_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
    (var_definition pattern: (identifier) @name type: (_)? @type value: (_) @value)
  ] @definition.property)

; `val a, b: Int = 0` defines each name; the statement's type, value, modifiers and doc are every name's
(template_body
  [(val_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)
   (var_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)] @declaration)
(enum_body
  [(val_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)
   (var_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)] @declaration)
(with_template_body
  [(val_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)
   (var_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)] @declaration)
(compilation_unit
  [(val_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)
   (var_definition pattern: (identifiers (identifier) @name @definition.property) type: (_)? @type value: (_)? @value)] @declaration)

; abstract `val x: Int` / `var y: String`
(template_body [(val_declaration name: (identifier) @name type: (_) @type)
  (var_declaration name: (identifier) @name type: (_) @type)] @definition.property)
(enum_body [(val_declaration name: (identifier) @name type: (_) @type)
  (var_declaration name: (identifier) @name type: (_) @type)] @definition.property)
(with_template_body [(val_declaration name: (identifier) @name type: (_) @type)
  (var_declaration name: (identifier) @name type: (_) @type)] @definition.property)
(compilation_unit [(val_declaration name: (identifier) @name type: (_) @type)
  (var_declaration name: (identifier) @name type: (_) @type)] @definition.property)

; `given intOrd: Ordering[Int] with ...` (anonymous givens have no name to find)
(given_definition
  name: (identifier) @name
  return_type: (_)? @type
  body: (_)? @body) @definition.constant

; ---- modifiers and annotations ----------------------------------------------------

; `private[pkg]` and `protected[this]` are written as their keyword
(modifiers (access_modifier ["private" "protected"] @modifier))
(modifiers
  ["abstract" "final" "sealed" "implicit" "lazy" "override"
   (inline_modifier) (open_modifier) (transparent_modifier) (infix_modifier) (opaque_modifier)] @modifier)
(class_definition "case" @modifier)
(object_definition "case" @modifier)
[(val_definition "val" @modifier) (var_definition "var" @modifier)
 (val_declaration "val" @modifier) (var_declaration "var" @modifier)]
(annotation) @decorator

; ---- docs the grammar puts in the previous definition -----------------------------

; a Scaladoc after an indented body without braces (`def a =\n  x\n/** doc */\ndef b`) ends that body (or the
; indented block of its last `if`/`else`), not the block around `b`
(_
  (_ (indented_block (block_comment) @doc .))
  .
  [(function_definition name: (_) @name) (function_declaration name: (_) @name)
   (val_definition pattern: (identifier) @name) (var_definition pattern: (identifier) @name)
   (val_declaration name: (identifier) @name) (var_declaration name: (identifier) @name)
   (class_definition name: (_) @name) (object_definition name: (_) @name)
   (trait_definition name: (_) @name) (enum_definition name: (_) @name)
   (type_definition name: (_) @name)] @definition.property
  (#match? @doc "^/[*][*]"))
(_
  (_ (indented_block (_ (indented_block (block_comment) @doc .)) .))
  .
  [(function_definition name: (_) @name) (function_declaration name: (_) @name)
   (val_definition pattern: (identifier) @name) (var_definition pattern: (identifier) @name)
   (val_declaration name: (identifier) @name) (var_declaration name: (identifier) @name)
   (class_definition name: (_) @name) (object_definition name: (_) @name)
   (trait_definition name: (_) @name) (enum_definition name: (_) @name)
   (type_definition name: (_) @name)] @definition.property
  (#match? @doc "^/[*][*]"))

; ---- imports ----------------------------------------------------------------------

; import a.b.C / import a.b.{C, D => E, _} / import a.b._ (the source is the path; `{...}` items are named)
((import_declaration
  (identifier) @import.name .) @import @import.source @import.item
  (#set! strip.import.source "^import\\s+"))
((import_declaration
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)] @import.item)) @import @import.source
  (#set! strip.import.source "^import\\s+|\\s*\\.\\s*\\{[\\s\\S]*$"))
((import_declaration
  (namespace_selectors (namespace_wildcard) @import.namespace)) @import @import.source
  (#set! strip.import.source "^import\\s+|\\s*\\.\\s*\\{[\\s\\S]*$"))
((import_declaration
  (namespace_wildcard) @import.namespace .) @import @import.source
  (#set! strip.import.source "^import\\s+|\\s*\\.\\s*[_*]$"))

; ---- references -------------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (field_expression field: (identifier) @name)
    (generic_function function: (identifier) @name)
  ]) @reference.call

(instance_expression . [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.class
(extends_clause "extends" . [(type_identifier) @name (generic_type type: (type_identifier) @name)] @reference.class)
(extends_clause "with" . [(type_identifier) @name (generic_type type: (type_identifier) @name)] @reference.implementation)
(type_identifier) @name @reference.type

; ---- comments ---------------------------------------------------------------------

[(comment) (block_comment)] @comment

; every parameter list of a def (`def f(a: Int)(implicit ec: EC)`), merged into the definition the patterns above
; matched (the earliest pattern decides the kind; a node no pattern above named defines nothing here)
(function_definition (parameters) @parameters) @definition.method
(function_declaration (parameters) @parameters) @definition.method
; `(implicit ec: EC)` / `(using ec: EC)`: the keyword is written before the list's first parameter
(parameters ["implicit" "using"] @parameter.prefix . (parameter) @parameter)
