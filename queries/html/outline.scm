; HTML outline: the page <title>, headings h1-h6 (level from the tag), elements with an id, named anchors
; (<a name>), <script> and <style> blocks, links (<a href>), and external resources (<script src>, <link rel="stylesheet">) as imports.
; Tag and attribute names are matched case-insensitively (old pages write <H1>, <A HREF>).
; Inline <script> content is parsed as JavaScript and <style> content as CSS through injections.

(comment) @comment

; <title>Text</title>, named by its text (tags stripped, entities kept as written).
((element (start_tag (tag_name) @_tag)) @definition.title @name
  (#match? @_tag "^[tT][iI][tT][lL][eE]$")
  (#set! strip.name "<[^>]*>"))

; <script src="..."> (named after its src) and inline <script> blocks (named `script`). A script element is
; one or the other: an inline block is one with non-blank content.
((script_element
   (start_tag
     (attribute (attribute_name) @_attr
       [(quoted_attribute_value (attribute_value) @name) (attribute_value) @name]))) @definition.script
  (#match? @_attr "^[sS][rR][cC]$"))
((script_element (raw_text) @_content) @definition.script
  (#match? @_content "[^ \t\r\n]")
  (#set! name "script"))

((style_element) @definition.style (#set! name "style"))

; Elements with an id attribute, named after the id.
((element
   [(start_tag (attribute (attribute_name) @_attr
      [(quoted_attribute_value (attribute_value) @name) (attribute_value) @name]))
    (self_closing_tag (attribute (attribute_name) @_attr
      [(quoted_attribute_value (attribute_value) @name) (attribute_value) @name]))]) @definition.element_id
  (#match? @_attr "^[iI][dD]$"))

; Named anchors of older pages: <a name="section-2">.
((element
   [(start_tag (tag_name) @_tag
      (attribute (attribute_name) @_attr
        [(quoted_attribute_value (attribute_value) @name) (attribute_value) @name]))
    (self_closing_tag (tag_name) @_tag
      (attribute (attribute_name) @_attr
        [(quoted_attribute_value (attribute_value) @name) (attribute_value) @name]))]) @definition.anchor
  (#match? @_tag "^[aA]$") (#match? @_attr "^[nN][aA][mM][eE]$"))

; Headings: the text is the element without its tags (nested <em>, <code>, ... kept as text).
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]1$") (#set! level "1") (#set! strip.heading.text "<[^>]*>"))
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]2$") (#set! level "2") (#set! strip.heading.text "<[^>]*>"))
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]3$") (#set! level "3") (#set! strip.heading.text "<[^>]*>"))
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]4$") (#set! level "4") (#set! strip.heading.text "<[^>]*>"))
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]5$") (#set! level "5") (#set! strip.heading.text "<[^>]*>"))
((element (start_tag (tag_name) @_tag)) @heading @heading.text
  (#match? @_tag "^[hH]6$") (#set! level "6") (#set! strip.heading.text "<[^>]*>"))

; <a href="url">text</a>
((element
   (start_tag (tag_name) @_tag
     (attribute (attribute_name) @_attr
       [(quoted_attribute_value (attribute_value) @link.url) (attribute_value) @link.url]))) @link @link.text
  (#match? @_tag "^[aA]$") (#match? @_attr "^[hH][rR][eE][fF]$")
  (#set! kind "link") (#set! strip.link.text "<[^>]*>"))

; External scripts and stylesheets.
((script_element
   (start_tag
     (attribute (attribute_name) @_attr
       [(quoted_attribute_value (attribute_value) @import.source) (attribute_value) @import.source]))) @import
  (#match? @_attr "^[sS][rR][cC]$"))
((element
   (start_tag (tag_name) @_tag
     (attribute (attribute_name) @_rel [(quoted_attribute_value (attribute_value) @_kind) (attribute_value) @_kind])
     (attribute (attribute_name) @_href
       [(quoted_attribute_value (attribute_value) @import.source) (attribute_value) @import.source]))) @import
  (#match? @_tag "^[lL][iI][nN][kK]$") (#match? @_rel "^[rR][eE][lL]$") (#match? @_kind "(^|[ \t])stylesheet($|[ \t])")
  (#match? @_href "^[hH][rR][eE][fF]$"))
((element
   (start_tag (tag_name) @_tag
     (attribute (attribute_name) @_href
       [(quoted_attribute_value (attribute_value) @import.source) (attribute_value) @import.source])
     (attribute (attribute_name) @_rel [(quoted_attribute_value (attribute_value) @_kind) (attribute_value) @_kind]))) @import
  (#match? @_tag "^[lL][iI][nN][kK]$") (#match? @_rel "^[rR][eE][lL]$") (#match? @_kind "(^|[ \t])stylesheet($|[ \t])")
  (#match? @_href "^[hH][rR][eE][fF]$"))

; Script content is JavaScript unless a type attribute says otherwise (JSON, templates, import maps).
((script_element (start_tag) @_start (raw_text) @injection.content)
  (#not-match? @_start "[ \t\r\n][tT][yY][pP][eE][ \t\r\n]*=")
  (#set! injection.language "javascript"))
((script_element (start_tag) @_start (raw_text) @injection.content)
  (#match? @_start "[ \t\r\n][tT][yY][pP][eE][ \t\r\n]*=[ \t\r\n]*[\"']?(module|text/javascript|application/javascript|text/ecmascript|application/ecmascript)[\"' \t\r\n>]")
  (#set! injection.language "javascript"))
((style_element (raw_text) @injection.content) (#set! injection.language "css"))
