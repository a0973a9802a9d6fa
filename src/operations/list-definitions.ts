/**
 * listDefinitions: the definitions named exactly so, or whose names match a case-sensitive glob, of given kinds,
 * answered from the name table in one call: the question the scanner's tools ask (`symbol_exists`,
 * `find_definition`, `find_symbols`, `get_class_members`), which they used to page through `searchSymbols` for.
 *
 * @module
 */
import { globMatcher } from '../model/glob.js';
import type { SymbolMatch } from '../types.js';
import { checkPage, checkQuery, nameHint, pageOfMatches, type RankedMatch, type SearchContext, toMatch } from './search.js';

/** Definitions {@link CodeIndex.listDefinitions} lists when the call gives no `limit`. */
export const DEFAULT_LIST_LIMIT = 1000;
/** The most definitions {@link CodeIndex.listDefinitions} lists in one answer. */
export const MAX_LIST_LIMIT = 100_000;

/** Options of {@link CodeIndex.listDefinitions}. */
export interface DefinitionListOptions {
  /**
   * A name, matched exactly, or a pattern with `*` (any run of characters) and `?` (one character) matched against
   * whole names; case-sensitive either way.
   */
  query: string;
  /** Only definitions of these kinds (`function`, `class`, `struct`, `method`, ...). @defaultValue every kind */
  kinds?: readonly string[];
  /** Definitions to skip: the `nextOffset` of the previous answer. @defaultValue 0 */
  offset?: number;
  /** The most definitions listed (at most 100,000). @defaultValue 1000 */
  limit?: number;
}

/** The definitions {@link CodeIndex.listDefinitions} found. */
export interface DefinitionList {
  /** The definitions from `offset`, at most `limit`: the exact name first, then exported ones, shorter names, file, line. */
  definitions: SymbolMatch[];
  /** How many definitions match in all. */
  total: number;
  /** The offset asked for. */
  offset: number;
  /** Whether definitions are left after these. */
  hasMore: boolean;
  /** The offset of the next answer, when `hasMore`. */
  nextOffset?: number;
}

/**
 * The definitions (outside function bodies) named `query`, or matching it as a case-sensitive glob, of `kinds` when
 * given, in one answer bounded by `limit`: the whole tree is indexed first, then only the name table is read. The
 * order is `searchSymbols`' for the same matches (a definition named the query itself before glob matches, then
 * exported ones, shorter names, file and line).
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a blank or overlong query, a bad offset or limit.
 */
export async function listDefinitions(context: SearchContext, options: DefinitionListOptions): Promise<DefinitionList> {
  const query = checkQuery(options?.query);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_LIST_LIMIT;
  checkPage(offset, limit, MAX_LIST_LIMIT);
  const workspace = context.workspace;
  await workspace.indexFolder('');
  const kinds = options.kinds ? new Set(options.kinds) : undefined;
  const isGlob = /[*?]/.test(query);
  const matches = isGlob ? globMatcher(query, false) : undefined;
  const names = matches
    ? [...workspace.names.candidates(nameHint(query, true))].filter(({ name }) => matches(name))
    : [{ name: query, definitions: () => workspace.names.definitionsNamed(query) }];
  const found: RankedMatch[] = [];
  for (const { name, definitions } of names) {
    // The tiers of searchSymbols: 0 for the query's own name, 3 for a glob's other matches.
    const tier = name === query ? 0 : 3;
    for (const entry of definitions()) if (!kinds || kinds.has(entry.definition.kind)) found.push({ tier, entry });
  }
  const definitions = pageOfMatches(found, offset, limit).map(({ entry }) => toMatch(entry));
  const hasMore = offset + definitions.length < found.length;
  return { definitions, total: found.length, offset, hasMore, ...(hasMore ? { nextOffset: offset + definitions.length } : {}) };
}
