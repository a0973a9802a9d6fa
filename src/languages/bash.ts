import { defineLanguage } from './define.js';

/**
 * Bash (and POSIX sh / zsh scripts, which the bash grammar reads), with the tree-sitter-bash grammar from
 * `@cursorless/tree-sitter-wasms` (the `tree-sitter-wasms` build fails under web-tree-sitter 0.25). `#` comments
 * directly above a function are its documentation; `source` / `.` lines are imports. Every function is exported
 * (it carries the modifier `function`) unless its name starts with `_`; a variable is exported by `export NAME=`
 * or `declare -x NAME=`.
 */
export const bash = defineLanguage({
  id: 'bash',
  name: 'Bash',
  scip: { language: 'ShellScript' },
  extensions: ['.sh', '.bash', '.zsh'],
  filenames: ['.bashrc', '.bash_profile', '.profile', '.zshrc', 'PKGBUILD'],
  grammar: new URL('../../grammars/tree-sitter-bash.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/bash/tags.scm', import.meta.url)],
  docComments: { line: ['#'] },
  exports: { modifiers: ['function', 'export'], unlessNamePattern: '^_' },
});
