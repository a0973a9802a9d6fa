; Java definitions, references, imports, comments and annotations (tree-sitter-java 0.23).
; Written for code-index, after the grammar authors' queries/tags.scm. See queries/README.md.

; ---- types ------------------------------------------------------------------------

(class_declaration
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  superclass: (superclass (_) @extends)?
  interfaces: (super_interfaces (type_list (_) @implements))?
  body: (_) @body) @definition.class

(record_declaration
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  interfaces: (super_interfaces (type_list (_) @implements))?
  body: (_) @body) @definition.class

(interface_declaration
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  (extends_interfaces (type_list (_) @extends))?
  body: (_) @body) @definition.interface

(annotation_type_declaration
  name: (identifier) @name
  body: (_) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  interfaces: (super_interfaces (type_list (_) @implements))?
  body: (_) @body) @definition.enum

(enum_constant
  name: (identifier) @name) @definition.property

; record components are properties of the record
(record_declaration
  parameters: (formal_parameters
    (formal_parameter
      type: (_) @type
      name: (identifier) @name) @definition.property))

; ---- members ----------------------------------------------------------------------

(method_declaration
  type_parameters: (_)? @type_parameters
  type: (_) @return_type
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (_)? @body) @definition.method

(constructor_declaration
  type_parameters: (_)? @type_parameters
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (_) @body) @definition.constructor

(compact_constructor_declaration
  name: (identifier) @name
  body: (_) @body) @definition.constructor

(annotation_type_element_declaration
  type: (_) @return_type
  name: (identifier) @name
  value: (_)? @value) @definition.method

; fields (Java has no top-level constants: a `static final` field is a property with those modifiers, so that it
; stays in its class's outline)
(field_declaration
  type: (_) @type
  declarator: (variable_declarator
    name: (identifier) @name
    value: (_)? @value) @definition.property) @declaration

; interface fields (implicitly public static final)
(constant_declaration
  type: (_) @type
  declarator: (variable_declarator
    name: (identifier) @name
    value: (_)? @value) @definition.property) @declaration

; a field's modifiers and annotations belong to each of its declarators
(field_declaration
  (modifiers ["public" "protected" "private" "static" "final" "transient" "volatile"] @modifier)
  declarator: (variable_declarator name: (identifier) @name) @definition.property)
(field_declaration
  (modifiers [(annotation) (marker_annotation)] @decorator)
  declarator: (variable_declarator name: (identifier) @name) @definition.property)
(constant_declaration
  (modifiers ["public" "protected" "private" "static" "final" "transient" "volatile"] @modifier)
  declarator: (variable_declarator name: (identifier) @name) @definition.property)
(constant_declaration
  (modifiers [(annotation) (marker_annotation)] @decorator)
  declarator: (variable_declarator name: (identifier) @name) @definition.property)

; modifiers and annotations of types, methods and constructors
(class_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(class_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(record_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(record_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(interface_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(interface_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(annotation_type_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(annotation_type_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(enum_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(enum_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(method_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(method_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(constructor_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(constructor_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(compact_constructor_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(compact_constructor_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(annotation_type_element_declaration (modifiers ["public" "protected" "private" "abstract" "static" "final" "sealed" "non-sealed" "strictfp" "default" "synchronized" "native"] @modifier))
(annotation_type_element_declaration (modifiers [(annotation) (marker_annotation)] @decorator))
(enum_constant (modifiers [(annotation) (marker_annotation)] @decorator))

; ---- parameters -------------------------------------------------------------------

(formal_parameter
  type: (_) @parameter.type
  name: (_) @parameter.name) @parameter
(spread_parameter
  (_) @parameter.type
  (variable_declarator name: (_) @parameter.name)) @parameter @parameter.rest
(formal_parameters (receiver_parameter) @parameter @parameter.name)

; ---- imports ----------------------------------------------------------------------

; import java.util.List;  (source: the package, name: the imported type)
(import_declaration
  .
  "import"
  .
  (scoped_identifier
    scope: (_) @import.source
    name: (identifier) @import.name) @import.item
  .
  ";") @import

; import static java.util.Objects.requireNonNull;
(import_declaration
  "static"
  (scoped_identifier
    scope: (_) @import.source
    name: (identifier) @import.name) @import.item
  .
  ";") @import

; import java.util.*;  /  import static java.lang.Math.*;  (a wildcard: every name of the package, or every static
; member of the class)
(import_declaration
  (_) @import.source
  .
  (asterisk) @import.name) @import

; ---- references -------------------------------------------------------------------

(method_invocation
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call

; literal arguments, by kind: they pick among overloads of one arity (`print("</")` is `print(String)`, not `print(char)`)
(argument_list (string_literal) @argument.string)
(argument_list (character_literal) @argument.char)
(argument_list [(decimal_integer_literal) (hex_integer_literal) (octal_integer_literal) (binary_integer_literal)] @argument.integer)
(argument_list [(true) (false)] @argument.boolean)
(argument_list (class_literal) @argument.class)
(argument_list [(lambda_expression) (method_reference)] @argument.function)

; arguments that are names with a value (a variable, a field, what a method returns, a new object): the type that name
; is declared with picks among overloads of one arity (`at(tree.pos())` is `at(DiagnosticPosition)`, not `at(int)`)
(argument_list (identifier) @argument.value.name @argument.value)
(argument_list (field_access field: (identifier) @argument.value.name) @argument.value)
(argument_list (method_invocation name: (identifier) @argument.value.name) @argument.value)
(argument_list
  (object_creation_expression
    type: [
      (type_identifier) @argument.value.name
      (generic_type (type_identifier) @argument.value.name)
      (scoped_type_identifier (type_identifier) @argument.value.name .)
    ]) @argument.value)

(object_creation_expression
  type: [
    (type_identifier) @name
    (generic_type (type_identifier) @name)
    (scoped_type_identifier (type_identifier) @name .)
  ]) @reference.class

(superclass [(type_identifier) @name (generic_type (type_identifier) @name)]) @reference.class

(super_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.implementation))

(extends_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.interface))

(formal_parameter type: [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.type)
(field_declaration type: [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.type)
(local_variable_declaration type: [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.type)
(method_declaration type: [(type_identifier) @name (generic_type (type_identifier) @name)] @reference.type)

(type_arguments (type_identifier) @name @reference.type)

; ---- comments ---------------------------------------------------------------------

[(line_comment) (block_comment)] @comment
