; SystemRDL register descriptions (grammar: tree-sitter-systemrdl, tree-sitter-wasms 0.1.13 build).
; Named component definitions (`reg ctrl_t { ... };`) and anonymous definitions instantiated in place
; (`field { sw = rw; } enable[0:0];`, named after their first instance) are definitions of their component's kind
; (addrmap, regfile, reg, field, mem); an instance of a named type (`ctrl_t ctrl @ 0x0;`) is an `instance`
; whose type is that name. Enums are enums (entries are properties), user-defined properties are `user_property` definitions.
; A component's `desc` property is its documentation.

(component_def (component_named_def type: (component_type (component_primary_type "addrmap")) id: (id) @name body: (component_body) @body)) @definition.addrmap
(component_def (component_named_def type: (component_type (component_primary_type "regfile")) id: (id) @name body: (component_body) @body)) @definition.regfile
(component_def (component_named_def type: (component_type (component_primary_type "reg")) id: (id) @name body: (component_body) @body)) @definition.reg
(component_def (component_named_def type: (component_type (component_primary_type "field")) id: (id) @name body: (component_body) @body)) @definition.field
(component_def (component_named_def type: (component_type (component_primary_type "mem")) id: (id) @name body: (component_body) @body)) @definition.mem
(component_def (component_anon_def type: (component_type (component_primary_type "addrmap")) body: (component_body) @body) . (component_insts . (component_inst id: (id) @name))) @definition.addrmap
(component_def (component_anon_def type: (component_type (component_primary_type "regfile")) body: (component_body) @body) . (component_insts . (component_inst id: (id) @name))) @definition.regfile
(component_def (component_anon_def type: (component_type (component_primary_type "reg")) body: (component_body) @body) . (component_insts . (component_inst id: (id) @name))) @definition.reg
(component_def (component_anon_def type: (component_type (component_primary_type "field")) body: (component_body) @body) . (component_insts . (component_inst id: (id) @name))) @definition.field
(component_def (component_anon_def type: (component_type (component_primary_type "mem")) body: (component_body) @body) . (component_insts . (component_inst id: (id) @name))) @definition.mem

; documentation: desc = "..."
((component_def (component_named_def type: (component_type (component_primary_type "addrmap")) id: (id) @name body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc))))))))))) @definition.addrmap (#eq? @_prop "desc"))
((component_def (component_anon_def type: (component_type (component_primary_type "addrmap")) body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc)))))))))) . (component_insts . (component_inst id: (id) @name))) @definition.addrmap (#eq? @_prop "desc"))
((component_def (component_named_def type: (component_type (component_primary_type "regfile")) id: (id) @name body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc))))))))))) @definition.regfile (#eq? @_prop "desc"))
((component_def (component_anon_def type: (component_type (component_primary_type "regfile")) body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc)))))))))) . (component_insts . (component_inst id: (id) @name))) @definition.regfile (#eq? @_prop "desc"))
((component_def (component_named_def type: (component_type (component_primary_type "reg")) id: (id) @name body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc))))))))))) @definition.reg (#eq? @_prop "desc"))
((component_def (component_anon_def type: (component_type (component_primary_type "reg")) body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc)))))))))) . (component_insts . (component_inst id: (id) @name))) @definition.reg (#eq? @_prop "desc"))
((component_def (component_named_def type: (component_type (component_primary_type "field")) id: (id) @name body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc))))))))))) @definition.field (#eq? @_prop "desc"))
((component_def (component_anon_def type: (component_type (component_primary_type "field")) body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc)))))))))) . (component_insts . (component_inst id: (id) @name))) @definition.field (#eq? @_prop "desc"))
((component_def (component_named_def type: (component_type (component_primary_type "mem")) id: (id) @name body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc))))))))))) @definition.mem (#eq? @_prop "desc"))
((component_def (component_anon_def type: (component_type (component_primary_type "mem")) body: (component_body (component_body_elem (property_assignment (explicit_or_default_prop_assignment (explicit_prop_assignment LHS: (prop_assignment_lhs (id) @_prop) RHS: (prop_assignment_rhs (constant_expression (constant_primary (primary_literal (string_literal) @doc)))))))))) . (component_insts . (component_inst id: (id) @name))) @definition.mem (#eq? @_prop "desc"))

; instances of named component types: ctrl_t ctrl @ 0x0;
((explicit_component_inst id: (id) @type (component_insts . (component_inst id: (id) @name))) @definition.instance
  (#not-eq? @type "property"))

(enum_def (id) @name (enum_body) @body) @definition.enum
(enum_body (enum_entry (id) @name) @definition.property)

(property_definition (id) @name) @definition.user_property

(comment) @comment
