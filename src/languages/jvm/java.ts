import { defineLanguage } from '../define.js';
import { javaModules } from './modules.js';

/**
 * Java, with the tree-sitter-java 0.23.5 grammar from `@cursorless/tree-sitter-wasms` (no ERROR or MISSING nodes on
 * 1,005 files of the JDK 25 sources: java.lang, java.util, java.net.http). Javadoc `/** *\/` comments are docs;
 * `public` top-level types are exported.
 */
export const java = defineLanguage({
  id: 'java',
  name: 'Java',
  extensions: ['.java'],
  testFiles: ['*Test.java', '*Tests.java', '*IT.java', 'Test*.java'],
  grammar: new URL('../../../grammars/tree-sitter-java.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/java/tags.scm', import.meta.url), new URL('../../../queries/java/locals.scm', import.meta.url)],
  modulePaths: { separator: '.' },
  moduleSystem: javaModules,
  signature: { returnTypeFirst: true, typeParametersFirst: true },
  docComments: { block: [['/**', '*/']] },
  exports: { modifiers: ['public'] },
  binding: { self: ['this'], parent: ['super'] },
});
