; JavaScript imports and exports (ES modules and CommonJS), shared with TypeScript and TSX.

; ---- imports --------------------------------------------------------------------

; import './polyfill'
(import_statement . "import" . source: (string (string_fragment) @import.source)) @import

; import x from 'm'
(import_statement
  (import_clause (identifier) @import.default)
  source: (string (string_fragment) @import.source)) @import

; import * as ns from 'm'
(import_statement
  (import_clause (namespace_import (identifier) @import.namespace))
  source: (string (string_fragment) @import.source)) @import

; import { a, b as c } from 'm'
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: (_) @import.name
        alias: (_)? @import.alias) @import.item))
  source: (string (string_fragment) @import.source)) @import

; import('m')
((call_expression
  function: (import)
  arguments: (_ . (string (string_fragment) @import.source))) @import
  (#set! kind "dynamic"))

; require('m') in any position; a binding destructures or names it
((call_expression
  function: (identifier) @_require
  arguments: (_ . (string (string_fragment) @import.source) .)) @import
  (#eq? @_require "require")
  (#set! kind "require"))
((variable_declarator
  name: (identifier) @import.default
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string (string_fragment) @import.source) .)) @import)
  (#eq? @_require "require")
  (#set! kind "require"))
; const x = require('m').x
((variable_declarator
  name: (identifier) @import.alias @import.item
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @import.source) .)) @import
    property: (property_identifier) @import.name))
  (#eq? @_require "require")
  (#set! kind "require"))
((variable_declarator
  name: (object_pattern
    [
      (shorthand_property_identifier_pattern) @import.name
      (pair_pattern key: (_) @import.name value: (identifier) @import.alias)
    ] @import.item)
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string (string_fragment) @import.source) .)) @import)
  (#eq? @_require "require")
  (#set! kind "require"))

; ---- exports --------------------------------------------------------------------

; export function f() {} / export class C {} / export const x = 1
(export_statement
  !source
  declaration: (_) @export.declaration) @export

; export default <declaration or expression>
(export_statement
  "default"
  [declaration: (_) value: (_)] @export.declaration @export.default) @export

; export { a, b as c } / export { a } from 'm'
(export_statement
  (export_clause
    (export_specifier
      name: (_) @export.name
      alias: (_)? @export.alias))
  source: (string (string_fragment) @export.source)?) @export

; export * from 'm'
(export_statement
  .
  "export"
  .
  "*"
  source: (string (string_fragment) @export.source)) @export @export.all

; export * as ns from 'm'
(export_statement
  (namespace_export (_) @export.namespace)
  source: (string (string_fragment) @export.source)) @export

; module.exports = value
(expression_statement
  .
  (_
    left: (_
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    "="
    right: (_) @export.assignment)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @export

; module.exports = { a, b: c }
(expression_statement
  .
  (_
    left: (_
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    "="
    right: (object
      [
        (shorthand_property_identifier) @export.name
        (pair key: (_) @export.alias value: (identifier) @export.name)
        (pair key: (_) @export.name value: (_))
        (method_definition name: (_) @export.name)
      ]))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @export

; exports.x = value / module.exports.x = value (functions are matched as definitions in tags.scm)
(expression_statement
  .
  (_
    left: (_
      object: [
        (identifier) @_exports
        (_ object: (identifier) @_module property: (property_identifier) @_exports)
      ]
      property: (property_identifier) @export.name)
    "="
    right: (_) @export.value)
  (#eq? @_exports "exports")) @export
