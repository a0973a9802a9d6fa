/**
 * The Code Scanner spec's function-calling tools, with its names, fields, page sizes, pagination fields and
 * "⚠️ PARTIAL" warnings. The ctags-backed tools (symbol_exists, find_definition, list_symbols, find_symbols,
 * get_class_members, get_index_stats) answer from the tree-sitter index: nothing to install.
 *
 * @module
 */
import { z } from 'zod';
import { ErrorCode } from '../../errors.js';
import { kindsOfScannerType, SCANNER_TYPES, type ScannerType } from '../../model/kinds.js';
import type { CodeIndex } from '../../code-index.js';
import { createListingCheck, listTree } from '../../engine/files.js';
import type { ClassInfo, FunctionInfo, SymbolMatch, TypeInfo } from '../../types.js';
import { fileDiff } from '../file-diff.js';
import { toolDirectory, toolFile, toolGlob } from '../paths.js';
import { searchText } from '../search.js';
import { fittingCount, pageBudget, readLinePage } from '../pages.js';
import { checkColumn, checkRange, countLines, readLines } from '../text-files.js';
import { type AnyTool, defineTool } from '../tool.js';

/** Matches per page of search_text. */
export const SEARCH_PAGE_SIZE = 50;
/** Items per page of list_directory. */
export const LIST_PAGE_SIZE = 100;
/** Symbols per page of find_symbols. */
export const SYMBOL_PAGE_SIZE = 100;
/** Symbols per page of list_symbols (fewer when they do not fit the result budget). */
export const LIST_SYMBOLS_PAGE_SIZE = 1000;
/** read_file chunks: about 4,000 tokens, counted as 4 characters per token. */
export const READ_CHUNK_CHARS = 16_000;
const MAX_OFFSET = 1_000_000;
const REGEX_TIMEOUT_MS = 10_000;
const MAX_SEARCH_FILE_BYTES = 2 * 1024 * 1024;

const offset = z.number().int().min(0).max(MAX_OFFSET).default(0).describe('Number of results to skip for pagination (default: 0)');
const symbolType = z
  .enum([...SCANNER_TYPES, 'any'])
  .default('any')
  .describe('Filter by symbol type (default: any)');

/** The kinds a `symbol_type` filter passes (the kinds table says which types each kind answers to); every kind for `any`. */
function kindsOf(type: ScannerType | 'any'): string[] | undefined {
  return type === 'any' ? undefined : kindsOfScannerType(type);
}

/** The most definitions of one name the exact lookups list. */
const MAX_EXACT_DEFINITIONS = 10_000;
/** The most definitions find_symbols matches before it pages them. */
const MAX_PATTERN_DEFINITIONS = 100_000;

/**
 * One page of `items` from `start`: at most `size`, and no more than fit the result budget (measured as `shown`
 * writes each item), so that the runner never cuts a page.
 */
function page<T>(
  items: T[],
  start: number,
  size: number,
  maxResultChars: number | undefined,
  shown: (item: T) => unknown = (item) => item,
): { items: T[]; hasMore: boolean; next?: number } {
  const window = items.slice(start, start + size);
  const slice = window.slice(0, fittingCount(window.map(shown), 0, size, pageBudget(Number.POSITIVE_INFINITY, maxResultChars)));
  const hasMore = start + slice.length < items.length;
  return hasMore ? { items: slice, hasMore, next: start + slice.length } : { items: slice, hasMore };
}

function partialResults(shown: number, total: number, start: number, tool: string, what: string, next: number): string {
  return `⚠️ PARTIAL RESULTS: Showing ${shown} of ${total} total ${what} (offset ${start}).\nTo get more results, call ${tool} again with offset=${next}`;
}

/** The parameter part of a signature: `(data: list, options: dict = None)` of `process(data: ..)`. */
function parameterPart(signature: string | undefined, name: string): string | null {
  if (!signature) return null;
  const at = signature.indexOf(`${name}(`);
  if (at >= 0) return signature.slice(at + name.length);
  const open = signature.indexOf('(');
  return open >= 0 ? signature.slice(open) : null;
}

/** Every non-local definition named exactly `name`, of a `symbol_type`: one question to the index (a name with `*` or `?` names nothing). */
async function exactDefinitions(index: CodeIndex, name: string, type: ScannerType | 'any'): Promise<SymbolMatch[]> {
  if (/[*?]/.test(name)) return [];
  const kinds = kindsOf(type);
  return (await index.listDefinitions({ query: name, ...(kinds ? { kinds } : {}), limit: MAX_EXACT_DEFINITIONS })).definitions;
}

const searchTextTool = defineTool({
  name: 'search_text',
  title: 'Search text',
  description: [
    'Search the entire repository for text patterns (strings, function names, class names, variables, etc.).',
    'Literal by default, whole words, case-insensitive; set is_regex for regular expressions (JavaScript syntax, time-limited).',
    'Several patterns at once; file_pattern filters files by glob (e.g. "*.py", "src/**/*.ts").',
    'Skips binary files, hidden folders and build folders (node_modules, dist, build, target, __pycache__) and .gitignore\'d files.',
    `Returns matches grouped by pattern with file, line and code, ${SEARCH_PAGE_SIZE} per page: when has_more is true, call again with offset=next_offset.`,
  ].join(' '),
  input: z.strictObject({
    patterns: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1).max(20)])
      .describe('Single string or array of strings to search for'),
    is_regex: z.boolean().default(false).describe('If true, treat patterns as regular expressions (default: false)'),
    match_whole_word: z
      .boolean()
      .default(true)
      .describe('Match only whole words (default: true; ignored when is_regex is true)'),
    case_sensitive: z.boolean().default(false).describe('Case-sensitive matching (default: false)'),
    file_pattern: z.string().min(1).optional().describe('Glob pattern to filter files (e.g., "*.py")'),
    offset,
  }),
  async run(args, { index, searchTimeoutMs, maxResultChars }) {
    const patterns = typeof args.patterns === 'string' ? [args.patterns] : args.patterns;
    if (args.file_pattern) toolGlob(args.file_pattern, 'file_pattern');
    const { files } = await listTree(index.root, '', args.file_pattern ? { filePatterns: [args.file_pattern] } : {});
    const outcome = await searchText({
      root: index.root,
      files,
      patterns,
      isRegex: args.is_regex,
      wholeWord: args.match_whole_word,
      caseSensitive: args.case_sensitive,
      contextLines: 0,
      maxStored: args.offset + SEARCH_PAGE_SIZE,
      maxFileSize: MAX_SEARCH_FILE_BYTES,
      timeoutMs: searchTimeoutMs ?? REGEX_TIMEOUT_MS,
    });
    const shown = page(outcome.hits, args.offset, SEARCH_PAGE_SIZE, maxResultChars, (hit) => ({ file: hit.file, line: hit.line, code: hit.code }));
    const hasMore = args.offset + shown.items.length < outcome.total;
    const byPattern: Record<string, Array<{ file: string; line: number; code: string }>> = {};
    for (const pattern of patterns) byPattern[pattern] = [];
    for (const hit of shown.items) byPattern[patterns[hit.pattern] ?? '']?.push({ file: hit.file, line: hit.line, code: hit.code });
    const next = args.offset + shown.items.length;
    return {
      patterns,
      total_matches: outcome.total,
      returned_count: shown.items.length,
      offset: args.offset,
      has_more: hasMore,
      ...(hasMore ? { next_offset: next } : {}),
      matches_by_pattern: byPattern,
      files_searched: outcome.filesSearched,
      ...(hasMore ? { warning: partialResults(shown.items.length, outcome.total, args.offset, 'search_text', 'matches', next) } : {}),
    };
  },
});

const readFileTool = defineTool({
  name: 'read_file',
  title: 'Read a file',
  description: [
    'Read the content of any text file in the repository, whole or a line range (1-based, inclusive).',
    'Large files come in chunks of about 4,000 tokens: when has_more is true, call again with start_line=next_start_line',
    '(and start_column=next_start_column when it is given: a line too long for one chunk is split).',
    'The hint says when you have the complete file. Binary files are rejected.',
    'Prefer get_file_summary or list_symbols first to find the lines you need.',
  ].join(' '),
  input: z.strictObject({
    file_path: z.string().min(1).describe('Relative path to the file from repository root'),
    start_line: z.number().int().min(1).optional().describe('Line number to start reading from (1-based)'),
    end_line: z.number().int().min(1).optional().describe('Line number to stop reading at (1-based, inclusive)'),
    start_column: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Column of start_line to start from (1-based; default 1): next_start_column of a chunk that split a long line'),
  }),
  async run(args, { index, maxResultChars }) {
    const { file, lines, total } = await readLines(index.root, args.file_path, index.maxFileSize);
    const range = checkRange(total, args.start_line, args.end_line, ['start_line', 'end_line']);
    const column = checkColumn(lines, range.start, args.start_column, ['start_line', 'start_column']);
    // Measured in characters of JSON, as the runner measures results: the chunk always fits whole.
    const chunk = readLinePage(lines, range.start, column, range.end, pageBudget(READ_CHUNK_CHARS, maxResultChars));
    const end = total === 0 ? 0 : chunk.endLine;
    const cutLine = chunk.nextColumn !== undefined;
    const complete = range.start === 1 && column === 1 && chunk.reachedEnd && end === total;
    const hasMore = cutLine || end < total;
    const chunked = !chunk.reachedEnd;
    const result: Record<string, unknown> = {
      file_path: file,
      content: chunk.content,
      start_line: range.start,
      ...(column > 1 ? { start_column: column } : {}),
      end_line: end,
      total_lines: total,
      lines_returned: total === 0 ? 0 : chunk.linesReturned,
      is_partial: !complete,
      has_more: hasMore,
    };
    if (hasMore) result.next_start_line = cutLine ? end : end + 1;
    if (cutLine) result.next_start_column = chunk.nextColumn;
    if (complete) result.hint = `This is the COMPLETE file (${total} lines). No need to read it again.`;
    else if (range.start === 1 && !cutLine && total > 0 && end / total >= 0.8) {
      result.hint = `You now have ${Math.floor((end / total) * 100)}% of this file. Consider proceeding with analysis.`;
    }
    if (cutLine) {
      const length = lines[end - 1]?.length ?? 0;
      result.warning = `⚠️ PARTIAL CONTENT: Line ${end} is too long to return in one chunk (${length} characters).\nShowing columns ${column}-${(chunk.nextColumn ?? 1) - 1} of line ${end}.\nTo read more, call read_file again with start_line=${end}, start_column=${chunk.nextColumn}.`;
    } else if (chunked) {
      result.warning = `⚠️ PARTIAL CONTENT: This file is too large to return in full.\nShowing lines ${range.start}-${end} of ${total}.\nTo read more, call read_file again with start_line=${end + 1}.`;
    }
    return result;
  },
});

const listDirectoryTool = defineTool({
  name: 'list_directory',
  title: 'List a directory',
  description: [
    'List the files and subdirectories of a directory ("." for the root), with each file\'s line count to plan reads.',
    'recursive lists everything below it. Hidden entries, build folders and .gitignore\'d paths are skipped.',
    `${LIST_PAGE_SIZE} items per page (directories first): when has_more is true, call again with offset=next_offset.`,
  ].join(' '),
  input: z.strictObject({
    directory_path: z.string().min(1).describe('Relative path to directory from repository root (use "." for root)'),
    recursive: z.boolean().default(false).describe('If true, list all files recursively (default: false)'),
    offset,
  }),
  async run(args, { index, maxResultChars }) {
    const folder = await toolDirectory(index.root, args.directory_path);
    const tree = await listTree(index.root, folder.relative, args.recursive ? {} : { maxDepth: 1 });
    const items: Array<{ kind: 'directory' | 'file'; path: string }> = [
      ...tree.directories.map((path) => ({ kind: 'directory' as const, path })),
      ...tree.files.map((path) => ({ kind: 'file' as const, path })),
    ];
    // Measured with room for a line count.
    const shown = page(items, args.offset, LIST_PAGE_SIZE, maxResultChars, (item) => ({ path: item.path, lines: 1_000_000_000 }));
    const inRoot = createListingCheck(index.root);
    const files = shown.items
      .filter((item) => item.kind === 'file')
      .map((item) => {
        const lines = countLines(inRoot(item.path));
        return lines === undefined ? { path: item.path } : { path: item.path, lines };
      });
    return {
      directory_path: args.directory_path,
      directories: shown.items.filter((item) => item.kind === 'directory').map((item) => item.path),
      files,
      total_directories: tree.directories.length,
      total_files: tree.files.length,
      total_items: items.length,
      returned_count: shown.items.length,
      offset: args.offset,
      has_more: shown.hasMore,
      ...(shown.next !== undefined ? { next_offset: shown.next } : {}),
      recursive: args.recursive,
      ...(shown.next !== undefined
        ? { warning: partialResults(shown.items.length, items.length, args.offset, 'list_directory', 'items', shown.next) }
        : {}),
    };
  },
});

const getFileDiffTool = defineTool({
  name: 'get_file_diff',
  title: 'Diff a file against HEAD',
  description: [
    'Get the git diff of one file against HEAD (uncommitted changes, staged or not) as a unified diff, with counts of added and removed lines.',
    'Much cheaper than read_file when you only need what changed. context_lines: unchanged lines around each change (default 3, at most 10).',
    'Fails with NOT_A_GIT_REPOSITORY outside a git repository and GIT_NO_HEAD before the first commit.',
  ].join(' '),
  input: z.strictObject({
    file_path: z.string().min(1).describe('Relative path to the file from repository root'),
    context_lines: z.number().int().min(0).default(3).describe('Unchanged lines around each change (default: 3, max: 10)'),
  }),
  async run(args, { index }) {
    return fileDiff(index.root, args.file_path, args.context_lines, index.maxFileSize);
  },
});

const getFileSummaryTool = defineTool({
  name: 'get_file_summary',
  title: 'Summarize a file',
  description: [
    'Get the structure of a file without reading it: its classes, functions and methods with line numbers, its import statements and constants, and counts.',
    'Parsed with tree-sitter for 55 languages. Much cheaper than read_file for understanding a file\'s organization.',
  ].join(' '),
  input: z.strictObject({ file_path: z.string().min(1).describe('Relative path to the file from repository root') }),
  async run(args, { index }) {
    const { file, lines, total } = await readLines(index.root, args.file_path, index.maxFileSize);
    const analysis = await index.analyzeFile(file);
    const classes = [...analysis.classes, ...analysis.interfaces].sort((a, b) => a.line - b.line);
    const functions = [...analysis.functions, ...analysis.classes.flatMap((c) => [...(c.constructors ?? (c.constructor ? [c.constructor] : [])), ...c.methods])]
      .sort((a, b) => a.line - b.line)
      .map((f) => ({ name: f.name, line: f.line }));
    const imports = analysis.imports.map((i) => (i.line ? (lines[i.line - 1] ?? '').trim() : i.source));
    const constants = analysis.constants.map((c) => ({ name: c.name, line: c.line }));
    const unsupported = analysis.warnings.find((w) => w.code === ErrorCode.TS_UNSUPPORTED_LANGUAGE);
    return {
      file_path: file,
      language: analysis.language,
      total_lines: total,
      classes: classes.map((c) => ({ name: c.name, line: c.line })),
      functions,
      imports,
      constants,
      summary: {
        class_count: classes.length,
        function_count: functions.length,
        import_count: imports.length,
        constant_count: constants.length,
      },
      ...(unsupported ? { warning: `⚠️ ${unsupported.message}: no structure extracted; read it with read_file.` } : {}),
    };
  },
});

const symbolExistsTool = defineTool({
  name: 'symbol_exists',
  title: 'Check a symbol exists',
  description: [
    'Quick check whether a symbol (function, class, method, variable, constant) is defined anywhere in the repository, with its locations.',
    'Use it BEFORE reporting an "undefined symbol" issue. Only definitions count, not uses; names are exact and case-sensitive.',
  ].join(' '),
  input: z.strictObject({ symbol: z.string().min(1).describe('The symbol name to search for'), symbol_type: symbolType }),
  async run(args, { index }) {
    const locations = (await exactDefinitions(index, args.symbol, args.symbol_type)).map((m) => ({ file: m.file, line: m.line, kind: m.kind }));
    return { symbol: args.symbol, symbol_type: args.symbol_type, exists: locations.length > 0, locations };
  },
});

const findDefinitionTool = defineTool({
  name: 'find_definition',
  title: 'Find a definition',
  description: [
    'Find where a symbol is defined: file, line, kind, parent scope (the class of a method) and the signature of functions.',
    'More precise than search_text for locating a function, class or variable. Exact, case-sensitive names.',
  ].join(' '),
  input: z.strictObject({ symbol: z.string().min(1).describe('The symbol name to find'), symbol_type: symbolType }),
  async run(args, { index }) {
    const definitions = (await exactDefinitions(index, args.symbol, args.symbol_type)).map((m) => ({
        file: m.file,
        line: m.line,
        kind: m.kind,
        scope: m.scope ?? null,
        signature: ['function', 'method', 'constructor'].includes(m.kind) ? parameterPart(m.signature, m.symbol) : null,
      }));
    return { symbol: args.symbol, symbol_type: args.symbol_type, found: definitions.length > 0, definitions };
  },
});

const listSymbolsTool = defineTool({
  name: 'list_symbols',
  title: 'List a file\'s symbols',
  description: [
    'List every symbol defined in one file (classes, functions, methods, variables, ...) with line, kind and parent scope: an overview without reading the file.',
    `Up to ${LIST_SYMBOLS_PAGE_SIZE} per page: when has_more is true, call again with offset=next_offset.`,
  ].join(' '),
  input: z.strictObject({ file_path: z.string().min(1).describe('Relative path to the file'), offset }),
  async run(args, { index, maxResultChars }) {
    const file = (await toolFile(index.root, args.file_path)).relative;
    const parsed = await index.parse(file);
    const symbols = parsed.symbols.map((s) => ({ name: s.name, line: s.line, kind: s.kind, scope: s.scope ?? null }));
    const shown = page(symbols, args.offset, LIST_SYMBOLS_PAGE_SIZE, maxResultChars);
    return {
      file_path: file,
      symbols: shown.items,
      total_symbols: symbols.length,
      returned_count: shown.items.length,
      offset: args.offset,
      has_more: shown.hasMore,
      ...(shown.next !== undefined ? { next_offset: shown.next } : {}),
      ...(shown.next !== undefined
        ? { warning: partialResults(shown.items.length, symbols.length, args.offset, 'list_symbols', 'symbols', shown.next) }
        : {}),
    };
  },
});

const findSymbolsTool = defineTool({
  name: 'find_symbols',
  title: 'Find symbols by pattern',
  description: [
    'Find symbols whose name matches a pattern across the codebase: * matches any run of characters, ? one character (e.g. "test_*", "*Handler").',
    `Filter by symbol_type. ${SYMBOL_PAGE_SIZE} per page: when has_more is true, call again with offset=next_offset.`,
  ].join(' '),
  input: z.strictObject({
    pattern: z.string().min(1).describe('Pattern to match (supports * and ? wildcards)'),
    symbol_type: symbolType,
    offset,
  }),
  async run(args, { index, maxResultChars }) {
    // Case-sensitive, as ctags' names are; linear whatever the number of stars (no backtracking regex).
    const kinds = kindsOf(args.symbol_type);
    const found = await index.listDefinitions({ query: args.pattern, ...(kinds ? { kinds } : {}), limit: MAX_PATTERN_DEFINITIONS });
    const symbols = found.definitions.map((m) => {
      const { file, line, kind, scope } = m;
      return { name: m.symbol, file, line, kind, ...(scope ? { scope } : {}) };
    });
    const shown = page(symbols, args.offset, SYMBOL_PAGE_SIZE, maxResultChars);
    return {
      pattern: args.pattern,
      symbol_type: args.symbol_type,
      count: symbols.length,
      returned_count: shown.items.length,
      offset: args.offset,
      has_more: shown.hasMore,
      ...(shown.next !== undefined ? { next_offset: shown.next } : {}),
      symbols: shown.items,
      ...(shown.next !== undefined
        ? { warning: partialResults(shown.items.length, symbols.length, args.offset, 'find_symbols', 'symbols', shown.next) }
        : {}),
    };
  },
});

type Member = { name: string; kind: string; line: number; signature: string | null };

function membersOf(info: ClassInfo | TypeInfo): Member[] {
  const fn = (f: FunctionInfo, kind: string): Member => ({ name: f.name, kind, line: f.line, signature: parameterPart(f.signature, f.name) });
  // `constructor` is an own property of a ClassInfo only; every object inherits Object's.
  const single = Object.hasOwn(info, 'constructor') ? (info as ClassInfo).constructor : undefined;
  const constructors = (info as ClassInfo).constructors ?? (single ? [single] : []);
  return [
    ...constructors.map((c) => fn(c, 'constructor')),
    ...(info.methods ?? []).map((m) => fn(m, 'method')),
    ...(info.properties ?? []).map((p) => ({ name: p.name, kind: 'member', line: p.line, signature: null })),
  ].sort((a, b) => a.line - b.line);
}

const getClassMembersTool = defineTool({
  name: 'get_class_members',
  title: 'List a class\'s members',
  description: 'Get the members of a class (or struct, interface, trait, enum): constructors, methods with signatures, and fields/properties with lines. When several classes share the name, the first is shown and the others are listed in other_locations.',
  input: z.strictObject({ class_name: z.string().min(1).describe('Name of the class to inspect') }),
  async run(args, { index }) {
    const candidates = await exactDefinitions(index, args.class_name, 'class');
    const first = candidates[0];
    if (!first) return { class_name: args.class_name, found: false, members: [] };
    const analysis = await index.analyzeFile(first.file);
    const info =
      analysis.classes.find((c) => c.name === args.class_name && c.line === first.line) ??
      analysis.interfaces.find((t) => t.name === args.class_name && t.line === first.line);
    return {
      class_name: args.class_name,
      found: true,
      file: first.file,
      line: first.line,
      kind: first.kind,
      members: info ? membersOf(info) : [],
      ...(candidates.length > 1 ? { other_locations: candidates.slice(1).map((m) => ({ file: m.file, line: m.line, kind: m.kind })) } : {}),
    };
  },
});

const getIndexStatsTool = defineTool({
  name: 'get_index_stats',
  title: 'Index statistics',
  description: 'Get statistics of the symbol index: total symbols and files, symbols by kind, and the 10 files with the most symbols. Indexes the whole project on first use.',
  input: z.strictObject({}),
  async run(_args, { index }) {
    const stats = await index.indexAll();
    return {
      total_symbols: stats.totalSymbols,
      total_files: stats.files,
      symbols_by_kind: stats.symbolsByKind,
      top_files: stats.topFiles.slice(0, 10),
      ...(stats.skipped.length > 0 ? { skipped_files: stats.skipped.slice(0, 20) } : {}),
    };
  },
});

/** The Code Scanner spec's tool set. */
export const scannerTools: AnyTool[] = [
  searchTextTool,
  readFileTool,
  listDirectoryTool,
  getFileDiffTool,
  getFileSummaryTool,
  symbolExistsTool,
  findDefinitionTool,
  listSymbolsTool,
  findSymbolsTool,
  getClassMembersTool,
  getIndexStatsTool,
];
