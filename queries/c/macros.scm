; C: macros the grammar cannot expand and reads as part of the code (`@macro`, queries/README.md): the file is parsed
; again without them. Each shape is one no C code has (a function returning a function, a declaration that is a
; parse error), so a name read as a type there is a macro (an export or visibility attribute, a linkage keyword);
; taken for one only when it is ALL-CAPS. Nested nodes are wildcards with the fields of what they are (see "Compile
; cost" in queries/README.md).

; `LUAI_FUNC void f(...);`, `LUA_API int f(...) {...}`: a macro before the return type, read as the type, the type
; then being an error.
(declaration type: (type_identifier) @macro . (ERROR . (identifier)) (#match? @macro "^[A-Z][A-Z0-9_]*$"))
(function_definition type: (type_identifier) @macro . (ERROR . (identifier)) (#match? @macro "^[A-Z][A-Z0-9_]*$"))
; `LUAI_FUNC lu_byte f (FuncState *fs);`, `LUALIB_API lua_State *(luaL_newstate) (void);`: the macro read as the type,
; the return type as the declared name, and the rest, after a missing `;`, as an expression.
((declaration type: (type_identifier) @macro declarator: (identifier) (MISSING ";")) . (expression_statement)
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))
; `LUAI_FUNC lua_Number luaV_modf (lua_State *L, ...);`: the macro read as the type, the return type as the name, and
; the name as an error before the parameters.
(declaration
  type: (type_identifier) @macro
  declarator: (_ declarator: (identifier) . (ERROR . (identifier)) parameters: (_))
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))
(function_definition
  type: (type_identifier) @macro
  declarator: (_ declarator: (identifier) . (ERROR . (identifier)) parameters: (_))
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))
; `LUA_API int (lua_gettop) (lua_State *L);`: read as a function `int` returning a function.
(declaration
  type: (type_identifier) @macro
  declarator: (_ declarator: (_ declarator: (identifier) parameters: (_)) parameters: (_))
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))

; The attribute macros of the kernel and of C libraries: names C reserves for the implementation (`__init`, `__weak`,
; `__sched`, `__visible`, `__always_inline`, `__alloc_size(1)`, `__printf(2, 3)`), and ALL-CAPS ones, where the grammar
; reads them as a declared name or a function. On 243 files of the kernel (kernel/, kernel/sched/, mm/), the function
; definitions ctags finds that are found went from 0.953 to 0.983, the syntax errors from 3,049 to 2,829
; (`npm run check:c-functions`).
; `int __init f(void) {`, `void notrace f(void) {`: the macro read as a declared name, the `;` after it missing, then
; the function read as a type and a parenthesized declarator. No C code has this shape, whatever the macro's name.
((declaration declarator: (identifier) @macro (MISSING ";")) . (function_definition type: (type_identifier) declarator: (parenthesized_declarator)))
; `void __softirq_entry __do_softirq(void)` after another such macro: a run of declarations each missing its `;`.
((declaration declarator: (identifier) @macro (MISSING ";")) . (declaration declarator: (identifier) (MISSING ";"))
  (#match? @macro "^(__[a-z0-9_]+|[A-Z][A-Z0-9_]*)$"))
; `static __always_inline __alloc_size(1) void *f(size_t n) {`: the first macro read as the return type, the second as
; the function, the real declarator an error after it.
(function_definition type: (type_identifier) @macro declarator: (function_declarator) . (ERROR) (#match? @macro "^(__[a-z0-9_]+|[A-Z][A-Z0-9_]*)$"))
(function_definition
  declarator: (function_declarator declarator: (identifier) @macro.name) @macro . (ERROR)
  (#match? @macro.name "^(__[a-z0-9_]+|[A-Z][A-Z0-9_]*)$"))
; `void * __must_check f(...)`: the macro after the `*`, read as an error inside the pointer declarator.
(pointer_declarator (ERROR . (identifier) @macro .) (#match? @macro "^(__[a-z0-9_]+|[A-Z][A-Z0-9_]*)$"))
