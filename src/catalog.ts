/**
 * The operations table: each operation `CodeIndex` offers to people and agents, with its summary, its parameters
 * (type, description, default, allowed values, bounds) and the call that runs it. The CLI's subcommands take their
 * options and help from here (src/cli/), and the tool sets their shared argument docs (src/tools/), so the two never
 * drift; each tool set's own wire names and spec descriptions stay in the tool set.
 *
 * Adding an operation: a method on `CodeIndex`, an entry here, a subcommand in src/cli/commands/ (test/cli/cli.test.ts
 * fails until there is one) and, if agents want it, a tool.
 *
 * @module
 */
import { type CodeIndex, DEFAULT_GRAPH_TIMEOUT_MS } from './code-index.js';
import { DEFAULT_MAP_TOKENS, MAX_MAP_TOKENS, type RepoMapOptions } from './operations/repo-map.js';
import { DEFAULT_QUERY_MATCHES, DEFAULT_QUERY_TIMEOUT_MS, MAX_QUERY_MATCHES, MAX_QUERY_TIMEOUT_MS, type StructuralQueryOptions } from './operations/query.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './operations/search.js';
import { DEFAULT_MAX_ITEMS, MAX_DEPTH } from './operations/call-hierarchy.js';
import { DEFAULT_CHANGES_TIMEOUT_MS, DEFAULT_MAX_FILES, DEFAULT_MAX_IMPACT, MAX_CHANGES_TIMEOUT_MS, MAX_MAX_FILES, MAX_MAX_IMPACT } from './operations/changes.js';
import type { LanguageStatus } from './languages/registry.js';
import { KIND_FILTERS } from './model/kinds.js';
import type { CallGraphOptions, CallHierarchyOptions, ChangesOptions, PositionQuery, SearchScope, SymbolSearchOptions } from './types.js';

/** One parameter of an operation: a CLI option (or positional argument), a field of a tool's arguments. */
export interface Parameter {
  /** A text, a whole number, a switch, or a list of texts (a repeatable option, an array argument). */
  type: 'string' | 'integer' | 'boolean' | 'strings';
  /** What it is, one phrase with a capital and no full stop; {@link describeParameter} adds values and default. */
  description: string;
  /** The value the library uses when it is not given. */
  default?: string | number | boolean;
  /** The values it takes. */
  values?: readonly string[];
  /** With `values`: other values are accepted too (`values` are the documented ones; the description says what else). */
  open?: true;
  /** The smallest value of a whole number. */
  min?: number;
  /** The largest value of a whole number, the most items of a list. */
  max?: number;
  /** Must be given. */
  required?: true;
  /** What stands for the value in a usage line (`FILE`, `N`). @defaultValue `N` for a number, else the name in capitals */
  placeholder?: string;
}

/** What reports indexing progress: files done and the total. */
export type ProgressCallback = (done: number, total: number) => void;

/**
 * One operation: a summary, a parameter for every field of its arguments (no more, no fewer: the type checks it),
 * and the call.
 */
export interface Operation<Args extends object = object, Result = unknown, P extends ParametersOf<Args> = ParametersOf<Args>> {
  /** What it does, one sentence (the CLI's summary line). */
  summary: string;
  /** Its parameters, by the name of the argument field. */
  parameters: P;
  /** Runs it on an index; operations that index the whole project report their progress. */
  call(index: CodeIndex, args: Args, onProgress?: ProgressCallback): Promise<Result>;
}

/** A parameter for each field of `Args`. */
export type ParametersOf<Args extends object> = { readonly [K in keyof Required<Args>]: Parameter };

/** Declares an operation, keeping each parameter's literal type (its values, its default) for the tools' schemas. */
function defineOperation<Args extends object, Result, const P extends ParametersOf<Args>>(
  operation: { summary: string; parameters: P; call(index: CodeIndex, args: Args, onProgress?: ProgressCallback): Promise<Result> },
): Operation<Args, Result, P> {
  return operation;
}

/** "a, b or c". */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * A parameter's description with its values, bounds and default, as help lines and tool arguments show it:
 * `Levels to follow (1 to 5, default 1)`, `Where to search: file, directory or project (default project)`. A lower
 * bound alone is left to the schema and the error message.
 */
export function describeParameter(parameter: Parameter): string {
  const notes: string[] = [];
  if (parameter.type === 'integer' && parameter.min !== undefined && parameter.max !== undefined) notes.push(`${parameter.min} to ${parameter.max}`);
  if (parameter.type === 'strings' && parameter.max !== undefined) notes.push(`at most ${parameter.max}`);
  if (parameter.default !== undefined) notes.push(`default ${String(parameter.default)}`);
  const values = parameter.values ? `: ${orList(parameter.values)}` : '';
  return `${parameter.description}${values}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

// The parameters several operations share.
const file = { type: 'string', required: true, placeholder: 'FILE', description: 'The file, relative to the root (an absolute path inside it works too)' } as const;
const line = { type: 'integer', min: 1, description: 'The 1-based line of the position' } as const;
const column = { type: 'integer', min: 1, description: 'The 1-based column of the position, in UTF-16 code units (as editors count)' } as const;
/** The file of a position: optional, as a position may be a name alone. */
const positionFile = { type: 'string', placeholder: 'FILE', description: 'The file of the position, relative to the root' } as const;
const symbol = {
  type: 'string',
  placeholder: 'NAME',
  description: 'The name to look for: on the line when a file is given, else anywhere (Class.member works)',
} as const;
const scope = {
  type: 'string',
  values: ['file', 'directory', 'project'] satisfies SearchScope[],
  default: 'project',
  placeholder: 'S',
  description: 'Where definitions and references are searched',
} as const;

/** The arguments of an operation without parameters. */
type NoArgs = Record<never, never>;

/** A position as the navigation operations take it: a file, line and column, a file, line and name, or a name. */
type Position = Pick<PositionQuery, 'file' | 'line' | 'column' | 'symbol'>;

/** `definitions`/`references` cut to `limit`, the `total` kept. */
function firstOf<K extends string, R extends Record<K, unknown[]>>(result: R, key: K, limit: number | undefined): R {
  return limit === undefined ? result : { ...result, [key]: result[key].slice(0, limit) };
}

/** Every operation, by its `CodeIndex` method name. */
export const OPERATIONS = {
  analyzeFile: defineOperation({
    summary: 'The structure of a file: functions, classes, types, imports, exports and constants, with lines and signatures.',
    parameters: { file },
    call: (index, args: { file: string }) => index.analyzeFile(args.file),
  }),
  getSignatures: defineOperation({
    summary: 'Function, method and constructor signatures of a file, without bodies.',
    parameters: { file },
    call: (index, args: { file: string }) => index.getSignatures(args.file),
  }),
  listExports: defineOperation({
    summary: 'The public API of a file (re-exports included).',
    parameters: { file },
    call: (index, args: { file: string }) => index.listExports(args.file),
  }),
  parse: defineOperation({
    summary: 'Language, root node, definitions with positions, syntax errors and parse time of a file.',
    parameters: { file },
    call: (index, args: { file: string }) => index.parse(args.file),
  }),
  searchSymbols: defineOperation({
    summary: 'Definitions whose names match a query across the project: exact, case-insensitive, prefix, * and ? globs, camelCase initials, fuzzy.',
    parameters: {
      query: { type: 'string', required: true, placeholder: 'QUERY', description: 'A name, or a pattern with * and ?' },
      path: { type: 'string', placeholder: 'P', description: 'Search this folder or file only (relative to the root)' },
      kind: { type: 'string', values: KIND_FILTERS, open: true, default: 'any', placeholder: 'K', description: 'Only definitions of this kind, a precise one (enum, struct, ...) or one of the filters' },
      offset: { type: 'integer', min: 0, default: 0, description: 'Matches to skip: the nextOffset of the previous page' },
      limit: { type: 'integer', min: 1, max: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Matches per page' },
    },
    call: (index, args: SymbolSearchOptions) => index.searchSymbols(args),
  }),
  findDefinitions: defineOperation({
    summary: 'Where the symbol at a position is defined: bound through scopes and imports, else same-named definitions, ranked.',
    parameters: { file: positionFile, line, column, symbol, scope, limit: { type: 'integer', min: 1, description: 'List only the first N definitions; total still counts them all' } },
    call: async (index, { limit, ...query }: Position & Pick<PositionQuery, 'scope'> & { limit?: number }) =>
      firstOf(await index.findDefinitions(query), 'definitions', limit),
  }),
  findReferences: defineOperation({
    summary: 'Every reference to the symbol at a position (calls, types, imports, ...); definition sites are not listed.',
    parameters: {
      file: positionFile,
      line,
      column,
      symbol,
      scope,
      limit: { type: 'integer', min: 1, description: 'List only the first N references; total still counts them all' },
      fromFile: { type: 'string', placeholder: 'FILE', description: "Go on from this file: a partial answer's nextFile" },
      includeNameMatches: { type: 'boolean', default: false, description: 'Also list uses that only share the name (their receiver is not known), after the bound ones' },
    },
    call: async (
      index,
      { limit, fromFile, includeNameMatches, ...query }: Position & Pick<PositionQuery, 'scope'> & { limit?: number; fromFile?: string; includeNameMatches?: boolean },
    ) =>
      firstOf(
        await index.findReferences(query, { ...(fromFile !== undefined ? { fromFile } : {}), ...(includeNameMatches === true ? { includeNameMatches } : {}) }),
        'references',
        limit,
      ),
  }),
  hover: defineOperation({
    summary: 'Signature and doc comment of the definition of the symbol at a position.',
    parameters: { file: positionFile, line, column, symbol, scope },
    call: (index, query: Position & Pick<PositionQuery, 'scope'>) => index.hover(query),
  }),
  callHierarchy: defineOperation({
    summary: 'Who calls the function at a position (incoming, the default), or what it calls (outgoing), to a depth of levels.',
    parameters: {
      file: positionFile,
      line,
      column,
      symbol,
      direction: { type: 'string', values: ['incoming', 'outgoing'], default: 'incoming', placeholder: 'D', description: 'Follow the callers or the callees' },
      depth: { type: 'integer', min: 1, max: MAX_DEPTH, default: 1, description: 'Levels to follow' },
      maxItems: { type: 'integer', min: 1, default: DEFAULT_MAX_ITEMS, description: 'Most items listed across levels' },
    },
    call: (index, { direction, depth, maxItems, ...query }: Position & CallHierarchyOptions) =>
      index.callHierarchy(query, {
        ...(direction !== undefined ? { direction } : {}),
        ...(depth !== undefined ? { depth } : {}),
        ...(maxItems !== undefined ? { maxItems } : {}),
      }),
  }),
  callGraph: defineOperation({
    summary: "How the functions of a file call and reference each other, with the cycles among the calls (the Graph-It-Live contract's graph).",
    parameters: {
      file,
      includeExternal: { type: 'boolean', default: false, description: 'List calls to imported names as external nodes' },
      timeoutMs: { type: 'integer', min: 1, default: DEFAULT_GRAPH_TIMEOUT_MS, placeholder: 'MS', description: 'Time budget in milliseconds; past it the graph is partial' },
    },
    call: (index, { file, ...options }: { file: string } & CallGraphOptions) => index.callGraph(file, options),
  }),
  repoMap: defineOperation({
    summary: "The repository's most important definitions, ranked over the reference graph, fitted into a token budget.",
    parameters: {
      tokenBudget: {
        type: 'integer',
        min: 1,
        max: MAX_MAP_TOKENS,
        default: DEFAULT_MAP_TOKENS,
        description: 'Most tokens of the map: about 1,000 for an overview, 4,000 for a detailed map',
      },
      focus: { type: 'strings', max: 100, placeholder: 'FILE', description: 'Files you are working on: the map leans towards them and what they use' },
      mentioned: { type: 'strings', max: 100, placeholder: 'NAME', description: 'Symbol names the task is about: their definitions come first' },
      path: { type: 'string', placeholder: 'DIR', description: 'A folder to map, relative to the root (default: the whole project)' },
    },
    call: (index, options: RepoMapOptions) => index.repoMap(options),
  }),
  query: defineOperation({
    summary: 'Every place matching a tree-sitter query (an S-expression with @captures and predicates) in the files of one language.',
    parameters: {
      language: { type: 'string', required: true, placeholder: 'LANGUAGE', description: 'The language whose files are searched, by id (typescript, python, go, ...)' },
      query: { type: 'string', required: true, placeholder: 'QUERY', description: 'A tree-sitter query in that grammar, with @captures and #eq?, #match?, #any-of? predicates' },
      path: { type: 'string', placeholder: 'P', description: 'Search this folder or file only (relative to the root)' },
      maxMatches: { type: 'integer', min: 1, max: MAX_QUERY_MATCHES, default: DEFAULT_QUERY_MATCHES, description: 'Most matches listed' },
      timeoutMs: { type: 'integer', min: 1, max: MAX_QUERY_TIMEOUT_MS, default: DEFAULT_QUERY_TIMEOUT_MS, placeholder: 'MS', description: 'Time budget in milliseconds; past it the answer says where to go on' },
      cursor: { type: 'string', placeholder: 'C', description: "Go on from here: the previous answer's next" },
    },
    call: (index, args: Omit<StructuralQueryOptions, 'signal'>) => index.query(args),
  }),
  changes: defineOperation({
    summary:
      'What a change touches: the files and definitions added, removed, renamed or changed between two versions (the working tree against HEAD by default), and who uses or calls each one changed.',
    parameters: {
      base: { type: 'string', default: 'HEAD', placeholder: 'REF', description: 'The older version: a commit (a branch, a tag, HEAD~2, an id)' },
      head: { type: 'string', placeholder: 'REF', description: 'The newer version: a commit (default: the working tree)' },
      symmetric: { type: 'boolean', description: 'Compare head with the commit it forked from base at (base...head)' },
      staged: { type: 'boolean', description: 'The staged changes: the index against base' },
      paths: { type: 'strings', max: 100, placeholder: 'P', description: 'Only these folders or files (relative to the root)' },
      depth: { type: 'integer', min: 1, max: MAX_DEPTH, default: 1, description: 'Levels of callers to follow' },
      diff: { type: 'boolean', description: "Each file's unified diff too" },
      contextLines: { type: 'integer', min: 0, max: 10, default: 3, description: 'Lines of context around each change of a diff' },
      maxFiles: { type: 'integer', min: 1, max: MAX_MAX_FILES, default: DEFAULT_MAX_FILES, description: 'Most files whose definitions are compared' },
      maxImpact: { type: 'integer', min: 0, max: MAX_MAX_IMPACT, default: DEFAULT_MAX_IMPACT, description: 'Most definitions whose dependents are looked for' },
      timeoutMs: { type: 'integer', min: 1, max: MAX_CHANGES_TIMEOUT_MS, default: DEFAULT_CHANGES_TIMEOUT_MS, placeholder: 'MS', description: 'Time budget in milliseconds' },
    },
    call: (index, args: Omit<ChangesOptions, 'signal'>) => index.changes(args),
  }),
  indexAll: defineOperation({
    summary: 'Index every file of the root now (queries otherwise index on demand) and save the on-disk index.',
    parameters: {},
    call: (index, _args: NoArgs, onProgress) => index.indexAll(onProgress),
  }),
  stats: defineOperation({
    summary: 'Files, definitions by kind, references, the files with most definitions, cache use and skipped files (indexing first).',
    parameters: { limit: { type: 'integer', min: 1, max: 10, default: 10, description: 'Top files listed' } },
    call: async (index, { limit }: { limit?: number }, onProgress) => {
      const stats = await index.indexAll(onProgress);
      return { ...stats, topFiles: stats.topFiles.slice(0, limit) };
    },
  }),
  languages: defineOperation<NoArgs, LanguageStatus[], NoArgs>({
    summary: 'The registered languages, their state (loaded, not loaded yet, failed and why) and extensions.',
    parameters: {},
    call: async (index) => index.languages(),
  }),
};

/** The name of an operation: its `CodeIndex` method. */
export type OperationName = keyof typeof OPERATIONS;

/** The arguments of an operation. */
export type OperationArgs<N extends OperationName> = Parameters<(typeof OPERATIONS)[N]['call']>[1];

/** The result of an operation. */
export type OperationResult<N extends OperationName> = Awaited<ReturnType<(typeof OPERATIONS)[N]['call']>>;
