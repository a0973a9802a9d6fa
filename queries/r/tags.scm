; R definitions, references and imports (tree-sitter-r via @cursorless/tree-sitter-wasms).
; Written for code-index. See queries/README.md.
; (In this grammar build a field pattern on a repeated field, `parameter: (_)`, matches only the first child, so
; repeated children are matched without their field name.)

; ---- functions --------------------------------------------------------------------

; name <- function(...) / name = function(...) / name <<- function(...)
(binary_operator
  lhs: [(identifier) (string)] @name
  operator: ["<-" "=" "<<-"]
  rhs: (function_definition
    parameters: (parameters) @parameters
    body: (_) @body)) @definition.function
; function(...) -> name
(binary_operator
  lhs: (function_definition
    parameters: (parameters) @parameters
    body: (_) @body)
  operator: ["->" "->>"]
  rhs: (identifier) @name) @definition.function

(parameters
  (parameter
    name: (_) @parameter.name
    default: (_)? @parameter.default) @parameter)
(parameters (parameter name: (dots) @parameter.rest))

; ---- classes ----------------------------------------------------------------------

; Name <- setRefClass("Name", methods = list(m = function(...) ...)) / R6::R6Class(...)
(binary_operator
  lhs: (identifier) @name
  operator: ["<-" "="]
  rhs: (call
    function: [(identifier) (namespace_operator rhs: (identifier))] @_f
    arguments: (_) @body)
  (#match? @_f "(^|:)(setRefClass|R6Class)$")) @definition.class
(call
  function: [(identifier) (namespace_operator rhs: (identifier))] @_f
  arguments: (arguments
    (argument
      name: (identifier) @_group
      value: (call
        arguments: (arguments
          (argument
            name: (identifier) @name
            value: (function_definition parameters: (parameters) @parameters body: (_) @body)) @definition.method))))
  (#match? @_f "(^|:)(setRefClass|R6Class)$")
  (#match? @_group "^(methods|public|private|active)$"))

; S4: setClass("Name", ...), setGeneric("name", function(...) ...), setMethod("name", "Class", function(...) ...)
(call
  function: (identifier) @_f
  arguments: (arguments . (argument value: (string (string_content) @name)))
  (#eq? @_f "setClass")) @definition.class
(call
  function: (identifier) @_f
  arguments: (arguments
    .
    (argument value: (string (string_content) @name))
    (argument value: (function_definition parameters: (parameters) @parameters body: (_) @body)))
  (#eq? @_f "setGeneric")) @definition.function
(call
  function: (identifier) @_f
  arguments: (arguments
    .
    (argument value: (string (string_content) @name))
    (comma)
    .
    (argument value: (string (string_content) @receiver))
    (argument value: (function_definition parameters: (parameters) @parameters body: (_) @body)))
  (#eq? @_f "setMethod")) @definition.method

; ---- top-level values -------------------------------------------------------------

(program
  (binary_operator
    lhs: (identifier) @name
    operator: ["<-" "=" "<<-"]
    rhs: [
      (identifier) (integer) (float) (complex) (string) (true) (false) (null) (na) (inf) (nan)
      (unary_operator) (binary_operator) (parenthesized_expression) (subset) (subset2) (extract_operator)
      (namespace_operator)
    ] @value) @definition.constant)
(program
  (binary_operator
    lhs: (identifier) @name
    operator: ["<-" "=" "<<-"]
    rhs: (call function: (_) @_f) @value
    (#not-match? @_f "(^|:)(setRefClass|R6Class)$")) @definition.constant)

; ---- imports ----------------------------------------------------------------------

; library(pkg) / library("pkg") / require(pkg) / requireNamespace("pkg")
(call
  function: (identifier) @_f
  arguments: (arguments
    .
    (argument value: [(identifier) @import.source @import.namespace (string (string_content) @import.source @import.namespace)]))
  (#match? @_f "^(library|require|requireNamespace|loadNamespace)$")) @import
; source("file.R")
(call
  function: (identifier) @_f
  arguments: (arguments . (argument value: (string (string_content) @import.source)))
  (#match? @_f "^(source|sys.source)$")) @import

; ---- references -------------------------------------------------------------------

(call function: (identifier) @name) @reference.call
(call function: (namespace_operator rhs: (identifier) @name)) @reference.call
(call function: (extract_operator rhs: (identifier) @name)) @reference.call

; ---- comments ---------------------------------------------------------------------

(comment) @comment
