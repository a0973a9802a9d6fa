; TypeScript definitions and references. Loaded after queries/javascript/tags.scm and structure.scm, whose
; patterns also apply (the TypeScript grammar extends the JavaScript one).

; ---- functions ----------------------------------------------------------------

; overload signatures and `declare function`
(function_signature
  "async"? @modifier
  name: (identifier) @name
  parameters: (_) @parameters) @definition.function

; ---- classes ------------------------------------------------------------------

(abstract_class_declaration
  "abstract" @modifier
  name: (_) @name
  body: (_) @body) @definition.class

(extends_clause) @extends
(implements_clause (_) @implements)

(method_signature
  name: (_) @name
  parameters: (_) @parameters
  (#not-eq? @name "constructor")) @definition.method

(method_signature
  name: (_) @name
  parameters: (_) @parameters
  (#eq? @name "constructor")) @definition.constructor

(abstract_method_signature
  name: (_) @name
  parameters: (_) @parameters) @definition.method

; type parameters and return types of any declaration (attached to the definition that owns the node)
; type parameters, return types and modifiers of any declaration (attached to the definition that owns the node); one
; pattern per node type, its details as alternatives (tree-sitter analyses each pattern's node on its own)
(function_declaration
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(generator_function_declaration
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(function_signature
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(function_expression
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(generator_function
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(arrow_function
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)])
(method_definition
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)
   (accessibility_modifier) @modifier
   (override_modifier) @modifier
   "readonly" @modifier
   "?" @optional])
(method_signature
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)
   (accessibility_modifier) @modifier
   (override_modifier) @modifier
   "static" @modifier
   "async" @modifier
   "get" @modifier
   "set" @modifier
   "readonly" @modifier
   "?" @optional])
(abstract_method_signature
  [type_parameters: (_) @type_parameters
   return_type: (_ (_) @return_type)
   (accessibility_modifier) @modifier
   (override_modifier) @modifier
   "abstract" @modifier
   "static" @modifier
   "get" @modifier
   "set" @modifier])
(class_declaration type_parameters: (_) @type_parameters)
(abstract_class_declaration type_parameters: (_) @type_parameters)
(class type_parameters: (_) @type_parameters)
(interface_declaration type_parameters: (_) @type_parameters)
(type_alias_declaration type_parameters: (_) @type_parameters)
(public_field_definition
  [(accessibility_modifier) (override_modifier) "static" "readonly" "abstract" "declare" "accessor"] @modifier)
(public_field_definition "?" @optional)
(property_signature "?" @optional)

(public_field_definition
  name: (_) @name
  type: (_ (_) @type)?
  value: (_)? @value) @definition.property

(class_body (index_signature) @definition.property (#set! name "[index]"))

; ---- interfaces, type aliases, enums, namespaces ----------------------------

(interface_declaration
  name: (_) @name
  body: (_) @body) @definition.interface

(extends_type_clause type: (_) @extends)

(property_signature
  "readonly"? @modifier
  name: (_) @name
  type: (_ (_) @type)?) @definition.property

(type_alias_declaration
  name: (_) @name
  value: (_) @value) @definition.type

; a member of a type literal that is a part of a union (`{ type: "create"; object: T } | { type: "update" }`): which
; part it is declared in
(union_type (object_type (property_signature) @definition.property) @literal)

(enum_declaration
  "const"? @modifier
  name: (_) @name
  body: (_) @body) @definition.enum

(enum_body name: (_) @name @definition.property)
(enum_body (enum_assignment name: (_) @name value: (_) @value) @definition.property)

(internal_module name: (_) @name body: (_) @body) @definition.module
(module name: (_) @name body: (_)? @body) @definition.module

; ---- references ---------------------------------------------------------------

(type_annotation (type_identifier) @name) @reference.type
(generic_type name: (type_identifier) @name) @reference.type
(implements_clause (type_identifier) @name) @reference.implementation
(extends_type_clause type: (type_identifier) @name) @reference.interface
(type_arguments (type_identifier) @name) @reference.type
; `ns.Type`: a member of a namespace, in a type position (the type of a name declared as a type and a value)
(nested_type_identifier name: (type_identifier) @name) @reference.type
