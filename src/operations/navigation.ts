/**
 * Navigation over the workspace index: symbol search, definitions, references and hover, by name matching
 * (seed 001's tags-based model), ranked so the likely answer comes first. Answered from stored facts and the name
 * table: a file is read and parsed again only to find an identifier no query tags.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { posix } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LanguageDefinition } from '../languages/define.js';
import type { FileFacts } from '../model/facts.js';
import { kindInfo, kindMatchesFilter } from '../model/kinds.js';
import { globMatcher } from '../model/glob.js';
import { scopeOf, summaryDefinitionOf, tagOf } from '../model/views.js';
import type {
  DefinitionLocation,
  DefinitionsResult,
  HoverResult,
  PositionQuery,
  ReferenceLocation,
  Resolution,
  ReferencesResult,
  SearchScope,
  SymbolMatch,
  SymbolSearchOptions,
  SymbolSearchResult,
} from '../types.js';
import type { Analyzer } from '../engine/pool.js';
import type { Resolver, Target } from '../binding/resolver.js';
import { checkPosition, type LocatedDefinition, type Workspace } from '../engine/workspace.js';

/** The seed's note on name matching. */
export const NAME_MATCH_NOTE =
  'Multiple definitions possible - tree-sitter uses name matching, not semantic resolution';
/** The note of a bound answer. */
export const BOUND_NOTE = 'Resolved through scopes, imports and members (what is written; no type inference)';
/** Name-matched definitions listed at most. */
const MAX_NAME_MATCHES = 10;
/** The seed's hover note. */
export const HOVER_NOTE = 'Documentation extracted from doc comments. No type inference available.';

/** Matches per page of `searchSymbols` when the call gives no `limit`. */
export const DEFAULT_LIMIT = 50;
/** The largest page `searchSymbols` gives. */
export const MAX_LIMIT = 1000;
/** Longest name or pattern a search accepts (names are far shorter; this bounds the work of one query). */
export const MAX_QUERY_LENGTH = 512;

/** Context the navigation functions need. */
export interface NavigationContext {
  workspace: Workspace;
  defaultScope: SearchScope;
  /** Parses a file to find an identifier no query tags. */
  analyzer: () => Analyzer;
  /** Binds names across files. */
  resolver: Resolver;
}

// ---- name matching ----------------------------------------------------------------------------------------

/** camelCase/snake_case initials: `gUBI` and `gubi` match `getUserById`. */
function matchesInitials(name: string, query: string): boolean {
  const words = name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[A-Z]/g) ?? [];
  const initials = words.map((w) => w[0]?.toLowerCase()).join('');
  return initials.length > 1 && initials.startsWith(query.toLowerCase());
}

/** Characters of `query` appear in order in `name` (both lower case). */
function matchesSubsequence(lowerName: string, lowerQuery: string): boolean {
  let at = 0;
  for (const ch of lowerQuery) {
    at = lowerName.indexOf(ch, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/** Rank tier of a name against a query: 0 exact, 1 exact ignoring case, 2 prefix, 3 wildcard/initials, 4 substring, 5 fuzzy. */
function tierOf(name: string, query: string, wildcard: ((name: string) => boolean) | undefined): number | undefined {
  if (wildcard) return wildcard(name) ? (name === query ? 0 : 3) : undefined;
  if (name === query) return 0;
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerName === lowerQuery) return 1;
  if (lowerName.startsWith(lowerQuery)) return 2;
  if (matchesInitials(name, query)) return 3;
  if (lowerName.includes(lowerQuery)) return 4;
  if (query.length >= 3 && matchesSubsequence(lowerName, lowerQuery)) return 5;
  return undefined;
}

function scopeFolder(path: string | undefined): string {
  if (!path || path === '.' || path === './') return '';
  return path.replace(/^\.\//, '').replace(/\/+$/, '');
}

function checkPage(offset: number, limit: number): void {
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
}

/** Finds definitions whose names match `query` (exact, case-insensitive, prefix, `*`/`?`, camelCase, fuzzy). */
export async function searchSymbols(context: NavigationContext, options: SymbolSearchOptions): Promise<SymbolSearchResult> {
  const query = options?.query;
  if (typeof query !== 'string' || query.trim() === '') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'query must be a non-empty string (a name, or a pattern with * and ?)', {
      query,
    });
  }
  if (query.length > MAX_QUERY_LENGTH) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `query is ${query.length} characters long; at most ${MAX_QUERY_LENGTH} are searched`, {
      query_length: query.length,
      suggestion: 'Search for a name or a short pattern such as "get*User"',
    });
  }
  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_LIMIT;
  checkPage(offset, limit);
  const workspace = context.workspace;
  let folder = scopeFolder(options.path);
  let onlyFile: string | undefined;
  if (folder) {
    const resolved = await workspace.resolve(folder);
    folder = resolved.relative;
    if (!statSync(resolved.absolute).isDirectory()) {
      onlyFile = resolved.relative;
      await workspace.entry(resolved);
    }
  }
  const files = onlyFile ? [onlyFile] : await workspace.files(folder);
  const inScope = (file: string) => (onlyFile ? file === onlyFile : folder === '' || file.startsWith(`${folder}/`));
  const trimmed = query.trim();
  const wildcard = /[*?]/.test(trimmed) ? globMatcher(trimmed) : undefined;
  const candidates: Array<{ tier: number; entry: LocatedDefinition }> = [];
  for (const name of workspace.names()) {
    const tier = tierOf(name, trimmed, wildcard);
    if (tier === undefined) continue;
    for (const entry of workspace.definitionsNamed(name)) {
      if (!inScope(entry.file)) continue;
      if (options.kind && !kindMatchesFilter(entry.definition.kind, options.kind)) continue;
      candidates.push({ tier, entry });
    }
  }
  candidates.sort(
    (a, b) =>
      a.tier - b.tier ||
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

function toMatch({ file, definition }: LocatedDefinition): SymbolMatch {
  return {
    file,
    symbol: definition.name,
    type: kindInfo(definition.kind).searchType,
    kind: definition.kind,
    line: definition.line,
    column: definition.column,
    signature: definition.signature ?? definition.preview,
    ...(definition.scope ? { scope: definition.scope } : {}),
  };
}

// ---- the identifier a position or name designates ----------------------------------------------------------

/** The identifier a query designates, with where it was found. */
interface TargetName {
  name: string;
  container?: string;
  /** The file and position of the identifier used, when the query named a file. */
  at?: { file: string; line: number; column: number };
  facts?: FileFacts;
}

async function resolveTarget(context: NavigationContext, query: PositionQuery): Promise<TargetName> {
  if (!query || typeof query !== 'object') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass { file, line, column }, { file, line, symbol } or { symbol }', {});
  }
  const workspace = context.workspace;
  if (query.file === undefined) {
    if (typeof query.symbol !== 'string' || query.symbol.trim() === '') {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass a file with a line (and column or symbol), or a symbol name', {
        suggestion: 'e.g. { symbol: "UserService.create" } or { file: "src/a.ts", line: 3, symbol: "create" }',
      });
    }
    const symbol = query.symbol.trim();
    if (symbol.length > MAX_QUERY_LENGTH) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `symbol is ${symbol.length} characters long; at most ${MAX_QUERY_LENGTH} are searched`, {
        symbol_length: symbol.length,
      });
    }
    // `UserService.create` names a member; but a name may itself hold a dot (`[Symbol.observable]`).
    await workspace.files('');
    const parts = symbol.split('.');
    if (parts.length > 1 && workspace.definitionsNamed(symbol).length === 0) {
      const name = parts.pop() ?? '';
      return { name, container: query.container ?? parts.join('.') };
    }
    return { name: symbol, ...(query.container ? { container: query.container } : {}) };
  }
  const path = await workspace.resolve(query.file);
  const language = workspace.languageOf(path.relative);
  const facts = await workspace.facts(path);
  if (!language) {
    const warning = facts.warnings.find((w) => w.code === ErrorCode.TS_UNSUPPORTED_LANGUAGE) ?? facts.warnings[0];
    throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, warning?.message ?? 'Unsupported language', {
      ...(warning?.details ?? {}),
    });
  }
  const line = checkPosition('line', query.line);
  const lineLength = facts.lineLengths[line - 1];
  if (lineLength === undefined) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `line ${line} is past the end of ${path.relative} (${facts.lineLengths.length} lines)`, {
      file_path: path.relative,
      line,
      total_lines: facts.lineLengths.length,
    });
  }
  const tags = [...facts.definitions, ...facts.references].filter((tag) => tag.line === line);
  const at = (name: string, column: number): TargetName => ({ name, at: { file: path.relative, line, column }, facts });
  if (query.column === undefined) {
    if (typeof query.symbol !== 'string' || query.symbol === '') {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Pass column, or symbol (the name on that line)', { line });
    }
    const wanted = query.symbol.split('.').pop() ?? query.symbol;
    const tag = tags.find((t) => t.name === wanted);
    if (tag) return at(wanted, tag.column);
    const found = await context.analyzer().identify({ file: path.relative, language, line, symbol: wanted });
    if (found.error) throw new CodeIndexError(found.error.code as ErrorCode, found.error.message, found.error.data ?? {});
    if (found.column > 0) return at(wanted, found.column);
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `"${wanted}" does not appear on line ${line} of ${path.relative}`, {
      file_path: path.relative,
      line,
      symbol: wanted,
      line_text: facts.previews[line] ?? '',
      suggestion: 'Check the line number, or pass { symbol } alone to search the whole scope',
    });
  }
  const column = checkPosition('column', query.column);
  if (column > lineLength + 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `column ${column} is past the end of line ${line} (${lineLength} characters)`, {
      file_path: path.relative,
      line,
      column,
      line_length: lineLength,
    });
  }
  const tag = tags.find((t) => column >= t.column && column < t.column + t.name.length);
  if (tag) return at(tag.name, tag.column);
  // Not a tagged name: find the identifier under the cursor in the tree.
  const found = await context.analyzer().identify({ file: path.relative, language, line, column });
  if (found.error) throw new CodeIndexError(found.error.code as ErrorCode, found.error.message, found.error.data ?? {});
  if (found.name) return at(found.name, found.column);
  throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, 'No identifier found at position', {
    file_path: path.relative,
    line,
    column,
    node_type: found.nodeType,
    suggestion: 'Position may be on whitespace or non-identifier',
  });
}

// ---- findDefinitions ---------------------------------------------------------------------------------------

function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** The files of a search scope: which files are in it, and a way to index them all (for the name table). */
interface ScopeFiles {
  inScope(file: string): boolean;
  /** Indexes the scope's files: needed by name matches and references, not by a lookup that binds. */
  indexAll(): Promise<void>;
}

function scopeFiles(context: NavigationContext, target: TargetName, scope: SearchScope): ScopeFiles {
  if (scope === 'file' && target.at) {
    const file = target.at.file;
    return { inScope: (candidate) => candidate === file, indexAll: async () => {} };
  }
  if (scope === 'directory' && target.at) {
    const folder = folderOf(target.at.file);
    return {
      inScope: (candidate) => folderOf(candidate) === folder,
      indexAll: async () => void (await context.workspace.files(folder)),
    };
  }
  return { inScope: () => true, indexAll: async () => void (await context.workspace.files('')) };
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

/** Definitions of a name: the name table's, and the asking file's own locals. */
function candidatesOf(context: NavigationContext, target: TargetName): LocatedDefinition[] {
  const entries = [...context.workspace.definitionsNamed(target.name)];
  if (target.facts && target.at) {
    const file = target.at.file;
    for (const def of target.facts.definitions) {
      if (def.local && def.name === target.name) entries.push({ file, definition: summaryDefinitionOf(target.facts, def), local: true });
    }
  }
  return entries;
}

/** A resolved target as a definition location. */
async function locationOf(context: NavigationContext, target: Target, resolution: Resolution): Promise<DefinitionLocation | undefined> {
  const facts = await context.workspace.factsOf(target.file);
  if (!facts) return undefined;
  if ('def' in target) {
    const def = facts.definitions[target.def];
    if (!def) return undefined;
    const scope = scopeOf(facts, def);
    return { file: target.file, line: def.line, column: def.column, kind: def.kind, preview: facts.previews[def.line] ?? '', ...(scope ? { scope } : {}), resolution };
  }
  if ('binding' in target) {
    const binding = facts.bindings[target.binding];
    if (!binding) return undefined;
    return { file: target.file, line: binding.line, column: binding.column, kind: binding.kind, preview: facts.previews[binding.line] ?? '', resolution };
  }
  return { file: target.file, line: 1, column: 1, kind: 'module', preview: facts.previews[1] ?? '', resolution };
}

/** The name at a position bound to its declarations; undefined when the position has no name the facts know. */
async function bound(context: NavigationContext, target: TargetName): Promise<Resolution_ | undefined> {
  if (!target.at || !target.facts) return undefined;
  // Which files exist (for imports); the files the binding reaches are analyzed as it reaches them.
  await context.workspace.listed();
  return context.resolver.definitionAt(target.at.file, target.facts, target.at.line, target.at.column);
}
type Resolution_ = NonNullable<Awaited<ReturnType<NavigationContext['resolver']['definitionAt']>>>;

/** Every definition of the identifier at a position (or of a named symbol): bound when binding succeeds, else ranked. */
export async function findDefinitions(context: NavigationContext, query: PositionQuery): Promise<DefinitionsResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const target = await resolveTarget(context, query);
  const files = scopeFiles(context, target, scope);
  const inScope = files.inScope;
  const found = await bound(context, target);
  const identifier = target.at ? { identifier: { name: target.name, ...target.at } } : {};
  if (found && found.resolution.targets.length > 0) {
    const definitions: DefinitionLocation[] = [];
    const how: Resolution = found.resolution.how === 'external' ? 'external' : found.resolution.approximate ? 'import' : 'bound';
    for (const t of found.resolution.targets) {
      const location = await locationOf(context, t, how);
      if (location && inScope(location.file)) definitions.push(location);
    }
    if (definitions.length > 0) {
      return {
        symbol: target.name,
        ...identifier,
        definitions,
        total: definitions.length,
        resolution: how,
        note: how === 'external' ? `${found.resolution.note ?? 'Imported from outside the index'}: its import is shown` : BOUND_NOTE,
      };
    }
  }
  if (found?.resolution.how === 'external') {
    return { symbol: target.name, ...identifier, definitions: [], total: 0, resolution: 'external', note: found.resolution.note ?? 'Defined outside the index' };
  }
  await files.indexAll();
  const ranked = nameMatches(context, target, inScope);
  const reason = found?.resolution.note ? ` (${found.resolution.note})` : '';
  return {
    symbol: target.name,
    ...identifier,
    definitions: ranked.slice(0, MAX_NAME_MATCHES),
    total: ranked.length,
    resolution: 'name_match',
    note: `${NAME_MATCH_NOTE}${reason}${ranked.length > MAX_NAME_MATCHES ? `; the best ${MAX_NAME_MATCHES} of ${ranked.length}` : ''}`,
  };
}

/** Same-named definitions, ranked: same file, the module the file imports the name from, same folder, same language. */
function nameMatches(context: NavigationContext, target: TargetName, inScope: (file: string) => boolean): DefinitionLocation[] {
  let entries = candidatesOf(context, target).filter((entry) => inScope(entry.file));
  if (target.container) {
    const scoped = entries.filter((entry) => entry.definition.scope === target.container);
    if (scoped.length > 0) entries = scoped;
  }
  const registry = context.workspace.registry;
  let isImported: (file: string) => boolean = () => false;
  if (target.facts && target.at) {
    const from = target.at.file;
    const item = target.facts.imports.find((i) => i.imports.some((it) => (it.alias ?? it.name) === target.name || it.name === target.name));
    if (item) {
      const known = new Set(context.workspace.knownFiles());
      const importedFile = resolveImport(from, item.source, (f) => known.has(f), registry.supportedExtensions());
      const rule = registry.get(target.facts.language)?.modulePaths;
      isImported = importedFile ? (file) => file === importedFile : (moduleMatcher(from, item.source, rule) ?? isImported);
    }
  }
  // A member use (`subscriber.next`): members of a type the qualifier is named after (`Subscriber`,
  // `durationSubscriber`) first, then of types the file names; a called use prefers what can be called.
  const use = target.at && target.facts ? target.facts.references.find((r) => r.line === target.at?.line && r.column === target.at?.column) : undefined;
  const qualifier = use?.qualifier?.replace(/\(\)$/, '').split(/\.|::|->/).pop()?.toLowerCase();
  const named = new Set(target.facts?.bindings.filter((b) => b.top).map((b) => b.name));
  const memberRank = (entry: LocatedDefinition): number => {
    if (qualifier === undefined) return 0;
    const owner = entry.definition.scope?.split('.').pop();
    if (owner && qualifier.endsWith(owner.toLowerCase())) return 0;
    if (owner && named.has(owner)) return 1;
    return 2;
  };
  const callable = (entry: LocatedDefinition) => (use?.kind === 'call' && !kindInfo(entry.definition.kind).callable ? 1 : 0);
  const here = target.at?.file;
  const languageOf = (file: string) => registry.detectLanguage(file).language;
  const hereLanguage = target.facts?.language;
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
  const ranks = new Map(entries.map((entry) => [entry, rankOf(entry) === -1 ? -1 : memberRank(entry) * 10 + callable(entry) * 5 + rankOf(entry)]));
  const rank = (entry: LocatedDefinition) => ranks.get(entry) ?? 100;
  entries = [...entries].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.local === true) - Number(b.local === true) ||
      // A declaration before the blocks that only extend it (`impl T`, `extension T`).
      Number(kindInfo(a.definition.kind).declaresName === false) - Number(kindInfo(b.definition.kind).declaresName === false) ||
      a.file.localeCompare(b.file) ||
      // A macro defined several times in a file (`#if ... #define X a #else #define X b #endif`): the last first, as
      // the binding orders them.
      (a.definition.kind === 'macro' && b.definition.kind === 'macro' ? b.definition.line - a.definition.line : a.definition.line - b.definition.line),
  );
  return entries.map(({ file, definition }) => ({
    file,
    line: definition.line,
    column: definition.column,
    kind: definition.kind,
    preview: definition.preview,
    ...(definition.scope ? { scope: definition.scope } : {}),
    resolution: 'name_match' as const,
  }));
}

function targetKey(target: Target): string {
  return 'def' in target ? `${target.file}#d${target.def}` : 'binding' in target ? `${target.file}#b${target.binding}` : `${target.file}#m`;
}

/**
 * Every reference to the identifier at a position (or a named symbol), its definitions listed apart. When the name
 * binds, the references are those that resolve to the same declarations (and those that cannot be resolved at all,
 * marked `name_match`); otherwise every use of the name.
 */
export async function findReferences(context: NavigationContext, query: PositionQuery): Promise<ReferencesResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const target = await resolveTarget(context, query);
  const scoped = scopeFiles(context, target, scope);
  const inScope = scoped.inScope;
  const found = await bound(context, target);
  const targets = found?.resolution.targets ?? [];
  const keys = new Set(targets.map(targetKey));
  // A local (a parameter, a variable inside a function) is used in its own file only.
  const localOnly = targets.length > 0 && targets.every((t) => 'binding' in t && t.file === target.at?.file);
  if (!localOnly) await scoped.indexAll();
  const files = localOnly && target.at ? [target.at.file] : [...context.workspace.filesReferencing(target.name)].filter(inScope).sort();
  const references: ReferenceLocation[] = [];
  for (const file of files) {
    const facts = file === target.at?.file ? target.facts : await context.workspace.factsOf(file);
    if (!facts) continue;
    for (const ref of facts.references) {
      if (ref.name !== target.name) continue;
      let resolution: ReferenceLocation['resolution'];
      if (keys.size > 0) {
        const resolved = await context.resolver.lookupOf(file, facts, ref);
        if (resolved.targets.some((t) => keys.has(targetKey(t)))) resolution = 'bound';
        else if (resolved.how === 'unbound') resolution = 'name_match';
        else continue;
      }
      references.push({ file, line: ref.line, column: ref.column, kind: ref.kind, preview: facts.previews[ref.line] ?? '', ...(resolution ? { resolution } : {}) });
    }
  }
  references.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  let definitions: DefinitionLocation[];
  if (targets.length > 0) {
    definitions = [];
    for (const t of targets) {
      const location = await locationOf(context, t, found?.resolution.approximate ? 'import' : 'bound');
      if (location && inScope(location.file)) definitions.push({ ...location, isDefinition: true });
    }
  } else {
    definitions = candidatesOf(context, target)
      .filter((entry) => inScope(entry.file))
      .map(({ file, definition }) => ({ file, line: definition.line, column: definition.column, kind: definition.kind, preview: definition.preview, isDefinition: true as const }));
  }
  return {
    symbol: target.name,
    ...(target.at ? { identifier: { name: target.name, ...target.at } } : {}),
    references,
    total: references.length,
    definitions,
    resolution: targets.length > 0 ? 'bound' : 'name_match',
    note: targets.length > 0 ? BOUND_NOTE : NAME_MATCH_NOTE,
  };
}

/** Signature and documentation of the definition of the identifier at a position. */
export async function hover(context: NavigationContext, query: PositionQuery): Promise<HoverResult> {
  const result = await findDefinitions(context, query);
  // On a declaration's own name (a C prototype, whose definition findDefinitions lists first), that declaration.
  const at = result.identifier;
  const own = at ? result.definitions.find((d) => d.file === at.file && d.line === at.line && d.column === at.column) : undefined;
  const first = own ?? result.definitions[0];
  if (!first) {
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `No definition of "${result.symbol}" found in scope`, {
      symbol: result.symbol,
      ...(result.resolution === 'external' ? { resolution: 'external', note: result.note } : {}),
      suggestion: 'The name may come from a dependency outside the index, or be defined in an unsupported language',
    });
  }
  // The first documented one among the answers: overloads often document only one of their signatures.
  let signature: string | undefined;
  let documentation: string | undefined;
  for (const location of result.resolution === 'name_match' ? [first] : [first, ...result.definitions.filter((d) => d !== first)]) {
    const facts = await context.workspace.factsOf(location.file);
    const def = facts?.definitions.find((d) => d.line === location.line && d.column === location.column);
    if (!facts || !def) continue;
    const tag = tagOf(facts, def);
    signature ??= tag.signature;
    if (tag.doc) {
      documentation = tag.doc;
      break;
    }
  }
  // As TypeScript and documentation tools do: an undocumented overload or merged declaration takes the doc of another
  // declaration of the same name in the same container (the implementation first); a parameter, its `@param` line.
  if (!documentation) {
    const facts = await context.workspace.factsOf(first.file);
    if (facts) documentation = siblingDoc(facts, first.line, first.column) ?? parameterDoc(facts, result.symbol, first.line, first.column);
    if (!documentation && facts) documentation = await inheritedDoc(context, first.file, facts, first.line, first.column);
    if (!documentation && facts) documentation = await memberDoc(context, first.file, facts, result.symbol, first.line, first.column);
  }
  return {
    symbol: result.symbol,
    kind: first.kind,
    signature: signature ?? first.preview,
    ...(documentation ? { documentation } : {}),
    definitionLocation: { file: first.file, line: first.line },
    ...(result.identifier ? { identifier: result.identifier } : {}),
    otherDefinitions: result.total - 1,
    note: HOVER_NOTE,
  };
}

/** The doc of another declaration with the same name and container as the one at a position: bodies first. */
function siblingDoc(facts: FileFacts, line: number, column: number): string | undefined {
  const own = facts.definitions.find((d) => d.line === line && d.column === column);
  if (!own) return undefined;
  const siblings = facts.definitions.filter((d) => d !== own && d.name === own.name && d.parent === own.parent && d.doc);
  siblings.sort((a, b) => Number(a.declarationOnly === true) - Number(b.declarationOnly === true) || a.start - b.start);
  return siblings[0]?.doc;
}

/**
 * The `@param` text for a parameter `name` declared at a position: from the doc of the innermost function-like
 * definition whose span holds the position (JSDoc, TSDoc, PHPDoc, Javadoc write `@param [{type}] name text`).
 */
function parameterDoc(facts: FileFacts, name: string, line: number, column: number): string | undefined {
  let owner: FileFacts['definitions'][number] | undefined;
  for (const def of facts.definitions) {
    const holds = (def.line < line || (def.line === line && def.column <= column)) && line <= def.endLine;
    if (holds && kindInfo(def.kind).callable && (!owner || def.start >= owner.start)) owner = def;
  }
  if (!owner?.doc || !owner.parameters?.some((p) => p.name.replace(/^[.*&$]+/, '') === name)) return undefined;
  for (const docLine of owner.doc.split('\n')) {
    const words = docLine.trim().split(/\s+/);
    if (words[0] !== '@param') continue;
    let at = 1;
    // `{type}`, which may hold spaces.
    if (words[at]?.startsWith('{')) {
      while (at < words.length && !(words[at] as string).endsWith('}')) at++;
      at++;
    }
    // `[name=default]` for an optional one.
    const named = (words[at] ?? '').replace(/^\[|\]$/g, '').split('=')[0];
    if (named === name) return words.slice(at + 1).join(' ').replace(/^-\s*/, '') || undefined;
  }
  return undefined;
}

/**
 * The doc of the member a variable is taken from (`const { connector } = config`: `config.connector`'s), as
 * TypeScript's quick info shows it.
 */
async function memberDoc(context: NavigationContext, file: string, facts: FileFacts, name: string, line: number, column: number): Promise<string | undefined> {
  const index = facts.bindings.findIndex((b) => b.line === line && b.column === column && b.name === name);
  const type = facts.bindings[index]?.type;
  if (index < 0 || type === undefined || !type.endsWith(`.${name}`)) return undefined;
  for (const target of await context.resolver.typesOfBinding(file, facts, index)) {
    if (!('def' in target)) continue;
    const def = (await context.workspace.factsOf(target.file))?.definitions[target.def];
    if (def?.name === name && def.doc) return def.doc;
  }
  return undefined;
}

/**
 * The doc of the member an undocumented method or property overrides or implements (as TypeScript and Javadoc's
 * `{@inheritDoc}` show it): the same name in the declared bases of its class, followed across files, nearest first.
 */
async function inheritedDoc(context: NavigationContext, file: string, facts: FileFacts, line: number, column: number): Promise<string | undefined> {
  const index = facts.definitions.findIndex((d) => d.line === line && d.column === column);
  const own = facts.definitions[index];
  if (!own || own.parent === undefined) return undefined;
  const bases = await context.resolver.basesOf(file, facts, own.parent);
  for (const base of bases) {
    for (const member of await context.resolver.membersOf(base, own.name)) {
      if (!('def' in member)) continue;
      const doc = (await context.workspace.factsOf(member.file))?.definitions[member.def]?.doc;
      if (doc) return doc;
    }
  }
  return undefined;
}
