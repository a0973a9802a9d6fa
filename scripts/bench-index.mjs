#!/usr/bin/env node
// The persistent index measured as issue 11 asks, on two TypeScript trees, beside `ctags -R` and the parse floor:
//   A. a real tree from the npm registry (default effect@3.19.3: every .ts file of the package, sources and
//      declarations), fetched once into .bench-cache/ by fetch-corpus.mjs;
//   B. a generated tree of --files files (default 5,000): copies of A's files, made once and reused. Copies share
//      content hashes, so the index parses and holds each distinct file once; with --unique every copy starts with a
//      comment line naming it, so that every file is parsed and held as in a real tree of that size.
//
// Usage: npm run bench:index   (= node --expose-gc scripts/bench-index.mjs [--runs N] [--files N] [--corpus SPEC]
//                                   [--soak-queries N] [--soak-edits N] [--no-soak] [--unique])
//   Needs a current build (npm run build).
//
// Every measurement of the index runs in a fresh child process (as an MCP server or a CLI command starts), with its
// own cache folder, and reports its wall time and peak RSS (process.resourceUsage().maxRSS: worker threads
// included). Files are in the OS page cache before anything is timed.
//   1. parse floor: web-tree-sitter alone, one thread, files in memory, every tree deleted; and the query floor: the
//      same parse, plus one pass of the SDK's own compiled TypeScript query over each tree (web-tree-sitter's
//      `query.matches`, nothing done with the matches): what any extraction by queries pays before it does anything;
//      and the raw query floor: the same pass with its matches read straight from WASM memory (each capture's node
//      and end offset, and no JavaScript object per capture; text predicates not applied, so a few more matches),
//      through web-tree-sitter's internals (its Emscripten module is the object given to `Parser.init`): what an
//      extraction that reads captures without web-tree-sitter's `Node` objects would pay; and the RSS floor: the peak
//      RSS of a new process that reads each file, parses it and runs that raw pass, keeping nothing (what any index of
//      the tree through web-tree-sitter peaks above);
//   2. ctags: `ctags -R --languages=TypeScript` (wall time of the process);
//   3. cold: CodeIndex.open + indexAll on an empty cache folder (the pool's default threads: the cores but one);
//   4. warm restart: a new process on the unchanged tree, open + the first searchSymbols answered (wall time of the
//      whole process, as ctags'); twice: a script that imports `code-index` (the index alone: the tools are
//      `code-index/tools`), and the command line (`code-index symbols pipe`, on an index `code-index index` built for it first: the
//      command line has every language enabled);
//   5. touched: 1% of the files get a comment line appended, then a warm restart as in 4 (files restored after);
//   6. warm queries: 1,000 findDefinitions ({ file, line, column } of definitions) and 1,000 searchSymbols (exact
//      names, prefixes, `*suffix` patterns), p50 and p95;
//   7. soak: mixed queries and file edits in one process, RSS sampled: it must stay flat;
//   8. repository map (issue 15): a 1,024-token repoMap in a new process on an empty cache folder (cold: the whole
//      tree is indexed first) and on the index that left (warm: open + map), and a second map in the same process
//      (with a focus file): wall time of the process, and of the map call alone.
// Targets (issue 11): warm restart <= 0.5x ctags; cold <= 2x the parse floor / cores; peak RSS <= 150 MB for tree A,
// growing <= 20 MB per 1,000 further files; findDefinitions p95 <= 2 ms, searchSymbols p95 <= 5 ms.
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Language, Parser } from 'web-tree-sitter';
import { CACHE_DIR, fetchCorpus, listTypeScriptFiles } from './fetch-corpus.mjs';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(import.meta.url);
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const MB = 1024 * 1024;
const TARGETS = { warmVsCtags: 0.5, coldVsFloorPerCore: 2, rssA: 150, rssPer1000: 20, definitionsP95: 2, searchP95: 5 };

function parseArgs(argv) {
  const args = { runs: 3, files: 5000, corpus: 'effect@3.19.3', soakQueries: 10_000, soakEdits: 1_000, soak: true, unique: false, child: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--files') args.files = Number(value());
    else if (flag === '--corpus') args.corpus = value();
    else if (flag === '--soak-queries') args.soakQueries = Number(value());
    else if (flag === '--soak-edits') args.soakEdits = Number(value());
    else if (flag === '--no-soak') args.soak = false;
    else if (flag === '--unique') args.unique = true;
    else if (flag === '--child') args.child = argv.slice(i + 1);
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node --expose-gc scripts/bench-index.mjs [--runs N] [--files N] [--corpus SPEC] [--soak-queries N] [--soak-edits N] [--no-soak] [--unique]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
    if (args.child) break;
  }
  return args;
}

// ---- helpers --------------------------------------------------------------------------------------------------

const mb = (bytes) => (bytes / MB).toFixed(0);
const s = (ms) => (ms / 1000).toFixed(2);
const progress = (message) => process.stderr.write(`  ... ${message}\n`);

/** mulberry32: a seeded PRNG, so every run draws the same queries. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function heading(title) {
  console.log(`\n== ${title} ${'='.repeat(Math.max(0, 100 - title.length))}`);
}

async function best(runs, fn) {
  let fastest;
  for (let i = 0; i < runs; i++) {
    const result = await fn(i);
    if (!fastest || result.ms < fastest.ms) fastest = result;
  }
  return fastest;
}

// ---- child processes: one measurement each, printed as JSON ----------------------------------------------------

const INDEX_OPTIONS = (root, cacheDir) => ({ root, cacheDir, rescanAfterMs: 60_000 });

async function childMain([kind, root, cacheDir, extra]) {
  if (kind === 'memory-floor') return memoryFloorMain(root);
  const { CodeIndex, bundledLanguages } = await import(DIST);
  const disabledLanguages = bundledLanguages.map((l) => l.id).filter((id) => id !== 'typescript' && id !== 'tsx');
  const started = performance.now();
  const index = await CodeIndex.open({ ...INDEX_OPTIONS(root, cacheDir), disabledLanguages });
  const out = {};
  if (kind === 'cold') {
    await index.indexAll();
    out.ms = performance.now() - started;
  } else if (kind === 'warm') {
    const result = await index.searchSymbols({ query: extra ?? 'pipe' });
    out.ms = performance.now() - started;
    out.matches = result.total;
  } else if (kind === 'queries') {
    await index.indexAll();
    out.queries = await timeQueries(index);
  } else if (kind === 'map') {
    const first = performance.now();
    const map = await index.repoMap({ tokenBudget: 1024 });
    out.mapMs = performance.now() - first;
    out.ms = performance.now() - started;
    const again = performance.now();
    await index.repoMap({ tokenBudget: 1024, focus: [map.files.at(-1)?.file ?? map.files[0].file] });
    out.repeatMs = performance.now() - again;
    out.tokens = map.tokens;
    out.mapFiles = map.totalFiles;
  } else if (kind === 'soak') {
    await index.indexAll();
    out.samples = await soak(index, root, JSON.parse(extra));
  }
  const stats = index.stats();
  index.close();
  out.parses = stats.cache.parses;
  out.files = stats.files;
  out.symbols = stats.totalSymbols;
  out.maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify(out));
}

async function definitionPool(index, random) {
  const pool = [];
  const { names } = await index.searchSymbols({ query: '*', limit: 1000 }).then((r) => ({ names: r.matches }));
  for (const match of names) pool.push(match);
  // Shuffle with the seeded PRNG.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool;
}

async function timeQueries(index) {
  const random = prng(11);
  const pool = await definitionPool(index, random);
  const timeAll = async (queries) => {
    for (const query of queries.slice(0, 50)) await query(); // warm the JIT
    const times = [];
    for (const query of queries) {
      const t = performance.now();
      await query();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
  };
  const definitions = Array.from({ length: 1000 }, (_, i) => {
    const m = pool[i % pool.length];
    return () => index.findDefinitions({ file: m.file, line: m.line, column: m.column });
  });
  const searches = Array.from({ length: 1000 }, (_, i) => {
    const name = pool[i % pool.length].symbol;
    const query = i % 3 === 0 ? name : i % 3 === 1 ? name.slice(0, Math.min(name.length, 3 + (i % 3))) : `*${name.slice(-4)}`;
    return () => index.searchSymbols({ query });
  });
  return { findDefinitions: await timeAll(definitions), searchSymbols: await timeAll(searches) };
}

async function soak(index, root, { queries, edits }) {
  const random = prng(7);
  const pool = await definitionPool(index, random);
  const files = [...new Set(pool.map((m) => m.file))];
  const originals = new Map();
  const samples = [];
  const heaps = [];
  const every = Math.max(1, Math.floor((queries + edits) / 40));
  let edited = 0;
  try {
    for (let op = 0; op < queries + edits; op++) {
      if (edited < edits && op % Math.max(1, Math.floor((queries + edits) / edits)) === 0) {
        const file = files[Math.floor(random() * files.length)];
        const path = join(root, file);
        if (!originals.has(path)) originals.set(path, readFileSync(path, 'utf8'));
        writeFileSync(path, `${originals.get(path)}\n// soak ${op}\nexport const soak${op} = ${op};\n`);
        await index.analyzeFile(file);
        edited++;
      } else {
        const m = pool[Math.floor(random() * pool.length)];
        const kind = op % 4;
        if (kind === 0) await index.findDefinitions({ file: m.file, line: m.line, column: m.column }).catch(() => {});
        else if (kind === 1) await index.searchSymbols({ query: m.symbol.slice(0, 4) });
        else if (kind === 2) await index.findReferences({ symbol: m.symbol }).catch(() => {});
        else await index.analyzeFile(m.file);
      }
      if (op % every === 0) {
        globalThis.gc?.();
        const { rss, heapUsed } = process.memoryUsage();
        samples.push(rss / MB);
        heaps.push(heapUsed / MB);
      }
    }
  } finally {
    for (const [path, text] of originals) writeFileSync(path, text);
  }
  return { rss: samples, heap: heaps };
}

async function child(kind, root, cacheDir, extra) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--expose-gc', SCRIPT, '--child', kind, root, cacheDir, ...(extra ? [extra] : [])], {
    maxBuffer: 64 * MB,
  });
  return { ...JSON.parse(stdout), wallMs: performance.now() - started };
}

// ---- corpora -----------------------------------------------------------------------------------------------------

async function generatedCorpus(sourceRoot, paths, count, unique) {
  const dir = join(CACHE_DIR, `generated-${count}${unique ? '-unique' : ''}`);
  if (existsSync(dir) && (await listTypeScriptFiles(dir, { includeDeclarations: true })).length === count) return dir;
  progress(`generating ${count} files under ${dir}`);
  await rm(dir, { recursive: true, force: true });
  const copies = Math.ceil(count / paths.length);
  let written = 0;
  for (let copy = 0; copy < copies && written < count; copy++) {
    for (const path of paths) {
      if (written === count) break;
      const target = join(dir, `copy-${String(copy).padStart(2, '0')}`, path);
      await mkdir(dirname(target), { recursive: true });
      if (unique) await writeFile(target, `// copy ${copy}\n${await readFile(join(sourceRoot, path), 'utf8')}`);
      else await copyFile(join(sourceRoot, path), target);
      written++;
    }
  }
  return dir;
}

async function loadCorpus(name, root) {
  const paths = await listTypeScriptFiles(root, { includeDeclarations: true });
  const files = await Promise.all(paths.map(async (path) => ({ path, text: await readFile(join(root, path), 'utf8'), tsx: path.endsWith('.tsx') })));
  return { name, root, paths, files, bytes: files.reduce((n, f) => n + Buffer.byteLength(f.text), 0) };
}

/** web-tree-sitter's Emscripten module: `Parser.init` builds it on the object it is given (the first call only). */
const wasmModule = {};

async function floorParsers() {
  await Parser.init(wasmModule);
  const grammar = async (file) => {
    const parser = new Parser();
    parser.setLanguage(await Language.load(brotliDecompressSync(readFileSync(fileURLToPath(new URL(`../grammars/${file}.br`, import.meta.url))))));
    return parser;
  };
  return { ts: await grammar('tree-sitter-typescript.wasm'), tsx: await grammar('tree-sitter-tsx.wasm') };
}

/** The SDK's own parser and compiled query for TypeScript and TSX (the query floor runs them). */
async function floorQueries() {
  const { createDefaultRegistry } = await import(DIST);
  const registry = createDefaultRegistry();
  return { ts: await registry.load('typescript'), tsx: await registry.load('tsx') };
}

function queryAll(languages, corpus) {
  const started = performance.now();
  for (const file of corpus.files) {
    const { parser, query } = file.tsx ? languages.tsx : languages.ts;
    const tree = parser.parse(file.text);
    if (!tree) continue;
    query.matches(tree.rootNode);
    tree.delete();
  }
  return { ms: performance.now() - started };
}

/**
 * The query floor's pass with the matches read from WASM memory: web-tree-sitter's own `ts_query_matches_wasm`, then
 * per capture its node (5 words) and end offset (`ts_node_end_index_wasm`), into numbers only.
 */
function rawQueryAll(languages, corpus) {
  const module = wasmModule;
  const transfer = module._ts_init() >> 2;
  const started = performance.now();
  let checksum = 0;
  for (const file of corpus.files) {
    const { parser, query } = file.tsx ? languages.tsx : languages.ts;
    const tree = parser.parse(file.text);
    if (!tree) continue;
    const root = tree.rootNode;
    let heap = module.HEAP32;
    heap.set([root.id, root.startIndex, root.startPosition.row, root.startPosition.column, root[0]], transfer);
    module._ts_query_matches_wasm(query[0], tree[0], 0, 0, 0, 0, 0, 0, 0xffffffff, 0xffffffff, 0);
    heap = module.HEAP32;
    const count = heap[transfer];
    const start = heap[transfer + 1];
    for (let i = 0, at = start >> 2; i < count; i++) {
      const captures = heap[at + 1];
      at += 2;
      for (let j = 0; j < captures; j++, at += 6) {
        // (The capture index, then the node: id, start, row, column, context.)
        heap.copyWithin(transfer, at + 1, at + 6);
        checksum += module._ts_node_end_index_wasm(tree[0]) - heap[at + 2];
      }
    }
    module._free(start);
    tree.delete();
  }
  return { ms: performance.now() - started, checksum };
}

/**
 * The memory floor: a new process that reads, parses and queries every file of the tree in turn (the raw query floor's
 * pass: matches read from WASM memory), keeping nothing. Any index of the tree with web-tree-sitter peaks above it.
 */
async function memoryFloorMain(root) {
  // The module the raw pass reads (the floor parsers' grammars are not loaded: the SDK's are the ones queried).
  await Parser.init(wasmModule);
  const languages = await floorQueries();
  const paths = await listTypeScriptFiles(root, { includeDeclarations: true });
  function* files() {
    for (const path of paths) yield { text: readFileSync(join(root, path), 'utf8'), tsx: path.endsWith('.tsx') };
  }
  const { ms } = rawQueryAll(languages, { files: files() });
  console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function parseAll(parsers, corpus) {
  const started = performance.now();
  for (const file of corpus.files) (file.tsx ? parsers.tsx : parsers.ts).parse(file.text)?.delete();
  return { ms: performance.now() - started };
}

/** `code-index symbols pipe` in a new process, as a user runs it. */
async function cliOnce(root, cacheDir) {
  const started = performance.now();
  await run(process.execPath, [CLI, 'symbols', 'pipe', '--root', root, '--cache-dir', cacheDir], { maxBuffer: 64 * MB });
  const ms = performance.now() - started;
  return { ms, wallMs: ms };
}

async function ctagsOnce(root) {
  const started = performance.now();
  await run('ctags', ['-R', '-f', '/dev/null', '--languages=TypeScript', root]);
  return { ms: performance.now() - started };
}

/** Appends a comment line to 1% of the files; returns a function that restores them. */
function touchOnePercent(corpus) {
  const random = prng(3);
  const count = Math.max(1, Math.round(corpus.paths.length / 100));
  const chosen = new Set();
  while (chosen.size < count) chosen.add(corpus.paths[Math.floor(random() * corpus.paths.length)]);
  const saved = [...chosen].map((path) => [join(corpus.root, path), readFileSync(join(corpus.root, path), 'utf8')]);
  for (const [path] of saved) appendFileSync(path, '\n// touched by bench-index\n');
  return { count, restore: () => saved.forEach(([path, text]) => writeFileSync(path, text)) };
}

// ---- main ---------------------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) return childMain(args.child);
  const { srcDir: packageRoot } = await fetchCorpus(args.corpus);
  const real = await loadCorpus(args.corpus, packageRoot);
  const generatedRoot = await generatedCorpus(packageRoot, real.paths, args.files, args.unique);
  const generated = await loadCorpus(`generated-${args.files}${args.unique ? '-unique' : ''}`, generatedRoot);
  // The index's parse threads (its default) and the thread that reads, hashes and stores what they send: the cores the
  // cold index uses, which the parse floor is divided by.
  const { defaultThreads } = await import(new URL('../dist/engine/pool.js', import.meta.url).href);
  const parseThreads = defaultThreads();
  const threads = Math.min(availableParallelism(), parseThreads + 1);
  console.log(`# bench:index — ${new Date().toISOString()}, Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} x${availableParallelism()} (parse threads: ${parseThreads}, cores used: ${threads})`);
  const parsers = await floorParsers();
  const languages = await floorQueries();
  const report = [];
  for (const corpus of [real, generated]) {
    progress(`${corpus.name}: parse and query floors, ctags, cold, warm, touched (${args.runs} runs each)`);
    const floor = await best(args.runs, () => parseAll(parsers, corpus));
    const queryFloor = await best(args.runs, () => queryAll(languages, corpus));
    const rawFloor = typeof wasmModule._ts_query_matches_wasm === 'function' ? await best(args.runs, () => rawQueryAll(languages, corpus)) : undefined;
    const memoryFloor = rawFloor ? await child('memory-floor', corpus.root, '-') : undefined;
    const ctags = await best(args.runs, () => ctagsOnce(corpus.root));
    const caches = [];
    const cold = await best(args.runs, async () => {
      const cacheDir = mkdtempSync(join(tmpdir(), 'bench-index-cache-'));
      caches.push(cacheDir);
      return child('cold', corpus.root, cacheDir);
    });
    const cacheDir = caches.at(-1);
    const warm = await best(args.runs, () => child('warm', corpus.root, cacheDir));
    const cliCache = mkdtempSync(join(tmpdir(), 'bench-index-cache-'));
    caches.push(cliCache);
    await run(process.execPath, [CLI, 'index', '--root', corpus.root, '--cache-dir', cliCache], { maxBuffer: 64 * MB });
    const cliWarm = await best(args.runs, () => cliOnce(corpus.root, cliCache));
    const touched = touchOnePercent(corpus);
    let touchedRun;
    try {
      touchedRun = await child('warm', corpus.root, cacheDir);
    } finally {
      touched.restore();
    }
    const queries = corpus === real ? await child('queries', corpus.root, cacheDir) : undefined;
    const mapCache = mkdtempSync(join(tmpdir(), 'bench-index-cache-'));
    caches.push(mapCache);
    const mapCold = await child('map', corpus.root, mapCache);
    const mapWarm = await best(args.runs, () => child('map', corpus.root, mapCache));
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
    report.push({ corpus, floor, queryFloor, rawFloor, memoryFloor, ctags, cold, warm, cliWarm, touched: { ...touchedRun, count: touched.count }, queries, map: { cold: mapCold, warm: mapWarm } });
  }

  heading('Indexing and restart (wall seconds; ratios against the targets of issue 11)');
  const rows = [['tree', 'files', 'MB', 'parse floor', 'query floor', 'ctags -R', 'cold', 'cold/(floor/cores)', 'cold/(query floor/cores)', 'warm restart', 'warm/ctags', 'warm (CLI)', 'CLI/ctags', 'touched 1%', 'parsed', 'peak RSS MB', 'RSS floor MB']];
  for (const r of report) {
    rows.push([
      r.corpus.name,
      r.corpus.files.length,
      mb(r.corpus.bytes),
      s(r.floor.ms),
      s(r.queryFloor.ms),
      s(r.ctags.ms),
      s(r.cold.wallMs),
      (r.cold.wallMs / (r.floor.ms / threads)).toFixed(2),
      (r.cold.wallMs / (r.queryFloor.ms / threads)).toFixed(2),
      s(r.warm.wallMs),
      (r.warm.wallMs / r.ctags.ms).toFixed(2),
      s(r.cliWarm.wallMs),
      (r.cliWarm.wallMs / r.ctags.ms).toFixed(2),
      s(r.touched.wallMs),
      `${r.touched.parses}/${r.touched.count}`,
      r.cold.maxRssMb.toFixed(0),
      r.memoryFloor ? r.memoryFloor.maxRssMb.toFixed(0) : '-',
    ]);
  }
  console.log(formatTable(rows));
  const [a, b] = report;
  const growth = ((b.cold.maxRssMb - a.cold.maxRssMb) / ((b.corpus.files.length - a.corpus.files.length) / 1000)).toFixed(1);
  const distinct = b.cold.parses === b.corpus.files.length ? 'every file distinct' : `copies: ${b.cold.parses} distinct files parsed and held; --unique for distinct ones`;
  console.log(`\nwarm restart answers with ${a.warm.parses} and ${b.warm.parses} parses; RSS growth ${growth} MB per 1,000 further files (${distinct})`);
  console.log(
    `the query floor is ${(a.queryFloor.ms / a.floor.ms).toFixed(2)}x the parse floor on ${a.corpus.name}: one query pass, before any extraction`,
  );
  if (a.rawFloor) {
    console.log(
      `read from WASM memory without a JavaScript object per capture, the same pass is ${(a.rawFloor.ms / a.floor.ms).toFixed(2)}x the parse floor (${s(a.rawFloor.ms)} s; cold/(raw query floor/cores) ${(a.cold.wallMs / (a.rawFloor.ms / threads)).toFixed(2)})`,
    );
  }
  if (a.memoryFloor) {
    console.log(
      `RSS floor: a new process that reads, parses and queries each file in turn (matches read from WASM memory) and keeps nothing peaks at ${a.memoryFloor.maxRssMb.toFixed(0)} MB on ${a.corpus.name}`,
    );
  }
  console.log(
    `targets: warm (a script, and the CLI) <= ${TARGETS.warmVsCtags}x ctags; cold <= ${TARGETS.coldVsFloorPerCore}x floor/cores; peak RSS <= ${TARGETS.rssA} MB (tree A), <= ${TARGETS.rssPer1000} MB per 1,000 files`,
  );

  heading('Repository map, 1,024 tokens (seconds; cold = a new process on an empty cache: the tree is indexed first)');
  const mapRows = [['tree', 'files', 'cold (process)', 'cold (map call)', 'warm (process)', 'warm (map call)', 'again, with focus', 'tokens']];
  for (const r of report) {
    mapRows.push([r.corpus.name, r.map.warm.mapFiles, s(r.map.cold.wallMs), s(r.map.cold.mapMs), s(r.map.warm.wallMs), s(r.map.warm.mapMs), s(r.map.warm.repeatMs), r.map.warm.tokens]);
  }
  console.log(formatTable(mapRows));

  heading(`Warm queries on ${a.corpus.name} (ms)`);
  const q = a.queries.queries;
  console.log(
    formatTable([
      ['query', 'p50', 'p95', 'max', 'target p95'],
      ['findDefinitions', q.findDefinitions.p50.toFixed(2), q.findDefinitions.p95.toFixed(2), q.findDefinitions.max.toFixed(1), TARGETS.definitionsP95],
      ['searchSymbols', q.searchSymbols.p50.toFixed(2), q.searchSymbols.p95.toFixed(2), q.searchSymbols.max.toFixed(1), TARGETS.searchP95],
    ]),
  );

  if (args.soak) {
    heading(`Soak: ${args.soakQueries} mixed queries and ${args.soakEdits} file edits on ${a.corpus.name}, RSS sampled`);
    const cacheDir = mkdtempSync(join(tmpdir(), 'bench-index-cache-'));
    try {
      const result = await child('soak', a.corpus.root, cacheDir, JSON.stringify({ queries: args.soakQueries, edits: args.soakEdits }));
      const mean = (list) => list.reduce((n, x) => n + x, 0) / list.length;
      // RSS (the process: the parse thread included), and the calling thread's live heap after a collection. The first
      // third holds the warm-up (the first sample is taken before any fact is loaded): the second and the last are the
      // steady state, where flat means equal.
      for (const [label, samples] of [['RSS MB', result.samples.rss], ['calling thread heap MB', result.samples.heap]]) {
        const third = Math.max(1, Math.floor(samples.length / 3));
        console.log(
          `${label}: first ${samples[0].toFixed(0)}, min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)}, last ${samples.at(-1).toFixed(0)}; ` +
            `mean of the first third ${mean(samples.slice(0, third)).toFixed(0)}, of the second ${mean(samples.slice(third, -third)).toFixed(0)}, ` +
            `of the last ${mean(samples.slice(-third)).toFixed(0)}`,
        );
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
