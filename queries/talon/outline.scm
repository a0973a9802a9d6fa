; Talon voice command files (grammar: tree-sitter-talon, @cursorless/tree-sitter-wasms build).
; Every voice command is a `command` definition named by its spoken rule (`go to line <number>`); `tag(): x` and
; the settings block's assignments are data keys; the context header (`app: vscode`) keys too; `tag(): user.x`
; activates a tag defined elsewhere and is an import; action calls (`edit.jump_line(n)`) are calls.

(command_declaration left: (rule) @name right: (block) @body) @definition.command

(matches (match left: (identifier) @key.name right: (_) @key.value (#set! kind "string")) @key)
(settings_declaration right: (block (assignment_statement left: (identifier) @key.name right: (_) @key.value (#set! kind "value")) @key))

(tag_import_declaration right: (identifier) @import.source) @import

(action action_name: (identifier) @name) @reference.call

(comment) @comment
