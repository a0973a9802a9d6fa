; Haskell definitions, references and imports (tree-sitter-haskell via @cursorless/tree-sitter-wasms).
; Written for code-index (the grammar ships no tags.scm; its locals.scm and highlights.scm were the reference).
;
; A function is ONE definition: its type signature when it has one (parameters are the patterns of its first
; equation, the return type is the whole signature type), else its first equation. Equations that follow a
; signature or an equation of the same name belong to it.

; ---- module ------------------------------------------------------------------------

; `module A.B (exports) where`: the header only (the declarations are its siblings, so that they stay top-level)
(header module: (module) @name) @definition.module

; ---- types ---------------------------------------------------------------------------

; `data T a = C1 f | C2 { field :: t }` and `newtype N = N t`: class-like, with their constructors
(data_type
  name: (_) @name
  constructors: (_)? @body) @definition.class
(newtype
  name: (_) @name
  constructor: (_) @body) @definition.class

; `deriving (Show, Eq)`: the derived classes are implemented (by the data_type or newtype, the only nodes with a
; deriving clause, that holds them; one pattern on the clause and one `tuple` step: each step with children costs
; ~0.005 s to compile)
(deriving classes: [(name) @implements (qualified) @implements (tuple [(name) (qualified)] @implements)])

; constructors: `C a b` (its fields are the parameters), `C { f :: T }` (record), `a :+ b` (infix). The definition
; is the constructor's name, so that record fields stay members of the type.
; (a constructor is a `prefix` (name, fields `field:`), a `record` (name, `fields:`) or an `infix` (operator between
; two operands): matched as wildcards with those fields)
(data_constructor
  constructor: (_ name: (_) @name @definition.constructor !fields) @parameters) @body
(data_constructor
  constructor: (_ name: (_) @name @definition.constructor fields: (fields) @parameters)) @body
(data_constructor
  constructor: (_ left_operand: (_) operator: (_) @name @definition.constructor)) @body
(newtype_constructor
  name: (_) @name @definition.constructor
  field: [(field) (record)] @parameters) @body
(gadt_constructor
  name: (_) @name @definition.constructor
  type: (_) @return_type) @body

(prefix field: (_) @parameter)
(newtype_constructor field: (field !name) @parameter)
(newtype_constructor field: (_ (_ name: (field_name) @parameter.name type: (_) @parameter.type) @parameter))
(fields (field name: (field_name) @parameter.name type: (_) @parameter.type) @parameter)

; record fields are properties
(field
  name: (field_name (variable) @name)
  type: (_) @type) @definition.property

; `type Name a = T`
(type_synomym
  name: (_) @name
  type: (_) @value) @definition.type

; `type family F a`, `data family D a`
(type_family name: (_) @name ) @definition.type
(data_family name: (_) @name ) @definition.type

; `class (Eq a) => C a where ...`: an interface whose signatures are its methods
(class
  context: (_)? @extends
  name: (_) @name
  declarations: (_)? @body) @definition.interface

; `instance C T where ...`: an implementation of C for T, whose equations join T's definition when T is declared in
; the file
(instance
  name: (_) @implements
  patterns: (_
    .
    [
      (name) @name
      (qualified id: (_) @name)
      ; `(T a)`: parens (the node with `(` and `type:`) around an application (the node with `constructor:`)
      (_ "(" type: [(_ constructor: (name) @name) (_ constructor: (_ constructor: (name) @name)) (name) @name])
      (_ constructor: (name) @name)
      (list) @name
      (tuple) @name
      (unit) @name
    ])
  declarations: (_)? @body) @definition.impl
; (an instance without `where` is still an implementation)

; ---- signatures ---------------------------------------------------------------------

; `name :: Type` at the top level (in a class: a method); `a, b :: T` is reported under its first name
(class_declarations
  (signature
    [name: (variable) @name name: (_ "(" (_) @name) names: (_ . (_) @name)]
    type: (_) @return_type) @definition.method)
(declarations
  (signature
    [name: (variable) @name name: (_ "(" (_) @name) names: (_ . (_) @name)]
    type: (_) @return_type) @definition.function)
; (signatures and equations in `where` and `let` are local helpers: not definitions)

; the patterns of the first equation after a signature are the function's parameters, its equations its body (an
; equation `f x = ...` or a binding `f = ...`: alternatives of one pattern, which tree-sitter analyses once)
(_
  (signature [name: (variable) @_signature names: (_ . (_) @_signature)]) @definition.function
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
    (function name: (_) @_equation patterns: (patterns) @parameters match: (_) @body)
    (bind name: (_) @_equation match: (_) @body)
  ]
  (#eq? @_signature @_equation))
; operators: `(<+>) :: T` then `a <+> b = ...` or `(<+>) a b = ...`
(_
  (signature name: (_ "(" (_) @_signature)) @definition.function
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
    (function
      (_ left_operand: (_) operator: [(operator) @_equation (_ "`" (_) @_equation) (constructor_operator) @_equation]) @parameters
      match: (_) @body)
    (function name: (_ "(" (_) @_equation) patterns: (patterns)? @parameters match: (_) @body)
  ]
  (#eq? @_signature @_equation))

; equation patterns as written: `x`, `(Just y)`, `_`, `[]`; the operands of an infix equation `a <+> b = ...`
(patterns (_) @parameter @parameter.name)
(function (_ left_operand: (_) @parameter @parameter.name operator: (_)))
(function (_ operator: (_) right_operand: (_) @parameter @parameter.name))

; ---- equations --------------------------------------------------------------------------
;
; An equation is matched as a wildcard with the fields that make it what it is (a function equation is the node with
; `name:`, `patterns:` and `match:`; an infix one `a <+> b = ...` the node with an operand/operator child and
; `match:`, not a pattern binding `x : xs = ...`, which has `pattern:`; a binding the node with `name:` and `match:`
; but no `patterns:`), a prefix operator `(<+>)` as the name with a `(`, a backquoted operator as the one with a
; `` ` ``: tree-sitter analyses every concrete node of a pattern that has children when it compiles the query (see
; queries/README.md, "Compile cost"). The declaration before an equation is matched by one pattern per form: an
; alternation of the forms would be analysed once, but the query ran ~19% slower (a module has many declarations).

; method: an equation that is the first declaration (comments and pragmas aside)
(class_declarations
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method)

; method: an equation after a declaration of another name (a signature of the same name or an earlier equation makes
; it part of that definition)
(class_declarations
  (_ name: [(variable) @_previous (name) @_previous (qualified) @_previous (constructor) @_previous (_ "(" (_) @_previous)])
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))

(class_declarations
  (signature names: (_ . (_) @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))
(class_declarations
  (function (_ left_operand: (_) operator: [(operator) (_ "`" (_)) (constructor_operator)] @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))


; method: an equation that is the first declaration (comments and pragmas aside)
(instance_declarations
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method)

; method: an equation after a declaration of another name (a signature of the same name or an earlier equation makes
; it part of that definition)
(instance_declarations
  (_ name: [(variable) @_previous (name) @_previous (qualified) @_previous (constructor) @_previous (_ "(" (_) @_previous)])
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))

(instance_declarations
  (signature names: (_ . (_) @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))
(instance_declarations
  (function (_ left_operand: (_) operator: [(operator) (_ "`" (_)) (constructor_operator)] @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.method
  (#not-eq? @_previous @name))


; function: an equation that is the first declaration (comments and pragmas aside)
(declarations
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.function)

; function: an equation after a declaration of another name (a signature of the same name or an earlier equation makes
; it part of that definition)
(declarations
  (_ name: [(variable) @_previous (name) @_previous (qualified) @_previous (constructor) @_previous (_ "(" (_) @_previous)])
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.function
  (#not-eq? @_previous @name))

(declarations
  (signature names: (_ . (_) @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.function
  (#not-eq? @_previous @name))
(declarations
  (function (_ left_operand: (_) operator: [(operator) (_ "`" (_)) (constructor_operator)] @_previous))
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.function
  (#not-eq? @_previous @name))

; function: an equation after a declaration without a name
(declarations
  [
    (fixity) (deriving_instance) (top_splice) (foreign_import) (foreign_export) (default_types) (role_annotation)
    (kind_signature) (type_family) (data_family) (type_instance) (data_instance) (pattern_synonym)
  ] @_previous_declaration
  .
  [(pragma) (comment) (haddock) (cpp)]* @_skipped
  .
  [
      (_ name: [(variable) @name (_ "(" (_) @name)] patterns: (patterns) @parameters match: (_) @body)
      (_
        (_ left_operand: (_) operator: [(operator) @name (_ "`" (_) @name) (constructor_operator) @name]) @parameters
        match: (_) @body
        !pattern)
      (_ name: [(variable) @name (_ "(" (_) @name)] match: (_) @body !patterns)
    ] @definition.function)

; ---- documentation ----------------------------------------------------------------------

; the Haddock comment after the last import documents the first declaration (it is the last child of `imports`)
(_
  (imports (haddock) @doc .)
  .
  (declarations
    .
    [
      (signature
        [name: (variable) @name name: (_ "(" (_) @name) names: (_ . (_) @name)]) @definition.function
      (data_type name: (_) @name) @definition.class
      (newtype name: (_) @name) @definition.class
      (type_synomym name: (_) @name) @definition.type
      (class name: (_) @name) @definition.interface
    ]))

; ---- exports ------------------------------------------------------------------------------

; `module M (a, T(..), (<+>)) where`: the export list says what the module exports
(haskell
  (header
    exports: (exports
      (export [variable: (_) @export.name type: (_) @export.name operator: (prefix_id (_) @export.name)]))) ) @export
; without an export list, everything is exported
(haskell
  (header !exports)
  (declarations (_) @export.declaration)) @export

; ---- imports ---------------------------------------------------------------------------------

; `import M`, `import qualified M as N`, `import M (a, b)`, `import M hiding (c)` (hidden names are not listed)
(import module: (module) @import.source (#set! kind "static")) @import
(import module: (module) @import.source alias: (module) @import.namespace) @import
((import
  module: (module) @import.source
  .
  names: (import_list
    name: (import_name
      [
        variable: (_) @import.name
        type: (_) @import.name
        operator: (prefix_id (_) @import.name)
      ]) @import.item)) @import @_statement
  (#not-match? @_statement "\\shiding\\s*\\("))

; ---- references ---------------------------------------------------------------------------

; function applications `f x`, `M.f x`, operators `a <+> b`, `a `div` b`, and constructor applications `Just x`
; (one pattern per parent node: tree-sitter analyses each pattern's parent on its own; a qualified name `M.f` is
; `(_ id: ...)`, as `qualified` is the only node with an `id:` field there and a wildcard step is not analysed)
(apply
  function: [
    (variable) @name
    (_ id: (variable) @name)
    (constructor) @name
    (_ id: (constructor) @name)
  ]) @reference.call
(infix operator: [(operator) @name (infix_id [(variable) (_ id: (variable))] @name)]) @reference.call

; type names in signatures, fields, constructor fields, contexts and instance heads
(_ type: (name) @name @reference.type)
(_ parameter: (name) @name @reference.type)
(_ result: (name) @name @reference.type)
(_ argument: (name) @name @reference.type)
(_ constructor: (name) @name @reference.type)
(_ field: (name) @name @reference.type)
(_ type: (qualified id: (name) @name) @reference.type)
(_ parameter: (qualified id: (name) @name) @reference.type)
(_ result: (qualified id: (name) @name) @reference.type)
(_ argument: (qualified id: (name) @name) @reference.type)
(_ constructor: (qualified id: (name) @name) @reference.type)
(_ field: (qualified id: (name) @name) @reference.type)
(tuple (name) @name @reference.type)
(list (name) @name @reference.type)
(type_patterns (name) @name @reference.type)

; classes: instance heads and deriving clauses
(instance name: (name) @name) @reference.interface
(deriving classes: [(name) @name (tuple (name) @name)]) @reference.interface

; ---- comments --------------------------------------------------------------------------------

(comment) @comment
(haddock) @comment
