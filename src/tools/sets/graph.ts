/**
 * The Graph-It-Live contract's `graphItLive_analyzeFileLogic` (the call graph of one file, TOON by default, JSON on
 * request, the contract's error shape `{ error, code, message }` and its codes, at most 10 requests a second per
 * client) and `call_hierarchy` (callers or callees of a function across the project, treesitter-style arguments).
 *
 * @module
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../../errors.js';
import type { CodeIndex } from '../../code-index.js';
import { renderHierarchy, toGraphJson, toToon } from '../../render/graph.js';
import type { CallGraph, CallHierarchyResult } from '../../types.js';
import { toolFile } from '../paths.js';
import type { ToolError } from '../tool.js';
import { OPERATIONS } from '../../catalog.js';
import { type AnyTool, defineTool, parameterArgument } from '../tool.js';

/** The contract's request rate per client: at most this many calls in any second. */
export const GRAPH_RATE_PER_SECOND = 10;

/** The contract's time budget of one file's graph. */
const GRAPH_TIMEOUT_MS = 5_000;

// One client is one index (an MCP server, a toolbox): the times of its last calls.
const recentCalls = new WeakMap<CodeIndex, number[]>();

/** Throws `RATE_LIMIT` when the index's client made {@link GRAPH_RATE_PER_SECOND} calls in the last second. */
function checkRate(index: CodeIndex, now = performance.now()): void {
  const times = (recentCalls.get(index) ?? []).filter((time) => now - time < 1_000);
  if (times.length >= GRAPH_RATE_PER_SECOND) {
    const retryAfterMs = Math.max(1, Math.ceil(1_000 - (now - (times[0] as number))));
    recentCalls.set(index, times);
    throw new CodeIndexError(ErrorCode.RATE_LIMIT, `At most ${GRAPH_RATE_PER_SECOND} requests per second: retry in ${retryAfterMs} ms`, {
      retry_after_ms: retryAfterMs,
    });
  }
  times.push(now);
  recentCalls.set(index, times);
}

/**
 * The contract's codes for what the library throws: a missing or unreadable file is FILE_NOT_FOUND, a file no language
 * with definitions reads is UNSUPPORTED_FILE_TYPE, anything unexpected ANALYSIS_FAILED; the path and argument codes
 * (PATH_TRAVERSAL, INVALID_ARGUMENT, RATE_LIMIT) stay as they are.
 */
function seedCode(code: string): string {
  switch (code) {
    case ErrorCode.FILE_NOT_FOUND:
    case ErrorCode.FILE_UNREADABLE:
    case ErrorCode.NOT_A_FILE:
      return ErrorCode.FILE_NOT_FOUND;
    case ErrorCode.TS_UNSUPPORTED_LANGUAGE:
    case ErrorCode.BINARY_FILE:
    case ErrorCode.UNSUPPORTED_FILE_TYPE:
      return ErrorCode.UNSUPPORTED_FILE_TYPE;
    case ErrorCode.PATH_TRAVERSAL:
    case ErrorCode.INVALID_ARGUMENT:
    case ErrorCode.RATE_LIMIT:
    case ErrorCode.FILE_TOO_LARGE:
      return code;
    default:
      return ErrorCode.ANALYSIS_FAILED;
  }
}

/**
 * Throws `UNSUPPORTED_FILE_TYPE` unless the file's language has calls to graph (its queries capture
 * `@reference.call`): code, not data or documents.
 */
async function checkCallLanguage(index: CodeIndex, file: string): Promise<void> {
  const language = index.registry.detectLanguage(file).language;
  const loaded = language ? await index.registry.load(language).catch(() => undefined) : undefined;
  if (!loaded || !loaded.query.captureNames.includes('reference.call')) {
    throw new CodeIndexError(
      ErrorCode.UNSUPPORTED_FILE_TYPE,
      `${file} is not a file with calls to graph${language ? ` (${language} has none)` : ''}: use a source file (.ts, .tsx, .js, .jsx, .py, .rs, or any language listed with call references in code-index languages)`,
      { filePath: file, ...(language ? { language } : {}) },
    );
  }
}

/** The Graph-It-Live contract's tool. */
export const analyzeFileLogic = defineTool({
  name: 'graphItLive_analyzeFileLogic',
  title: 'Call graph of one file',
  description: [
    'WHEN: Use this when you need to understand how functions call each other within a single file.',
    "WHY: Static analysis of import statements doesn't show internal function calls; this tool binds every call and reference in the file to the function, method, class or variable it names (tree-sitter parses and scope/import binding, no language server).",
    'WHAT: Returns symbol nodes (functions, classes, methods, variables) and edges (who calls or references whom, with lines) with cycle detection, optimized for AI consumption via TOON format (fewer tokens than JSON).',
  ].join(' '),
  input: z.strictObject({
    filePath: z.string().min(1).describe('Absolute path to file to analyze'),
    includeExternal: z.boolean().default(false).describe('Include calls to imported functions from other files (default: false)'),
    format: z.enum(['toon', 'json']).default('toon').describe("Output format: 'toon' (compressed, default) or 'json' (verbose)"),
  }),
  async run(args, { index }) {
    checkRate(index);
    if (!isAbsolute(args.filePath)) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `filePath must be an absolute path inside the workspace, got "${args.filePath}"`, {
        filePath: args.filePath,
      });
    }
    const path = await toolFile(index.root, args.filePath, 'filePath');
    await checkCallLanguage(index, path.relative);
    const graph = await index.callGraph(path.relative, { includeExternal: args.includeExternal, timeoutMs: GRAPH_TIMEOUT_MS });
    return args.format === 'json' ? toGraphJson(graph, args.filePath) : graph;
  },
  render(output) {
    return toToon(output as CallGraph);
  },
  errorBody(error: ToolError) {
    const code = seedCode(error.code);
    return { error: code, code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  },
});

const hierarchy = OPERATIONS.callHierarchy.parameters;

/** Callers or callees across the project. */
export const callHierarchy = defineTool({
  name: 'call_hierarchy',
  title: 'Callers and callees across the project',
  description: [
    'Who calls a function across the project (direction "incoming", default) or what it calls ("outgoing"), to depth levels (1-5, default 1).',
    'Give the function by position {file_path, line, column} (1-based, on its name at a definition or a call) or by name {symbol}.',
    'Each item has its definition (file:line:column), the call sites, and whether the call was bound through scopes and imports or matched by a unique name.',
  ].join(' '),
  input: z.strictObject({
    file_path: z.string().min(1).optional().describe('Path of a file (absolute, or relative to the project root)'),
    line: parameterArgument(hierarchy.line),
    column: parameterArgument(hierarchy.column),
    symbol: z.string().min(1).max(1_000).optional().describe('The function name, when no position is given'),
    direction: parameterArgument(hierarchy.direction),
    depth: parameterArgument(hierarchy.depth),
  }),
  async run(args, { index }) {
    if (args.file_path === undefined && args.symbol === undefined) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'Give file_path with line and column, or symbol', {
        suggestion: 'Call again with the position of the function name, or its name as symbol',
      });
    }
    const file = args.file_path === undefined ? undefined : (await toolFile(index.root, args.file_path, 'file_path')).relative;
    const query = {
      ...(file !== undefined ? { file } : {}),
      ...(args.line !== undefined ? { line: args.line } : {}),
      ...(args.column !== undefined ? { column: args.column } : {}),
      ...(args.symbol !== undefined ? { symbol: args.symbol } : {}),
    };
    return OPERATIONS.callHierarchy.call(index, { ...query, direction: args.direction, depth: args.depth });
  },
  render(output) {
    return renderHierarchy(output as CallHierarchyResult);
  },
});

/** The Graph-It-Live contract's tool and the project-wide call hierarchy. */
export const graphTools: AnyTool[] = [analyzeFileLogic, callHierarchy];
