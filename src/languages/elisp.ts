import { defineLanguage } from './define.js';

/**
 * Emacs Lisp, with the tree-sitter-elisp grammar from `tree-sitter-wasms` (no ERROR nodes on 100 files of
 * magit, company, projectile, dash, s and f from Debian's elpa packages). Definitions are read from the defining
 * forms (defun, defmacro, defvar, defcustom, cl-defun, define-minor-mode, ...); docstrings are their documentation.
 * Names containing `--` are private by convention.
 */
export const elisp = defineLanguage({
  id: 'elisp',
  name: 'Emacs Lisp',
  extensions: ['.el'],
  grammar: new URL('../../grammars/tree-sitter-elisp.wasm.br', import.meta.url),
  grammarOrigin: 'tree-sitter-wasms@0.1.13',
  queries: [new URL('../../queries/elisp/tags.scm', import.meta.url)],
  docComments: { block: [['"', '"']] },
  exports: { unlessNamePattern: '--' },
});
