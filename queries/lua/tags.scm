; Lua definitions, references and imports (tree-sitter-grammars/tree-sitter-lua via @cursorless/tree-sitter-wasms).
; Written for code-index; the grammar's own queries/tags.scm was the starting point.
;
; Conventions: a table made at the top level of a file (`local M = {}`, `local Bucket = {}`) is class-like; the
; functions assigned into it (`function M.f()`, `function M:m()`, `M.f = function() end`) are its members, joined
; through @receiver. `local` declarations carry a `local` modifier and are not exported.

; ---- imports ---------------------------------------------------------------------

; local json = require("cjson")  binds an import (the earliest pattern wins over constants and tables)
((variable_declaration
  "local" @modifier
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list
      .
      value: (function_call
        name: (identifier) @_require
        arguments: [(arguments . (string content: (_))) (string)])))) @definition.import
  (#eq? @_require "require"))

((function_call
  name: (identifier) @_require
  arguments: [(arguments . (string content: (_) @import.source)) (string content: (_) @import.source)]) @import
  (#eq? @_require "require")
  (#set! kind "require"))
((variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @import.default)
    (expression_list
      .
      value: (function_call
        name: (identifier) @_require
        arguments: [(arguments . (string content: (_) @import.source)) (string content: (_) @import.source)]) @import)))
  (#eq? @_require "require")
  (#set! kind "require"))

; ---- functions -------------------------------------------------------------------

; Each pattern ends at the node it captures last: a pattern that goes on past a function's body (to its `end`) stays
; open while the whole body is matched, which makes matching quadratic in the nesting depth (3,000 nested `local
; function`s: 2.6 s in one pattern). Bodies are captured by the patterns after the naming ones.

; function T.new(...) : the constructor convention
(function_declaration
  name: (dot_index_expression
    table: (identifier) @receiver
    field: (identifier) @name)
  parameters: (_) @parameters
  (#eq? @name "new")) @definition.constructor

; function T:m(...) : a method (self is implicit)
(function_declaration
  name: (method_index_expression
    table: (_) @receiver
    method: (identifier) @name)
  parameters: (_) @parameters) @definition.method

; function T.f(...) : a function stored in the table T (static: no self)
(function_declaration
  name: (dot_index_expression
    table: (_) @receiver
    field: (identifier) @name)
  parameters: (_) @parameters) @definition.method
(function_declaration
  name: (dot_index_expression field: (identifier) @modifier.static))
(assignment_statement
  (variable_list
    .
    name: (dot_index_expression field: (identifier) @modifier.static))
  (expression_list . value: (function_definition)))

; function f(...) (global) and local function f(...)
(function_declaration
  name: (identifier) @name
  parameters: (_) @parameters) @definition.function
(function_declaration . "local" @modifier)

; local f = function(...) end  /  f = function(...) end
(variable_declaration
  .
  "local" @modifier
  .
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list
      .
      value: (function_definition parameters: (_) @parameters)))) @definition.function
(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list
      .
      value: (function_definition parameters: (_) @parameters))) @definition.function)

; T.f = function(...) end  /  T.new = function(...) end
(assignment_statement
  (variable_list
    .
    name: (dot_index_expression
      table: (_) @receiver
      field: (identifier) @name))
  (expression_list
    .
    value: (function_definition parameters: (_) @parameters))) @definition.method

; { name = function(...) end } : a function field of a table
(table_constructor
  (field
    name: (identifier) @name
    value: (function_definition parameters: (_) @parameters)) @definition.method)

; The bodies of every function above (they never decide a kind: the naming patterns come first). An empty function
; has no body node: its `end` stands for the empty body, so that it does not read as declaration-only.
(function_declaration body: (_) @body) @definition.function
(function_declaration !body "end" @body) @definition.function
(variable_declaration . "local" . (assignment_statement (expression_list . value: (function_definition body: (_) @body)))) @definition.function
(variable_declaration . "local" . (assignment_statement (expression_list . value: (function_definition !body "end" @body)))) @definition.function
(assignment_statement (expression_list . value: (function_definition body: (_) @body))) @definition.function
(assignment_statement (expression_list . value: (function_definition !body "end" @body))) @definition.function
(field value: (function_definition body: (_) @body)) @definition.method
(field value: (function_definition !body "end" @body)) @definition.method

; ---- parameters ------------------------------------------------------------------

(parameters name: (identifier) @parameter @parameter.name)
(parameters (vararg_expression) @parameter @parameter.name)

; ---- tables, constants and fields ----------------------------------------------

; local M = {} at the top level: a module table or class
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (table_constructor) @body))) @definition.class)
(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (table_constructor) @body)) @definition.class)

; local MAX = 10 at the top level, in upper case: a constant
(chunk
  (variable_declaration
    "local" @modifier
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (_) @value))) @definition.constant
  (#match? @name "^[A-Z][A-Z0-9_]*$")
  (#not-match? @value "^[{]"))

; M.NAME = value at the top level: a field of the table M
(chunk
  (assignment_statement
    (variable_list
      .
      name: (dot_index_expression
        table: (identifier) @receiver
        field: (identifier) @name))
    (expression_list . value: (_) @value)) @definition.property)

; ---- references ------------------------------------------------------------------

(function_call
  name: [
    (identifier) @name
    (dot_index_expression field: (identifier) @name)
    (method_index_expression method: (identifier) @name)
  ]
  (#not-eq? @name "require")) @reference.call

; ---- comments --------------------------------------------------------------------

(comment) @comment
