import { CodeIndex } from '../dist/index.js';
const [root, file, ...rest] = process.argv.slice(2);
const index = await CodeIndex.open({ root, persist: false });
const t0 = performance.now();
if (rest.length === 0) {
  const a = await index.analyzeFile(file);
  console.log(JSON.stringify(a, null, 1).slice(0, 4000));
} else {
  for (let i = 0; i < rest.length; i += 2) {
    const line = Number(rest[i]), column = Number(rest[i + 1]);
    const d = await index.findDefinitions({ file, line, column });
    console.log(line, column, d.symbol, d.resolution, d.definitions.map((x) => `${x.file}:${x.line}`).join(' '), d.note);
  }
}
console.error('ms', performance.now() - t0);
index.close();
