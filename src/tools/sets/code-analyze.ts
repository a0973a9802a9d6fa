/**
 * The Lace `code_analyze` spec's tool: one tool, `code_analyze`, with an `operation` (analyze_file, search_symbols,
 * get_signatures, list_exports) and the spec's data types.
 *
 * @module
 */
import { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../../errors.js';
import { fittingCount, pageBudget } from '../pages.js';
import { renderAnalysis, renderExports, renderSignatures } from '../../render/analysis.js';
import { renderSearch } from '../../render/navigation.js';
import { DETAILS } from '../../render/text.js';
import type { ExportInfo, FileAnalysis, SignatureInfo, SymbolSearchResult } from '../../types.js';
import { checkToolPath } from '../paths.js';
import { OPERATIONS } from '../../catalog.js';
import { type AnyTool, defineTool, parameterArgument } from '../tool.js';

const search = OPERATIONS.searchSymbols.parameters;
/** `search_symbols: matches per page`: an argument of that operation only. */
const searchOnly = (description: string) => `search_symbols: ${description.charAt(0).toLowerCase()}${description.slice(1)}`;

const input = z
  .strictObject({
    operation: z
      .enum(['analyze_file', 'search_symbols', 'get_signatures', 'list_exports'])
      .describe('Analysis operation to perform'),
    file: z
      .string()
      .optional()
      .describe('File path to analyze (required for analyze_file, get_signatures, list_exports)'),
    query: z.string().optional().describe('Symbol name or pattern to search (required for search_symbols)'),
    path: z.string().optional().describe('Directory to search in (optional, defaults to current directory)'),
    offset: parameterArgument({ ...search.offset, description: searchOnly(search.offset.description) }),
    limit: parameterArgument({ ...search.limit, description: searchOnly(search.limit.description) }),
    detail: z
      .enum(DETAILS as ['outline', 'signatures', 'full'])
      .optional()
      .describe('outline: names and lines; signatures: with signatures and first doc lines (default); full: everything'),
  })
  .describe('code_analyze arguments');

function required(value: string | undefined, name: string, operation: string): string {
  if (value === undefined || value.trim() === '') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `"${name}" is required for ${operation}`, {
      operation,
      suggestion: `Call again with ${name}`,
    });
  }
  return value;
}

/** The `code_analyze` tool (the Lace `code_analyze` spec). */
export const codeAnalyze = defineTool({
  name: 'code_analyze',
  title: 'Analyze code structure',
  description: [
    'Analyze source code structure and extract symbols without reading whole files (tree-sitter, 55 languages).',
    'Operations: analyze_file {file} returns the file\'s functions, classes (methods, properties, constructor), interfaces/types/enums, imports, exports and constants with lines and signatures;',
    'get_signatures {file} returns every function and method signature (name, parameters, return type, line);',
    'list_exports {file} returns the file\'s public API;',
    'search_symbols {query, path?} finds functions, classes, types and constants by name across the project (exact, prefix, camelCase initials, * and ? wildcards, fuzzy), best matches first, 50 per page (offset for more).',
    'Use it before read_file to decide what to read; paths are relative to the project root.',
    'Results are compact text, one fact per line, line numbers first (detail "full" adds columns, spans and whole docs); format "json" gives the full structured result.',
  ].join(' '),
  input,
  render(output, args) {
    const detail = args.detail ?? 'signatures';
    switch (args.operation) {
      case 'analyze_file':
        return renderAnalysis(output as FileAnalysis, detail);
      case 'get_signatures':
        return renderSignatures(output as SignatureInfo[], detail);
      case 'list_exports':
        return renderExports(output as ExportInfo[]);
      default:
        return renderSearch(output as SymbolSearchResult, detail);
    }
  },
  async run(args, { index, maxResultChars }) {
    if (args.operation !== 'search_symbols') {
      const file = required(args.file, 'file', args.operation);
      checkToolPath(file, 'file');
      if (args.operation === 'analyze_file') return index.analyzeFile(file);
      if (args.operation === 'get_signatures') return index.getSignatures(file);
      return index.listExports(file);
    }
    const query = required(args.query, 'query', args.operation);
    if (args.path) checkToolPath(args.path, 'path');
    const result = await index.searchSymbols({
      query,
      ...(args.path && args.path !== '.' ? { path: args.path } : {}),
      ...(args.offset !== undefined ? { offset: args.offset } : {}),
      ...(args.limit !== undefined ? { limit: args.limit } : {}),
    });
    // A page the result budget cannot hold (1,000 matches with long signatures) is made smaller here, with its
    // continuation, rather than cut by the runner.
    const fits = fittingCount(result.matches, 0, result.matches.length, pageBudget(Number.POSITIVE_INFINITY, maxResultChars));
    if (fits === result.matches.length) return result;
    return { ...result, matches: result.matches.slice(0, fits), returnedCount: fits, hasMore: true, nextOffset: result.offset + fits };
  },
});

/** The Lace `code_analyze` spec's tool set: the one `code_analyze` tool. */
export const codeAnalyzeTools: AnyTool[] = [codeAnalyze];
