/**
 * The `agent` tool set: one curated toolbox for agents, twelve tools that answer twelve different questions, with
 * short descriptions that say when to use each and what it costs, and small schemas. Each tool runs one of the spec
 * sets' tools (their validation, paging, budgets and errors), its arguments mapped onto that tool's; the spec sets
 * stay as they are for hosts built against them.
 *
 * @module
 */
import { posix } from 'node:path';
import { z } from 'zod';
import { type AnyTool, resultOptions, type ToolContext } from '../tool.js';
import { listDirectoryText, readFileText, searchTextText } from './agent-text.js';
import { changesTool } from './changes.js';
import { codeAnalyze } from './code-analyze.js';
import { analyzeFileLogic, callHierarchy } from './graph.js';
import { repoMapTool } from './repo-map.js';
import { scannerTools } from './scanner.js';
import { treesitter } from './treesitter.js';

const file = z.string().min(1).describe('Path from the project root');
const line = z.number().int().min(1).describe('1-based line');
const column = z.number().int().min(1).describe('1-based column of the name');
const offset = z.number().int().min(0).optional().describe('Where to continue: the next_offset of a cut answer');

/** A scanner tool by name. */
function scanner(name: string): AnyTool {
  const tool = scannerTools.find((each) => each.name === name);
  if (!tool) throw new Error(`No scanner tool ${name}`);
  return tool;
}

/**
 * A tool of this set over a tool of a spec set: its own name, description and schema (with `maxTokens`), its
 * arguments mapped onto the base tool's (an argument not given is undefined there, as omitted) and validated there,
 * the base tool's run, and the base tool's text or this tool's own `text` (not a spec's own error shape: every tool
 * of this set fails alike). With its own `text`, the base result's `warning` (which names the base tool's arguments)
 * is left out: the text says how to continue in this tool's terms.
 */
function over<Input extends z.ZodObject>(
  base: AnyTool,
  tool: {
    name: string;
    title: string;
    description: string;
    input: Input;
    map: (args: z.output<Input>, context: ToolContext) => Record<string, unknown>;
    /** The text of a result (of the base tool's output type). */
    text?: (output: never) => string;
  },
): AnyTool {
  const input = tool.input.extend(resultOptions);
  const baseArgs = (args: z.output<typeof input>, context: ToolContext) =>
    base.input.parse({ ...tool.map(args as z.output<Input>, context), maxTokens: args.maxTokens });
  const { text } = tool;
  const render = text
    ? (output: unknown) => text(output as never)
    : base.render
      ? (output: unknown, args: z.output<typeof input>, context: ToolContext) => (base.render as NonNullable<AnyTool['render']>)(output, baseArgs(args, context), context)
      : undefined;
  return {
    name: tool.name,
    description: tool.description,
    input,
    annotations: { ...base.annotations, title: tool.title },
    run: text
      ? async (args, context) => withoutWarning(await base.run(baseArgs(args, context), context))
      : (args, context) => base.run(baseArgs(args, context), context),
    ...(render ? { render } : {}),
  };
}

function withoutWarning(output: unknown): unknown {
  if (!output || typeof output !== 'object' || !('warning' in output)) return output;
  const rest = { ...(output as Record<string, unknown>) };
  delete rest.warning;
  return rest;
}

const position = z.strictObject({ file, line, column });

const outline = over(codeAnalyze, {
  name: 'outline',
  title: 'Outline a file',
  description:
    "A file's structure without reading it: functions, classes and their methods with signatures and lines, imports, exports. Read this before read_file; about a line per definition.",
  input: z.strictObject({ file, detail: z.enum(['outline', 'signatures', 'full']).optional().describe('outline: names and lines; full: docs too') }),
  map: (args) => ({ operation: 'analyze_file', file: args.file, detail: args.detail }),
});

const findSymbols = over(codeAnalyze, {
  name: 'find_symbols',
  title: 'Find symbols',
  description: 'Definitions whose name matches (substring, case-insensitive) across the project, with kind, file and line. Start here when you know a name but not where it is.',
  input: z.strictObject({ query: z.string().min(1).describe('Part of a name'), path: z.string().optional().describe('Only under this folder'), offset }),
  map: (args) => ({ operation: 'search_symbols', query: args.query, path: args.path, offset: args.offset }),
});

const definition = over(treesitter, {
  name: 'definition',
  title: 'Go to definition',
  description: 'Where the name at a position is defined (bound through scopes, imports and members), best first.',
  input: position,
  map: (args) => ({ operation: 'definition', file_path: args.file, line: args.line, column: args.column }),
});

const references = over(treesitter, {
  name: 'references',
  title: 'Find references',
  description: 'Every use of the name at a position across the project, by file. Before changing a function or member: who depends on it.',
  input: position.extend({ offset }),
  map: (args) => ({ operation: 'references', file_path: args.file, line: args.line, column: args.column, offset: args.offset }),
});

const hover = over(treesitter, {
  name: 'hover',
  title: 'Hover',
  description: 'The signature and documentation of the name at a position. Cheap: one definition.',
  input: position,
  map: (args) => ({ operation: 'hover', file_path: args.file, line: args.line, column: args.column }),
});

const calls = over(callHierarchy, {
  name: 'call_hierarchy',
  title: 'Callers or callees',
  description: 'Who calls the function at a position (incoming) or what it calls (outgoing), across files, to a depth.',
  input: position.extend({
    direction: z.enum(['incoming', 'outgoing']).optional().describe('Default incoming'),
    depth: z.number().int().min(1).max(5).optional().describe('Levels, default 1'),
  }),
  map: (args) => ({ file_path: args.file, line: args.line, column: args.column, direction: args.direction, depth: args.depth }),
});

const callGraph = over(analyzeFileLogic, {
  name: 'call_graph',
  title: "A file's call graph",
  description: 'How the functions of one file call each other, with cycles (compact text).',
  input: z.strictObject({ file, external: z.boolean().optional().describe('Also calls to imported names') }),
  // (the contract takes an absolute path, checked inside the root there)
  map: (args, { index }) => ({ filePath: posix.join(index.root, args.file), includeExternal: args.external }),
});

const repoMap = over(repoMapTool, {
  name: 'repo_map',
  title: 'Repository map',
  description: "The project's most important files and definitions within a token budget. Call first in an unknown repository.",
  input: z.strictObject({
    tokens: z.number().int().min(100).max(16_000).optional().describe('Budget, default 1024'),
    focus: z.array(z.string()).optional().describe('Files to center on'),
    path: z.string().optional().describe('Only under this folder'),
  }),
  map: (args) => ({ tokenBudget: args.tokens, focus: args.focus, path: args.path }),
});

const readFile = over(scanner('read_file'), {
  name: 'read_file',
  title: 'Read lines',
  description: 'Lines of a file, numbered. Read a range (from outline or a search) rather than the whole file.',
  input: z.strictObject({
    file,
    start: z.number().int().min(1).optional().describe('First line'),
    end: z.number().int().min(1).optional().describe('Last line'),
    column: z.number().int().min(1).optional().describe('Column of start to begin at, when a long line was cut'),
  }),
  map: (args) => ({ file_path: args.file, start_line: args.start, end_line: args.end, start_column: args.column }),
  text: readFileText,
});

const searchText = over(scanner('search_text'), {
  name: 'search_text',
  title: 'Search text',
  description: 'Lines matching a text or regular expression, by file, 50 a page. For strings, comments and names the index does not define.',
  input: z.strictObject({
    pattern: z.string().min(1).describe('Text, or a regular expression with regex'),
    regex: z.boolean().optional(),
    glob: z.string().optional().describe('Only files matching, e.g. src/**/*.ts'),
    offset,
  }),
  map: (args) => ({ patterns: [args.pattern], is_regex: args.regex, file_pattern: args.glob, offset: args.offset }),
  text: searchTextText,
});

const listDirectory = over(scanner('list_directory'), {
  name: 'list_directory',
  title: 'List a folder',
  description: 'Files and folders under a path (ignored files left out), 100 a page.',
  input: z.strictObject({ path: z.string().describe('Folder from the root; "." for the root'), recursive: z.boolean().optional(), offset }),
  map: (args) => ({ directory_path: args.path, recursive: args.recursive, offset: args.offset }),
  text: listDirectoryText,
});


/** The `agent` set's tools. */
export const agentTools: AnyTool[] = [repoMap, outline, findSymbols, definition, references, hover, calls, callGraph, readFile, searchText, listDirectory, changesTool];
