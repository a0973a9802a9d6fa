; HCL and Terraform (grammar: tree-sitter-hcl, @cursorless/tree-sitter-wasms build).
; A block is `type "label"... { body }`. Terraform's blocks are outlined by what they declare:
;   resource "aws_s3_bucket" "logs" -> resource `logs` of type `aws_s3_bucket` (kind resource)
;   data "aws_ami" "ubuntu"         -> data `ubuntu` of type `aws_ami` (kind data)
;   variable / output / module / provider "x" -> kind variable / output / module / provider, named x
;   locals { a = ... }              -> each local is a constant
; A name cannot join two labels (`aws_s3_bucket.logs`), so the type label is the definition's @type.
; Other HCL files (Nomad, Packer, Vault, ...): a block with labels is a `section` named by its last label.
; Top-level attributes (.tfvars files, plain HCL config) are data keys.

; ---- Terraform ------------------------------------------------------------------------

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @type)
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.resource
  (#eq? @_kind "resource"))

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @type)
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.data
  (#eq? @_kind "data"))

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.variable
  (#eq? @_kind "variable"))

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.output
  (#eq? @_kind "output"))

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.module
  (#eq? @_kind "module"))

((block
   (identifier) @_kind @modifier
   . (string_lit (template_literal) @name)
   (body)? @body) @definition.provider
  (#eq? @_kind "provider"))

; `type`, `default` and `description` of a variable, `value` and `description` of an output
((block
   (identifier) @_kind . (string_lit (template_literal) @name)
   (body (attribute (identifier) @_attr (expression) @type))) @definition.variable
  (#eq? @_kind "variable")
  (#eq? @_attr "type"))
((block
   (identifier) @_kind . (string_lit (template_literal) @name)
   (body (attribute (identifier) @_attr (expression) @value))) @definition.variable
  (#eq? @_kind "variable")
  (#eq? @_attr "default"))
((block
   (identifier) @_kind . (string_lit (template_literal) @name)
   (body (attribute (identifier) @_attr (expression (literal_value (string_lit (template_literal) @doc)))))) @definition.variable
  (#eq? @_kind "variable")
  (#eq? @_attr "description"))
((block
   (identifier) @_kind . (string_lit (template_literal) @name)
   (body (attribute (identifier) @_attr (expression) @value))) @definition.output
  (#eq? @_kind "output")
  (#eq? @_attr "value"))
((block
   (identifier) @_kind . (string_lit (template_literal) @name)
   (body (attribute (identifier) @_attr (expression (literal_value (string_lit (template_literal) @doc)))))) @definition.output
  (#eq? @_kind "output")
  (#eq? @_attr "description"))

; locals { name = value }
((block
   (identifier) @_kind
   (body (attribute (identifier) @name (expression) @value) @definition.constant))
  (#eq? @_kind "locals"))

; a module's source is what it imports
((block
   (identifier) @_kind
   . (string_lit (template_literal) @import.name)
   (body (attribute (identifier) @_attr (expression (literal_value (string_lit (template_literal) @import.source)))))) @import
  (#eq? @_kind "module")
  (#eq? @_attr "source"))

; ---- any other labelled block ------------------------------------------------------------

(block
  (identifier) @modifier
  (string_lit (template_literal) @name) .
  (block_start)
  (body)? @body) @definition.section

; ---- top-level attributes (tfvars, plain HCL configuration) --------------------------------

(config_file (body (attribute (identifier) @key.name (expression (collection_value (object))) @key.value (#set! kind "object")) @key))
(config_file (body (attribute (identifier) @key.name (expression (collection_value (tuple))) @key.value (#set! kind "array")) @key))
(config_file (body (attribute (identifier) @key.name (expression (literal_value (string_lit))) @key.value (#set! kind "string")) @key))
(config_file (body (attribute (identifier) @key.name (expression (literal_value (numeric_lit))) @key.value (#set! kind "number")) @key))
(config_file (body (attribute (identifier) @key.name (expression (literal_value (bool_lit))) @key.value (#set! kind "boolean")) @key))
(config_file (body (attribute (identifier) @key.name (expression (literal_value (null_lit))) @key.value (#set! kind "null")) @key))
(config_file (body (attribute (identifier) @key.name (expression [(variable_expr) (function_call) (template_expr) (operation) (conditional)]) @key.value (#set! kind "expression")) @key))

; ---- references: function calls and resource/data/var/module/local references -----------------------

(function_call (identifier) @name) @reference.call

(comment) @comment
