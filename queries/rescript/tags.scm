; ReScript definitions, imports and references (grammar: tree-sitter-rescript, tree-sitter-wasms 0.1.13 build).
; `let f = (a, ~b=1) => ...` is a function; any other `let` is a constant. Types: records are structs (their
; fields are properties), variants are enums (their constructors are properties), other aliases are types.
; Modules are modules, `module type` signatures are interfaces; `open M` is an import. Doc comments: /** ... */.

; ---- functions -----------------------------------------------------------------------------------

(let_declaration
  (let_binding
    pattern: (value_identifier) @name
    body: (function
      parameters: (formal_parameters) @parameters
      return_type: (type_annotation (_) @return_type)?
      body: (_) @body))) @definition.function

(let_declaration
  (let_binding
    pattern: (value_identifier) @name
    body: (function
      parameter: (value_identifier) @parameters @parameter @parameter.name
      body: (_) @body))) @definition.function

(let_declaration "rec" @modifier)
(function "async" @modifier)

; bindings to JavaScript: external fetch: string => promise<response> = "fetch"
(external_declaration
  (value_identifier) @name
  (type_annotation
    (function_type
      (function_type_parameters) @parameters
      (_) @return_type .))) @definition.function
(external_declaration (value_identifier) @name (type_annotation (_) @type)) @definition.constant
(external_declaration "external" @modifier)
(function_type_parameters (_) @parameter)

(formal_parameters
  (parameter
    [
      (value_identifier) @parameter.name
      (labeled_parameter (value_identifier) @parameter.name default_value: (_)? @parameter.default)
      (unit) @parameter.name
    ]) @parameter)

; ---- constants -------------------------------------------------------------------------------------

(let_declaration
  (let_binding
    pattern: (value_identifier) @name
    (type_annotation (_) @type)?
    body: (_) @value)) @definition.constant

; interface files and module signatures: let name: type
(let_declaration
  (let_binding
    pattern: (value_identifier) @name
    (type_annotation (_) @type) .)) @definition.constant

; ---- types -------------------------------------------------------------------------------------------

(type_declaration
  (type_binding
    name: (type_identifier) @name
    (type_parameters)? @type_parameters
    body: (record_type) @body)) @definition.struct
(record_type (record_type_field (property_identifier) @name (type_annotation (_) @type)) @definition.property)

(type_declaration
  (type_binding
    name: (type_identifier) @name
    (type_parameters)? @type_parameters
    body: (variant_type) @body)) @definition.enum
(variant_type (variant_declaration (variant_identifier) @name (variant_parameters)? @type) @definition.property)

(type_declaration
  (type_binding
    name: (type_identifier) @name
    (type_parameters)? @type_parameters
    body: (_)? @type)) @definition.type

; ---- modules -----------------------------------------------------------------------------------------

(module_declaration "type" (module_binding name: (module_identifier) @name definition: (_)? @body)) @definition.interface
(module_declaration (module_binding name: (module_identifier) @name definition: (block) @body)) @definition.module
(module_declaration (module_binding name: (module_identifier) @name definition: (_) @value)) @definition.module

; ---- imports, references, decorators, comments -----------------------------------------------------------

(open_statement [(module_identifier) (module_identifier_path)] @import.source) @import
(include_statement [(module_identifier) (module_identifier_path)] @import.source) @import

(call_expression
  function: [
    (value_identifier) @name
    (value_identifier_path (value_identifier) @name .)
  ]) @reference.call

(type_annotation [(type_identifier) @name (type_identifier_path (type_identifier) @name .)] @reference.type)
(generic_type [(type_identifier) @name (type_identifier_path (type_identifier) @name .)] @reference.type)

(decorator) @decorator
(comment) @comment
