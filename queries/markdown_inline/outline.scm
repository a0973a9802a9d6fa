; Markdown inline content: links, images and autolinks.

((inline_link (link_text) @link.text (link_destination) @link.url) @link (#set! kind "link"))
((image (image_description) @link.text (link_destination) @link.url) @link (#set! kind "image"))
((uri_autolink) @link @link.text @link.url
  (#set! kind "autolink") (#set! strip.link.url "^<|>$") (#set! strip.link.text "^<|>$"))
