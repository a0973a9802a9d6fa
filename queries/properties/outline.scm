; Java .properties: every key with its value (dotted keys are flat names: `db.pool.size`). @key is the property,
; @key.name the key as written (escapes kept), @key.value the value (absent for `key=`).

(property (key) @key.name (value)? @key.value (#set! kind "string")) @key

(comment) @comment
