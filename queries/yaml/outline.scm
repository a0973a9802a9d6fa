; YAML keys with the kind of their value, as JSON's outline.scm: @key is the pair, @key.name the key (quotes
; stripped), @key.value the value; `kind` names the value kind: object, array, string (plain, quoted or block
; scalar), number, boolean, null (also `key:` with no value), alias (`*ref`; the value is the alias as written).
; Nesting is read from the tree: the keys of mappings that are items of a sequence are listed under the key that
; holds the sequence (`updates: [- package-ecosystem: npm]` gives `updates.package-ecosystem`), as JSON lists the
; keys of an array's objects. Tags and anchors on a value (`!Ref x`, `&base {...}`) do not change its kind.

(comment) @comment

; Anchors (`x-common: &common`) are definitions, so that `*common` can be looked up.
((anchor (anchor_name) @name) @definition.anchor)

; Block mappings.
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (block_node (block_mapping)) @key.value) @key (#set! kind "object") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (flow_mapping)) @key.value) @key (#set! kind "object") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (block_node (block_sequence)) @key.value) @key (#set! kind "array") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (flow_sequence)) @key.value) @key (#set! kind "array") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node [(plain_scalar (string_scalar)) (double_quote_scalar) (single_quote_scalar)]) @key.value) @key (#set! kind "string") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (block_node (block_scalar)) @key.value) @key (#set! kind "string") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar [(integer_scalar) (float_scalar)])) @key.value) @key (#set! kind "number") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar (boolean_scalar))) @key.value) @key (#set! kind "boolean") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar (null_scalar))) @key.value) @key (#set! kind "null") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (alias)) @key.value) @key (#set! kind "alias") (#set! strip.key.name "^[\"']|[\"']$"))
((block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) !value) @key (#set! kind "null") (#set! strip.key.name "^[\"']|[\"']$"))

; Flow mappings (`{image: postgres, port: 5432}`).
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (flow_mapping)) @key.value) @key (#set! kind "object") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (flow_sequence)) @key.value) @key (#set! kind "array") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node [(plain_scalar (string_scalar)) (double_quote_scalar) (single_quote_scalar)]) @key.value) @key (#set! kind "string") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar [(integer_scalar) (float_scalar)])) @key.value) @key (#set! kind "number") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar (boolean_scalar))) @key.value) @key (#set! kind "boolean") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (plain_scalar (null_scalar))) @key.value) @key (#set! kind "null") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) value: (flow_node (alias)) @key.value) @key (#set! kind "alias") (#set! strip.key.name "^[\"']|[\"']$"))
((flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) !value) @key (#set! kind "null") (#set! strip.key.name "^[\"']|[\"']$"))
