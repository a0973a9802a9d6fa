; C and C++: the branches of preprocessor conditionals (`#if` / `#elif` / `#else`, `#ifdef` / `#ifndef`), so that a
; name defined in several branches of one conditional (`#if defined(_WIN32) #define X a #else #define X b #endif`)
; is ranked by which branch a build takes (see src/extract/conditions.ts). `@condition.branch`: the branch;
; `@condition`: its test (none for `#else`); `@condition.alternative`: the branch that follows it; `condition.test`:
; how a name tested by `#ifdef` / `#ifndef` counts.

(preproc_if condition: (_) @condition alternative: (_)? @condition.alternative) @condition.branch
(preproc_elif condition: (_) @condition alternative: (_)? @condition.alternative) @condition.branch
((preproc_ifdef "#ifdef" name: (identifier) @condition alternative: (_)? @condition.alternative) @condition.branch
  (#set! condition.test "defined"))
((preproc_ifdef "#ifndef" name: (identifier) @condition alternative: (_)? @condition.alternative) @condition.branch
  (#set! condition.test "undefined"))
((preproc_elifdef "#elifdef" name: (identifier) @condition alternative: (_)? @condition.alternative) @condition.branch
  (#set! condition.test "defined"))
((preproc_elifdef "#elifndef" name: (identifier) @condition alternative: (_)? @condition.alternative) @condition.branch
  (#set! condition.test "undefined"))
(preproc_else) @condition.branch

; How a test reads, as data (`#if defined(_WIN32) && !(FOO >= 2)`): these patterns are a query of their own, run over
; each test a definition's branch depends on, never over the file (`@test.*` in queries/README.md). `@test.name`: a
; macro's value; `@test.number` (its integer suffix stripped); `@test.defined` with its `@test.operand`;
; `@test.group`: parentheses, read as what they hold; `@test.not` with its `@test.operand`; `@test.binary` with
; `@test.left`, `@test.operator` and `@test.right`. Any other node (a function-like macro's call) is not read.
(identifier) @test.name
((number_literal) @test.number (#set! strip.test.number "[uUlL]+$"))
(preproc_defined (identifier) @test.operand) @test.defined
(parenthesized_expression) @test.group
(unary_expression operator: "!" argument: (_) @test.operand) @test.not
(binary_expression left: (_) @test.left operator: _ @test.operator right: (_) @test.right) @test.binary
