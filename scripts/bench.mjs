#!/usr/bin/env node
// Throughput of code-index on a real-world TypeScript tree (the sources of rxjs, fetched once into .bench-cache/),
// against the floor of parsing alone with the same tree-sitter grammars.
//
// Usage: npm run bench   (= node --expose-gc scripts/bench.mjs [--root DIR] [--runs N])
//   Needs a current build: npx tsc -p tsconfig.build.json
//
// 1. Every file is read into memory first, so the parse-only floor measures no I/O.
// 2. Parse only: web-tree-sitter parses every file with its grammar (typescript; tsx for .tsx) and deletes the tree.
// 3. Analyze: CodeIndex.analyzeFile on every file, through a fresh CodeIndex per run (so a future cache cannot turn
//    later runs into lookups), after one untimed file per extension has loaded the grammars and queries. This path
//    reads each file itself (from the OS page cache by then), as users of the API do.
// Each measurement is repeated (3 runs by default) and the best run is reported; with --expose-gc the heap is
// collected before every run. Files with syntax errors are counted both ways (tree-sitter's hasError, and
// FileAnalysis.errors); peak RSS is the whole process's, at the end.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { CodeIndex } from '../dist/index.js';
import { fetchCorpus, listTypeScriptFiles } from './fetch-corpus.mjs';

// ---- arguments ------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { root: undefined, runs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--root') args.root = value();
    else if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node --expose-gc scripts/bench.mjs [--root DIR] [--runs N]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
  }
  if (!args.root && args.root !== undefined) throw new Error('--root needs a folder');
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs needs a positive integer');
  return args;
}

// ---- measuring ------------------------------------------------------------------------------------------------

/** Collects garbage when node runs with --expose-gc, so one run's garbage is not billed to the next. */
const collect = () => globalThis.gc?.();

/**
 * Runs `run` `runs` times and returns the best time in seconds, every run's time, and the result of the first run.
 * Each run gets a `time(fn)` that times `fn` (so set-up and tear-down around it stay untimed) and returns what `fn`
 * returns.
 */
async function best(runs, run) {
  const all = [];
  let first;
  for (let i = 0; i < runs; i++) {
    collect();
    let seconds;
    const time = async (fn) => {
      const started = performance.now();
      const result = await fn();
      seconds = (performance.now() - started) / 1000;
      return result;
    };
    const result = await run(time);
    if (seconds === undefined) throw new Error('a benchmark run did not call time()');
    if (i === 0) first = result;
    all.push(seconds);
  }
  return { seconds: Math.min(...all), all, result: first };
}

// ---- report ---------------------------------------------------------------------------------------------------

/** Formats rows as an aligned table; the first row is the header, cells after the first are right-aligned. */
function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Sizes and rates are in MB of 2^20 bytes. */
const MB = 1024 * 1024;

// ---- main -----------------------------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2));
const root = args.root ? resolve(args.root) : (await fetchCorpus()).srcDir;
// Declaration files too: they are parsed and analyzed like any other file.
const paths = await listTypeScriptFiles(root, { includeDeclarations: true });
if (paths.length === 0) throw new Error(`No TypeScript files under ${root}`);

// (a) Everything in memory before any timing.
const files = await Promise.all(
  paths.map(async (path) => {
    const bytes = await readFile(join(root, path));
    return { path, bytes: bytes.length, text: bytes.toString('utf8'), tsx: path.endsWith('.tsx') };
  }),
);
const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
console.log(`Corpus: ${root}`);
console.log(`${files.length} files, ${(totalBytes / MB).toFixed(2)} MB; best of ${args.runs} runs`);
if (!globalThis.gc) console.log('(no --expose-gc: garbage is not collected between runs)');

// (b) Parse-only floor: one parser per grammar, the same grammar files code-index loads.
await Parser.init();
const grammar = async (file) => {
  const parser = new Parser();
  parser.setLanguage(await Language.load(brotliDecompressSync(readFileSync(fileURLToPath(new URL(`../grammars/${file}.br`, import.meta.url))))));
  return parser;
};
const parsers = { ts: await grammar('tree-sitter-typescript.wasm'), tsx: await grammar('tree-sitter-tsx.wasm') };
const parseOnly = await best(args.runs, (time) =>
  time(() => {
    let withErrors = 0;
    for (const file of files) {
      const tree = (file.tsx ? parsers.tsx : parsers.ts).parse(file.text);
      if (!tree) throw new Error(`tree-sitter could not parse ${file.path}`);
      if (tree.rootNode.hasError) withErrors++;
      tree.delete();
    }
    return { withErrors };
  }),
);
parsers.ts.delete();
parsers.tsx.delete();

// (c) Analyze through the public API, a fresh CodeIndex per run.
const warmUp = [...new Map(files.map((file) => [extname(file.path), file])).values()];
const analyze = await best(args.runs, async (time) => {
  const index = await CodeIndex.open({ root });
  try {
    // Untimed warm-up: one file of each extension loads its grammar and compiles its queries.
    for (const file of warmUp) await index.analyzeFile(file.path);
    return await time(async () => {
      let withErrors = 0;
      let failed = 0;
      for (const file of files) {
        try {
          if ((await index.analyzeFile(file.path)).errors.length > 0) withErrors++;
        } catch {
          failed++;
        }
      }
      return { withErrors, failed };
    });
  } finally {
    index.close();
  }
});

// (d) Report.
const mbPerSecond = (seconds) => (totalBytes / MB / seconds).toFixed(2);
const runList = (measure) => measure.all.map((seconds) => seconds.toFixed(3)).join(' ');
console.log();
console.log(
  formatTable([
    ['measure', 'best s', 'MB/s', 'files/s', 'all runs (s)', 'files with syntax errors'],
    [
      'parse only (tree-sitter)',
      parseOnly.seconds.toFixed(3),
      mbPerSecond(parseOnly.seconds),
      Math.round(files.length / parseOnly.seconds),
      runList(parseOnly),
      parseOnly.result.withErrors,
    ],
    [
      'analyzeFile (code-index)',
      analyze.seconds.toFixed(3),
      mbPerSecond(analyze.seconds),
      Math.round(files.length / analyze.seconds),
      runList(analyze),
      analyze.result.withErrors,
    ],
  ]),
);
console.log();
console.log(`analyze / parse-only: ${(analyze.seconds / parseOnly.seconds).toFixed(2)}x`);
if (analyze.result.failed > 0) console.log(`analyzeFile failed on ${analyze.result.failed} files`);
// maxRSS is in kilobytes.
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB`);
