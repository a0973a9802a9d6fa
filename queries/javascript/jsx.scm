; JSX element references, for JavaScript and TSX (the plain TypeScript grammar has no JSX nodes).

(jsx_opening_element name: (identifier) @name) @reference.class
(jsx_self_closing_element name: (identifier) @name) @reference.class
(jsx_opening_element name: (member_expression property: (property_identifier) @name)) @reference.class
(jsx_self_closing_element name: (member_expression property: (property_identifier) @name)) @reference.class
