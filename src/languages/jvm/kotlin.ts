import { defineLanguage } from '../define.js';
import { kotlinModules } from './modules.js';

/**
 * Kotlin, with the grammar's own wasm from `@tree-sitter-grammars/tree-sitter-kotlin` 1.1.0 (8 ERROR nodes in 1 of 498
 * real Kotlin files of expo-modules-core and react-native-screens, against 140 ERROR nodes in 33 files with the
 * tree-sitter-wasms builds, which do not parse `fun interface` or `..<`). KDoc `/** *\/` comments are docs;
 * declarations are public unless `private` or `internal`.
 */
export const kotlin = defineLanguage({
  id: 'kotlin',
  name: 'Kotlin',
  extensions: ['.kt', '.kts'],
  testFiles: ['*Test.kt', '*Tests.kt'],
  grammar: new URL('../../../grammars/tree-sitter-kotlin.wasm.br', import.meta.url),
  grammarOrigin: '@tree-sitter-grammars/tree-sitter-kotlin@1.1.0',
  queries: [new URL('../../../queries/kotlin/tags.scm', import.meta.url), new URL('../../../queries/kotlin/locals.scm', import.meta.url)],
  moduleSystem: kotlinModules,
  modulePaths: { separator: '.' },
  docComments: { block: [['/**', '*/']] },
  exports: { unlessModifiers: ['private', 'internal'] },
  binding: { self: ['this'], parent: ['super'] },
});
