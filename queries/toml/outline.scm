; TOML keys with the kind of their value, as JSON's outline.scm: @key is the pair (or table), @key.name the key
; as written (a dotted key `a.b.c` is one name; the quotes of a quoted key are stripped), @key.value the value.
; A table `[server.http]` is a key of kind `object` holding its pairs; an array-of-tables element `[[bin]]` is a
; key of kind `array` holding the pairs of that element (each element is listed). Kinds: string, number, boolean,
; datetime, array, object.

(comment) @comment

((table . [(bare_key) (dotted_key)] @key.name) @key (#set! kind "object"))
((table . (quoted_key) @key.name) @key (#set! kind "object") (#set! strip.key.name "^[\"']|[\"']$"))
((table_array_element . [(bare_key) (dotted_key)] @key.name) @key (#set! kind "array"))
((table_array_element . (quoted_key) @key.name) @key (#set! kind "array") (#set! strip.key.name "^[\"']|[\"']$"))

((pair . [(bare_key) (dotted_key)] @key.name . (string) @key.value) @key (#set! kind "string"))
((pair . (quoted_key) @key.name . (string) @key.value) @key (#set! kind "string") (#set! strip.key.name "^[\"']|[\"']$"))
((pair . [(bare_key) (dotted_key)] @key.name . [(integer) (float)] @key.value) @key (#set! kind "number"))
((pair . (quoted_key) @key.name . [(integer) (float)] @key.value) @key (#set! kind "number") (#set! strip.key.name "^[\"']|[\"']$"))
((pair . [(bare_key) (dotted_key)] @key.name . (boolean) @key.value) @key (#set! kind "boolean"))
((pair . (quoted_key) @key.name . (boolean) @key.value) @key (#set! kind "boolean") (#set! strip.key.name "^[\"']|[\"']$"))
((pair . [(bare_key) (dotted_key)] @key.name . [(offset_date_time) (local_date_time) (local_date) (local_time)] @key.value) @key (#set! kind "datetime"))
((pair . (quoted_key) @key.name . [(offset_date_time) (local_date_time) (local_date) (local_time)] @key.value) @key (#set! kind "datetime") (#set! strip.key.name "^[\"']|[\"']$"))
((pair . [(bare_key) (dotted_key)] @key.name . (array) @key.value) @key (#set! kind "array"))
((pair . (quoted_key) @key.name . (array) @key.value) @key (#set! kind "array") (#set! strip.key.name "^[\"']|[\"']$"))
((pair . [(bare_key) (dotted_key)] @key.name . (inline_table) @key.value) @key (#set! kind "object"))
((pair . (quoted_key) @key.name . (inline_table) @key.value) @key (#set! kind "object") (#set! strip.key.name "^[\"']|[\"']$"))
