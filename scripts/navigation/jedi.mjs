// Jedi as the oracle for Python corpora: Script.goto(follow_imports=True) and Script.help() over a package's
// sources, both taken from Debian bookworm's .deb packages (pinned below).
//
// Nothing is installed: `apt-get download <package>=<version>` fetches each .deb into .bench-cache/debs/ and
// `dpkg-deb -x` unpacks it under .bench-cache/deb/<package>_<version>/; jedi and parso are then put on the Python
// path of the helper (jedi_oracle.py), which checks their versions. A corpus is a Debian package of Python sources
// (`/usr/lib/python3/dist-packages/<pkg>`), indexed from its dist-packages folder so that `import <pkg>.x` resolves
// as it does when installed.
//
// Samples: call sites (the callee name, or the attribute of `a.f(...)`) and type positions (class bases, names in
// annotations, `except` classes, isinstance/issubclass classes), listed by the helper with Python's own `ast`,
// shuffled with the seeded sampler, and kept when every definition Jedi goes to is a line of a .py file of the
// corpus (not the standard library, not another package). Documented: Jedi's help() shows a docstring.
// Answers are cached in .bench-cache/jedi-samples/ (Jedi on a large corpus takes minutes).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CACHE_DIR } from '../fetch-corpus.mjs';
import { shuffled } from './sampling.mjs';

const run = promisify(execFile);

/** The oracle's own packages, pinned (Debian bookworm). */
export const JEDI = { package: 'python3-jedi', version: '0.18.2-1', module: '0.18.2' };
export const PARSO = { package: 'python3-parso', version: '0.8.3-1', module: '0.8.3' };
const SEED = 12;
const HELPER = fileURLToPath(new URL('./jedi_oracle.py', import.meta.url));
const DIST_PACKAGES = 'usr/lib/python3/dist-packages';

async function available(command, args) {
  try {
    await run(command, args);
    return true;
  } catch {
    return false;
  }
}

/**
 * Unpacks `<package>=<version>` (a Debian package, fetched with apt-get download) once, and returns its folder.
 * Fails with an explanation when apt-get or dpkg-deb is missing (the oracle needs a Debian or Ubuntu system with
 * bookworm's package lists: `apt-get update` once, no root install).
 */
export async function fetchDeb(name, version) {
  const folder = join(CACHE_DIR, 'deb', `${name}_${version}`);
  const marker = join(folder, '.complete');
  if (existsSync(marker)) return folder;
  for (const [command, args] of [
    ['apt-get', ['--version']],
    ['dpkg-deb', ['--version']],
  ]) {
    if (!(await available(command, args))) {
      throw new Error(
        `The Jedi oracle needs ${command} (Debian or Ubuntu): it fetches the pinned packages ${name}=${version}, ${JEDI.package}=${JEDI.version} ` +
          `and ${PARSO.package}=${PARSO.version} with "apt-get download" and unpacks them with "dpkg-deb -x" (nothing is installed).`,
      );
    }
  }
  const debs = join(CACHE_DIR, 'debs');
  await mkdir(debs, { recursive: true });
  const wanted = `${name}_${version.replace(/:/g, '%3a')}_`;
  let deb = (await readdir(debs)).find((file) => file.startsWith(wanted) && file.endsWith('.deb'));
  if (!deb) {
    try {
      await run('apt-get', ['download', `${name}=${version}`], { cwd: debs, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      throw new Error(
        `apt-get download ${name}=${version} failed (is this Debian bookworm with its package lists? run "apt-get update" once): ${String(error.stderr ?? error.message).trim()}`,
      );
    }
    deb = (await readdir(debs)).find((file) => file.startsWith(wanted) && file.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${name}=${version} left no .deb in ${debs}`);
  }
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await run('dpkg-deb', ['-x', join(debs, deb), folder]);
  await writeFile(marker, `${name}=${version}\n`);
  return folder;
}

/** The Python that runs Jedi: Debian's own (the packages are built for it), else the first `python3`. */
async function python() {
  for (const candidate of ['/usr/bin/python3', 'python3']) if (await available(candidate, ['--version'])) return candidate;
  throw new Error('The Jedi oracle needs python3 (>= 3.8)');
}

async function helper(args, input) {
  const jedi = await fetchDeb(JEDI.package, JEDI.version);
  const parso = await fetchDeb(PARSO.package, PARSO.version);
  // jedi and parso unpack into separate folders: merge them on the path through one folder of links.
  const path = join(CACHE_DIR, 'deb', `jedi-path_${JEDI.version}_${PARSO.version}`);
  if (!existsSync(join(path, '.complete'))) {
    await rm(path, { recursive: true, force: true });
    await mkdir(path, { recursive: true });
    await run('ln', ['-s', join(jedi, DIST_PACKAGES, 'jedi'), join(path, 'jedi')]);
    await run('ln', ['-s', join(parso, DIST_PACKAGES, 'parso'), join(path, 'parso')]);
    await writeFile(join(path, '.complete'), 'jedi and parso\n');
  }
  const interpreter = await python();
  return new Promise((resolve, reject) => {
    const child = execFile(
      interpreter,
      ['-s', HELPER, ...args],
      {
        maxBuffer: 512 * 1024 * 1024,
        env: { ...process.env, JEDI_PATH: path, JEDI_VERSION: JEDI.module, PARSO_VERSION: PARSO.module, PYTHONDONTWRITEBYTECODE: '1' },
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${interpreter} jedi_oracle.py ${args[0]} failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout))),
    );
    if (input !== undefined) child.stdin.end(JSON.stringify(input));
  });
}

/**
 * The oracle's answers at a seeded sample of positions of a corpus.
 * @param {{ spec: string, folder: string }} corpus  spec: `<debian package>=<version>`; folder: the package folder
 * @param {{ samples: number }} args
 */
export async function sample(corpus, args) {
  const [name, version] = corpus.spec.split('=');
  const root = join(await fetchDeb(name, version), DIST_PACKAGES);
  const cache = join(CACHE_DIR, 'jedi-samples', `${corpus.spec.replace(/[^\w.+-]/g, '_')}_${corpus.folder}_${args.samples}_seed${SEED}_jedi${JEDI.version}.json`);
  // (the root as found now: a cache written from another checkout names that checkout's folder)
  if (existsSync(cache)) return { ...JSON.parse(await readFile(cache, 'utf8')), root };
  const all = (await helper(['candidates', root])).filter((candidate) => candidate.file.startsWith(`${corpus.folder}/`));
  const files = new Set(all.map((candidate) => candidate.file)).size;
  const samples = await helper(['resolve', root], { quota: { call: args.samples, type: args.samples }, candidates: shuffled(all, SEED) });
  const result = { root, files, candidates: all.length, samples };
  await mkdir(join(CACHE_DIR, 'jedi-samples'), { recursive: true });
  await writeFile(cache, JSON.stringify(result));
  return result;
}

/**
 * Jedi's references of a seeded sample of declarations of a corpus (check:references): `get_references` at each
 * declaration's name, the references that are not definitions, inside the corpus, as { file, line }.
 * @param {{ spec: string, folder: string }} corpus
 * @param {{ samples: number }} args  samples per kind
 */
export async function references(corpus, args) {
  const [name, version] = corpus.spec.split('=');
  const root = join(await fetchDeb(name, version), DIST_PACKAGES);
  const cache = join(CACHE_DIR, 'jedi-samples', `references_${corpus.spec.replace(/[^\w.+-]/g, '_')}_${corpus.folder}_${args.samples}_seed${SEED}_jedi${JEDI.version}.json`);
  if (existsSync(cache)) return { ...JSON.parse(await readFile(cache, 'utf8')), root };
  const all = (await helper(['declarations', root])).filter((candidate) => candidate.file.startsWith(`${corpus.folder}/`));
  const files = new Set(all.map((candidate) => candidate.file)).size;
  const samples = await helper(['references', root], { quota: { declaration: args.samples, method: args.samples, property: args.samples }, candidates: shuffled(all, SEED) });
  const result = { root, files, candidates: all.length, samples };
  await mkdir(join(CACHE_DIR, 'jedi-samples'), { recursive: true });
  await writeFile(cache, JSON.stringify(result));
  return result;
}
