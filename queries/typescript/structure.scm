; TypeScript parameters, type-only imports/exports and `import x = require()` / `export =`.

; ---- parameters ---------------------------------------------------------------

(required_parameter
  pattern: [(identifier) (object_pattern) (array_pattern) (this)] @parameter.name
  type: (_ (_) @parameter.type)?
  value: (_)? @parameter.default) @parameter
(required_parameter
  pattern: (rest_pattern (_) @parameter.name)
  type: (_ (_) @parameter.type)?) @parameter @parameter.rest
(optional_parameter
  pattern: (_) @parameter.name
  type: (_ (_) @parameter.type)?
  value: (_)? @parameter.default) @parameter @parameter.optional
[(required_parameter) (optional_parameter)] [(accessibility_modifier) (override_modifier) "readonly"] @parameter.modifier
(arrow_function parameter: (identifier) @parameter @parameter.name)

; ---- type-only imports and exports --------------------------------------------

(import_statement "type" @import.type)
(import_specifier "type" @import.type)
(export_statement "type" @export.type)
(export_specifier "type" @export.type)

; import fs = require('fs')
((import_statement
  (import_require_clause
    (identifier) @import.default
    source: (string (string_fragment) @import.source))) @import
  (#set! kind "require"))

; export = value
(export_statement . "export" . "=" . (_) @export.assignment) @export

; ---- declared types of variables ----------------------------------------------

; `export const map: { <A, B>(f: ...): ...; ... } = dual(...)`, `const TypeId: unique symbol = ...`: the declared type of
; a binding another pattern (queries/javascript/tags.scm) defines, whatever kind it made it. Without a name, this
; pattern only adds the type: it neither defines a binding nor changes its kind (a later pattern never does).
(variable_declarator type: (type_annotation (_) @type)) @definition.constant
