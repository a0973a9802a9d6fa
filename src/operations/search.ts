/**
 * Symbol search over the name table: definitions whose names match a query (exact, case-insensitive, prefix, `*`/`?`,
 * camelCase initials, fuzzy), ranked by how they match, then exported first, shorter names, file and line; paginated.
 * Answered from the file summaries: no facts are loaded.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LocatedDefinition } from '../engine/workspace.js';
import { characterMask } from '../engine/name-segment.js';
import { holdsInOrder } from '../engine/segment-reads.js';
import type { NameHint } from '../engine/names.js';
import { globMatcher } from '../model/glob.js';
import { kindInfo, kindMatchesFilter } from '../model/kinds.js';
import type { SymbolMatch, SymbolSearchOptions, SymbolSearchResult } from '../types.js';
import { MAX_QUERY_LENGTH, type OperationContext } from './context.js';
import { scopeFolder } from './target.js';

/** Matches per page of `searchSymbols` when the call gives no `limit`. */
export const DEFAULT_LIMIT = 50;
/** The largest page `searchSymbols` gives. */
export const MAX_LIMIT = 1000;

/** What a search reads: the workspace's name table (indexing the scope first). */
export type SearchContext = Pick<OperationContext, 'workspace'>;

/**
 * Which names a query can match, for the name index to narrow its reading: a pattern's literal start (lower case),
 * else the characters every match holds (see `characterMask`).
 */
export function nameHint(query: string, isPattern: boolean): NameHint {
  const lower = query.toLowerCase();
  // (every tier of a plain query holds its characters in order: a prefix, initials, a substring, a fuzzy match)
  if (!isPattern) return { mask: characterMask(lower), lowerInOrder: lower };
  const wildcardAt = lower.search(/[*?]/);
  if (wildcardAt > 0) return { lowerPrefix: lower.slice(0, wildcardAt) };
  return { mask: characterMask(lower.replace(/[*?]/g, '')) };
}

/** The first letter or digit of a name, lower case (the first of its initials). */
function firstInitial(name: string): string | undefined {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return name[i]?.toLowerCase();
  }
  return undefined;
}

/** The words of a camelCase/snake_case name. */
const WORDS = /[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[A-Z]/g;

/** camelCase/snake_case initials: `gUBI` and `gubi` match `getUserById` (`lowerQuery`: the query in lower case). */
function matchesInitials(name: string, lowerQuery: string): boolean {
  // Cheap refusal first: the initials start with the name's first letter or digit.
  if (firstInitial(name) !== lowerQuery[0]) return false;
  const words = name.match(WORDS) ?? [];
  if (words.length < 2 || words.length < lowerQuery.length) return false;
  for (let i = 0; i < lowerQuery.length; i++) if (words[i]?.[0]?.toLowerCase() !== lowerQuery[i]) return false;
  return true;
}

/**
 * The rank tier of names against a query: 0 exact, 1 exact ignoring case, 2 prefix, 3 wildcard/initials, 4 substring,
 * 5 fuzzy (undefined: no match). The query's lower case is made once, not per name.
 */
export function tierMatcher(query: string, wildcard: ((name: string) => boolean) | undefined): (name: string) => number | undefined {
  if (wildcard) return (name) => (wildcard(name) ? (name === query ? 0 : 3) : undefined);
  const lowerQuery = query.toLowerCase();
  const fuzzy = query.length >= 3;
  return (name) => {
    if (name === query) return 0;
    const lowerName = name.toLowerCase();
    if (lowerName === lowerQuery) return 1;
    if (lowerName.startsWith(lowerQuery)) return 2;
    if (matchesInitials(name, lowerQuery)) return 3;
    if (lowerName.includes(lowerQuery)) return 4;
    if (fuzzy && holdsInOrder(lowerName, lowerQuery)) return 5;
    return undefined;
  };
}

/** Refuses an offset or a limit that is not a whole number in its range (a limit from 1 to `maxLimit`). */
export function checkPage(offset: number, limit: number, maxLimit: number): void {
  for (const [name, value, max] of [
    ['offset', offset, Number.MAX_SAFE_INTEGER],
    ['limit', limit, maxLimit],
  ] as const) {
    if (!Number.isInteger(value) || value < (name === 'limit' ? 1 : 0) || value > max) {
      const range = name === 'limit' ? `from 1 to ${maxLimit}` : 'from 0';
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a whole number ${range}`, { [name]: value });
    }
  }
}

/** A query's text: refused when it is not a string, is blank, or is longer than {@link MAX_QUERY_LENGTH}. */
export function checkQuery(query: unknown): string {
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
  return query;
}

/** Finds definitions whose names match `query` (exact, case-insensitive, prefix, `*`/`?`, camelCase, fuzzy). */
export async function searchSymbols(context: SearchContext, options: SymbolSearchOptions): Promise<SymbolSearchResult> {
  const query = checkQuery(options?.query);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_LIMIT;
  checkPage(offset, limit, MAX_LIMIT);
  const workspace = context.workspace;
  let folder = scopeFolder(options.path);
  let onlyFile: string | undefined;
  if (folder) {
    const resolved = await workspace.resolve(folder);
    folder = resolved.relative;
    if (!workspace.isFolder(resolved)) {
      onlyFile = resolved.relative;
      await workspace.entry(resolved);
    }
  }
  const files = onlyFile ? [onlyFile] : await workspace.indexFolder(folder);
  const inScope = (file: string) => (onlyFile ? file === onlyFile : folder === '' || file.startsWith(`${folder}/`));
  const trimmed = query.trim();
  const wildcard = /[*?]/.test(trimmed) ? globMatcher(trimmed) : undefined;
  const tierOfName = tierMatcher(trimmed, wildcard);
  const candidates: RankedMatch[] = [];
  // (the tier is asked twice of the few names that match: once to skip the rest before they cost anything)
  const matching = (name: string) => tierOfName(name) !== undefined;
  for (const { name, definitions } of workspace.names.candidates(nameHint(trimmed, wildcard !== undefined), matching)) {
    const tier = tierOfName(name);
    if (tier === undefined) continue;
    for (const entry of definitions()) {
      if (!inScope(entry.file)) continue;
      if (options.kind && !kindMatchesFilter(entry.definition.kind, options.kind)) continue;
      candidates.push({ tier, entry });
    }
  }
  const page = pageOfMatches(candidates, offset, limit).map(({ entry }) => toMatch(entry));
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

/** Paths in the order `localeCompare` gives (one collator, not one made per comparison). */
const pathOrder = new Intl.Collator().compare;

/** A match before it is ranked: its tier (see {@link tierMatcher}) and its definition. */
export interface RankedMatch {
  tier: number;
  entry: LocatedDefinition;
}

/** The order of matches: by tier, then exported first, shorter names, file and line. */
export function compareMatches(a: RankedMatch, b: RankedMatch): number {
  return (
    a.tier - b.tier ||
    Number(b.entry.definition.isExported) - Number(a.entry.definition.isExported) ||
    a.entry.definition.name.length - b.entry.definition.name.length ||
    (a.entry.file === b.entry.file ? 0 : pathOrder(a.entry.file, b.entry.file)) ||
    a.entry.definition.line - b.entry.definition.line
  );
}

/** The numbers of {@link compareMatches}' order before the file: tier, exported first, name length. */
function leadingKey({ tier, entry }: RankedMatch): number {
  return (tier * 2 + (entry.definition.isExported ? 0 : 1)) * 0x10000 + Math.min(entry.definition.name.length, 0xffff);
}

/**
 * The matches from `offset` to `offset + limit` in {@link compareMatches}' order, without ordering the rest by path:
 * all are sorted by their numbers (tier, exported, length), and only the groups of equal numbers that reach into the
 * page by file and line (thousands of matches of a short prefix are counted, fifty are shown).
 */
export function pageOfMatches(matches: RankedMatch[], offset: number, limit: number): RankedMatch[] {
  const keyed = matches.map((match) => ({ key: leadingKey(match), match }));
  keyed.sort((a, b) => a.key - b.key);
  const end = Math.min(keyed.length, offset + limit);
  for (let start = 0; start < end; ) {
    let stop = start + 1;
    while (stop < keyed.length && keyed[stop]?.key === keyed[start]?.key) stop++;
    if (stop > offset && stop - start > 1) {
      const group = keyed.slice(start, stop).sort((a, b) => compareMatches(a.match, b.match));
      for (let i = 0; i < group.length; i++) keyed[start + i] = group[i] as (typeof keyed)[number];
    }
    start = stop;
  }
  return keyed.slice(offset, end).map(({ match }) => match);
}

/** A name table's definition as a search answers it. */
export function toMatch({ file, definition }: LocatedDefinition): SymbolMatch {
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

