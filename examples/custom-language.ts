/**
 * Register a language code-index does not bundle: a grammar wasm and a query of your own.
 */
import { CodeIndex, createDefaultRegistry, defineLanguage } from 'code-index';

const registry = createDefaultRegistry();
registry.register(
  defineLanguage({
    id: 'lua',
    name: 'Lua',
    extensions: ['.lua'],
    grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-lua.wasm' },
    queries: [
      {
        text: `(function_declaration name: (_) @name parameters: (parameters) @parameters body: (_)? @body) @definition.function
               (parameters name: (identifier) @parameter @parameter.name)
               (comment) @comment`,
      },
    ],
    docComments: { line: ['---'] },
  }),
);

const index = await CodeIndex.open({ root: process.cwd(), registry });
const analysis = await index.analyzeFile('init.lua');
console.log(analysis.functions.map((fn) => fn.signature));
index.close();
