#!/usr/bin/env node
// Our SCIP index (`code-index scip`) against the precise reference, scip-typescript (the devDependency
// @sourcegraph/scip-typescript, which answers from the TypeScript compiler), on one tree: definitions, references,
// symbol strings, and the index's own consistency.
//
// Usage: node scripts/check-scip.mjs --root DIR [--ours FILE] [--theirs FILE] [--examples N] [--json] [--keep]
//   e.g. --root .bench-cache/rxjs@7.8.2/package/src
//   --theirs FILE  a scip-typescript index of DIR; without it the script runs scip-typescript
//                  (`scip-typescript index --cwd DIR --output FILE`, through node_modules, not npx), with
//                  --infer-tsconfig when DIR has no tsconfig.json: scip-typescript then WRITES DIR/tsconfig.json
//                  (`{}`: TypeScript's defaults, or allowJs for a JavaScript-only tree), which this script deletes
//                  when it is done. It runs from the repository, as npx would (see runTheirs).
//   --ours FILE    our index of DIR; without it `node dist/cli/main.js scip --root DIR --output FILE --no-cache` (a
//                  cold run; needs a current build; stops with a message when the command does not exist yet).
//   Generated indexes go to a temporary directory, removed at the end unless --keep (then their paths are printed,
//   to pass as --ours/--theirs next time). Each run is timed, its peak RSS taken
//   (GNU time %M, when /usr/bin/time exists) and its size reported.
//   --examples N   examples per category (default 5); --json prints the whole report as JSON on stdout instead.
// Both indexes are decoded with scip-typescript's own generated bindings (google-protobuf), and compared over the
// documents both have (same relative_path; those only one side has are counted, with examples):
// - definitions: occurrences with the Definition role; recall = theirs we also define at the same document and start
//   (line, character), extras = ours at a start where they define nothing. By the kind of the defined symbol.
// - references: occurrences without the Definition role whose symbol has a Definition occurrence in the same index
//   (`local` symbols are per document; reported apart). Each is mapped to its symbol's definition location(s)
//   (document + start); symbol strings need not match. Recall: theirs for which we have an occurrence at the same
//   start whose definition locations meet theirs. Precision: ours that they have at the same start pointing at the
//   same definition; the others are split into "not in theirs" (no occurrence of theirs there), "points elsewhere"
//   (theirs there points to another definition in the tree), "theirs outside the tree" (theirs there is to a symbol
//   scip-typescript does not define, e.g. lib.d.ts) and "theirs a definition" (they only define something there).
//   By the kind the symbol string tells: its last descriptor (`#` type, `().` function or, under a type, method, and
//   `<constructor>().` constructor (scip-typescript's target of `new C()` when C declares one), `.` variable or,
//   under a type, property, `()` parameter, `[]` type parameter, `/` module (also the import path's string),
//   `name0:` meta (scip-typescript's members of object literals)).
// - symbols: at the starts where both define something, their global symbols (theirs not `local`): equal strings,
//   equal but for the scheme (we write `code-index`, they `scip-typescript`), equal descriptors (after the package),
//   and equal descriptors after the file path (the leading `/` namespaces). Run as here (absolute --cwd),
//   scip-typescript writes the package as `. .` and paths relative to DIR; with a relative --cwd it walks up to the
//   nearest package.json (`npm rxjs 7.8.2 src/internal/...` for DIR .../package/src).
// - checks of each index alone: every range well formed and inside its document's text as read from DIR (line below
//   the line count, characters at most the line's length in UTF-16 code units, \n line breaks), every reference's
//   symbol defined in the index (a Definition occurrence; those with only a SymbolInformation are counted apart),
//   listed in external_symbols, or `local` and defined in its document; enclosing ranges; duplicate occurrences.
// Positions in the examples are 1-based (file:line:col); SCIP's are 0-based. A report: it exits 0 whatever the
// numbers (1 when an index cannot be made or read).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SCIP_TYPESCRIPT = require.resolve('@sourcegraph/scip-typescript/dist/src/main.js');
/** scip-typescript's generated bindings (protoc-gen-ts over google-protobuf): `scip.Index.deserializeBinary`. */
const { scip } = require('@sourcegraph/scip-typescript/dist/src/scip.js');
const DEFINITION = 1; // scip.SymbolRole.Definition

function parseArgs(argv) {
  const args = { root: undefined, ours: undefined, theirs: undefined, examples: 5, json: false, keep: false };
  const usage = 'Usage: node scripts/check-scip.mjs --root DIR [--ours FILE] [--theirs FILE] [--examples N] [--json] [--keep]';
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--root') args.root = value();
    else if (flag === '--ours') args.ours = value();
    else if (flag === '--theirs') args.theirs = value();
    else if (flag === '--examples') args.examples = Number(value());
    else if (flag === '--json') args.json = true;
    else if (flag === '--keep') args.keep = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}\n${usage}`);
  }
  if (!args.root) throw new Error(usage);
  if (!Number.isInteger(args.examples) || args.examples < 0) throw new Error('--examples takes a whole number');
  return args;
}

const log = (message) => process.stderr.write(`  ... ${message}\n`);

/** What an interrupt undoes: the indexer running, the tsconfig.json it inferred, the temporary directory. */
const cleanups = new Set();
process.once('SIGINT', () => {
  for (const cleanup of [...cleanups].reverse()) cleanup();
  process.exit(130);
});

/** GNU time, when the machine has it: the peak RSS of a run (the kernel's ru_maxrss of the child, threads included). */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function run(command, argv, options) {
  return new Promise((done) => {
    const started = performance.now();
    const [file, args] = GNU_TIME ? [GNU_TIME, ['-f', '%M', command, ...argv]] : [command, argv];
    const child = execFile(file, args, { maxBuffer: 1 << 28, ...options }, (error, stdout, stderr) => {
      cleanups.delete(stop);
      let peakMb;
      if (GNU_TIME) {
        // (GNU time's line is the last of stderr)
        const lines = stderr.trimEnd().split('\n');
        const kb = Number(lines.at(-1));
        if (Number.isFinite(kb)) {
          peakMb = kb / 1024;
          stderr = lines.slice(0, -1).join('\n');
        }
      }
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, error, stdout, stderr, seconds: (performance.now() - started) / 1000, peakMb });
    });
    const stop = () => child.kill();
    cleanups.add(stop);
  });
}

/** scip-typescript on `root` into `output`: { seconds, bytes, inferredTsconfig }. */
async function runTheirs(root, output) {
  const tsconfig = join(root, 'tsconfig.json');
  const infer = !existsSync(tsconfig);
  const argv = [SCIP_TYPESCRIPT, 'index', '--cwd', root, '--output', output, '--no-progress-bar', ...(infer ? ['--infer-tsconfig'] : [])];
  log(`scip-typescript index --cwd ${root}${infer ? ' --infer-tsconfig' : ''}`);
  let result;
  // --infer-tsconfig leaves the tsconfig.json it wrote in the tree: remove it, the tree is as it was.
  const removeTsconfig = () => infer && existsSync(tsconfig) && rmSync(tsconfig);
  cleanups.add(removeTsconfig);
  try {
    // From the repository, as `npx` runs it: TypeScript finds the default type roots (node_modules/@types, @types/node
    // and the newer lib it references) from the process's directory, as scip-typescript does not pass the tsconfig's
    // path; from DIR (through .bench-cache's symlink, its real path) it finds none and resolves a little less.
    result = await run(process.execPath, argv, { cwd: REPO });
  } finally {
    removeTsconfig();
    cleanups.delete(removeTsconfig);
  }
  if (result.code !== 0 || !existsSync(output)) {
    throw new Error(`scip-typescript failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return { tool: 'scip-typescript', file: output, generated: true, seconds: result.seconds, peakMb: result.peakMb, bytes: statSync(output).size, inferredTsconfig: infer };
}

/** `code-index scip` on `root` into `output`; undefined when the command does not exist (yet). */
async function runOurs(root, output) {
  const main = join(REPO, 'dist/cli/main.js');
  if (!existsSync(main)) return undefined;
  log(`node dist/cli/main.js scip --root ${root}`);
  // --no-cache: a cold run, as scip-typescript's always is (a warm one from the user cache took a third of the time).
  const result = await run(process.execPath, [main, 'scip', '--root', root, '--output', output, '--no-cache'], { cwd: REPO });
  if (/unknown command "?scip/i.test(result.stderr + result.stdout)) return undefined;
  if (result.code !== 0 || !existsSync(output)) {
    throw new Error(`code-index scip failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return { tool: 'code-index', file: output, generated: true, seconds: result.seconds, peakMb: result.peakMb, bytes: statSync(output).size };
}

// ---- symbols ---------------------------------------------------------------------------------------------------

/**
 * A SCIP symbol string: `local ID`, or `scheme manager package version descriptors` (a space in the first four is
 * written as two). Descriptors: `name/` namespace, `name#` type, `name.` term, `name(disambiguator).` method,
 * `(name)` parameter, `[name]` type parameter, `name:` meta, `name!` macro; a name is an identifier or `backquoted`.
 */
function parseSymbol(symbol) {
  if (symbol.startsWith('local ')) return { local: true };
  const fields = [];
  let field = '';
  let i = 0;
  while (fields.length < 4 && i < symbol.length) {
    if (symbol[i] === ' ') {
      if (symbol[i + 1] === ' ') {
        field += ' ';
        i += 2;
      } else {
        fields.push(field);
        field = '';
        i++;
      }
    } else field += symbol[i++];
  }
  if (fields.length < 4) return { local: false, malformed: true, descriptors: [], descriptorText: '' };
  const descriptorText = symbol.slice(i);
  return {
    local: false,
    scheme: fields[0],
    packagePart: fields.slice(1).join(' '),
    descriptorText,
    ...parseDescriptors(descriptorText),
  };
}

function parseDescriptors(text) {
  const descriptors = [];
  let i = 0;
  const readName = () => {
    if (text[i] === '`') {
      let name = '';
      i++;
      while (i < text.length) {
        if (text[i] === '`' && text[i + 1] === '`') {
          name += '`';
          i += 2;
        } else if (text[i] === '`') {
          i++;
          break;
        } else name += text[i++];
      }
      return name;
    }
    const start = i;
    while (i < text.length && /[\w+\-$]/.test(text[i])) i++;
    return text.slice(start, i);
  };
  while (i < text.length) {
    if (text[i] === '(') {
      i++;
      const name = readName();
      if (text[i] !== ')') return { descriptors, malformed: true };
      i++;
      descriptors.push({ name, suffix: 'parameter' });
    } else if (text[i] === '[') {
      i++;
      const name = readName();
      if (text[i] !== ']') return { descriptors, malformed: true };
      i++;
      descriptors.push({ name, suffix: 'type parameter' });
    } else {
      const name = readName();
      const suffix = text[i++];
      if (suffix === '/') descriptors.push({ name, suffix: 'namespace' });
      else if (suffix === '#') descriptors.push({ name, suffix: 'type' });
      else if (suffix === '.') descriptors.push({ name, suffix: 'term' });
      else if (suffix === ':') descriptors.push({ name, suffix: 'meta' });
      else if (suffix === '!') descriptors.push({ name, suffix: 'macro' });
      else if (suffix === '(') {
        const close = text.indexOf(')', i);
        if (close < 0 || text[close + 1] !== '.') return { descriptors, malformed: true };
        descriptors.push({ name, suffix: 'method', disambiguator: text.slice(i, close) });
        i = close + 2;
      } else return { descriptors, malformed: true };
    }
  }
  return { descriptors, malformed: false };
}

const KIND_ORDER = ['type', 'constructor', 'method', 'property', 'function', 'variable', 'parameter', 'type parameter', 'module', 'local', 'meta', 'other'];

/** The kind of a symbol as its string tells: by its last descriptor, and what that descriptor is under. */
function symbolKind(parsed) {
  if (parsed.local) return 'local';
  const [owner, last] = parsed.descriptors.slice(-2).length === 2 ? parsed.descriptors.slice(-2) : [undefined, parsed.descriptors.at(-1)];
  if (!last || parsed.malformed) return 'other';
  if (last.suffix === 'type') return 'type';
  if (last.suffix === 'method') return owner?.suffix !== 'type' ? 'function' : last.name === '<constructor>' ? 'constructor' : 'method';
  if (last.suffix === 'term') return owner?.suffix === 'type' ? 'property' : 'variable';
  if (last.suffix === 'parameter') return 'parameter';
  if (last.suffix === 'type parameter') return 'type parameter';
  if (last.suffix === 'namespace') return 'module';
  if (last.suffix === 'meta') return 'meta';
  return 'other';
}

/** The descriptors after the leading namespaces (the file path), as text. */
function descriptorsAfterPath(parsed) {
  const rest = parsed.descriptors ?? [];
  let k = 0;
  while (k < rest.length - 1 && rest[k].suffix === 'namespace') k++;
  return JSON.stringify(rest.slice(k));
}

// ---- loading ---------------------------------------------------------------------------------------------------

/**
 * An index as plain data: documents by relative path, each with its occurrences ({ line, character, range, symbol,
 * key, definition }), the symbols of its SymbolInformation, and index-wide: the definition locations of every symbol
 * key (a local's key is its document and name), external symbols.
 */
function load(file) {
  const bytes = readFileSync(file);
  const started = performance.now();
  const index = scip.Index.deserializeBinary(bytes);
  const documents = new Map();
  const definitions = new Map(); // symbol key -> Set of "path\tline:character"
  for (const document of index.documents) {
    const path = document.relative_path;
    const entry = documents.get(path) ?? { path, language: document.language, occurrences: [], informed: new Set(), duplicatesOfPath: 0 };
    if (documents.has(path)) entry.duplicatesOfPath++;
    for (const occurrence of document.occurrences) {
      const range = occurrence.range;
      const symbol = occurrence.symbol;
      const key = symbol.startsWith('local ') ? `${path}\u0000${symbol}` : symbol;
      const definition = (occurrence.symbol_roles & DEFINITION) !== 0;
      const enclosing = occurrence.enclosing_range;
      const item = { line: range[0], character: range[1], range: [...range], enclosing: enclosing.length ? [...enclosing] : undefined, symbol, key, definition };
      entry.occurrences.push(item);
      if (definition && symbol) {
        if (!definitions.has(key)) definitions.set(key, new Set());
        definitions.get(key).add(`${path}\t${range[0]}:${range[1]}`);
      }
    }
    for (const information of document.symbols) entry.informed.add(information.symbol);
    documents.set(path, entry);
  }
  const external = new Set(index.external_symbols.map((information) => information.symbol));
  const informed = new Set([...documents.values()].flatMap((document) => [...document.informed]));
  const metadata = index.metadata;
  return {
    file,
    bytes: bytes.length,
    decodeSeconds: (performance.now() - started) / 1000,
    tool: metadata?.tool_info ? `${metadata.tool_info.name} ${metadata.tool_info.version}`.trim() : '',
    projectRoot: metadata?.project_root ?? '',
    textEncoding: metadata?.text_document_encoding ?? 0,
    documents,
    definitions,
    external,
    informed,
  };
}

// ---- comparison ------------------------------------------------------------------------------------------------

const at = (path, line, character) => `${path}\t${line}:${character}`;
/** A location key as a reader writes it, 1-based. */
const human = (location) => {
  const [path, position] = location.split('\t');
  const [line, character] = position.split(':').map(Number);
  return `${path}:${line + 1}:${character + 1}`;
};
const meets = (a, b) => {
  if (!a || !b) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) return true;
  return false;
};
const ratio = (part, whole) => (whole ? part / whole : undefined);
/** Up to n of `list`, spread over it (every k-th), so that they do not all come from one file. */
const spread = (list, n) => {
  if (list.length <= n) return list;
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[Math.floor(i * step)]);
};

function tally() {
  return Object.fromEntries(KIND_ORDER.map((kind) => [kind, 0]));
}

function compare(theirs, ours, args) {
  const examples = {};
  const keep = (category, item) => (examples[category] ??= []).push(item);

  const shared = [...theirs.documents.keys()].filter((path) => ours.documents.has(path)).sort();
  const onlyTheirs = [...theirs.documents.keys()].filter((path) => !ours.documents.has(path)).sort();
  const onlyOurs = [...ours.documents.keys()].filter((path) => !theirs.documents.has(path)).sort();
  const documents = {
    theirs: theirs.documents.size,
    ours: ours.documents.size,
    both: shared.length,
    onlyTheirs: onlyTheirs.length,
    onlyOurs: onlyOurs.length,
    onlyTheirsExamples: spread(onlyTheirs, args.examples),
    onlyOursExamples: spread(onlyOurs, args.examples),
  };

  const kindCache = new Map();
  const kindOf = (symbol) => {
    if (!kindCache.has(symbol)) kindCache.set(symbol, symbolKind(parseSymbol(symbol)));
    return kindCache.get(symbol);
  };
  const byPosition = (index, path) => {
    const map = new Map();
    for (const occurrence of index.documents.get(path).occurrences) {
      const key = `${occurrence.line}:${occurrence.character}`;
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(occurrence);
    }
    return map;
  };

  const definitions = { theirs: 0, ours: 0, recalled: 0, extras: 0, theirsByKind: tally(), recalledByKind: tally(), oursByKind: tally(), extrasByKind: tally() };
  const references = {
    theirs: 0,
    recalled: 0,
    ours: 0,
    matched: 0,
    notInTheirs: 0,
    pointsElsewhere: 0,
    theirsOutside: 0,
    theirsDefinition: 0,
    theirsOutsideTree: 0, // their references to symbols they do not define (not compared)
    oursOutsideTree: 0,
    oursAmbiguous: 0, // our references whose symbol has more than one definition location
    theirsAmbiguous: 0,
    byKind: Object.fromEntries(KIND_ORDER.map((kind) => [kind, { theirs: 0, recalled: 0, ours: 0, matched: 0, notInTheirs: 0, pointsElsewhere: 0 }])),
  };
  const symbols = { pairs: 0, equal: 0, equalButScheme: 0, equalDescriptors: 0, equalAfterPath: 0, oursLocal: 0 };

  for (const path of shared) {
    const theirsAt = byPosition(theirs, path);
    const oursAt = byPosition(ours, path);

    // 1. Definitions.
    for (const occurrence of theirs.documents.get(path).occurrences) {
      if (!occurrence.definition) continue;
      const kind = kindOf(occurrence.symbol);
      definitions.theirs++;
      definitions.theirsByKind[kind]++;
      const mine = (oursAt.get(`${occurrence.line}:${occurrence.character}`) ?? []).filter((o) => o.definition);
      if (mine.length > 0) {
        definitions.recalled++;
        definitions.recalledByKind[kind]++;
      } else keep(`definitions missed (${kind})`, { at: human(at(path, occurrence.line, occurrence.character)), theirs: occurrence.symbol });

      // 3. Symbols, at the starts where both define something.
      if (mine.length > 0 && !occurrence.symbol.startsWith('local ')) {
        const their = parseSymbol(occurrence.symbol);
        const scored = mine.map((o) => {
          const our = parseSymbol(o.symbol);
          const equal = o.symbol === occurrence.symbol;
          const equalButScheme = !our.local && our.packagePart === their.packagePart && our.descriptorText === their.descriptorText;
          const equalDescriptors = !our.local && our.descriptorText === their.descriptorText;
          const equalAfterPath = !our.local && descriptorsAfterPath(our) === descriptorsAfterPath(their);
          return { o, our, equal, equalButScheme, equalDescriptors, equalAfterPath, score: equal * 8 + equalButScheme * 4 + equalDescriptors * 2 + equalAfterPath };
        });
        const best = scored.sort((a, b) => b.score - a.score)[0];
        symbols.pairs++;
        if (best.our.local) symbols.oursLocal++;
        if (best.equal) symbols.equal++;
        if (best.equalButScheme) symbols.equalButScheme++;
        if (best.equalDescriptors) symbols.equalDescriptors++;
        if (best.equalAfterPath) symbols.equalAfterPath++;
        const example = { at: human(at(path, occurrence.line, occurrence.character)), ours: best.o.symbol, theirs: occurrence.symbol };
        if (!best.equalAfterPath) keep(best.our.local ? 'symbols: ours local, theirs global' : 'symbols: descriptors differ (after the path)', example);
        else if (!best.equalButScheme) keep('symbols: same descriptors after the path, package or path differs', example);
      }
    }
    for (const occurrence of ours.documents.get(path).occurrences) {
      if (!occurrence.definition) continue;
      const kind = kindOf(occurrence.symbol);
      definitions.ours++;
      definitions.oursByKind[kind]++;
      if (!(theirsAt.get(`${occurrence.line}:${occurrence.character}`) ?? []).some((o) => o.definition)) {
        definitions.extras++;
        definitions.extrasByKind[kind]++;
        keep(`definitions extra (${kind})`, { at: human(at(path, occurrence.line, occurrence.character)), ours: occurrence.symbol });
      }
    }

    // 2. References: recall over theirs.
    for (const occurrence of theirs.documents.get(path).occurrences) {
      if (occurrence.definition || !occurrence.symbol) continue;
      const target = theirs.definitions.get(occurrence.key);
      if (!target) {
        references.theirsOutsideTree++;
        continue;
      }
      if (target.size > 1) references.theirsAmbiguous++;
      const kind = kindOf(occurrence.symbol);
      references.theirs++;
      references.byKind[kind].theirs++;
      const mine = oursAt.get(`${occurrence.line}:${occurrence.character}`) ?? [];
      if (mine.some((o) => meets(ours.definitions.get(o.key), target))) {
        references.recalled++;
        references.byKind[kind].recalled++;
      } else {
        const pointed = mine.map((o) => ours.definitions.get(o.key)).find(Boolean);
        keep(`references missed (${kind})`, {
          at: human(at(path, occurrence.line, occurrence.character)),
          theirs: occurrence.symbol,
          theirsDefinition: [...target].slice(0, 2).map(human).join(' '),
          ours: mine[0]?.symbol ?? '-',
          oursDefinition: pointed ? [...pointed].slice(0, 2).map(human).join(' ') : '-',
        });
      }
    }
    // Precision over ours.
    for (const occurrence of ours.documents.get(path).occurrences) {
      if (occurrence.definition || !occurrence.symbol) continue;
      const target = ours.definitions.get(occurrence.key);
      if (!target) {
        references.oursOutsideTree++;
        continue;
      }
      if (target.size > 1) references.oursAmbiguous++;
      const kind = kindOf(occurrence.symbol);
      references.ours++;
      references.byKind[kind].ours++;
      const their = theirsAt.get(`${occurrence.line}:${occurrence.character}`) ?? [];
      const example = () => ({
        at: human(at(path, occurrence.line, occurrence.character)),
        ours: occurrence.symbol,
        oursDefinition: [...target].slice(0, 2).map(human).join(' '),
        theirs: their[0]?.symbol ?? '-',
        theirsDefinition: (() => {
          const t = their.map((o) => theirs.definitions.get(o.key)).find(Boolean);
          return t ? [...t].slice(0, 2).map(human).join(' ') : '-';
        })(),
      });
      if (their.some((o) => meets(theirs.definitions.get(o.key), target))) {
        references.matched++;
        references.byKind[kind].matched++;
      } else if (their.length === 0) {
        references.notInTheirs++;
        references.byKind[kind].notInTheirs++;
        keep(`references not in theirs (${kind})`, example());
      } else if (their.some((o) => !o.definition && theirs.definitions.has(o.key))) {
        references.pointsElsewhere++;
        references.byKind[kind].pointsElsewhere++;
        keep(`references pointing elsewhere (${kind})`, example());
      } else if (their.some((o) => !o.definition)) {
        references.theirsOutside++;
        keep(`references theirs outside the tree (${kind})`, example());
      } else {
        references.theirsDefinition++;
        keep(`references where theirs is a definition (${kind})`, example());
      }
    }
  }

  definitions.recall = ratio(definitions.recalled, definitions.theirs);
  definitions.precision = ratio(definitions.ours - definitions.extras, definitions.ours);
  references.recall = ratio(references.recalled, references.theirs);
  references.precision = ratio(references.matched, references.ours);
  for (const kind of KIND_ORDER) {
    const k = references.byKind[kind];
    k.recall = ratio(k.recalled, k.theirs);
    k.precision = ratio(k.matched, k.ours);
  }
  symbols.equalShare = ratio(symbols.equal, symbols.pairs);
  symbols.equalButSchemeShare = ratio(symbols.equalButScheme, symbols.pairs);
  symbols.equalDescriptorsShare = ratio(symbols.equalDescriptors, symbols.pairs);
  symbols.equalAfterPathShare = ratio(symbols.equalAfterPath, symbols.pairs);

  const spreadExamples = Object.fromEntries(
    Object.entries(examples)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([category, list]) => [category, { count: list.length, examples: spread(list, args.examples) }]),
  );
  return { documents, definitions, references, symbols, examples: spreadExamples };
}

// ---- checks of one index ---------------------------------------------------------------------------------------

function checkIndex(index, root, args) {
  const problems = {};
  const note = (category, item) => (problems[category] ??= []).push(item);
  const result = {
    documents: index.documents.size,
    occurrences: 0,
    definitions: 0,
    references: 0,
    missingFiles: 0,
    badRanges: 0,
    outsideText: 0,
    badEnclosing: 0,
    dangling: 0,
    danglingSymbols: 0,
    danglingInformed: 0,
    danglingLocals: 0,
    duplicates: 0,
    duplicatePaths: 0,
    otherLineBreaks: 0,
  };
  /** Why a range is wrong in a text of these line lengths, or undefined. */
  const wrong = (r, lines) => {
    const [startLine, startCharacter, endLine, endCharacter] = r.length === 3 ? [r[0], r[1], r[0], r[2]] : r;
    if ((r.length !== 3 && r.length !== 4) || r.some((n) => !Number.isInteger(n) || n < 0) || endLine < startLine || (endLine === startLine && endCharacter < startCharacter)) return 'malformed';
    if (lines && (endLine >= lines.length || startCharacter > lines[startLine] || endCharacter > lines[endLine])) return 'outside';
    return undefined;
  };
  const danglingSymbols = new Set();
  for (const [path, document] of index.documents) {
    result.duplicatePaths += document.duplicatesOfPath;
    let lines;
    try {
      const text = readFileSync(join(root, path), 'utf8');
      // Lines as tree-sitter counts them (\n); TypeScript also breaks at a lone \r, U+2028 and U+2029.
      if (/\r(?!\n)|[\u2028\u2029]/.test(text)) result.otherLineBreaks++;
      lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.length - 1 : line.length));
    } catch {
      result.missingFiles++;
      note('file not in DIR', { at: path });
    }
    const seen = new Set();
    for (const occurrence of document.occurrences) {
      result.occurrences++;
      if (occurrence.definition) result.definitions++;
      else result.references++;
      const where = { at: `${path}:${occurrence.line + 1}:${occurrence.character + 1}`, range: JSON.stringify(occurrence.range), symbol: occurrence.symbol };
      const r = occurrence.range;
      const problem = wrong(r, lines);
      if (problem === 'malformed') {
        result.badRanges++;
        note('malformed range', where);
      } else if (problem === 'outside') {
        result.outsideText++;
        note('range outside the text', { ...where, lineLength: lines[r[0]] ?? 'no such line', lines: lines.length });
      }
      if (occurrence.enclosing && wrong(occurrence.enclosing, lines)) {
        result.badEnclosing++;
        note('enclosing range malformed or outside the text', { ...where, range: JSON.stringify(occurrence.enclosing) });
      }
      const identity = `${r.join(',')}\t${occurrence.symbol}\t${occurrence.definition}`;
      if (seen.has(identity)) {
        result.duplicates++;
        note('duplicate occurrence', where);
      }
      seen.add(identity);
      if (!occurrence.definition && occurrence.symbol) {
        const defined = index.definitions.has(occurrence.key) || index.external.has(occurrence.symbol);
        if (!defined) {
          if (occurrence.symbol.startsWith('local ')) {
            result.danglingLocals++;
            note('local without a definition in its document', where);
          } else {
            result.dangling++;
            if (index.informed.has(occurrence.symbol)) result.danglingInformed++;
            danglingSymbols.add(occurrence.symbol);
            note('reference to a symbol neither defined nor external', where);
          }
        }
      }
    }
  }
  result.danglingSymbols = danglingSymbols.size;
  result.examples = Object.fromEntries(Object.entries(problems).map(([category, list]) => [category, { count: list.length, examples: spread(list, args.examples) }]));
  return result;
}

// ---- report ----------------------------------------------------------------------------------------------------

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
const fixed = (x) => (x === undefined ? '-' : x.toFixed(3));
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

function print(report) {
  const { runs, comparison: c, checks } = report;
  console.log(`SCIP of ${report.root}`);
  for (const side of ['theirs', 'ours']) {
    const r = runs[side];
    const peak = r.peakMb !== undefined ? `, peak RSS ${r.peakMb.toFixed(0)} MB` : '';
    const made = r.generated ? `made in ${r.seconds.toFixed(1)} s${peak}${r.inferredTsconfig ? ' (--infer-tsconfig)' : ''}` : `read from ${r.file}`;
    console.log(`  ${side.padEnd(6)} ${r.tool || '?'}: ${made}, ${megabytes(r.bytes)}, decoded in ${r.decodeSeconds.toFixed(1)} s; ${checks[side].documents} documents, ${checks[side].occurrences} occurrences (${checks[side].definitions} definitions)`);
  }
  const d = c.documents;
  const some = (list, count) => (list.length ? ` (${list.join(', ')}${list.length < count ? ', ...' : ''})` : '');
  console.log(`  documents: both ${d.both}, only theirs ${d.onlyTheirs}${some(d.onlyTheirsExamples, d.onlyTheirs)}, only ours ${d.onlyOurs}${some(d.onlyOursExamples, d.onlyOurs)}`);
  console.log('');

  const def = c.definitions;
  const ref = c.references;
  const rows = [['in the documents both have', 'theirs', 'recalled', 'recall', 'ours', 'matched', 'precision', 'not in theirs', 'elsewhere']];
  rows.push(['definitions', def.theirs, def.recalled, fixed(def.recall), def.ours, def.ours - def.extras, fixed(def.precision), def.extras, '-']);
  rows.push(['references (to the tree)', ref.theirs, ref.recalled, fixed(ref.recall), ref.ours, ref.matched, fixed(ref.precision), ref.notInTheirs, ref.pointsElsewhere]);
  for (const kind of KIND_ORDER) {
    const k = ref.byKind[kind];
    if (k.theirs + k.ours === 0) continue;
    rows.push([`  ${kind}`, k.theirs, k.recalled, fixed(k.recall), k.ours, k.matched, fixed(k.precision), k.notInTheirs, k.pointsElsewhere]);
  }
  console.log(table(rows));
  console.log(
    `  ours not matched, besides: theirs there is outside the tree ${ref.theirsOutside}, theirs there is a definition ${ref.theirsDefinition}. ` +
      `Not compared, references outside the tree: theirs ${ref.theirsOutsideTree}, ours ${ref.oursOutsideTree}. ` +
      `References to a symbol of several definitions: theirs ${ref.theirsAmbiguous}, ours ${ref.oursAmbiguous}.`,
  );
  const defRows = [['definitions by kind (theirs, ours)', 'theirs', 'recalled', 'recall', 'ours', 'extras']];
  for (const kind of KIND_ORDER) {
    if (def.theirsByKind[kind] + def.oursByKind[kind] === 0) continue;
    defRows.push([`  ${kind}`, def.theirsByKind[kind], def.recalledByKind[kind], fixed(ratio(def.recalledByKind[kind], def.theirsByKind[kind])), def.oursByKind[kind], def.extrasByKind[kind]]);
  }
  console.log('');
  console.log(table(defRows));
  const s = c.symbols;
  console.log('');
  console.log(
    `symbols, at the ${s.pairs} global definitions of theirs we define too: equal ${fixed(s.equalShare)}, equal but the scheme ${fixed(s.equalButSchemeShare)}, ` +
      `equal descriptors ${fixed(s.equalDescriptorsShare)}, equal descriptors after the path ${fixed(s.equalAfterPathShare)}` +
      (s.oursLocal ? ` (ours local: ${s.oursLocal})` : ''),
  );
  console.log('');
  const checkRows = [['checks of each index', 'theirs', 'ours']];
  const labels = {
    missingFiles: 'documents not in DIR',
    badRanges: 'malformed ranges',
    outsideText: 'ranges outside the text',
    badEnclosing: 'enclosing ranges wrong',
    duplicates: 'duplicate occurrences',
    duplicatePaths: 'documents repeated',
    dangling: 'references, symbol undefined',
    danglingSymbols: '  distinct symbols',
    danglingInformed: '  with SymbolInformation',
    danglingLocals: 'locals undefined in the document',
    otherLineBreaks: 'documents with \\r, U+2028/9 breaks',
  };
  for (const [key, label] of Object.entries(labels)) checkRows.push([label, checks.theirs[key], checks.ours[key]]);
  console.log(table(checkRows));

  if (report.examples > 0) {
    console.log('\nExamples (1-based file:line:col)');
    const show = (title, entry) => {
      console.log(`\n${title}: ${entry.count}`);
      for (const e of entry.examples) {
        const parts = [e.at];
        if (e.range) parts.push(e.range);
        if (e.ours !== undefined) parts.push(`ours ${e.ours}${e.oursDefinition ? ` -> ${e.oursDefinition}` : ''}`);
        if (e.theirs !== undefined) parts.push(`theirs ${e.theirs}${e.theirsDefinition ? ` -> ${e.theirsDefinition}` : ''}`);
        if (e.symbol !== undefined) parts.push(e.symbol);
        if (e.lineLength !== undefined) parts.push(`line length ${e.lineLength}, ${e.lines} lines`);
        console.log(`- ${parts.join('  ')}`);
      }
    };
    for (const [category, entry] of Object.entries(c.examples)) show(category, entry);
    for (const side of ['theirs', 'ours']) for (const [category, entry] of Object.entries(checks[side].examples)) show(`${side}: ${category}`, entry);
  }
  console.log(
    `\nSCIP: documents=${d.both} definitions_recall=${fixed(def.recall)} definitions_precision=${fixed(def.precision)} references_recall=${fixed(ref.recall)} ` +
      `references_precision=${fixed(ref.precision)} symbols_equal_but_scheme=${fixed(s.equalButSchemeShare)} ours_bad_ranges=${checks.ours.badRanges + checks.ours.outsideText} ours_dangling=${checks.ours.dangling}`,
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(args.root);
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a directory`);
  const scratch = args.ours && args.theirs ? undefined : mkdtempSync(join(tmpdir(), 'check-scip-'));
  if (scratch && !args.keep) cleanups.add(() => rmSync(scratch, { recursive: true, force: true }));
  try {
    let oursRun;
    if (args.ours) oursRun = { tool: '', file: resolve(args.ours), generated: false };
    else {
      oursRun = await runOurs(root, join(scratch, 'ours.scip'));
      if (!oursRun) {
        console.log('code-index has no `scip` command (yet): `node dist/cli/main.js scip` is unknown. Build it, or pass --ours FILE.');
        process.exitCode = 1;
        return;
      }
    }
    const theirsRun = args.theirs ? { tool: '', file: resolve(args.theirs), generated: false } : await runTheirs(root, join(scratch, 'theirs.scip'));
    log('decoding');
    const theirs = load(theirsRun.file);
    const ours = load(oursRun.file);
    const runs = {
      theirs: { ...theirsRun, tool: theirs.tool, bytes: theirs.bytes, decodeSeconds: theirs.decodeSeconds, projectRoot: theirs.projectRoot },
      ours: { ...oursRun, tool: ours.tool, bytes: ours.bytes, decodeSeconds: ours.decodeSeconds, projectRoot: ours.projectRoot },
    };
    log('comparing');
    const comparison = compare(theirs, ours, args);
    const checks = { theirs: checkIndex(theirs, root, args), ours: checkIndex(ours, root, args) };
    const report = { root, examples: args.examples, runs, comparison, checks };
    if (args.json) console.log(JSON.stringify(report, null, 2));
    else print(report);
    if (args.keep && scratch) console.error(`  indexes kept: ${[theirsRun, oursRun].filter((r) => r.generated).map((r) => r.file).join(' ')}`);
  } finally {
    if (scratch && !args.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
