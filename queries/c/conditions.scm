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
