; LaTeX (grammar: tree-sitter-latex, @cursorless/tree-sitter-wasms build).
; Sectioning commands are headings (\part and \chapter level 1, \section 2 ... \subparagraph 6); \label, command,
; environment and theorem definitions are definitions of their own kinds; packages, classes, \input/\include and
; bibliographies are imports; \href, \url and \includegraphics are links; command uses are calls.

; ---- headings --------------------------------------------------------------------------

((part text: (curly_group) @heading.text) @heading (#set! level "1") (#set! strip.heading.text "^\\{|\\}$"))
((chapter text: (curly_group) @heading.text) @heading (#set! level "1") (#set! strip.heading.text "^\\{|\\}$"))
((section text: (curly_group) @heading.text) @heading (#set! level "2") (#set! strip.heading.text "^\\{|\\}$"))
((subsection text: (curly_group) @heading.text) @heading (#set! level "3") (#set! strip.heading.text "^\\{|\\}$"))
((subsubsection text: (curly_group) @heading.text) @heading (#set! level "4") (#set! strip.heading.text "^\\{|\\}$"))
((paragraph text: (curly_group) @heading.text) @heading (#set! level "5") (#set! strip.heading.text "^\\{|\\}$"))
((subparagraph text: (curly_group) @heading.text) @heading (#set! level "6") (#set! strip.heading.text "^\\{|\\}$"))

; ---- definitions -------------------------------------------------------------------------

(label_definition name: (curly_group_text text: (text) @name)) @definition.label

; \newcommand{\name}[argc][default]{body}, \renewcommand, \DeclareMathOperator, \NewDocumentCommand, ...
(new_command_definition
  command: _ @modifier
  declaration: [(curly_group_command_name command: (command_name) @name) (command_name) @name]
  implementation: (curly_group)? @value) @definition.command
; \def\name{body}, \let\name\other
(old_command_definition command: _ @modifier declaration: (command_name) @name) @definition.command
(let_command_definition command: _ @modifier declaration: (command_name) @name) @definition.command

(environment_definition
  command: _ @modifier
  name: (curly_group_text text: (text) @name)) @definition.environment
(theorem_definition
  name: (curly_group_text text: (text) @name)
  title: (curly_group)? @value) @definition.theorem

; ---- imports -------------------------------------------------------------------------------

(package_include paths: (curly_group_path_list path: (path) @import @import.source))
(class_include path: (curly_group_path path: (path) @import.source)) @import
(latex_include path: (curly_group_path path: (path) @import.source)) @import
(import_include directory: (curly_group_path path: (path) @_dir) file: (curly_group_path path: (path) @import.source)) @import
(bibtex_include paths: (curly_group_path_list path: (path) @import @import.source))
(biblatex_include glob: (curly_group_glob_pattern pattern: (glob_pattern) @import.source)) @import

; ---- links ---------------------------------------------------------------------------------

((generic_command command: (command_name) @_cmd arg: (curly_group) @link.url . arg: (curly_group) @link.text) @link
  (#eq? @_cmd "\\href")
  (#set! strip.link.url "^\\{|\\}$")
  (#set! strip.link.text "^\\{|\\}$"))
((generic_command command: (command_name) @_cmd arg: (curly_group) @link.url @link.text) @link
  (#eq? @_cmd "\\url")
  (#set! strip.link.url "^\\{|\\}$")
  (#set! strip.link.text "^\\{|\\}$"))
((graphics_include path: (curly_group_path path: (path) @link.url @link.text)) @link (#set! kind "image"))

; ---- command uses and comments ------------------------------------------------------------------

(generic_command command: (command_name) @name) @reference.call

(line_comment) @comment
(block_comment) @comment
