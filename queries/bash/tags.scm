; Bash (and sh/zsh scripts the bash grammar reads) definitions, references and imports
; (grammar: tree-sitter-bash, @cursorless/tree-sitter-wasms build). The grammar package ships no tags.scm.
; See queries/README.md. The earliest pattern that defines a node decides its kind.
;
; Exports (see src/languages/bash.ts): a function is visible to every script that sources the file, so every
; function carries the modifier `function` and counts as exported unless its name starts with `_`; a variable is
; exported only by `export NAME=...` or `declare -x NAME=...` (modifier `export`).

; ---- functions: `f() { ... }`, `function f { ... }`, `function f() { ... }` ----------

(function_definition
  name: (word) @name @modifier.function
  body: (_) @body) @definition.function

; ---- top-level constants and variables ----------------------------------------------

; export NAME=value / declare -x NAME=value
(program
  (declaration_command
    "export" @modifier
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.constant))
(program
  (declaration_command
    ["declare" "typeset"]
    (word) @modifier.export
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.constant)
  (#match? @modifier.export "^-[a-zA-Z]*x"))

; readonly NAME=value / declare -r NAME=value
(program
  (declaration_command
    "readonly" @modifier
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.constant))
(program
  (declaration_command
    ["declare" "typeset"]
    (word) @modifier.readonly
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.constant)
  (#match? @modifier.readonly "^-[a-zA-Z]*r"))

; UPPER_CASE assignments are constants, other top-level assignments variables
(program
  [
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.constant
    (declaration_command
      (variable_assignment
        name: (variable_name) @name
        value: (_)? @value) @definition.constant)
  ]
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(program
  [
    (variable_assignment
      name: (variable_name) @name
      value: (_)? @value) @definition.variable
    (declaration_command
      (variable_assignment
        name: (variable_name) @name
        value: (_)? @value) @definition.variable)
  ])

; ---- imports: `source file` / `. file` -----------------------------------------------

; the file as written, without quotes when it is one plain string: "lib/x.sh" -> lib/x.sh
(command
  name: (command_name (word) @_source)
  .
  argument: [
    (word)
    (raw_string)
    (concatenation)
    (simple_expansion)
    (expansion)
    (command_substitution)
    (string [(simple_expansion) (expansion) (command_substitution) (arithmetic_expansion)])
  ] @import.source
  (#any-of? @_source "source" ".")) @import
(command
  name: (command_name (word) @_source)
  .
  argument: (string . (string_content) @import.source .)
  (#any-of? @_source "source" ".")) @import

; ---- references ---------------------------------------------------------------------

(command
  name: (command_name (word) @name)
  (#not-any-of? @name "source" ".")) @reference.call

; ---- comments -----------------------------------------------------------------------

(comment) @comment
