import { Parser, Language } from 'web-tree-sitter';
import { readFileSync } from 'node:fs';
await Parser.init();
const lang = await Language.load('/work/wt/bind-go/node_modules/tree-sitter-go/tree-sitter-go.wasm');
const p = new Parser(); p.setLanguage(lang);
const src = readFileSync(process.argv[2], 'utf8');
const t = p.parse(src);
function show(n, d) { const f = []; 
  let s = '  '.repeat(d) + (n.isNamed ? n.type : JSON.stringify(n.type));
  if (n.childCount === 0) s += ' ' + JSON.stringify(n.text);
  console.log(s);
  for (let i = 0; i < n.childCount; i++) { const c = n.child(i); const fn = n.fieldNameForChild(i); if (fn) console.log('  '.repeat(d+1) + fn + ':'); show(c, d + 1); } }
show(t.rootNode, 0);
