; JSON keys with the kind of their value. @key is the pair, @key.name the key text, @key.value the value;
; the `kind` property names the value kind. Nesting is read from the tree (a key inside another key's value).

(pair key: (string (string_content)? @key.name) value: (object) @key.value (#set! kind "object")) @key
(pair key: (string (string_content)? @key.name) value: (array) @key.value (#set! kind "array")) @key
(pair key: (string (string_content)? @key.name) value: (string) @key.value (#set! kind "string")) @key
(pair key: (string (string_content)? @key.name) value: (number) @key.value (#set! kind "number")) @key
(pair key: (string (string_content)? @key.name) value: [(true) (false)] @key.value (#set! kind "boolean")) @key
(pair key: (string (string_content)? @key.name) value: (null) @key.value (#set! kind "null")) @key
