/**
 * Navigation over the workspace index: symbol search, definitions, references and hover, by name matching
 * (seed 001's tags-based model), ranked so the likely answer comes first.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { posix } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LanguageDefinition } from '../languages/define.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type {
  DefinitionLocation,
  DefinitionsResult,
  HoverResult,
  PositionQuery,
  ReferenceLocation,
  ReferencesResult,
  SearchScope,
  SymbolMatch,
  SymbolSearchOptions,
  SymbolSearchResult,
} from '../types.js';
import type { FileRecord } from './file-record.js';
import { readSource } from './source.js';
import { checkPosition, type LocatedDefinition, type Workspace } from './workspace.js';

/** The seed's note on name matching. */
export const NAME_MATCH_NOTE =
  'Multiple definitions possible - tree-sitter uses name matching, not semantic resolution';
/** The seed's hover note. */
export const HOVER_NOTE = 'Documentation extracted from doc comments. No type inference available.';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** Context the navigation functions need. */
export interface NavigationContext {
  workspace: Workspace;
  registry: LanguageRegistry;
  defaultScope: SearchScope;
}

// ---- searchSymbols -----------------------------------------------------------------------------------------

function wildcardRegExp(pattern: string): RegExp {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 'i');
}

/** camelCase/snake_case initials: `gUBI` and `gubi` match `getUserById`. */
function matchesInitials(name: string, query: string): boolean {
  const words = name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[A-Z]/g) ?? [];
  const initials = words.map((w) => w[0]?.toLowerCase()).join('');
  return initials.length > 1 && initials.startsWith(query.toLowerCase());
}

/** Characters of `query` appear in order in `name` (case-insensitive). */
function matchesSubsequence(name: string, query: string): boolean {
  const lower = name.toLowerCase();
  let at = 0;
  for (const ch of query.toLowerCase()) {
    at = lower.indexOf(ch, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/** Rank tier of a name against a query: 0 exact, 1 exact ignoring case, 2 prefix, 3 wildcard/initials, 4 substring, 5 fuzzy. */
function tierOf(name: string, query: string, wildcard: RegExp | undefined): number | undefined {
  if (wildcard) return wildcard.test(name) ? (name === query ? 0 : 3) : undefined;
  if (name === query) return 0;
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerName === lowerQuery) return 1;
  if (lowerName.startsWith(lowerQuery)) return 2;
  if (matchesInitials(name, query)) return 3;
  if (lowerName.includes(lowerQuery)) return 4;
  if (query.length >= 3 && matchesSubsequence(name, query)) return 5;
  return undefined;
}

const SEARCH_TYPES = new Map<string, SymbolMatch['type']>([
  ['function', 'function'],
  ['method', 'function'],
  ['constructor', 'function'],
  ['class', 'class'],
  ['interface', 'interface'],
  ['type', 'interface'],
  ['enum', 'interface'],
  ['constant', 'constant'],
  ['variable', 'constant'],
]);

function scopeFolder(path: string | undefined): string {
  if (!path || path === '.' || path === './') return '';
  return path.replace(/^\.\//, '').replace(/\/+$/, '');
}

/** Finds definitions whose names match `query` (exact, case-insensitive, prefix, `*`/`?`, camelCase, fuzzy). */
export async function searchSymbols(context: NavigationContext, options: SymbolSearchOptions): Promise<SymbolSearchResult> {
  const query = options?.query;
  if (typeof query !== 'string' || query.trim() === '') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'query must be a non-empty string (a name, or a pattern with * and ?)', {
      query,
    });
  }
  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_LIMIT;
  for (const [name, value, max] of [
    ['offset', offset, Number.MAX_SAFE_INTEGER],
    ['limit', limit, MAX_LIMIT],
  ] as const) {
    if (!Number.isInteger(value) || value < (name === 'limit' ? 1 : 0) || value > max) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a whole number ${name === 'limit' ? `from 1 to ${MAX_LIMIT}` : 'from 0'}`, {
        [name]: value,
      });
    }
  }
  let folder = scopeFolder(options.path);
  let onlyFile: string | undefined;
  if (folder) {
    const resolved = await context.workspace.resolve(folder);
    folder = resolved.relative;
    try {
      if (!statSync(resolved.absolute).isDirectory()) onlyFile = resolved.relative;
    } catch {
      // resolve() already reported a missing path
    }
  }
  const files = onlyFile ? [onlyFile] : await context.workspace.files(folder);
  if (onlyFile) await context.workspace.record(await context.workspace.resolve(onlyFile));
  const inScope = (file: string) => (onlyFile ? file === onlyFile : folder === '' || file.startsWith(`${folder}/`));
  const trimmed = query.trim();
  const wildcard = /[*?]/.test(trimmed) ? wildcardRegExp(trimmed) : undefined;
  const candidates: Array<{ tier: number; entry: LocatedDefinition }> = [];
  for (const name of context.workspace.names()) {
    const tier = tierOf(name, trimmed, wildcard);
    if (tier === undefined) continue;
    for (const entry of context.workspace.definitionsNamed(name)) {
      // Locals (inside function bodies) are for navigation, not for search: ctags leaves them out too.
      if (entry.definition.isLocal || !inScope(entry.file)) continue;
      if (options.kind && !kindMatches(entry.definition.kind, options.kind)) continue;
      candidates.push({ tier, entry });
    }
  }
  candidates.sort(
    (a, b) =>
      a.tier - b.tier ||
      Number(a.entry.definition.isLocal) - Number(b.entry.definition.isLocal) ||
      Number(b.entry.definition.isExported) - Number(a.entry.definition.isExported) ||
      a.entry.definition.name.length - b.entry.definition.name.length ||
      a.entry.file.localeCompare(b.entry.file) ||
      a.entry.definition.line - b.entry.definition.line,
  );
  const page = candidates.slice(offset, offset + limit).map(({ entry }) => toMatch(entry));
  const total = candidates.length;
  const hasMore = offset + page.length < total;
  return {
    matches: page,
    totalFiles: files.length,
    total,
    offset,
    returnedCount: page.length,
    hasMore,
    ...(hasMore ? { nextOffset: offset + page.length } : {}),
  };
}

function kindMatches(kind: string, filter: string): boolean {
  if (filter === 'any' || filter === kind) return true;
  if (filter === 'function') return kind === 'function';
  if (filter === 'method') return kind === 'method' || kind === 'constructor';
  if (filter === 'class') return kind === 'class';
  if (filter === 'interface') return kind === 'interface' || kind === 'type' || kind === 'enum';
  if (filter === 'constant' || filter === 'variable') return kind === 'constant' || kind === 'variable';
  return false;
}

function toMatch({ file, definition }: LocatedDefinition): SymbolMatch {
  return {
    file,
    symbol: definition.name,
    type: SEARCH_TYPES.get(definition.kind) ?? 'constant',
    kind: definition.kind,
    line: definition.line,
    column: definition.column,
    signature: definition.signature,
    ...(definition.scope ? { scope: definition.scope } : {}),
  };
}

// ---- the identifier a position or name designates ----------------------------------------------------------

/** The identifier a query designates, with where it was found. */
interface Target {
  name: string;
  container?: string;
  /** The file and position of the identifier used, when the query named a file. */
  at?: { file: string; line: number; column: number };
  record?: FileRecord;
}

async function resolveTarget(context: NavigationContext, query: PositionQuery): Promise<Target> {
  if (!query || typeof query !== 'object') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass { file, line, column }, { file, line, symbol } or { symbol }', {});
  }
  if (query.file === undefined) {
    if (typeof query.symbol !== 'string' || query.symbol.trim() === '') {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass a file with a line (and column or symbol), or a symbol name', {
        suggestion: 'e.g. { symbol: "UserService.create" } or { file: "src/a.ts", line: 3, symbol: "create" }',
      });
    }
    const symbol = query.symbol.trim();
    // `UserService.create` names a member; but a name may itself hold a dot (`[Symbol.observable]`).
    await context.workspace.files('');
    const parts = symbol.split('.');
    if (parts.length > 1 && context.workspace.definitionsNamed(symbol).length === 0) {
      const name = parts.pop() ?? '';
      return { name, container: query.container ?? parts.join('.') };
    }
    return { name: symbol, ...(query.container ? { container: query.container } : {}) };
  }
  const path = await context.workspace.resolve(query.file);
  const record = await context.workspace.record(path);
  if (record.analysis.language === 'unknown') {
    const warning = record.analysis.warnings[0];
    throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, warning?.message ?? 'Unsupported language', {
      ...(warning?.details ?? {}),
    });
  }
  const line = checkPosition('line', query.line);
  // The safe read (issue 9), the same text the facts were extracted from.
  const source = (await readSource(path, Number.POSITIVE_INFINITY)).text;
  const lines = source.split(/\r?\n/);
  const text = lines[line - 1];
  if (text === undefined) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `line ${line} is past the end of ${path.relative} (${lines.length} lines)`, {
      file_path: path.relative,
      line,
      total_lines: lines.length,
    });
  }
  const tags = [
    ...record.definitions.map((d) => ({ name: d.name, line: d.line, column: d.column })),
    ...record.references.map((r) => ({ name: r.name, line: r.line, column: r.column })),
  ].filter((tag) => tag.line === line);
  if (query.column === undefined) {
    if (typeof query.symbol !== 'string' || query.symbol === '') {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass column, or symbol (the name on that line)', { line });
    }
    const wanted = query.symbol.split('.').pop() ?? query.symbol;
    const tag = tags.find((t) => t.name === wanted);
    const column = tag?.column ?? findWord(text, wanted);
    if (column === undefined) {
      throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `"${wanted}" does not appear on line ${line} of ${path.relative}`, {
        file_path: path.relative,
        line,
        symbol: wanted,
        line_text: text.trim(),
        suggestion: 'Check the line number, or pass { symbol } alone to search the whole scope',
      });
    }
    return { name: wanted, at: { file: path.relative, line, column }, record };
  }
  const column = checkPosition('column', query.column);
  if (column > text.length + 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `column ${column} is past the end of line ${line} (${text.length} characters)`, {
      file_path: path.relative,
      line,
      column,
      line_length: text.length,
    });
  }
  const tag = tags.find((t) => column >= t.column && column < t.column + t.name.length);
  if (tag) return { name: tag.name, at: { file: path.relative, line, column: tag.column }, record };
  // Not a tagged name: read the identifier under the cursor from the tree.
  const leaf = await identifierAt(context, path.relative, source, line, column);
  if (leaf.name) return { name: leaf.name, at: { file: path.relative, line, column: leaf.column }, record };
  throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, 'No identifier found at position', {
    file_path: path.relative,
    line,
    column,
    node_type: leaf.nodeType,
    suggestion: 'Position may be on whitespace or non-identifier',
  });
}

function findWord(text: string, word: string): number | undefined {
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at === -1) return undefined;
    const before = text[at - 1];
    const after = text[at + word.length];
    const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_$]/u.test(ch);
    if (!isWordChar(before) && !isWordChar(after)) return at + 1;
    from = at + 1;
  }
}

async function identifierAt(
  context: NavigationContext,
  file: string,
  text: string,
  line: number,
  column: number,
): Promise<{ name?: string; column: number; nodeType: string }> {
  const languageId = context.registry.detectLanguage(file).language;
  if (!languageId) return { column, nodeType: 'unknown' };
  const loaded = await context.registry.load(languageId);
  const tree = loaded.parser.parse(text);
  if (!tree) return { column, nodeType: 'unknown' };
  try {
    const point = { row: line - 1, column: column - 1 };
    const node = tree.rootNode.descendantForPosition(point);
    // Grammars name their identifier tokens `identifier`, `property_identifier`, `type_identifier`, ...
    if (node && node.childCount === 0 && node.isNamed && /identifier$/.test(node.type)) {
      return { name: node.text, column: node.startPosition.column + 1, nodeType: node.type };
    }
    return { column, nodeType: node?.type ?? 'unknown' };
  } finally {
    tree.delete();
  }
}

// ---- findDefinitions ---------------------------------------------------------------------------------------

function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

async function scopeFiles(context: NavigationContext, target: Target, scope: SearchScope): Promise<(file: string) => boolean> {
  if (scope === 'file' && target.at) {
    const file = target.at.file;
    return (candidate) => candidate === file;
  }
  if (scope === 'directory' && target.at) {
    const folder = folderOf(target.at.file);
    await context.workspace.files(folder);
    return (candidate) => folderOf(candidate) === folder;
  }
  await context.workspace.files('');
  return () => true;
}

function checkScope(scope: unknown, fallback: SearchScope): SearchScope {
  const value = scope ?? fallback;
  if (value !== 'file' && value !== 'directory' && value !== 'project') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `scope must be "file", "directory" or "project", got ${JSON.stringify(scope)}`, {
      scope,
    });
  }
  return value;
}

/** The file a relative import of `from` points at, among the indexed files. */
function resolveImport(from: string, source: string, known: (file: string) => boolean, extensions: string[]): string | undefined {
  if (!source.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(folderOf(from), source));
  const stem = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, ...extensions.map((e) => `${stem}${e}`), ...extensions.map((e) => `${stem}/index${e}`)];
  return candidates.find(known);
}

/**
 * Whether a file is the module an import names, for imports that are not JS relative paths, by the importing
 * language's `modulePaths` rule: Python's `app.models` and `.models`, Rust's `crate::parser`, C's `"util/log.h"`,
 * Go's `example.com/app/store` (a folder).
 */
function moduleMatcher(
  from: string,
  source: string,
  rule: LanguageDefinition['modulePaths'] = {},
): ((file: string) => boolean) | undefined {
  let path = source.replace(/^["'<]|[">']$/g, '');
  if (path.startsWith('./') || path.startsWith('../')) return undefined;
  let base: string | undefined;
  const dots = rule.relativeDots ? (/^\.+/.exec(path)?.[0].length ?? 0) : 0;
  if (dots > 0) {
    base = folderOf(from);
    for (let level = 1; level < dots; level++) base = folderOf(base);
    path = path.slice(dots);
  }
  const parts = path.includes('/') ? path.replace(/\.\w+$/, '').split('/') : rule.separator ? path.split(rule.separator) : [path];
  const segments = parts.filter((segment) => segment !== '' && !rule.skipSegments?.includes(segment));
  if (segments.length === 0) return undefined;
  const tail = [...(base ? [base] : []), ...segments].join('/');
  return (file) => {
    const stem = file.replace(/\.[^./]+$/, '');
    const folder = folderOf(file);
    if (base !== undefined) return stem === tail || folder === tail;
    return stem === tail || stem.endsWith(`/${tail}`) || folder === tail || folder.endsWith(`/${tail}`);
  };
}

/** Every definition of the identifier at a position (or of a named symbol), ranked. */
export async function findDefinitions(context: NavigationContext, query: PositionQuery): Promise<DefinitionsResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const target = await resolveTarget(context, query);
  const inScope = await scopeFiles(context, target, scope);
  let entries = context.workspace.definitionsNamed(target.name).filter((entry) => inScope(entry.file));
  if (target.container) {
    const scoped = entries.filter((entry) => entry.definition.scope === target.container);
    if (scoped.length > 0) entries = scoped;
  }
  let isImported: (file: string) => boolean = () => false;
  if (target.record && target.at) {
    const from = target.at.file;
    const item = target.record.analysis.imports.find((i) =>
      i.imports.some((it) => (it.alias ?? it.name) === target.name || it.name === target.name),
    );
    if (item) {
      const known = new Set(context.workspace.cachedFiles());
      const importedFile = resolveImport(from, item.source, (f) => known.has(f), context.registry.supportedExtensions());
      const rule = context.registry.get(target.record.analysis.language)?.modulePaths;
      isImported = importedFile ? (file) => file === importedFile : (moduleMatcher(from, item.source, rule) ?? isImported);
    }
  }
  const here = target.at?.file;
  const languageOf = (file: string) => context.registry.detectLanguage(file).language;
  const hereLanguage = target.record?.analysis.language;
  // Same file, the imported module, the same folder, the same language, then the rest.
  const at = target.at;
  const rankOf = (entry: LocatedDefinition): number => {
    // On a definition's own name (hovering a declaration), that definition first.
    if (at && entry.file === at.file && entry.definition.line === at.line && entry.definition.column === at.column) return -1;
    if (entry.file === here) return 0;
    if (isImported(entry.file)) return 1;
    if (here && folderOf(entry.file) === folderOf(here)) return 2;
    if (hereLanguage && languageOf(entry.file) === hereLanguage) return 3;
    return 4;
  };
  // Ranked once per entry, not per comparison.
  const ranks = new Map(entries.map((entry) => [entry, rankOf(entry)]));
  const rank = (entry: LocatedDefinition) => ranks.get(entry) ?? 4;
  entries = [...entries].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.definition.isLocal) - Number(b.definition.isLocal) ||
      a.file.localeCompare(b.file) ||
      a.definition.line - b.definition.line,
  );
  const definitions: DefinitionLocation[] = entries.map(({ file, definition }) => ({
    file,
    line: definition.line,
    column: definition.column,
    kind: definition.kind,
    preview: definition.preview,
    ...(definition.scope ? { scope: definition.scope } : {}),
  }));
  const first = entries[0];
  return {
    symbol: target.name,
    ...(target.at ? { identifier: { name: target.name, ...target.at } } : {}),
    definitions,
    total: definitions.length,
    resolution: first && isImported(first.file) && first.file !== here ? 'import' : 'name_match',
    note: NAME_MATCH_NOTE,
  };
}

/** Every reference to the identifier at a position (or a named symbol), with its definitions flagged apart. */
export async function findReferences(context: NavigationContext, query: PositionQuery): Promise<ReferencesResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const target = await resolveTarget(context, query);
  const inScope = await scopeFiles(context, target, scope);
  const references: ReferenceLocation[] = context.workspace
    .referencesNamed(target.name)
    .filter((entry) => inScope(entry.file))
    .map(({ file, reference }) => ({
      file,
      line: reference.line,
      column: reference.column,
      kind: reference.kind,
      preview: reference.preview,
    }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const definitions: DefinitionLocation[] = context.workspace
    .definitionsNamed(target.name)
    .filter((entry) => inScope(entry.file))
    .map(({ file, definition }) => ({
      file,
      line: definition.line,
      column: definition.column,
      kind: definition.kind,
      preview: definition.preview,
      isDefinition: true,
    }));
  return {
    symbol: target.name,
    ...(target.at ? { identifier: { name: target.name, ...target.at } } : {}),
    references,
    total: references.length,
    definitions,
    resolution: 'name_match',
    note: NAME_MATCH_NOTE,
  };
}

/** Signature and documentation of the definition of the identifier at a position. */
export async function hover(context: NavigationContext, query: PositionQuery): Promise<HoverResult> {
  const result = await findDefinitions(context, query);
  const first = result.definitions[0];
  if (!first) {
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `No definition of "${result.symbol}" found in scope`, {
      symbol: result.symbol,
      suggestion: 'The name may come from a dependency outside the index, or be defined in an unsupported language',
    });
  }
  const entry = context.workspace
    .definitionsNamed(result.symbol)
    .find((e) => e.file === first.file && e.definition.line === first.line && e.definition.column === first.column);
  const definition = entry?.definition;
  return {
    symbol: result.symbol,
    kind: first.kind,
    signature: definition?.signature ?? first.preview,
    ...(definition?.doc ? { documentation: definition.doc } : {}),
    definitionLocation: { file: first.file, line: first.line },
    ...(result.identifier ? { identifier: result.identifier } : {}),
    otherDefinitions: result.definitions.length - 1,
    note: HOVER_NOTE,
  };
}
