; Patterns for the JavaScript grammar only (TypeScript's grammar spells these nodes differently).

(class_heritage . (_) @extends .)

(field_definition
  "static"? @modifier
  property: (_) @name
  value: (_)? @value) @definition.property

; ---- parameters ---------------------------------------------------------------

(formal_parameters [(identifier) (object_pattern) (array_pattern)] @parameter @parameter.name)
(formal_parameters
  (assignment_pattern
    left: (_) @parameter.name
    right: (_) @parameter.default) @parameter)
(formal_parameters
  (rest_pattern (_) @parameter.name) @parameter @parameter.rest)
; x => x
(arrow_function parameter: (identifier) @parameter @parameter.name)
