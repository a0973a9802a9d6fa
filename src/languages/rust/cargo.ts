/**
 * What the Rust module system reads of a `Cargo.toml`: the package's name and edition, the `[lib]` target's name and
 * path, and the `[[bin]]` targets' paths. A TOML reader for that subset: tables and arrays of tables, `key = value`
 * lines whose values are strings (basic and literal), and everything else (numbers, arrays, inline tables, spread
 * over lines or not) skipped without being misread.
 *
 * @module
 */

/** A Cargo manifest, as far as module resolution needs it. */
export interface CargoManifest {
  /** `[package] name` (absent in a virtual workspace manifest). */
  name?: string;
  /** `[package] edition` ('2015' when not written, as Cargo reads it). */
  edition: string;
  /** `[lib] name`, when written. */
  libName?: string;
  /** `[lib] path`, when written. */
  libPath?: string;
  /** `[[bin]] path` of each binary target that writes one. */
  binPaths: string[];
}

/** The string a TOML value starts with, and where the value ends; `undefined` when it is not a string. */
function readString(text: string, at: number): { value: string; end: number } | undefined {
  const quote = text[at];
  if (quote !== '"' && quote !== "'") return undefined;
  if (text.startsWith(quote.repeat(3), at)) {
    const close = text.indexOf(quote.repeat(3), at + 3);
    return close < 0 ? undefined : { value: text.slice(at + 3, close).replace(/^\r?\n/, ''), end: close + 3 };
  }
  let value = '';
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\n') return undefined;
    if (ch === quote) return { value, end: i + 1 };
    if (quote === '"' && ch === '\\') {
      const next = text[++i];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : (next ?? '');
    } else value += ch;
  }
  return undefined;
}

/** Past a value that is not a string (a number, an array, an inline table, spread over lines or not). */
function skipValue(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'") {
      const string = readString(text, i);
      if (string) i = string.end - 1;
    } else if (ch === '#') {
      const end = text.indexOf('\n', i);
      if (end < 0) return text.length;
      i = end - 1;
    } else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === '\n' && depth <= 0) return i;
  }
  return text.length;
}

/** A key as written (`name`, `"name"`, `package.name`), unquoted, dotted parts joined by `.`. */
function keyOf(raw: string): string {
  return raw
    .split('.')
    .map((part) => part.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2'))
    .join('.');
}

/** Reads the parts of a manifest module resolution needs. */
export function readCargoManifest(text: string): CargoManifest {
  const manifest: CargoManifest = { edition: '2015', binPaths: [] };
  let table = '';
  let binPath: string | undefined;
  const endTable = () => {
    if (table === 'bin' && binPath !== undefined) manifest.binPaths.push(binPath);
    binPath = undefined;
  };
  const assign = (key: string, value: string) => {
    const full = table ? `${table}.${key}` : key;
    if (full === 'package.name') manifest.name = value;
    else if (full === 'package.edition') manifest.edition = value;
    else if (full === 'lib.name') manifest.libName = value;
    else if (full === 'lib.path') manifest.libPath = value;
    else if (full === 'bin.path') binPath = value;
  };
  let at = 0;
  while (at < text.length) {
    const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    const line = text.slice(at, lineEnd).trim();
    if (line.startsWith('[')) {
      endTable();
      const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
      table = header ? keyOf(header[1] as string) : '';
      at = lineEnd + 1;
      continue;
    }
    const equals = line.startsWith('#') ? -1 : text.indexOf('=', at);
    if (line === '' || equals < 0 || equals > lineEnd) {
      at = lineEnd + 1;
      continue;
    }
    const key = keyOf(text.slice(at, equals));
    let valueAt = equals + 1;
    while (text[valueAt] === ' ' || text[valueAt] === '\t') valueAt++;
    const string = readString(text, valueAt);
    if (string) {
      assign(key, string.value);
      const end = text.indexOf('\n', string.end);
      at = end < 0 ? text.length : end + 1;
    } else at = skipValue(text, valueAt) + 1;
  }
  endTable();
  return manifest;
}
