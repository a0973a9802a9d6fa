/**
 * Register a language code-index does not bundle: a grammar wasm and a query of your own; and give a language a module
 * system of its own, so that its imports bind names across files.
 */
import { bundledLanguages, CodeIndex, createDefaultRegistry, defineLanguage, defineModuleSystem } from 'code-index';

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

/**
 * A module system of one's own: `require("app.util")` names `app/util.lua`, else `app/util/init.lua`, among the tree's
 * files. `resolve` is the one answer a system must give; the others (a package's files seen without an import, names
 * every file sees, ...) are optional hooks of `ModuleSystem`.
 */
const luaModules = defineModuleSystem({
  name: 'lua-require',
  create: (context) => ({
    resolve: (_from, source) => {
      const path = source.split('.').join('/');
      return Promise.resolve([`${path}.lua`, `${path}/init.lua`].filter((file) => context.files().has(file)).slice(0, 1));
    },
  }),
});
const bundledLua = bundledLanguages.find((language) => language.id === 'lua');
if (bundledLua) {
  const withModules = createDefaultRegistry();
  withModules.register(defineLanguage({ ...bundledLua, moduleSystem: luaModules }));
  const bound = await CodeIndex.open({ root: process.cwd(), registry: withModules });
  // `util` of main.lua's `local util = require("app.util")`: the module the system names, app/util.lua (bound).
  console.log(await bound.findDefinitions({ file: 'main.lua', line: 1, column: 7 }));
  bound.close();
}
