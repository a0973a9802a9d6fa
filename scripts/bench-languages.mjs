#!/usr/bin/env node
// First use of each language: what a fresh process pays before it can parse and extract one file of it.
//
// Usage: npm run bench:languages -- [ID ...] [--runs N] [--json] [--patterns [--top N]]
//   (= node scripts/bench-languages.mjs ...). Needs a current build (npm run build): it imports dist/index.js.
//
// For every language (or the ids given), N times (5 by default), a fresh `node` process imports dist/index.js (the
// `import` column), creates the default registry from tsc's modules (dist/languages/bundled.js: the bundle has its own
// copy, and the registry must find the grammar in the cache of the loader the script calls) and times:
//   init     web-tree-sitter's runtime (Parser.init(): the WASM module), once per process;
//   grammar  the grammar's .wasm loaded, through the SDK's loadGrammar (which keeps it for the process);
//   compile  then registry.load(id): the grammar is loaded already, so this is reading the language's query files
//            and compiling them (concatenated, as one `new Query`), plus creating its parser;
//   total    init + grammar + compile: a language's first use.
// Each column is the minimum over the runs (the machine is shared: the minimum is the least disturbed run), and
// `total` is the minimum of the runs' totals, not the sum of the minimums. The table is sorted by total; `import`
// (loading dist/index.js, paid once per process whatever the language) is shown apart and not in the total.
//
// --patterns  instead of the table, the cost of each pattern of one language's query: every top-level pattern
//             compiled alone (in one process, min of N), the most expensive first (--top N, 25 by default), with
//             its file, line and first line of text. A pattern's cost alone is close to what it adds to the whole
//             query: ts_query_new analyses every pattern separately against the parse table, after one scan of
//             the table whose cost every query pays (the `(empty)` row: a query of one trivial pattern).
// --json      the rows as JSON (for comparisons).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(import.meta.url);
const distIndex = new URL('../dist/index.js', import.meta.url);

// ---- arguments ------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { ids: [], runs: 5, json: false, patterns: false, top: 25, child: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--top') args.top = Number(value());
    else if (flag === '--json') args.json = true;
    else if (flag === '--patterns') args.patterns = true;
    else if (flag === '--child') args.child = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node scripts/bench-languages.mjs [ID ...] [--runs N] [--json] [--patterns [--top N]]');
      process.exit(0);
    } else if (flag.startsWith('-')) throw new Error(`Unknown argument ${argv[i]}`);
    else args.ids.push(argv[i]);
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs needs a positive integer');
  if (!Number.isInteger(args.top) || args.top < 1) throw new Error('--top needs a positive integer');
  if (args.patterns && !args.child && args.ids.length !== 1) throw new Error('--patterns needs exactly one language id');
  return args;
}

// ---- query text -----------------------------------------------------------------------------------------------

async function querySources(definition) {
  return Promise.all(
    definition.queries.map(async (source) => {
      if (typeof source === 'string') return { name: source, text: await readFile(source, 'utf8') };
      if (source instanceof URL) return { name: fileURLToPath(source), text: await readFile(source, 'utf8') };
      return { name: '(inline)', text: source.text };
    }),
  );
}

/**
 * Splits a query file into its top-level patterns, each with the predicates that follow it: a pattern is a run
 * of top-level forms that starts with a node, an alternation or a string, and takes the `(#...)` predicates,
 * quantifiers and captures up to the next such form. Comments and strings are skipped.
 */
function splitPatterns(text) {
  const patterns = [];
  let depth = 0;
  let line = 1;
  let current;
  const close = (end) => {
    if (current) patterns.push({ ...current, text: text.slice(current.start, end).trim() });
    current = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (ch === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      line++;
      continue;
    }
    if (ch === '"') {
      if (depth === 0) {
        close(i);
        current = { start: i, line };
      }
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (depth === 0 && (ch === '(' || ch === '[') && !(ch === '(' && text[i + 1] === '#')) {
      close(i);
      current = { start: i, line };
    }
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
  }
  close(text.length);
  return patterns;
}

/** The registry's default resolution of a file in an installed package (see resolveWithNode in registry.ts). */
function resolvePackageFile(file) {
  const require = createRequire(distIndex);
  const specifier = `${file.package}/${file.file}`;
  try {
    return require.resolve(specifier);
  } catch {
    for (const folder of require.resolve.paths(file.package) ?? []) {
      try {
        return require.resolve(`${folder}/${specifier}`);
      } catch {
        // keep looking
      }
    }
    throw new Error(`Cannot find ${specifier}`);
  }
}

// ---- child: one measurement in a fresh process ---------------------------------------------------------------

async function child(id, mode, runs, top) {
  const t0 = performance.now();
  await import(distIndex.href);
  const importMs = performance.now() - t0;
  // The registry and the grammar loader from tsc's modules, not the bundle (dist/index.js, see scripts/bundle.mjs): the
  // grammar loaded first must be the one the registry finds in its loader's cache, so both come from one module graph.
  const { createDefaultRegistry } = await import(new URL('../dist/languages/bundled.js', import.meta.url).href);
  const { loadGrammar } = await import(new URL('../dist/runtime/tree-sitter.js', import.meta.url).href);
  const { Parser, Query } = await import('web-tree-sitter');
  // The grammar's file, resolved as the registry resolves it, so that loading it first (timed apart) leaves
  // registry.load(id) the query compile only (grammar files are loaded once per process, see loadGrammar).
  let grammarFile;
  const registry = createDefaultRegistry({
    resolvePackageFile: (file) => (grammarFile = resolvePackageFile(file)),
  });
  const definition = registry.get(id);
  if (!definition) throw new Error(`Unknown language ${id}`);
  const grammar = definition.grammar;
  if (typeof grammar === 'string' || grammar instanceof URL) grammarFile = grammar;
  else if (grammar && typeof grammar === 'object' && 'package' in grammar) grammarFile = resolvePackageFile(grammar);

  let started = performance.now();
  await Parser.init();
  const initMs = performance.now() - started;
  started = performance.now();
  if (grammarFile) await loadGrammar(grammarFile);
  const grammarMs = grammarFile ? performance.now() - started : NaN;
  started = performance.now();
  const loaded = await registry.load(id);
  const loadMs = performance.now() - started;
  const sources = await querySources(definition);
  const text = sources.map((source) => source.text).join('\n');

  const compile = (source) => {
    const begun = performance.now();
    const query = new Query(loaded.language, source);
    const ms = performance.now() - begun;
    const count = query.patternCount();
    query.delete();
    return { ms, count };
  };

  if (mode === 'patterns') {
    const rows = [];
    const time = (source) => {
      let best = Infinity;
      for (let i = 0; i < runs; i++) best = Math.min(best, compile(source).ms);
      return best;
    };
    // A trivial pattern: the fixed cost of any query over this grammar (the parse-table scan).
    const empty = time('(ERROR) @_x');
    for (const source of sources) {
      const file = source.name.replace(/^.*\/queries\//, '');
      for (const pattern of splitPatterns(source.text)) {
        let ms;
        try {
          ms = time(pattern.text);
        } catch (error) {
          ms = NaN;
          pattern.error = String(error.message ?? error).split('\n')[0];
        }
        rows.push({
          where: `${file}:${pattern.line}`,
          ms: ms - empty,
          text: pattern.error ?? pattern.text.replace(/;.*$/gm, '').replace(/\s+/g, ' ').trim().slice(0, 110),
        });
      }
    }
    const whole = time(text);
    return { id, empty, whole, patterns: rows.length, rows: rows.sort((a, b) => b.ms - a.ms).slice(0, top) };
  }

  const { count } = compile(text);
  return {
    id,
    importMs,
    initMs,
    grammarMs,
    compileMs: grammarFile ? loadMs : NaN,
    totalMs: initMs + (grammarFile ? grammarMs : 0) + loadMs,
    patterns: count,
    queryBytes: Buffer.byteLength(text),
  };
}

// ---- parent ---------------------------------------------------------------------------------------------------

function runChild(id, extra = []) {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(process.execPath, [script, '--child', id, ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk) => (out += chunk));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) reject(new Error(`measuring ${id} failed (exit ${code})`));
      else resolvePromise(JSON.parse(out));
    });
  });
}

function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const left = (i) => i === 0 || (i === rows[0].length - 1 && rows[0][i] === 'text');
  const line = (row) =>
    row.map((cell, i) => (left(i) ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) {
    const result = await child(args.child, args.patterns ? 'patterns' : 'load', args.runs, args.top);
    process.stdout.write(JSON.stringify(result));
    return;
  }

  if (args.patterns) {
    const id = args.ids[0];
    const result = await runChild(id, ['--patterns', '--runs', String(args.runs), '--top', String(args.top)]);
    if (args.json) return console.log(JSON.stringify(result, null, 2));
    console.log(
      `${id}: ${result.patterns} patterns; whole query ${ms(result.whole)} ms; fixed cost (one trivial pattern) ` +
        `${ms(result.empty)} ms; each pattern alone, minus that, min of ${args.runs}:`,
    );
    console.log(formatTable([['pattern', 'ms', 'text'], ...result.rows.map((r) => [r.where, ms(r.ms), r.text])]));
    return;
  }

  const { bundledLanguages } = await import(distIndex.href);
  const ids = args.ids.length > 0 ? args.ids : bundledLanguages.map((definition) => definition.id);
  const rows = [];
  for (const id of ids) {
    const runs = [];
    // Sequential on purpose: two processes at once would time each other.
    for (let i = 0; i < args.runs; i++) runs.push(await runChild(id));
    const min = (key) => Math.min(...runs.map((run) => run[key]));
    rows.push({
      id,
      totalMs: min('totalMs'),
      initMs: min('initMs'),
      grammarMs: min('grammarMs'),
      compileMs: min('compileMs'),
      importMs: min('importMs'),
      patterns: runs[0].patterns,
      queryBytes: runs[0].queryBytes,
    });
    if (!args.json) process.stderr.write(`${id} ${ms(rows.at(-1).totalMs)} ms\n`);
  }
  rows.sort((a, b) => b.totalMs - a.totalMs);
  if (args.json) return console.log(JSON.stringify(rows, null, 2));
  console.log(`First use per language, fresh process, min of ${args.runs} runs (ms)`);
  console.log(
    formatTable([
      ['language', 'total', 'init', 'grammar', 'compile', 'patterns', 'query bytes', 'import'],
      ...rows.map((r) => [
        r.id,
        ms(r.totalMs),
        ms(r.initMs),
        ms(r.grammarMs),
        ms(r.compileMs),
        r.patterns,
        r.queryBytes,
        ms(r.importMs),
      ]),
    ]),
  );
}

await main();
