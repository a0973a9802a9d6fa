import { defineLanguage } from './define.js';

/**
 * YAML: top-level keys and the keys one level below, with their value kinds, as for JSON (the keys of a mapping
 * that is an item of a sequence are listed under the key holding the sequence). Every document of a stream counts.
 */
export const yaml = defineLanguage({
  id: 'yaml',
  name: 'YAML',
  extensions: ['.yaml', '.yml'],
  grammar: new URL('../../grammars/tree-sitter-yaml.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/yaml/outline.scm', import.meta.url)],
});
