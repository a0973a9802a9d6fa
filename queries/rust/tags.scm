; Rust definitions, details, references and imports (grammar: @cursorless/tree-sitter-wasms tree-sitter-rust).
; Written for code-index; started from the tags.scm that tree-sitter-rust ships.
;
; Exports: a definition is exported when its modifiers include `pub` exactly; `pub(crate)`, `pub(super)` and
; `pub(in path)` are kept as written modifiers but are not the crate's public API. Items that Rust makes public
; through their container without writing `pub` (trait methods, members of `impl Trait for T`)
; get an implied `pub` through `@modifier.pub`; so does the `impl` block itself, which has no visibility of its own.

; ---- members of impl blocks and traits (before plain functions: the earliest pattern decides the kind) ----

(impl_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      parameters: (parameters) @parameters
      body: (block) @body
      (#eq? @name "new")) @definition.constructor))

(impl_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      parameters: (parameters) @parameters
      body: (block) @body) @definition.method))

(trait_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      parameters: (parameters) @parameters
      body: (block) @body) @definition.method))

(trait_item
  body: (declaration_list
    (function_signature_item
      name: (identifier) @name
      parameters: (parameters) @parameters) @definition.method))

; associated constants and types
(declaration_list
  (const_item
    name: (identifier) @name
    type: (_)? @type
    value: (_)? @value) @definition.property)
(declaration_list
  (associated_type name: (type_identifier) @name) @definition.property)
(impl_item
  body: (declaration_list
    (type_item name: (type_identifier) @name type: (_) @type) @definition.property))

; members public through their container
(trait_item body: (declaration_list [(function_item "fn" @modifier.pub) (function_signature_item "fn" @modifier.pub)]))
(impl_item trait: (_) body: (declaration_list (function_item "fn" @modifier.pub)))
(impl_item trait: (_) body: (declaration_list [(const_item "const" @modifier.pub) (type_item "type" @modifier.pub)]))
(impl_item "impl" @modifier.pub)

; ---- functions -------------------------------------------------------------------

(function_item
  name: (identifier) @name
  parameters: (parameters) @parameters
  body: (block) @body) @definition.function

(function_signature_item
  name: (identifier) @name
  parameters: (parameters) @parameters) @definition.function

(function_item type_parameters: (_) @type_parameters)
(function_item return_type: (_) @return_type)
(function_signature_item type_parameters: (_) @type_parameters)
(function_signature_item return_type: (_) @return_type)
(function_modifiers ["async" "unsafe" "const" "default"] @modifier)
(function_modifiers (extern_modifier) @modifier)

; parameters: `id: &SessionId`, `mut buf: Vec<u8>`, `(a, b): (u32, u32)`, and `&self` / `&mut self` / `self`
(parameters
  (parameter
    pattern: (_) @parameter.name
    type: (_) @parameter.type) @parameter)
(parameters (self_parameter) @parameter)
(parameters (variadic_parameter) @parameter)

; ---- macros by example -----------------------------------------------------------

; invoked like functions (`name!(...)`): functions of kind macro; the first rule's pattern stands for the parameters
(macro_definition
  name: (identifier) @name
  (macro_rule left: (_) @parameters) @body) @definition.macro
(macro_definition
  name: (identifier) @name) @definition.macro
((attribute_item (meta_item (identifier) @_export))
  .
  (attribute_item)*
  .
  (macro_definition "macro_rules!" @modifier.pub)
  (#eq? @_export "macro_export"))

; ---- types -----------------------------------------------------------------------

(struct_item
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  body: (_)? @body) @definition.struct

(union_item
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  body: (_) @body) @definition.struct

(field_declaration_list
  (field_declaration
    name: (field_identifier) @name
    type: (_) @type) @definition.property)

(enum_item
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  body: (enum_variant_list) @body) @definition.enum

(enum_variant
  name: (identifier) @name
  body: (_)? @type
  value: (_)? @value) @definition.property

(trait_item
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  bounds: (_)? @extends
  body: (declaration_list) @body) @definition.trait

; impl T / impl<T> Trait for T<U>: named after T, members join the type of that name in the file
(impl_item
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
    (primitive_type) @name
    (reference_type type: [
      (type_identifier) @name
      (primitive_type) @name
      (generic_type type: (type_identifier) @name)
      (scoped_type_identifier name: (type_identifier) @name)
      (generic_type type: (scoped_type_identifier name: (type_identifier) @name))])
    ; types without a name of their own (`(A, B)`, `[T]`, `dyn Error`, `fn(T)`): named as written
    [(tuple_type) (array_type) (dynamic_type) (function_type) (pointer_type) (unit_type) (bounded_type)
     (reference_type type: [(tuple_type) (array_type) (dynamic_type) (function_type) (reference_type)])] @name
  ]
  body: (declaration_list) @body) @definition.impl
(impl_item trait: (_) @implements)

(type_item
  name: (type_identifier) @name
  type_parameters: (_)? @type_parameters
  type: (_) @value) @definition.type

; ---- constants, statics, modules ---------------------------------------------------

(const_item
  name: (identifier) @name
  type: (_)? @type
  value: (_)? @value) @definition.constant

(static_item
  (mutable_specifier)? @modifier
  name: (identifier) @name
  type: (_)? @type
  value: (_)? @value) @definition.constant

(mod_item
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.module

; visibility as written (`pub`, `pub(crate)`), attached to the item or field it precedes
(visibility_modifier) @modifier

; ---- imports -----------------------------------------------------------------------
; Every name a `use` tree binds is one item whose source is the whole path before it: the `@import.source` nodes
; of a pattern are joined with `::` (`use a::{b::{c}}` imports `c` from `a::b`). Items sharing a path share one
; import (the innermost `scoped_use_list`); an item written as a path (`io::Write`) is an import of its own.
; Inside an inline module, `super` is the file's own module: the source starts with the module's name
; (`tests::super`). When several patterns give one import a source, the earliest pattern's wins: the inline-module
; patterns come first.

; mod tests { use super::helper; use super::*; use super::{a, b::c}; }
((mod_item
  name: (identifier) @import.source
  body: (declaration_list
    (use_declaration
      argument: (scoped_identifier path: (_) @import.source @_path name: (identifier) @import.name)) @import))
  (#match? @_path "^super")
  (#set! import.source.join "::")
  (#set! kind "static"))
((mod_item
  name: (identifier) @import.source
  body: (declaration_list
    (use_declaration
      argument: (use_as_clause
        path: (scoped_identifier path: (_) @import.source @_path name: (identifier) @import.name)
        alias: (identifier) @import.alias) @import.item) @import))
  (#match? @_path "^super")
  (#set! import.source.join "::")
  (#set! kind "static"))
((mod_item
  name: (identifier) @import.source
  body: (declaration_list
    (use_declaration
      argument: (use_wildcard (_) @import.source @_path "*" @import.name)) @import))
  (#match? @_path "^super")
  (#set! import.source.join "::")
  (#set! kind "static"))
((mod_item
  name: (identifier) @import.source
  body: (declaration_list
    (use_declaration
      argument: (scoped_use_list
        path: (_) @import.source @_path
        list: (use_list [
          (identifier) @import.name
          (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias) @import.item
        ])) @import)))
  (#match? @_path "^super")
  (#set! import.source.join "::")
  (#set! kind "static"))
((mod_item
  name: (identifier) @import.source
  body: (declaration_list
    (use_declaration
      argument: (scoped_use_list
        path: (_) @import.source @_path
        list: (use_list [
          (scoped_identifier path: (_) @import.source name: (identifier) @import.name) @import
          (use_as_clause
            path: (scoped_identifier path: (_) @import.source name: (identifier) @import.name)
            alias: (identifier) @import.alias) @import.item @import
          (use_wildcard (_) @import.source "*" @import.name) @import
        ])))))
  (#match? @_path "^super")
  (#set! import.source.join "::")
  (#set! kind "static"))

; #[path = "imp/unix.rs"] mod sys;  (the module's file, relative to this file's folder)
((attribute_item (meta_item (identifier) @_path value: (string_literal) @import.source))
  .
  (attribute_item)*
  .
  (mod_item !body name: (identifier) @import.namespace) @import
  (#eq? @_path "path")
  (#set! strip.import.source "^\"|\"$")
  (#set! kind "static"))

; mod parser;  (the module `parser` of this file: parser.rs or parser/mod.rs)
((mod_item !body name: (identifier) @import.source @import.namespace) @import
  (#set! kind "static"))

; use std::collections::HashMap;
((use_declaration
  argument: (scoped_identifier
    path: (_) @import.source
    name: (identifier) @import.name)) @import
  (#set! kind "static"))

; use serde;  (a crate, as a namespace)
((use_declaration
  argument: (identifier) @import.source @import.namespace) @import
  (#set! kind "static"))

; use crate::error::Error as StoreError;  use serde as s;
((use_declaration
  argument: (use_as_clause
    path: (scoped_identifier path: (_) @import.source name: (identifier) @import.name)
    alias: (identifier) @import.alias) @import.item) @import
  (#set! kind "static"))
((use_declaration
  argument: (use_as_clause
    path: (identifier) @import.source
    alias: (identifier) @import.namespace)) @import
  (#set! kind "static"))

; use serde::*;
((use_declaration
  argument: (use_wildcard (_) @import.source "*" @import.name)) @import
  (#set! kind "static"))

; use std::fmt::{self, Display as D, io::Write, ...};  (three levels of nested lists)
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list [
      (identifier) @import.name
      (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias) @import.item
    ])) @import)
  (#set! import.source.join "::")
  (#set! kind "static"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list [
      (scoped_identifier path: (_) @import.source name: (identifier) @import.name) @import
      (use_as_clause
        path: (scoped_identifier path: (_) @import.source name: (identifier) @import.name)
        alias: (identifier) @import.alias) @import.item @import
      (use_wildcard (_) @import.source "*" @import.name) @import
    ])))
  (#set! import.source.join "::")
  (#set! kind "static"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list
      path: (_) @import.source
      list: (use_list [
        (identifier) @import.name
        (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias) @import.item
      ])) @import)))
  (#set! import.source.join "::")
  (#set! kind "static"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list
      path: (_) @import.source
      list: (use_list [
        (scoped_identifier path: (_) @import.source name: (identifier) @import.name) @import
        (use_as_clause
          path: (scoped_identifier path: (_) @import.source name: (identifier) @import.name)
          alias: (identifier) @import.alias) @import.item @import
        (use_wildcard (_) @import.source "*" @import.name) @import
      ])))))
  (#set! import.source.join "::")
  (#set! kind "static"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list
      path: (_) @import.source
      list: (use_list (scoped_use_list
        path: (_) @import.source
        list: (use_list [
          (identifier) @import.name
          (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias) @import.item
        ])) @import)))))
  (#set! import.source.join "::")
  (#set! kind "static"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list
      path: (_) @import.source
      list: (use_list (scoped_use_list
        path: (_) @import.source
        list: (use_list [
          (scoped_identifier path: (_) @import.source name: (identifier) @import.name) @import
          (use_wildcard (_) @import.source "*" @import.name) @import
        ])))))))
  (#set! import.source.join "::")
  (#set! kind "static"))
; `{self}` and `{self as x}`: the module the list's path names, bound to its last name (or the alias)
((scoped_use_list
  path: [(identifier) @import.namespace (scoped_identifier name: (identifier) @import.namespace)]
  list: (use_list (self))) @import)
((scoped_use_list
  list: (use_list (use_as_clause path: (self) alias: (identifier) @import.namespace))) @import)
; the sources of those, at every level
((use_declaration argument: (scoped_use_list path: (_) @import.source list: (use_list [(self) (use_as_clause path: (self))])) @import)
  (#set! import.source.join "::"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list path: (_) @import.source list: (use_list [(self) (use_as_clause path: (self))])) @import)))
  (#set! import.source.join "::"))
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.source
    list: (use_list (scoped_use_list
      path: (_) @import.source
      list: (use_list (scoped_use_list path: (_) @import.source list: (use_list [(self) (use_as_clause path: (self))])) @import)))))
  (#set! import.source.join "::"))

; use {a, b::c};  (a list without a path: each item is a path from the crate root or a crate)
((use_declaration
  argument: (use_list [
    (identifier) @import.source @import.namespace
    (scoped_identifier path: (_) @import.source name: (identifier) @import.name)
    (use_as_clause path: (scoped_identifier path: (_) @import.source name: (identifier) @import.name) alias: (identifier) @import.alias) @import.item
  ] @import))
  (#set! kind "static"))

; extern crate alloc;  extern crate std as core2;
((extern_crate_declaration
  name: (identifier) @import.source @import.namespace
  !alias) @import
  (#set! kind "static"))
((extern_crate_declaration
  name: (identifier) @import.source
  alias: (identifier) @import.namespace) @import
  (#set! kind "static"))

; ---- references ---------------------------------------------------------------------

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
(impl_item trait: (type_identifier) @name) @reference.implementation
(impl_item trait: (generic_type type: (type_identifier) @name)) @reference.implementation
(type_identifier) @name @reference.type

; ---- comments and attributes ---------------------------------------------------------

(line_comment) @comment
(block_comment) @comment
(attribute_item) @decorator
