; SQL definitions, details and references (grammar: @derekstride/tree-sitter-sql@0.3.11, built into
; grammars/tree-sitter-sql.wasm by scripts/build-sql-grammar.sh). Written for code-index; the grammar ships only
; highlights/indents queries, no tags.scm.
;
; Names are the unqualified object name (`public.users` defines `users`); quotes of quoted identifiers
; ("order", `order`, [order]) are stripped from definition names. An unnamed `CREATE INDEX ON t (c)` defines nothing.

; ---- tables and their columns ---------------------------------------------------------

(create_table
  [(keyword_table) (keyword_exists)] . (object_reference name: (identifier) @name)
  (column_definitions)? @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.table

(create_table [(keyword_temp) (keyword_temporary) (keyword_unlogged) (keyword_external)] @modifier)

; columns are properties of their table (nesting is read from the tree)
(create_table
  (column_definitions
    (column_definition
      name: (_) @name
      [type: (_) custom_type: (_)]? @type
      (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.property))

(column_definition (keyword_default) . (_) @value)

; ---- views ----------------------------------------------------------------------------

(create_view
  [(keyword_view) (keyword_exists)] . (object_reference name: (identifier) @name)
  (create_query) @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.view

(create_view [(keyword_temp) (keyword_temporary) (keyword_recursive)] @modifier)

(create_materialized_view
  [(keyword_view) (keyword_exists)] . (object_reference name: (identifier) @name)
  (create_query) @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.view

(create_materialized_view (keyword_materialized) @modifier)

; ---- functions ------------------------------------------------------------------------
; CREATE [OR REPLACE] FUNCTION name(args) RETURNS type ... AS body. `RETURNS SETOF t` gives the return type `t`
; with the modifier SETOF; `RETURNS TABLE (...)` gives the column list.

(create_function
  (object_reference name: (identifier) @name) . (function_arguments) @parameters
  (function_body)? @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.function

(create_function
  (keyword_returns) . (_) @return_type
  (#not-match? @return_type "^([sS][eE][tT][oO][fF]|[tT][aA][bB][lL][eE])$"))
(create_function (keyword_returns) . (keyword_setof) @modifier . (_) @return_type)
(create_function (keyword_returns) . (keyword_table) . (column_definitions) @return_type)
(create_function (function_volatility) @modifier)

; ---- parameters -----------------------------------------------------------------------
; [IN|OUT|INOUT|VARIADIC] [name] type [DEFAULT value | = value]. An unnamed parameter (`text`, `OUT int`) stays
; one parameter written as in the source, like Go's.

(function_arguments (function_argument) @parameter)
(function_arguments
  (function_argument
    (identifier) @parameter.name . (_) @parameter.type) @parameter)
(function_arguments
  (function_argument
    [(keyword_default) "="] . (_) @parameter.default) @parameter)
(function_arguments
  (function_argument
    [(keyword_in) (keyword_out) (keyword_inout) (keyword_variadic)] @parameter.modifier) @parameter)

; ---- indexes, triggers, sequences -----------------------------------------------------

(create_index
  column: (_) @name
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.index

(create_index (keyword_unique) @modifier)

(create_trigger
  (keyword_trigger) . (object_reference name: (identifier) @name)
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.trigger

(create_trigger
  (keyword_exists) . (object_reference name: (identifier) @name)
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.trigger

(create_trigger [(keyword_before) (keyword_after) (keyword_instead)] @modifier)

(create_sequence
  (object_reference name: (identifier) @name)
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.sequence

; ---- types ----------------------------------------------------------------------------

; CREATE TYPE mood AS ENUM ('sad', 'ok'): an enum whose labels are its members
(create_type
  (object_reference name: (identifier) @name)
  (enum_elements) @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.enum

(enum_elements
  enum_element: (literal) @name @definition.property
  (#set! strip.name "^'|'$"))

; CREATE TYPE address AS (street text, ...): a composite type whose attributes are its members
(create_type
  (object_reference name: (identifier) @name)
  (column_definitions) @body
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.type

(create_type
  (column_definitions
    (column_definition
      name: (_) @name
      [type: (_) custom_type: (_)]? @type
      (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.property))

; other CREATE TYPE forms (range, base, shell types)
; (`CREATE TYPE` right after CREATE: CREATE OPERATOR CLASS ... FOR TYPE t and CREATE ACCESS METHOD m TYPE INDEX
; are read by the grammar as a create_type with an ERROR in between, and define no type)
(create_type
  (keyword_create) . (keyword_type)
  . (object_reference name: (identifier) @name)
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.type

; ---- schemas and databases ------------------------------------------------------------

(create_schema
  [(keyword_schema) (keyword_exists)] . (identifier) @name
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.module

(create_database
  (identifier) @name
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$")) @definition.module

; ---- extensions: CREATE EXTENSION pgcrypto is what a schema file imports ----------------

(create_extension (identifier) @import.source @import.name) @import

; ---- statements the grammar does not know, recovered from ERROR nodes -------------------
; The definition is the name alone (an ERROR node can span many later statements, which must not become its
; members). Seen in real code: CREATE FUNCTION with OUT parameters and no RETURNS clause, Oracle triggers.

(ERROR
  (keyword_create) . (keyword_function)
  . (object_reference name: (identifier) @name) @definition.function
  . (function_arguments) @parameters
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(ERROR
  (keyword_replace) . (keyword_function)
  . (object_reference name: (identifier) @name) @definition.function
  . (function_arguments) @parameters
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(ERROR
  (keyword_create) . (keyword_trigger)
  . (object_reference name: (identifier) @name) @definition.trigger
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(ERROR
  (keyword_create) . (keyword_table)
  . (object_reference name: (identifier) @name) @definition.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(ERROR
  (keyword_create) . (keyword_view)
  . (object_reference name: (identifier) @name) @definition.view
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))

; ---- references -----------------------------------------------------------------------

; (strip.name: quotes of quoted identifiers, for when the extraction applies it to references too)

; FROM / JOIN / UPDATE / MERGE targets
(relation (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
; DELETE FROM t
(from (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
; INSERT INTO t
(insert (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
; REFERENCES t (col) in a column or a table constraint
(column_definition (keyword_references) . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(constraint (keyword_references) . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
; CREATE INDEX ... ON [ONLY] t, CREATE TRIGGER ... ON t
(create_index [(keyword_on) (keyword_only)] . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(create_trigger (keyword_on) . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(create_trigger (keyword_from) . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
; ALTER TABLE t, DROP TABLE t, TRUNCATE t, COMMENT ON TABLE t
(alter_table (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(drop_table (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(comment_statement (keyword_table) . (object_reference name: (identifier) @name) @reference.table
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))

; function calls, and the function a trigger executes
(invocation (object_reference name: (identifier) @name) @reference.call
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(create_trigger
  (keyword_execute) . [(keyword_function) (keyword_procedure)]
  . (object_reference name: (identifier) @name) @reference.call
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))

; user-defined types of columns and parameters
(column_definition custom_type: (object_reference name: (identifier) @name) @reference.type
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(function_argument custom_type: (object_reference name: (identifier) @name) @reference.type
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))
(create_function custom_type: (object_reference name: (identifier) @name) @reference.type
  (#set! strip.name "^[\"`\\[]|[\"`\\]]$"))

; ---- comments -------------------------------------------------------------------------

(comment) @comment
(marginalia) @comment
