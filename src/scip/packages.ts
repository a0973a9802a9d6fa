/**
 * The package a file belongs to, for the package part of SCIP global symbols (`manager name version`): the nearest
 * manifest walking up from the file's folder to the root, read the way the language's own SCIP indexer reads it, so
 * that our symbols name a package as Sourcegraph already knows it. Manifests come through the exporter's reader (which
 * does the root check), each is read at most once, and none is trusted: one over 1 MB, or one that does not parse, is
 * skipped with a warning, and the walk goes on above it.
 *
 * The manager strings are the indexers' own, read in their sources:
 *
 * | manifest | manager | name | indexer (source) |
 * |---|---|---|---|
 * | `package.json` | `npm` | `name` | scip-typescript (`src/ScipSymbol.ts`) |
 * | `go.mod` | `gomod` | module path | scip-go (`internal/symbols/composer.go`) |
 * | `Cargo.toml` | `cargo` | `[package] name` | rust-analyzer (`crates/rust-analyzer/src/cli/scip.rs`) |
 * | `pyproject.toml`, `setup.cfg` | `python` | `[project]` name | scip-python (`packages/pyright-scip/src/ScipSymbol.ts`) |
 * | `pom.xml`, `build.gradle(.kts)` | `maven` | `maven/<groupId>/<artifactId>` | scip-java (`MavenPackage.java`) |
 * | `composer.json` | `composer` | `name` | scip-php (`src/SymbolNamer.php`) |
 * | `*.gemspec` | `gem` | `spec.name` | scip-ruby (`scip_indexer/SCIPUtils.cc`) |
 * | none up to the root | `.` | the root folder's name | scip-clang's way (`indexer/SymbolFormatter.cc`) |
 *
 * @module
 */
import { posix } from 'node:path';
import { MAX_CONFIG_FILE_BYTES } from '../engine/files.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { parseGoMod } from '../languages/go/go-mod.js';
import { folderOf } from '../languages/module-system.js';

/** The package of a file: the package part of the SCIP symbols defined in it. */
export interface PackageIdentity {
  /** The package manager as the language's SCIP indexer writes it (`npm`, `gomod`, `cargo`, ...); `.` for none. */
  manager: string;
  /** The package's name (`@scope/pkg`, `example.com/mod`, `maven/org.acme/core`), unescaped. */
  name: string;
  /** The version as written (`1.2.0`), unescaped; `.` when the manifest gives none, or none as a literal. */
  version: string;
  /** The root-relative path of the manifest it came from; absent when no manifest was found (the fallback). */
  manifest?: string;
  /** The root-relative folder of the package, the manifest's (`''` for the tree's root). */
  root: string;
}

/** How the resolver reads manifests: the exporter's reader, which puts every path through the root check. */
export interface ManifestReader {
  /**
   * The text of a root-relative file (`packages/a/package.json`), or undefined when there is none. An error thrown is
   * taken as an unreadable manifest: a warning, and the walk goes on.
   */
  read(path: string): Promise<string | undefined>;
  /**
   * The names of the entries of a root-relative folder (`''` for the root), or undefined when it cannot be listed.
   * Optional: with it, only the manifests a folder holds are read and any `*.gemspec` is found; without it, each
   * manifest name is tried, and a gemspec only as `<folder name>.gemspec` (the name `bundle gem` gives it).
   */
  list?(folder: string): Promise<readonly string[] | undefined>;
}

/** What a manifest declares, as far as the package part needs it. */
interface Declared {
  /** The package's name; absent when the manifest declares no package (a workspace's root, tool settings only). */
  name?: string;
  /** The version, when written as a literal. */
  version?: string;
  /** Cargo's `version.workspace = true`: the version is the workspace's `[workspace.package] version`. */
  versionFromWorkspace?: boolean;
  /** Cargo: the manifest holds a `[workspace]`, whose `[workspace.package] version` this is when it gives one. */
  workspace?: { version?: string };
}

/** One kind of manifest: its file, the manager it names, and how to read it. */
interface ManifestFormat {
  /** The file name (`package.json`), or `*.gemspec` for any file with that extension. */
  file: string;
  /** The manager string, as the language's SCIP indexer writes it. */
  manager: string;
  /** What the text declares (`file`: its name; `folderName`: its folder's); throws when the text does not parse. */
  parse(text: string, file: string, folderName: string): Declared;
}

/** Most warnings kept; later ones are dropped (each manifest warns at most once, being read once). */
const MAX_WARNINGS = 100;

/** The placeholder of SCIP's symbol grammar for an empty manager, name or version. */
const EMPTY = '.';

/**
 * The package part of a SCIP global symbol, `manager name version`, each part escaped as scip.proto's symbol grammar
 * says ("escape spaces with double space. Use the placeholder '.' to indicate an empty value"), as scip's Go
 * bindings' `writeEscapedPackage` does.
 *
 * @example
 * ```ts
 * packagePart({ manager: 'npm', name: 'my lib', version: '', root: '' }); // 'npm my  lib .'
 * ```
 */
export function packagePart(identity: PackageIdentity): string {
  const escape = (part: string) => (part === '' ? EMPTY : part.replaceAll(' ', '  '));
  return [identity.manager, identity.name, identity.version].map(escape).join(' ');
}

/**
 * Finds the package of each file from the nearest manifest in its folder or above. Each folder is resolved once and
 * each manifest read at most once (a tree of 50,000 files costs a few reads per folder, not per file), so the caches
 * grow with the number of folders asked about.
 *
 * In a folder, manifests are looked for in a fixed order, {@link MANIFEST_FILES}; the first that declares a package
 * wins. One that declares none (a workspace root's `package.json` without a name, a `pyproject.toml` of tool settings,
 * a virtual Cargo workspace) is passed over, as is one that is too large, unreadable or malformed (a warning).
 *
 * @example
 * ```ts
 * const packages = new PackageResolver({ read: (path) => readConfigText(root, path) }, basename(root));
 * const identity = await packages.packageOf('packages/a/src/index.ts');
 * // { manager: 'npm', name: '@acme/a', version: '1.0.0', manifest: 'packages/a/package.json', root: 'packages/a' }
 * packagePart(identity); // 'npm @acme/a 1.0.0'
 * ```
 */
export class PackageResolver {
  /** Problems met on the way (a manifest skipped as too large, malformed or unreadable), each naming the file. */
  readonly warnings: string[] = [];
  readonly #reader: ManifestReader;
  readonly #fallbackName: string;
  /** The package of each folder asked about or passed on the way up. */
  readonly #folders = new Map<string, Promise<PackageIdentity>>();
  /** What each manifest declares (undefined: missing or skipped): a Cargo member asks its ancestors' again. */
  readonly #manifests = new Map<string, Promise<Declared | undefined>>();
  /** The entries of each folder listed (`ManifestReader.list`). */
  readonly #listings = new Map<string, Promise<ReadonlySet<string> | undefined>>();

  /**
   * @param reader - Reads root-relative manifests through the root check; the resolver touches no file system.
   * @param fallbackName - The package name when no manifest is found up to the root: the root folder's name.
   */
  constructor(reader: ManifestReader, fallbackName: string) {
    this.#reader = reader;
    this.#fallbackName = fallbackName;
  }

  /**
   * The package of a root-relative file (`src/a/b.ts`): the one the nearest manifest in its folder or above declares,
   * or `{ manager: '.', name: <fallback name>, version: '.', root: '' }` when there is none.
   *
   * @throws {@link CodeIndexError} `PATH_TRAVERSAL` (a rejection) when the path is absolute or leads out of the root.
   */
  async packageOf(file: string): Promise<PackageIdentity> {
    const normal = posix.normalize(file);
    if (posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) {
      const message = `Path "${file}" is not inside the root; pass a root-relative path such as "src/index.ts"`;
      throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, message, { path: file });
    }
    return this.#packageOfFolder(normal === '.' ? '' : folderOf(normal));
  }

  #packageOfFolder(folder: string): Promise<PackageIdentity> {
    return memo(this.#folders, folder, async () => {
      const own = await this.#declaredIn(folder);
      if (own !== undefined) return own;
      if (folder === '') return { manager: EMPTY, name: this.#fallbackName, version: EMPTY, root: '' };
      return this.#packageOfFolder(folderOf(folder));
    });
  }

  /** The package a manifest of the folder itself declares, the first in {@link MANIFEST_FILES} order. */
  async #declaredIn(folder: string): Promise<PackageIdentity | undefined> {
    const entries = await this.#entries(folder);
    const folderName = folder === '' ? this.#fallbackName : posix.basename(folder);
    for (const format of FORMATS) {
      for (const file of candidates(format.file, entries, folderName)) {
        const manifest = join(folder, file);
        const declared = await this.#manifest(manifest, format, folderName);
        if (declared?.name === undefined) continue;
        const version = declared.versionFromWorkspace ? await this.#cargoWorkspaceVersion(folder) : declared.version;
        return { manager: format.manager, name: declared.name, version: version || EMPTY, manifest, root: folder };
      }
    }
    return undefined;
  }

  /** The folder's entries when the reader lists folders, else undefined. */
  #entries(folder: string): Promise<ReadonlySet<string> | undefined> {
    const reader = this.#reader;
    if (reader.list === undefined) return Promise.resolve(undefined);
    return memo(this.#listings, folder, async () => {
      try {
        const names = await reader.list?.(folder);
        return names === undefined ? undefined : new Set(names);
      } catch (error) {
        this.#warn(`${folder || '.'}: could not be listed (${reason(error)}); its manifests are tried by name instead`);
        return undefined;
      }
    });
  }

  /** What a manifest declares, or undefined when it is missing, unreadable, too large or malformed. */
  #manifest(path: string, format: ManifestFormat, folderName: string): Promise<Declared | undefined> {
    return memo(this.#manifests, path, async () => {
      const further = 'the package is taken from a manifest further up';
      let text: string | undefined;
      try {
        text = await this.#reader.read(path);
      } catch (error) {
        this.#warn(`${path}: could not be read (${reason(error)}); ${further}`);
        return undefined;
      }
      if (text === undefined) return undefined;
      // The reader may hand back more than the bound: measure in bytes, as the bound is.
      if (Buffer.byteLength(text, 'utf8') > MAX_CONFIG_FILE_BYTES) {
        this.#warn(`${path}: skipped, larger than ${MAX_CONFIG_FILE_BYTES} bytes; ${further}`);
        return undefined;
      }
      try {
        return format.parse(text, posix.basename(path), folderName);
      } catch (error) {
        this.#warn(`${path}: skipped, it does not parse (${reason(error)}); fix it, or ${further}`);
        return undefined;
      }
    });
  }

  /**
   * The version a Cargo member inherits (`version.workspace = true`): that of the nearest `Cargo.toml` holding a
   * `[workspace]`, from the member's own folder up (a root package can be its workspace), as Cargo looks for it.
   */
  async #cargoWorkspaceVersion(folder: string): Promise<string | undefined> {
    for (let at: string | undefined = folder; at !== undefined; at = at === '' ? undefined : folderOf(at)) {
      if ((await this.#entries(at))?.has(CARGO.file) === false) continue;
      const workspace = (await this.#manifest(join(at, CARGO.file), CARGO, posix.basename(at)))?.workspace;
      if (workspace !== undefined) return workspace.version;
    }
    return undefined;
  }

  #warn(message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(message);
  }
}

/** The value cached for a key, made (once) when missing. */
function memo<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A root-relative path in a folder. */
function join(folder: string, file: string): string {
  return folder === '' ? file : `${folder}/${file}`;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The files of a format to look at in a folder: its name when the folder holds it (or is not listed). */
function candidates(file: string, entries: ReadonlySet<string> | undefined, folderName: string): string[] {
  if (!file.startsWith('*')) return entries === undefined || entries.has(file) ? [file] : [];
  const suffix = file.slice(1);
  if (entries === undefined) return [`${folderName}${suffix}`];
  return [...entries].filter((name) => name.endsWith(suffix) && name.length > suffix.length).sort();
}

/** A non-empty string (trimmed), else undefined. */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `package.json`, `composer.json`: the `name` and `version` strings (a composer package rarely writes a version). */
function jsonNameVersion(source: string): Declared {
  const json: unknown = JSON.parse(source);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not a JSON object');
  return { name: nonEmpty((json as Record<string, unknown>).name), version: nonEmpty((json as Record<string, unknown>).version) };
}

/** rust-analyzer: `manager: "cargo"`, the package's name, its version or `.` (`moniker_to_symbol`). */
const CARGO: ManifestFormat = {
  file: 'Cargo.toml',
  manager: 'cargo',
  parse(source) {
    const { values, tables } = readToml(source);
    const declared: Declared = { name: nonEmpty(values.get('package.name')), version: nonEmpty(values.get('package.version')) };
    if (values.get('package.version.workspace') === true) declared.versionFromWorkspace = true;
    if ([...tables].some((table) => table === 'workspace' || table.startsWith('workspace.'))) {
      declared.workspace = { version: nonEmpty(values.get('workspace.package.version')) };
    }
    return declared;
  },
};

/** The manifests a folder is searched for, in order. */
const FORMATS: readonly ManifestFormat[] = [
  // scip-typescript: `scip-typescript npm ${name} ${version}` (src/ScipSymbol.ts; its Packages.ts reads package.json).
  { file: 'package.json', manager: 'npm', parse: jsonNameVersion },
  {
    // scip-go: `Manager: "gomod"`, the module path, a main module's version from git or `.` (not in go.mod).
    file: 'go.mod',
    manager: 'gomod',
    parse(source) {
      const module = parseGoMod(source).module;
      if (module === undefined) throw new Error('no module directive');
      return { name: module };
    },
  },
  CARGO,
  {
    // scip-python: `scip-python python ${name} ${version}`; Indexer.inferProjectInfo reads [project], then
    // [tool.poetry], field by field.
    file: 'pyproject.toml',
    manager: 'python',
    parse(source) {
      const { values } = readToml(source);
      const field = (key: string) => nonEmpty(values.get(`project.${key}`)) ?? nonEmpty(values.get(`tool.poetry.${key}`));
      return { name: field('name'), version: field('version') };
    },
  },
  {
    file: 'setup.cfg',
    manager: 'python',
    parse(source) {
      const metadata = readIniSection(source, 'metadata');
      // `version = attr: pkg.__version__` or `file: VERSION` is computed by setuptools: no literal.
      const version = metadata.get('version');
      return { name: metadata.get('name'), version: version !== undefined && /^(attr|file):/.test(version) ? undefined : version };
    },
  },
  {
    // scip-java: `"maven " + repoName + " " + version`, repoName `maven/<groupId>/<artifactId>` (MavenPackage.java).
    file: 'pom.xml',
    manager: 'maven',
    parse(source) {
      // A coordinate the project does not write is its parent's; one written with an unresolved `${...}` is unknown.
      const pom = readPom(source);
      const own = (field: string) => (pom.has(field) ? pom.get(field) : pom.get(`parent.${field}`));
      const artifactId = pom.get('artifactId');
      const groupId = own('groupId');
      if (artifactId === undefined) throw new Error('no literal <artifactId> in <project>');
      if (groupId === undefined) throw new Error('no literal <groupId> in <project> or its <parent>');
      return { name: `maven/${groupId}/${artifactId}`, version: own('version') };
    },
  },
  { file: 'build.gradle', manager: 'maven', parse: gradleProject },
  { file: 'build.gradle.kts', manager: 'maven', parse: gradleProject },
  // scip-php: `MANAGER = 'composer'` (src/SymbolNamer.php).
  { file: 'composer.json', manager: 'composer', parse: jsonNameVersion },
  {
    // scip-ruby: `"scip-ruby gem "` (SCIPUtils.cc). As its GemMetadata::readFromGemspec: `<x>.name = "..."` and
    // `<x>.version = "..."` string literals; without a literal name, the gemspec's file name is the gem's.
    file: '*.gemspec',
    manager: 'gem',
    parse: (source, file) => ({
      name: gemspecString(source, 'name') ?? file.slice(0, -'.gemspec'.length),
      version: gemspecString(source, 'version'),
    }),
  },
];

/** The manifest names a folder is searched for, in order: the first that declares a package wins. */
export const MANIFEST_FILES: readonly string[] = FORMATS.map((format) => format.file);

/**
 * The string and boolean values of a TOML document by dotted key (`package.name`; `package.version.workspace` for both
 * `version.workspace = true` and `version = { workspace = true }`), the first of each kept, and the tables it opens.
 * Arrays, numbers and dates are read past. Throws on broken syntax (an unterminated string, a key without `=`).
 */
function readToml(source: string): { values: Map<string, string | boolean>; tables: Set<string> } {
  const values = new Map<string, string | boolean>();
  const tables = new Set<string>();
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} on line ${source.slice(0, at).split('\n').length}`);
  };
  const keep = (path: string | undefined, value: string | boolean) => {
    if (path !== undefined && !values.has(path)) values.set(path, value);
  };
  const skipSpace = () => {
    while (source[at] === ' ' || source[at] === '\t') at++;
  };
  /** Spaces, line ends and comments, between the items of an array. */
  const skipLines = () => {
    for (skipSpace(); source[at] === '#' || source[at] === '\n' || source[at] === '\r'; skipSpace()) {
      at = source[at] === '#' ? lineEnd(source, at) : at + 1;
    }
  };
  const string = (): string => {
    const quote = source[at] as string;
    const basic = quote === '"';
    if (source.startsWith(quote.repeat(3), at)) {
      const close = source.indexOf(quote.repeat(3), at + 3);
      if (close < 0) fail('unterminated multi-line string');
      const raw = source.slice(at + 3, close).replace(/^\r?\n/, '');
      for (at = close + 3; source[at] === quote; ) at++; // `"""a""""`: up to two quotes end the content
      return basic ? unescapeBasic(raw.replace(/\\\r?\n\s*/g, '')) : raw;
    }
    const start = ++at;
    while (at < source.length && source[at] !== quote && source[at] !== '\n') at += basic && source[at] === '\\' ? 2 : 1;
    if (source[at] !== quote) fail('unterminated string');
    return basic ? unescapeBasic(source.slice(start, at++)) : source.slice(start, at++);
  };
  const key = (): string => {
    const parts: string[] = [];
    do {
      if (parts.length > 0) at++;
      skipSpace();
      const bare = /^[A-Za-z0-9_-]+/.exec(source.slice(at, at + 256))?.[0];
      if (source[at] === '"' || source[at] === "'") parts.push(string());
      else if (bare !== undefined) {
        parts.push(bare);
        at += bare.length;
      } else fail('a key expected');
      skipSpace();
    } while (source[at] === '.');
    return parts.join('.');
  };
  /** Reads a value, keeping it under `path` when it is a string or boolean (no path: read past it). */
  const value = (path: string | undefined): void => {
    skipSpace();
    const open = source[at];
    if (open === '"' || open === "'") keep(path, string());
    else if (open === '[' || open === '{') {
      // An array, or an inline table (line ends inside are TOML 1.1's, which a newer Cargo reads).
      const close = open === '[' ? ']' : '}';
      for (at++, skipLines(); source[at] !== close; skipLines()) {
        if (open === '[') value(undefined);
        else {
          const inner = key();
          if (source[at++] !== '=') fail('"=" expected in an inline table');
          value(path === undefined ? undefined : `${path}.${inner}`);
        }
        skipLines();
        if (source[at] === ',') at++;
        else if (source[at] !== close) fail(`"," or "${close}" expected`);
      }
      at++;
    } else {
      // A number, a boolean or a date (`1979-05-27 07:32:00` holds a space).
      const bare = /^[^\s,\]}#]+(?: \d[^\s,\]}#]*)?/.exec(source.slice(at, at + 256))?.[0] ?? fail('a value expected');
      if (bare === 'true' || bare === 'false') keep(path, bare === 'true');
      at += bare.length;
    }
  };
  let table = '';
  for (skipLines(); at < source.length; skipLines()) {
    if (source[at] === '[') {
      const array = source[at + 1] === '[';
      at += array ? 2 : 1;
      table = key();
      if (source[at++] !== ']' || (array && source[at++] !== ']')) fail('"]" expected after a table name');
      tables.add(table);
    } else {
      const name = key();
      if (source[at++] !== '=') fail('"=" expected after a key');
      value(table === '' ? name : `${table}.${name}`);
    }
    skipSpace();
    if (source[at] === '#') at = lineEnd(source, at);
    if (at < source.length && source[at] !== '\n' && source[at] !== '\r') fail('a line end expected');
  }
  return { values, tables };
}

function lineEnd(source: string, at: number): number {
  const end = source.indexOf('\n', at);
  return end < 0 ? source.length : end;
}

/** The escapes of a TOML basic string (`\"`, `\\`, `\n`, `\u00e9`, ...). */
function unescapeBasic(raw: string): string {
  const named: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };
  return raw.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (escape, u4?: string, u8?: string, one?: string) => {
    const hex = u4 ?? u8;
    return hex !== undefined ? String.fromCodePoint(Number.parseInt(hex, 16)) : (named[one as string] ?? escape);
  });
}

/**
 * The `key = value` (or `key: value`) pairs of one section of an INI file (setup.cfg), keys lower-cased as Python's
 * configparser does, comment lines (`#`, `;`) skipped. A value continued on indented lines is left out: it is no
 * literal name or version.
 */
function readIniSection(source: string, wanted: string): Map<string, string> {
  const found = new Map<string, string>();
  let section: string | undefined;
  let last: string | undefined;
  for (const [index, line] of source.split('\n').entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(trimmed);
    const pair = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(trimmed);
    if (/^\s/.test(line) && last !== undefined) {
      if (section === wanted) found.delete(last);
    } else if (header) {
      section = (header[1] as string).trim();
      last = undefined;
    } else if (pair) {
      last = (pair[1] as string).toLowerCase();
      if (section === wanted && !found.has(last) && pair[2] !== '') found.set(last, pair[2] as string);
    } else throw new Error(`neither a [section] nor a "key = value" on line ${index + 1}`);
  }
  return found;
}

/**
 * The text of the elements of a POM's `<project>` by path (`groupId`, `parent.version`, `properties.revision`), two
 * levels down, the first of each kept. Maven's `${...}` references are resolved from `<properties>` and the project's
 * own coordinates; a value still holding one, or empty, is undefined (written, but no literal). A small XML reader:
 * comments, processing instructions and the doctype are skipped, CDATA is text, entities are decoded, and a tag that
 * does not close, or closes another, is an error.
 */
function readPom(source: string): Map<string, string | undefined> {
  const raw = new Map<string, string>();
  const open: Array<{ name: string; text: string; parent: boolean }> = [];
  let at = 0;
  let project = false;
  const skipPast = (close: string, what: string) => {
    const end = source.indexOf(close, at);
    if (end < 0) throw new Error(`unterminated ${what}`);
    at = end + close.length;
  };
  while (at < source.length) {
    const lt = source.indexOf('<', at);
    const inside = open[open.length - 1];
    if (inside !== undefined) inside.text += decodeEntities(source.slice(at, lt < 0 ? source.length : lt));
    if (lt < 0) break;
    at = lt;
    if (source.startsWith('<!--', at)) skipPast('-->', 'comment');
    else if (source.startsWith('<![CDATA[', at)) {
      const start = at + 9;
      skipPast(']]>', 'CDATA section');
      if (inside !== undefined) inside.text += source.slice(start, at - 3);
    } else if (source.startsWith('<?', at)) skipPast('?>', 'processing instruction');
    else if (source.startsWith('<!', at)) {
      const bracket = source.indexOf('[', at);
      skipPast(bracket >= 0 && bracket < source.indexOf('>', at) ? ']>' : '>', 'doctype');
    } else if (source.startsWith('</', at)) {
      const end = source.indexOf('>', at);
      const name = localName(source.slice(at + 2, end < 0 ? undefined : end).trim());
      const element = open.pop();
      if (end < 0 || element?.name !== name) throw new Error(`unexpected </${name}>`);
      at = end + 1;
      if (open.length === 0) break;
      const key = [...open.slice(1).map((outer) => outer.name), name].join('.');
      if (open.length <= 2 && !element.parent && !raw.has(key)) raw.set(key, element.text.trim());
    } else {
      const name = localName(/^<([^\s/>]+)/.exec(source.slice(at, at + 256))?.[1] ?? '');
      if (name === '') throw new Error('a tag without a name');
      // Past the attributes: a quoted value may hold '>'.
      for (at++; at < source.length && source[at] !== '>'; ) {
        if (source[at] === '"' || source[at] === "'") skipPast(source[at++] as string, 'attribute value');
        else at++;
      }
      if (at++ >= source.length) throw new Error(`unterminated <${name}>`);
      if (open.length === 0 && name !== 'project') throw new Error(`the root element is <${name}>, not <project>`);
      project = true;
      if (inside !== undefined) inside.parent = true;
      if (source[at - 2] !== '/') open.push({ name, text: '', parent: false });
    }
  }
  if (open.length > 0) throw new Error(`<${open.map((element) => element.name).join('><')}> not closed`);
  if (!project) throw new Error('no <project> element');
  // Maven's references: `${revision}` in <properties>, `${project.version}`, `${project.parent.version}`.
  const lookup = (name: string) => raw.get(`properties.${name}`) ?? (name.startsWith('project.') ? raw.get(name.slice(8)) : undefined);
  const resolved = new Map<string, string | undefined>();
  for (const [key, value] of raw) {
    let current = value;
    for (let depth = 0; depth < 5 && current.includes('${'); depth++) {
      current = current.replace(/\$\{([^}]+)\}/g, (reference, name: string) => lookup(name) ?? reference);
    }
    resolved.set(key, current !== '' && !current.includes('${') ? current : undefined);
  }
  return resolved;
}

/** The name of an element without its namespace prefix. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9A-Fa-f]+|#\d+|\w+);/g, (entity, body: string) => {
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(body[1] === 'x' ? 2 : 1), body[1] === 'x' ? 16 : 10));
    return named[body] ?? entity;
  });
}

/**
 * A Gradle build's project, when its `group` is a string literal assigned at the top level (`group = 'org.acme'`):
 * Maven coordinates, as scip-java writes them, `maven/<group>/<project>`, the project's name being its folder's
 * (Gradle's default; `settings.gradle`'s `rootProject.name` is not read). Without such a `group` it declares nothing.
 */
function gradleProject(source: string, _file: string, folderName: string): Declared {
  const assigned = new Map<string, string>();
  let depth = 0;
  let comment = false;
  for (const line of source.split('\n')) {
    const pair = depth === 0 && !comment ? /^\s*(group|version)\s*=\s*(["'])([^"'$\\]*)\2\s*(?:\/\/.*)?$/.exec(line) : null;
    if (pair && !assigned.has(pair[1] as string)) assigned.set(pair[1] as string, pair[3] as string);
    // Braces outside strings and comments: whether the next line is still at the top level.
    for (let i = 0; i < line.length; i++) {
      const two = line.slice(i, i + 2);
      if (comment || two === '/*') {
        comment = two !== '*/';
        if (two === '*/' || two === '/*') i++;
      } else if (two === '//') break;
      else if (line[i] === '"' || line[i] === "'") {
        for (const quote = line[i++]; i < line.length && line[i] !== quote; i++) if (line[i] === '\\') i++;
      } else if (line[i] === '{') depth++;
      else if (line[i] === '}') depth--;
    }
  }
  const group = nonEmpty(assigned.get('group'));
  return group === undefined ? {} : { name: `maven/${group}/${folderName}`, version: nonEmpty(assigned.get('version')) };
}

/** A gemspec's first `<x>.<field> = "literal"` (`.freeze` allowed), as scip-ruby reads it; undefined otherwise. */
function gemspecString(source: string, field: 'name' | 'version'): string | undefined {
  const pattern = new RegExp(`^\\s*\\w+\\.${field}\\s*=\\s*(?:"([^"#\\\\]*)"|'([^'\\\\]*)')(?:\\.freeze)?\\s*(?:#.*)?$`);
  for (const line of source.split('\n')) {
    const match = pattern.exec(line.replace(/\r$/, ''));
    if (match) return nonEmpty(match[1] ?? match[2]);
  }
  return undefined;
}
