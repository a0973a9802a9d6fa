import { Parser, Language } from 'web-tree-sitter';
import { readFileSync } from 'node:fs';
await Parser.init();
const lang = await Language.load('node_modules/@cursorless/tree-sitter-wasms/out/tree-sitter-php.wasm');
const p = new Parser(); p.setLanguage(lang);
const t = p.parse(readFileSync(process.argv[2], 'utf8'));
function walk(n, d, field) { if (!n.isNamed) return; console.log(' '.repeat(d*2) + (field? field+': ':'') + n.type + ' ' + n.startPosition.row+1 + (n.childCount===0 ? ' ' + JSON.stringify(n.text) : ''));
 for (let i=0;i<n.childCount;i++) walk(n.child(i), d+1, n.fieldNameForChild(i)); }
walk(t.rootNode, 0);
