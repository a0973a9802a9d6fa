import { CodeIndex, createDefaultRegistry } from '../dist/index.js';
const registry = createDefaultRegistry();
const index = await CodeIndex.open({ root: 'test/binding/php', registry, persist: false });
for (const q of process.argv.slice(2)) {
  const [file, line, column] = q.split(':');
  const r = await index.findDefinitions({ file, line: Number(line), column: Number(column) });
  console.log(q, r.symbol, r.resolution, r.definitions.map((d) => `${d.file}:${d.line}`).join(', '), r.note ?? '');
}
index.close(); registry.dispose();
