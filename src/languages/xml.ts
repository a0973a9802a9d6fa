import { defineLanguage } from './define.js';

/**
 * XML (and SVG, XSD, property lists): the root element and every element with an id attribute; the DOCTYPE's
 * external DTD as an import.
 */
export const xml = defineLanguage({
  id: 'xml',
  name: 'XML',
  extensions: ['.xml', '.svg', '.xsd', '.xsl', '.xslt', '.plist'],
  grammar: new URL('../../grammars/tree-sitter-xml.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../queries/xml/outline.scm', import.meta.url)],
  docComments: { block: [['<!--', '-->']] },
});
