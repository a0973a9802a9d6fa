; Clojure definitions, namespace imports and calls (grammar: tree-sitter-clojure, @cursorless/tree-sitter-wasms
; build). Every form is a list_lit; the head symbol says what a form defines. Docstrings (the string after the
; name) are captured as @doc. Lisp has no body node: the last form of a definition stands for its body.
; `defn-` and `^:private` mark private definitions (modifier `private`).

; ---- namespace -----------------------------------------------------------------------

((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (str_lit)? @doc) @definition.module
  (#eq? @_head "ns"))

; ---- functions and macros: (defn name "doc"? {attr}? [params] body...) or multi-arity ([p] ...) ([p q] ...) ----

((list_lit
   . (sym_lit name: (sym_name) @_head)
   . (sym_lit name: (sym_name) @name)
   . (str_lit)? @doc
   . (map_lit)?
   . (vec_lit) @parameters
   (_) @body .) @definition.function
  (#any-of? @_head "defn" "defn-" "defmacro" "defmethod-" "definline"))
((list_lit
   . (sym_lit name: (sym_name) @_head)
   . (sym_lit name: (sym_name) @name)
   . (str_lit)? @doc
   . (map_lit)?
   . (list_lit . (vec_lit) @parameters)
   (_)? @body .) @definition.function
  (#any-of? @_head "defn" "defn-" "defmacro"))
((list_lit
   . (sym_lit name: (sym_name) @_head)
   . (sym_lit name: (sym_name) @name)
   . (str_lit)?
   . (map_lit)?
   . (list_lit . (vec_lit)) @body .) @definition.function
  (#any-of? @_head "defn" "defn-" "defmacro"))
((list_lit . (sym_lit name: (sym_name) @modifier.macro) . (sym_lit)) (#eq? @modifier.macro "defmacro"))

; multimethods: (defmulti name "doc"? dispatch-fn), (defmethod name dispatch-value [params] body)
((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (str_lit)? @doc) @definition.function
  (#eq? @_head "defmulti"))
((list_lit . (sym_lit name: (sym_name) @_head @modifier) . (sym_lit name: (sym_name) @name) . (_) . (vec_lit) @parameters
   (_) @body .) @definition.function
  (#eq? @_head "defmethod"))

; ---- private markers: defn- and ^:private / ^{:private true} on the name --------------

((list_lit . (sym_lit name: (sym_name) @modifier.private) . (sym_lit)) (#eq? @modifier.private "defn-"))
((list_lit . (sym_lit) . (sym_lit meta: (meta_lit value: (kwd_lit name: (kwd_name) @modifier.private))))
  (#eq? @modifier.private "private"))

; ---- parameters: [a b & more], destructuring {:keys [..]} and [x y] kept as written -------

((vec_lit (sym_lit name: (sym_name) @parameter.name) @parameter) @_params
  (#not-eq? @parameter.name "&"))
((vec_lit (sym_lit name: (sym_name) @parameter.prefix) . (_) @parameter @parameter.rest)
  (#eq? @parameter.prefix "&"))
(vec_lit [(map_lit) (vec_lit)] @parameter)

; ---- vars ----------------------------------------------------------------------------

((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (str_lit) @doc . (_) @value .) @definition.constant
  (#any-of? @_head "def" "defonce"))
((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (_)? @value .) @definition.constant
  (#any-of? @_head "def" "defonce"))
((list_lit . (sym_lit name: (sym_name) @modifier) . (sym_lit)) (#eq? @modifier "defonce"))

; ---- protocols, records, types -------------------------------------------------------

((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (str_lit)? @doc) @definition.interface
  (#any-of? @_head "defprotocol" "definterface"))
; protocol method signatures: (method-name [this a] [this a b] "doc"?)
((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit)
   (list_lit . (sym_lit name: (sym_name) @name) . (vec_lit) @parameters . (_)* . (str_lit)? @doc .) @definition.method)
  (#any-of? @_head "defprotocol" "definterface"))

((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit name: (sym_name) @name) . (vec_lit) @parameters) @definition.class
  (#any-of? @_head "defrecord" "deftype"))
; the protocols and interfaces a record implements, and its method implementations
((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit) . (vec_lit) (sym_lit) @implements)
  (#any-of? @_head "defrecord" "deftype" "reify" "extend-type"))
((list_lit . (sym_lit name: (sym_name) @_head) . (sym_lit) . (vec_lit)
   (list_lit . (sym_lit name: (sym_name) @name) . (vec_lit) @parameters (_) @body .) @definition.method)
  (#any-of? @_head "defrecord" "deftype"))

; ---- imports: (ns x (:require [a.b :as ab :refer [f g]] c.d) (:import (java.util Date UUID) java.io.File)) --

((list_lit . (kwd_lit name: (kwd_name) @_kw) (vec_lit . (sym_lit) @import.source) @import)
  (#any-of? @_kw "require" "use"))
((list_lit . (kwd_lit name: (kwd_name) @_kw) (sym_lit) @import @import.source)
  (#any-of? @_kw "require" "use"))
((list_lit . (kwd_lit name: (kwd_name) @_kw)
   (vec_lit (kwd_lit name: (kwd_name) @_as) . (sym_lit) @import.namespace) @import)
  (#any-of? @_kw "require" "use")
  (#eq? @_as "as"))
((list_lit . (kwd_lit name: (kwd_name) @_kw)
   (vec_lit (kwd_lit name: (kwd_name) @_refer) . (vec_lit (sym_lit) @import.name)) @import)
  (#any-of? @_kw "require" "use")
  (#any-of? @_refer "refer" "only"))
((list_lit . (kwd_lit name: (kwd_name) @_kw) [(list_lit . (sym_lit) @import.source) (vec_lit . (sym_lit) @import.source)] @import)
  (#eq? @_kw "import"))
((list_lit . (kwd_lit name: (kwd_name) @_kw) [(list_lit . (sym_lit) (sym_lit) @import.name) (vec_lit . (sym_lit) (sym_lit) @import.name)] @import)
  (#eq? @_kw "import"))
((list_lit . (kwd_lit name: (kwd_name) @_kw) (sym_lit) @import @import.source)
  (#eq? @_kw "import"))
; (require '[a.b :as ab]) at the top level
((list_lit . (sym_lit name: (sym_name) @_head) (quoting_lit (vec_lit . (sym_lit) @import.source)) @import)
  (#eq? @_head "require"))

; ---- calls and comments --------------------------------------------------------------

((list_lit . (sym_lit name: (sym_name) @name) @_callee) @reference.call
  (#not-any-of? @name "ns" "def" "defn" "defn-" "defmacro" "defonce" "defprotocol" "defrecord" "deftype" "defmulti"
    "defmethod" "definterface" "let" "if" "when" "when-not" "if-let" "when-let" "cond" "condp" "case" "do" "fn"
    "loop" "recur" "try" "catch" "finally" "throw" "quote" "var" "new" "set!" "and" "or" "not" "->" "->>"
    "doto" "letfn" "binding" "for" "doseq" "dotimes" "reify" "extend-type" "extend-protocol" "comment"))

(comment) @comment
