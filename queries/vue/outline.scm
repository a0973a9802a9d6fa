; Vue single-file components (tree-sitter-vue via tree-sitter-wasms 0.1.13): the blocks of the component as
; outline items, and the <script> / <style> contents parsed as injected languages (see queries/README.md and
; src/languages/markdown.ts). The injected script's definitions and references join the file's.

; ---- blocks -----------------------------------------------------------------------

((template_element (start_tag (tag_name) @name)) @definition.template)
((script_element (start_tag (tag_name) @name)) @definition.script)
((style_element (start_tag (tag_name) @name)) @definition.style)

; <div id="inventory-header">: element ids of the template
(element
  (start_tag
    (attribute
      (attribute_name) @_attr
      (quoted_attribute_value (attribute_value) @name)) @definition.element_id)
  (#eq? @_attr "id"))

; ---- injections -------------------------------------------------------------------

; <script lang="ts"> / <script setup lang="ts">
((script_element
  (start_tag
    (attribute
      (attribute_name) @_lang
      (quoted_attribute_value (attribute_value) @_value)))
  (raw_text) @injection.content)
  (#eq? @_lang "lang")
  (#match? @_value "^(ts|typescript)$")
  (#set! injection.language "typescript"))
((script_element
  (start_tag
    (attribute
      (attribute_name) @_lang
      (quoted_attribute_value (attribute_value) @_value)))
  (raw_text) @injection.content)
  (#eq? @_lang "lang")
  (#eq? @_value "tsx")
  (#set! injection.language "tsx"))
; <script> / <script setup> / <script lang="js">
((script_element
  (start_tag) @_tag
  (raw_text) @injection.content)
  (#not-match? @_tag "lang=[\"']?(ts|typescript|tsx)[\"' >]")
  (#set! injection.language "javascript"))

; <style> / <style scoped> (css); <style lang="scss"> is scss
((style_element
  (start_tag) @_tag
  (raw_text) @injection.content)
  (#not-match? @_tag "lang=")
  (#set! injection.language "css"))
((style_element
  (start_tag
    (attribute
      (attribute_name) @_lang
      (quoted_attribute_value (attribute_value) @_value)))
  (raw_text) @injection.content)
  (#eq? @_lang "lang")
  (#match? @_value "^(scss|less|css)$")
  (#set! injection.language "scss"))

; ---- comments ---------------------------------------------------------------------

(comment) @comment
