; SPARQL queries and updates (grammar: tree-sitter-sparql, @cursorless/tree-sitter-wasms build).
; PREFIX declarations are imports (the prefix, written `foaf:`, is the namespace alias; the IRI, written with its
; angle brackets, is the source); BASE is an import of the base IRI. Each query form (SELECT, CONSTRUCT, ASK,
; DESCRIBE) and update operation is a `query` definition named after its form.

(prefix_declaration (namespace) @import.namespace (iri_reference) @import.source) @import
(base_declaration (iri_reference) @import.source) @import

((select_query) @definition.query (#set! name "SELECT"))
((construct_query) @definition.query (#set! name "CONSTRUCT"))
((ask_query) @definition.query (#set! name "ASK"))
((describe_query) @definition.query (#set! name "DESCRIBE"))

(comment) @comment

; update operations
((insert_data) @definition.query (#set! name "INSERT DATA"))
((delete_data) @definition.query (#set! name "DELETE DATA"))
((delete_where) @definition.query (#set! name "DELETE WHERE"))
((modify) @definition.query (#set! name "MODIFY"))
