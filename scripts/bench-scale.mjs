#!/usr/bin/env node
// The scale benchmark of issue 29: the Linux kernel, indexed and queried by the build under test (dist/) beside
// Universal Ctags, in one run; prints the issue's table with ratios against ctags and the issue's targets.
// Not run in CI: the first run downloads ~140 MB.
//
// Usage: npm run bench:scale   (= node --expose-gc scripts/bench-scale.mjs [options])
//   Needs a current build (npm run build). On a shared machine: nice -n 10 npm run bench:scale -- OPTIONS.
//   --source DIR     an already extracted linux-source tree (default: downloaded, below)
//   --ctags PATH     a Universal Ctags binary (readtags is looked for beside it; default: downloaded, below)
//   --full           index the whole linux-source-6.1 tree instead of the slice
//   --soak           also run the soak: --soak-queries N (10,000) mixed queries with --soak-edits N (1,000) edits
//   --kill           also kill -9 a cold index at a random (seeded) time and index again (below)
//   --runs N         cold runs, best of (default 1; ctags runs best of max(N, 3): it takes seconds)
//   --json FILE      write the numbers as JSON
//   --keep           keep the work folder (the index, the tags file) and print where it is
//
// The kernel, in .bench-cache/ (gitignored, as fetch-corpus.mjs does), each step reused when done, each step's result
// written under a temporary name and renamed when complete (a `<folder>.complete` marker beside the slice):
//   debs/              `apt-get download linux-source-6.1` and `universal-ctags` (and `time` if /usr/bin/time is absent)
//   linux-source-6.1/  the source tree: `dpkg-deb -x` of the package, then its linux-source-6.1.tar.xz extracted once
//   kernel-slice/      the issue's slice (kernel mm fs net include arch/x86 lib block security crypto ipc init:
//                      ~12,330 .c/.h files, ~155 MB), hard links into the source tree (`cp -al`; a copy where links fail)
//   ctags/             the package extracted (usr/bin/ctags-universal, usr/bin/readtags): nothing is installed
//   bench-scale-edits/ while the soak runs: the originals of the files it edits (restored at its end, and at the start
//                      of the next run if a run was killed). Edits write a new file and rename it over the old one, so
//                      a slice of hard links never changes the source tree it links to.
//
// Every measurement runs in a new process (as a CLI command or an MCP server starts), under a time limit (a cold
// index: 30 min per 12,330 files; a first answer: 5 min; ...): a child that fails or overruns is killed with its
// process group and reported (command, exit, the end of its stderr), never waited for. Wall time is the parent's clock
// around the child. Peak RSS, for ctags and code-index alike, is GNU time's %M (`/usr/bin/time -f %M`): the kernel's
// ru_maxrss of the process, returned by wait4 when it exits, so exact, not sampled; the CLI is one process whose
// worker threads share its memory, so that is the whole index. Every file of the tree is read once before anything is
// timed (in the page cache). Queries and files are drawn with a seeded PRNG: every run asks the same.
//
// Rows (code-index = the CLI, `node dist/cli/main.js`, with --root TREE --cache-dir <a new folder>):
//   cold index          `ctags -R -f TAGS .` vs `code-index index --json` on an empty cache folder: wall, peak RSS.
//                       Target: <= 20x ctags' time, at <= 300 MB.
//   first symbols       a new process on the index just built: `code-index symbols mutex_lock` (ctags side:
//                       `readtags -t TAGS mutex_lock`), best of 3. Target: <= 0.3 s at <= 150 MB.
//   first def           `code-index def kernel/fork.c:LINE:mutex_lock`, LINE the first line of kernel/fork.c that
//                       calls mutex_lock( (2077 in 6.1: `mutex_lock(&oom_adj_mutex);`), best of 3.
//                       Target: <= 0.5 s at <= 150 MB.
//   first analyze       `code-index analyze kernel/fork.c` (3,426 lines), best of 3. Target: <= 0.5 s at <= 150 MB.
//   warm search         one process: import dist/index.js, CodeIndex.open on that index, 20 queries to warm up, then
//                       200 searchSymbols: exact names and `prefix*` patterns (3-7 characters), drawn from the names
//                       ctags found in .c/.h files; p50/p95 (ctags side: readtags, a new process per query, -p for a
//                       prefix). Target: p95 <= 10 ms.
//   warm definitions    the same process: 200 findDefinitions at call sites: in each of 200 drawn .c files, one
//                       drawn `name(` on an indented line (not a comment) where name is a function ctags found;
//                       p50/p95. Target: p95 <= 5 ms.
//   RSS steady          with --soak: one process, 10,000 queries (40% searches, 40% definitions, 10% analyzeFile,
//                       10% findReferences at the call sites) with 1,000 edits (a comment line appended to a drawn
//                       .c/.h file, then analyzeFile of it), RSS sampled after a GC; steady = the largest sample after
//                       the first third (the warm-up), the means of the thirds are printed as bench-index prints them.
//                       Without --soak: the largest sample of the warm queries (not the target's measure: marked so).
//                       Target: <= 250 MB.
//   on disk             bytes of the index folder vs the bytes of the tree's .c/.h files and of ctags' tags file
//                       (apparent sizes; the JSON has the allocated size too). Target: <= 1x the source.
//   kill -9, resume     with --kill: `code-index index` on an empty cache folder, killed (SIGKILL to its process
//                       group) at a seeded random time between 20% and 80% of the cold time measured, then
//                       `code-index index --json` again: its wall, its `parsed` (files it parsed) against the files,
//                       its files/symbols/references against the uninterrupted index's, and `symbols NAME --json
//                       --limit 1000` for mutex_lock and 10 drawn function names on both indexes, compared.
//                       Target: it finishes, parses fewer files than the tree holds, and every answer is equal.
//   two MCP servers    with --servers: two `code-index mcp` servers on the tree at once, on one empty cache folder,
//                       each asked `find_symbols` for mutex_lock and 10 drawn function names (the first call, with a
//                       progress token, makes both index the tree at the same time; a call abandoned at the tools'
//                       60 s budget while the index goes on is made again); then `code-index index --json`
//                       on that folder, and `symbols NAME --json --limit 1000` on it and on the cold index, compared.
//                       Target: both answer, equally, and the index after them answers as the cold one (it parses
//                       only a file that ran out of time under the load, tried once more: see FileEntry.error).
//   SCIP export         with --scip (issue 32): `code-index scip --output FILE` on the index just built (a new
//                       process): wall, peak RSS, the file's size; the file is then walked field by field (no decoder
//                       holds it) to count its documents, occurrences and symbols. No target: the numbers go in the
//                       README beside scip-typescript's on effect.
// The issue's figures on its 2-core machine for the slice: ctags 4.27 s, 154 MB; code-index 191.7 s, 632 MB; first
// answers 2.1-3.3 s at 430-480 MB; search p50 303 ms, p95 453 ms; RSS 1.1-1.3 GB; 285 MB on disk (1.8x).
import { spawn } from 'node:child_process';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CACHE_DIR } from './fetch-corpus.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const MB = 1024 * 1024;
const MINUTE = 60_000;

const DEBS = join(CACHE_DIR, 'debs');
const SOURCE = join(CACHE_DIR, 'linux-source-6.1');
const SLICE = join(CACHE_DIR, 'kernel-slice');
const CTAGS_DIR = join(CACHE_DIR, 'ctags');
const TIME_DIR = join(CACHE_DIR, 'time');
const EDITS = join(CACHE_DIR, 'bench-scale-edits');
const SLICE_DIRS = ['kernel', 'mm', 'fs', 'net', 'include', 'arch/x86', 'lib', 'block', 'security', 'crypto', 'ipc', 'init'];
/** The slice's .c/.h files: time limits scale with the tree from it. */
const SLICE_FILES = 12_330;

/** The first answers: a symbol, a call site's file (the line is found in it) and a file to analyze. */
const FIRST = { symbol: 'mutex_lock', defFile: 'kernel/fork.c', analyzeFile: 'kernel/fork.c' };
const TARGETS = {
  coldVsCtags: 20,
  coldRssMb: 300,
  firstSymbolsS: 0.3,
  firstDefS: 0.5,
  firstAnalyzeS: 0.5,
  firstRssMb: 150,
  searchP95Ms: 10,
  definitionsP95Ms: 5,
  steadyRssMb: 250,
  diskVsSource: 1,
};
const WARM = { searches: 200, definitions: 200, warmup: 20 };
const KILL_NAMES = 10;
const C_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'sizeof', 'do', 'case', 'else', 'goto', 'typeof', 'defined', 'asm']);

const USAGE = `Usage: node --expose-gc scripts/bench-scale.mjs [--source DIR] [--ctags PATH] [--full] [--soak] [--soak-queries N]
         [--soak-edits N] [--kill] [--servers] [--scip] [--runs N] [--json FILE] [--keep] [--help]
  (npm run bench:scale -- OPTIONS; needs npm run build first; the header of scripts/bench-scale.mjs says what each row measures)`;

function parseArgs(argv) {
  const args = { source: undefined, ctags: undefined, full: false, soak: false, soakQueries: 10_000, soakEdits: 1_000, kill: false, servers: false, scip: false, runs: 1, json: undefined, keep: false, child: undefined };
  // npm run sets the working directory to the package; paths given on its command line are the caller's.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const count = (flag, text, min) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`${flag} needs a whole number from ${min}, got "${text}"`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => {
      const text = inline ?? argv[++i];
      if (text === undefined) throw new Error(`${flag} needs a value`);
      return text;
    };
    if (flag === '--source') args.source = resolve(cwd, value());
    else if (flag === '--ctags') args.ctags = resolve(cwd, value());
    else if (flag === '--full') args.full = true;
    else if (flag === '--soak') args.soak = true;
    else if (flag === '--soak-queries') args.soakQueries = count(flag, value(), 1);
    else if (flag === '--soak-edits') args.soakEdits = count(flag, value(), 0);
    else if (flag === '--kill') args.kill = true;
    else if (flag === '--servers') args.servers = true;
    else if (flag === '--scip') args.scip = true;
    else if (flag === '--runs') args.runs = count(flag, value(), 1);
    else if (flag === '--json') args.json = resolve(cwd, value());
    else if (flag === '--keep') args.keep = true;
    else if (flag === '--child') {
      args.child = argv.slice(i + 1);
      break;
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}\n${USAGE}`);
  }
  return args;
}

// ---- helpers --------------------------------------------------------------------------------------------------

const mb = (bytes) => (bytes / MB).toFixed(0);
const sec = (ms) => (ms >= 10_000 ? (ms / 1000).toFixed(1) : (ms / 1000).toFixed(2));
const msText = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const ratio = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2));
const thousands = (n) => n.toLocaleString('en-US');
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

function shuffled(list, random) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}

function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function heading(title) {
  console.log(`\n== ${title} ${'='.repeat(Math.max(0, 110 - title.length))}`);
}

// ---- child processes -------------------------------------------------------------------------------------------

/** Children running now (each the leader of its own process group), killed with the group on a signal. */
const live = new Set();
let timeBinary = '/usr/bin/time';
let workDir;
let timeFiles = 0;

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command in a new process group; with `rss`, under GNU time for its peak RSS. Resolves (never rejects) with
 * its exit, wall time, peak RSS and output; `timeoutMs` kills the group; `killAtMs` kills it on purpose (kill -9).
 */
function runProcess(label, command, args, { cwd = REPO, timeoutMs, rss = true, killAtMs, maxOutput = 256 * MB, echo = false } = {}) {
  const timeFile = rss ? join(workDir, `time-${timeFiles++}.txt`) : undefined;
  const argv = rss ? [timeBinary, '-f', '%M', '-o', timeFile, command, ...args] : [command, ...args];
  return new Promise((done) => {
    const started = performance.now();
    const result = { label, command: [command, ...args].join(' '), code: null, signal: null, timedOut: false, killed: false, wallMs: 0, maxRssMb: undefined, stdout: '', stderr: '' };
    let child;
    try {
      child = spawn(argv[0], argv.slice(1), { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    } catch (error) {
      done({ ...result, error: error.message });
      return;
    }
    live.add(child);
    const out = [];
    const err = [];
    let outBytes = 0;
    child.stdout.on('data', (chunk) => {
      if (outBytes < maxOutput) out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk) => {
      if (echo) process.stderr.write(chunk);
      err.push(chunk);
      if (err.length > 200) err.splice(0, err.length - 100);
    });
    const timer = setTimeout(() => {
      result.timedOut = true;
      killGroup(child);
    }, timeoutMs);
    const killer =
      killAtMs !== undefined
        ? setTimeout(() => {
            result.killed = true;
            killGroup(child);
          }, killAtMs)
        : undefined;
    child.on('exit', () => {
      result.wallMs = performance.now() - started;
    });
    child.on('error', (error) => {
      result.error = error.message;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killer);
      live.delete(child);
      if (!result.wallMs) result.wallMs = performance.now() - started;
      result.code = code;
      result.signal = signal;
      result.stdout = Buffer.concat(out).toString('utf8');
      result.stderr = Buffer.concat(err).toString('utf8');
      if (outBytes > maxOutput) result.truncated = true;
      if (timeFile && existsSync(timeFile)) {
        // GNU time writes "Command exited with non-zero status N" (or "... terminated by signal N") above the format.
        const last = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1);
        if (/^\d+$/.test(last ?? '')) result.maxRssMb = Number(last) / 1024;
        rmSync(timeFile, { force: true });
      }
      done(result);
    });
  });
}

function describeFailure(result) {
  const how = result.error
    ? `could not run (${result.error})`
    : result.timedOut
      ? `timed out after ${sec(result.wallMs)} s`
      : result.signal
        ? `killed by ${result.signal}`
        : `exit ${result.code}`;
  const tail = result.stderr.trim().split('\n').slice(-15).join('\n    ');
  return `${result.label}: ${how}\n    command: ${result.command.slice(0, 400)}${tail ? `\n    stderr: ${tail}` : ''}`;
}

/** The result, if its exit is one of `codes` (and it was not killed); else an error saying what failed. */
function expectOk(result, codes = [0]) {
  if (result.error || result.timedOut || result.signal || !codes.includes(result.code)) throw new Error(describeFailure(result));
  return result;
}

function parseJson(result) {
  // The CLI prints its JSON indented; the library children print one line.
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(`${result.label}: its output is not JSON: ${result.stdout.slice(0, 300)}`);
  }
}

/** The CLI, under GNU time. */
function cli(label, args, options) {
  return runProcess(label, process.execPath, [CLI, ...args], options);
}

/** This script as a library child (one process: open the index, run the queries, print JSON), under GNU time. */
async function libraryChild(kind, params, timeoutMs) {
  const paramsFile = join(workDir, `${kind}-params.json`);
  await writeFile(paramsFile, JSON.stringify(params));
  const result = expectOk(await runProcess(`library ${kind}`, process.execPath, ['--expose-gc', SCRIPT, '--child', kind, paramsFile], { timeoutMs, echo: true }));
  return { ...parseJson(result), wallMs: result.wallMs, peakRssMb: result.maxRssMb };
}

async function best(runs, fn) {
  let fastest;
  for (let i = 0; i < runs; i++) {
    const result = await fn(i);
    if (!fastest || result.wallMs < fastest.wallMs) fastest = result;
  }
  return fastest;
}

// ---- the kernel, ctags and GNU time ----------------------------------------------------------------------------

/** `apt-get download PKG` into .bench-cache/debs/ (a .deb already there is reused). */
async function aptDownload(pkg) {
  await mkdir(DEBS, { recursive: true });
  const present = (await readdir(DEBS)).filter((name) => name.startsWith(`${pkg}_`) && name.endsWith('.deb')).sort();
  if (present.length > 0) return join(DEBS, present.at(-1));
  const partial = join(DEBS, `.partial-${pkg}`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial);
  progress(`apt-get download ${pkg} (into ${DEBS})`);
  const result = await runProcess(`apt-get download ${pkg}`, 'apt-get', ['download', pkg], { cwd: partial, timeoutMs: 30 * MINUTE, rss: false });
  if (result.code !== 0) {
    throw new Error(`${describeFailure(result)}\n    (apt-get update may help; or give an extracted tree and a ctags binary: --source DIR --ctags PATH)`);
  }
  const deb = (await readdir(partial)).find((name) => name.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${partial}`);
  await rename(join(partial, deb), join(DEBS, deb));
  await rm(partial, { recursive: true, force: true });
  return join(DEBS, deb);
}

/** `dpkg-deb -x DEB TARGET` into a partial folder, renamed to TARGET when complete. */
async function extractDeb(deb, target) {
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  progress(`dpkg-deb -x ${deb}`);
  expectOk(await runProcess(`dpkg-deb -x ${deb}`, 'dpkg-deb', ['-x', deb, partial], { timeoutMs: 30 * MINUTE, rss: false }));
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
}

/** The extracted linux-source-6.1 tree: --source, or downloaded and extracted once into .bench-cache/. */
async function kernelSource(args) {
  const tree = args.source ?? SOURCE;
  if (args.source || existsSync(`${SOURCE}.complete`)) {
    if (!existsSync(join(tree, 'kernel')) || !existsSync(join(tree, 'Makefile'))) throw new Error(`${tree} is not an extracted Linux source tree (no kernel/ or Makefile)`);
    return tree;
  }
  const deb = await aptDownload('linux-source-6.1');
  const unpacked = join(CACHE_DIR, 'linux-source-6.1-deb');
  await extractDeb(deb, unpacked);
  const tarball = join(unpacked, 'usr', 'src', 'linux-source-6.1.tar.xz');
  if (!existsSync(tarball)) throw new Error(`${deb} holds no usr/src/linux-source-6.1.tar.xz`);
  const partial = `${SOURCE}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  progress(`extracting ${tarball} (once)`);
  expectOk(await runProcess('tar -xJf linux-source-6.1.tar.xz', 'tar', ['-xJf', tarball, '-C', partial], { timeoutMs: 60 * MINUTE, rss: false }));
  const top = await readdir(partial);
  const inner = top.length === 1 ? join(partial, top[0]) : partial;
  await rm(SOURCE, { recursive: true, force: true });
  await rename(inner, SOURCE);
  await rm(partial, { recursive: true, force: true });
  await rm(unpacked, { recursive: true, force: true });
  await writeFile(`${SOURCE}.complete`, `${deb}\n`);
  return SOURCE;
}

/** The slice of `source` under .bench-cache/kernel-slice/ (hard links, or a copy), reused when made from it. */
async function kernelSlice(source) {
  const marker = `${SLICE}.complete`;
  const signature = JSON.stringify({ source, dirs: SLICE_DIRS });
  if (existsSync(marker) && existsSync(SLICE) && (await readFile(marker, 'utf8')) === signature) return SLICE;
  progress(`building the slice ${SLICE_DIRS.join(' ')} under ${SLICE}`);
  await rm(marker, { force: true });
  await rm(SLICE, { recursive: true, force: true });
  let linked = true;
  for (const dir of SLICE_DIRS) {
    const from = join(source, dir);
    const to = join(SLICE, dir);
    if (!existsSync(from)) throw new Error(`${from} does not exist: is ${source} a linux-source tree?`);
    await mkdir(dirname(to), { recursive: true });
    if (linked) {
      const result = await runProcess(`cp -al ${dir}`, 'cp', ['-al', from, to], { timeoutMs: 10 * MINUTE, rss: false });
      if (result.code === 0) continue;
      linked = false;
      progress(`hard links failed (${result.stderr.trim().split('\n')[0]}): copying instead`);
      await rm(to, { recursive: true, force: true });
    }
    expectOk(await runProcess(`cp -a ${dir}`, 'cp', ['-a', from, to], { timeoutMs: 30 * MINUTE, rss: false }));
  }
  await writeFile(marker, signature);
  return SLICE;
}

/** Universal Ctags: --ctags, or `apt-get download universal-ctags` extracted into .bench-cache/ctags/. */
async function ctagsBinaries(args) {
  let ctags = args.ctags;
  if (ctags && (await stat(ctags)).isDirectory()) ctags = join(ctags, 'usr', 'bin', 'ctags-universal');
  if (!ctags) {
    ctags = join(CTAGS_DIR, 'usr', 'bin', 'ctags-universal');
    if (!existsSync(ctags)) await extractDeb(await aptDownload('universal-ctags'), CTAGS_DIR);
  }
  const version = await runProcess('ctags --version', ctags, ['--version'], { timeoutMs: MINUTE, rss: false });
  if (version.code !== 0 || !version.stdout.includes('Universal Ctags')) throw new Error(`${ctags} is not Universal Ctags: ${describeFailure(version)}`);
  const readtags = join(dirname(ctags), 'readtags');
  return { ctags, readtags: existsSync(readtags) ? readtags : undefined, version: version.stdout.split('\n')[0].split(',')[0] };
}

/** GNU time, for peak RSS: /usr/bin/time, else `apt-get download time` extracted into .bench-cache/time/. */
async function gnuTime() {
  if (!existsSync(timeBinary)) {
    timeBinary = join(TIME_DIR, 'usr', 'bin', 'time');
    if (!existsSync(timeBinary)) await extractDeb(await aptDownload('time'), TIME_DIR);
  }
  const probe = await runProcess('time -f %M true', 'true', [], { timeoutMs: MINUTE });
  if (probe.code !== 0 || probe.maxRssMb === undefined) throw new Error(`${timeBinary} does not report %M (GNU time needed): ${describeFailure(probe)}`);
}

// ---- the tree ----------------------------------------------------------------------------------------------------

/** Every regular file under `root` (symlinks not followed), read once (into the page cache); the .c/.h files listed. */
async function scanTree(root) {
  const cFiles = [];
  let files = 0;
  let sourceBytes = 0;
  let totalBytes = 0;
  const pending = [''];
  const reads = [];
  while (pending.length > 0) {
    const dir = pending.pop();
    for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        files++;
        reads.push(path);
      }
    }
  }
  for (let i = 0; i < reads.length; i += 16) {
    await Promise.all(
      reads.slice(i, i + 16).map(async (path) => {
        const { length } = await readFile(join(root, path));
        totalBytes += length;
        if (/\.[ch]$/.test(path)) {
          cFiles.push(path);
          sourceBytes += length;
        }
      }),
    );
  }
  return { files, cFiles: cFiles.sort(), sourceBytes, totalBytes };
}

/** Apparent and allocated bytes under `dir`. */
async function folderSize(dir) {
  let bytes = 0;
  let allocated = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop();
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const info = await lstat(path);
      if (entry.isDirectory()) pending.push(path);
      bytes += entry.isDirectory() ? 0 : info.size;
      allocated += info.blocks * 512;
    }
  }
  return { bytes, allocated };
}

/** Names ctags found in .c/.h files (sorted, deduplicated); the functions (kind f) among them. */
async function readTags(tagsFile) {
  const names = new Set();
  const functions = new Set();
  const lines = createInterface({ input: createReadStream(tagsFile, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.startsWith('!_')) continue;
    const tab = line.indexOf('\t');
    const name = line.slice(0, tab);
    const file = line.slice(tab + 1, line.indexOf('\t', tab + 1));
    if (!/\.[ch]$/.test(file) || !/^[A-Za-z_][A-Za-z0-9_]{2,}$/.test(name)) continue;
    names.add(name);
    const at = line.indexOf(';"\t');
    if (at >= 0 && line.slice(at + 3).split('\t')[0] === 'f') functions.add(name);
  }
  return { names: [...names].sort(), functions };
}

/** searchSymbols queries: an exact name or a `prefix*` pattern (3-7 characters) of a drawn name, alternately. */
function drawSearches(names, count, random) {
  return Array.from({ length: count }, (_, i) => {
    const name = names[Math.floor(random() * names.length)];
    if (i % 2 === 0) return name;
    return `${name.slice(0, Math.min(name.length - 1, 3 + Math.floor(random() * 5)))}*`;
  });
}

/**
 * Call sites: in each drawn .c file, one drawn `name(` on an indented line (not a comment line) where name is a
 * function ctags found: { file, line, column } (1-based; columns in UTF-16 code units), `count` files at most.
 */
async function drawCallSites(root, cFiles, functions, count, random) {
  const sites = [];
  for (const file of shuffled(
    cFiles.filter((f) => f.endsWith('.c')),
    random,
  )) {
    if (sites.length >= count) break;
    const candidates = [];
    const lines = (await readFile(join(root, file), 'utf8')).split('\n');
    lines.forEach((text, index) => {
      if (!/^\s/.test(text) || /^\s*(\*|\/\/|\/\*|#)/.test(text)) return;
      for (const match of text.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) {
        if (functions.has(match[1]) && !C_KEYWORDS.has(match[1])) candidates.push({ file, line: index + 1, column: match.index + 1, name: match[1] });
      }
    });
    if (candidates.length > 0) sites.push(candidates[Math.floor(random() * candidates.length)]);
  }
  return sites;
}

/** The first line of `file` that calls `name(` (an indented line). */
async function firstCall(root, file, name) {
  const lines = (await readFile(join(root, file), 'utf8')).split('\n');
  const index = lines.findIndex((text) => /^\s/.test(text) && new RegExp(`\\b${name}\\(`).test(text));
  if (index < 0) throw new Error(`${file} has no call of ${name}(`);
  return index + 1;
}

// ---- soak edits: backed up before, restored after (and at the next start if a run was killed) -----------------------

function backupEdits(root, files) {
  restoreEdits();
  mkdirSync(join(EDITS, 'files'), { recursive: true });
  const unique = [...new Set(files)];
  unique.forEach((file, i) => copyFileSync(join(root, file), join(EDITS, 'files', String(i))));
  // The manifest last: a backup without one is incomplete and nothing was edited yet.
  writeFileSync(join(EDITS, 'manifest.json'), JSON.stringify({ root, files: unique }));
}

function restoreEdits() {
  const manifest = join(EDITS, 'manifest.json');
  if (existsSync(manifest)) {
    const { root, files } = JSON.parse(readFileSync(manifest, 'utf8'));
    files.forEach((file, i) => {
      const path = join(root, file);
      // A new file renamed over the edited one, as the edits were written.
      copyFileSync(join(EDITS, 'files', String(i)), `${path}.bench-scale-tmp`);
      renameSync(`${path}.bench-scale-tmp`, path);
    });
    progress(`restored ${files.length} files the soak edited`);
  }
  rmSync(EDITS, { recursive: true, force: true });
}

// ---- library children: warm queries and the soak ---------------------------------------------------------------

/** Counts errors by code (`CodeIndexError`'s, else the message's start), for the report. */
function errorCounter() {
  const counts = {};
  const note = (error) => {
    const key = error?.code ?? String(error?.message ?? error).slice(0, 80);
    counts[key] = (counts[key] ?? 0) + 1;
  };
  return { counts, note };
}

function sampleRss() {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / MB, heap: heapUsed / MB };
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function childMain([kind, paramsFile]) {
  const params = JSON.parse(readFileSync(paramsFile, 'utf8'));
  const { CodeIndex } = await import(DIST);
  const opened = await timed(() => CodeIndex.open({ root: params.root, cacheDir: params.cacheDir }));
  const index = opened.value;
  const out = { openMs: opened.ms };
  try {
    if (kind === 'warm') Object.assign(out, await warmQueries(index, params));
    else if (kind === 'soak') Object.assign(out, await soak(index, params));
    else throw new Error(`unknown child ${kind}`);
    out.stats = (({ files, totalSymbols, totalReferences, cache }) => ({ files, totalSymbols, totalReferences, parses: cache.parses }))(index.stats());
  } finally {
    index.close();
  }
  out.maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function warmQueries(index, { searches, definitions, warmupSearches, warmupDefinitions }) {
  const samples = [sampleRss()];
  const first = await timed(() => index.searchSymbols({ query: warmupSearches[0] }));
  for (const query of warmupSearches.slice(1)) await index.searchSymbols({ query });
  for (const site of warmupDefinitions ?? []) await index.findDefinitions(site).catch(() => undefined);
  samples.push(sampleRss());
  const searchTimes = [];
  let matched = 0;
  for (const [i, query] of searches.entries()) {
    const { ms, value } = await timed(() => index.searchSymbols({ query }));
    searchTimes.push(ms);
    if (value.total > 0) matched++;
    if (i % 20 === 19) samples.push(sampleRss());
    if (i % 50 === 49) process.stderr.write(`      searches ${i + 1}/${searches.length}\n`);
  }
  const definitionTimes = [];
  let found = 0;
  let bound = 0;
  const errors = errorCounter();
  for (const [i, site] of definitions.entries()) {
    const { ms, value } = await timed(() => index.findDefinitions({ file: site.file, line: site.line, column: site.column }).catch((error) => ({ error })));
    definitionTimes.push(ms);
    if (value.error) errors.note(value.error);
    else if (value.definitions.length > 0) {
      found++;
      if (value.resolution !== 'name_match') bound++;
    }
    if (i % 20 === 19) samples.push(sampleRss());
    if (i % 50 === 49) process.stderr.write(`      definitions ${i + 1}/${definitions.length}\n`);
  }
  return {
    firstSearchMs: first.ms,
    search: { ...summarize(searchTimes), matched },
    definitions: { ...summarize(definitionTimes), found, bound, errors: errors.counts },
    rss: samples.map((s) => s.rss),
    heap: samples.map((s) => s.heap),
  };
}

/** Appends a comment line to a file: a new file renamed over it (a hard link's other names keep the original). */
function appendLine(root, file, text) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  writeFileSync(`${path}.bench-scale-tmp`, `${before}${before.endsWith('\n') ? '' : '\n'}${text}\n`);
  renameSync(`${path}.bench-scale-tmp`, path);
}

async function soak(index, { root, queries, edits, searches, sites, editFiles }) {
  const random = prng(2929);
  const total = queries + edits;
  const editEvery = edits > 0 ? Math.max(1, Math.floor(total / edits)) : Infinity;
  const sampleEvery = Math.max(1, Math.floor(total / 60));
  const times = { search: [], definitions: [], analyze: [], references: [], edit: [] };
  const samples = [sampleRss()];
  let edited = 0;
  const errors = errorCounter();
  for (let op = 0; op < total; op++) {
    if (edited < edits && op % editEvery === 0) {
      const file = editFiles[edited++];
      appendLine(root, file, `/* bench-scale soak edit ${op} */`);
      times.edit.push((await timed(() => index.analyzeFile(file).catch(errors.note))).ms);
    } else {
      const draw = random();
      const site = sites[Math.floor(random() * sites.length)];
      const position = { file: site.file, line: site.line, column: site.column };
      const [kind, run] =
        draw < 0.4
          ? ['search', () => index.searchSymbols({ query: searches[Math.floor(random() * searches.length)] })]
          : draw < 0.8
            ? ['definitions', () => index.findDefinitions(position)]
            : draw < 0.9
              ? ['analyze', () => index.analyzeFile(site.file)]
              : ['references', () => index.findReferences(position)];
      times[kind].push((await timed(() => run().catch(errors.note))).ms);
    }
    if (op % sampleEvery === sampleEvery - 1) samples.push(sampleRss());
    if (op % 500 === 499) process.stderr.write(`      soak ${op + 1}/${total}, RSS ${samples.at(-1).rss.toFixed(0)} MB\n`);
  }
  samples.push(sampleRss());
  return {
    edited,
    errors: errors.counts,
    times: Object.fromEntries(Object.entries(times).map(([kind, list]) => [kind, summarize(list)])),
    rss: samples.map((s) => s.rss),
    heap: samples.map((s) => s.heap),
  };
}

// ---- stages -------------------------------------------------------------------------------------------------------

const failures = [];

/** Runs a stage; a failure is reported, recorded and returned as undefined (the stages that need it are skipped). */
async function stage(name, fn) {
  progress(name);
  try {
    return await fn();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push({ stage: name, message });
    console.error(`\n!! ${name} failed: ${message}\n`);
    return undefined;
  }
}

async function ctagsStage(tools, tree, runs, timeoutMs) {
  const tagsFile = join(workDir, 'tags');
  const run = await best(Math.max(runs, 3), async () =>
    expectOk(await runProcess('ctags -R', tools.ctags, ['-R', '-f', tagsFile, '.'], { cwd: tree, timeoutMs })),
  );
  return { wallMs: run.wallMs, maxRssMb: run.maxRssMb, tagsFile, tagsBytes: (await stat(tagsFile)).size };
}

async function coldStage(tree, runs, timeoutMs) {
  const caches = [];
  const run = await best(runs, async (i) => {
    const cacheDir = join(workDir, `index-${i}`);
    caches.push(cacheDir);
    const result = expectOk(await cli('code-index index', ['index', '--root', tree, '--cache-dir', cacheDir, '--json'], { timeoutMs }));
    return { wallMs: result.wallMs, maxRssMb: result.maxRssMb, summary: parseJson(result), cacheDir };
  });
  for (const dir of caches) if (dir !== run.cacheDir) await rm(dir, { recursive: true, force: true });
  return run;
}

async function scipStage(tree, cacheDir, timeoutMs) {
  const output = join(workDir, 'index.scip');
  const result = expectOk(await cli('code-index scip', ['scip', '--root', tree, '--cache-dir', cacheDir, '--output', output, '--json'], { timeoutMs }));
  const counts = scipCounts(readFileSync(output));
  await rm(output, { force: true });
  return { wallMs: result.wallMs, maxRssMb: result.maxRssMb, summary: parseJson(result), ...counts };
}

/**
 * Counts a SCIP index's documents (Index field 2), their occurrences and symbols (Document fields 2 and 3) and the
 * external symbols (Index field 3) by walking the protobuf wire format: no decoder builds the messages of the file.
 */
function scipCounts(bytes) {
  const fields = (buffer, start, end, visit) => {
    let at = start;
    const varint = () => {
      let value = 0;
      let shift = 0;
      for (;;) {
        const byte = buffer[at++];
        value += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) return value;
        shift += 7;
      }
    };
    while (at < end) {
      const tag = varint();
      const wire = tag & 7;
      if (wire === 0) varint();
      else if (wire === 1) at += 8;
      else if (wire === 5) at += 4;
      else if (wire === 2) {
        const length = varint();
        visit(tag >>> 3, at, at + length);
        at += length;
      } else throw new Error(`SCIP file: wire type ${wire} at byte ${at}`);
    }
    if (at !== end) throw new Error(`SCIP file: a field runs past its message (${at} > ${end})`);
  };
  const counts = { documents: 0, occurrences: 0, symbols: 0, externalSymbols: 0 };
  fields(bytes, 0, bytes.length, (field, start, end) => {
    if (field === 3) counts.externalSymbols++;
    if (field !== 2) return;
    counts.documents++;
    fields(bytes, start, end, (inner) => {
      if (inner === 2) counts.occurrences++;
      else if (inner === 3) counts.symbols++;
    });
  });
  return counts;
}

async function firstAnswer(label, args, tree, cacheDir) {
  return best(3, async () => {
    const result = expectOk(await cli(label, [...args, '--root', tree, '--cache-dir', cacheDir], { timeoutMs: 5 * MINUTE }));
    return { wallMs: result.wallMs, maxRssMb: result.maxRssMb, firstLine: result.stdout.trim().split('\n')[0]?.slice(0, 160) ?? '', lines: result.stdout.trim().split('\n').length };
  });
}

async function readtagsStage(tools, tagsFile, searches) {
  const first = await best(3, async () =>
    expectOk(await runProcess(`readtags ${FIRST.symbol}`, tools.readtags, ['-t', tagsFile, FIRST.symbol], { timeoutMs: MINUTE })),
  );
  const times = [];
  for (const query of searches) {
    const args = query.endsWith('*') ? ['-t', tagsFile, '-p', query.slice(0, -1)] : ['-t', tagsFile, query];
    times.push(expectOk(await runProcess(`readtags ${query}`, tools.readtags, args, { timeoutMs: MINUTE, rss: false })).wallMs);
  }
  return { first: { wallMs: first.wallMs, maxRssMb: first.maxRssMb }, search: summarize(times) };
}

async function killStage(tree, cold, names, timeoutMs) {
  const random = prng(29);
  const cacheDir = join(workDir, 'index-killed');
  const killAtMs = cold.wallMs * (0.2 + 0.6 * random());
  progress(`kill -9: code-index index, killed at ${sec(killAtMs)} s (of a ${sec(cold.wallMs)} s cold index)`);
  const first = await cli('code-index index (to be killed)', ['index', '--root', tree, '--cache-dir', cacheDir], { timeoutMs, rss: false, killAtMs });
  if (!first.killed) expectOk(first);
  const stored = existsSync(cacheDir) ? await folderSize(cacheDir) : { bytes: 0 };
  const second = expectOk(await cli('code-index index (after kill -9)', ['index', '--root', tree, '--cache-dir', cacheDir, '--json'], { timeoutMs }));
  const summary = parseJson(second);
  const reference = cold.summary;
  const counts = ['files', 'symbols', 'references'].filter((key) => summary[key] !== reference[key]);
  const compared = [];
  for (const name of names) {
    const args = ['symbols', name, '--json', '--limit', '1000', '--root', tree];
    const a = await cli(`symbols ${name} (uninterrupted index)`, [...args, '--cache-dir', cold.cacheDir], { timeoutMs: 5 * MINUTE });
    const b = await cli(`symbols ${name} (resumed index)`, [...args, '--cache-dir', cacheDir], { timeoutMs: 5 * MINUTE });
    expectOk(a, [0, 1]);
    expectOk(b, [0, 1]);
    compared.push({ name, equal: a.code === b.code && a.stdout === b.stdout, total: a.code === 0 ? parseJson(a).total : 0 });
  }
  await rm(cacheDir, { recursive: true, force: true });
  return {
    killAtMs,
    killed: first.killed,
    storedBytesAtKill: stored.bytes,
    wallMs: second.wallMs,
    maxRssMb: second.maxRssMb,
    parsed: summary.parsed,
    files: summary.files,
    summary,
    countsDiffer: counts,
    answers: compared,
    equal: compared.filter((c) => c.equal).length,
  };
}

/**
 * `code-index mcp` on the tree, under GNU time, through the MCP SDK's client (as check-robustness drives it):
 * `call(tool, args, progress?)` answers the tool's text (or throws its error); `close()` ends it and reads its peak RSS.
 */
async function mcpServer(label, tree, cacheDir, timeoutMs) {
  const timeFile = join(workDir, `time-${timeFiles++}.txt`);
  const transport = new StdioClientTransport({
    command: timeBinary,
    args: ['-f', '%M', '-o', timeFile, process.execPath, CLI, 'mcp', '--root', tree, '--toolset', 'all', '--cache-dir', cacheDir],
    cwd: REPO,
    env: { ...process.env, NO_COLOR: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bench-scale', version: '1.0.0' });
  await client.connect(transport);
  // Read, so that a full pipe never stops the server.
  transport.stderr?.on('data', () => {});
  const server = { label, progress: 0, retries: 0 };
  // Each call may wait for the whole index; the stage's own limit bounds it.
  const options = { timeout: timeoutMs, resetTimeoutOnProgress: true, onprogress: () => server.progress++ };
  server.call = async (tool, args) => {
    for (;;) {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, options);
      const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
      // A first call waits for the whole index: past the tool's time budget it is abandoned while the index goes on,
      // and an agent calls again.
      if (result.isError && text.includes('TOOL_TIMEOUT') && text.includes('the indexing goes on')) {
        server.retries++;
        continue;
      }
      if (result.isError) throw new Error(`${label}: ${tool} failed: ${text.slice(0, 300)}`);
      return text;
    }
  };
  server.close = async () => {
    await client.close();
    const last = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) : undefined;
    rmSync(timeFile, { force: true });
    return { code: 0, maxRssMb: /^\d+$/.test(last ?? '') ? Number(last) / 1024 : undefined };
  };
  return server;
}

async function serversStage(tree, cold, names, timeoutMs) {
  const cacheDir = join(workDir, 'index-servers');
  const servers = await Promise.all([mcpServer('MCP server A', tree, cacheDir, timeoutMs), mcpServer('MCP server B', tree, cacheDir, timeoutMs)]);
  const started = performance.now();
  const answers = [];
  let firstMs;
  let exits;
  try {
    // Both index the tree at once (the first call waits for it), then every name is asked of both at once.
    const first = await Promise.all(
      servers.map(async (server) => {
        const text = await server.call('find_symbols', { pattern: names[0] });
        return { text, ms: performance.now() - started };
      }),
    );
    firstMs = first.map((f) => f.ms);
    answers.push({ name: names[0], equal: first[0].text === first[1].text });
    for (const name of names.slice(1)) {
      const [a, b] = await Promise.all(servers.map((server) => server.call('find_symbols', { pattern: name })));
      answers.push({ name, equal: a === b });
    }
  } finally {
    exits = await Promise.all(servers.map((server) => server.close()));
  }
  const after = expectOk(await cli('code-index index (after the two servers)', ['index', '--root', tree, '--cache-dir', cacheDir, '--json'], { timeoutMs }));
  const summary = parseJson(after);
  const counts = ['files', 'symbols', 'references'].filter((key) => summary[key] !== cold.summary[key]);
  const compared = [];
  for (const name of names) {
    const args = ['symbols', name, '--json', '--limit', '1000', '--root', tree];
    const a = expectOk(await cli(`symbols ${name} (cold index)`, [...args, '--cache-dir', cold.cacheDir], { timeoutMs: 5 * MINUTE }), [0, 1]);
    const b = expectOk(await cli(`symbols ${name} (the servers' index)`, [...args, '--cache-dir', cacheDir], { timeoutMs: 5 * MINUTE }), [0, 1]);
    compared.push({ name, equal: a.code === b.code && a.stdout === b.stdout });
  }
  await rm(cacheDir, { recursive: true, force: true });
  return {
    firstMs,
    progress: servers.map((server) => server.progress),
    retries: servers.map((server) => server.retries),
    maxRssMb: exits.map((exit) => exit.maxRssMb),
    exits: exits.map((exit) => exit.signal ?? exit.code),
    serversEqual: answers.filter((a) => a.equal).length,
    answers,
    after: { wallMs: after.wallMs, parsed: summary.parsed, files: summary.files, countsDiffer: counts },
    coldEqual: compared.filter((c) => c.equal).length,
    compared,
  };
}

// ---- main ---------------------------------------------------------------------------------------------------------

function errorText(counts) {
  const entries = Object.entries(counts);
  return entries.length === 0 ? 'none' : entries.map(([code, n]) => `${n} ${code}`).join(', ');
}

function met(ok) {
  return ok === undefined ? '-' : ok ? 'met' : 'NOT met';
}

function report(r, args) {
  const T = TARGETS;
  const rows = [['', 'ctags', 'code-index', 'ratio', 'target', 'met?']];
  const cell = (m) => (m ? `${sec(m.wallMs)} s, ${m.maxRssMb?.toFixed(0) ?? '?'} MB` : 'failed');
  const { ctags, cold, first, readtags, warm, soak: soakRun, disk, kill } = r;
  const coldRatio = ctags && cold ? cold.wallMs / ctags.wallMs : undefined;
  rows.push([
    'cold index',
    cell(ctags),
    cell(cold),
    coldRatio !== undefined ? `${ratio(coldRatio)}x time, ${ratio(cold.maxRssMb / ctags.maxRssMb)}x RSS` : '-',
    `<= ${T.coldVsCtags}x ctags, <= ${T.coldRssMb} MB`,
    met(coldRatio !== undefined ? coldRatio <= T.coldVsCtags && cold.maxRssMb <= T.coldRssMb : undefined),
  ]);
  const firstRow = (label, m, limitS, ctagsSide) => [
    label,
    ctagsSide ? cell(ctagsSide) : '-',
    m ? cell(m) : 'failed',
    m && ctagsSide ? `${ratio(m.wallMs / ctagsSide.wallMs)}x readtags` : '-',
    `<= ${limitS} s, <= ${T.firstRssMb} MB`,
    met(m ? m.wallMs <= limitS * 1000 && m.maxRssMb <= T.firstRssMb : undefined),
  ];
  rows.push(firstRow(`first symbols (${FIRST.symbol})`, first?.symbols, T.firstSymbolsS, readtags?.first));
  rows.push(firstRow(`first def (${r.defPosition ?? '?'})`, first?.def, T.firstDefS));
  rows.push(firstRow(`first analyze (${FIRST.analyzeFile})`, first?.analyze, T.firstAnalyzeS));
  const pair = (q) => (q ? `${msText(q.p50)} / ${msText(q.p95)} ms` : 'failed');
  rows.push([
    'warm search p50 / p95',
    readtags ? `${pair(readtags.search)} (readtags)` : '-',
    pair(warm?.search),
    warm && readtags ? `${ratio(warm.search.p95 / readtags.search.p95)}x readtags` : '-',
    `p95 <= ${T.searchP95Ms} ms`,
    met(warm ? warm.search.p95 <= T.searchP95Ms : undefined),
  ]);
  rows.push(['warm definitions p50 / p95', '-', pair(warm?.definitions), '-', `p95 <= ${T.definitionsP95Ms} ms`, met(warm ? warm.definitions.p95 <= T.definitionsP95Ms : undefined)]);
  if (args.soak) {
    rows.push([
      `RSS steady (soak: ${thousands(args.soakQueries)} queries, ${thousands(args.soakEdits)} edits)`,
      '-',
      soakRun ? `${soakRun.steadyMb.toFixed(0)} MB` : 'failed',
      '-',
      `<= ${T.steadyRssMb} MB`,
      met(soakRun ? soakRun.steadyMb <= T.steadyRssMb : undefined),
    ]);
  } else {
    const peak = warm ? Math.max(...warm.rss) : undefined;
    rows.push(['RSS steady (warm queries only; --soak)', '-', peak !== undefined ? `${peak.toFixed(0)} MB` : 'failed', '-', `<= ${T.steadyRssMb} MB (soak)`, peak !== undefined ? `${met(peak <= T.steadyRssMb)} (no soak)` : '-']);
  }
  rows.push([
    'on disk',
    ctags ? `${mb(ctags.tagsBytes)} MB tags` : '-',
    disk ? `${mb(disk.bytes)} MB` : 'failed',
    disk ? `${ratio(disk.bytes / r.tree.sourceBytes)}x source${ctags ? `, ${ratio(disk.bytes / ctags.tagsBytes)}x tags` : ''}` : '-',
    `<= ${T.diskVsSource}x source (${mb(r.tree.sourceBytes)} MB)`,
    met(disk ? disk.bytes <= T.diskVsSource * r.tree.sourceBytes : undefined),
  ]);
  if (args.kill) {
    rows.push([
      'kill -9, then index',
      '-',
      kill ? `${cell(kill)}, parsed ${thousands(kill.parsed)} of ${thousands(kill.files)}` : 'failed',
      kill ? `killed at ${sec(kill.killAtMs)} s${kill.killed ? '' : ' (had ended)'}; answers equal ${kill.equal}/${kill.answers.length}` : '-',
      'finishes, parses only the rest, equal answers',
      met(kill ? kill.killed && kill.parsed < kill.files && kill.equal === kill.answers.length && kill.countsDiffer.length === 0 : undefined),
    ]);
  }
  if (args.servers) {
    const v = r.servers;
    rows.push([
      'two MCP servers at once',
      '-',
      v ? `${v.firstMs.map((ms) => `${sec(ms)} s`).join(', ')}; ${v.maxRssMb.map((m) => `${m?.toFixed(0)} MB`).join(', ')}` : 'failed',
      v ? `equal ${v.serversEqual}/${v.answers.length}; then parsed ${thousands(v.after.parsed)}, equal to cold ${v.coldEqual}/${v.compared.length}` : '-',
      'both answer, equally; then as the cold index',
      met(v ? v.serversEqual === v.answers.length && v.coldEqual === v.compared.length && v.after.countsDiffer.length === 0 : undefined),
    ]);
  }
  if (args.scip) {
    const x = r.scip;
    rows.push([
      'SCIP export (code-index scip)',
      '-',
      x ? `${cell(x)}, ${mb(x.summary.bytes)} MB` : 'failed',
      x ? `${thousands(x.documents)} documents, ${thousands(x.occurrences)} occurrences, ${thousands(x.symbols)} symbols, ${thousands(x.externalSymbols)} external` : '-',
      '(none: README)',
      '-',
    ]);
  }
  console.log(formatTable(rows));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) return childMain(args.child);
  if (!existsSync(CLI) || !existsSync(DIST)) throw new Error('dist/ is missing: npm run build first');
  workDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  const cleanup = () => {
    for (const child of live) killGroup(child);
    restoreEdits();
    if (!args.keep) rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping (children killed, edited files restored)`);
      cleanup();
      process.exit(130);
    });
  }
  try {
    return await measure(args);
  } finally {
    cleanup();
    if (args.keep) console.log(`\nkept: ${workDir}`);
  }
}

async function measure(args) {
  await mkdir(CACHE_DIR, { recursive: true });
  restoreEdits();
  await gnuTime();
  const tools = await ctagsBinaries(args);
  const source = await kernelSource(args);
  const tree = args.full ? source : await kernelSlice(source);
  progress(`reading every file of ${tree} once (page cache)`);
  const scan = await scanTree(tree);
  const scale = Math.max(1, scan.cFiles.length / SLICE_FILES);
  const indexTimeout = 30 * MINUTE * scale;
  const { defaultThreads } = await import(new URL('../dist/engine/pool.js', import.meta.url).href).catch(() => ({}));
  const r = { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model ?? 'cpu', cores: availableParallelism(), parseThreads: defaultThreads?.(), tree: { root: tree, full: args.full, files: scan.files, cFiles: scan.cFiles.length, sourceBytes: scan.sourceBytes, totalBytes: scan.totalBytes }, ctagsVersion: tools.version, rssMechanism: `GNU time %M (${timeBinary})`, targets: TARGETS };
  console.log(
    `# bench:scale — ${r.date}, Node ${r.node}, ${r.cpu} x${r.cores}${r.parseThreads ? ` (parse threads: ${r.parseThreads})` : ''}; ${tools.version}; peak RSS: GNU time %M\n` +
      `# tree: ${tree}${args.full ? ' (the whole linux-source-6.1)' : ` (slice: ${SLICE_DIRS.join(' ')})`}: ${thousands(scan.files)} files, ${thousands(scan.cFiles.length)} .c/.h files of ${mb(scan.sourceBytes)} MB`,
  );

  r.ctags = await stage(`ctags -R (best of ${Math.max(args.runs, 3)})`, () => ctagsStage(tools, tree, args.runs, 10 * MINUTE * scale));
  const tags = r.ctags ? await stage('reading the tags file', () => readTags(r.ctags.tagsFile)) : undefined;
  r.cold = await stage(`code-index index, cold (best of ${args.runs})`, () => coldStage(tree, args.runs, indexTimeout));
  if (r.cold) r.disk = await stage('index size on disk', () => folderSize(r.cold.cacheDir));

  const defLine = await stage(`the first call of ${FIRST.symbol} in ${FIRST.defFile}`, () => firstCall(tree, FIRST.defFile, FIRST.symbol));
  r.defPosition = defLine ? `${FIRST.defFile}:${defLine}:${FIRST.symbol}` : undefined;
  if (r.cold) {
    const cacheDir = r.cold.cacheDir;
    const answer = (args) => stage(`first answer: code-index ${args.join(' ')} (a new process, best of 3)`, () => firstAnswer(args.join(' '), args, tree, cacheDir));
    r.first = {
      symbols: await answer(['symbols', FIRST.symbol]),
      def: r.defPosition ? await answer(['def', r.defPosition]) : undefined,
      analyze: await answer(['analyze', FIRST.analyzeFile]),
    };
  }

  let searches;
  let sites;
  let warmup;
  if (tags) {
    const random = prng(29);
    searches = drawSearches(tags.names, WARM.searches, random);
    warmup = { searches: drawSearches(tags.names, WARM.warmup, random) };
    sites = await stage('drawing call sites', () => drawCallSites(tree, scan.cFiles, tags.functions, args.soak ? 1000 : WARM.definitions + WARM.warmup, random));
    if (sites) warmup.definitions = sites.slice(WARM.definitions, WARM.definitions + WARM.warmup);
    if (tools.readtags && r.ctags) r.readtags = await stage('readtags (a new process per query)', () => readtagsStage(tools, r.ctags.tagsFile, searches));
  }

  if (args.kill && r.cold && tags) {
    const random = prng(2929);
    const names = [FIRST.symbol, ...drawSearches([...tags.functions].sort(), KILL_NAMES * 2, random).filter((q) => !q.endsWith('*'))];
    r.kill = await stage('kill -9 and resume', () => killStage(tree, r.cold, names, indexTimeout));
  }

  if (args.servers && r.cold && tags) {
    const random = prng(2929);
    const names = [FIRST.symbol, ...drawSearches([...tags.functions].sort(), KILL_NAMES * 2, random).filter((q) => !q.endsWith('*'))];
    r.servers = await stage('two MCP servers on the tree at once', () => serversStage(tree, r.cold, names, indexTimeout * 2));
  }

  if (args.scip && r.cold) r.scip = await stage('code-index scip on the index just built', () => scipStage(tree, r.cold.cacheDir, indexTimeout));

  if (r.cold && searches && sites) {
    r.warm = await stage(`warm library queries (${WARM.searches} searches, ${WARM.definitions} definitions)`, () =>
      libraryChild(
        'warm',
        { root: tree, cacheDir: r.cold.cacheDir, searches, definitions: sites.slice(0, WARM.definitions), warmupSearches: warmup.searches, warmupDefinitions: warmup.definitions },
        90 * MINUTE * scale,
      ),
    );
  }

  if (args.soak && r.cold && searches && sites) {
    r.soak = await stage(`soak (${args.soakQueries} queries, ${args.soakEdits} edits)`, async () => {
      const random = prng(290);
      const editFiles = Array.from({ length: args.soakEdits }, () => scan.cFiles[Math.floor(random() * scan.cFiles.length)]);
      backupEdits(tree, editFiles);
      try {
        const soakSearches = drawSearches(tags.names, 1000, random);
        const ops = args.soakQueries + args.soakEdits;
        const result = await libraryChild('soak', { root: tree, cacheDir: r.cold.cacheDir, queries: args.soakQueries, edits: args.soakEdits, searches: soakSearches, sites, editFiles }, Math.max(60 * MINUTE, 3000 * ops) * scale);
        const third = Math.max(1, Math.floor(result.rss.length / 3));
        const mean = (list) => list.reduce((n, x) => n + x, 0) / list.length;
        return { ...result, steadyMb: Math.max(...result.rss.slice(third)), thirds: [mean(result.rss.slice(0, third)), mean(result.rss.slice(third, -third)), mean(result.rss.slice(-third))] };
      } finally {
        restoreEdits();
      }
    });
  }

  heading(`Scale (issue 29): ${args.full ? 'the whole kernel' : 'the kernel slice'}, code-index (dist/) beside ctags`);
  report(r, args);
  console.log();
  if (r.cold) {
    const s = r.cold.summary;
    console.log(`index: ${thousands(s.files)} files, ${thousands(s.symbols)} symbols, ${thousands(s.references)} references, ${thousands(s.parsed)} parsed, ${s.skipped} skipped`);
  }
  if (r.first) {
    for (const [name, m] of Object.entries(r.first)) if (m) console.log(`first ${name}: ${m.lines} lines, the first: ${m.firstLine}`);
  }
  if (r.warm) {
    const w = r.warm;
    console.log(
      `warm: open ${msText(w.openMs)} ms, first search ${msText(w.firstSearchMs)} ms; searches matched ${w.search.matched}/${w.search.count} (max ${msText(w.search.max)} ms); ` +
        `definitions found ${w.definitions.found}/${w.definitions.count}, bound ${w.definitions.bound}, errors ${errorText(w.definitions.errors)} (max ${msText(w.definitions.max)} ms); ` +
        `RSS ${Math.min(...w.rss).toFixed(0)}-${Math.max(...w.rss).toFixed(0)} MB sampled, process peak ${w.peakRssMb?.toFixed(0)} MB`,
    );
  }
  if (r.soak) {
    const k = r.soak;
    console.log(
      `soak: RSS MB first ${k.rss[0].toFixed(0)}, max ${Math.max(...k.rss).toFixed(0)}, last ${k.rss.at(-1).toFixed(0)}; mean of the thirds ${k.thirds.map((x) => x.toFixed(0)).join(' / ')}; ` +
        `process peak ${k.peakRssMb?.toFixed(0)} MB; ${k.edited} edits, errors ${errorText(k.errors)}; ` +
        Object.entries(k.times)
          .filter(([, t]) => t)
          .map(([kind, t]) => `${kind} p50 ${msText(t.p50)} / p95 ${msText(t.p95)} ms (${t.count})`)
          .join(', '),
    );
  }
  if (r.kill) {
    const k = r.kill;
    console.log(
      `kill -9 at ${sec(k.killAtMs)} s${k.killed ? '' : ' (the index had already ended)'} (${mb(k.storedBytesAtKill)} MB stored); index again: ${sec(k.wallMs)} s, ${k.maxRssMb?.toFixed(0)} MB, parsed ${thousands(k.parsed)} of ${thousands(k.files)} files; ` +
        `files/symbols/references ${k.countsDiffer.length === 0 ? 'equal' : `differ (${k.countsDiffer.join(', ')})`}; symbols answers equal for ${k.answers.filter((a) => a.equal).map((a) => a.name).join(', ') || 'none'}` +
        (k.equal < k.answers.length ? `; DIFFERENT for ${k.answers.filter((a) => !a.equal).map((a) => a.name).join(', ')}` : ''),
    );
  }
  if (r.servers) {
    const v = r.servers;
    console.log(
      `two MCP servers: first answers after ${v.firstMs.map((ms) => `${sec(ms)} s`).join(' and ')} (${v.progress.join(' and ')} progress notifications, ${v.retries.join(' and ')} calls again after TOOL_TIMEOUT), peak RSS ${v.maxRssMb.map((m) => `${m?.toFixed(0)} MB`).join(' and ')}, exits ${v.exits.join(', ')}; ` +
        `answers equal between them ${v.serversEqual}/${v.answers.length}; index after them: ${sec(v.after.wallMs)} s, parsed ${thousands(v.after.parsed)} of ${thousands(v.after.files)}, files/symbols/references ${v.after.countsDiffer.length === 0 ? 'equal' : `differ (${v.after.countsDiffer.join(', ')})`}; ` +
        `symbols answers equal to the cold index's ${v.coldEqual}/${v.compared.length}`,
    );
  }
  if (r.disk) console.log(`on disk: ${mb(r.disk.bytes)} MB (${mb(r.disk.allocated)} MB allocated); the tree: ${mb(scan.totalBytes)} MB, of which .c/.h ${mb(scan.sourceBytes)} MB`);
  if (args.json) {
    await writeFile(args.json, `${JSON.stringify({ ...r, failures }, null, 2)}\n`);
    console.log(`numbers written to ${args.json}`);
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} stage(s) failed: ${failures.map((f) => f.stage).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
