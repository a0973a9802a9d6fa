; XML outline: the root (document) element, named by its tag, and every element with an id attribute (`id`,
; `xml:id`, any `prefix:id` such as Android's `android:id`), named by the id. Elements with an id nest in the
; element with an id that contains them. The DOCTYPE's external DTD and <?xml-stylesheet href?> are imports.

(Comment) @comment

; The root element, named by its tag. The definition is its start tag, so that a root with an id (Jetty's
; `<Configure id="Server">`) is also an element_id; elements with an id are therefore not scoped in the root.
((document root: (element [(STag (Name) @name) (EmptyElemTag (Name) @name)] @definition.element)))

((element
   [(STag (Attribute (Name) @_attr (AttValue) @name))
    (EmptyElemTag (Attribute (Name) @_attr (AttValue) @name))]) @definition.element_id
  (#match? @_attr "^([A-Za-z_][A-Za-z0-9_.-]*:)?[iI][dD]$")
  (#set! strip.name "^[\"']|[\"']$"))

; A comment right above an element (only whitespace, no blank line, between them) documents it. The grammar
; keeps that whitespace as a CharData node, so the shared adjacent-comment rule cannot see the comment: say it here.
((content (Comment) @doc . (CharData) @_gap .
   (element
     [(STag (Attribute (Name) @_attr (AttValue) @name))
      (EmptyElemTag (Attribute (Name) @_attr (AttValue) @name))]) @definition.element_id)
  (#match? @_gap "^[ \t]*\r?\n[ \t]*$")
  (#match? @_attr "^([A-Za-z_][A-Za-z0-9_.-]*:)?[iI][dD]$")
  (#set! strip.name "^[\"']|[\"']$"))
((document (prolog (Comment) @doc .) .
   root: (element [(STag (Name) @name) (EmptyElemTag (Name) @name)] @definition.element)))

((doctypedecl (ExternalID (SystemLiteral (URI) @import.source))) @import)
((StyleSheetPI (PseudoAtt (Name) @_attr (PseudoAttValue) @import.source)) @import
  (#eq? @_attr "href")
  (#set! strip.import.source "^[\"']|[\"']$"))
