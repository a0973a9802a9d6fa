#!/usr/bin/env node
// Proof that a speed change changes no output: the stored facts of N files of a tree, from two builds of the package,
// compared as JSON file by file (every field but `parseTimeMs`, which is a measurement). Each build analyzes the files
// in a child process of its own, exactly as a parse thread does (runAnalysisJob), and writes one JSON line per file.
//
// Usage: node scripts/compare-facts.mjs DIR --base ROOT [--files N] [--timeout MS] [--show K]
//   DIR         a tree; its files of registered languages in path order (as profile-extract.mjs takes them)
//   --base ROOT the other build: a folder holding the package as it was (dist/ built, queries/, grammars/,
//               node_modules), e.g. `git archive <commit> | tar -x -C ROOT`, a node_modules symlink, `npm run build`
//   --files N   how many files (default 300)
//   --timeout MS  each file's analysis budget (default: the index's)
//   --show K    print the first difference of up to K files (default 10)
// Exit code 1 when any file differs. Needs a current build of this checkout too (npm run build).
import { execFileSync } from 'node:child_process';
import { readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Files of registered languages under `dir`, in path order, the first `limit`. */
function listFiles(dir, registry, limit) {
  const found = [];
  const walk = (folder) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= limit) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile()) {
        const file = relative(dir, path).split('\\').join('/');
        const { language } = registry.detectLanguage(file);
        if (language) found.push({ file, language });
      }
    }
  };
  walk(dir);
  return found;
}

/** In the child: the facts of each file by the build at `build`, one JSON line each, to stdout. */
async function dump(build, dir, limit, timeout) {
  const load = (path) => import(join(build, 'dist', path));
  const [{ createDefaultRegistry }, { runAnalysisJob }, { MemoryStore }, { DEFAULT_MAX_FILE_SIZE, DEFAULT_PARSE_TIMEOUT_MS }] = await Promise.all([
    load('languages/bundled.js'),
    load('engine/analyze-file.js'),
    load('engine/store.js'),
    load('code-index.js'),
  ]);
  const registry = createDefaultRegistry();
  const context = {
    root: dir,
    registry,
    store: new MemoryStore(),
    limits: { maxFileSize: DEFAULT_MAX_FILE_SIZE, parseTimeoutMs: timeout || DEFAULT_PARSE_TIMEOUT_MS },
    disabledLanguages: new Set(),
    returnFacts: true,
  };
  const lines = [];
  for (const { file, language } of listFiles(dir, registry, limit)) {
    const outcome = await runAnalysisJob({ file, language, key: language }, context);
    if ('error' in outcome) {
      lines.push(JSON.stringify({ file, error: outcome.error.code }));
      continue;
    }
    // A measurement, not a fact.
    const facts = { ...outcome.facts };
    delete facts.parseTimeMs;
    lines.push(JSON.stringify({ file, facts, summary: outcome.entry.summary }));
  }
  registry.dispose();
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The first place two JSON values differ, as a path and the two values (cut short). */
function firstDifference(a, b, path = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  const cut = (value) => (JSON.stringify(value) ?? 'undefined').slice(0, 300);
  return `${path || '.'}: ${cut(a)} -> ${cut(b)}`;
}

const argv = process.argv.slice(2);
if (argv[0] === '--dump') {
  await dump(argv[1], argv[2], Number(argv[3]), Number(argv[4]));
} else {
  const options = { dir: undefined, base: undefined, files: 300, timeout: 0, show: 10 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--base') options.base = argv[++i];
    else if (arg === '--files') options.files = Number(argv[++i]);
    else if (arg === '--show') options.show = Number(argv[++i]);
    else if (arg === '--timeout') options.timeout = Number(argv[++i]);
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else options.dir = arg;
  }
  if (!options.dir || !options.base) throw new Error('Usage: node scripts/compare-facts.mjs DIR --base ROOT [--files N] [--timeout MS] [--show K]');
  const dir = realpathSync(resolve(options.dir));
  const run = (build) => {
    const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--dump', resolve(build), dir, String(options.files), String(options.timeout)], {
      encoding: 'utf8',
      maxBuffer: 4 * 1024 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return new Map(
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const record = JSON.parse(line);
          return [record.file, record];
        }),
    );
  };
  const before = run(options.base);
  const after = run(ROOT);
  const differing = [];
  for (const file of new Set([...before.keys(), ...after.keys()])) {
    const difference = firstDifference(before.get(file), after.get(file));
    if (difference) differing.push(`${file}: ${difference}`);
  }
  const errors = [...after.values()].filter((record) => record.error).length;
  console.log(`${after.size} files compared (${errors} with an error in both or either), ${differing.length} differ`);
  for (const line of differing.slice(0, options.show)) console.log(`  ${line}`);
  if (differing.length > 0) process.exitCode = 1;
}
