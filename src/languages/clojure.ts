import { defineLanguage } from './define.js';

/**
 * Clojure, ClojureScript, cljc and EDN, with the tree-sitter-clojure grammar from `@cursorless/tree-sitter-wasms`
 * (no ERROR nodes on 84 files of clojure 1.11, core.async, cheshire, compojure and clj-time from Debian).
 * Definitions are read from the defining forms (ns, defn, defmacro, def, defprotocol, defrecord, ...);
 * docstrings are their documentation; `defn-` and `^:private` make a var private.
 */
export const clojure = defineLanguage({
  id: 'clojure',
  name: 'Clojure',
  extensions: ['.clj', '.cljs', '.cljc', '.edn'],
  grammar: new URL('../../grammars/tree-sitter-clojure.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/clojure/tags.scm', import.meta.url)],
  docComments: { block: [['"', '"']] },
  exports: { unlessModifiers: ['private'] },
});
