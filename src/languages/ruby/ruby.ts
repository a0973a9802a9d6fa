import { defineLanguage } from '../define.js';
import { rubyModules } from './modules.js';

/**
 * Ruby, with the tree-sitter-ruby grammar from `@cursorless/tree-sitter-wasms` (0 ERROR nodes over 97 files of
 * ruby-rack and ruby-thor). Methods after a bare `private`/`protected` are not exported.
 */
export const ruby = defineLanguage({
  id: 'ruby',
  name: 'Ruby',
  extensions: ['.rb', '.rake', '.gemspec', '.ru'],
  testFiles: ['*_spec.rb', '*_test.rb', 'test_*.rb'],
  filenames: ['Rakefile', 'Gemfile', 'Guardfile', 'Vagrantfile', 'Podfile', 'Brewfile'],
  grammar: new URL('../../../grammars/tree-sitter-ruby.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/ruby/tags.scm', import.meta.url), new URL('../../../queries/ruby/locals.scm', import.meta.url)],
  moduleSystem: rubyModules,
  signature: { omitMissingParameterList: true },
  docComments: { line: ['#'] },
  exports: { unlessModifiers: ['private', 'protected'] },
  binding: { self: ['self', '@'], parent: ['super'] },
});
