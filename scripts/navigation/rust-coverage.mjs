#!/usr/bin/env node
// How Rust call sites resolve on a real crate, without a compiler oracle (rust-analyzer is not available offline):
// the share of call-site names that findDefinitions answers 'bound', 'external', 'name_match' (and with how many
// answers), by call form. Not a correctness check: it says how much binds, not whether it binds right.
//
// Usage: node scripts/navigation/rust-coverage.mjs [--crate regex-syntax] [--misses N] [--form method] [--sample N]
//   --sample N prints N bound call sites spread evenly over the crate (the call's line, the definition's line) to
//   check by hand.
//   Needs a current build (npm run build). The crate's source is Debian's librust-<crate>-dev, fetched once with
//   `apt-get download` and unpacked into .bench-cache/<crate>-deb/ (sources under usr/share/cargo/registry/).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeIndex } from '../../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const args = { crate: 'regex-syntax', misses: 0, form: undefined, sample: 0 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--crate') args.crate = value();
    else if (flag === '--misses') args.misses = Number(value());
    else if (flag === '--form') args.form = value();
    else if (flag === '--sample') args.sample = Number(value());
    else throw new Error(`Unknown argument ${argv[i]}`);
  }
  return args;
}

/** The crate's folder under .bench-cache, downloaded and unpacked once. */
function crateRoot(crate) {
  const target = join(repo, '.bench-cache', `${crate}-deb`);
  const registry = join(target, 'usr/share/cargo/registry');
  if (!existsSync(registry)) {
    const downloads = join(repo, '.bench-cache', 'deb');
    mkdirSync(downloads, { recursive: true });
    execFileSync('apt-get', ['download', `librust-${crate}-dev`], { cwd: downloads, stdio: 'inherit' });
    const deb = readdirSync(downloads).find((file) => file.startsWith(`librust-${crate}-dev_`) && file.endsWith('.deb'));
    if (!deb) throw new Error(`librust-${crate}-dev was not downloaded`);
    execFileSync('dpkg-deb', ['-x', join(downloads, deb), target]);
  }
  const folder = readdirSync(registry).find((name) => name.startsWith(`${crate}-`));
  if (!folder) throw new Error(`no ${crate} under ${registry}`);
  return join(registry, folder);
}

function rustFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.rs')) files.push(relative(root, path));
    }
  };
  walk(root);
  return files.sort();
}

/** Call sites of a file: the callee's name, and the form of the call. */
async function callSites(parser, query, text) {
  const tree = parser.parse(text);
  // One site per name: `a::T::f()` is a call through the type `T`, not through the module `a`.
  const sites = new Map();
  for (const match of query.matches(tree.rootNode)) {
    const name = match.captures.find((c) => c.name === 'name')?.node;
    const form = match.captures.find((c) => c.name !== 'name' && !c.name.startsWith('_'))?.name;
    if (!name || !form || (sites.get(name.startIndex)?.form === 'type_path' && form === 'module_path')) continue;
    sites.set(name.startIndex, { line: name.startPosition.row + 1, column: name.startPosition.column + 1, name: name.text, form });
  }
  tree.delete();
  return [...sites.values()];
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = crateRoot(args.crate);
  const { Parser, Language, Query } = await import(require.resolve('web-tree-sitter'));
  await Parser.init();
  const language = await Language.load(brotliDecompressSync(readFileSync(join(repo, 'grammars/tree-sitter-rust.wasm.br'))));
  const parser = new Parser();
  parser.setLanguage(language);
  const query = new Query(
    language,
    `(call_expression function: (identifier) @name) @plain
     (call_expression function: (field_expression value: (self) field: (field_identifier) @name)) @self_method
     (call_expression function: (field_expression value: [(identifier) (field_expression)] field: (field_identifier) @name)) @method
     (call_expression function: (field_expression value: [(call_expression) (try_expression) (index_expression) (parenthesized_expression) (reference_expression) (await_expression)] field: (field_identifier) @name)) @chained
     (call_expression function: (scoped_identifier path: [(identifier) (generic_type)] @_p name: (identifier) @name) (#match? @_p "^Self")) @self_path
     (call_expression function: (scoped_identifier path: [(identifier) (generic_type)] @_q name: (identifier) @name) (#match? @_q "^[A-Z]") (#not-match? @_q "^Self")) @type_path
     (call_expression function: (scoped_identifier path: [(identifier) (scoped_identifier) (crate) (super) (self)] @_m name: (identifier) @name) (#match? @_m "^[a-z]")) @module_path
     (call_expression function: (scoped_identifier path: (scoped_identifier name: (identifier) @_t) name: (identifier) @name) (#match? @_t "^[A-Z]")) @type_path`,
  );
  const index = await CodeIndex.open({ root, persist: false });
  const results = [];
  try {
    await index.indexAll();
    for (const file of rustFiles(root)) {
      for (const site of await callSites(parser, query, readFileSync(join(root, file), 'utf8'))) {
        let answer;
        try {
          answer = await index.findDefinitions({ file, line: site.line, column: site.column });
        } catch (error) {
          answer = { resolution: 'error', definitions: [], total: 0, note: String(error.code ?? error) };
        }
        results.push({ file, ...site, resolution: answer.resolution, answers: answer.definitions.length, total: answer.total ?? answer.definitions.length, got: answer.definitions.slice(0, 2).map((d) => `${d.file}:${d.line}`), note: answer.note });
      }
    }
  } finally {
    index.close();
  }
  const forms = ['all', ...new Set(results.map((r) => r.form))];
  // none: name_match without any same-named definition; error: the query failed (a parse timeout on a loaded machine).
  const rows = [['form', 'calls', 'bound', 'external', 'name_match', 'none', 'error', 'answers (bound)', 'answers (name_match)']];
  for (const form of forms) {
    const list = form === 'all' ? results : results.filter((r) => r.form === form);
    const share = (resolution) => (list.filter((r) => r.resolution === resolution && r.answers > 0).length / (list.length || 1)).toFixed(3);
    const none = list.filter((r) => r.answers === 0 && r.resolution === 'name_match').length / (list.length || 1);
    const errors = list.filter((r) => r.resolution === 'error').length / (list.length || 1);
    const mean = (resolution) => {
      const picked = list.filter((r) => r.resolution === resolution && r.answers > 0);
      return picked.length ? (picked.reduce((sum, r) => sum + r.total, 0) / picked.length).toFixed(2) : '-';
    };
    const external = list.filter((r) => r.resolution === 'external').length / (list.length || 1);
    rows.push([form, list.length, share('bound'), external.toFixed(3), share('name_match'), none.toFixed(3), errors.toFixed(3), mean('bound'), mean('name_match')]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  '));
  if (args.misses > 0) {
    const misses = results.filter((r) => r.resolution !== 'bound' && r.resolution !== 'external' && (!args.form || r.form === args.form));
    console.log(`\nnot bound (${misses.length}), first ${args.misses}:`);
    for (const miss of misses.slice(0, args.misses)) console.log(`- ${miss.form} ${miss.name} ${miss.file}:${miss.line}:${miss.column} [${miss.resolution}, ${miss.total}] ${miss.got.join(' ')} ${miss.note ?? ''}`);
  }
  if (args.sample > 0) {
    const bound = results.filter((r) => r.resolution === 'bound' && (!args.form || r.form === args.form));
    const step = Math.max(1, Math.floor(bound.length / args.sample));
    const line = (file, n) => readFileSync(join(root, file), 'utf8').split('\n')[n - 1]?.trim().slice(0, 110);
    console.log(`\nbound sample (${Math.min(args.sample, bound.length)} of ${bound.length}):`);
    for (let i = 0; i < bound.length && i / step < args.sample; i += step) {
      const site = bound[i];
      console.log(`- ${site.form} ${site.name} ${site.file}:${site.line}:${site.column}  ${line(site.file, site.line)}`);
      for (const got of site.got) console.log(`    -> ${got}  ${line(got.split(':')[0], Number(got.split(':')[1]))}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
