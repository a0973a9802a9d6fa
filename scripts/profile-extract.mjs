#!/usr/bin/env node
// Where a cold index spends its time, per phase of one file's analysis: N files of a tree analyzed in this process,
// one after another, exactly as a parse thread analyzes them (read and hash, parse, the second chances of a parse with
// syntax errors, query matching, each extraction phase, binding, the summary for the name table, the store's write
// into a temporary folder), under V8's sampling CPU profiler. Each sample is charged to the innermost phase on its
// stack, so helpers shared by several phases (line index, web-tree-sitter's `Node` getters, WASM) count for the phase
// that called them; a parse or a query run inside a second chance counts for that second chance. What the numbers are
// for: deciding which facts a cold index must compute (definitions, imports/exports, a word list of the identifiers of
// each file) and which may wait for a query (references, bindings, scopes).
//
// Usage: node scripts/profile-extract.mjs DIR [--files N] [--timeout MS] [--interval US] [--top K] [--json]
//                                            [--query-split] [--unattributed]
//   DIR         a tree; its files of registered languages are taken in path order (dot folders and node_modules
//               below DIR skipped; DIR itself may be inside node_modules)
//   --files N   how many files (default 300)
//   --timeout MS  each file's analysis budget (default: the index's, DEFAULT_PARSE_TIMEOUT_MS)
//   --interval  the profiler's sampling interval in microseconds (default 250)
//   --top K     also list the K functions with the most time of their own (default 15; 0: none)
//   --json      print the table as JSON instead
//   --query-split  also time the language's query over each file's first parse four ways: every pattern; without
//               the patterns that only serve references, bindings and scopes (those capturing `local.*` or
//               `reference.*` and no definition, import, export, doc, outline, injection or parameter); the lone
//               `@local.reference` patterns alone (one match per identifier: a word list of the file); and those two
//               together (what an eager pass of definitions, imports, exports and the word list would run). Not
//               profiled.
//   --unattributed  also list the stacks of the samples no phase claims (to name a new phase above)
//   Needs a current build (npm run build): it imports dist/'s modules (tsc's output, not the bundles).
//
// Languages are loaded (grammars read, queries compiled) before the profile starts: that is not a file's cost.
// Times are samples of this thread (taken by the clock: a loaded machine stretches them all alike, shares hold); "wall"
// is the whole run's elapsed time and "CPU" the process's CPU time, the profiler's overhead included in both.
import { Session } from 'node:inspector/promises';
import { mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(join(ROOT, 'dist', path));

function parseArguments(argv) {
  const options = { dir: undefined, files: 300, timeout: undefined, interval: 250, top: 15, json: false, unattributed: false, querySplit: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = Number(argv[++i]);
      if (!Number.isFinite(next) || next < 0) throw new Error(`${arg} takes a number`);
      return next;
    };
    if (arg === '--files') options.files = value();
    else if (arg === '--interval') options.interval = value();
    else if (arg === '--timeout') options.timeout = value();
    else if (arg === '--top') options.top = value();
    else if (arg === '--json') options.json = true;
    else if (arg === '--unattributed') options.unattributed = true;
    else if (arg === '--query-split') options.querySplit = true;
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else options.dir = arg;
  }
  if (!options.dir) throw new Error('Usage: node scripts/profile-extract.mjs DIR [--files N] [--timeout MS] [--interval US] [--top K] [--json] [--query-split] [--unattributed]');
  return options;
}

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
        if (language) found.push({ file, language, size: statSync(path).size });
      }
    }
  };
  walk(dir);
  return found;
}

/** The languages a file of `id` may need (its fallback, its alternatives, what it embeds), loaded. */
async function preload(registry, ids) {
  const wanted = new Set();
  const add = (id) => {
    if (wanted.has(id) || !registry.get(id)) return;
    wanted.add(id);
    const definition = registry.get(id);
    if (definition.fallback) add(definition.fallback.language);
    for (const alternative of definition.alternatives ?? []) add(alternative.language);
    for (const embedded of Object.values(definition.injections ?? {})) add(embedded);
  };
  for (const id of ids) add(id);
  for (const id of wanted) await registry.load(id).catch(() => undefined);
  return [...wanted];
}

// ---- phases ---------------------------------------------------------------------------------------------------

/**
 * The phases, by the functions (or whole modules) of dist/ that do their work; a sample goes to the innermost frame
 * named here. Functions not named (helpers) are charged to their caller's phase.
 */
const GROUPS = [
  ['read', 'read and hash', { functions: ['readSource', 'resolveInRoot', 'siblingsOf', 'runAnalysisJob', 'blobAddress'] }],
  ['parse', 'file setup (line index, choosing the language)', { functions: ['extractFile', 'chooseLanguage', 'loadLanguages', 'LineIndex', 'extractParts'] }],
  ['parse', 'parse', { functions: ['parseText'] }],
  ['parse', 'tree delete (WASM)', { functions: ['ts_tree_delete'], native: true }],
  ['parse', 'syntax errors (collect)', { functions: ['collectSyntaxErrors'] }],
  ['parse', 'depth check', { functions: ['deeperThan', 'depthWarnings'] }],
  ['C/preprocessor', 'language marks (readMarks)', { functions: ['readMarks', 'siblingLanguage', 'alternativesFor'] }],
  ['C/preprocessor', 'dead regions (deadRegionCuts)', { functions: ['deadRegionCuts'] }],
  ['C/preprocessor', 'directive lines (directiveLineCuts)', { functions: ['directiveLineCuts'] }],
  ['C/preprocessor', 'bare macro lines (rangesWithoutBareMacros)', { functions: ['rangesWithoutBareMacros'] }],
  ['C/preprocessor', 'second chances (not told apart: inlined)', { functions: ['secondChances', 'withoutPreprocessorRegions'] }],
  ['C/preprocessor', 'broken statements', { functions: ['withoutBrokenStatements', 'reparseWithout'] }],
  ['C/preprocessor', 'macro cuts (findCuts, its query included)', { functions: ['findCuts', 'withoutCuts'] }],
  ['C/preprocessor', 'reparse (parse again, its errors)', { functions: ['reparseIfBetter'] }],
  // The reparse told apart by the second chance that asked for it (REPARSES): rows of their own, no frames.
  ['C/preprocessor', 'reparse: in the fallback language', {}],
  ['C/preprocessor', 'reparse: without dead regions or directive lines', {}],
  ['C/preprocessor', 'reparse: without bare macro lines', {}],
  ['C/preprocessor', 'reparse: without broken statements', {}],
  ['C/preprocessor', 'reparse: without macro cuts', {}],
  ['query', 'query matching (eachMatch)', { modules: ['runtime/matches.js', 'extract/matching.js'] }],
  ['extraction', 'between phases (not told apart: inlined)', { functions: ['extractFacts', 'bindableOf'] }],
  ['extraction', 'captures: sort matches into raw facts', { modules: ['extract/captures.js'] }],
  ['extraction', 'placement (placeDefinitions)', { functions: ['placeDefinitions'] }],
  ['extraction', 'details, parameters (attachDetails/Parameters)', { functions: ['attachDetails', 'attachParameters'] }],
  ['extraction', 'type-only marks (markTypeOnly)', { functions: ['markTypeOnly'] }],
  ['extraction', 'docs (documentDefinitions)', { functions: ['documentDefinitions'] }],
  ['extraction', 'exports (resolveExports)', { functions: ['resolveExports'] }],
  ['extraction', 'description (describeDefinitions)', { functions: ['describeDefinitions'] }],
  ['extraction', 'conditions (withConditionals, its query included)', { functions: ['withConditionals'] }],
  ['binding', 'names, scopes, bindings (bindNames)', { functions: ['bindNames'] }],
  ['binding', 'references (collectReferences)', { functions: ['collectReferences', 'withMacroUses'] }],
  ['collect', 'imports (collectImports)', { functions: ['collectImports'] }],
  ['collect', 'outline (collectOutline)', { functions: ['collectOutline'] }],
  ['collect', 'embedded languages (ranges, parse, facts)', { functions: ['injectionRanges', 'extractInjected'] }],
  ['assemble', 'assemble (previews, line lengths)', { functions: ['assemble', 'skippedWarnings'] }],
  ['summary', 'summary for the name table (summaryOf)', { functions: ['summaryOf'] }],
  ['store', 'store: encode and write facts', { modules: ['engine/disk-store.js', 'engine/store-format.js'] }],
];

/** Phases a second chance's own parse or query counts for (innermost first), not the parse's or the query's. */
const CONTAINERS = new Set([
  'reparse (parse again, its errors)',
  'macro cuts (findCuts, its query included)',
  'conditions (withConditionals, its query included)',
  'embedded languages (ranges, parse, facts)',
]);
/** Which second chance a reparse served: the first of these functions above it (inlining may hide one). */
const REPARSES = new Map([
  ['reparseWithout', 'reparse: without dead regions or directive lines'],
  ['withoutBrokenStatements', 'reparse: without broken statements'],
  ['withoutCuts', 'reparse: without macro cuts'],
  ['withoutPreprocessorRegions', 'reparse: without bare macro lines'],
  ['secondChances', 'reparse: in the fallback language'],
]);
const CONTAINED = new Set(['parse', 'syntax errors (collect)', 'query matching (eachMatch)', 'captures: sort matches into raw facts']);

const SPECIAL = { '(garbage collector)': 'GC', '(program)': '(program: native, outside JS)', '(idle)': '(idle)' };

function phaseOfFrame(frame) {
  const url = frame.url ?? '';
  const ours = url.includes('/dist/');
  for (const [, label, rule] of GROUPS) {
    if (rule.native ? ours : !ours) continue;
    if (rule.functions?.includes(frame.functionName)) return label;
    if (rule.modules?.some((module) => url.endsWith(`/dist/${module}`))) return label;
  }
  return undefined;
}

/** Sample time per phase, and per function of its own (self time). */
function attribute(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const labelOf = new Map();
  const label = (id) => {
    const cached = labelOf.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id);
    const special = Object.hasOwn(SPECIAL, node.callFrame.functionName) ? SPECIAL[node.callFrame.functionName] : undefined;
    let result = special;
    if (!result) {
      let inner;
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const phase = phaseOfFrame(byId.get(at).callFrame);
        if (!phase) continue;
        if (inner === undefined) {
          inner = phase;
          if (!CONTAINED.has(inner)) break;
        } else if (CONTAINERS.has(phase)) {
          inner = phase;
          break;
        }
      }
      if (inner === 'reparse (parse again, its errors)') {
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const reason = REPARSES.get(byId.get(at).callFrame.functionName);
          if (reason) {
            inner = reason;
            break;
          }
        }
      }
      result = inner ?? 'other (outside the phases: this script, module loading)';
    }
    labelOf.set(id, result);
    return result;
  };
  const phases = new Map();
  const self = new Map();
  const debug = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    // A sample lasts until the next one (the last: as long as the one before it).
    const micros = timeDeltas[i + 1] ?? timeDeltas[i] ?? 0;
    const id = samples[i];
    phases.set(label(id), (phases.get(label(id)) ?? 0) + micros);
    const frame = byId.get(id).callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + micros);
    if (options.unattributed && label(id).startsWith('other')) {
      const chain = [];
      for (let at = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at).callFrame.functionName);
      const key = chain.slice(0, 8).join(' < ');
      debug.set(key, (debug.get(key) ?? 0) + micros);
    }
  }
  if (options.unattributed) {
    console.log('unattributed samples, by stack (innermost first):');
    for (const [key, micros] of [...debug].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(micros / 1000).toFixed(0).padStart(9)} ms  ${key}`);
  }
  return { phases, self };
}

// ---- the query, split ----------------------------------------------------------------------------------------

const EAGER_PREFIXES = ['definition.', 'import', 'export', 'doc', 'outline', 'injection', 'parameter'];
const SECOND_CHANCE = (name) => name === 'macro' || name.startsWith('macro.') || name === 'misread' || name.startsWith('test');

/** The language's query compiled again (not shared) with only the patterns `keep` accepts (by their capture names). */
async function variantOf(loaded, keep) {
  const { compileQuery } = await dist('runtime/tree-sitter.js');
  const { readFile } = await import('node:fs/promises');
  const texts = await Promise.all(loaded.definition.queries.map((source) => (typeof source === 'string' ? readFile(source, 'utf8') : source instanceof URL ? readFile(fileURLToPath(source), 'utf8') : source.text)));
  const { query } = compileQuery(loaded.language, `${texts.join('\n')}\n; a variant of the profile\n`, false);
  let kept = 0;
  query.captureQuantifiers.forEach((quantifiers, pattern) => {
    const names = query.captureNames.filter((_, index) => (quantifiers[index] ?? 0) !== 0 && !query.captureNames[index].startsWith('_'));
    if (!names.some(SECOND_CHANCE) && keep(names)) kept++;
    else query.disablePattern(pattern);
  });
  return { query, kept, of: query.patternCount() };
}

const deep = (name) => name.startsWith('local.') || name.startsWith('reference.');
const VARIANTS = [
  ['every pattern', () => true],
  ['without reference/binding/scope patterns', (names) => !names.some(deep) || names.some((name) => EAGER_PREFIXES.some((prefix) => name.startsWith(prefix)))],
  ['lone @local.reference patterns (word list)', (names) => names.length === 1 && names[0] === 'local.reference'],
  [
    'the two above together (an eager pass)',
    (names) => !names.some(deep) || names.some((name) => EAGER_PREFIXES.some((prefix) => name.startsWith(prefix))) || (names.length === 1 && names[0] === 'local.reference'),
  ],
];

/** Milliseconds of each variant over the first parse of every file (and the matches and names it read). */
async function splitQuery(files) {
  const [{ parseText }, { readMatches }, { Deadline }, { readFileSync }] = await Promise.all([dist('runtime/tree-sitter.js'), dist('extract/matching.js'), dist('runtime/deadline.js'), import('node:fs')]);
  const variants = new Map();
  const results = VARIANTS.map(([name]) => ({ name, ms: 0, matches: 0, names: 0, patterns: new Map() }));
  for (const { file, language } of files) {
    const loaded = await registry.load(language);
    if (!variants.has(language)) variants.set(language, await Promise.all(VARIANTS.map(([, keep]) => variantOf(loaded, keep))));
    const text = readFileSync(join(dir, file), 'utf8');
    const tree = parseText(loaded.parser, text, 60_000, { file_path: file });
    try {
      variants.get(language).forEach(({ query, kept, of }, i) => {
        const result = results[i];
        result.patterns.set(language, `${kept}/${of}`);
        const started = performance.now();
        const { matches, uses } = readMatches(query, tree.rootNode, new Deadline(60_000));
        result.ms += performance.now() - started;
        result.matches += matches.length;
        result.names += uses.length;
      });
    } finally {
      tree.delete();
    }
  }
  for (const list of variants.values()) for (const { query } of list) query.delete();
  return results.map((result) => ({ ...result, patterns: Object.fromEntries(result.patterns) }));
}

// ---- run ------------------------------------------------------------------------------------------------------

const options = parseArguments(process.argv.slice(2));
// The root as the index holds it: its real path (the root check compares real paths).
const dir = realpathSync(resolve(options.dir));
const [{ createDefaultRegistry }, { runAnalysisJob }, { DiskStore }, { DEFAULT_MAX_FILE_SIZE, DEFAULT_PARSE_TIMEOUT_MS }] = await Promise.all([
  dist('languages/bundled.js'),
  dist('engine/analyze-file.js'),
  dist('engine/disk-store.js'),
  dist('code-index.js'),
]);
const registry = createDefaultRegistry();
const files = listFiles(dir, registry, options.files);
if (files.length === 0) throw new Error(`No files of a registered language under ${dir}`);
const languages = await preload(registry, new Set(files.map((file) => file.language)));
const storeDir = mkdtempSync(join(tmpdir(), 'profile-extract-'));
const context = {
  root: dir,
  registry,
  store: new DiskStore(storeDir, true),
  limits: { maxFileSize: DEFAULT_MAX_FILE_SIZE, parseTimeoutMs: options.timeout ?? DEFAULT_PARSE_TIMEOUT_MS },
  disabledLanguages: new Set(),
  returnFacts: false,
};

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: options.interval });
const failures = [];
const started = performance.now();
const cpuBefore = process.cpuUsage();
await session.post('Profiler.start');
for (const { file, language } of files) {
  const outcome = await runAnalysisJob({ file, language, key: language }, context);
  if ('error' in outcome) failures.push(`${file}: ${outcome.error.code} ${outcome.error.message}`);
}
const { profile } = await session.post('Profiler.stop');
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
session.disconnect();
rmSync(storeDir, { recursive: true, force: true });
const split = options.querySplit ? await splitQuery(files) : undefined;
registry.dispose();

const { phases, self } = attribute(profile);
const totalMs = [...phases.values()].reduce((sum, micros) => sum + micros, 0) / 1000;
const bytes = files.reduce((sum, file) => sum + file.size, 0);
const order = [...new Set(GROUPS.map(([group]) => group))];
const rows = [];
for (const group of order) {
  const members = GROUPS.filter(([name]) => name === group).map(([, label]) => label);
  const groupMs = members.reduce((sum, label) => sum + (phases.get(label) ?? 0), 0) / 1000;
  rows.push({ group, phase: `${group} (total)`, ms: groupMs });
  for (const label of members) if (phases.has(label)) rows.push({ group, phase: label, ms: (phases.get(label) ?? 0) / 1000 });
}
const named = new Set(GROUPS.map(([, label]) => label));
const others = [...phases].filter(([label]) => !named.has(label));
rows.push({ group: 'other', phase: 'other (total)', ms: others.reduce((sum, [, micros]) => sum + micros, 0) / 1000 });
for (const [label, micros] of others) rows.push({ group: 'other', phase: label, ms: micros / 1000 });
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, options.top).map(([name, micros]) => ({ name, ms: micros / 1000 }));

if (options.json) {
  console.log(JSON.stringify({ dir, files: files.length, bytes, languages, wallMs, cpuMs, sampledMs: totalMs, failures, rows, top, split }, null, 2));
} else {
  const pct = (ms) => `${((100 * ms) / totalMs).toFixed(1).padStart(5)}%`;
  console.log(`${files.length} files, ${(bytes / 1e6).toFixed(2)} MB under ${dir} (languages loaded: ${languages.join(', ')})`);
  console.log(
    `wall ${(wallMs / 1000).toFixed(2)} s, CPU ${(cpuMs / 1000).toFixed(2)} s (the profiler's included), sampled ${(totalMs / 1000).toFixed(2)} s, ${(wallMs / files.length).toFixed(1)} ms a file`,
  );
  if (failures.length > 0) console.log(`failed: ${failures.length}\n  ${failures.slice(0, 10).join('\n  ')}`);
  console.log('');
  console.log(`${'phase'.padEnd(58)} ${'ms'.padStart(9)}  share`);
  for (const row of rows) {
    const total = row.phase.endsWith('(total)');
    const name = total ? row.phase : `  ${row.phase}`;
    if (!total && row.ms === 0) continue;
    console.log(`${name.padEnd(58)} ${row.ms.toFixed(0).padStart(9)} ${pct(row.ms)}`);
  }
  if (top.length > 0) {
    console.log(`\ntop ${top.length} functions by time of their own:`);
    for (const { name, ms } of top) console.log(`${ms.toFixed(0).padStart(9)} ms ${pct(ms)}  ${name}`);
  }
  if (split) {
    console.log(`\nthe query over each file's first parse (wall ms; matches and lone names read; patterns kept per language):`);
    for (const { name, ms, matches, names, patterns } of split) {
      console.log(`${ms.toFixed(0).padStart(9)} ms  ${name.padEnd(44)} ${String(matches).padStart(8)} matches ${String(names).padStart(8)} names  ${JSON.stringify(patterns)}`);
    }
  }
}
