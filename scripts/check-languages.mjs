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
//        Python functions, JS closures, Kotlin lambdas' contents...). Counted in the `local (excl.)` column only;
//        results.json has `localReportedByUs` (how many of them parse() does report at that place: Zig methods
//        of a `return struct {...}` in a generic function are inside a function body for the brace-matched
//        regex baseline, not local for code-index) and `localExamples` (ones parse() does not report).
// ours:  index.parse(file).symbols (definitions that are not local and not imports); for Markdown the headings of
//        index.analyzeFile(file) (text, line), for LaTeX and HTML parse() symbols plus those headings, for JSON
//        analyzeFile(file).keys (name, line) (see OUR_SOURCES): ctags' Markdown/Tex/HTML section kinds are
//        headings, its JSON tags are keys.
// regex baselines: Swift, Scala, Zig and Dart have no parser in ctags 5.9; the script defines a ctags language for
//        each on the command line (`--langdef` + `--regex-<lang>` line patterns, see REGEX_BASELINES), reported
//        as SwiftRegex/ScalaRegex/ZigRegex/DartRegex. They are a baseline of the obvious definition forms, NOT
//        ctags' own parsers: line-based, scope-less (function bodies are found by brace matching).
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
  // Languages added later. Left out besides the general rules above: Perl `subroutineDeclaration` (`sub f;`, a
  // forward declaration), `format`, `constant` (`use constant`: data), `label`; R `functionVar`/`globalVar`/
  // `list`/`vector`/`dataframe`/`nameattr` (data), `library`/`source` (imports), `parameter`; ObjectiveC `field`,
  // `property`, `var`, `macro`; EmacsLisp `variable`/`custom`/`const`/`varalias`/`face`/`group`/`theme`/`error`
  // (variables, faces, customization groups: data), `unknown` (ctags' name for any other `(define-... name`
  // form it does not know, see isCtagsDefinition); SQL `field`/`variable`/`local`/`label`/`cursor`/`record`/
  // `prototype`/`ccflag` and the SQL Anywhere `ml*` kinds; HTML `class` (a class attribute uses a class, it does
  // not define one), `stylesheet`/`script` (references to external files, i.e. imports); SCSS `variable`/
  // `parameter` (data); LaTeX `bibitem`, `counter` (\newcounter: data) and `xinput` (\input: imports).
  perl: ['package', 'subroutine'],
  r: ['function'],
  // ctags' ObjectiveC `class` is a class method (`+ (id)foo`), `method` an instance method, `interface` the
  // @interface, `implementation` the @implementation, `category` the `(Name)` of a category.
  // `category` (`@implementation UIView (React)` -> `React`) is left out like Rust's `implementation`: it extends a
  // class defined elsewhere; ctags tags that class's name on the same line too (`implementation UIView`), counted.
  objc: ['interface', 'implementation', 'protocol', 'class', 'method', 'function', 'struct', 'enum', 'typedef'],
  clojure: ['function', 'namespace'],
  // derivedMode/minorMode define a mode command (a function); alias = defalias (a function name); subst/inline =
  // defsubst/define-inline.
  elisp: ['function', 'macro', 'subst', 'inline', 'alias', 'derivedMode', 'minorMode'],
  sql: ['function', 'procedure', 'table', 'view', 'trigger', 'index', 'domain', 'event', 'package', 'subtype', 'synonym', 'publication', 'service'],
  // headings: compared with analyzeFile(file).headings (see OUR_SOURCES); id/anchor: with our element ids/anchors.
  html: ['id', 'anchor', 'heading1', 'heading2', 'heading3'],
  css: ['class', 'id', 'selector'], // each selector of a selector list (see ourNames)
  scss: ['class', 'id', 'selector', 'placeholder', 'function', 'mixin'],
  markdown: ['chapter', 'section', 'subsection', 'subsubsection', 'l4subsection', 'l5subsection'], // = headings
  dtd: ['element', 'attribute', 'entity', 'parameterEntity', 'notation'],
  // sectioning kinds: compared with analyzeFile(file).headings; command (\newcommand & co), label: with parse().
  latex: ['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph', 'command', 'label'],
  yaml: ['anchor'], // ctags' Yaml parser reports anchors only (`&name`); ours: the `anchor` outline items
  // JSON: ctags tags every key at every depth (kind = the value's type) and every array element (named by its
  // index); compared with analyzeFile(file).keys, which has the top level and one level below (arrays are
  // transparent: the keys of `[{...}]` objects count at the array's depth), so only keys at depth <= 2 count.
  json: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  // Elm: `constructor` (a custom type's variants: values) and `namespace` (`import X as Y`) are left out.
  elm: ['module', 'function', 'type', 'alias', 'port'], // alias = `type alias`
  properties: ['key'], // JavaProperties: every key; compared with analyzeFile(file).keys
  // XML: `id` = an element's id attribute (ours: `element_id`); `nsprefix` (xmlns:x declarations) and `root`
  // are left out (a namespace binding; the document element).
  xml: ['id'],
  // No ctags parser in this ctags build (5.9) for Swift, Scala, Zig and Dart: a REGEX BASELINE instead (see
  // REGEX_BASELINES: `--langdef` + `--regex-<lang>` line patterns defined here, not ctags' own parsers).
  swift: ['class', 'struct', 'enum', 'protocol', 'function', 'init'],
  scala: ['class', 'object', 'trait', 'def'],
  zig: ['function', 'container'], // container = `const X = struct|enum|union|opaque`
  dart: ['class', 'mixin', 'extension', 'enum', 'function'],
};

/**
 * Regex baselines for languages this ctags has no parser for: a ctags language defined on the command line
 * (`--langdef=<Name> --kinddef-<Name>=... --regex-<Name>=/re/\N/k/`), one line pattern per definition form. They
 * are a BASELINE, not ctags' parsers: line-based, no scopes, no comments/strings awareness (a `func` in a
 * multi-line string would count), so a miss needs reading before calling it ours. Local definitions are found as
 * for the other languages, from `end`, which the script computes by brace matching (see addBraceEnds).
 * Patterns (POSIX ERE, glibc; the name is group \N; PREFIX = any attributes/modifiers before the keyword):
 *   Swift: class/actor, struct, enum, protocol, func (any name, operators too), init (named `init`);
 *   Scala: class (case class too), object, trait, def (identifiers, `unary_!`/`x_=`/`reverse_:::`, operators,
 *   backquoted names);
 *   Zig: `fn name`, `const Name = [extern|packed] struct|enum|union|opaque`;
 *   Dart: class (with abstract/sealed/base/final/interface/mixin), mixin, extension, enum, and a top-level
 *   function: a line at column 0 of the form `[Type ]name[<T>](`.
 */
const SWIFT_PREFIX = String.raw`^[[:blank:]]*((@[A-Za-z_]+(\([^)]*\))?|[a-z]+(\([a-z]+\))?)[[:blank:]]+)*`;
const SCALA_PREFIX = String.raw`^[[:blank:]]*((@[A-Za-z_.]+(\([^)]*\))?|[a-z]+(\[[A-Za-z_.]+\])?)[[:blank:]]+)*`;
const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
const BQ = '`'; // a backquote (Scala/Swift `name`), interpolated: String.raw would keep a `\` before it
const REGEX_BASELINES = {
  SwiftRegex: {
    extensions: ['.swift'],
    kinds: { c: 'class', s: 'struct', e: 'enum', p: 'protocol', f: 'function', i: 'init' },
    patterns: [
      [String.raw`${SWIFT_PREFIX}(class|actor)[[:blank:]]+(${IDENT})`, 6, 'c'],
      [String.raw`${SWIFT_PREFIX}struct[[:blank:]]+(${IDENT})`, 5, 's'],
      [String.raw`${SWIFT_PREFIX}enum[[:blank:]]+(${IDENT})`, 5, 'e'],
      [String.raw`${SWIFT_PREFIX}protocol[[:blank:]]+(${IDENT})`, 5, 'p'],
      [String.raw`${SWIFT_PREFIX}func[[:blank:]]+([^[:blank:](<]+)`, 5, 'f'],
      [String.raw`${SWIFT_PREFIX}(init)[?!]?[[:blank:]]*[(<]`, 5, 'i'],
    ],
  },
  ScalaRegex: {
    extensions: ['.scala', '.sc'],
    kinds: { c: 'class', o: 'object', t: 'trait', d: 'def' },
    patterns: [
      [String.raw`${SCALA_PREFIX}class[[:blank:]]+([^[:blank:]\[(:{]+)`, 5, 'c'],
      [String.raw`${SCALA_PREFIX}object[[:blank:]]+([^[:blank:]\[({]+)`, 5, 'o'], // `object #::` too
      [String.raw`${SCALA_PREFIX}trait[[:blank:]]+([^[:blank:]\[(:{]+)`, 5, 't'],
      [String.raw`${SCALA_PREFIX}def[[:blank:]]+(${BQ}[^${BQ}]+${BQ}|${IDENT}(_[^A-Za-z0-9_[:blank:]\[(]+)?|[^A-Za-z0-9_[:blank:]\[(]+)`, 5, 'd'],
    ],
  },
  ZigRegex: {
    extensions: ['.zig'],
    kinds: { f: 'function', c: 'container' },
    patterns: [
      [String.raw`^[[:blank:]]*((pub|export|extern|inline|noinline)[[:blank:]]+)*("[^"]*"[[:blank:]]+)?fn[[:blank:]]+(${IDENT}|@"[^"]*")`, 4, 'f'],
      [String.raw`^[[:blank:]]*(pub[[:blank:]]+)?const[[:blank:]]+(${IDENT})[[:blank:]]*(:[^=]*)?=[[:blank:]]*((extern|packed)[[:blank:]]+)?(struct|enum|union|opaque)([[:blank:]({]|$)`, 2, 'c'],
    ],
  },
  DartRegex: {
    extensions: ['.dart'],
    kinds: { c: 'class', m: 'mixin', x: 'extension', e: 'enum', f: 'function' },
    patterns: [
      [String.raw`^[[:blank:]]*((abstract|sealed|base|final|interface|mixin)[[:blank:]]+)*class[[:blank:]]+(${IDENT})`, 3, 'c'],
      [String.raw`^[[:blank:]]*(base[[:blank:]]+)?mixin[[:blank:]]+(${IDENT})`, 2, 'm'],
      [String.raw`^[[:blank:]]*extension[[:blank:]]+(${IDENT})`, 1, 'x'],
      [String.raw`^[[:blank:]]*enum[[:blank:]]+(${IDENT})`, 1, 'e'],
      [String.raw`^([A-Za-z_$][][A-Za-z0-9_$<>,?.[:blank:]]*[[:blank:]]+)?([A-Za-z_$][A-Za-z0-9_$]*)[[:blank:]]*(<[^>]*>)?\(`, 2, 'f'],
    ],
  },
};

/** Keywords a baseline pattern can take for a name (`class func f` -> class `func`; Dart `extension on X`). */
const BASELINE_NOT_NAMES = new Set([
  'func', 'var', 'let', 'subscript', 'init', 'deinit', 'class', 'on', 'if', 'for', 'while', 'switch', 'return',
  'assert', 'catch', 'super', 'this', 'new', 'throw', 'await', 'print', 'case', 'default', 'else', 'do', 'try',
]);

/** The ctags command-line arguments that define a regex baseline language. */
function baselineArgs(name) {
  const def = REGEX_BASELINES[name];
  if (!def) return [];
  const args = [`--langdef=${name}`, `--map-${name}=${def.extensions.map((e) => `+${e}`).join('')}`];
  for (const [letter, kind] of Object.entries(def.kinds)) args.push(`--kinddef-${name}=${letter},${kind},${kind}s`);
  for (const [re, group, letter] of def.patterns) args.push(`--regex-${name}=/${re}/\\${group}/${letter}/`);
  return args;
}

/**
 * Regex baselines (and ctags' SCSS parser) have no `end`: give function-like tags the line of the `}` closing their body (the first `{`
 * within 10 lines of the name, unless a `;` or a one-line `= expr` comes first; strings and `//` comments are
 * skipped), so localTags finds the definitions inside function bodies.
 */
function addBraceEnds(tags, linesOf) {
  for (const tag of tags) {
    if (!FUNCTION_SCOPES.has(tag.kind)) continue;
    const lines = linesOf(tag.path);
    let depth = 0;
    let opened = false;
    for (let i = tag.line - 1; i < lines.length; i++) {
      const text = lines[i].replace(/"(\\.|[^"\\])*"|'(\\.|[^'\\])*'/g, '""').replace(/\/\/.*$/, '');
      if (!opened && i - tag.line >= 10) break;
      for (const ch of text) {
        if (ch === '{') {
          depth++;
          opened = true;
        } else if (ch === '}' && opened) depth--;
        else if (ch === ';' && !opened) break;
      }
      if (!opened && (text.includes(';') || /=\s*[^\s{>]/.test(text.replace(/[=!<>]=|=>/g, '')))) break;
      if (opened && depth <= 0) {
        tag.end = i + 1;
        break;
      }
    }
  }
}

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
/** Per language, more of our kinds that count for `extras` (the outline kinds compared with ctags' kinds). */
const OUR_LANGUAGE_KINDS = {
  css: ['selector'],
  scss: ['selector', 'placeholder', 'mixin'],
  html: ['element_id', 'anchor'],
  xml: ['element_id'],
  dtd: ['element', 'attribute', 'entity', 'notation'],
  latex: ['command', 'label', 'heading'],
  markdown: ['heading'],
  json: ['key'],
  properties: ['key'],
  yaml: ['anchor'],
  sql: ['table', 'view', 'trigger', 'index'],
};

/**
 * What "ours" is, per language (default: parse(file).symbols): `headings` = analyzeFile(file).headings (text,
 * line) as symbols of kind `heading`; `keys` = analyzeFile(file).keys (the key's own name, line) as kind `key`.
 */
const OUR_SOURCES = {
  markdown: ['headings'],
  latex: ['symbols', 'headings'],
  html: ['symbols', 'headings'],
  json: ['keys'],
  properties: ['keys'],
};

/**
 * The names one of our symbols stands for: CSS/SCSS name a rule by its whole selector list (`.a, .b > p`),
 * ctags tags each selector of the list (`.a`, `.b > p`): ours is split at top-level commas.
 */
function ourNames(lang, symbol) {
  if ((lang === 'css' || lang === 'scss') && symbol.kind === 'selector') {
    const parts = [];
    let depth = 0;
    let start = 0;
    const name = symbol.name;
    for (let i = 0; i < name.length; i++) {
      const ch = name[i];
      if (ch === '(' || ch === '[') depth++;
      else if (ch === ')' || ch === ']') depth--;
      else if (ch === ',' && depth === 0) {
        parts.push(name.slice(start, i));
        start = i + 1;
      }
    }
    parts.push(name.slice(start));
    const names = parts.map((part) => normalizeName(lang, part));
    // ctags' SCSS parser tags the class and id tokens of a selector one by one, with their pseudo-classes
    // (`> .btn.active {` -> `.active`, `> .btn-check:checked + .btn` -> `.btn-check:checked`, `.x:not(.y)` ->
    // `.x:not`): each token, with and without its pseudo-class tail.
    if (lang === 'scss')
      for (const token of name.match(/[.#][A-Za-z_-][\w-]*(::?[A-Za-z_-][\w-]*)*/g) ?? [])
        names.push(token, token.replace(/:.*$/, ''));
    return names;
  }
  return [normalizeName(lang, symbol.name)];
}

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
 *   - a Kotlin/Swift backquoted name loses its quotes;
 *   - ObjectiveC: ctags names a method by its whole selector (`initWithURL:queue:`), code-index by its first part;
 *   - CSS/SCSS: whitespace runs are one space, comments inside a selector list are dropped, SCSS loses a leading
 *     `&`; ours is also split into its selectors, and in SCSS into its class/id tokens (see ourNames);
 *   - HTML/Markdown/LaTeX heading texts: whitespace runs are one space; Markdown loses closing `#`s.
 */
function normalizeName(lang, name) {
  let n = name.replace(/^`(.*)`$/, '$1');
  if (lang === 'lua' || lang === 'csharp') n = n.split(/[.:]/).pop();
  if (lang === 'elm') n = n.split(/\s+/)[0]; // ctags names a type with its parameters (`Codec e a`)
  if (lang === 'objc') n = n.split(':')[0]; // ctags names a method by its selector (`initWithURL:queue:`), ours by its first part
  // Qualified module names: ctags keeps the last part in Elixir (`defmodule MyApp.DBClient` -> `DBClient`), the
  // first in Haskell (`module Hugs.Array` -> `Hugs`).
  if (lang === 'elixir' && /^[A-Z]\w*(\.[A-Z]\w*)+$/.test(n)) n = n.split('.').pop();
  if (lang === 'haskell' && /^[A-Z][\w']*(\.[A-Z][\w']*)+$/.test(n)) n = n.split('.')[0];
  if (lang.startsWith('ocaml')) n = n.replace(/^\(\s*(.*?)\s*\)$/, '$1'); // operators: `( @ )` -> `@`
  if (lang === 'cpp' || lang === 'c') n = n.replace(/^operator\s+/, 'operator').replace(/\s+/g, '');
  if (lang === 'cpp' && !n.startsWith('operator')) n = n.replace(/<.*>$/, '').trim();
  // Selectors and heading texts: whitespace runs (line breaks of a multi-line selector) count as one space;
  // Markdown closing `#`s (`## Title ##`) are not part of the text.
  // CSS/SCSS: comments inside a selector list are not part of a selector (ours keeps them in the list's text:
  // `.ui-button,\n/* We use html here ... */\nhtml .ui-button...`); SCSS: ctags drops the parent reference
  // `&` (`&.active` -> `.active`).
  if (lang === 'css' || lang === 'scss') n = n.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (lang === 'scss') n = n.replace(/^\s*&/, '');
  if (/^(css|scss|html|markdown|latex)$/.test(lang)) n = n.replace(/\s+/g, ' ').trim();
  if (lang === 'markdown') n = n.replace(/\s+#+$/, '');
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
    // Files of other extensions a source adds (C++ headers named .h), analyzed as code-index decides.
    const taken = [...extensions, ...(source.extensions ?? [])];
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
        else if (!taken.includes(ext.toLowerCase())) continue;
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
      ...baselineArgs(ctagsLanguage),
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
  if (REGEX_BASELINES[ctagsLanguage] || ctagsLanguage === 'SCSS') {
    const cache = new Map();
    const linesOf = (file) => {
      if (!cache.has(file)) cache.set(file, readFileSync(join(root, file), 'utf8').split(/\r?\n/));
      return cache.get(file);
    };
    addBraceEnds(tags, linesOf);
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
 *     prototype assignment (`SourceCode.prototype.getComments = ...` -> class SourceCode);
 *   - regex baselines (Swift/Scala/Zig/Dart): keywords taken for names (`class func f` -> class `func`, Dart
 *     `extension on X` -> `on`) and lines inside `/* *\/` comments (commented-out code, prose);
 *   - ObjectiveC categories/methods/functions that are not (see isObjcDefinition);
 *   - Clojure names starting with `~` (syntax-quote unquote: `(defn ~name ...` in macros, the name is computed)
 *     and tags on lines that start inside a string (examples in docstrings, see inClojureString);
 *   - CSS/SCSS tags mangled by attribute selectors (see mangledAttributeSelector); SCSS `.5`-like "classes"
 *     (numbers in values: `rgba(..., .5)`);
 *   - Markdown headings inside fenced code blocks (see inFence);
 *   - Elm tags inside `{- -}` comments: ctags' Elm parser tags the code examples of doc comments
 *     (`{-| ... greeting =` in Console.elm);
 *   - LaTeX sectioning tags outside .tex/.ltx documents (in .cls/.sty they are inside macro definitions:
 *     `\newcommand\section{\@startsection {section}...` -> section `\@startsection {section}{1}...`,
 *     `\section*{\abstractname}` in the abstract environment's definition) or whose name holds a macro parameter
 *     (`\section[{#1}]`);
 *   - JSON keys deeper than analyzeFile's keys go, and array elements (see isShallowJsonKey).
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
  if (BASELINE_LANGUAGES.has(lang) && (BASELINE_NOT_NAMES.has(tag.name) || inBlockComment(fileLines, tag.line)))
    return false;
  if (lang === 'objc' && !isObjcDefinition(tag, sourceLine)) return false;
  if (lang === 'clojure' && (tag.name.startsWith('~') || inClojureString(fileLines, tag.line))) return false;
  if ((lang === 'css' || lang === 'scss') && mangledAttributeSelector(lang, tag.name, sourceLine)) return false;
  if (lang === 'scss' && /^[.#]\d/.test(tag.name)) return false;
  if (lang === 'markdown' && inFence(fileLines, tag.line)) return false;
  if (lang === 'elm' && inBlockComment(fileLines, tag.line, ['{-', '-}', '--'])) return false;
  if (lang === 'latex' && LATEX_SECTIONS.has(tag.kind) && (!/\.(tex|ltx)$/.test(tag.path) || tag.name.includes('#')))
    return false;
  if (lang === 'json' && !isShallowJsonKey(tag)) return false;
  for (const kind of CTAGS_KINDS[lang] ?? []) {
    if (kind.endsWith('*')) {
      // Counted only inside a type (C++ member function declarations).
      if (tag.kind === kind.slice(0, -1) && /^(class|struct|union)$/.test(tag.scopeKind ?? '')) return true;
    } else if (tag.kind === kind) return true;
  }
  return false;
}

const BASELINE_LANGUAGES = new Set(['swift', 'scala', 'zig', 'dart']);

/**
 * ctags' CSS parser does not know attribute selectors: `[data-bs-theme=dark] {` gives `dark` or
 * `data-bs-theme`, `[type=button]:not(:disabled)` gives `:not(:disabled)`, `a:not([href])` gives
 * `a:not([href] )`, `[data-bs-theme=dark] .accordion-button::after` gives `.accordion-button::after`. Dropped:
 * a CSS tag on a line with `[` whose name is none of the line's selectors as written; a SCSS tag (SCSS tags
 * class tokens, see ourNames) whose name is right after a `[`, `]` or `=` of such a line.
 */
function mangledAttributeSelector(lang, name, line) {
  if (!line.includes('[')) return false;
  if (lang === 'css') {
    const written = line.replace(/\{.*$/, '').split(',').map((part) => part.replace(/\s+/g, ' ').trim());
    return !written.includes(name);
  }
  const at = line.indexOf(name);
  return at < 0 || /[[\]=]/.test(line[at - 1] ?? '');
}

const LATEX_SECTIONS = new Set(['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph']);

/**
 * ObjectiveC: ctags' parser takes any `(Name)` after an identifier for a category (`RCT_EXPORT_METHOD(...)`,
 * `+ (BOOL)requiresMainQueueSetup`, macro calls), names methods and class methods inside macro bodies (`Array:`
 * on a `{  \\` line), and takes prototypes and macro calls for functions. Kept: categories on an
 * `@interface X (Name)` / `@implementation X (Name)` line (not counted anyway, see CTAGS_KINDS), methods/class
 * methods on a line starting with `-` / `+` (after objcMethodLine), functions not on a line ending with `;` and
 * not named like a macro (`RCT_WRAPPER_FOR_VIEW(RCTWrapperExampleView)` at top level, `__attribute__`),
 * typedefs whose name is on their line (and is the `(^Name)` of a block typedef).
 */
function isObjcDefinition(tag, line) {
  if (tag.kind === 'category')
    return new RegExp(`@(interface|implementation)\\s+\\w+\\s*\\(\\s*${escape(tag.name)}\\s*\\)`).test(line);
  // a `function` on a line ending with `;` is a prototype or a macro call in an initializer
  // (`void f(void) __OSX_AVAILABLE_STARTING(...);` -> `__OSX_AVAILABLE_STARTING`, `= ATOMIC_VAR_INIT(NO);`)
  if (tag.kind === 'function') return !/;\s*(\/\/.*)?$/.test(line) && !/^([A-Z][A-Z0-9_]*|__\w+)$/.test(tag.name);
  // typedefs: ctags names a block typedef by its last parameter (`typedef void (^RCTActionBlock)(..., id value)`
  // -> `value`) and an NS_ENUM by its last enumerator on the `};` line
  if (tag.kind === 'typedef')
    return line.includes(tag.name) && (!line.includes('(^') || new RegExp(`\\(\\^\\s*${escape(tag.name)}\\s*\\)`).test(line));
  if (tag.kind === 'method') return /^\s*-/.test(line);
  if (tag.kind === 'class') return /^\s*\+/.test(line);
  return true;
}

/**
 * ctags' ObjectiveC parser often reports a method on the line of its body's `{` (below `- (UIView *)view`), or
 * after a multi-line selector: the tag is moved up (at most 8 lines) to the `-`/`+` line that names it, where
 * code-index has it. A method tag with no such line above is noise and is dropped by isObjcDefinition.
 */
function objcMethodLine(tag, fileLines) {
  if (tag.kind !== 'method' && tag.kind !== 'class') return;
  const first = escape(tag.name.split(':')[0]);
  const head = new RegExp(`^\\s*[-+]\\s*(\\([^)]*\\)\\s*)?${first}\\b`);
  for (let line = tag.line; line >= 1 && line > tag.line - 8; line--) {
    if (head.test(fileLines[line - 1] ?? '')) {
      tag.line = line;
      return;
    }
  }
}

/** Per file (its lines array), a Set of 1-based line numbers computed once. */
const lineSetCache = new Map();
function cachedLineSet(kind, fileLines, compute) {
  const byKind = lineSetCache.get(kind) ?? lineSetCache.set(kind, new WeakMap()).get(kind);
  let set = byKind.get(fileLines);
  if (!set) byKind.set(fileLines, (set = compute(fileLines)));
  return set;
}

/**
 * Lines that start inside a `/* ... *\/` comment (nesting counted, as Swift and Scala do; `//` comments and
 * one-line string literals skipped): the regex baselines know no comments and tag commented-out code
 * (MurmurHash3.scala's `/** def linearSeqHash ...`) and prose (`... protocol composition, see`).
 */
function inBlockComment(fileLines, line, [open, close, lineComment] = ['/*', '*/', '//']) {
  return cachedLineSet(`block${open}`, fileLines, (all) => {
    const inside = new Set();
    let depth = 0;
    all.forEach((raw, i) => {
      if (depth > 0) inside.add(i + 1);
      const text = depth > 0 ? raw : raw.replace(/"(\\.|[^"\\])*"/g, '""');
      for (let j = 0; j < text.length; j++) {
        if (text.startsWith(open, j)) {
          depth++;
          j += open.length - 1;
        } else if (depth > 0 && text.startsWith(close, j)) {
          depth--;
          j += close.length - 1;
        } else if (depth === 0 && text.startsWith(lineComment, j)) break;
      }
    });
    return inside;
  }).has(line);
}

/**
 * Clojure lines that start inside a string: ctags' Clojure parser is line-based and tags the examples in
 * docstrings (`(ns foo.bar` in core.clj's docs, `(defn my-fixture [f]` in test.clj's).
 */
function inClojureString(fileLines, line) {
  return cachedLineSet('cljstring', fileLines, (all) => {
    const inside = new Set();
    let inString = false;
    all.forEach((text, i) => {
      if (inString) inside.add(i + 1);
      for (let j = 0; j < text.length; j++) {
        const ch = text[j];
        if (ch === '\\') j++; // an escape in a string, a character literal outside
        else if (ch === '"') inString = !inString;
        else if (ch === ';' && !inString) break;
      }
    });
    return inside;
  }).has(line);
}

/**
 * Markdown lines inside (or opening/closing) a fenced code block: ctags' Markdown parser takes a fence line
 * followed by `---` in the block (a YAML front matter example) for a setext heading (```` ```text ```` in
 * markdownlint's README).
 */
function inFence(fileLines, line) {
  return cachedLineSet('fence', fileLines, (all) => {
    const inside = new Set();
    let fence = null;
    all.forEach((text, i) => {
      const m = /^ {0,3}(`{3,}|~{3,})/.exec(text);
      if (fence) {
        inside.add(i + 1);
        if (m && m[1][0] === fence[0] && m[1].length >= fence.length && text.trim() === m[1]) fence = null;
      } else if (m) {
        fence = m[1];
        inside.add(i + 1);
      }
    });
    return inside;
  }).has(line);
}

/**
 * A JSON key at depth 1 or 2 as analyzeFile(file).keys counts it: not an array element (ctags names those by
 * their index, scope kind `array`), and at most one key (not counting array indices) in its scope path.
 */
function isShallowJsonKey(tag) {
  if (tag.scopeKind === 'array') return false;
  const keys = tag.scope ? tag.scope.split('.').filter((part) => !/^\d+$/.test(part)) : [];
  return keys.length <= 1;
}

/** ctags kinds whose bodies make what they contain local (functions and methods of every parser). */
// init/def: Swift/Scala regex baselines; mixin: SCSS (the selectors of a mixin's body are its body, which
// code-index leaves out as local like a function's; ctags tags them).
const FUNCTION_SCOPES = new Set(['function', 'method', 'func', 'singletonMethod', 'generator', 'getter', 'setter', 'init', 'def', 'mixin']);

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
    // ctags' Elm parser ends a function on the first line of the next definition: that line is not inside it.
    return (functionRanges.get(tag.path) ?? []).some(
      ([start, end]) => tag.line > start && (lang === 'elm' ? tag.line < end : tag.line <= end),
    );
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
  if (lang === 'objc') for (const tag of tags) objcMethodLine(tag, lines.get(tag.path) ?? []);
  const defs = new Map(); // dedup (file, name, line, kind)
  const anyCtags = new Map(); // file -> name -> lines (every kind), for extras
  const ourByFile = new Map();
  for (const file of files) {
    const byName = new Map();
    for (const symbol of ours.get(file) ?? []) {
      for (const name of ourNames(lang, symbol)) (byName.get(name) ?? byName.set(name, []).get(name)).push(symbol);
    }
    ourByFile.set(file, byName);
  }
  const locals = localTags(lang, tags);
  let local = 0;
  let localOurs = 0; // local ctags defs that parse() does report at that place (not local for us)
  const localExamples = []; // local ctags defs that parse() does not report (the usual case)
  const localSeen = new Set();
  for (const tag of tags) {
    const name = normalizeName(lang, tag.name);
    const byName = anyCtags.get(tag.path) ?? anyCtags.set(tag.path, new Map()).get(tag.path);
    (byName.get(name) ?? byName.set(name, []).get(name)).push(tag.line);
    const fileLines = lines.get(tag.path) ?? [];
    if (!isCtagsDefinition(lang, tag, fileLines[tag.line - 1] ?? '', fileLines)) continue;
    const key = `${tag.path}\0${name}\0${tag.line}\0${tag.kind}`;
    if (locals.has(tag)) {
      if (!localSeen.has(key)) {
        local++;
        const theirs = ourByFile.get(tag.path)?.get(name) ?? [];
        if (theirs.some((s) => Math.abs(s.line - tag.line) <= 1)) localOurs++;
        else if (localExamples.length < 5) localExamples.push({ file: tag.path, line: tag.line, name, kind: tag.kind, scope: tag.scope });
      }
      localSeen.add(key);
      continue;
    }
    if (!defs.has(key)) defs.set(key, { file: tag.path, name, line: tag.line, kind: tag.kind, scope: tag.scope });
  }
  if (CLAUSE_LANGUAGES.has(lang)) groupClauses(defs);
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
        // CSS/SCSS: ctags tags each selector of a multi-line selector list on its own line, ours is the list's
        // first line (lastLine: the line of its `{`)
        (s.lastLine !== undefined && def.line >= s.line && def.line <= s.lastLine) ||
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
      if (!OUR_KINDS.has(symbol.kind) && !(OUR_LANGUAGE_KINDS[lang] ?? []).includes(symbol.kind)) continue;
      ourComparable++;
      const ctagsLines = ourNames(lang, symbol).flatMap((name) => anyCtags.get(file)?.get(name) ?? []);
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
  return { ctagsDefs: defs.size, local, localOurs, localExamples, matched, near, nearExamples, misses, missesByKind, ctagsByKind, ourComparable, extras };
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
        const from = OUR_SOURCES[id] ?? ['symbols'];
        const symbols = from.includes('symbols') ? [...parsed.symbols] : [];
        if (from.includes('headings') || from.includes('keys')) {
          const analysis = await index.analyzeFile(file);
          if (from.includes('headings'))
            for (const h of analysis.headings ?? []) symbols.push({ name: h.text, kind: 'heading', line: h.line });
          if (from.includes('keys'))
            for (const k of analysis.keys ?? []) symbols.push({ name: k.name, kind: 'key', line: k.line });
        }
        if (id === 'css' || id === 'scss') {
          const fileLines = lines.get(file);
          for (const symbol of symbols) {
            if (symbol.kind !== 'selector') continue;
            let last = symbol.line;
            while (last < fileLines.length && !fileLines[last - 1].includes('{')) last++;
            symbol.lastLine = last;
          }
        }
        ours.set(file, symbols);
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
      localReportedByUs: c.localOurs,
      localExamples: c.localExamples,
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
