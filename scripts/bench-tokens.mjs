#!/usr/bin/env node
// What an agent pays for code-index's answers, in tokens (issue 15), on real trees of several languages.
//
// Usage: npm run bench:tokens   (= node scripts/bench-tokens.mjs [--lang typescript,python] [--top N])
//   Needs a current build (npm run build), npm, apt-get and dpkg (the Debian corpora).
//
// Corpora (pinned, fetched once into .bench-cache/tokens/<language>/, a `.complete` marker written last):
//   typescript  rxjs 7.8.2 (npm, src/)                       javascript  eslint 8.57.0 (npm, lib/)
//   python      requests 2.28.1 + click 8.1.3 (Debian 12)    go          cobra 1.6.1 + gorilla/mux 1.8.0 (Debian 12)
//   rust        anyhow 1.0.69 + itertools 0.10.3 (Debian 12)
// Tokens are counted with the tokenizer every budget of code-index uses (dist/tokens.js: o200k_base).
//
// 1. Renderings. For every file of the corpus's language: tokens of the raw file, and of the text a model reads
//    from code_analyze analyze_file (default, and detail outline / full), get_signatures, the scanner's
//    get_file_summary and list_symbols (their default text), and analyze_file's JSON form (format: 'json'), all
//    through createToolbox as a host calls them. Ratios to the raw file: median, p90 and max over the files of at
//    least 100 tokens (smaller files are counted apart: a header line is most of their rendering).
//    Targets: analyze_file default <= 0.25x at the median and never above 1x; get_signatures <= 0.15x at the median.
// 2. The repository map. "Most-referenced definitions": the top N (default 20) definitions by the number of other
//    files that reference their name in the reference graph (findReferences by name, project scope), among names
//    defined at most twice (a name defined more often has no single definition to credit). Candidates are the 300
//    names that the most other files mention as a word. Coverage: the share of them a 1,000- and a 4,000-token map
//    shows (same file and line), with the map's tokens and time (warm index).
// 3. The Graph-It-Live contract's claim (TOON costs fewer tokens than JSON): for every file, tokens of its call graph (includeExternal)
//    as TOON and as the contract's JSON; the ratio of the totals and the median per-file ratio.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../', import.meta.url));
const CACHE = join(REPO, '.bench-cache', 'tokens');
const DIST = join(REPO, 'dist', 'index.js');

const CORPORA = [
  { id: 'typescript', label: 'rxjs 7.8.2', sources: [{ npm: 'rxjs@7.8.2', paths: ['package/src'] }] },
  {
    id: 'python',
    label: 'requests 2.28.1 + click 8.1.3',
    sources: [
      { deb: 'python3-requests', version: '2.28.1+dfsg-1', paths: ['usr/lib/python3/dist-packages/requests'] },
      { deb: 'python3-click', version: '8.1.3-2', paths: ['usr/lib/python3/dist-packages/click'] },
    ],
  },
  {
    id: 'go',
    label: 'cobra 1.6.1 + gorilla/mux 1.8.0',
    sources: [
      { deb: 'golang-github-spf13-cobra-dev', version: '1.6.1-1', paths: ['usr/share/gocode/src'] },
      { deb: 'golang-github-gorilla-mux-dev', version: '1.8.0-1', paths: ['usr/share/gocode/src'] },
    ],
  },
  {
    id: 'rust',
    label: 'anyhow 1.0.69 + itertools 0.10.3',
    sources: [
      { deb: 'librust-anyhow-dev', version: '1.0.69-1', paths: ['usr/share/cargo/registry'] },
      { deb: 'librust-itertools-dev', version: '0.10.3-1', paths: ['usr/share/cargo/registry'] },
    ],
  },
  { id: 'javascript', label: 'eslint 8.57.0', sources: [{ npm: 'eslint@8.57.0', paths: ['package/lib'] }] },
];

const MIN_TOKENS = 100;
const BUDGETS = [1000, 4000];

function parseArgs(argv) {
  const args = { langs: undefined, top: 20 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--lang') args.langs = value().split(',');
    else if (flag === '--top') args.top = Number(value());
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node scripts/bench-tokens.mjs [--lang typescript,python,go,rust,javascript] [--top N]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
  }
  for (const id of args.langs ?? []) if (!CORPORA.some((c) => c.id === id)) throw new Error(`No corpus for ${id}`);
  if (!Number.isInteger(args.top) || args.top < 1) throw new Error('--top needs a whole number from 1');
  return args;
}

const progress = (message) => process.stderr.write(`  ... ${message}\n`);

// ---- corpora ----------------------------------------------------------------------------------------------------

/** Fetches a corpus once: each source's `paths` copied under `.bench-cache/tokens/<id>/tree/<source>/`. */
async function fetchCorpus(corpus) {
  const dir = join(CACHE, corpus.id);
  const tree = join(dir, 'tree');
  const marker = join(dir, '.complete');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(corpus.sources)) return tree;
  await rm(dir, { recursive: true, force: true });
  await mkdir(tree, { recursive: true });
  const big = { maxBuffer: 256 * 1024 * 1024 };
  for (const source of corpus.sources) {
    const name = (source.deb ?? source.npm).replace(/[^A-Za-z0-9._-]+/g, '_');
    const work = join(dir, 'work', name);
    await mkdir(work, { recursive: true });
    if (source.deb) {
      progress(`apt-get download ${source.deb}=${source.version}`);
      await run('apt-get', ['download', `${source.deb}=${source.version}`], { cwd: work, ...big });
      const [deb] = (await readdir(work)).filter((file) => file.endsWith('.deb'));
      if (!deb) throw new Error(`apt-get download ${source.deb} left no .deb`);
      await run('dpkg', ['-x', join(work, deb), join(work, 'x')], big);
    } else {
      progress(`npm pack ${source.npm}`);
      const { stdout } = await run('npm', ['pack', source.npm, '--pack-destination', work, '--json', '--silent'], big);
      const [packed] = JSON.parse(stdout);
      await mkdir(join(work, 'x'), { recursive: true });
      await run('tar', ['-xzf', join(work, packed.filename), '-C', join(work, 'x')], big);
    }
    for (const path of source.paths) await cp(join(work, 'x', path), join(tree, name), { recursive: true, verbatimSymlinks: true });
  }
  await rm(join(dir, 'work'), { recursive: true, force: true });
  await writeFile(marker, JSON.stringify(corpus.sources));
  return tree;
}

async function listFiles(root) {
  const files = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files.push(relative(root, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/'));
  }
  return files.sort();
}

// ---- statistics -------------------------------------------------------------------------------------------------

const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');

function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

// ---- measurements -----------------------------------------------------------------------------------------------

const MEASURES = [
  ['analyze_file', 'code_analyze', (file) => ({ operation: 'analyze_file', file })],
  ['analyze outline', 'code_analyze', (file) => ({ operation: 'analyze_file', file, detail: 'outline' })],
  ['analyze full', 'code_analyze', (file) => ({ operation: 'analyze_file', file, detail: 'full' })],
  ['get_signatures', 'code_analyze', (file) => ({ operation: 'get_signatures', file })],
  ['get_file_summary', 'get_file_summary', (file) => ({ file_path: file })],
  ['list_symbols', 'list_symbols', (file) => ({ file_path: file })],
  ['analyze JSON', 'code_analyze', (file) => ({ operation: 'analyze_file', file, format: 'json' })],
];

async function renderings(lib, toolbox, root, files, count) {
  const ratios = Object.fromEntries(MEASURES.map(([name]) => [name, []]));
  let small = 0;
  let smallWorst = 0;
  let rawTotal = 0;
  for (const file of files) {
    const raw = count(readFileSync(join(root, file), 'utf8'));
    const tokens = {};
    for (const [name, tool, args] of MEASURES) {
      const result = await toolbox.call(tool, args(file));
      if (!result.ok) throw new Error(`${tool} ${file}: ${result.text}`);
      tokens[name] = count(result.text);
    }
    if (raw < MIN_TOKENS) {
      small++;
      smallWorst = Math.max(smallWorst, tokens.analyze_file / Math.max(1, raw));
      continue;
    }
    rawTotal += raw;
    for (const [name] of MEASURES) ratios[name].push(tokens[name] / raw);
  }
  for (const list of Object.values(ratios)) list.sort((a, b) => a - b);
  return { ratios, small, smallWorst, files: files.length - small, rawTotal };
}

/** The most-referenced definitions of the tree, by the reference graph. */
async function mostReferenced(index, root, files, top) {
  const words = new Map();
  const definitions = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const word of new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
      const list = words.get(word) ?? new Set();
      list.add(file);
      words.set(word, list);
    }
    for (const symbol of (await index.parse(file)).symbols) {
      const list = definitions.get(symbol.name) ?? [];
      list.push({ file, line: symbol.line, name: symbol.name, kind: symbol.kind, scope: symbol.scope });
      definitions.set(symbol.name, list);
    }
  }
  const candidates = [...definitions]
    .filter(([, defs]) => defs.length <= 2)
    .map(([name, defs]) => ({ name, defs, mentions: [...(words.get(name) ?? [])].filter((f) => !defs.some((d) => d.file === f)).length }))
    .sort((a, b) => b.mentions - a.mentions || (a.name < b.name ? -1 : 1))
    .slice(0, 300);
  const scored = [];
  for (const candidate of candidates) {
    const refs = await index.findReferences({ symbol: candidate.name, scope: 'project' }).catch(() => undefined);
    if (!refs) continue;
    const referencing = new Set(refs.references.map((r) => r.file));
    for (const def of candidate.defs) {
      const others = [...referencing].filter((file) => file !== def.file).length;
      if (others > 0) scored.push({ ...def, inDegree: others });
    }
  }
  scored.sort((a, b) => b.inDegree - a.inDegree || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : 1));
  return scored.slice(0, top);
}

async function mapCoverage(index, best) {
  const rows = [];
  for (const budget of BUDGETS) {
    const started = performance.now();
    const map = await index.repoMap({ tokenBudget: budget });
    const ms = performance.now() - started;
    const shown = new Set(map.files.flatMap((f) => f.definitions.map((d) => `${f.file}:${d.line}:${d.name}`)));
    const hits = best.filter((d) => shown.has(`${d.file}:${d.line}:${d.name}`)).length;
    rows.push({ budget, tokens: map.tokens, files: map.files.length, definitions: map.shownDefinitions, coverage: best.length ? hits / best.length : NaN, ms, missed: best.filter((d) => !shown.has(`${d.file}:${d.line}:${d.name}`)).map((d) => `${d.name} (${d.inDegree})`) });
  }
  return rows;
}

async function graphTokens(index, files, count) {
  const { toToon, toGraphJson } = await import(join(REPO, 'dist', 'render', 'graph.js'));
  const ratios = [];
  let toon = 0;
  let json = 0;
  let nodes = 0;
  let edges = 0;
  for (const file of files) {
    const graph = await index.callGraph(file, { includeExternal: true });
    if (graph.nodes.length === 0) continue;
    const t = count(toToon(graph));
    const j = count(JSON.stringify(toGraphJson(graph, `/workspace/${file}`)));
    toon += t;
    json += j;
    nodes += graph.nodes.length;
    edges += graph.edges.length;
    ratios.push(t / j);
  }
  ratios.sort((a, b) => a - b);
  return { files: ratios.length, toon, json, nodes, edges, median: quantile(ratios, 0.5), max: ratios.at(-1) };
}

// ---- main -------------------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(DIST)) throw new Error('dist/ is missing: run npm run build');
  const lib = { ...(await import(DIST)), ...(await import(join(REPO, 'dist', 'tools', 'index.js'))) };
  const { loadTokenizer, TOKEN_ENCODING } = await import(join(REPO, 'dist', 'tokens.js'));
  const tokenizer = await loadTokenizer();
  const count = (text) => tokenizer.count(text);
  const corpora = CORPORA.filter((c) => !args.langs || args.langs.includes(c.id));
  console.log(`# bench:tokens — ${new Date().toISOString()}, Node ${process.version}, tokens: ${TOKEN_ENCODING} (gpt-tokenizer)`);
  const results = [];
  for (const corpus of corpora) {
    const root = await fetchCorpus(corpus);
    const disabledLanguages = lib.bundledLanguages.map((l) => l.id).filter((id) => id !== corpus.id);
    const index = await lib.CodeIndex.open({ root, cacheDir: join(CACHE, corpus.id, 'index'), disabledLanguages });
    try {
      const files = (await listFiles(root)).filter((file) => index.registry.detectLanguage(file).language === corpus.id);
      progress(`${corpus.id}: indexing ${files.length} files`);
      await index.indexAll();
      const toolbox = await lib.createToolbox({ index });
      progress(`${corpus.id}: renderings`);
      const rendered = await renderings(lib, toolbox, root, files, count);
      progress(`${corpus.id}: most-referenced definitions and maps`);
      const best = await mostReferenced(index, root, files, args.top);
      const maps = await mapCoverage(index, best);
      progress(`${corpus.id}: call graphs`);
      const graphs = await graphTokens(index, files, count);
      results.push({ corpus, rendered, best, maps, graphs });
    } finally {
      index.close();
    }
  }

  console.log(`\n== Tokens of each answer / tokens of the file (files of >= ${MIN_TOKENS} tokens; median / p90 / max) ==`);
  const header = ['language (corpus)', 'files', ...MEASURES.map(([name]) => name)];
  const rows = [header];
  const pooled = Object.fromEntries(MEASURES.map(([name]) => [name, []]));
  for (const { corpus, rendered } of results) {
    rows.push([
      `${corpus.id} (${corpus.label})`,
      rendered.files,
      ...MEASURES.map(([name]) => {
        const list = rendered.ratios[name];
        pooled[name].push(...list);
        return `${fmt(quantile(list, 0.5))} / ${fmt(quantile(list, 0.9))} / ${fmt(list.at(-1))}`;
      }),
    ]);
  }
  for (const list of Object.values(pooled)) list.sort((a, b) => a - b);
  rows.push(['all', results.reduce((n, r) => n + r.rendered.files, 0), ...MEASURES.map(([name]) => `${fmt(quantile(pooled[name], 0.5))} / ${fmt(quantile(pooled[name], 0.9))} / ${fmt(pooled[name].at(-1))}`)]);
  console.log(formatTable(rows));
  for (const { corpus, rendered } of results) {
    if (rendered.small > 0) console.log(`${corpus.id}: ${rendered.small} files under ${MIN_TOKENS} tokens left out (their analyze_file at most ${fmt(rendered.smallWorst)}x)`);
  }
  const all = pooled.analyze_file;
  console.log(
    `targets: analyze_file median ${fmt(quantile(all, 0.5))} (<= 0.25), max ${fmt(all.at(-1))} (<= 1); get_signatures median ${fmt(quantile(pooled.get_signatures, 0.5))} (<= 0.15)`,
  );

  console.log(`\n== Repository map: share of the ${args.top} most-referenced definitions shown ==`);
  const mapRows = [['language', ...BUDGETS.flatMap((b) => [`${b}: coverage`, 'tokens', 'defs', 'ms'])]];
  for (const { corpus, maps } of results) {
    mapRows.push([corpus.id, ...maps.flatMap((m) => [`${Math.round(m.coverage * 100)}%`, m.tokens, m.definitions, m.ms.toFixed(0)])]);
  }
  console.log(formatTable(mapRows));
  for (const { corpus, best, maps } of results) {
    console.log(`${corpus.id}: most referenced: ${best.map((d) => `${d.name} (${d.inDegree})`).join(', ')}`);
    const missed = maps.at(-1).missed;
    if (missed.length > 0) console.log(`  not in the ${maps.at(-1).budget}-token map: ${missed.join(', ')}`);
  }

  console.log('\n== Call graphs (the Graph-It-Live contract, includeExternal): tokens of TOON / tokens of JSON ==');
  const graphRows = [['language', 'files', 'nodes', 'edges', 'TOON tokens', 'JSON tokens', 'total ratio', 'median file', 'max file']];
  let toon = 0;
  let json = 0;
  for (const { corpus, graphs } of results) {
    toon += graphs.toon;
    json += graphs.json;
    graphRows.push([corpus.id, graphs.files, graphs.nodes, graphs.edges, graphs.toon, graphs.json, fmt(graphs.toon / graphs.json), fmt(graphs.median), fmt(graphs.max)]);
  }
  graphRows.push(['all', '', '', '', toon, json, fmt(toon / json), '', '']);
  console.log(formatTable(graphRows));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
