import { defineLanguage } from './define.js';

/**
 * LaTeX documents, packages and classes, with the tree-sitter-latex grammar from `@cursorless/tree-sitter-wasms`.
 * Sectioning commands are headings; `\label`, `\newcommand` (and friends), `\newenvironment` and `\newtheorem`
 * are definitions; `\usepackage`, `\documentclass`, `\input`/`\include` and bibliographies are imports.
 * Measured: 13 of 60 `.tex` files of texlive-latex-base have ERROR nodes (docstrip/primitive TeX sources);
 * package sources (`.sty`) written in plain TeX primitives parse much worse.
 */
export const latex = defineLanguage({
  id: 'latex',
  name: 'LaTeX',
  extensions: ['.tex', '.sty', '.cls', '.ltx'],
  grammar: new URL('../../grammars/tree-sitter-latex.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/latex/outline.scm', import.meta.url)],
  docComments: { line: ['%'] },
});
