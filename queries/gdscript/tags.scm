; GDScript definitions, references and comments (tree-sitter-gdscript via @cursorless/tree-sitter-wasms).
; Written for code-index. See queries/README.md.
; A script file is itself a class (`class_name X` + `extends Y` are statements, not a node around the file), so its
; top-level funcs are functions and its top-level vars are properties without a container.

; ---- classes ----------------------------------------------------------------------

(class_definition
  name: (name) @name
  extends: (extends_statement (type) @extends)?
  body: (body) @body) @definition.class
; the script's own class name: `class_name Inventory`
(class_name_statement (name) @name) @definition.class

; ---- functions --------------------------------------------------------------------

; functions inside an inner class are its methods
(class_definition
  body: (body
    (function_definition
      name: (name) @name
      parameters: (parameters) @parameters
      return_type: (_)? @return_type
      body: (body) @body) @definition.method))

(function_definition
  name: (name) @name
  parameters: (parameters) @parameters
  return_type: (_)? @return_type
  body: (body) @body) @definition.function
(constructor_definition
  parameters: (parameters) @parameters
  return_type: (_)? @return_type
  body: (body) @body
  (#set! name "_init")) @definition.constructor
(function_definition (static_keyword) @modifier)
(function_definition (annotations (annotation) @decorator))

(parameters (identifier) @parameter.name @parameter)
(parameters (typed_parameter (identifier) @parameter.name type: (_) @parameter.type) @parameter)
(parameters (default_parameter (identifier) @parameter.name value: (_) @parameter.default) @parameter)
(parameters
  (typed_default_parameter
    (identifier) @parameter.name
    type: (_) @parameter.type
    value: (_) @parameter.default) @parameter)

; ---- signals, enums, constants and variables --------------------------------------

(signal_statement (name) @name (parameters)? @parameters) @definition.event

(enum_definition name: (name) @name body: (_) @body) @definition.enum
(enumerator left: (identifier) @name right: (_)? @value) @definition.property

(const_statement name: (name) @name type: (type)? @type value: (_) @value) @definition.constant

(variable_statement name: (name) @name type: (type)? @type value: (_)? @value) @definition.property
; Godot 3: `onready var x = $X` / `export(int) var y`
(onready_variable_statement name: (name) @name type: (type)? @type value: (_)? @value) @definition.property
(export_variable_statement name: (name) @name type: (type)? @type value: (_)? @value) @definition.property
(onready_variable_statement "onready" @decorator)
(export_variable_statement "export" @decorator)
(variable_statement (annotations (annotation) @decorator))
(variable_statement (static_keyword) @modifier)

; ---- imports ----------------------------------------------------------------------

; const Item = preload("res://item.gd")  /  var scene = load("res://main.tscn")
(const_statement
  name: (name) @import.name
  value: (call (identifier) @_f (arguments . (string) @import.source))
  (#match? @_f "^(preload|load)$")) @import
(extends_statement (string) @import.source) @import

; ---- references -------------------------------------------------------------------

(call (identifier) @name) @reference.call
(attribute (attribute_call (identifier) @name)) @reference.call
(extends_statement (type (identifier) @name)) @reference.class
(type (identifier) @name) @reference.type

; ---- comments ---------------------------------------------------------------------

(comment) @comment
