#!/usr/bin/env node
// Language-agreement check: for every language code-index registers, compares the definitions code-index finds
// (index.parse(file).symbols) with Universal Ctags' definitions on a pinned corpus of real library code.
//
// Usage: node scripts/check-languages.mjs [--lang a,b] [--misses N] [--fetch-all]
//   --lang       only these language ids (default: every language of scripts/languages-corpus.json; the ones
//                code-index does not register are printed as "not registered" and skipped)
//   --misses N   example misses and extras listed per language (default 10)
//   --fetch-all  for languages not registered yet: fetch their corpora anyway and count ctags' definitions (checks
//                the pins and the kind mapping before the language lands)
//   Needs Universal Ctags (`ctags`), apt-get + dpkg (Debian corpora), npm, tar, unzip. Needs dist/: runs
//   `npm run build` once when dist/index.js is missing. dist is imported once at start, so a rebuild during a run
//   does not disturb it.
//
// Corpora: scripts/languages-corpus.json pins every source (Debian package=version, Debian orig tarball + md5,
// npm name@version). Each is fetched once into .bench-cache/languages/<id>/sources/<name>/ (a `.complete` marker
// is written last); the chosen files (the language's registered extensions, at most maxFiles, evenly spaced over
// the sorted candidates) are copied to .bench-cache/languages/<id>/corpus/<name>/..., the root of both the
// CodeIndex and the ctags run. The selection is redone when the config or the registered extensions change.
// Results: a markdown report on stdout (progress on stderr) and .bench-cache/languages/results.json (every miss).
//
// How the comparison works
// ------------------------
// ctags: `ctags --options=NONE -f - --output-format=json --fields=+nKEzZe --kinds-<Lang>='*' --extras=-fqr
//        --language-force=<Lang> -L <file list>` run in the corpus root, on exactly the files code-index assigns to
//        the language (by its registered extensions), so both sides see the same files even where ctags' own
//        extension maps differ (.h is C for code-index, C++ for ctags; bash completions have no extension).
//        Only tags of the kinds in CTAGS_KINDS[lang] count as "ctags defs", minus the false positives that
//        isCtagsDefinition drops (documented there, each seen on these corpora); a (file, name, line, kind) is
//        counted once.
// local: ctags defs inside a function or method body (localTags): code-index's parse() leaves function-local
//        definitions out by design (facts.ts marks them isLocal, buildSymbols drops them; ctags tags nested
//        Python functions, JS closures, Kotlin lambdas' contents...). Counted in the `local (excl.)` column only.
// ours:  index.parse(file).symbols (definitions that are not local and not imports).
// match: a ctags def is matched when one of our symbols in the same file has the same name (see normalizeName)
//        and (a) the same line, or (b) a line one above or below: ctags reports some multi-line heads on another
//        line than the name's (TypeScript `export interface X\n  extends Y {` is on the `extends` line), or (c)
//        ctags' line is a decorator/attribute line (starts with `@`, `#[`, `[`) and ours is on the first line
//        after the run of such lines, or (d) in Elixir/Haskell, anywhere in the run of clauses of one function
//        (see CLAUSE_LANGUAGES), or (e) in Haskell, on the function's type signature above its first equation.
//        (b)-(e) are counted as `near` (with examples in results.json). Kinds are
//        not compared: a ctags `function` matched by our `method` or `constant` (JS `const f = () => ...`) is a
//        match; the kind vocabularies differ per parser and the question asked is "did we find the definition".
// nav only: the misses that findDefinitions (scope file) does find at that place: definitions our navigation index
//        has but parse() leaves out as local. Still misses (they are in recall), listed apart with examples: most
//        are right (a Java anonymous class's methods inside a method, where ctags' scope ended early; a JS function
//        nested in a callback ctags does not tag), some are not (C++ members a parse error put inside a function).
// recall = matched / ctags defs (results.json also has recallWithoutNavOnly).
// extras: our symbols of a comparable kind (OUR_KINDS: functions, methods, constructors, type-like definitions;
//        not properties, fields, constants or variables) in no ctags tag at all (any kind, same name, line +-1):
//        definitions we report that ctags does not know. Not errors per se: ctags' parsers lose their way too
//        (Java 5.9 stops tagging a class body at some constructs, TypeScript does not tag constructors), which
//        the per-file counts show; but this is where false positives of ours would show.
// misses are listed as file:line name kind, with `ours: <kind>@<line>` when we do have that name in the file on
// another line (a line disagreement, not an absence), and the source line.
//
// It is a report: it exits 0 whatever the numbers (1 only when it cannot run at all).
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../', import.meta.url));
const CACHE = join(REPO, '.bench-cache', 'languages');
const CONFIG = JSON.parse(readFileSync(new URL('./languages-corpus.json', import.meta.url), 'utf8'));

// ---- kind mappings ------------------------------------------------------------------------------------------
// Per language: the ctags kinds (full names, as `--fields=+K` prints them) that count as definitions to find.
// The question is "functions, methods, classes and their type-like equivalents"; what is left out, and why:
//   - fields/members/properties, variables, constants, enumerators, locals, parameters, labels: not in scope
//     (data, not definitions of callables or types; code-index reports many of them, but as properties/constants);
//   - imports (Python `module`/`namespace`/`unknown`, Go `packageName`, Ruby `library`, PHP `alias`): not
//     definitions;
//   - package clauses (Go/Java/Kotlin `package`): one per file, naming the file's package, not a definition;
//   - preprocessor macros (C/C++ `macro`) and C/C++ `header`: preprocessor, not the language's definitions;
//   - free-function prototypes (C/C++ `prototype` outside a class): declarations of functions defined
//     elsewhere. C++ `prototype` inside a class/struct/union IS counted: a member function declared in the class
//     body is that method's definition as far as the class is concerned (its body may live in a .cpp);
//   - Rust `implementation` (an `impl X` block is named after a type defined elsewhere), Go `receiver`, Go
//     `anonMember`, Sh `heredoc`/`script`, Ruby `accessor`/`alias` (generated/aliased methods), Elixir
//     `implementation` (defimpl) and `test`, OCaml `Exception` / `Constructor` / `RecordField` / `var`, OCaml
//     `val` in .ml files (only in signatures; in .mli files, language ocaml_interface, `val` IS the definition),
//     Haskell `constructor` (data constructors are values, not declarations of their own).
// Kept although declaration-only, as the language's own definitions of members: Go `methodSpec` (interface
// methods), Elixir `callback`, TypeScript/Java/C# interface methods (ctags' `method`).
const CTAGS_KINDS = {
  python: ['class', 'function', 'member'], // member = method
  go: ['func', 'struct', 'interface', 'type', 'talias', 'methodSpec'], // methodSpec = method of an interface type
  rust: ['function', 'method', 'struct', 'enum', 'interface', 'typedef', 'module', 'macro'], // interface = trait
  java: ['class', 'interface', 'enum', 'annotation', 'method'], // annotation = @interface type
  c: ['function', 'struct', 'union', 'enum', 'typedef'],
  cpp: ['function', 'class', 'struct', 'union', 'enum', 'typedef', 'namespace', 'prototype*'], // * = in a type
  csharp: ['class', 'interface', 'struct', 'enum', 'method', 'namespace'],
  ruby: ['class', 'module', 'method', 'singletonMethod'],
  php: ['class', 'interface', 'trait', 'function', 'namespace'], // function = functions and methods
  kotlin: ['class', 'interface', 'object', 'method', 'typealias'], // method = every `fun`
  lua: ['function'],
  bash: ['function'],
  typescript: ['class', 'interface', 'enum', 'function', 'method', 'generator', 'namespace', 'alias'], // alias = type
  javascript: ['class', 'function', 'method', 'generator', 'getter', 'setter'],
  elixir: ['module', 'function', 'macro', 'protocol', 'delegate', 'guard', 'exception', 'callback', 'type'],
  haskell: ['function', 'type', 'module'],
  ocaml: ['module', 'class', 'method', 'function', 'type'],
  ocaml_interface: ['module', 'class', 'method', 'type', 'val'], // .mli: `val` declarations are its definitions
  // No ctags parser in this ctags build (5.9): reported as "no ctags parser", corpus recorded for later. (The
  // `ctags` of a languages-corpus.json entry is null for them too.)
  swift: [],
  scala: [],
  zig: [],
};

/** Extensions of the languages not registered yet, to select their corpora with --fetch-all. */
const EXPECTED_EXTENSIONS = {
  swift: ['.swift'],
  scala: ['.scala'],
  elixir: ['.ex', '.exs'],
  haskell: ['.hs'], // .lhs (literate) is another ctags language: excluded from the corpus
  ocaml: ['.ml'],
  ocaml_interface: ['.mli'],
  zig: ['.zig'],
};

/** Our kinds (tags vocabulary) that count for `extras`: callables and type-like definitions. */
const OUR_KINDS = new Set([
  'function', 'method', 'constructor', 'class', 'struct', 'union', 'interface', 'trait', 'enum', 'type', 'module',
  'namespace', 'object', 'macro', 'protocol', 'record',
]);
// `impl` (Rust) is not among them: ctags' `implementation` kind is left out of CTAGS_KINDS for the same reason.

/** Lines of decorators/attributes/annotations, which some ctags parsers report as the definition's line. */
const ATTRIBUTE_LINE = /^\s*(@|#\[|\[)/;

/**
 * The name as compared, on both sides (naming conventions, not findings):
 *   - Lua: ctags names carry their table path (`M.foo`, `M:foo` -> `foo`), code-index names the field;
 *   - C#: ctags names explicit interface implementations `IDisposable.Dispose`, code-index `Dispose`;
 *   - C++: operators lose inner spaces (`operator ==` -> `operator==`); template specializations lose their
 *     arguments (code-index names `struct is_json_ref<json_ref<T>>` with them, ctags `is_json_ref`);
 *   - OCaml operators lose their parentheses (`( @ )` -> `@`);
 *   - qualified module names keep the part ctags keeps: the last in Elixir, the first in Haskell;
 *   - a Kotlin/Swift backquoted name loses its quotes.
 */
function normalizeName(lang, name) {
  let n = name.replace(/^`(.*)`$/, '$1');
  if (lang === 'lua' || lang === 'csharp') n = n.split(/[.:]/).pop();
  // Qualified module names: ctags keeps the last part in Elixir (`defmodule MyApp.DBClient` -> `DBClient`), the
  // first in Haskell (`module Hugs.Array` -> `Hugs`).
  if (lang === 'elixir' && /^[A-Z]\w*(\.[A-Z]\w*)+$/.test(n)) n = n.split('.').pop();
  if (lang === 'haskell' && /^[A-Z][\w']*(\.[A-Z][\w']*)+$/.test(n)) n = n.split('.')[0];
  if (lang.startsWith('ocaml')) n = n.replace(/^\(\s*(.*?)\s*\)$/, '$1'); // operators: `( @ )` -> `@`
  if (lang === 'cpp' || lang === 'c') n = n.replace(/^operator\s+/, 'operator').replace(/\s+/g, '');
  if (lang === 'cpp' && !n.startsWith('operator')) n = n.replace(/<.*>$/, '').trim();
  return n;
}

// ---- arguments ----------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { langs: undefined, misses: 10, fetchAll: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--lang' || flag === '--langs') args.langs = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (flag === '--misses') args.misses = Number(value());
    else if (flag === '--fetch-all') args.fetchAll = true;
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node scripts/check-languages.mjs [--lang a,b] [--misses N] [--fetch-all]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(args.misses) || args.misses < 0) throw new Error('--misses needs a number >= 0');
  for (const id of args.langs ?? []) if (!CONFIG.languages[id]) throw new Error(`No corpus for language ${id}`);
  return args;
}

const progress = (message) => process.stderr.write(`  ... ${message}\n`);

// ---- corpus fetching ----------------------------------------------------------------------------------------

const safe = (text) => text.replace(/[^A-Za-z0-9._+-]+/g, '_');

function sourceLabel(source) {
  if (source.deb) return `${source.deb}_${source.version}`;
  if (source.debsrc) return `${source.debsrc}_${source.version}_src`;
  if (source.npm) return source.npm;
  if (source.pypi) return source.pypi;
  throw new Error(`Unknown source ${JSON.stringify(source)}`);
}

/** Downloads and extracts one source under `dir` (reused when complete); returns the extracted tree's root. */
async function fetchSource(dir, source) {
  const tree = join(dir, 'tree');
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return tree;
  await rm(dir, { recursive: true, force: true });
  await mkdir(tree, { recursive: true });
  const big = { maxBuffer: 256 * 1024 * 1024 };
  if (source.deb) {
    const pin = `${source.deb}=${source.version}`;
    progress(`apt-get download ${pin}`);
    await run('apt-get', ['download', pin], { cwd: dir, ...big });
    const debs = (await readdir(dir)).filter((name) => name.endsWith('.deb'));
    if (debs.length !== 1) throw new Error(`apt-get download ${pin} left ${debs.length} .deb files`);
    await run('dpkg', ['-x', join(dir, debs[0]), tree], big);
    await rm(join(dir, debs[0]));
    if (source.zip) {
      // A source archive inside the package (openjdk's src.zip): unpack only the wanted folders.
      const zip = join(tree, source.zip);
      const unpacked = join(dir, 'zip');
      await mkdir(unpacked, { recursive: true });
      await run('unzip', ['-q', '-o', zip, ...source.paths.map((p) => `${p}/*`), '-d', unpacked], big);
      await rm(tree, { recursive: true, force: true });
      await run('mv', [unpacked, tree]);
    }
  } else if (source.debsrc) {
    progress(`download ${source.url}`);
    const response = await fetch(source.url);
    if (!response.ok) throw new Error(`${source.url}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const md5 = createHash('md5').update(bytes).digest('hex');
    if (source.md5 && md5 !== source.md5) throw new Error(`${source.url}: md5 ${md5}, expected ${source.md5}`);
    const tarball = join(dir, basename(new URL(source.url).pathname));
    await writeFile(tarball, bytes);
    await run('tar', ['-xf', tarball, '-C', tree, ...source.paths.filter((p) => p !== '.')], big);
    await rm(tarball);
  } else if (source.npm) {
    progress(`npm pack ${source.npm}`);
    const { stdout } = await run('npm', ['pack', source.npm, '--pack-destination', dir, '--json', '--silent'], big);
    const [packed] = JSON.parse(stdout);
    if (!packed?.filename) throw new Error(`npm pack ${source.npm} did not report a tarball`);
    await run('tar', ['-xzf', join(dir, packed.filename), '-C', tree], big);
    await rm(join(dir, packed.filename));
  } else if (source.pypi) {
    progress(`pip download ${source.pypi}`);
    const wheels = join(dir, 'wheel');
    await run(
      'pip',
      ['download', source.pypi, '--no-deps', '--only-binary=:all:', '--platform', 'manylinux_2_12_x86_64', '-d', wheels],
      big,
    );
    const [wheel] = await readdir(wheels);
    await run('unzip', ['-q', '-o', join(wheels, wheel), ...source.paths.map((p) => `${p}/*`), '-d', tree], big);
    await rm(wheels, { recursive: true, force: true });
  }
  await writeFile(marker, `${sourceLabel(source)}\n`);
  return tree;
}

/** Every regular file (not symlink) under `dir`, as paths relative to `base`. */
async function walk(base, dir, out = []) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await walk(base, full, out);
    else if (entry.isFile()) out.push(relative(base, full).split(sep).join('/'));
  }
  return out;
}

/** An evenly spaced, deterministic sample of `count` items of the sorted `items`. */
function spread(items, count) {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]);
}

/**
 * Fetches the corpus of language `id` (its sources, then the selection copied into `corpus/`), once; returns the
 * corpus root and the sources' labels. The selection is remade when the extensions or the config change.
 */
async function prepareCorpus(id, extensions) {
  const entry = CONFIG.languages[id];
  const maxFiles = entry.maxFiles ?? CONFIG.defaults.maxFiles;
  const maxFileBytes = entry.maxFileBytes ?? CONFIG.defaults.maxFileBytes;
  const langDir = join(CACHE, id);
  const corpus = join(langDir, 'corpus');
  const stamp = JSON.stringify({ entry, extensions, maxFiles, maxFileBytes });
  const stampFile = join(langDir, 'corpus.json');
  if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) return corpus;

  const candidates = [];
  for (const source of entry.sources) {
    // The corpus folder of a source: its package name (versions are in the report's corpus list).
    const label = safe(source.deb ?? source.debsrc ?? source.npm?.replace(/@[^@/]*$/, '') ?? source.pypi.split('=')[0]);
    const tree = await fetchSource(join(langDir, 'sources', label), source);
    const excludes = (source.exclude ?? []).map((pattern) => new RegExp(pattern));
    const seen = new Set();
    for (const path of source.zip ? ['.'] : source.paths) {
      // Files keep their path below the parent of the configured folder (`.../dist-packages/click` -> `click/...`).
      const base = path === '.' || source.zip ? tree : dirname(join(tree, path));
      for (const file of await walk(tree, join(tree, path))) {
        if (seen.has(file) || excludes.some((re) => re.test(`/${file}`))) continue;
        seen.add(file);
        let target = file;
        const ext = extname(file);
        if (!ext && source.addExtension) target = `${file}${source.addExtension}`;
        else if (!extensions.includes(ext.toLowerCase())) continue;
        const { size } = await lstat(join(tree, file));
        if (size === 0 || size > maxFileBytes) continue;
        const shown = relative(base, join(tree, target)).split(sep).join('/');
        candidates.push({ from: join(tree, file), to: `${label}/${shown}` });
      }
    }
  }
  candidates.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  const chosen = spread(candidates, maxFiles);
  await rm(corpus, { recursive: true, force: true });
  for (const { from, to } of chosen) {
    await mkdir(dirname(join(corpus, to)), { recursive: true });
    await copyFile(from, join(corpus, to));
  }
  await writeFile(stampFile, stamp);
  return corpus;
}

// ---- the two sides ------------------------------------------------------------------------------------------

/** ctags' tags for `files` (root-relative) under `root`, all kinds. */
async function ctagsTags(root, ctagsLanguage, files) {
  const list = join(root, '..', 'files.txt');
  await writeFile(list, `${files.join('\n')}\n`);
  const { stdout } = await run(
    'ctags',
    [
      '--options=NONE',
      '-f', '-',
      '--output-format=json',
      '--fields=+nKEzZe',
      `--kinds-${ctagsLanguage}=*`,
      '--extras=-fqr',
      `--language-force=${ctagsLanguage}`,
      '-L', list,
    ],
    { cwd: root, maxBuffer: 512 * 1024 * 1024 },
  );
  const tags = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const tag = JSON.parse(line);
    if (tag._type !== 'tag') continue;
    tags.push(tag);
  }
  return tags;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `X.prototype.name = existing;` or `Object.prototype.name.call(...)`: a prototype member that is not defined here. */
function prototypeNotFunction(name, line) {
  const member = new RegExp(`\\.prototype\\.${escape(name)}\\b`);
  return member.test(line) && !new RegExp(`\\.prototype\\.${escape(name)}\\s*=\\s*(async\\s+)?(function\\b|\\(|\\w+\\s*=>)`).test(line);
}

/** ctags' OCaml parser tags every file as a module named after it (`arg.ml` -> `Arg`, line 1): no definition. */
function isFileModule(tag) {
  const stem = basename(tag.path).replace(/\.mli?$/, '');
  return tag.kind === 'module' && tag.line === 1 && tag.name === stem.charAt(0).toUpperCase() + stem.slice(1);
}

/**
 * ctags' Lua parser is a line matcher: besides `function a.b:c(` and `name = function(`, it takes any assignment
 * whose right side contains the letters `function` (`f = utils.function_arg(1, f)`, a string holding
 * `'return function(%s) ...'`), and table keys it cannot name (`Date[c]`, `["table"]`). Kept: identifier paths
 * defined by `function <name>(` or `<last part> = function(`.
 */
function isLuaFunction(name, line) {
  if (!/^[A-Za-z_]\w*([.:][A-Za-z_]\w*)*$/.test(name)) return false;
  const last = escape(name.split(/[.:]/).pop());
  return new RegExp(`\\bfunction\\s+${escape(name)}\\s*\\(|\\b${last}\\s*=\\s*function\\s*\\(`).test(line);
}

/**
 * `name = function(...)` (not `local name = function`) where an earlier line declares `local ... name` or has it
 * as a parameter of a `function (...)`: an assignment to a local variable or parameter (`local compare; if x then
 * compare = function(v) ... end`, `fmt = function(v) ... end` for a parameter `fmt`), which ctags' Lua matcher
 * tags as a function definition.
 */
function assignsLocal(tag, line, fileLines) {
  if (/[.:]/.test(tag.name) || /^\s*local\b/.test(line)) return false;
  const name = escape(tag.name);
  const declared = new RegExp(
    `\\blocal\\s+(function\\s+)?([\\w\\s,]*,\\s*)?${name}\\b|\\bfunction\\b[\\w\\s.:]*\\([^)]*\\b${name}\\b[^)]*\\)`,
  );
  return fileLines.slice(0, tag.line - 1).some((earlier) => declared.test(earlier));
}

/**
 * A C# statement calling `name` (`Add(x);`, `throw new ArgumentNullException(name);`,
 * `list.Add(Create(value));`), which ctags' C# parser sometimes takes for a method declaration: the line ends
 * with `;` (or `; }`) and nothing but an expression context (start of line, `(`, `.`, `=`, `,`, `return`, `throw new`,
 * `new`, `await`, `{` of an accessor: `set { SetItem(index, value); }`) precedes the name. Declarations without a body (`void Foo(int x);`) have a type before it.
 */
function isCallStatement(name, line) {
  const short = name.split('.').pop();
  return (
    /;\s*\}?\s*(\/\/.*)?$/.test(line) &&
    new RegExp(`(^\\s*|[(.=,!{]\\s*|\\b(return|new|await|throw)\\s+)${escape(short)}\\s*(<[^>]*>)?\\s*\\(`).test(line)
  );
}

/**
 * Whether a ctags tag is one of the language's definitions (CTAGS_KINDS). Dropped besides other kinds, as not
 * being definitions (each seen on the corpora):
 *   - anonymous placeholders: ctags' `anonymous` extra, `AnonymousFunction12`, `__anon3`, Kotlin `<lambda>`;
 *   - Kotlin names that are not identifiers: ctags' Kotlin parser prints garbage bytes as the name of a function
 *     with a backquoted name (fun `is`(...) -> `zD|\`);
 *   - OCaml `let () = ...` / `let _ = ...` (named `()`/`_`: no name is defined) and the module ctags makes of
 *     every file (`Arg` at line 1 of arg.ml); a one-line `let x = ... in` (a local binding: ctags' OCaml parser
 *     has no scopes); `type t += C` (extends a type defined elsewhere) and `with type t = ...` (a constraint);
 *   - Elixir tags inside heredocs: ctags' Elixir parser tags the code examples of @moduledoc/@doc
 *     (`defmodule Counter do` in agent.ex's docs);
 *   - Elixir `unquote`: the name ctags gives to metaprogrammed definitions (`def unquote(name)(byte) do`);
 *   - Haskell keywords as names (`class`, `where`, `infixl`, `default`, Hugs' `primitive`): ctags' Haskell
 *     parser tags the first word of some declarations and of a line after a multi-line export list; Haskell
 *     tags on a line starting with `,` or `{` (record fields: `, replacement :: String`);
 *   - Java names with a `.`: ctags' Java parser takes calls in initializer blocks (`map.put(a, b);`,
 *     `AbstractChronology.registerChrono(INSTANCE, "Hijrah");`) for method declarations;
 *   - Java and C# `method` tags on a call statement (`registerCustomChrono();`, `Add(new JProperty(n, v));`,
 *     `throw new ArgumentNullException(name);`): both parsers take some statements for declarations;
 *   - C# type tags whose line does not declare that name: ctags names `class EnumValue<T> where T : struct`
 *     `T` (from the constraint);
 *   - TypeScript `alias` tags on a line without `type <name> =`/`<`: ctags takes `extends` of a conditional type
 *     (`type A = B extends {`) and `export { type X } from` for type aliases;
 *   - Lua tags that are not `function <name>(` / `<name> = function(` definitions (see isLuaFunction), or that
 *     assign a function to an already declared local (see assignsLocal); Sh names with
 *     `=` or punctuation (`COMPREPLY=()`, `local tmp=()`, `!~` in embedded Perl): regex false positives;
 *   - JavaScript tags of `X.prototype.name = existing;` / `Object.prototype.name.call(...)`: no definition there;
 *   - JavaScript `class` tags on a line without the `class` keyword: ctags' JavaScript parser makes a "class" of
 *     every object literal bound to a name or key (`const DEFAULT_OPTIONS = {`, `docs: {`) and of the target of a
 *     prototype assignment (`SourceCode.prototype.getComments = ...` -> class SourceCode).
 */
function isCtagsDefinition(lang, tag, sourceLine, fileLines = []) {
  if (String(tag.extras ?? '').includes('anonymous')) return false;
  if (/^(AnonymousFunction|__anon)|^<.*>$/.test(tag.name)) return false;
  if (lang === 'java' && tag.name.includes('.')) return false;
  if (lang === 'elixir' && (inHeredoc(fileLines, tag.line) || tag.name === 'unquote')) return false;
  if (lang === 'haskell' && (HASKELL_KEYWORDS.has(tag.name) || /^\s*[,{]/.test(sourceLine))) return false;
  if (lang.startsWith('ocaml') && (/^(\(\s*\)|_)$/.test(tag.name) || isFileModule(tag))) return false;
  if (lang.startsWith('ocaml') && /\bin\s*(\(\*.*\*\))?\s*$/.test(sourceLine) && /^\s*(let|and)\b/.test(sourceLine))
    return false;
  if (
    lang.startsWith('ocaml') &&
    tag.kind === 'type' &&
    (new RegExp(`\\btype\\s+(\\([^)]*\\)\\s*|'\\w+\\s+)?${escape(tag.name)}\\s*\\+=`).test(sourceLine) ||
      new RegExp(`\\bwith\\s+type\\s+(\\([^)]*\\)\\s*|'\\w+\\s+)?${escape(tag.name)}\\b`).test(sourceLine))
  )
    return false;
  if (lang === 'kotlin' && !/^(`[^`]+`|[\p{L}_][\p{L}\p{N}_]*)$/u.test(tag.name)) return false;
  if (lang === 'javascript' && tag.kind === 'class' && !/\bclass\b/.test(sourceLine)) return false;
  if (lang === 'javascript' && prototypeNotFunction(tag.name, sourceLine)) return false;
  if ((lang === 'csharp' || lang === 'java') && tag.kind === 'method' && isCallStatement(tag.name, sourceLine))
    return false;
  if (
    lang === 'csharp' &&
    /^(class|struct|interface|enum)$/.test(tag.kind) &&
    !new RegExp(`\\b(class|struct|interface|enum)\\s+${escape(tag.name)}\\b`).test(sourceLine)
  )
    return false;
  if (lang === 'typescript' && tag.kind === 'alias' && !new RegExp(`\\btype\\s+${escape(tag.name)}\\s*(<|=|$)`).test(sourceLine))
    return false;
  if (lang === 'lua' && (!isLuaFunction(tag.name, sourceLine) || assignsLocal(tag, sourceLine, fileLines))) return false;
  if (lang === 'bash' && !/^[\w:.@+-]*\w$/.test(tag.name)) return false;
  for (const kind of CTAGS_KINDS[lang] ?? []) {
    if (kind.endsWith('*')) {
      // Counted only inside a type (C++ member function declarations).
      if (tag.kind === kind.slice(0, -1) && /^(class|struct|union)$/.test(tag.scopeKind ?? '')) return true;
    } else if (tag.kind === kind) return true;
  }
  return false;
}

/** ctags kinds whose bodies make what they contain local (functions and methods of every parser). */
const FUNCTION_SCOPES = new Set(['function', 'method', 'func', 'singletonMethod', 'generator', 'getter', 'setter']);

/**
 * The tags defined inside a function or method body, at any depth (a class inside a function, its methods, a
 * closure, an object literal's methods returned by a function): code-index's parse() leaves function-local
 * definitions out by design (buildSymbols drops `isLocal`), so they are not counted as misses but shown apart
 * (`local`). A tag is local when (a) a prefix of its `scope` (cut at `.`, `::`, `:`) is the qualified name of a
 * function-like tag of the file (ctags' JS scope `module.exports.create.ruleDef` is inside method `create`), or
 * (b) its line is inside the `end`-bounded lines of a function-like tag (parsers that give `end`: Java's local
 * and anonymous classes carry a class scope, not the method's).
 */
function localTags(lang, tags) {
  const isFunction = (kind) => FUNCTION_SCOPES.has(kind) || (lang === 'python' && kind === 'member');
  const functionNames = new Map(); // file -> qualified names of function-like tags
  const functionRanges = new Map(); // file -> [start, end] of function-like tags
  for (const tag of tags) {
    if (!isFunction(tag.kind)) continue;
    const names = functionNames.get(tag.path) ?? functionNames.set(tag.path, new Set()).get(tag.path);
    for (const sep of ['.', '::', ':']) names.add(tag.scope ? `${tag.scope}${sep}${tag.name}` : tag.name);
    if (tag.end > tag.line)
      (functionRanges.get(tag.path) ?? functionRanges.set(tag.path, []).get(tag.path)).push([tag.line, tag.end]);
  }
  const local = (tag) => {
    if (isFunction(tag.scopeKind)) return true;
    if (tag.scope) {
      const names = functionNames.get(tag.path);
      const parts = tag.scope.split(/(::|\.|:)/);
      for (let i = 1; names && i <= parts.length; i += 2) if (names.has(parts.slice(0, i).join(''))) return true;
    }
    return (functionRanges.get(tag.path) ?? []).some(([start, end]) => tag.line > start && tag.line <= end);
  };
  return new Set(tags.filter(local));
}

/** A Haskell type signature line of `name` (`name ::`, `(op) ::`, `a, name :: T`). */
function isSignatureOf(name, line = '') {
  const n = escape(name);
  return new RegExp(`^\\s*([\\w'(),\\s]*[,\\s])?(${n}|\\(${n}\\))\\s*(,[^:]*)?::`).test(line);
}

const HASKELL_KEYWORDS = new Set([
  'case', 'class', 'data', 'default', 'deriving', 'do', 'else', 'foreign', 'if', 'import', 'in', 'infix', 'infixl',
  'infixr', 'instance', 'let', 'module', 'newtype', 'of', 'primitive', 'then', 'type', 'where',
]);

/**
 * Languages whose functions are written as several clauses/equations (Elixir `def f(:a)`, `def f(_)`; Haskell
 * `f [] = ...`, `f (x:xs) = ...`), each of which ctags tags. A run of consecutive ctags defs with the same name and
 * kind in a file (no other def between them) is one definition, on its first clause's line; ours matches it
 * anywhere from the line above the first clause (a Haskell type signature `f :: ...`) to the last clause (as `near`
 * unless on the first clause's line).
 */
const CLAUSE_LANGUAGES = new Set(['elixir', 'haskell']);

function groupClauses(defs) {
  const sorted = [...defs.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  defs.clear();
  let group;
  for (const def of sorted) {
    if (group && group.file === def.file && group.name === def.name && group.kind === def.kind) {
      group.lastLine = def.line;
      group.clauses++;
      continue;
    }
    group = { ...def, clauses: 1 };
    defs.set(`${def.file}\0${def.name}\0${def.line}\0${def.kind}`, group);
  }
}

/** Lines inside Elixir heredocs (`"""` / `'''`, e.g. @moduledoc and @doc with code examples), per file. */
const heredocCache = new WeakMap();
function inHeredoc(fileLines, line) {
  let inside = heredocCache.get(fileLines);
  if (!inside) {
    inside = new Set();
    let open = null;
    fileLines.forEach((text, i) => {
      if (open) {
        if (text.trimStart().startsWith(open)) open = null;
        else inside.add(i + 1);
      } else {
        const quote = /("""|''')\s*$/.exec(text);
        if (quote) open = quote[1];
      }
    });
    heredocCache.set(fileLines, inside);
  }
  return inside.has(line);
}

// ---- comparison ---------------------------------------------------------------------------------------------

/**
 * Compares one language. `ours` maps file -> symbols; `ctags` is every tag; `lines` maps file -> source lines.
 */
function compare(lang, files, ours, tags, lines) {
  const defs = new Map(); // dedup (file, name, line, kind)
  const anyCtags = new Map(); // file -> name -> lines (every kind), for extras
  const locals = localTags(lang, tags);
  let local = 0;
  const localSeen = new Set();
  for (const tag of tags) {
    const name = normalizeName(lang, tag.name);
    const byName = anyCtags.get(tag.path) ?? anyCtags.set(tag.path, new Map()).get(tag.path);
    (byName.get(name) ?? byName.set(name, []).get(name)).push(tag.line);
    const fileLines = lines.get(tag.path) ?? [];
    if (!isCtagsDefinition(lang, tag, fileLines[tag.line - 1] ?? '', fileLines)) continue;
    const key = `${tag.path}\0${name}\0${tag.line}\0${tag.kind}`;
    if (locals.has(tag)) {
      if (!localSeen.has(key)) local++;
      localSeen.add(key);
      continue;
    }
    if (!defs.has(key)) defs.set(key, { file: tag.path, name, line: tag.line, kind: tag.kind, scope: tag.scope });
  }
  if (CLAUSE_LANGUAGES.has(lang)) groupClauses(defs);
  const ourByFile = new Map();
  for (const file of files) {
    const byName = new Map();
    for (const symbol of ours.get(file) ?? []) {
      const name = normalizeName(lang, symbol.name);
      (byName.get(name) ?? byName.set(name, []).get(name)).push(symbol);
    }
    ourByFile.set(file, byName);
  }
  let matched = 0;
  let near = 0;
  const nearExamples = [];
  const misses = [];
  const missesByKind = Object.create(null);
  const ctagsByKind = Object.create(null);
  for (const def of defs.values()) {
    ctagsByKind[def.kind] = (ctagsByKind[def.kind] ?? 0) + 1;
    const candidates = ourByFile.get(def.file)?.get(def.name) ?? [];
    if (candidates.some((s) => s.line === def.line)) {
      matched++;
      continue;
    }
    let target = def.line;
    const fileLines = lines.get(def.file) ?? [];
    while (ATTRIBUTE_LINE.test(fileLines[target - 1] ?? '') && target < fileLines.length) target++;
    const last = def.lastLine ?? def.line;
    const close = candidates.find(
      (s) =>
        (s.line >= def.line - 1 && s.line <= last + 1) ||
        s.line === target ||
        // Haskell: ours on the type signature (`f ::`, possibly several lines above the first equation)
        (lang === 'haskell' && s.line < def.line && isSignatureOf(def.name, fileLines[s.line - 1])),
    );
    if (close) {
      matched++;
      near++;
      if (nearExamples.length < 5) nearExamples.push({ file: def.file, line: def.line, name: def.name, kind: def.kind, ours: `${close.kind}@${close.line}` });
      continue;
    }
    missesByKind[def.kind] = (missesByKind[def.kind] ?? 0) + 1;
    misses.push({
      ...def,
      source: (fileLines[def.line - 1] ?? '').trim().slice(0, 120),
      ...(candidates.length ? { ours: candidates.map((s) => `${s.kind}@${s.line}`).join(',') } : {}),
    });
  }
  const extras = [];
  let ourComparable = 0;
  for (const file of files) {
    for (const symbol of ours.get(file) ?? []) {
      if (!OUR_KINDS.has(symbol.kind)) continue;
      ourComparable++;
      const ctagsLines = anyCtags.get(file)?.get(normalizeName(lang, symbol.name)) ?? [];
      if (ctagsLines.some((line) => Math.abs(line - symbol.line) <= 1)) continue;
      extras.push({
        file,
        name: symbol.name,
        line: symbol.line,
        kind: symbol.kind,
        source: ((lines.get(file) ?? [])[symbol.line - 1] ?? '').trim().slice(0, 120),
      });
    }
  }
  return { ctagsDefs: defs.size, local, matched, near, nearExamples, misses, missesByKind, ctagsByKind, ourComparable, extras };
}

/** Picks `n` examples spread over files: round-robin by file, so one big file does not fill the list. */
function examples(items, n) {
  const byFile = new Map();
  for (const item of items) (byFile.get(item.file) ?? byFile.set(item.file, []).get(item.file)).push(item);
  const queues = [...byFile.values()];
  const out = [];
  for (let round = 0; out.length < n && queues.some((q) => q.length > round); round++)
    for (const q of queues) if (q[round] && out.length < n) out.push(q[round]);
  return out;
}

function countBy(items, key) {
  // No prototype: a kind named `constructor` must not hit Object.prototype.constructor.
  const counts = Object.create(null);
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

// ---- main ---------------------------------------------------------------------------------------------------

async function importDist() {
  const entry = join(REPO, 'dist', 'index.js');
  if (!existsSync(entry)) {
    progress('dist/index.js is missing: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  // A rebuild by someone else may be half-written at this instant: retry a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await import(pathToFileURL(entry).href);
    } catch (error) {
      if (attempt >= 5) throw error;
      progress(`importing dist failed (${error.message}); retrying`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function ctagsVersion() {
  try {
    return execFileSync('ctags', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    return undefined;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const version = ctagsVersion();
  if (!version?.includes('Universal Ctags')) {
    console.error('Universal Ctags is needed (ctags --version must say "Universal Ctags")');
    process.exit(1);
  }
  const { CodeIndex } = await importDist();
  // The registered languages and their extensions, from an index over an empty folder.
  await mkdir(CACHE, { recursive: true });
  const probe = await CodeIndex.open({ root: CACHE });
  const registered = new Map(probe.languages().map((l) => [l.id, l.extensions.map((e) => e.toLowerCase())]));
  probe.close();

  const ids = args.langs ?? Object.keys(CONFIG.languages);
  const results = [];
  for (const id of ids) {
    const entry = CONFIG.languages[id];
    const sources = entry.sources.map(sourceLabel);
    if (!registered.has(id)) {
      console.error(`${id}: not registered`);
      const result = { id, status: 'not registered', sources };
      if (args.fetchAll) {
        // Not comparable yet: fetch the corpus (with the usual extensions) and count ctags' definitions, so the
        // pins and the kind mapping are checked before the language lands.
        let root;
        try {
          root = await prepareCorpus(id, EXPECTED_EXTENSIONS[id] ?? []);
        } catch (error) {
          console.error(`${id}: fetching the corpus failed: ${error.message.split('\n')[0]}`);
          result.status = 'not registered; fetch failed';
          results.push(result);
          continue;
        }
        const files = (await walk(root, root)).sort();
        result.files = files.length;
        if (files.length && entry.ctags) {
          const tags = await ctagsTags(root, entry.ctags, files);
          const lines = new Map();
          for (const file of files) lines.set(file, (await readFile(join(root, file), 'utf8')).split(/\r?\n/));
          const locals = localTags(id, tags);
          result.ctagsLanguage = entry.ctags;
          result.ctagsDefs = tags.filter(
            (tag) =>
              !locals.has(tag) &&
              isCtagsDefinition(id, tag, (lines.get(tag.path) ?? [])[tag.line - 1] ?? '', lines.get(tag.path)),
          ).length;
        }
        progress(`${id}: corpus of ${files.length} files in ${relative(REPO, root)}`);
      }
      results.push(result);
      continue;
    }
    if (!entry.ctags || !(CTAGS_KINDS[id] ?? []).length) {
      console.error(`${id}: no ctags parser in ${version}`);
      results.push({ id, status: 'no ctags parser', sources });
      continue;
    }
    const extensions = registered.get(id);
    let root;
    try {
      root = await prepareCorpus(id, extensions);
    } catch (error) {
      console.error(`${id}: fetching the corpus failed: ${error.message.split('\n')[0]}`);
      results.push({ id, status: 'fetch failed', sources });
      continue;
    }
    const files = (await walk(root, root)).sort();
    if (files.length === 0) {
      console.error(`${id}: the corpus has no files with ${extensions.join(' ')}: check its paths in languages-corpus.json`);
      results.push({ id, status: 'empty corpus', sources });
      continue;
    }
    progress(`${id}: ${files.length} files; ctags --language-force=${entry.ctags}`);
    const tags = await ctagsTags(root, entry.ctags, files);
    const index = await CodeIndex.open({ root });
    const ours = new Map();
    const lines = new Map();
    const failures = [];
    const errorFiles = new Set(); // files whose parse has syntax errors
    for (const file of files) {
      lines.set(file, (await readFile(join(root, file), 'utf8')).split(/\r?\n/));
      try {
        const parsed = await index.parse(file);
        if (parsed.errors.length) errorFiles.add(file);
        if (parsed.language !== id) failures.push({ file, error: `parsed as ${parsed.language}` });
        ours.set(file, parsed.symbols);
      } catch (error) {
        failures.push({ file, error: error.code ?? error.message });
      }
    }
    const c = compare(id, files, ours, tags, lines);
    // A miss that our navigation index does know as a definition at that place (findDefinitions, scope file) is
    // one parse() leaves out as local: either rightly (inside a function body that ctags' scopes did not show:
    // a Java anonymous class in a method, a JS function nested in a callback) or wrongly (C++ class members that
    // a parse error put "inside" a function). It stays a miss (recall counts it), listed apart as `nav only`.
    const missed = [];
    const navOnlyList = [];
    for (const miss of c.misses) {
      let hit;
      try {
        const found = await index.findDefinitions({ file: miss.file, line: miss.line, symbol: miss.name, scope: 'file' });
        hit = found.definitions.find((d) => d.file === miss.file && Math.abs(d.line - miss.line) <= 1);
      } catch {
        // the name is not on that line for us (e.g. a normalized name): a miss
      }
      if (errorFiles.has(miss.file)) miss.fileHasSyntaxErrors = true;
      if (hit) navOnlyList.push({ ...miss, ours: `${hit.kind}@${hit.line} (navigation only)` });
      else missed.push(miss);
    }
    c.missesByKind = countBy(missed, (miss) => miss.kind);
    c.misses = missed;
    const navOnly = navOnlyList.length;
    index.close();
    results.push({
      id,
      status: 'ok',
      ctagsLanguage: entry.ctags,
      sources,
      files: files.length,
      failedFiles: failures,
      filesWithSyntaxErrors: errorFiles.size,
      missesInFilesWithSyntaxErrors: c.misses.filter((m) => m.fileHasSyntaxErrors).length,
      ctagsDefs: c.ctagsDefs,
      localExcluded: c.local,
      ctagsByKind: c.ctagsByKind,
      matched: c.matched,
      matchedNear: c.near,
      nearExamples: c.nearExamples,
      navOnly,
      recall: c.ctagsDefs ? c.matched / c.ctagsDefs : null,
      recallWithoutNavOnly: c.ctagsDefs - navOnly ? c.matched / (c.ctagsDefs - navOnly) : null,
      missesByKind: c.missesByKind,
      ourDefs: c.ourComparable,
      extras: c.extras.length,
      topMisses: examples(c.misses, args.misses),
      extrasByKind: countBy(c.extras, (e) => e.kind),
      // Files with the most extras: where ctags' parser most likely lost its way (or we over-report).
      extraFiles: Object.entries(countBy(c.extras, (e) => e.file))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([file, count]) => ({ file, count })),
      topExtras: examples(c.extras, args.misses),
      navOnlyExamples: examples(navOnlyList, 5),
      allMisses: c.misses,
      navOnlyMisses: navOnlyList,
    });
  }

  // ---- report ----
  const pct = (x) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
  console.log(`# Language agreement with ${version}\n`);
  console.log('| language | ctags | files | ctags defs | matched | recall | near (±1/attr) | local (excl.) | misses (nav only) | our defs | our extras | corpus |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const r of results) {
    if (r.status !== 'ok') {
      console.log(`| ${r.id} | ${r.status} | ${r.files ?? ''} | ${r.ctagsDefs ?? ''} | | | | | | | | ${r.sources.join(', ')} |`);
      continue;
    }
    console.log(
      `| ${r.id} | ${r.ctagsLanguage} | ${r.files} | ${r.ctagsDefs} | ${r.matched} | ${pct(r.recall)} | ${r.matchedNear} | ${r.localExcluded} | ${r.ctagsDefs - r.matched} (${r.navOnly}) | ${r.ourDefs} | ${r.extras} | ${r.sources.join(', ')} |`,
    );
  }
  for (const r of results) {
    if (r.status !== 'ok') continue;
    console.log(`\n## ${r.id}\n`);
    const kinds = Object.entries(r.ctagsByKind)
      .map(([kind, n]) => `${kind} ${n - (r.missesByKind[kind] ?? 0)}/${n}`)
      .join(', ');
    console.log(`found/ctags by kind: ${kinds}`);
    const extraKinds = Object.entries(r.extrasByKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    if (extraKinds) console.log(`extras by kind: ${extraKinds}; most in: ${r.extraFiles.map((f) => `${f.file} (${f.count})`).join(', ')}`);
    if (r.filesWithSyntaxErrors)
      console.log(
        `files with syntax errors (tree-sitter): ${r.filesWithSyntaxErrors} of ${r.files}; misses in them: ${r.missesInFilesWithSyntaxErrors} of ${r.allMisses.length}`,
      );
    if (r.failedFiles.length)
      console.log(`files failed or parsed as another language (still compared): ${r.failedFiles.map((f) => `${f.file} (${f.error})`).join(', ')}`);
    if (r.topMisses.length) {
      console.log('\nmisses, absent from our index (file:line name kind):');
      for (const m of r.topMisses)
        console.log(
          `- ${m.file}:${m.line} ${m.name} ${m.kind}${m.ours ? ` (ours: ${m.ours})` : ''}${m.fileHasSyntaxErrors ? ' [file has syntax errors]' : ''}  \`${m.source}\``,
        );
    }
    if (r.navOnlyExamples.length) {
      console.log('\nnav only (missed by parse(), which takes them for locals; findDefinitions has them):');
      for (const m of r.navOnlyExamples) console.log(`- ${m.file}:${m.line} ${m.name} ${m.kind} (ours: ${m.ours})  \`${m.source}\``);
    }
    if (r.topExtras.length) {
      console.log('\nextras (ours, absent from ctags):');
      for (const m of r.topExtras) console.log(`- ${m.file}:${m.line} ${m.name} ${m.kind}  \`${m.source}\``);
    }
  }
  const out = join(CACHE, 'results.json');
  await writeFile(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), ctags: version, kinds: CTAGS_KINDS, results }, null, 2)}\n`,
  );
  console.log(`\nJSON: ${relative(REPO, out)}`);
}

try {
  await main();
} catch (error) {
  console.error(`check-languages: ${error.message}`);
  process.exit(1);
}
