#!/usr/bin/env node
// The structure of a C or C++ tree against Universal Ctags as the oracle: the definitions ctags tags (classes,
// structs, unions, enums and their enumerators, functions, members, namespaces, typedefs, variables, macros; with
// --prototypes the declarations too, as code-index lists a class's declared methods) against code-index's definitions
// of the same files (listDefinitions), matched by file, name and line (one line apart counts: a multi-line head).
// Precision, recall and F1 overall and misses and extras by kind, with examples, to find their causes.
//
// Usage: npm run build && node scripts/check-structure.mjs --root DIR [--language C++|C] [--prototypes] [--misses N]
//   e.g. --root .bench-cache/google__leveldb@78a352f47ed6c1e9d750545e9b242289185b87e1 --prototypes
// Left out on ctags' side: included headers (a reference kind), anonymous names (`__anon...`), and ALL-CAPS
// "functions" and "prototypes", which are macro calls ctags reads as definitions (`TEST(Suite, Name) {`,
// `BENCHMARK(BM_x);`). Operator names are compared without blanks (`operator !=` is `operator!=`).
// A report: it exits 0 whatever the numbers. The last line is machine-readable:
//   STRUCTURE: language=L files=N ctags=N ours=N matched=N precision=X recall=Y f1=Z
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { CodeIndex } from '../dist/index.js';

const EXTENSIONS = {
  'C++': /\.(cc|cpp|cxx|c\+\+|hpp|hh|hxx|h\+\+|h)$/,
  C: /\.(c|h)$/,
};

function parseArgs(argv) {
  const args = { root: undefined, language: 'C++', prototypes: false, misses: 8 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') args.root = argv[++i];
    else if (argv[i] === '--language') args.language = argv[++i];
    else if (argv[i] === '--prototypes') args.prototypes = true;
    else if (argv[i] === '--misses') args.misses = Number(argv[++i]);
    else throw new Error(`Unknown argument ${argv[i]}`);
  }
  if (!args.root || !EXTENSIONS[args.language]) {
    throw new Error('Usage: node scripts/check-structure.mjs --root DIR [--language C++|C] [--prototypes] [--misses N]');
  }
  return args;
}

/** A name as both sides are compared: operators without blanks. */
const normalized = (name) => (name.startsWith('operator') ? name.replace(/\s+/g, '') : name);

const args = parseArgs(process.argv.slice(2));
const root = resolve(args.root);
const kinds = args.prototypes ? [`--kinds-${args.language}=+p`] : [];
const ctags = await promisify(execFile)('ctags', ['-R', `--languages=${args.language}`, '--fields=+nK', ...kinds, '-f', '-', '.'], {
  cwd: root,
  maxBuffer: 1 << 29,
});

// ctags' tags: file -> name -> [{ line, kind }]
const wanted = new Map();
const files = new Set();
for (const line of ctags.stdout.split('\n')) {
  const fields = line.split('\t');
  if (fields.length < 4) continue;
  const [name, path] = fields;
  const file = path.replace(/^\.\//, '');
  const kind = fields.slice(3).find((field) => /^[a-z]+$/.test(field));
  const at = Number(fields.find((field) => field.startsWith('line:'))?.slice(5));
  if (!kind || !at || kind === 'header' || name.startsWith('__anon')) continue;
  if ((kind === 'function' || kind === 'prototype') && /^[A-Z0-9_]+$/.test(name)) continue;
  if (!EXTENSIONS[args.language].test(file)) continue;
  files.add(file);
  if (!wanted.has(file)) wanted.set(file, []);
  wanted.get(file).push({ name: normalized(name), line: at, kind });
}

// Ours: every definition of those files.
const index = await CodeIndex.open({ root, persist: false });
const ours = new Map();
try {
  await index.indexAll();
  for (let offset = 0; ; ) {
    const page = await index.listDefinitions({ query: '*', limit: 100_000, offset });
    for (const def of page.definitions) {
      if (!files.has(def.file)) continue;
      if (!ours.has(def.file)) ours.set(def.file, []);
      ours.get(def.file).push({ name: normalized(def.symbol), line: def.line, kind: def.kind });
    }
    if (!page.hasMore) break;
    offset = page.nextOffset;
  }
} finally {
  index.close();
}

/** Each of `items` matched to one of `others` (same name, a line at most one apart), each used once. */
function matchAll(items, others) {
  const byName = new Map();
  for (const other of others) {
    if (!byName.has(other.name)) byName.set(other.name, []);
    byName.get(other.name).push({ ...other, used: false });
  }
  const unmatched = [];
  for (const item of items) {
    const candidates = byName.get(item.name) ?? [];
    const exact = candidates.find((c) => !c.used && c.line === item.line) ?? candidates.find((c) => !c.used && Math.abs(c.line - item.line) <= 1);
    if (exact) exact.used = true;
    else unmatched.push(item);
  }
  return unmatched;
}

let ctagsCount = 0;
let ourCount = 0;
const misses = [];
const extras = [];
for (const file of files) {
  const theirs = wanted.get(file) ?? [];
  const mine = ours.get(file) ?? [];
  ctagsCount += theirs.length;
  ourCount += mine.length;
  misses.push(...matchAll(theirs, mine).map((item) => ({ ...item, file })));
  extras.push(...matchAll(mine, theirs).map((item) => ({ ...item, file })));
}
const matched = ctagsCount - misses.length;
const precision = ourCount ? (ourCount - extras.length) / ourCount : 0;
const recall = ctagsCount ? matched / ctagsCount : 0;
const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;

function byKind(items, label) {
  const groups = new Map();
  for (const item of items) {
    if (!groups.has(item.kind)) groups.set(item.kind, []);
    groups.get(item.kind).push(item);
  }
  for (const [kind, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    // Examples spread over the files: every n-th.
    const step = Math.max(1, Math.floor(list.length / args.misses));
    const examples = list.filter((_, i) => i % step === 0).slice(0, args.misses);
    console.log(`${label} ${kind} ${list.length}: ${examples.map((item) => `${item.file}:${item.line} ${item.name}`).join('  ')}`);
  }
}

console.log(`${args.language} in ${root}: ${files.size} files; ctags ${ctagsCount}${args.prototypes ? ' (prototypes too)' : ''}, ours ${ourCount}, matched ${matched}`);
console.log(`precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${f1.toFixed(3)}`);
byKind(misses, 'missed (ctags)');
byKind(extras, 'extra (ours)');
console.log(
  `STRUCTURE: language=${args.language} files=${files.size} ctags=${ctagsCount} ours=${ourCount} matched=${matched} precision=${precision.toFixed(4)} recall=${recall.toFixed(4)} f1=${f1.toFixed(4)}`,
);
