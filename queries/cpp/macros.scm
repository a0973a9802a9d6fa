; C++: macros the grammar cannot expand and reads as part of the code (`@macro`, queries/README.md): the file is
; parsed again without them. Each shape is one no C++ code has (a function returning a function, a declaration that
; is a parse error), so a name read as a type or a class there is a macro (an export, visibility or thread-safety
; annotation); a macro written before a declaration is taken for one only when it is ALL-CAPS.
; Nested nodes are wildcards with the fields of what they are (see "Compile cost" in queries/README.md).

; `class LEVELDB_EXPORT Slice {...}`: the grammar reads the macro as the class's name and the rest as a function
; `Slice` whose body is the class body (a function definition whose declarator is a bare name, without parameters).
(function_definition
  type: (_ ["class" "struct" "union"] name: (_) @macro !body)
  declarator: (identifier)
  body: (compound_statement))

; `class GTEST_API_ AssertionException : public Base {...}`: with a base clause, the macro is read as the name of a
; class without a body, and the class's name and the `:` fall into an error beside it.
(_
  (_ ["class" "struct" "union"] name: (_) @macro !body)
  .
  (ERROR . (identifier) . ":"))

; `class CAPABILITY("mutex") Mutex {...}`: an annotation called between `class` and the name. The grammar reads the
; macro as the name of a class without a body, its parentheses and arguments apart, in an error (the class's body
; then read as an initializer list); the call is cut, parentheses and arguments as misread tokens.
(ERROR
  (_ ["class" "struct" "union"] name: (_) @macro !body)
  "(" @misread
  (_)* @misread
  ")" @misread)

; `bool Insert(const std::string& f) LOCKS_EXCLUDED(mu_) {...}`, `void F() EXCLUSIVE_LOCKS_REQUIRED(mu_);`,
; `int n_ GUARDED_BY(mu_);`: an annotation after a declarator. The grammar ends the declaration before it (a missing
; `;`) and reads the macro call as a constructor of its own, with the body when there is one. (A member declared
; after another has its `;`.)
; (One pattern for a member and a declaration: a pattern of sibling nodes costs a grammar-wide analysis of its own.)
([(field_declaration (MISSING ";")) (declaration (MISSING ";"))]
  .
  (_ !type declarator: (_ declarator: (identifier) @macro.name parameters: (_)) @macro))

; `LEVELDB_EXPORT void f(...);`, `LUA_API int f(...) {...}`, `LEVELDB_EXPORT Env* f(...)`: a macro before the return
; type, read as the type, the type then being an error. (The type is `(_)`: of the grammar's type specifiers only a
; type_identifier can be one ALL-CAPS word, as the #match? wants; a concrete type costs a walk of the whole rule.)
(declaration type: (_) @macro . (ERROR . (identifier)) (#match? @macro "^[A-Z][A-Z0-9_]*$"))
(function_definition type: (_) @macro . (ERROR . (identifier)) (#match? @macro "^[A-Z][A-Z0-9_]*$"))
; `LEVELDB_EXPORT Status DestroyDB(...)`, `LUALIB_API lua_State *(luaL_newstate) (void)`: the macro read as the type
; and the return type as the scope of a qualified name whose `::` is missing (the declarator with a `::` child: a
; qualified_identifier).
(declaration
  type: (_) @macro
  declarator: [(_ (MISSING "::")) (_ declarator: (_ (MISSING "::")))]
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))
; `LUA_API int (lua_gettop) (lua_State *L)`: read as a function `int` returning a function.
(declaration
  type: (_) @macro
  declarator: (_ declarator: (_ declarator: (identifier) parameters: (_)) parameters: (_))
  (#match? @macro "^[A-Z][A-Z0-9_]*$"))
