#!/usr/bin/env node
// C function definitions against Universal Ctags as the oracle: which functions ctags finds in a tree's .c files
// that code-index's analysis of the same file has (by file and name), and the syntax errors of those files. Macros
// the grammar cannot expand (`int __init f(void)`, `static __always_inline __alloc_size(1) void *f(...)`) are where
// the two part; ctags' own misreads of macro calls (`BPF_CALL_2(...)` taken for a function named BPF_CALL_2) are
// left out: names in ALL-CAPS do not count.
//
// Usage: npm run build && node scripts/check-c-functions.mjs --ctags PATH --root DIR [FOLDER ...]
//   e.g. --root .bench-cache/kernel-slice kernel kernel/sched mm   (the .c files directly in each folder; the
//   kernel slice is made by `npm run bench:scale`, ctags comes with it under .bench-cache/ctags/)
// A report: it exits 0 whatever the numbers. The last line is machine-readable:
//   C-FUNCTIONS: files=N wanted=N found=N recall=X errors=N
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CodeIndex } from '../dist/index.js';

function parseArgs(argv) {
  const args = { ctags: undefined, root: undefined, folders: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--ctags') args.ctags = argv[++i];
    else if (argv[i] === '--root') args.root = argv[++i];
    else args.folders.push(argv[i]);
  }
  if (!args.ctags || !args.root) throw new Error('Usage: node scripts/check-c-functions.mjs --ctags PATH --root DIR [FOLDER ...]');
  return args;
}

const args = parseArgs(process.argv.slice(2));
const root = resolve(args.root);
const folders = args.folders.length > 0 ? args.folders : ['.'];
const files = folders.flatMap((folder) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.c'))
    .map((name) => (folder === '.' ? name : `${folder}/${name}`)),
);
const { stdout } = await promisify(execFile)(args.ctags, ['--languages=C', '--kinds-C=f', '--fields=+n', '-f', '-', ...files], { cwd: root, maxBuffer: 1 << 28 });
const wanted = new Map();
for (const line of stdout.split('\n')) {
  const [name, file] = line.split('\t');
  if (!name || !file || /^[A-Z0-9_]+$/.test(name)) continue;
  if (!wanted.has(file)) wanted.set(file, new Set());
  wanted.get(file).add(name);
}
const index = await CodeIndex.open({ root, persist: false, threads: 0 });
let total = 0;
let found = 0;
let errors = 0;
const missed = [];
try {
  for (const file of files) {
    const analysis = await index.analyzeFile(file).catch(() => undefined);
    const names = new Set((analysis?.functions ?? []).map((fn) => fn.name));
    errors += analysis?.errors.length ?? 0;
    for (const name of wanted.get(file) ?? []) {
      total++;
      if (names.has(name)) found++;
      else missed.push(`${file} ${name}`);
    }
  }
} finally {
  index.close();
}
console.log(`ctags' functions (not ALL-CAPS) in ${files.length} .c files: ${total}; found ${found}; missed ${missed.length}; syntax errors ${errors}`);
if (missed.length > 0) console.log(`missed, the first 20:\n  ${missed.slice(0, 20).join('\n  ')}`);
console.log(`C-FUNCTIONS: files=${files.length} wanted=${total} found=${found} recall=${(found / Math.max(1, total)).toFixed(4)} errors=${errors}`);
