#!/usr/bin/env node
// The live index (`watch: true`) on a generated tree of TypeScript modules:
//   1. edit-to-visible latency: a file rewritten with a new function name, then (a) a query asked every millisecond
//      until it answers the new name (what an agent sees), (b) no query, until the watcher's batch is applied on its
//      own (the debounce path);
//   2. a burst: another process writes RATE edits a second for SECONDS s (edits, and files added and removed) while
//      this one asks a query every 20 ms; then the time the next query takes to catch up, and whether the index
//      answers as a fresh index of the same tree does (every definition, the counts, references of a few names).
//
//   npm run build && node scripts/bench-watch.mjs [FILES=2000] [SECONDS=10] [RATE=1000] [poll]
// (`poll`: the watcher polls instead of asking for events.)
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CodeIndex } from '../dist/index.js';

const FILES = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 10);
const RATE = Number(process.argv[4] ?? 1000);
const POLL = process.argv[5] === 'poll';
const SAMPLES = 30;
const EXTRA = Math.max(10, Math.floor(FILES / 20));

const work = mkdtempSync(join(tmpdir(), 'code-index-bench-watch-'));
const root = join(work, 'tree');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;
const summary = (values) => `p50 ${ms(quantile(values, 0.5))}, p95 ${ms(quantile(values, 0.95))}, max ${ms(Math.max(...values))}`;

// A module that defines a name of its version and calls a neighbour (the writer process builds the same text).
const moduleSource = `(i, version) => "import { f" + ((i + 1) % 50) + " } from './f" + ((i + 1) % 50) + ".js';\\n" +
  "export function f" + i + "_v" + version + "(): number {\\n  return f" + ((i + 1) % 50) + "();\\n}\\n" +
  "export const c" + i + " = " + version + ";\\n"`;
const module = eval(moduleSource);
const fileOf = (i) => `src/d${i % Math.max(1, Math.floor(FILES / 50))}/f${i}.ts`;
for (let i = 0; i < FILES; i++) {
  mkdirSync(join(root, fileOf(i), '..'), { recursive: true });
  writeFileSync(join(root, fileOf(i)), module(i, 0));
}

async function answers(index) {
  const definitions = [];
  for (let offset = 0; ; ) {
    const page = await index.listDefinitions({ query: '*', limit: 100_000, offset });
    definitions.push(...page.definitions.map((d) => `${d.file}:${d.line} ${d.kind} ${d.symbol}`));
    if (!page.hasMore) break;
    offset = page.nextOffset;
  }
  const stats = index.stats();
  const references = [];
  for (const name of ['c1', 'c7', 'c42']) references.push(JSON.stringify(await index.findReferences({ symbol: name })));
  return JSON.stringify({ definitions: definitions.sort(), files: stats.files, symbols: stats.totalSymbols, references: stats.totalReferences, named: references });
}

let started = performance.now();
const index = await CodeIndex.open({ root, watch: POLL ? { poll: true } : true, cacheDir: join(work, 'cache') });
try {
  while (index.stats().watch.state === 'starting') await sleep(1);
  const watchStart = performance.now() - started;
  started = performance.now();
  await index.indexAll();
  console.log(`tree: ${FILES} files; open and watcher ready (${index.stats().watch.state}) in ${ms(watchStart)}; cold index ${ms(performance.now() - started)}`);

  // 1a. Edit to visible, asking every millisecond.
  const asked = [];
  for (let n = 0; n < SAMPLES; n++) {
    const i = (n * 37) % FILES;
    const name = `asked${n}`;
    const at = performance.now();
    writeFileSync(join(root, fileOf(i)), `export function ${name}(): number {\n  return ${n};\n}\n`);
    while ((await index.listDefinitions({ query: name })).definitions.length === 0) await sleep(1);
    asked.push(performance.now() - at);
  }
  console.log(`edit -> visible to a query asked every ms: ${summary(asked)} (${SAMPLES} edits)`);

  // 1b. Edit to applied, with no query: the watcher's own debounce and batch.
  const unasked = [];
  for (let n = 0; n < SAMPLES; n++) {
    const i = (n * 41 + 11) % FILES;
    const batches = index.stats().watch.batches;
    const at = performance.now();
    writeFileSync(join(root, fileOf(i)), `export function unasked${n}(): number {\n  return ${n};\n}\n`);
    while (index.stats().watch.batches === batches) await sleep(1);
    unasked.push(performance.now() - at);
    if ((await index.listDefinitions({ query: `unasked${n}` })).definitions.length !== 1) throw new Error(`unasked${n} was not applied`);
  }
  console.log(`edit -> applied with no query (debounce 50 ms${POLL ? ', polling every 250 ms' : ''}): ${summary(unasked)}`);

  // 2. The burst, from another process.
  const writer = `
    const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
    const module = ${moduleSource};
    const root = ${JSON.stringify(root)};
    const fileOf = (i) => 'src/d' + (i % ${Math.max(1, Math.floor(FILES / 50))}) + '/f' + i + '.ts';
    let edits = 0;
    const started = Date.now();
    const timer = setInterval(() => {
      const due = Math.min(${SECONDS * 1000}, Date.now() - started) * ${RATE / 1000};
      for (; edits < due; edits++) {
        const i = (edits * 7919) % ${FILES + EXTRA};
        const file = root + '/' + fileOf(i);
        if (i >= ${FILES} && edits % 3 === 0) rmSync(file, { force: true });
        else writeFileSync(file, module(i, edits + 1));
      }
      if (Date.now() - started >= ${SECONDS * 1000}) {
        clearInterval(timer);
        console.log(JSON.stringify({ edits, seconds: (Date.now() - started) / 1000 }));
      }
    }, 5);
  `;
  const parsesBefore = index.stats().cache.parses;
  const batchesBefore = index.stats().watch.batches;
  let rss = process.memoryUsage().rss;
  let done = false;
  const writing = promisify(execFile)(process.execPath, ['-e', writer]).finally(() => (done = true));
  const during = [];
  while (!done) {
    const at = performance.now();
    await index.searchSymbols({ query: 'f1', limit: 10 });
    during.push(performance.now() - at);
    rss = Math.max(rss, process.memoryUsage().rss);
    await sleep(20);
  }
  const written = JSON.parse((await writing).stdout);
  let at = performance.now();
  await index.searchSymbols({ query: 'f1', limit: 10 });
  const catchUp = performance.now() - at;
  const live = index.stats();
  console.log(
    `burst: ${written.edits} edits in ${written.seconds.toFixed(1)} s (${Math.round(written.edits / written.seconds)}/s) from another process; ` +
      `${live.watch.batches - batchesBefore} batches, ${live.cache.parses - parsesBefore} parses; queries meanwhile ${summary(during)} (${during.length}); ` +
      `first query after: ${ms(catchUp)}; peak RSS ${Math.round(rss / 1e6)} MB`,
  );
  at = performance.now();
  const fresh = await CodeIndex.open({ root, persist: false });
  await fresh.indexAll();
  const expected = await answers(fresh);
  fresh.close();
  let got = await answers(index);
  let extra = 0;
  // Events still on their way when the writer ended: ask again for up to 5 s.
  while (got !== expected && extra < 50) {
    await sleep(100);
    extra++;
    got = await answers(index);
  }
  const { definitions } = JSON.parse(expected);
  console.log(
    `consistency: ${got === expected ? 'EQUAL' : 'DIFFERENT'} to a fresh index (${definitions.length} definitions, ${JSON.parse(expected).files} files)` +
      `${extra > 0 ? ` after ${extra * 100} ms more` : ' at the first comparison'}; warnings: ${JSON.stringify(index.stats().warnings)}`,
  );
  if (got !== expected) process.exitCode = 1;
} finally {
  index.close();
  rmSync(work, { recursive: true, force: true });
}
