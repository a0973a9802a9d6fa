; Dart definitions, references, imports and comments (tree-sitter-dart via tree-sitter-wasms 0.1.13).
; Written for code-index after the grammar's queries/tags.scm. See queries/README.md.
; In this grammar a function's signature and body are SIBLINGS (`function_signature` / `method_signature`, then
; `function_body`), so a definition is the signature node and its body is captured with an anchor on the parent.

; ---- types ------------------------------------------------------------------------

(class_definition
  name: (identifier) @name
  type_parameters: (_)? @type_parameters
  superclass: (superclass . (_) @extends)?
  interfaces: (interfaces (type_identifier) @implements)?
  body: (_) @body) @definition.class
(class_definition (superclass (mixins (type_identifier) @implements)))
(class_definition [(abstract) (sealed) (base) (interface) "final"] @modifier)
(class_definition (mixin) @modifier)

(mixin_declaration
  (identifier) @name
  (type_parameters)? @type_parameters
  (class_body) @body) @definition.trait

(extension_declaration
  name: (identifier) @name
  class: (type_identifier) @extends
  body: (_) @body) @definition.impl

(enum_declaration
  name: (identifier) @name
  body: (_) @body) @definition.enum
(enum_constant name: (identifier) @name) @definition.property

(type_alias . (type_identifier) @name) @definition.type

; ---- top-level functions and variables --------------------------------------------

(program
  (function_signature
    . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part
    name: (identifier) @name
    (formal_parameter_list) @parameters) @definition.function
  .
  (function_body) @body)
(program
  (getter_signature name: (identifier) @name) @definition.function
  .
  (function_body) @body)

; `const int maxPageSize = 100;` / `final _log = ...;`
(program
  [(const_builtin) (final_builtin)] @modifier
  .
  (type_identifier)? @type
  .
  (static_final_declaration_list
    (static_final_declaration (identifier) @name (_) @value) @definition.constant))
; `var x = 1;` / `String name = '';` / `late final x;`
(program
  (initialized_identifier_list
    (initialized_identifier (identifier) @name (_)? @value) @definition.constant))
(program
  (type_identifier) @type
  .
  (initialized_identifier_list (initialized_identifier) @definition.constant))
(program
  (final_builtin) @modifier
  .
  (type_identifier)?
  .
  (initialized_identifier_list (initialized_identifier) @definition.constant))

; ---- members ----------------------------------------------------------------------

; methods with a body: `method_signature` then `function_body`
(class_body
  (method_signature
    [
      (function_signature
        . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part
        name: (identifier) @name
        (formal_parameter_list) @parameters)
      (getter_signature . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part name: (identifier) @name)
      (setter_signature name: (identifier) @name (formal_parameter_list) @parameters)
      (operator_signature (binary_operator)? @name (formal_parameter_list) @parameters)
    ]) @definition.method
  .
  (function_body) @body)
(extension_body
  (method_signature
    [
      (function_signature
        . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part
        name: (identifier) @name
        (formal_parameter_list) @parameters)
      (getter_signature . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part name: (identifier) @name)
      (setter_signature name: (identifier) @name (formal_parameter_list) @parameters)
    ]) @definition.method
  .
  (function_body) @body)
(enum_body
  (method_signature
    [
      (function_signature
        . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part
        name: (identifier) @name
        (formal_parameter_list) @parameters)
      (getter_signature . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part name: (identifier) @name)
    ]) @definition.method
  .
  (function_body) @body)
(method_signature (getter_signature "get" @modifier))
(method_signature (setter_signature "set" @modifier))


; constructors with a body or initializers: `Item(this.sku);`, `factory Item.fromJson(...) => ...`
(class_body
  (method_signature
    (factory_constructor_signature
      (identifier) @_class . (identifier) @name
      (formal_parameter_list) @parameters)) @definition.constructor
  .
  (function_body) @body)
(class_body
  (method_signature
    (factory_constructor_signature) @modifier.factory))
(class_body
  (method_signature
    (constructor_signature
      (identifier) @name
      .
      parameters: (_) @parameters)) @definition.constructor
  .
  (function_body) @body)
; a constructor without a block body (`Item(this.sku);`, `const A();`, with an initializer list or a redirection)
; is complete: its `;` stands for the body
(class_body
  (declaration
    (constructor_signature
      (identifier) @name
      .
      parameters: (_) @parameters)) @definition.constructor
  .
  ";" @body)
(class_body
  (declaration
    (constant_constructor_signature
      (identifier) @name
      .
      (formal_parameter_list) @parameters)) @definition.constructor
  .
  ";" @body)
(class_body
  (declaration
    (constant_constructor_signature (const_builtin) @modifier)))
(class_body
  (declaration
    [
      (factory_constructor_signature (identifier) @_class . (identifier) @name (formal_parameter_list) @parameters)
      (redirecting_factory_constructor_signature (identifier) @_class . (identifier) @name (formal_parameter_list) @parameters)
    ]) @definition.constructor
  .
  ";" @body)
(class_body
  (declaration
    [(factory_constructor_signature) (redirecting_factory_constructor_signature)] @modifier.factory))
(enum_body
  (declaration
    (constant_constructor_signature
      (identifier) @name
      .
      (formal_parameter_list) @parameters)) @definition.constructor)

; abstract methods (declaration only)
(class_body
  (declaration
    (function_signature
      . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part
      name: (identifier) @name
      (formal_parameter_list) @parameters)) @definition.method)
(class_body
  (declaration
    (getter_signature . [(type_identifier) (void_type)]? @return_type . (type_arguments)? @return_type.part . (nullable_type)? @return_type.part name: (identifier) @name)) @definition.method)

; fields
(class_body
  (declaration
    (type_identifier)? @type
    .
    (type_arguments)? @type.part
    .
    (nullable_type)? @type.part
    .
    (initialized_identifier_list
      (initialized_identifier (identifier) @name) @definition.property)))
(class_body
  (declaration
    (type_identifier)? @type
    .
    (type_arguments)? @type.part
    .
    (nullable_type)? @type.part
    .
    (static_final_declaration_list
      (static_final_declaration (identifier) @name (_) @value) @definition.property)))
; a field's modifiers are written on its declaration, around the declarator that is the definition
(class_body
  (declaration
    ["static" "late" "external" "covariant" (const_builtin) (final_builtin)] @modifier
    (initialized_identifier_list (initialized_identifier (identifier) @name) @definition.property)))
(class_body
  (declaration
    ["static" "late" "external" (const_builtin) (final_builtin)] @modifier
    (static_final_declaration_list (static_final_declaration (identifier) @name) @definition.property)))
(declaration ["static" "external" "abstract"] @modifier)
(method_signature ["static" "external"] @modifier)

; annotations
(class_body (annotation) @decorator)
(program (annotation) @decorator)

; ---- parameters -------------------------------------------------------------------

; (a type written with arguments, `Map<String, int>?`, is several sibling nodes: @parameter.type.part is its last)
(formal_parameter_list
  (formal_parameter
    .
    [(type_identifier) (void_type) (function_type)]? @parameter.type
    .
    (type_arguments)? @parameter.type.part
    .
    (nullable_type)? @parameter.type.part
    [(identifier) (constructor_param (identifier)) (super_formal_parameter (identifier))] @parameter.name
    .) @parameter)
; `[...]` and `{...}` groups: written once, each name an optional parameter (a default belongs to the group's text)
(optional_formal_parameters
  (formal_parameter [(identifier) (constructor_param (identifier)) (super_formal_parameter (identifier))] @parameter.name)) @parameter @parameter.optional

; ---- imports ----------------------------------------------------------------------

(import_or_export
  (library_import
    (import_specification
      (configurable_uri (uri (string_literal) @import.source))
      .
      (identifier) @import.namespace))) @import
(import_or_export
  (library_import
    (import_specification
      (configurable_uri (uri (string_literal) @import.source))
      (combinator "show" (identifier) @import.name @import.item)))) @import
(import_or_export
  (library_import
    (import_specification
      (configurable_uri (uri (string_literal) @import.source))))) @import
(part_directive (uri (string_literal) @import.source)) @import

; ---- re-exports -----------------------------------------------------------------

; export 'src/client.dart';  /  export 'src/client.dart' show Client;
((import_or_export
  (library_export
    (configurable_uri (uri (string_literal) @export.source))
    .)) @export @export.all)
(import_or_export
  (library_export
    (configurable_uri (uri (string_literal) @export.source))
    (combinator "show" (identifier) @export.name))) @export

; ---- references -------------------------------------------------------------------

(_
  (selector (unconditional_assignable_selector (identifier) @name) @reference.call)
  .
  (selector (argument_part)))
(_ (identifier) @name @reference.call . (selector (argument_part)))
(new_expression (type_identifier) @name) @reference.class
(superclass (type_identifier) @name @reference.class)
(interfaces (type_identifier) @name @reference.implementation)
(mixins (type_identifier) @name @reference.implementation)
(type_arguments (type_identifier) @name @reference.type)
(formal_parameter (type_identifier) @name @reference.type)

; ---- comments ---------------------------------------------------------------------

[(comment) (documentation_comment)] @comment

; ---- body markers -----------------------------------------------------------------
; `async` / `async*` / `sync*` are written on the body, a sibling of the signature: these patterns carry no @name,
; so they only add to a definition made above.
; (the three markers are alternatives of one pattern: tree-sitter analyses each pattern on its own, and a pattern
; whose parent is a wildcard is analysed against every repetition in the grammar, ~0.02 s each)
(_
  (method_signature) @definition.method
  .
  (function_body ["async" @modifier "async*" @modifier.async @modifier.generator "sync*" @modifier.generator]))
(program
  (function_signature) @definition.function
  .
  (function_body ["async" @modifier "async*" @modifier.async @modifier.generator "sync*" @modifier.generator]))
