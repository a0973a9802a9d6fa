; C++ scopes, bindings and name uses, for binding names to their declarations (the locals vocabulary of
; queries/README.md). Written for code-index. Functions, classes, namespaces, typedefs and aliases are bound from the
; tags definitions (queries/cpp/tags.scm): only what they miss is here.
;
; A namespace body is not a scope: a namespace's names are reached through the headers that declare them (an
; include sees them, as `using namespace` and a call inside the namespace do), and `ns::name` as a member of it.
; A class body is not one either: members are not bare names (a bare name inside a method that is a member of its
; class is found through the class, as `this->name` is).

; ---- scopes ------------------------------------------------------------------------

[
  (function_definition)
  (compound_statement)
  (for_statement)
  (for_range_loop)
  (if_statement)
  (while_statement)
  (do_statement)
  (switch_statement)
  (catch_clause)
  (lambda_expression)
  (template_parameter_list)
] @local.scope

; A parameter list that is not a definition's (a prototype, a method declared in its class, a function pointer, a
; callback parameter) holds its parameter names: they are visible nowhere else. A definition's parameters (and a
; lambda's) are bound in the definition, where its body sees them.
; The declarators are wildcards with the fields and tokens of what they are (see "Compile cost" in
; queries/README.md): a function declarator is the one with parameters (only a lambda's, a catch clause's or a requires
; expression's also have them), a reference declarator the one with `&` or `&&`; the other declarators with a
; declarator are pointers, arrays, functions, init declarators and (in a declaration, with a type) a conversion
; operator `operator int()`, whose parameters are not a prototype's. One pattern per node type (one analysis each).
; `void f(int n);`, `void (*fp)(int n);`, `int *f(int n);`, `int **f(int n);`, `Foo& f(int n);`
(declaration
  declarator: [
    (_ parameters: (parameter_list) @local.scope)
    (_ !type declarator: (_ parameters: (parameter_list) @local.scope))
    (_ !type declarator: (_ declarator: (_ parameters: (parameter_list) @local.scope)))
    (_ ["&" "&&"] (_ parameters: (parameter_list) @local.scope))
  ])
(field_declaration
  declarator: [
    (_ parameters: (parameter_list) @local.scope)
    (_ declarator: (_ parameters: (parameter_list) @local.scope))
    (_ ["&" "&&"] (_ parameters: (parameter_list) @local.scope))
  ])
(type_definition
  declarator: [
    (_ parameters: (parameter_list) @local.scope)
    (_ declarator: (_ parameters: (parameter_list) @local.scope))
  ])
; (a parameter's declarator can be an abstract one, `int (*)(int)`: its function declarator is named)
(parameter_declaration
  declarator: [
    (function_declarator parameters: (parameter_list) @local.scope)
    (_ declarator: (function_declarator parameters: (parameter_list) @local.scope))
  ])
; `std::function<void(int n)>`: a type's declarators are abstract ones
(type_descriptor
  declarator: [
    (_ parameters: (parameter_list) @local.scope)
    (_ (_ parameters: (parameter_list) @local.scope !requirements))
  ])

; ---- bindings ----------------------------------------------------------------------

; Nested declarators are wildcards with the fields and tokens of what they are, in the declarator positions they are
; written in: a pointer `(_ "*" declarator: ...)`, a reference `(_ ["&" "&&"] ...)`, an array `(_ declarator: ... "[")`,
; an init declarator (in a declaration) `(_ declarator: ... value: (_))`, a structured binding `(_ !declarator "[" ...)`
; (an array has a declarator), a variadic declarator `(_ "..." ...)`. A function pointer `int (*cb)(int)` keeps its
; function_declarator (and `void (*fp)(int n) = f;` its init_declarator): what tells those apart (`parameters:`, an
; init declarator's `value:`) comes after the name: the match would end there, and the variable be listed after the
; parameters inside it (definitions are listed in the order their matches end).

; parameters: `int n`, `Foo& f`, `Foo&& f`, `char **argv`, `int v[]`, `int x = 3`, `Args... rest`, `int (*cb)(int)`
(parameter_declaration
  declarator: [
    (identifier) @local.definition.parameter
    (_ "*" declarator: (identifier) @local.definition.parameter)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.parameter))
    (_ ["&" "&&"] (identifier) @local.definition.parameter)
    (_ declarator: (identifier) @local.definition.parameter "[")
    (function_declarator declarator: (_ "(" (_ "*" declarator: (identifier) @local.definition.parameter)))
  ])
(optional_parameter_declaration
  declarator: [
    (identifier) @local.definition.parameter
    (_ "*" declarator: (identifier) @local.definition.parameter)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.parameter))
    (_ ["&" "&&"] (identifier) @local.definition.parameter)
    (_ declarator: (identifier) @local.definition.parameter "[")
    (function_declarator declarator: (_ "(" (_ "*" declarator: (identifier) @local.definition.parameter)))
  ])
(variadic_parameter_declaration
  declarator: [
    (_ "..." (identifier) @local.definition.parameter)
    (_ ["&" "&&"] (_ "..." (identifier) @local.definition.parameter))
  ])

; a parameter's declared type: its members are the type's (`const Foo& f`, `ns::Foo* p`, `std::vector<T>& v`)
(parameter_declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @local.type
  declarator: [
    (identifier) @local.definition.parameter
    (_ "*" declarator: (identifier) @local.definition.parameter)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.parameter))
    (_ ["&" "&&"] (identifier) @local.definition.parameter)
  ])
(optional_parameter_declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @local.type
  declarator: [
    (identifier) @local.definition.parameter
    (_ "*" declarator: (identifier) @local.definition.parameter)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.parameter))
    (_ ["&" "&&"] (identifier) @local.definition.parameter)
  ])

; variables, local or global: every declarator of `Foo a, *b = f(), &c = a, d[4];`, structured bindings
(declaration
  declarator: [
    (identifier) @local.definition.variable
    (_ "*" declarator: (identifier) @local.definition.variable)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.variable))
    (_ ["&" "&&"] (identifier) @local.definition.variable)
    (_ declarator: (identifier) @local.definition.variable "[")
    (function_declarator declarator: (_ "(" (_ "*" declarator: (identifier) @local.definition.variable)))
    (_ declarator: (identifier) @local.definition.variable value: (_))
    (_ declarator: (_ "*" declarator: (identifier) @local.definition.variable) value: (_))
    (_ declarator: (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.variable)) value: (_))
    (_ declarator: (_ ["&" "&&"] (identifier) @local.definition.variable) value: (_))
    (_ declarator: (_ declarator: (identifier) @local.definition.variable "[") value: (_))
    (init_declarator declarator: (function_declarator declarator: (_ "(" (_ "*" declarator: (identifier) @local.definition.variable))))
    (_ declarator: (_ !declarator "[" (identifier) @local.definition.variable) value: (_))
    (_ declarator: (_ ["&" "&&"] (_ !declarator "[" (identifier) @local.definition.variable)) value: (_))
  ])
; a variable's declared type: `Foo x;`, `Foo *p = ...;`, `ns::Foo& r = ...;`, `Foo s(6);`, `Foo r{5};`
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @local.type
  declarator: [
    (identifier) @local.definition.variable
    (_ "*" declarator: (identifier) @local.definition.variable)
    (_ "*" declarator: (_ "*" declarator: (identifier) @local.definition.variable))
    (_ ["&" "&&"] (identifier) @local.definition.variable)
    (_ declarator: (identifier) @local.definition.variable "[")
    (_ declarator: (identifier) @local.definition.variable value: (_))
    (_ declarator: (_ "*" declarator: (identifier) @local.definition.variable) value: (_))
    (_ declarator: (_ ["&" "&&"] (identifier) @local.definition.variable) value: (_))
  ])
; `auto x = Foo(...)`, `auto x = ns::Foo{...}`, `auto *p = new Foo(...)`: the type written in the initializer
(declaration
  type: (placeholder_type_specifier)
  declarator: (_
    declarator: [
      (identifier) @local.definition.variable
      (_ "*" declarator: (identifier) @local.definition.variable)
      (_ ["&" "&&"] (identifier) @local.definition.variable)
    ]
    value: [
      (_ function: [(identifier) (qualified_identifier)] @local.type)
      (_ type: [(type_identifier) (qualified_identifier)] @local.type value: (_))
      (_ "new" type: [(type_identifier) (qualified_identifier) (template_type)] @local.type)
    ]))
(declaration
  declarator: (_
    declarator: (_ "*" declarator: (identifier) @local.definition.variable)
    value: (_ "new" type: [(type_identifier) (qualified_identifier) (template_type)] @local.type)))

; `for (const Item& it : items)`, `for (auto [k, v] : map)`
(for_range_loop
  declarator: [
    (identifier) @local.definition.variable
    (_ "*" declarator: (identifier) @local.definition.variable)
    (_ ["&" "&&"] (identifier) @local.definition.variable)
    (_ !declarator "[" (identifier) @local.definition.variable)
    (_ ["&" "&&"] (_ !declarator "[" (identifier) @local.definition.variable))
  ])
(for_range_loop
  type: [(type_identifier) (qualified_identifier) (template_type)] @local.type
  declarator: [
    (identifier) @local.definition.variable
    (_ "*" declarator: (identifier) @local.definition.variable)
    (_ ["&" "&&"] (identifier) @local.definition.variable)
  ])

; a lambda's init capture `[x = 1]` declares `x` inside the lambda
(lambda_capture_initializer left: (identifier) @local.definition.variable)

; template parameters: visible in the template's declaration (bound beside it, the nearest above a use wins)
(type_parameter_declaration (type_identifier) @local.definition.type_parameter (#set! local.scope "parent"))
(optional_type_parameter_declaration name: (type_identifier) @local.definition.type_parameter (#set! local.scope "parent"))
(variadic_type_parameter_declaration (type_identifier) @local.definition.type_parameter (#set! local.scope "parent"))

; enum constants of a plain enum are names of the scope it is declared in (an `enum class`'s are its members)
((enum_specifier body: (enumerator_list (enumerator name: (identifier) @local.definition.constant))) @_enum
  (#not-match? @_enum "^enum\\s+(class|struct)\\b"))

; ---- includes ----------------------------------------------------------------------

; `#include "x.h"` and `#include <x.h>` make every name the header declares visible: a wildcard import
((preproc_include) @import (#set! import.name "*"))

; ---- uses --------------------------------------------------------------------------

(identifier) @local.reference
(namespace_identifier) @local.reference
; a constructor's member initializer `: n_(n)` names a member of its class (found as a bare name inside a method is)
(field_initializer (field_identifier) @local.reference)

; `p->field`, `s.method()`, `this->x`, `a.b.c`: a member of what the qualifier names
(field_expression
  argument: (_) @local.qualifier
  field: (field_identifier) @local.member)
; `ns::f()`, `Foo::make()`, `std::string`, `ns::Tpl<T>`, `ns::make<T>()`: a member of the namespace or class
(qualified_identifier
  scope: (_) @local.qualifier
  name: [
    (identifier) @local.member
    (type_identifier) @local.member
    (template_type name: (type_identifier) @local.member)
    (template_function name: (identifier) @local.member)
  ])
