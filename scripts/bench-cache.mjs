#!/usr/bin/env node
// What the cache upkeep costs (src/engine/cache-folders.ts, cache-collect.ts), on this machine, from the build
// (npm run build first):
// - the open path: what `CodeIndex.open` adds (mark the store folder in use, read the root record, stat the daily
//   timestamp; the record rewritten at most hourly) and `close` (remove the mark), beside a whole open+close of a
//   small tree from the user cache;
// - the daily collection: a cache like the one issue 29 found (31 folders, 41 MB), and one folder of a kernel-sized
//   index (12,330 files in objects/) measured and removed, against the automatic run's time budget.
//
// Usage: node scripts/bench-cache.mjs [--runs N]
// Everything happens in a temporary folder (XDG_CACHE_HOME is pointed there), removed at the end.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 200;
const scratch = mkdtempSync(join(tmpdir(), 'code-index-bench-cache-'));
process.env.XDG_CACHE_HOME = join(scratch, 'xdg');

const { CodeIndex } = await import(join(dist, 'index.js'));
const { holdCache, collectIfDue, automaticPolicy, AUTO_COLLECT_BUDGET_MS } = await import(join(dist, 'engine/cache-collect.js'));
const { folderSize, useStoreFolder } = await import(join(dist, 'engine/cache-folders.js'));
const { openStore } = await import(join(dist, 'engine/disk-store.js'));
const { defaultStoreDirectory, userCacheDirectory } = await import(join(dist, 'engine/store.js'));

const DAY = 24 * 60 * 60 * 1000;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(3)} ms`;
const summary = (values) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, mean ${ms(values.reduce((a, b) => a + b, 0) / values.length)}`;
function timed(fn) {
  const start = performance.now();
  const value = fn();
  return [performance.now() - start, value];
}

// A small tree: 20 TypeScript modules.
const root = join(scratch, 'tree');
mkdirSync(join(root, 'src'), { recursive: true });
for (let i = 0; i < 20; i++) writeFileSync(join(root, 'src', `m${i}.ts`), `/** Step ${i}. */\nexport function step${i}(n: number): number {\n  return n + ${i};\n}\n`);

// 1. The open path. Warm the store folder first (and the daily collection, so it is not due).
const first = await CodeIndex.open({ root, threads: 0 });
await first.indexAll();
first.close();
const base = userCacheDirectory();
const location = defaultStoreDirectory(root);
const { policy } = automaticPolicy({});
const hold = [];
const release = [];
for (let i = 0; i < runs; i++) {
  const [held, use] = timed(() => holdCache(location, root, { base, policy }));
  const [released] = timed(() => use.release());
  hold.push(held);
  release.push(released);
}
// The hourly case: the record is rewritten.
const rewrite = [];
for (let i = 0; i < Math.min(runs, 50); i++) {
  const [took, use] = timed(() => useStoreFolder(location, root, Date.now() + (i + 1) * 2 * 60 * 60 * 1000));
  use.release();
  rewrite.push(took);
}
const opens = [];
for (let i = 0; i < Math.min(runs, 30); i++) {
  const start = performance.now();
  const index = await CodeIndex.open({ root, threads: 0 });
  await index.searchSymbols({ query: 'step1' });
  index.close();
  opens.push(performance.now() - start);
}
console.log(`open path, ${runs} runs (store folder of a 20-file tree in the user cache):`);
console.log(`  holdCache at open (mark in use, read root.json, stat collection.json): ${summary(hold)}`);
console.log(`  release at close (unlink the mark): ${summary(release)}`);
console.log(`  an open whose record is over an hour old (root.json rewritten): ${summary(rewrite)}`);
console.log(`  for scale, a whole open + first search + close of the tree, warm: ${summary(opens)}`);

// 2. The daily collection on a cache like the one issue 29 found: 31 folders, 41 MB.
function plantStore(folderBase, name, { files, bytes, daysAgo, root: storeRoot }) {
  const folder = join(folderBase, name);
  openStore({ directory: folder, persist: true });
  for (let i = 0; i < files; i++) {
    const sub = join(folder, 'objects', (i % 256).toString(16).padStart(2, '0'));
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${i.toString(16).padStart(40, '0')}.json.gz`), Buffer.alloc(bytes, 1));
  }
  writeFileSync(join(folder, 'manifest.json'), '{}\n');
  useStoreFolder(folder, storeRoot, Date.now() - daysAgo * DAY).release();
  const date = new Date(Date.now() - daysAgo * DAY);
  for (const path of [join(folder, 'manifest.json'), folder]) utimesSync(path, date, date);
  return folder;
}
const issueBase = join(scratch, 'issue-cache');
mkdirSync(issueBase);
for (let i = 0; i < 31; i++) {
  // Roots of temporary trees, gone; 1.3 MB each in 100 blobs.
  plantStore(issueBase, i.toString(16).padStart(16, '0'), { files: 100, bytes: 13_000, daysAgo: 1 + (i % 5), root: join(scratch, `gone-${i}`) });
}
const keep = { ...policy, gone: false };
const [firstLook] = timed(() => collectIfDue(issueBase, keep, Date.now(), Infinity));
const yesterday = new Date(Date.now() - DAY - 1000);
utimesSync(join(issueBase, 'collection.json'), yesterday, yesterday);
const [nextLook] = timed(() => collectIfDue(issueBase, keep, Date.now(), Infinity));
utimesSync(join(issueBase, 'collection.json'), yesterday, yesterday);
const [bounded] = timed(() => collectIfDue(issueBase, policy, Date.now()));
const left = readdirSync(issueBase).filter((name) => name !== 'collection.json').length;
utimesSync(join(issueBase, 'collection.json'), yesterday, yesterday);
const [rest] = timed(() => collectIfDue(issueBase, policy, Date.now(), Infinity));
console.log('daily collection, 31 folders of 100 files (41 MB), nothing to remove:');
console.log(`  first run (every size measured) ${ms(firstLook)}; a day later (sizes of unchanged folders kept) ${ms(nextLook)}`);
console.log(`31 roots gone: the automatic run (budget ${AUTO_COLLECT_BUDGET_MS} ms) ${ms(bounded)}, ${left} entries left (folders, or set aside half deleted); the rest, unbounded ${ms(rest)}`);

// 3. One kernel-sized store folder: 12,330 facts files.
const kernelBase = join(scratch, 'kernel-cache');
mkdirSync(kernelBase);
const kernel = plantStore(kernelBase, 'feedfacefeedface', { files: 12_330, bytes: 1000, daysAgo: 40, root: join(scratch, 'kernel') });
const [measure, size] = timed(() => folderSize(kernel));
const [budgeted] = timed(() => collectIfDue(kernelBase, policy, Date.now()));
const [rest2] = timed(() => collectIfDue(kernelBase, policy, Date.now() + DAY + 1000, Infinity));
console.log(
  `a kernel-sized folder (12,330 files, ${(size / 1e6).toFixed(0)} MB on disk): size walk ${ms(measure)}; ` +
    `automatic run within its ${AUTO_COLLECT_BUDGET_MS} ms budget ${ms(budgeted)}; the rest of the removal, unbounded ${ms(rest2)}`,
);
rmSync(scratch, { recursive: true, force: true });
