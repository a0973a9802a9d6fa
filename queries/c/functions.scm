; C function definitions (tree-sitter-c grammar), for C only: Objective-C matches them through their parents
; (queries/objc/functions.scm), which compiles faster with its grammar and runs slower. Keep the two in step.

(function_definition
  type: (_) @return_type
  declarator: [
    (_ declarator: (identifier) @name parameters: (_) @parameters)
    (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters))
    (_ "*" declarator: (_ "*" declarator: (_ declarator: (identifier) @name parameters: (_) @parameters)))
    (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters)
    (_ "*" declarator: (_ declarator: (_ "(" . (identifier) @name) parameters: (_) @parameters))
  ] @declarator
  body: (_) @body) @definition.function

; `static` / `extern` / `inline`; `const char *f(void)`: the qualifier is part of the return type
(function_definition [(storage_class_specifier) @modifier (type_qualifier) @return_type.part])
