; TLA+ (grammar: tree-sitter-tlaplus, tree-sitter-wasms 0.1.13 build).
; Operators with parameters (`Inc(p) == ...`) and functions (`f[n \in Nat] == ...`) are functions; operators
; without parameters (`Init == ...`, `Next == ...`, `Spec == ...`) are constants with their definition as value.
; CONSTANTS are constants, VARIABLES are variables, THEOREM/LEMMA names are theorems; modules are modules.
; EXTENDS and INSTANCE are imports. LOCAL definitions are not exported.
; The grammar has no parameter-list node: the definition node itself is @parameters (its parameter children).

; ---- modules ------------------------------------------------------------------------------------

(module name: (identifier) @name) @definition.module
(module_definition name: (identifier) @name definition: (instance (identifier_ref) @value)) @definition.module

; ---- operators -------------------------------------------------------------------------------------

(local_definition "LOCAL" @modifier (operator_definition name: (identifier) @name parameter: _) @definition.function @parameters)
(local_definition "LOCAL" @modifier (operator_definition name: (identifier) @name definition: (_) @value) @definition.constant)
(local_definition "LOCAL" @modifier (function_definition name: (identifier) @name) @definition.function @parameters)

(operator_definition name: (identifier) @name parameter: _ definition: (_) @body) @definition.function @parameters
(operator_definition name: (identifier) @name definition: (_) @value) @definition.constant
(function_definition name: (identifier) @name definition: (_) @body) @definition.function @parameters

(operator_definition parameter: (identifier) @parameter @parameter.name)
(operator_definition parameter: (operator_declaration name: (identifier) @parameter.name) @parameter)
(function_definition (quantifier_bound intro: (identifier) @parameter.name set: (_) @parameter.type) @parameter)

; RECURSIVE Sum(_) declares an operator defined later
(recursive_declaration (operator_declaration name: (identifier) @name) @definition.function)

; ---- declarations, theorems --------------------------------------------------------------------------

(constant_declaration [(identifier) @name (operator_declaration name: (identifier) @name)] @definition.constant)
(variable_declaration (identifier) @name @definition.variable)
(theorem name: (identifier) @name statement: (_) @value) @definition.theorem

; ---- imports ---------------------------------------------------------------------------------------------

(extends (identifier_ref) @import @import.source)
(instance . (identifier_ref) @import.source) @import

; ---- references and comments --------------------------------------------------------------------------------

(bound_op name: (identifier_ref) @name) @reference.call

(comment) @comment
(block_comment) @comment

; ---- documentation swallowed by the previous definition --------------------------------------------------
; The grammar puts a comment that follows a `/\` or `\/` list inside that list, so the comment written above a
; definition is often the last descendant of the previous one. These patterns (last in the file, so they never
; decide a kind) give it to the next definition.
(module (_ (comment) @doc .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (comment) @doc .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (_ (comment) @doc .) .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (_ (_ (comment) @doc .) .) .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (_ (_ (_ (comment) @doc .) .) .) .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (_ (_ (_ (_ (comment) @doc .) .) .) .) .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
(module (_ (_ (_ (_ (_ (_ (_ (comment) @doc .) .) .) .) .) .) .) . [(operator_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @definition.constant)
