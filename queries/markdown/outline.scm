; Markdown block structure: headings with their level, code blocks with their language, reference definitions.
; Inline content (links, images) is parsed by the markdown_inline grammar through the injection below.

((atx_heading (atx_h1_marker) heading_content: (_) @heading.text) @heading (#set! level "1"))
((atx_heading (atx_h2_marker) heading_content: (_) @heading.text) @heading (#set! level "2"))
((atx_heading (atx_h3_marker) heading_content: (_) @heading.text) @heading (#set! level "3"))
((atx_heading (atx_h4_marker) heading_content: (_) @heading.text) @heading (#set! level "4"))
((atx_heading (atx_h5_marker) heading_content: (_) @heading.text) @heading (#set! level "5"))
((atx_heading (atx_h6_marker) heading_content: (_) @heading.text) @heading (#set! level "6"))
((setext_heading heading_content: (_) @heading.text (setext_h1_underline)) @heading (#set! level "1"))
((setext_heading heading_content: (_) @heading.text (setext_h2_underline)) @heading (#set! level "2"))

(fenced_code_block (info_string (language) @code_block.language)?) @code_block
(indented_code_block) @code_block

((link_reference_definition (link_label) @link.text (link_destination) @link.url) @link
  (#set! kind "definition") (#set! strip.link.text "^\\[|\\]$"))

((inline) @injection.content (#set! injection.language "markdown_inline"))
