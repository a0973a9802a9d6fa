; Emacs Lisp definitions, imports and calls (grammar: tree-sitter-elisp, tree-sitter-wasms 0.1.13 build).
; The grammar gives defun/defsubst (function_definition), defmacro (macro_definition) and defvar/defconst
; (special_form) their own nodes; every other defining macro (defcustom, cl-defun, define-minor-mode, ...) is a
; plain list whose head symbol says what it defines. Docstrings are captured as @doc.
; Lisp has no body node: the last form of a definition stands for its body.

; ---- functions and macros ------------------------------------------------------------

(function_definition
  "defsubst"? @modifier.inline
  name: (symbol) @name
  parameters: (list) @parameters
  docstring: (string)? @doc
  (_)? @body .) @definition.function
; `(defun f nil ...)` writes the empty list as nil; `(defun f (function) ...)` reads as a special form to the grammar
(function_definition
  "defsubst"? @modifier.inline
  name: (symbol) @name
  parameters: [(symbol) (special_form)] @parameters
  docstring: (string)? @doc
  (_)? @body .) @definition.function

(macro_definition
  name: (symbol) @name
  parameters: (list) @parameters
  docstring: (string)? @doc
  (_)? @body .) @definition.function
(macro_definition "defmacro" @modifier.macro)


; cl-defun, cl-defmacro, cl-defsubst, cl-defgeneric, cl-defmethod, define-inline: (head name (args) "doc"? body...)
((list
   . (symbol) @_head
   . (symbol) @name
   . (list) @parameters
   . (string)? @doc
   (_) @body . ")") @definition.function
  (#any-of? @_head "cl-defun" "cl-defsubst" "define-inline" "cl-iter-defun"))
; a generic function declares its arguments and documentation only
((list . (symbol) @_head . (symbol) @name . (list) @parameters . (string)? @doc) @definition.function
  (#eq? @_head "cl-defgeneric"))
((list . (symbol) @_head @modifier.macro . (symbol) @name . (list) @parameters . (string)? @doc (_) @body . ")")
  @definition.function
  (#eq? @_head "cl-defmacro"))
; cl-defmethod may put qualifiers (:around, :before) between the name and the arguments
((list . (symbol) @_head @modifier . (symbol) @name . (list) @parameters . (string)? @doc (_) @body . ")")
  @definition.function
  (#eq? @_head "cl-defmethod"))
((list . (symbol) @_head @modifier . (symbol) @name . (symbol) @modifier . (list) @parameters . (string)? @doc (_) @body . ")")
  @definition.function
  (#eq? @_head "cl-defmethod"))

; (defalias 'name #'target "doc")
((list . (symbol) @_head . (quote (symbol) @name) . (_) @value . (string)? @doc) @definition.function
  (#any-of? @_head "defalias" "define-obsolete-function-alias"))

; modes define a command and a variable: (define-minor-mode name "doc" ...)
((list . (symbol) @_head @modifier . (symbol) @name . (string)? @doc) @definition.function
  (#any-of? @_head "define-minor-mode" "define-globalized-minor-mode" "define-global-minor-mode"))
((list . (symbol) @_head @modifier . (symbol) @name . (_) @extends . (string)? @doc) @definition.function
  (#eq? @_head "define-derived-mode"))

; ---- parameters: a, &optional b, &rest c (the marker is written before the first one it covers) ----------
; cl-defun parameters may be (name default) lists after &optional / &key.
([(function_definition parameters: (list (symbol) @parameter @parameter.name)) (macro_definition parameters: (list (symbol) @parameter @parameter.name))] (#not-match? @parameter "^&"))
((list . (symbol) @_head . (symbol) . (symbol)? . (list (symbol) @parameter @parameter.name)) (#not-match? @parameter "^&")
  (#any-of? @_head "cl-defun" "cl-defsubst" "cl-defgeneric" "define-inline" "cl-iter-defun" "cl-defmacro" "cl-defmethod"))
([(function_definition parameters: (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.optional)) (macro_definition parameters: (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.optional))] (#any-of? @parameter.prefix "&optional" "&key"))
((list . (symbol) @_head . (symbol) . (symbol)? . (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.optional)) (#any-of? @parameter.prefix "&optional" "&key")
  (#any-of? @_head "cl-defun" "cl-defsubst" "cl-defgeneric" "define-inline" "cl-iter-defun" "cl-defmacro" "cl-defmethod"))
([(function_definition parameters: (list (symbol) @_marker (symbol) @parameter @parameter.optional)) (macro_definition parameters: (list (symbol) @_marker (symbol) @parameter @parameter.optional))] (#any-of? @_marker "&optional" "&key") (#not-match? @parameter "^&"))
((list . (symbol) @_head . (symbol) . (symbol)? . (list (symbol) @_marker (symbol) @parameter @parameter.optional)) (#any-of? @_marker "&optional" "&key") (#not-match? @parameter "^&")
  (#any-of? @_head "cl-defun" "cl-defsubst" "cl-defgeneric" "define-inline" "cl-iter-defun" "cl-defmacro" "cl-defmethod"))
([(function_definition parameters: (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.rest)) (macro_definition parameters: (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.rest))] (#any-of? @parameter.prefix "&rest" "&body"))
((list . (symbol) @_head . (symbol) . (symbol)? . (list (symbol) @parameter.prefix . (symbol) @parameter @parameter.name @parameter.rest)) (#any-of? @parameter.prefix "&rest" "&body")
  (#any-of? @_head "cl-defun" "cl-defsubst" "cl-defgeneric" "define-inline" "cl-iter-defun" "cl-defmacro" "cl-defmethod"))
([(function_definition parameters: (list (symbol) @_marker (list . (symbol) @parameter.name . (_) @parameter.default) @parameter @parameter.optional)) (macro_definition parameters: (list (symbol) @_marker (list . (symbol) @parameter.name . (_) @parameter.default) @parameter @parameter.optional))] (#any-of? @_marker "&optional" "&key"))
((list . (symbol) @_head . (symbol) . (symbol)? . (list (symbol) @_marker (list . (symbol) @parameter.name . (_) @parameter.default) @parameter @parameter.optional)) (#any-of? @_marker "&optional" "&key")
  (#any-of? @_head "cl-defun" "cl-defsubst" "cl-defgeneric" "define-inline" "cl-iter-defun" "cl-defmacro" "cl-defmethod"))

; cl-defmethod specialised arguments: ((note my-note) other)
((list . (symbol) @_head . (symbol) . (symbol)? . (list (list . (symbol) @parameter.name . (_) @parameter.type .) @parameter))
  (#eq? @_head "cl-defmethod"))

; ---- variables, constants, faces -----------------------------------------------------

(special_form
  "defconst"
  . (symbol) @name
  . (_)? @value
  . (string)? @doc) @definition.constant

(special_form
  "defvar" @modifier
  . (symbol) @name
  . (_)? @value
  . (string)? @doc) @definition.constant

((list . (symbol) @_head @modifier . (symbol) @name . (_)? @value . (string)? @doc) @definition.constant
  (#any-of? @_head "defcustom" "defvar-local" "defface" "defvar-keymap"))

; (cl-defstruct name ...) and (cl-defstruct (name (:include parent)) ...); EIEIO (defclass name (parents) ...)
((list . (symbol) @_head . (symbol) @name . (string)? @doc) @definition.struct
  (#eq? @_head "cl-defstruct"))
((list . (symbol) @_head . (list . (symbol) @name) . (string)? @doc) @definition.struct
  (#eq? @_head "cl-defstruct"))
((list . (symbol) @_head . (list . (symbol) @name (list . (symbol) @_include . (symbol) @extends)))
  (#eq? @_head "cl-defstruct")
  (#eq? @_include ":include"))
((list . (symbol) @_head . (symbol) @name . (list (symbol)* @extends)) @definition.class
  (#eq? @_head "defclass"))

; ---- imports: (require 'feature), (require 'feature nil t) ----------------------------------

((list . (symbol) @_head . (quote (symbol) @import.source @import.name)) @import
  (#eq? @_head "require"))

; ---- calls and comments --------------------------------------------------------------

((list . (symbol) @name) @reference.call
  (#not-any-of? @name "require" "provide" "let" "let*" "if" "when" "unless" "cond" "and" "or" "not"
    "setq" "setq-local" "quote" "function" "lambda" "progn" "prog1" "while" "dolist" "dotimes" "pcase"
    "cl-defun" "cl-defmacro" "cl-defsubst" "cl-defmethod" "cl-defgeneric" "cl-defstruct" "defcustom"
    "defgroup" "defface" "defvar-local" "defalias" "define-minor-mode" "define-derived-mode" "interactive"
    "declare" "save-excursion" "with-current-buffer" "condition-case" "unwind-protect" "when-let" "if-let"
    "autoload" "defclass"))

(comment) @comment
