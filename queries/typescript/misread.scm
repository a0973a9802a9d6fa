; TypeScript: tokens the grammar (tree-sitter-typescript 0.23.2) does not know and reads as code (`@misread`,
; queries/README.md): the file is parsed again without them.
;
; Variance annotations on type parameters (TypeScript 4.7: `interface Queue<in out A>`, `type F<out A> = () => A`).
; The grammar's error recovery reads them one of two ways: the modifier as the parameter's name, with an error after
; it (inside the parameter when a constraint or default follows, else beside it); or the modifier inside an error,
; beside or inside a parameter. No parameter can be named `in` (a reserved word); one named `out` is never followed
; by an error, nor read into one.
(type_parameter name: (type_identifier) @misread . (ERROR) (#any-of? @misread "in" "out"))
(type_parameters (type_parameter name: (type_identifier) @misread .) . (ERROR) (#any-of? @misread "in" "out"))
(type_parameters (ERROR [(identifier) "in"] @misread (#any-of? @misread "in" "out")))
(type_parameter (ERROR [(identifier) "in"] @misread (#any-of? @misread "in" "out")))

; `export type * from "./types.js"` (TypeScript 5.0): the grammar reads the `type` as an error; without it, the
; statement re-exports the module's names, which is what a reader of the facts needs.
(export_statement (ERROR "type" @misread))
