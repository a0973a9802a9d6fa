; C scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index. Functions, macros, structs, enums and typedefs are bound from the tags
; definitions (queries/c/tags.scm): only what they miss is here (parameters, variables, enum constants).

; ---- scopes ------------------------------------------------------------------------

[
  (function_definition)
  (compound_statement)
  (for_statement)
  (if_statement)
  (while_statement)
  (do_statement)
  (switch_statement)
] @local.scope

; A parameter list that is not a definition's (a prototype, a function pointer, a callback parameter) holds its
; parameter names: they are visible nowhere else. A definition's parameters are bound in the definition (its body
; sees them).
(declaration declarator: (function_declarator parameters: (parameter_list) @local.scope))
(declaration declarator: (_ declarator: (function_declarator parameters: (parameter_list) @local.scope)))
(declaration declarator: (_ declarator: (_ declarator: (function_declarator parameters: (parameter_list) @local.scope))))
(field_declaration declarator: (function_declarator parameters: (parameter_list) @local.scope))
(field_declaration declarator: (_ declarator: (function_declarator parameters: (parameter_list) @local.scope)))
(type_definition declarator: (function_declarator parameters: (parameter_list) @local.scope))
(type_definition declarator: (_ declarator: (function_declarator parameters: (parameter_list) @local.scope)))
(parameter_declaration declarator: (function_declarator parameters: (parameter_list) @local.scope))
(parameter_declaration declarator: (_ declarator: (function_declarator parameters: (parameter_list) @local.scope)))
(abstract_function_declarator parameters: (parameter_list) @local.scope)

; ---- bindings ----------------------------------------------------------------------

; parameters: `int n`, `char *s`, `char **argv`, `int v[]`, `int (*cmp)(const void *, const void *)`
(parameter_declaration
  declarator: [
    (identifier) @local.definition.parameter
    (pointer_declarator declarator: (identifier) @local.definition.parameter)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.parameter))
    (array_declarator declarator: (identifier) @local.definition.parameter)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.definition.parameter)))
  ])
; a parameter's declared type: its members are the type's (`const struct node *n`, `buffer_t *b`)
(parameter_declaration
  type: [(type_identifier) @local.type (struct_specifier name: (type_identifier) @local.type) (union_specifier name: (type_identifier) @local.type)]
  declarator: [
    (identifier) @local.definition.parameter
    (pointer_declarator declarator: (identifier) @local.definition.parameter)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.parameter))
    (array_declarator declarator: (identifier) @local.definition.parameter)
  ])

; variables, local or global: every declarator of `int a, *b = f(), c[4];`, function pointers included
(declaration
  declarator: [
    (identifier) @local.definition.variable
    (pointer_declarator declarator: (identifier) @local.definition.variable)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable))
    (array_declarator declarator: (identifier) @local.definition.variable)
    (array_declarator declarator: (array_declarator declarator: (identifier) @local.definition.variable))
    (pointer_declarator declarator: (array_declarator declarator: (identifier) @local.definition.variable))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.definition.variable)))
    (init_declarator declarator: (identifier) @local.definition.variable)
    (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable))
    (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable)))
    (init_declarator declarator: (array_declarator declarator: (identifier) @local.definition.variable))
    (init_declarator declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @local.definition.variable)))
    (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.definition.variable))))
  ])
; a variable's declared type
(declaration
  type: [(type_identifier) @local.type (struct_specifier name: (type_identifier) @local.type) (union_specifier name: (type_identifier) @local.type)]
  declarator: [
    (identifier) @local.definition.variable
    (pointer_declarator declarator: (identifier) @local.definition.variable)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable))
    (array_declarator declarator: (identifier) @local.definition.variable)
    (init_declarator declarator: (identifier) @local.definition.variable)
    (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable))
    (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.definition.variable)))
    (init_declarator declarator: (array_declarator declarator: (identifier) @local.definition.variable))
  ])

; enum constants are names of the scope the enum is declared in (`RB_OK`, not `rb_status.RB_OK`)
(enumerator name: (identifier) @local.definition.constant)

; ---- typedef aliases ---------------------------------------------------------------

; `typedef struct node {...} node_t;`: the alias names the struct (its value, as `typedef struct node node_t;` has),
; whose members `node_t *n; n->next` reaches
(type_definition
  type: [(struct_specifier name: (type_identifier) @value body: (_)) (union_specifier name: (type_identifier) @value body: (_))]
  declarator: (type_identifier) @name @definition.type)

; ---- includes ----------------------------------------------------------------------

; `#include "x.h"` and `#include <x.h>` make every name the header declares visible: a wildcard import
((preproc_include) @import (#set! import.name "*"))

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference

; `p->field`, `s.field`, `a.b.c`: a member of what the qualifier names
(field_expression
  argument: (_) @local.qualifier
  field: (field_identifier) @local.member)
