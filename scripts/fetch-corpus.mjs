// Downloads an npm package tarball once and extracts it under .bench-cache/, as a corpus of real-world sources
// for scripts/bench.mjs and scripts/check-accuracy.mjs; also lists the TypeScript files of a tree.
//
// Usage as a module:   const { root, srcDir } = await fetchCorpus('rxjs@7.8.2');
// Usage from a shell:  node scripts/fetch-corpus.mjs [spec]   (prints the source folder)
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's cache folder (gitignored). */
export const CACHE_DIR = fileURLToPath(new URL('../.bench-cache/', import.meta.url));

/**
 * Fetches `spec` (anything `npm pack` accepts, e.g. `rxjs@7.8.2`) into `.bench-cache/<spec>/` and returns the
 * extracted package folder (`root`) and its `src` folder (`srcDir`). A complete earlier extraction is reused. A
 * package that ships no `src/` is refused unless `requireSources` is false (a JavaScript package).
 *
 * @param {string} [spec]
 * @returns {Promise<{ root: string, srcDir: string }>}
 */
export async function fetchCorpus(spec = 'rxjs@7.8.2', { requireSources = true } = {}) {
  // One folder per spec; '/' of scoped names would nest, so flatten it.
  const dir = join(CACHE_DIR, spec.replace(/[/\\]/g, '__'));
  const root = join(dir, 'package');
  const srcDir = join(root, 'src');
  // Written last, so an interrupted download or extraction is redone rather than half-used.
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return { root, srcDir };

  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // `--json` makes the tarball's file name machine-readable; npm writes notices to stderr, not stdout.
  const { stdout } = await run('npm', ['pack', spec, '--pack-destination', dir, '--json', '--silent'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout);
  if (!packed?.filename) throw new Error(`npm pack ${spec} did not report a tarball`);
  const tarball = join(dir, packed.filename);
  await run('tar', ['-xzf', tarball, '-C', dir]);
  await rm(tarball);
  if (requireSources && !existsSync(srcDir)) throw new Error(`${spec} has no src/ folder: it does not ship its TypeScript sources`);
  await writeFile(marker, `${spec}\n`);
  return { root, srcDir };
}

const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts']);

/**
 * Root-relative paths (with `/`) of the TypeScript files under `root` (.ts, .tsx, .mts, .cts), sorted; skips
 * node_modules and dot-folders, and declaration files (.d.ts) unless `includeDeclarations`.
 *
 * @param {string} root
 * @param {{ includeDeclarations?: boolean }} [options]
 * @returns {Promise<string[]>}
 */
export async function listTypeScriptFiles(root, { includeDeclarations = false } = {}) {
  const files = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE_EXTENSIONS.has(extname(entry.name))) continue;
    if (!includeDeclarations && /\.d\.[mc]?ts$/.test(entry.name)) continue;
    // `parentPath` is Node >= 20.12; `path` is its older name.
    const path = relative(root, join(entry.parentPath ?? entry.path, entry.name))
      .split(sep)
      .join('/');
    if (path.split('/').some((part) => part === 'node_modules' || part.startsWith('.'))) continue;
    files.push(path);
  }
  return files.sort();
}

// Run directly: fetch and print where the sources are.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { srcDir } = await fetchCorpus(process.argv[2]);
  console.log(srcDir);
}
