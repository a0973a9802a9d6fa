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
