; JavaScript's parameters (TypeScript wraps them in required_parameter: queries/typescript/locals.scm), for the
; JavaScript grammar only. Written for code-index.

(formal_parameters (identifier) @local.definition.parameter)
(formal_parameters (assignment_pattern left: (identifier) @local.definition.parameter))
(formal_parameters (rest_pattern (identifier) @local.definition.parameter))
