// javac as the oracle for Java corpora: a module of the JDK's own sources (lib/src.zip of a pinned JDK), attributed
// by the Compiler Tree API (JavacOracle.java, run with that JDK), which binds every method call and type name of the
// corpus to its declaration (Trees.getElement, Trees.getPath) and says whether it has a Javadoc comment.
//
// Samples: call sites (the method name of `f()` / `a.f()`) and type names (type positions, `new`, `extends`,
// `Type.member`'s `Type`) whose declaration javac finds inside the corpus. `new Foo()` accepts the constructor or the
// class. The oracle's answers are cached next to the corpus (keyed by the oracle's source).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CACHE_DIR } from '../fetch-corpus.mjs';
import { shuffled } from './sampling.mjs';

const run = promisify(execFile);
const ORACLE = fileURLToPath(new URL('./JavacOracle.java', import.meta.url));

/** The JDK of a spec `temurin-25.0.3+9`: `JAVA_HOME` or /usr/lib/jvm/*, checked against its `release` file. */
function findJdk(version) {
  const candidates = [process.env.JAVA_HOME, ...(existsSync('/usr/lib/jvm') ? readdirSync('/usr/lib/jvm').map((name) => join('/usr/lib/jvm', name)) : [])];
  for (const home of candidates) {
    if (!home || !existsSync(join(home, 'release')) || !existsSync(join(home, 'lib', 'src.zip'))) continue;
    const release = readFileSync(join(home, 'release'), 'utf8');
    if (release.includes(`IMPLEMENTOR_VERSION="${version}"`) || release.includes(`JAVA_RUNTIME_VERSION="${version}"`)) return home;
  }
  throw new Error(`No JDK ${version} with lib/src.zip found (set JAVA_HOME): the Java corpora are its sources`);
}

function javaFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.java') && entry !== 'module-info.java') files.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return files.sort();
}

/**
 * The oracle's answers at a seeded sample of positions of a corpus.
 * @param {{ spec: string, jdk: string, module: string }} corpus
 * @param {{ samples: number }} args
 */
export async function sample(corpus, args) {
  const home = findJdk(corpus.jdk);
  const dir = join(CACHE_DIR, corpus.spec.replace(/[/\\:+]/g, '_'));
  const root = join(dir, corpus.module);
  const marker = join(dir, '.complete');
  if (!existsSync(marker)) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await run('unzip', ['-q', join(home, 'lib', 'src.zip'), `${corpus.module}/*`, '-d', dir], { maxBuffer: 64 * 1024 * 1024 });
    await writeFile(marker, `${corpus.spec}\n`);
  }
  const files = javaFiles(root);
  const key = createHash('sha256').update(readFileSync(ORACLE)).digest('hex').slice(0, 12);
  const answers = join(dir, `javac-${key}.json`);
  if (!existsSync(answers)) {
    const list = join(dir, 'files.txt');
    await writeFile(list, `${files.join('\n')}\n`);
    const exports = ['tree', 'code', 'util'].flatMap((pkg) => ['--add-exports', `jdk.compiler/com.sun.tools.javac.${pkg}=ALL-UNNAMED`]);
    const { stdout } = await run(join(home, 'bin', 'java'), ['-Xss8m', ...exports, ORACLE, root, corpus.module, list], { maxBuffer: 512 * 1024 * 1024 });
    await writeFile(answers, stdout);
  }
  const { candidates, errors } = JSON.parse(await readFile(answers, 'utf8'));
  if (errors > 0) process.stderr.write(`  (javac reported ${errors} errors on ${corpus.spec})\n`);
  const samples = [];
  const taken = { call: 0, type: 0 };
  for (const candidate of shuffled(candidates, 12)) {
    if (taken.call >= args.samples && taken.type >= args.samples) break;
    if (taken[candidate.kind] >= args.samples) continue;
    samples.push(candidate);
    taken[candidate.kind]++;
  }
  return { root, files: files.length, candidates: candidates.length, samples };
}
