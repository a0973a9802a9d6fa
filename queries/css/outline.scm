; CSS outline: rule sets named by their selector list, custom properties (`--x: v`) as constants, @keyframes,
; @media, @supports, @font-face (named by font-family), and @import as side-effect imports.
; Rules inside @media / @supports blocks are their members (nesting is read from the tree).

(comment) @comment

((rule_set (selectors) @name) @definition.selector)

; --custom-property: value. A single value is kept as the constant's value; a list (`0 0 4px #000`) is not.
((declaration . (property_name) @name . (_) @value .) @definition.constant
  (#match? @name "^--"))
((declaration . (property_name) @name) @definition.constant
  (#match? @name "^--"))

((keyframes_statement (keyframes_name) @name) @definition.keyframes)

; @media screen and (max-width: 600px) { ... }: named after its (first) media query.
((media_statement . (_) @name) @definition.media)

((supports_statement . (_) @name) @definition.supports)

; @font-face { font-family: "Inter"; ... }
((at_rule (at_keyword) @_keyword
   (block (declaration (property_name) @_property . (_) @name))) @definition.font_face
  (#eq? @_keyword "@font-face") (#eq? @_property "font-family")
  (#set! strip.name "^[\"']|[\"']$"))

; @import "theme.css"; @import url(base.css) screen;
((import_statement . (string_value) @import.source) @import
  (#set! strip.import.source "^[\"']|[\"']$"))
((import_statement . (call_expression (arguments . [(string_value) (plain_value)] @import.source))) @import
  (#set! strip.import.source "^[\"']|[\"']$"))
