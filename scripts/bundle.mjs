#!/usr/bin/env node
// Bundles the package's entry points (package.json "exports", "bin", and the parse threads' worker) so that a process
// loads a dozen modules instead of ~250, and pays Node's per-module cost (resolving, reading, linking) that many times:
// importing dist/index.js took 146-192 ms unbundled and 122-169 ms bundled (alternated runs; the tools, with zod, were
// in it then: 44-53 ms since they are code-index/tools). Run by `npm run build` after `tsc`, whose output (dist/) is the
// input: each entry file is written over tsc's, the code they share goes to dist/chunks/. Dependencies stay external (`import 'zod'`): a
// bundled copy of zod would make the tools' schemas foreign to the zod of the user's own code. The exception is
// gpt-tokenizer (a devDependency), of which only the one encoding we count with is bundled: the package is 30 MB
// installed (every encoding, three builds and its sources), its o200k_base encoding 2.5 MB; its licence goes with it
// (dist/licenses/).
//
// Paths to the package's own files are written relative to the module (`new URL('../../queries/c/tags.scm',
// import.meta.url)`, `createRequire(import.meta.url)('../package.json')`, the worker beside the pool); a module moved
// into a bundle or chunk keeps them right: each such relative path is rewritten to a placeholder relative to the
// package root, and each output file gets the path from its own folder to the root.
//
// Usage: node scripts/bundle.mjs   (after tsc: npm run build does both)
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const MARK = '/* code-index bundle */';
const PLACEHOLDER = '__CODE_INDEX_PACKAGE_ROOT__/';
/** Dependencies bundled into dist/ rather than installed (devDependencies), each shipped with its licence. */
const BUNDLED = ['gpt-tokenizer'];

/** The entry points: what package.json exports and runs, and the worker the pool starts beside itself. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const files = new Set(['./dist/engine/worker.js', ...Object.values(pkg.bin ?? {})]);
  for (const target of Object.values(pkg.exports ?? {})) if (typeof target === 'object' && target.import) files.add(target.import);
  const input = {};
  for (const file of files) {
    const path = join(ROOT, file);
    if (!existsSync(path)) throw new Error(`${file} is missing: run tsc first (npm run build)`);
    if (readFileSync(path, 'utf8').includes(MARK)) throw new Error(`${file} is a bundle already: run tsc first (npm run build)`);
    input[relative(DIST, path).replace(/\.js$/, '')] = path;
  }
  return input;
}

/** `'../../queries/x.scm'` in dist/languages/c.js -> `'__CODE_INDEX_PACKAGE_ROOT__/queries/x.scm'`. */
function rootRelative(moduleFile, specifier) {
  const target = resolve(dirname(moduleFile), specifier);
  const fromRoot = relative(ROOT, target);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) throw new Error(`${moduleFile}: ${specifier} is outside the package`);
  return PLACEHOLDER + fromRoot.split('\\').join('/');
}

const packagePaths = {
  name: 'package-paths',
  transform(code, id) {
    if (!id.startsWith(DIST) || !code.includes('import.meta.url')) return null;
    const rewritten = code
      .replace(/new URL\((['"])(\.\.?\/[^'"]+)\1, import\.meta\.url\)/g, (_, quote, path) => `new URL(${quote}${rootRelative(id, path)}${quote}, import.meta.url)`)
      .replace(/createRequire\(import\.meta\.url\)\((['"])(\.\.?\/[^'"]+)\1\)/g, (_, quote, path) => `createRequire(import.meta.url)(${quote}${rootRelative(id, path)}${quote})`);
    return rewritten === code ? null : { code: rewritten, map: null };
  },
  renderChunk(code, chunk) {
    if (!code.includes(PLACEHOLDER)) return null;
    const up = relative(dirname(join(DIST, chunk.fileName)), ROOT).split('\\').join('/');
    return { code: code.split(PLACEHOLDER).join(`${up}/`), map: null };
  },
};

rmSync(join(DIST, 'chunks'), { recursive: true, force: true });
const bundle = await rolldown({
  input: entries(),
  platform: 'node',
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !BUNDLED.some((name) => id === name || id.startsWith(`${name}/`)),
  plugins: [packagePaths],
  logLevel: 'warn',
});
await bundle.write({
  dir: DIST,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  banner: (chunk) => (chunk.isEntry ? MARK : ''),
  sourcemap: false,
});
await bundle.close();

const require = createRequire(join(ROOT, 'package.json'));
mkdirSync(join(DIST, 'licenses'), { recursive: true });
for (const name of BUNDLED) copyFileSync(join(dirname(require.resolve(`${name}/package.json`)), 'LICENSE'), join(DIST, 'licenses', `${name}.LICENSE`));
