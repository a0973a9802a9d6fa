#!/usr/bin/env node
// What a user installs: the package as npm packs it, installed for production into an empty project, measured, and
// used there with nothing of this repository's node_modules at hand.
//
// Usage: npm run check:install -- [--budget MB] [--keep]   (= node scripts/check-install.mjs; needs a build: npm pack
//        runs no prepare script here, it packs dist/ as it is)
//   1. `npm pack` into a temporary folder; the tarball's size and file count;
//   2. `npm install --omit=dev` of that tarball into an empty project (from the registry, as a user would): the size of
//      node_modules on disk (du), its ten largest packages, and the time the install took;
//   3. in that project: `npx code-index analyze` of a TypeScript file, and every bundled language loaded (grammar and
//      queries) and made to parse a line, through the installed package alone;
//   4. fails (exit 1) when node_modules is over the budget (100 MB by default) or anything in 3 fails.
// --keep  leaves the temporary folder (its path is printed) for a look inside.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const args = { budgetMb: 100, keep: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--budget') args.budgetMb = Number(argv[++i]);
    else if (argv[i] === '--keep') args.keep = true;
    else throw new Error(`unknown argument ${argv[i]} (usage: check-install.mjs [--budget MB] [--keep])`);
  }
  if (!(args.budgetMb > 0)) throw new Error('--budget takes a positive number of MB');
  return args;
}

const run = (command, args, cwd, env = process.env) => execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });

/** Bytes on disk under a folder (as `du -sb`, without following links). */
function diskBytes(path) {
  return Number(run('du', ['-sb', path], ROOT).split('\t')[0]);
}

/** The installed packages of a node_modules folder (scoped ones by their full name). */
function packages(modules) {
  const out = [];
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const path = join(modules, name);
    if (name.startsWith('@')) for (const inner of readdirSync(path)) out.push({ name: `${name}/${inner}`, path: join(path, inner) });
    else if (statSync(path).isDirectory()) out.push({ name, path });
  }
  return out;
}

// Run inside the installed project: every bundled language loads and parses a line.
const LANGUAGES_PROBE = `
import { createDefaultRegistry } from 'code-index';
const registry = createDefaultRegistry();
const failed = [];
let loaded = 0;
for (const status of registry.list()) {
  try {
    const language = await registry.load(status.id);
    const tree = language.parser.parse('x');
    if (!tree) throw new Error('no tree');
    tree.delete();
    loaded++;
  } catch (error) {
    failed.push(status.id + ': ' + (error?.message ?? error));
  }
}
console.log(JSON.stringify({ loaded, failed }));
`;

function main() {
  const args = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'code-index-install-'));
  try {
    const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT))[0];
    const tarball = join(work, packed.filename);
    const app = join(work, 'app');
    run('mkdir', ['-p', app], work);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
    const started = performance.now();
    run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', tarball], app);
    const installSeconds = (performance.now() - started) / 1000;
    const modules = join(app, 'node_modules');
    const total = diskBytes(modules);
    const sizes = packages(modules)
      .map((pkg) => ({ name: pkg.name, bytes: diskBytes(pkg.path) }))
      .sort((a, b) => b.bytes - a.bytes);

    const mb = (bytes) => (bytes / 1e6).toFixed(1);
    console.log(`tarball ${packed.filename}: ${mb(statSync(tarball).size)} MB packed, ${mb(packed.unpackedSize)} MB unpacked, ${packed.entryCount} files`);
    console.log(`npm install --omit=dev: node_modules ${mb(total)} MB on disk, ${sizes.length} packages, ${installSeconds.toFixed(1)} s`);
    for (const { name, bytes } of sizes.slice(0, 10)) console.log(`  ${mb(bytes).padStart(6)} MB  ${name}`);

    const problems = [];
    if (total > args.budgetMb * 1e6) problems.push(`node_modules is ${mb(total)} MB, over the budget of ${args.budgetMb} MB`);

    writeFileSync(join(app, 'sample.ts'), 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n');
    // The user's environment, with a cache of the project's own: the run must not write into the user's cache.
    const env = { ...process.env, XDG_CACHE_HOME: join(work, 'cache') };
    const analyzed = run('npx', ['--no-install', 'code-index', 'analyze', 'sample.ts'], app, env);
    if (!analyzed.includes('greet')) problems.push(`code-index analyze sample.ts did not list greet:\n${analyzed}`);
    else console.log('npx code-index analyze sample.ts: lists greet');

    writeFileSync(join(app, 'probe.mjs'), LANGUAGES_PROBE);
    const probe = JSON.parse(run('node', ['probe.mjs'], app, env));
    console.log(`languages: ${probe.loaded} loaded and parsed from the installed package, ${probe.failed.length} failed`);
    for (const failure of probe.failed) problems.push(`language ${failure}`);

    if (problems.length) {
      for (const problem of problems) console.error(`FAIL ${problem}`);
      process.exitCode = 1;
    }
  } finally {
    if (args.keep) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main();
