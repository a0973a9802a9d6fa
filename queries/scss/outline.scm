; SCSS additions to queries/css/outline.scm (loaded first, same node names): $variables as constants, @mixin and
; @function as functions with their parameters, %placeholder selectors, @use/@forward/@import as imports, and
; @include as a call of the mixin.

(single_line_comment) @comment

; $primary: #0d6efd; (a top-level constant; inside a rule it is a member of the rule, inside a mixin or function local).
((declaration . (variable_name) @name . (_) @value .) @definition.constant)
((declaration . (variable_name) @name) @definition.constant)

; @mixin button-variant($background, $border: darken($background, 5%)) { ... }
((mixin_statement (name) @name (parameters)? @parameters (block) @body) @definition.function)
((function_statement (name) @name (parameters)? @parameters (block) @body) @definition.function)
((parameter (variable_name) @parameter.name (default_value)? @parameter.default) @parameter)

; %placeholder { ... }, used with @extend.
; Named as written and extended (`%btn-reset`): the placeholder's text up to its block.
((placeholder) @definition.placeholder @name
  (#set! strip.name " *[{].*$"))

((use_statement . (string_value) @import.source) @import
  (#set! strip.import.source "^[\"']|[\"']$"))
((forward_statement . (string_value) @import.source) @import
  (#set! strip.import.source "^[\"']|[\"']$"))

((include_statement (identifier) @name) @reference.call)
