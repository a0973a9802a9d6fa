; JavaScript definitions and references, in the tree-sitter tags vocabulary
; (@definition.<kind>, @reference.<kind>, @name) plus code-index's detail captures
; (@parameters, @return_type, @type_parameters, @body, @modifier, @extends, @value, ...).
; See queries/README.md for the whole vocabulary. TypeScript and TSX load this file first.
; Some nested nodes are wildcards with what makes them what they are (an arrow function is the node with parameters
; and `=>`, a call the one with `function:` and `arguments:`): tree-sitter analyses every concrete node of a pattern
; that has children when it compiles the query (see queries/README.md, "Compile cost"). Not where the parent has many
; candidate children: there a wildcard made the query ~10% slower to run.

; ---- functions -------------------------------------------------------------

(function_declaration
  "async"? @modifier
  name: (identifier) @name
  parameters: (_) @parameters
  body: (_) @body) @definition.function

(generator_function_declaration
  "async"? @modifier
  "*" @modifier.generator
  name: (identifier) @name
  parameters: (_) @parameters
  body: (_) @body) @definition.function

; const f = () => {}, const f = function () {}, const f = async function* () {}
(variable_declarator
  name: (identifier) @name
  value: [
    (_
      "async"? @modifier
      parameters: (_) @parameters
      "=>"
      body: (_) @body)
    (_
      "async"? @modifier
      parameter: (_) @parameters
      "=>"
      body: (_) @body)
    (function_expression
      "async"? @modifier
      parameters: (_) @parameters
      body: (_) @body)
    (generator_function
      "async"? @modifier
      "*" @modifier.generator
      parameters: (_) @parameters
      body: (_) @body)
  ]) @definition.function

; exports.helper = function () {}, module.exports.run = async () => {}
; (`.`: the assignment is the statement's first child; without the anchor the statement's pattern stays open while
; the function's body is matched, quadratic in the nesting depth: 4,000 nested `a.b = function () {...}` took 1.3 s.)
(expression_statement
  .
  (assignment_expression
    left: (member_expression
      object: [
        (identifier) @_exports
        (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
      ]
      property: (property_identifier) @name)
    right: [
      (arrow_function
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
      (arrow_function
        "async"? @modifier
        parameter: (_) @parameters
        body: (_) @body)
      (function_expression
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
    ])
  (#eq? @_exports "exports")) @definition.function

; exports.VERSION = "1.0", module.exports.limit = 10: a value the module exports (its export leads here; the name
; binds nothing in the file, hence the receiver)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [
        (identifier) @receiver @_exports
        (member_expression object: (identifier) @_module property: (property_identifier) @receiver @_exports)
      ]
      property: (property_identifier) @name)
    right: [
      (string) (template_string) (number) (true) (false) (null) (undefined) (regex) (object) (array)
      (call_expression) (new_expression) (binary_expression)
      (unary_expression) (ternary_expression) (parenthesized_expression)
    ] @value)
  (#eq? @_exports "exports")) @definition.variable

; app.set = function () {}, Ctor.prototype.save = function () {}: methods of what they are assigned to (its
; receiver: `this` inside them, and `app.set(...)`, reach them)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression object: (identifier) @receiver property: (property_identifier) @_prototype)
      property: (property_identifier) @name)
    right: [
      (arrow_function
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
      (function_expression
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
    ])
  (#eq? @_prototype "prototype")) @definition.method
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @receiver
      property: (property_identifier) @name)
    right: [
      (arrow_function
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
      (function_expression
        "async"? @modifier
        parameters: (_) @parameters
        body: (_) @body)
    ])
  (#not-any-of? @receiver "exports" "module")) @definition.method

; module.exports = function name () {} (CommonJS; a named function expression keeps its name)
(expression_statement
  .
  (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    right: (function_expression
      "async"? @modifier
      name: (identifier) @name
      parameters: (_) @parameters
      body: (_) @body) @definition.function)
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

; export default function () {} (anonymous)
(export_statement
  value: [
    (function_expression
      "async"? @modifier
      !name
      parameters: (_) @parameters
      body: (_) @body)
    (arrow_function
      "async"? @modifier
      parameters: (_) @parameters
      body: (_) @body)
  ] @definition.function
  (#set! name "default"))

; ---- classes ----------------------------------------------------------------

(class_declaration
  name: (_) @name
  body: (_) @body) @definition.class

; const Foo = class { ... }
(variable_declarator
  name: (identifier) @name
  value: (class
    body: (_) @body)) @definition.class

; module.exports = class Name { ... } (CommonJS; a named class expression keeps its name)
(expression_statement
  .
  (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    right: (class
      name: (_) @name
      body: (_) @body) @definition.class)
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

; export default class { ... } (anonymous)
(export_statement
  value: (class
    !name
    body: (_) @body) @definition.class
  (#set! name "default"))


(method_definition
  name: (_) @name
  parameters: (_) @parameters
  body: (_) @body
  (#not-eq? @name "constructor")) @definition.method

(method_definition
  name: (_) @name
  parameters: (_) @parameters
  body: (_) @body
  (#eq? @name "constructor")) @definition.constructor

(method_definition ["static" "async" "get" "set"] @modifier)
(method_definition "*" @modifier.generator)


; ---- constants --------------------------------------------------------------

; const fs = require('fs') binds an import, not a constant (the earliest pattern wins)
(variable_declarator
  name: (_) @name
  value: (_
    function: (identifier) @_require
    arguments: (_ . (string)))
  (#eq? @_require "require")) @definition.import

; top-level const bindings that are not functions or classes (those are matched above)
(program
  (lexical_declaration
    "const"
    (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.constant))
(export_statement
  (lexical_declaration
    "const"
    (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.constant))
; top-level let/var bindings: variables (in exports and symbols, not in the constants outline)
(program
  [
    (lexical_declaration "let" (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.variable)
    (variable_declaration (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.variable)
  ])
(export_statement
  declaration: [
    (lexical_declaration "let" (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.variable)
    (variable_declaration (variable_declarator
      name: (identifier) @name
      value: (_)? @value) @definition.variable)
  ])

; const { a, b: c } = config
; (Anchored to the statement's first declarator: a pattern that could match a later declarator stays open while the
; whole first one is matched, nested functions and all, which makes matching quadratic in the nesting depth: 4,000
; nested `const f = () => {...}` took 1.1 s in these two patterns alone. `const x = 1, { a } = y` is not matched.)
(lexical_declaration
  .
  "const"
  .
  (variable_declarator
    name: (object_pattern
      [
        (shorthand_property_identifier_pattern) @name
        (pair_pattern value: (identifier) @name)
      ] @definition.constant)))
(lexical_declaration
  .
  "const"
  .
  (variable_declarator
    name: (array_pattern (identifier) @name @definition.constant)))

; ---- references ---------------------------------------------------------------

; `@arguments`: a call's argument list (its arity picks among overloads)
((call_expression
  function: (identifier) @name
  arguments: (arguments)? @arguments) @reference.call
  (#not-match? @name "^(require)$"))

(call_expression
  function: (member_expression
    property: [(property_identifier) (private_property_identifier)] @name)
  arguments: (arguments)? @arguments) @reference.call

(new_expression
  constructor: (identifier) @name
  arguments: (arguments)? @arguments) @reference.class

(new_expression
  constructor: (member_expression property: (property_identifier) @name)
  arguments: (arguments)? @arguments) @reference.class
; `f(...xs)`: a spread argument, which only a rest parameter takes
(arguments (spread_element) @arguments.spread)


; ---- comments and decorators (for doc comments) -----------------------------

(comment) @comment
(decorator) @decorator
