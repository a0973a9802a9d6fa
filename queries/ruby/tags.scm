; Ruby definitions, references and imports (tree-sitter-ruby via @cursorless/tree-sitter-wasms).
; Written for code-index; the grammar's own queries/tags.scm was the starting point.
;
; Nested nodes under a field are wildcards with the fields that make them what they are (a class or module body
; `body: (_ ...)`, a scope resolution `(_ name: ...)`, a call `(_ method: ... arguments: ...)`, a singleton method
; `(_ object: ... name: ...)`): tree-sitter analyses every concrete node of a pattern that has children when it
; compiles the query, ~0.005 s for a Ruby `call` (see queries/README.md, "Compile cost").

; ---- functions and methods -------------------------------------------------------

; a `def` at the top level of a file is a function (a private method of Object); a `def` or `def self.x` directly
; in a module is one of the module's functions (modules are namespaces: their members are top-level)
(program
  (method name: (_) @name) @definition.function)
(module
  body: (_
    [
      (method name: (_) @name) @definition.function
      (_
        object: (self) @modifier.static
        name: (_) @name) @definition.function
      (singleton_class
        value: (self)
        body: (_
          (method name: (_) @name) @definition.function))
    ]))

(method name: (_) @name (#eq? @name "initialize")) @definition.constructor
(method name: (_) @name (#not-eq? @name "initialize")) @definition.method

; `def self.name`: a singleton (class) method; `def obj.name` on something other than self: `obj` is its receiver
; (for `self`, the second alternative matches too and the predicate drops it)
(singleton_method
  object: [(self) @modifier.static (_) @receiver]
  name: (_) @name
  (#not-eq? @receiver "self")) @definition.method

; Parameters and bodies of every method above, in patterns of their own (they never decide a kind: the naming
; patterns come first). An empty method has no body node: its `end` stands for the empty body so that it does not
; read as declaration-only. Each pattern finishes at the node it captures: one pattern running from a method's name
; to its `end` stays open while the whole body is matched, which makes matching quadratic in the nesting depth
; (5,000 nested methods: 22 s).
(method name: (_) . parameters: (_) @parameters) @definition.method
(method body: (_) @body) @definition.method
(method !body "end" @body) @definition.method
(singleton_method name: (_) . parameters: (_) @parameters) @definition.method
(singleton_method body: (_) @body) @definition.method
(singleton_method !body "end" @body) @definition.method

; methods inside `class << self` are singleton methods
(singleton_class
  value: (self)
  body: (_ (method name: (_) @modifier.static)))

; `alias new_name old_name` (`alias :new :old` and `alias_method :new, :old` name symbols, whose text keeps the
; colon: not expressible until a definition name can be stripped)
(alias name: [(identifier) (operator) (constant)] @name) @definition.method

; ---- parameters ------------------------------------------------------------------

(method_parameters (identifier) @parameter @parameter.name)
(lambda_parameters (identifier) @parameter @parameter.name)
(method_parameters
  (optional_parameter name: (_) @parameter.name value: (_) @parameter.default) @parameter)
(method_parameters
  (keyword_parameter name: (_) @parameter.name value: (_)? @parameter.default) @parameter)
; `*args`, `**options`, `&block` are written as Ruby writes them (the name includes the sigil)
(method_parameters [(splat_parameter) (hash_splat_parameter) (block_parameter)] @parameter @parameter.name @parameter.optional)
(method_parameters (destructured_parameter) @parameter @parameter.name)
(method_parameters (forward_parameter) @parameter @parameter.name)

; ---- visibility ------------------------------------------------------------------

; a bare `private` / `protected` makes the later methods of the same class or module body private / protected, up
; to the next bare `private` / `protected` / `public` (methods in `class << self` and `def self.x` are not affected).
; The keyword itself is the `@modifier` (its text is the modifier) of the method, which these patterns do not name
; (the method patterns above do): one pattern for both keywords, as tree-sitter analyses each pattern on its own.
(class
  body: (_
    (identifier) @modifier
    .
    (_)* @_between
    .
    (method) @definition.method)
  (#any-of? @modifier "private" "protected")
  (#not-match? @_between "^(private|protected|public)$"))
(module
  body: (_
    (identifier) @modifier
    .
    (_)* @_between
    .
    (method) @definition.method)
  (#any-of? @modifier "private" "protected")
  (#not-match? @_between "^(private|protected|public)$"))

; `private def name ... end`, `protected def name ... end` (`.`: the method is the call's only argument; a pattern
; that could match a later argument stays open across the argument list, quadratic in the nesting of calls)
(call
  method: (identifier) @modifier
  (#any-of? @modifier "private" "protected")
  arguments: (argument_list . (method) @definition.method))
(call
  method: (identifier) @_visibility
  (#eq? @_visibility "private_class_method")
  arguments: (argument_list . (singleton_method name: (_) @modifier.private)))

; ---- classes and modules ---------------------------------------------------------

(class
  name: [(constant) @name (_ name: (_) @name)]
  body: (_)? @body) @definition.class

(superclass [(constant) (scope_resolution)] @extends)

; `include`/`extend`/`prepend` of a module are the class's mixins
(class
  body: (_
    (_
      method: (identifier) @_mixin
      (#any-of? @_mixin "include" "extend" "prepend")
      arguments: (argument_list [(constant) (scope_resolution)] @implements)))) @definition.class
(module
  body: (_
    (_
      method: (identifier) @_mixin
      (#any-of? @_mixin "include" "extend" "prepend")
      arguments: (argument_list [(constant) (scope_resolution)] @implements)))) @definition.module

(module
  name: [(constant) @name (_ name: (_) @name)]
  body: (_)? @body) @definition.module

; Comments between `class X` / `module X` / `class << self` and the first statement are children of the class
; node, not of its body: they document that first statement.
(_
  (comment)+ @doc
  .
  body: (_
    .
    [
      (method name: (_) @name) @definition.method
      (singleton_method name: (_) @name) @definition.method
      (class name: [(constant) @name (_ name: (_) @name)]) @definition.class
      (module name: [(constant) @name (_ name: (_) @name)]) @definition.module
      (assignment left: (constant) @name) @definition.constant
    ]))

; ---- constants -------------------------------------------------------------------

; (a constant cannot be assigned inside a method, so any `NAME = value` is one)
(assignment
  left: (constant) @name
  right: (_) @value) @definition.constant

; ---- imports ---------------------------------------------------------------------

; A required file runs once in the global namespace: its top-level constants and methods are visible to the file
; requiring it (a wildcard import). `require_relative 'x'` names a file beside this one: its source is written
; `./x` (the method's name and the path are the source's two parts, joined by `./`, the name stripped) so that the
; module system (src/languages/ruby/modules.ts) tells it from `require 'x'`, a file on the load path (`lib/`).
((call
  method: (identifier) @_require @import.source
  (#eq? @_require "require_relative")
  arguments: (argument_list . (string (string_content) @import.source))) @import
  (#set! import.source.join "./")
  (#set! strip.import.source "^require_relative")
  (#set! import.name "*"))
((call
  method: (identifier) @_require
  (#eq? @_require "require")
  arguments: (argument_list . (string (string_content) @import.source))) @import
  (#set! import.name "*"))
(call
  method: (identifier) @_require
  (#any-of? @_require "load" "autoload")
  arguments: (argument_list . (string (string_content) @import.source))) @import

; ---- references ------------------------------------------------------------------

(call method: (identifier) @name
  (#not-any-of? @name "require" "require_relative" "include" "extend" "prepend" "attr_reader" "attr_writer" "attr_accessor" "private" "protected" "public" "private_constant" "module_function")) @reference.call
(call receiver: [(constant) @name (_ name: (constant) @name)]) @reference.class
(superclass [(constant) @name (scope_resolution name: (constant) @name)]) @reference.class
(argument_list (constant) @name) @reference.class

; ---- comments --------------------------------------------------------------------

(comment) @comment
