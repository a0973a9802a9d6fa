; A query written by a user for a language code-index does not bundle (Lua, @cursorless/tree-sitter-wasms grammar).
(function_declaration
  name: [(identifier) @name (dot_index_expression field: (identifier) @name) (method_index_expression method: (identifier) @name)]
  parameters: (parameters) @parameters
  body: (_)? @body) @definition.function
(parameters name: (identifier) @parameter @parameter.name)
(comment) @comment
