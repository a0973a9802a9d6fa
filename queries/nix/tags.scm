; Nix (grammar: tree-sitter-nix, @cursorless/tree-sitter-wasms build).
; A Nix file is one expression; what users look for are the bindings of the attribute set it evaluates to (the
; "top level": under the file's function arguments, `let ... in`, `with x;` and a call such as
; `stdenv.mkDerivation rec { ... }`), and every binding of a function (`name = a: b: ...;`, `name = { x, y ? 1 }: ...;`).
; Bindings of a top-level `let` are definitions too, marked with the modifier `let` (not exported).
; Functions are curried: the signature lists up to six arguments (`f = a: b: ...` is `f(a, b)`); argument
; sets list their attributes (`{ pname, version ? "1", ... }`).

; ---- functions bound to names (anywhere; those inside other functions are local) -----------------

(binding
  attrpath: (attrpath) @name
  expression: (function_expression formals: (formals) @parameters body: (_) @body)) @definition.function
(binding
  attrpath: (attrpath) @name
  expression: (function_expression !formals universal: (identifier)) @parameters) @definition.function
(binding
  attrpath: (attrpath) @name
  expression: (function_expression !formals body: (_) @body)) @definition.function

; let bindings at the top of the file
(source_code expression: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (function_expression)) @definition.function)))
(source_code expression: (function_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (function_expression)) @definition.function))))
(source_code expression: (function_expression body: (with_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (function_expression)) @definition.function)))))
(source_code expression: (with_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (function_expression)) @definition.function))))
(source_code expression: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))
(source_code expression: (function_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (function_expression body: (with_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (with_expression body: (let_expression "let" @modifier (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))

; ---- parameters -----------------------------------------------------------------------------

(formals formal: (formal name: (identifier) @parameter.name default: (_)? @parameter.default) @parameter)
(formals ellipses: (ellipses) @parameter @parameter.name)
(function_expression universal: (identifier) @parameter @parameter.name)
; the further arguments of a curried function (`a: b: c: ...`): the second function node holds their names
(function_expression body: (function_expression universal: (identifier) @parameter.name) @parameter)
(function_expression body: (function_expression
  body: (function_expression universal: (identifier) @parameter.name)) @parameter)
(function_expression body: (function_expression
  body: (function_expression body: (function_expression universal: (identifier) @parameter.name))) @parameter)
(function_expression body: (function_expression
  body: (function_expression body: (function_expression body: (function_expression universal: (identifier) @parameter.name)))) @parameter)
(function_expression body: (function_expression
  body: (function_expression body: (function_expression body: (function_expression body: (function_expression universal: (identifier) @parameter.name))))) @parameter)
; `args@{ ... }`: the whole set's name
(function_expression formals: (formals) universal: (identifier) @parameter @parameter.name)

; ---- the bindings of the file's attribute set --------------------------------------------------

(source_code expression: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))
(source_code expression: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))
(source_code expression: (function_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (function_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (let_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (let_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (with_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (with_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (function_expression body: (let_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (let_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (with_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (with_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))
(source_code expression: (let_expression body: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (let_expression body: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (let_expression body: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (let_expression body: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (with_expression body: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (with_expression body: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (with_expression body: (apply_expression argument: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (with_expression body: (apply_expression argument: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant)))))
(source_code expression: (function_expression body: (let_expression body: (with_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (let_expression body: (with_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (with_expression body: (let_expression body: (attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))
(source_code expression: (function_expression body: (with_expression body: (let_expression body: (rec_attrset_expression (binding_set binding: (binding attrpath: (attrpath) @name expression: (_) @value) @definition.constant))))))

; ---- imports: import ./file.nix, callPackage ./file.nix { } -------------------------------------

((apply_expression
   function: (variable_expression name: (identifier) @_fn)
   argument: [(path_expression) (spath_expression)] @import.source) @import
  (#eq? @_fn "import"))
((apply_expression
   function: (apply_expression
     function: [(variable_expression name: (identifier) @_fn) (select_expression attrpath: (attrpath attr: (identifier) @_fn .))]
     argument: (path_expression) @import.source)) @import
  (#eq? @_fn "callPackage"))

; ---- calls -------------------------------------------------------------------------------------

(apply_expression
  function: [
    (variable_expression name: (identifier) @name)
    (select_expression attrpath: (attrpath attr: (identifier) @name .))
  ]) @reference.call

(comment) @comment
