import { defineLanguage } from './define.js';

/**
 * YAML: top-level keys and the keys one level below, with their value kinds, as for JSON. A mapping that is an
 * item of a sequence contributes its first key (the one that names the item: `- name: Checkout`).
 */
export const yaml = defineLanguage({
  id: 'yaml',
  name: 'YAML',
  extensions: ['.yaml', '.yml'],
  grammar: { package: '@cursorless/tree-sitter-wasms', file: 'out/tree-sitter-yaml.wasm' },
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/yaml/outline.scm', import.meta.url)],
});
