; Swift definitions, details, references and imports (grammar: tree-sitter-swift 0.4 as built by tree-sitter-wasms
; 0.1.13). Written for code-index; see queries/README.md. Started from the tags.scm tree-sitter-swift ships.
;
; In this build the type after `->`, after a parameter's `:` and in a type annotation is a `name:` field like the
; declared name itself, so types are found by node type and position (`"->" . (_)`), never by field name.
; class, struct, enum, actor and extension are all `class_declaration`, told apart by their keyword.
; Nested nodes under a field are wildcards with the fields that make them what they are (a pattern
; `(_ bound_identifier: ...)`, a navigation `(_ suffix: ...)`, a user type `(_ (type_identifier))`): tree-sitter
; analyses every concrete node of a pattern that has children when it compiles the query (see queries/README.md,
; "Compile cost").

; ---- types ------------------------------------------------------------------------

(class_declaration
  declaration_kind: "struct"
  name: (type_identifier) @name
  body: (_) @body) @definition.struct

(class_declaration
  declaration_kind: "enum"
  name: (type_identifier) @name
  body: (_) @body) @definition.enum

; class and actor (the `actor` keyword is kept as a modifier)
(class_declaration
  declaration_kind: ["class" "actor"]
  name: (type_identifier) @name
  body: (_) @body) @definition.class

; `extension T` / `extension Outer.T` / `extension T where ...`: named after the extended type, its members join
; the type of that name in the file
(class_declaration
  declaration_kind: "extension"
  name: [(_ (type_identifier) @name .) (_ (type_identifier) @name . (type_arguments) .)]
  body: (_) @body) @definition.impl

(protocol_declaration
  name: (type_identifier) @name
  body: (protocol_body) @body) @definition.interface

; bases: the grammar does not tell a superclass from a protocol, so every base of a class, struct, enum, actor or
; extension is listed as implemented; a protocol's bases are the protocols it extends. (The details of one node type
; are alternatives of one pattern: tree-sitter analyses each pattern's node on its own, ~0.2 s per class_declaration
; pattern.)
(class_declaration
  [
    declaration_kind: "actor" @modifier
    (type_parameters) @type_parameters
    (inheritance_specifier inherits_from: (_) @implements)
  ])
(protocol_declaration
  [
    (type_parameters) @type_parameters
    (inheritance_specifier inherits_from: (_) @extends)
  ])

(typealias_declaration
  name: (type_identifier) @name
  .
  (type_parameters)? @type_parameters
  .
  "="
  .
  (_) @value) @definition.type

(associatedtype_declaration
  name: (type_identifier) @name) @definition.type

; enum cases: `case a`, `case b(Int)`, `case c = "c"`, `case x, y`: each name is a definition of its own (the
; case node holds several), so the definition is the name itself; its doc comment is read before the `case`
(enum_entry
  name: (simple_identifier) @name @definition.property)
(enum_entry
  name: (simple_identifier) @name @definition.property
  .
  data_contents: (_) @type)
(enum_entry
  name: (simple_identifier) @name @definition.property
  .
  "="
  .
  raw_value: (_) @value)

; ---- constructors -----------------------------------------------------------------

(init_declaration
  "init" @name
  body: (function_body)? @body) @definition.constructor @parameters

(deinit_declaration
  "deinit" @name
  body: (function_body) @body) @definition.constructor

; ---- methods and functions --------------------------------------------------------

; (a function in a class or enum body is a method: these patterns name nothing, the function pattern below names
; it, and the earliest pattern decides what a node is)
(class_body (function_declaration) @definition.method)
(enum_class_body (function_declaration) @definition.method)

(protocol_body
  (protocol_function_declaration
    "func"
    .
    _ @name) @definition.method @parameters)

(function_declaration
  "func"
  .
  _ @name
  body: (function_body) @body) @definition.function @parameters

; `subscript(i: Int) -> T`, a method named `subscript`
(subscript_declaration
  "subscript" @name
  (computed_property)? @body) @definition.method @parameters

; `macro m(...) = #externalMacro(...)`
(macro_declaration
  "macro"
  .
  (simple_identifier) @name) @definition.function @parameters

; (one pattern per node type, the details as alternatives)
(function_declaration
  [(type_parameters) @type_parameters ("->" . (_) @return_type) "async" @modifier (throws) @modifier])
(protocol_function_declaration
  [(type_parameters) @type_parameters ("->" . (_) @return_type) "async" @modifier (throws) @modifier])
(init_declaration [(type_parameters) @type_parameters "async" @modifier (throws) @modifier])
(subscript_declaration [(type_parameters) @type_parameters ("->" . (_) @return_type)])
(macro_declaration "->" . (_) @return_type)

; parameters: `with id: SessionID`, `_ value: T`, `values: T...`, `x: Int = 1` (the default is a sibling of the
; parameter in this grammar); the name is the one the body uses, the label (and `inout`) stay in the written
; parameter; the type is the last named child (after `inout` and the like)
(parameter
  name: (simple_identifier) @parameter.name
  (_) @parameter.type .) @parameter
((parameter) @parameter
  .
  "="
  .
  default_value: _ @parameter.default)
(parameter "..." @parameter.rest) @parameter

; ---- properties and constants -----------------------------------------------------

; top-level `let` is a constant, top-level `var` a variable; in a type both are properties.
; each name is a definition (`var a = 1, b = 2` defines two); the declaration holds its modifiers, type and doc.
; (these two name nothing: the property pattern below names every binding, with its type, value and body, and
; these, earlier, make a top-level one a constant or a variable)
(source_file
  (property_declaration (value_binding_pattern "let") . name: (_) @definition.constant))
(source_file
  (property_declaration (value_binding_pattern "var") . name: (_) @definition.variable))

(property_declaration
  (value_binding_pattern)
  .
  name: (_ bound_identifier: (simple_identifier) @name) @definition.property
  .
  (type_annotation (_) @type)?
  .
  "="?
  .
  value: _? @value
  computed_value: (computed_property)? @body) @declaration

; `var a = 1, b = 2`: each name is a definition, the declaration's modifiers and doc are both names'
(property_declaration
  (value_binding_pattern)
  ","
  .
  name: (_ bound_identifier: (simple_identifier) @name) @definition.property) @declaration

; `var count: Int { get }` in a protocol
(protocol_property_declaration
  name: (_ bound_identifier: (simple_identifier) @name)
  .
  (type_annotation (_) @type)?) @definition.property

; ---- modifiers and attributes -----------------------------------------------------

(modifiers
  [(visibility_modifier) (member_modifier) (property_modifier) (inheritance_modifier) (mutation_modifier)
   (function_modifier) (ownership_modifier) (property_behavior_modifier)] @modifier)
(modifiers (attribute) @decorator)
(property_declaration (value_binding_pattern mutability: _ @modifier))

; ---- imports ----------------------------------------------------------------------

; import Foundation / import os.log: the whole module
((import_declaration
  (identifier) @import.source @import.namespace) @import
  (#match? @import "^(@[^\\n]*\\s+)?import\\s+[^\\s]+\\s*$"))

; import struct Foundation.Date / import func Darwin.sqrt: one declaration of a module
((import_declaration
  ["typealias" "struct" "class" "enum" "protocol" "let" "var" "func"]
  (identifier (simple_identifier) @import.name .) @import.source @import.item) @import)

; ---- references -------------------------------------------------------------------

(call_expression
  .
  [
    (simple_identifier) @name
    (_ suffix: (_ suffix: (simple_identifier) @name))
  ]) @reference.call

(constructor_expression
  .
  (_ (type_identifier) @name)) @reference.class

(inheritance_specifier inherits_from: (_ (type_identifier) @name .) @reference.implementation)
(user_type (type_identifier) @name) @reference.type

; ---- comments ---------------------------------------------------------------------

[(comment) (multiline_comment)] @comment
