import { readFileSync } from 'node:fs';
import { listTypeScriptFiles } from './fetch-corpus.mjs';
import { createDefaultRegistry } from '../dist/index.js';
import { Query } from 'web-tree-sitter';
const root = '/work/main/.bench-cache/effect@3.19.3/package/src';
const reg = createDefaultRegistry(); const ts = await reg.load('typescript');
const paths = (await listTypeScriptFiles(root, { includeDeclarations: true }));
const trees = paths.map((p) => ts.parser.parse(readFileSync(root + '/' + p, 'utf8')));
const def = reg.get('typescript');
const source = def.queries.map((u) => readFileSync(u, 'utf8')).join('\n'); const bytes = Buffer.from(source);
const full = new Query(ts.language, source);
const floorQ = new Query(ts.language, '(ERROR) @e');
function time(q) { const t = performance.now(); let n = 0; for (const tree of trees) n += q.matches(tree.rootNode).length; return [performance.now() - t, n]; }
const floor = Math.min(time(floorQ)[0], time(floorQ)[0]);
const rows = [];
for (let i = 0; i < full.patternCount(); i++) {
  const text = bytes.subarray(full.startIndexForPattern(i), full.endIndexForPattern(i)).toString();
  let q; try { q = new Query(ts.language, text); } catch { continue; }
  const [t, n] = time(q); q.delete();
  rows.push([t - floor, n, i, text.replace(/\s+/g, ' ').slice(0, 110)]);
}
rows.sort((a, b) => b[0] - a[0]);
console.log('floor', Math.round(floor));
for (const r of rows.slice(0, 25)) console.log(`${r[0].toFixed(0).padStart(5)} ms ${String(r[1]).padStart(7)}  #${r[2]} ${r[3]}`);
console.log('sum of extras', rows.reduce((a, r) => a + r[0], 0).toFixed(0));
