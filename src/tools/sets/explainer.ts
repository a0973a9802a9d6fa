/**
 * The Codebase Explainer spec's typed tools (list_directory, read_file, search_code, analyze_imports) with their
 * camelCase arguments and outputs and the spec's error codes (`DIR_NOT_FOUND`, `FILE_UNREADABLE`,
 * `PATH_TRAVERSAL`). Every path stays inside the configured root.
 *
 * @module
 */
import { lstatSync } from 'node:fs';
import { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../../errors.js';
import { createListingCheck, listTree } from '../../engine/files.js';
import { checkToolPath, toolDirectory, toolGlob } from '../paths.js';
import { searchText } from '../search.js';
import { fittingCount, pageBudget, readLinePage } from '../pages.js';
import { checkColumn, checkRange, readLines } from '../text-files.js';
import { type AnyTool, defineTool } from '../tool.js';

/** Entries listed at most by one list_directory call. */
export const MAX_ENTRIES = 1000;
/** Largest offset of a listing or a search. */
const MAX_OFFSET = 1_000_000;
/**
 * Most characters of content read_file returns (the spec's MAX_FILE_SIZE_KB default); a page is smaller when the
 * result budget is (100,000 characters by default).
 */
export const MAX_READ_BYTES = 500 * 1024;
const CONTEXT_LINES = 2;

/** The spec's FILE_UNREADABLE for every reason a file cannot be read (the precise one in details.reason). */
async function readable<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CodeIndexError && [ErrorCode.FILE_NOT_FOUND, ErrorCode.NOT_A_FILE, ErrorCode.BINARY_FILE, ErrorCode.FILE_TOO_LARGE].includes(error.code as never)) {
      throw new CodeIndexError(ErrorCode.FILE_UNREADABLE, error.message, { ...error.data, path, reason: error.code });
    }
    throw error;
  }
}

const listDirectory = defineTool({
  name: 'list_directory',
  title: 'List a directory',
  description: [
    'Discover project structure: the files and directories under a path (the root by default), with file sizes in bytes, down to maxDepth levels (default 2).',
    'Build folders, .gitignore\'d paths and, unless includeHidden, hidden entries are skipped.',
    `At most ${MAX_ENTRIES} entries per call: truncated says when more exist; call again with offset=nextOffset for the next ones (or narrow the path or the depth).`,
  ].join(' '),
  input: z.strictObject({
    path: z.string().default('.').describe('Directory to list, relative to the root or absolute inside it'),
    maxDepth: z.number().int().min(1).max(10).default(2).describe('How many levels to descend (1: direct children)'),
    includeHidden: z.boolean().default(false).describe('Include entries whose name starts with "."'),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe('Entries to skip: nextOffset of a truncated listing (default 0)'),
  }),
  async run(args, { index, maxResultChars }) {
    const folder = await toolDirectory(index.root, args.path, 'path');
    const tree = await listTree(index.root, folder.relative, { maxDepth: args.maxDepth, includeHidden: args.includeHidden });
    const entries = [
      ...tree.directories.map((path) => ({ path, type: 'directory' as const })),
      ...tree.files.map((path) => ({ path, type: 'file' as const })),
    ].sort((a, b) => a.path.localeCompare(b.path));
    // Sizes of the listed files only, each looked up through the root check (never through a link out).
    const inRoot = createListingCheck(index.root);
    // As many as fit the result budget (measured with room for a size), at most MAX_ENTRIES.
    const count = fittingCount(
      entries.map((entry) => ({ ...entry, size: 1_000_000_000_000 })),
      args.offset,
      MAX_ENTRIES,
      pageBudget(Number.POSITIVE_INFINITY, maxResultChars),
    );
    const listed = entries.slice(args.offset, args.offset + count).map((entry) => {
      if (entry.type === 'directory') return entry;
      const path = inRoot(entry.path);
      const size = path ? lstatSync(path.absolute, { throwIfNoEntry: false })?.size : undefined;
      return size === undefined ? entry : { ...entry, size };
    });
    const next = args.offset + listed.length;
    const truncated = next < entries.length;
    return {
      entries: listed,
      totalFiles: tree.files.length,
      totalDirectories: tree.directories.length,
      truncated,
      ...(truncated ? { nextOffset: next } : {}),
    };
  },
});

const readFile = defineTool({
  name: 'read_file',
  title: 'Read a file',
  description: [
    'Read a text file\'s content, whole or a 1-based inclusive line range (startLine, endLine), with its total line count and language.',
    'A large file comes in pages: truncated is true when the range was cut; call again with startLine=nextStartLine',
    '(and startColumn=nextStartColumn when it is given: a line too long for one page is split) to read on exactly where the page stopped.',
  ].join(' '),
  input: z.strictObject({
    path: z.string().min(1).describe('File to read, relative to the root or absolute inside it'),
    startLine: z.number().int().min(1).optional().describe('First line (1-based)'),
    endLine: z.number().int().min(1).optional().describe('Last line (1-based, inclusive)'),
    startColumn: z.number().int().min(1).optional().describe('Column of startLine to start from (1-based; default 1): nextStartColumn of a page that split a long line'),
  }),
  async run(args, { index, maxResultChars }) {
    const { file, lines, total } = await readable(args.path, () => readLines(index.root, args.path, index.maxFileSize, 'path'));
    const range = checkRange(total, args.startLine, args.endLine, ['startLine', 'endLine']);
    const column = checkColumn(lines, range.start, args.startColumn, ['startLine', 'startColumn']);
    // At most the spec's cap, and no more than fits the result budget (in characters of JSON, as the runner counts).
    const chunk = readLinePage(lines, range.start, column, range.end, pageBudget(MAX_READ_BYTES, maxResultChars));
    const truncated = total > 0 && !chunk.reachedEnd;
    const next = chunk.nextColumn !== undefined ? { nextStartLine: chunk.endLine, nextStartColumn: chunk.nextColumn } : { nextStartLine: chunk.endLine + 1 };
    return {
      content: chunk.content,
      totalLines: total,
      language: index.registry.detectLanguage(file).language ?? 'unknown',
      truncated,
      ...(truncated ? next : {}),
    };
  },
});

const searchCode = defineTool({
  name: 'search_code',
  title: 'Search code',
  description: [
    'Find code matching a pattern (a regular expression such as "auth|login|jwt", or literal text when it is not a valid one), case-insensitive, under a directory, optionally only in files matching fileGlob (e.g. "*.ts").',
    'Each match comes with its line and two lines of context before and after. maxResults defaults to 50 (at most 500); truncated says when more matched: call again with offset=nextOffset for the next ones.',
  ].join(' '),
  input: z.strictObject({
    pattern: z.string().min(1).max(1000).describe('Regex or literal'),
    directory: z.string().default('.').describe('Directory to search, relative to the root or absolute inside it'),
    fileGlob: z.string().min(1).optional().describe('e.g., "*.ts"'),
    maxResults: z.number().int().min(1).max(500).default(50).describe('Most matches returned (default 50)'),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe('Matches to skip: nextOffset of a truncated search (default 0)'),
  }),
  async run(args, { index, searchTimeoutMs, maxResultChars }) {
    const folder = await toolDirectory(index.root, args.directory, 'directory');
    if (args.fileGlob) toolGlob(args.fileGlob, 'fileGlob');
    const { files } = await listTree(index.root, folder.relative, args.fileGlob ? { filePatterns: [args.fileGlob] } : {});
    let isRegex = true;
    try {
      new RegExp(args.pattern, 'u');
    } catch {
      isRegex = false;
    }
    const outcome = await searchText({
      root: index.root,
      files,
      patterns: [args.pattern],
      isRegex,
      wholeWord: false,
      caseSensitive: false,
      contextLines: CONTEXT_LINES,
      maxStored: args.offset + args.maxResults,
      maxFileSize: 2 * 1024 * 1024,
      timeoutMs: searchTimeoutMs ?? 10_000,
    });
    const matches = outcome.hits.slice(args.offset).map((hit) => ({
      file: hit.file,
      line: hit.line,
      content: hit.code,
      context: { before: hit.before.join('\n'), after: hit.after.join('\n') },
    }));
    // As many as fit the result budget, at most maxResults.
    const shown = matches.slice(0, fittingCount(matches, 0, args.maxResults, pageBudget(Number.POSITIVE_INFINITY, maxResultChars)));
    const next = args.offset + shown.length;
    const truncated = outcome.total > next;
    return {
      matches: shown,
      totalMatches: outcome.total,
      truncated,
      ...(truncated ? { nextOffset: next } : {}),
    };
  },
});

const EXPORT_TYPES: Record<string, 'function' | 'class' | 'const' | 'default'> = {
  function: 'function',
  class: 'class',
  interface: 'class',
  constant: 'const',
  default: 'default',
};

const analyzeImports = defineTool({
  name: 'analyze_imports',
  title: 'Trace imports and exports',
  description: [
    'Trace a file\'s dependencies: what it imports (module and the names taken from it) and what it exports (name and type).',
    'direction: imports, exports or both (default). Works for every language code-index parses (import, require, use, #include, ...).',
  ].join(' '),
  input: z.strictObject({
    file: z.string().min(1).describe('File to analyze, relative to the root or absolute inside it'),
    direction: z.enum(['imports', 'exports', 'both']).default('both').describe('Which side to report'),
  }),
  async run(args, { index }) {
    checkToolPath(args.file, 'file');
    const analysis = await readable(args.file, () => index.analyzeFile(args.file));
    const imports = analysis.imports.map((i) => ({
      from: i.source,
      items: i.imports.map((item) => (item.isNamespace ? `* as ${item.alias ?? item.name}` : item.isDefault ? (item.alias ?? 'default') : item.alias ? `${item.name} as ${item.alias}` : item.name)),
    }));
    const exports = analysis.exports.map((e) => ({
      name: e.name,
      type: e.isDefault ? ('default' as const) : (EXPORT_TYPES[e.type] ?? 'const'),
    }));
    return {
      imports: args.direction === 'exports' ? [] : imports,
      exports: args.direction === 'imports' ? [] : exports,
    };
  },
});

/** The Codebase Explainer spec's tool set. */
export const explainerTools: AnyTool[] = [listDirectory, readFile, searchCode, analyzeImports];
