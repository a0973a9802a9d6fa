// go/types as the oracle for Go corpora: Debian `golang-*-dev` packages (sources under /usr/share/gocode/src),
// type-checked by scripts/navigation/gotypes/main.go with the standard library only (go/build in GOPATH mode,
// go/parser, go/types, the source importer; Info.Uses).
//
// Nothing is installed as root: the pinned toolchain (golang-1.19-go, golang-1.19-src) and the corpus packages (and
// the dependencies they import) are fetched with `apt-get download` and unpacked with `dpkg-deb -x` into
// .bench-cache/go/root, which is GOROOT's parent and the GOPATH.
//
// Samples: call sites (the callee, or the `Sel` of `x.f()`) and type positions (identifiers go/types records as
// types) whose declaration is inside the corpus folder; documented = the declaration has its own doc comment.
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CACHE_DIR } from '../fetch-corpus.mjs';
import { shuffled } from './sampling.mjs';

const run = promisify(execFile);

/** The pinned toolchain: Debian bookworm's Go 1.19 (binaries and the standard library's sources). */
const TOOLCHAIN = ['golang-1.19-go=1.19.8-2', 'golang-1.19-src=1.19.8-2'];
const GO_DIR = join(CACHE_DIR, 'go');
const DEBS = join(GO_DIR, 'debs');
const ROOT = join(GO_DIR, 'root');
const GOROOT = join(ROOT, 'usr/lib/go-1.19');
const GOPATH = join(ROOT, 'usr/share/gocode');
const PROGRAM = fileURLToPath(new URL('./gotypes/main.go', import.meta.url));
const BINARY = join(GO_DIR, 'gotypes');

/** Downloads (once) and unpacks a pinned `.deb` (`name=version`) into the cache's root. */
async function unpack(spec) {
  const marker = join(GO_DIR, `.unpacked-${spec.replace(/[^\w.=+~-]/g, '_')}`);
  if (existsSync(marker)) return;
  await mkdir(DEBS, { recursive: true });
  await mkdir(ROOT, { recursive: true });
  const [name, version] = spec.split('=');
  const before = new Set(await readdir(DEBS));
  await run('apt-get', ['download', spec], { cwd: DEBS, maxBuffer: 16 * 1024 * 1024 });
  const debs = (await readdir(DEBS)).filter((file) => file.startsWith(`${name}_`) && file.endsWith('.deb'));
  // apt-get writes `name_version_arch.deb` with the version's `:` as `%3a`.
  const deb = debs.find((file) => !before.has(file)) ?? debs.find((file) => file.includes(`_${version.replace(':', '%3a')}_`));
  if (!deb) throw new Error(`apt-get download ${spec} left no .deb in ${DEBS}`);
  await run('dpkg-deb', ['-x', join(DEBS, deb), ROOT]);
  await writeFile(marker, `${spec}\n`);
}

function goEnvironment() {
  return { ...process.env, GOROOT, GOPATH, GO111MODULE: 'off', GOFLAGS: '', CGO_ENABLED: '0', GOCACHE: join(GO_DIR, 'cache'), GOTOOLCHAIN: 'local' };
}

/** The oracle binary, rebuilt when its source is newer. */
async function oracleBinary() {
  for (const spec of TOOLCHAIN) await unpack(spec);
  if (existsSync(BINARY) && statSync(BINARY).mtimeMs >= statSync(PROGRAM).mtimeMs) return BINARY;
  await run(join(GOROOT, 'bin/go'), ['build', '-o', BINARY, PROGRAM], { env: goEnvironment(), cwd: GO_DIR, maxBuffer: 16 * 1024 * 1024 });
  return BINARY;
}

/**
 * The oracle's answers at a seeded sample of positions of a corpus.
 * @param {{ spec: string, folder: string, dependencies?: string[] }} corpus `spec`: the Debian package (`name=version`);
 *   `folder`: the import path of the corpus under GOPATH/src; `dependencies`: packages it imports
 * @param {{ samples: number }} args
 */
export async function sample(corpus, args) {
  const binary = await oracleBinary();
  for (const spec of [corpus.spec, ...(corpus.dependencies ?? [])]) await unpack(spec);
  const root = join(GOPATH, 'src', corpus.folder);
  const { stdout } = await run(binary, ['-root', root], { env: goEnvironment(), maxBuffer: 512 * 1024 * 1024 });
  const report = JSON.parse(stdout);
  const samples = [];
  const taken = { call: 0, type: 0 };
  for (const candidate of shuffled(report.positions, 12)) {
    if (taken.call >= args.samples && taken.type >= args.samples) break;
    if (taken[candidate.kind] >= args.samples) continue;
    samples.push(candidate);
    taken[candidate.kind]++;
  }
  return { root, files: report.files, candidates: report.positions.length, samples };
}
