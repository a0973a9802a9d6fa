; Perl definitions, references and imports (tree-sitter-perl via @cursorless/tree-sitter-wasms).
; Written for code-index. See queries/README.md.
; `package Name;` is a statement: the subs that follow it are not inside its node, so they stand as top-level
; functions (a `package Name { ... }` block does contain its subs).

; ---- packages and subs ------------------------------------------------------------

(package_statement (package_name) @name body: (_)? @body) @definition.module

; sub name { my ($self, %args) = @_; ... }: the first `my (...) = @_` is the parameter list. The assignment is matched
; as the wildcard node with two `variable:` children (binary_expression): a `(binary_expression ...)` step made
; tree-sitter analyse that rule from every place an expression can start (~0.2 s per pattern).
(function_definition
  name: (identifier) @name
  body: (block
    .
    (_
      variable: (variable_declaration (array) @parameters)
      variable: (array_variable) @_args)) @body
  (#eq? @_args "@_")) @definition.function
; sub name { my $self = shift; ... }
(function_definition
  name: (identifier) @name
  body: (block
    .
    (_
      variable: (variable_declaration) @parameters
      variable: (call_expression_with_args_with_brackets
        (_ function_name: (identifier) @_shift)))) @body
  (#eq? @_shift "shift")) @definition.function
(function_definition
  name: (identifier) @name
  body: (_)? @body) @definition.function

(variable_declaration (_ "(" [(scalar_variable) (array_variable) (hash_variable)] @parameter @parameter.name))
(variable_declaration variable_name: (scalar_variable) @parameter @parameter.name)

; ---- constants --------------------------------------------------------------------

(use_constant_statement constant: (identifier) @name value: (_) @value) @definition.constant
(use_constant_statement
  value: (_
    "{"
    (call_expression_with_args_with_brackets (_ function_name: (identifier) @name)) @definition.constant
    .
    (fat_comma)
    .
    (_) @value))

; ---- imports ----------------------------------------------------------------------

; use Module qw(a b);  (pragmas such as `use strict` are not imports)
((use_no_statement
  package_name: (package_name) @import.source
  (word_list_qw (list_item) @import.name @import.item)?) @import
  (#not-match? @import.source "^[a-z][a-z0-9_]*$"))
(use_parent_statement (word_list_qw (list_item) @import.source)) @import
(use_parent_statement [(string_single_quoted) (string_double_quoted)] @import.source) @import
(require_statement package_name: (package_name) @import.source) @import

; ---- references -------------------------------------------------------------------

(call_expression_with_bareword function_name: (identifier) @name) @reference.call
(method_invocation function_name: (identifier) @name) @reference.call

; ---- comments ---------------------------------------------------------------------

(comments) @comment
