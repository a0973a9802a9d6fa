; Elixir definitions, references and imports (tree-sitter-elixir via @cursorless/tree-sitter-wasms).
; Written for code-index; the grammar's own queries/tags.scm was the starting point.
;
; Everything in Elixir is a call: `defmodule Name do ... end` is `(call target: (identifier) (arguments (alias))
; (do_block))` and `def name(args) when guard do ... end` is a call whose first argument is the function head.
;
; Nested nodes are wildcards with the fields and tokens that make them what they are: a call is `(_ target: ... !key)`
; (an access `a[k]` has a target and a key), a binary operator `(_ left: ... operator: ...)`, a unary one
; `(_ operand: ...)`, a do block `(_ "do" ...)`. Tree-sitter analyses every concrete node of a pattern that has
; children when it compiles the query, and an Elixir `call` costs ~0.005 s each (see queries/README.md, "Compile cost").

; ---- modules, protocols, implementations -------------------------------------------

; `defmodule A.B do ... end`: a module named `B` (the last segment, as it is written where it is used after
; `alias A.B`); its functions are the module's top-level functions
(call
  target: (identifier) @_keyword
  (#eq? @_keyword "defmodule")
  (arguments . (alias) @name)
  (do_block)? @body
  (#set! strip.name "^.*\\.")) @definition.module

; `defprotocol P do ... end`: an interface whose `def` heads are its methods
(call
  target: (identifier) @_keyword
  (#eq? @_keyword "defprotocol")
  (arguments . (alias) @name)
  (do_block)? @body
  (#set! strip.name "^.*\\.")) @definition.interface

; `defimpl Protocol, for: Type do ... end`: an implementation named after the type, implementing the protocol
(call
  target: (identifier) @_keyword
  (#eq? @_keyword "defimpl")
  (arguments
    .
    (alias) @implements
    (keywords
      (pair
        key: (keyword) @_for
        value: (_) @name
        (#eq? @_for "for: "))))
  (do_block)? @body
  (#set! strip.name "^.*\\.")) @definition.impl

; `defimpl Protocol do ... end` inside `defmodule Type`: implemented for the enclosing module (its scope); named
; after the protocol
(call
  target: (identifier) @_keyword
  (#eq? @_keyword "defimpl")
  (arguments . (alias) @name @implements .)
  (do_block)? @body
  (#set! strip.name "^.*\\.")) @definition.impl

; `defstruct [...]` / `defexception [...]`: the module's struct, named after the module (`%A.B{}`); it is reported
; at the `defmodule` line, where its name is written
(call
  target: (identifier) @_keyword
  (#eq? @_keyword "defmodule")
  (arguments . (alias) @name)
  (_ "do"
    (_ !key
      target: (identifier) @_struct
      (#any-of? @_struct "defstruct" "defexception")) @definition.struct)
  (#set! strip.name "^.*\\."))

; struct fields: `defstruct [:id, name: "x"]`, `defstruct id: nil` (a statement of the module's do block; the patterns
; start at the do block, as an Elixir `call` pattern costs tree-sitter ~0.005 s to analyse)
(do_block
  (_ !key
    target: (identifier) @_struct
    (#any-of? @_struct "defstruct" "defexception")
    (arguments (list (atom) @name @definition.property)))
  (#set! strip.name "^:"))
(do_block
  (_ !key
    target: (identifier) @_struct
    (#any-of? @_struct "defstruct" "defexception")
    (arguments
      [
        (keywords (pair key: (keyword) @name value: (_) @value) @definition.property)
        (list (keywords (pair key: (keyword) @name value: (_) @value) @definition.property))
      ]))
  (#set! strip.name ":\\s*$"))

; ---- functions --------------------------------------------------------------------------
;
; `def`, `defp`, `defmacro`, `defmacrop`, `defguard`, `defguardp`, `defdelegate` (and Nx `defn`, `defnp`). A function
; written as several clauses is ONE definition, at its first clause: a clause is a definition only when the statement
; before it is not a clause of the same name (three patterns each: first statement of the block, after a statement
; that is not a def, after a def of another name). Clauses inside `defprotocol`/`defimpl` are methods.


; method: the first statement of a block
(call
  target: (identifier) @_container
  (#any-of? @_container "defprotocol" "defimpl")
  (_ "do"
    .
    (_ !key
      target: (identifier) @_def
      (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
      (arguments
          .
          [
            (identifier) @name
            (_ !key target: (identifier) @name (arguments)? @parameters)
            (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
            (_ left: (identifier) @name operator: "when")
          ]
          (keywords)? @body)
      (do_block)? @body) @definition.method))

; method: after a statement that is not a def (any node whose text does not start with a def macro)
(call
  target: (identifier) @_container
  (#any-of? @_container "defprotocol" "defimpl")
  (_ "do"
    (_) @_previous_statement
    .
    (_ !key
      target: (identifier) @_def
      (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
      (arguments
          .
          [
            (identifier) @name
            (_ !key target: (identifier) @name (arguments)? @parameters)
            (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
            (_ left: (identifier) @name operator: "when")
          ]
          (keywords)? @body)
      (do_block)? @body) @definition.method
    (#not-match? @_previous_statement "^def(p|macrop?|guardp?|delegate|np?)?[ \t\n(]")))

; method: after a def of another name
(call
  target: (identifier) @_container
  (#any-of? @_container "defprotocol" "defimpl")
  (_ "do"
    (_ !key
      target: (identifier) @_other
      (#any-of? @_other "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
      (arguments
            .
            [
              (identifier) @_previous
              (_ !key target: (identifier) @_previous (arguments)?)
              (_ left: (_ !key target: (identifier) @_previous (arguments)?) operator: "when")
              (_ left: (identifier) @_previous operator: "when")
            ]))
    .
    (_ !key
      target: (identifier) @_def
      (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
      (arguments
          .
          [
            (identifier) @name
            (_ !key target: (identifier) @name (arguments)? @parameters)
            (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
            (_ left: (identifier) @name operator: "when")
          ]
          (keywords)? @body)
      (do_block)? @body) @definition.method
    (#not-eq? @_previous @name)))

; `defguard name(args) when expression`: the guard expression is its body
(call
  target: (identifier) @_def
  (#any-of? @_def "defguard" "defguardp")
  (arguments
    .
    (_
      left: (_ !key target: (identifier) @name (arguments)? @parameters)
      operator: "when"
      right: (_) @body))) @definition.function

; function: the first statement of a block
(do_block
  .
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
        .
        [
          (identifier) @name
          (_ !key target: (identifier) @name (arguments)? @parameters)
          (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
          (_ left: (identifier) @name operator: "when")
        ]
        (keywords)? @body)
    (do_block)? @body) @definition.function)

; function: after a statement that is not a def (any node whose text does not start with a def macro)
(do_block
  (_) @_previous_statement
  .
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
        .
        [
          (identifier) @name
          (_ !key target: (identifier) @name (arguments)? @parameters)
          (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
          (_ left: (identifier) @name operator: "when")
        ]
        (keywords)? @body)
    (do_block)? @body) @definition.function
  (#not-match? @_previous_statement "^def(p|macrop?|guardp?|delegate|np?)?[ \t\n(]"))

; function: after a def of another name
(do_block
  (_ !key
    target: (identifier) @_other
    (#any-of? @_other "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
          .
          [
            (identifier) @_previous
            (_ !key target: (identifier) @_previous (arguments)?)
            (_ left: (_ !key target: (identifier) @_previous (arguments)?) operator: "when")
            (_ left: (identifier) @_previous operator: "when")
          ]))
  .
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
        .
        [
          (identifier) @name
          (_ !key target: (identifier) @name (arguments)? @parameters)
          (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
          (_ left: (identifier) @name operator: "when")
        ]
        (keywords)? @body)
    (do_block)? @body) @definition.function
  (#not-eq? @_previous @name))

; a bodiless head (`def register(attrs, opts \\ [])`, written to declare defaults) followed by the clauses of
; the same name: the body of the function is the next clause's
(do_block
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments . (_ !key target: (identifier) @name (arguments)? @parameters) .) .) @definition.function
  .
  (_ !key
    target: (identifier) @_next_def
    (#any-of? @_next_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
      .
      [
        (_ !key target: (identifier) @_next)
        (_ left: (_ !key target: (identifier) @_next) operator: "when")
      ]
      (keywords)? @body)
    (do_block)? @body)
  (#eq? @_next @name))

; ---- documentation and typespecs ------------------------------------------------------

; `@doc "..."` / `@doc """..."""` / `@doc ~S"""..."""` before a function (other attributes such as `@spec` and
; `@impl` may sit between)
(do_block
  (_
    operand: (_ !key
      target: (identifier) @_attribute
      (#eq? @_attribute "doc")
      (arguments . [(string) (sigil)] @doc)))
  .
  (_ operand: (_))* @_between
  .
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
        .
        [
          (identifier) @name
          (_ !key target: (identifier) @name (arguments)? @parameters)
          (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
          (_ left: (identifier) @name operator: "when")
        ]
        (keywords)? @body)
    (do_block)? @body) @definition.function)

; `@moduledoc` documents the enclosing module or protocol
(call
  target: (identifier) @_keyword
  (#any-of? @_keyword "defmodule" "defprotocol")
  (_ "do"
    (_
      operand: (_ !key
        target: (identifier) @_attribute
        (#eq? @_attribute "moduledoc")
        (arguments . [(string) (sigil)] @doc))))) @definition.module

; `@spec name(args) :: return` right before a function: its return type
(do_block
  (_
    operand: (_ !key
      target: (identifier) @_attribute
      (#eq? @_attribute "spec")
      (arguments
        [
          (_ left: (_ !key target: (identifier) @_spec) operator: "::" right: (_) @return_type)
          (_
            left: (_ left: (_ !key target: (identifier) @_spec) operator: "::" right: (_) @return_type)
            operator: "when")
        ])))
  .
  (_ operand: (_))* @_between
  .
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
        .
        [
          (identifier) @name
          (_ !key target: (identifier) @name (arguments)? @parameters)
          (_ left: (_ !key target: (identifier) @name (arguments)? @parameters) operator: "when")
          (_ left: (identifier) @name operator: "when")
        ]
        (keywords)? @body)
    (do_block)? @body) @definition.function
  (#eq? @_spec @name))

; `@type name :: ...`, `@typep`, `@opaque`
(unary_operator
  operator: "@"
  operand: (_ !key
    target: (identifier) @_attribute
    (#any-of? @_attribute "type" "typep" "opaque")
    (arguments
      (_
        left: [(identifier) @name (_ !key target: (identifier) @name (arguments) @type_parameters)]
        operator: "::"
        right: (_) @value)))) @definition.type
(unary_operator operand: (_ !key target: (identifier) @modifier.private (#eq? @modifier.private "typep")))
(unary_operator operand: (_ !key target: (identifier) @modifier.opaque (#eq? @modifier.opaque "opaque")))

; `@typedoc` before a type
(do_block
  (_
    operand: (_ !key
      target: (identifier) @_attribute
      (#eq? @_attribute "typedoc")
      (arguments . [(string) (sigil)] @doc)))
  .
  (_
    operator: "@"
    operand: (_ !key
      target: (identifier) @_type
      (#any-of? @_type "type" "typep" "opaque")
      (arguments
        (_
          left: [(identifier) @name (_ !key target: (identifier) @name)]
          operator: "::")))) @definition.type)

; `@callback name(args) :: return`: a function a behaviour requires (declaration only)
(unary_operator
  operator: "@"
  operand: (_ !key
    target: (identifier) @modifier.callback
    (#any-of? @modifier.callback "callback" "macrocallback")
    (arguments
      [
        (_
          left: (_ !key target: (identifier) @name (arguments)? @parameters)
          operator: "::"
          right: (_) @return_type)
        (_
          left: (_
            left: (_ !key target: (identifier) @name (arguments)? @parameters)
            operator: "::"
            right: (_) @return_type)
          operator: "when")
      ]))) @definition.function
(unary_operator
  operand: (_ !key
    target: (identifier) @_attribute
    (#any-of? @_attribute "callback" "macrocallback")
    (arguments
      (_
        left: (_ !key
          (arguments
            [
              (_ left: (identifier) @parameter.name operator: "::" right: (_) @parameter.type)
              (_)
            ] @parameter))))))

; ---- parameters ---------------------------------------------------------------------

; `name`, `name \\ default`, and patterns (`%{id: id} = user`, `{:ok, value}`, `[head | tail]`) as written
(do_block
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
      .
      [
        (_ !key
          (arguments
            (_ left: (_) @parameter.name operator: "\\\\" right: (_) @parameter.default) @parameter))
        (_
          left: (_ !key
            (arguments
              (_ left: (_) @parameter.name operator: "\\\\" right: (_) @parameter.default) @parameter))
          operator: "when")
      ])))

(do_block
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
      .
      [
        (_ !key
          (arguments
            [
              (identifier) (tuple) (map) (list) (atom) (string) (integer) (float) (bitstring) (charlist) (unary_operator)
              (nil) (boolean) (struct) (sigil) (char) (quoted_atom) (call) (dot) (keywords)
            ] @parameter))
        (_
          left: (_ !key
            (arguments
              [
                (identifier) (tuple) (map) (list) (atom) (string) (integer) (float) (bitstring) (charlist)
                (unary_operator) (nil) (boolean) (struct) (sigil) (char) (quoted_atom) (call) (dot) (keywords)
              ] @parameter))
          operator: "when")
      ])))

(do_block
  (_ !key
    target: (identifier) @_def
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
    (arguments
      .
      [
        (_ !key (arguments (binary_operator operator: _ @_operator) @parameter))
        (_ left: (_ !key (arguments (binary_operator operator: _ @_operator) @parameter)) operator: "when")
      ])
    (#not-eq? @_operator "\\\\")))

; ---- visibility and flavours ------------------------------------------------------------

; `defp`, `defmacrop`, `defguardp`, `defnp` are private to the module
; (a function is named only as a statement of a do block: these start there too, which spares tree-sitter the
; analysis of a `call` pattern, ~0.005 s each)
(do_block (_ !key target: (identifier) @modifier.private (#any-of? @modifier.private "defp" "defmacrop" "defguardp" "defnp")))
(do_block (_ !key target: (identifier) @modifier.macro (#any-of? @modifier.macro "defmacro" "defmacrop")))
(do_block (_ !key target: (identifier) @modifier.guard (#any-of? @modifier.guard "defguard" "defguardp")))
(do_block (_ !key target: (identifier) @modifier.delegate (#eq? @modifier.delegate "defdelegate")))

; ---- module attributes -------------------------------------------------------------------

; `@name value`: a module constant (private to the module). Attributes with a meaning of their own are left out.
(unary_operator
  operator: "@" @modifier.private
  operand: (_ !key
    target: (identifier) @name
    (arguments . (_) @value .))
  (#not-any-of? @name
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback" "macrocallback" "optional_callbacks"
    "impl" "behaviour" "derive" "enforce_keys" "deprecated" "dialyzer" "compile" "on_load" "on_definition"
    "before_compile" "after_compile" "after_verify" "external_resource" "fallback_to_any" "vsn" "file" "nifs"
    "protocol" "for")) @definition.constant

; ---- imports ---------------------------------------------------------------------------

; `alias A.B`, `import A`, `require A`, `use A, opts` (and Erlang modules: `import :lists`)
(call
  target: (identifier) @_directive
  (#any-of? @_directive "alias" "import" "require" "use")
  (arguments . [(alias) (atom)] @import.source)
  (#set! kind "static")) @import

; `alias A.B, as: C`
(call
  target: (identifier) @_directive
  (#eq? @_directive "alias")
  (arguments
    .
    [(alias) (atom)] @import.source
    (keywords
      (pair
        key: (keyword) @_as
        value: (alias) @import.namespace
        (#eq? @_as "as: "))))
  (#set! kind "static")) @import

; `alias A.{B, C}`
(call
  target: (identifier) @_directive
  (#eq? @_directive "alias")
  (arguments . (dot left: (alias) @import.source right: (tuple (alias) @import.name @import.item)))
  (#set! kind "static")) @import

; ---- references -----------------------------------------------------------------------------

; local calls `foo(x)`, in every place a call is an expression: not a function head (`def foo(x)`), not the
; name of a module attribute (`@doc`, `@spec foo(a) :: t`, `@timeout 5_000`), not a typespec
(do_block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(body
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(source
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(list
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(tuple
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(interpolation
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(else_block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(after_block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(rescue_block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(catch_block
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(bitstring
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(map_content
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(access_call
  (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(pair
  value: (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(dot
  left: (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call)
(binary_operator
  left: (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call
  operator: _ @_operator
  (#not-any-of? @_operator "when" "::"))
(binary_operator
  operator: _ @_operator
  right: (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call
  (#not-eq? @_operator "::"))
(unary_operator
  operator: _ @_operator
  operand: (_ !key
    target: (identifier) @name
    (#not-any-of? @name
      "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
      "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
      "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
      "raise" "reraise" "throw" "super" "fn")) @reference.call
  (#not-eq? @_operator "@"))
(call
  target: (identifier) @_outer
  (#not-any-of? @_outer "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
  (arguments
    (_ !key
      target: (identifier) @name
      (#not-any-of? @name
        "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
        "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
        "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
        "raise" "reraise" "throw" "super" "fn")) @reference.call))
(call
  target: (dot)
  (arguments
    (_ !key
      target: (identifier) @name
      (#not-any-of? @name
        "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp" "defmodule"
        "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable" "alias" "import" "require" "use"
        "case" "cond" "else" "for" "if" "unless" "with" "quote" "unquote" "unquote_splicing" "receive" "try"
        "raise" "reraise" "throw" "super" "fn")) @reference.call))

(call target: (dot right: (identifier) @name)) @reference.call
(binary_operator operator: "|>" right: (identifier) @name) @reference.call

; modules used as receivers and structs
(call target: (dot left: (alias) @name)) @reference.class
(struct (alias) @name) @reference.class

; ---- comments --------------------------------------------------------------------------

(comment) @comment
