import { defineLanguage } from './define.js';

/**
 * Vue single-file components, with the tree-sitter-vue grammar from `tree-sitter-wasms` (no ERROR nodes on 150
 * PrimeVue 3.50 components). The `<script>` block is parsed as JavaScript or TypeScript (`lang="ts"`) and its
 * definitions join the component's; `<style>` is handed to `css` / `scss` when such a language is registered.
 */
export const vue = defineLanguage({
  id: 'vue',
  name: 'Vue',
  extensions: ['.vue'],
  grammar: new URL('../../grammars/tree-sitter-vue.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/vue/outline.scm', import.meta.url)],
  injections: { javascript: 'javascript', typescript: 'typescript', tsx: 'tsx', css: 'css', scss: 'scss' },
});
