#!/usr/bin/env node
// Where a cold index's memory goes: one cold index of a tree into a new cache folder, the process's RSS and the
// calling thread's heap sampled every 200 ms (their peaks, with the files done at each), and with --live the calling
// thread's live heap (a full GC every 15 s, then heapUsed): what it keeps per file, apart from the garbage V8
// collects late. The parse threads' share is the RSS beyond the calling thread's heap.
//
//   npm run build && node --expose-gc scripts/bench-cold-memory.mjs TREE [--threads N] [--live]
// e.g. the kernel slice of `npm run bench:scale`: node --expose-gc scripts/bench-cold-memory.mjs .bench-cache/kernel-slice --live
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CodeIndex } from '../dist/index.js';

const args = process.argv.slice(2);
const tree = args.find((arg) => !arg.startsWith('--'));
if (!tree) {
  console.error('usage: node --expose-gc scripts/bench-cold-memory.mjs TREE [--threads N] [--live]');
  process.exit(2);
}
const threadsAt = args.indexOf('--threads');
const threads = threadsAt >= 0 ? Number(args[threadsAt + 1]) : undefined;
const live = args.includes('--live');
if (live && typeof global.gc !== 'function') {
  console.error('--live needs node --expose-gc');
  process.exit(2);
}
const MB = 1024 * 1024;
const cacheDir = mkdtempSync(join(tmpdir(), 'bench-cold-memory-'));
let done = 0;
let total = 0;
let peakRss = { mb: 0, done: 0 };
let peakHeap = { mb: 0, done: 0 };
const liveHeap = [];
const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 1000);
const sampler = setInterval(() => {
  const memory = process.memoryUsage();
  if (memory.rss / MB > peakRss.mb) peakRss = { mb: Math.round(memory.rss / MB), done, s: seconds() };
  if (memory.heapUsed / MB > peakHeap.mb) peakHeap = { mb: Math.round(memory.heapUsed / MB), done, s: seconds() };
}, 200);
const collector = live
  ? setInterval(() => {
      global.gc();
      liveHeap.push({ s: seconds(), done, mb: Math.round(process.memoryUsage().heapUsed / MB) });
    }, 15_000)
  : undefined;
try {
  const index = await CodeIndex.open({ root: resolve(tree), cacheDir, ...(threads === undefined ? {} : { threads }) });
  const summary = await index.indexAll((d, t) => {
    done = d;
    total = t;
  });
  index.close();
  clearInterval(sampler);
  clearInterval(collector);
  console.log(`cold index of ${tree}: ${summary.files} files (of ${total} found) in ${seconds()} s, threads ${threads ?? 'default'}`);
  console.log(`peak RSS ${peakRss.mb} MB (at ${peakRss.done} files, ${peakRss.s} s); calling thread's peak heapUsed ${peakHeap.mb} MB (at ${peakHeap.done} files)`);
  if (live) console.log(`live heap of the calling thread (after a full GC): ${liveHeap.map((at) => `${at.done} files: ${at.mb} MB`).join('; ')}`);
} finally {
  clearInterval(sampler);
  clearInterval(collector);
  rmSync(cacheDir, { recursive: true, force: true });
}
