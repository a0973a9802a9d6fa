; Embedded templates: ERB (<% ruby %>) and EJS (<% javascript %>) (grammar: tree-sitter-embedded-template,
; tree-sitter-wasms 0.1.13 build). The template has no definitions of its own: the code of every directive is
; parsed together as one program in the host language (the definition maps `code` to ruby or javascript), and the
; text between directives as HTML (the definition maps `html` to html), so the outline and the references are
; theirs. `<%# ... %>` directives are comments.

((code) @injection.content (#set! injection.language "code"))
((content) @injection.content (#set! injection.language "html"))

(comment_directive) @comment
