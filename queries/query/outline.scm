; Tree-sitter query files (.scm). A query has no definitions: its patterns are anonymous and capture names are
; not declared anywhere, so the outline is empty on purpose. Only comments are captured (for hover/doc text).

(comment) @comment
