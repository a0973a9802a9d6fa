/**
 * The agent's tools for one request: the `explainer` tool set (the Codebase Explainer spec's four tools) and four
 * symbol tools over the index, each bound to the request's scope. The shared tools already confine every path to the
 * root (`..`, absolute paths and symlinks out of it are refused with `PATH_TRAVERSAL`); this layer adds the request's
 * options, which the shared tools do not know:
 * - `excludePatterns`: never listed, searched or read;
 * - `includePatterns`: the files searched (search_code, search_symbols, find_definition). A file named by path
 *   (README.md, package.json) may still be listed and read, as the spec's "identify key files" needs;
 * - `maxDepth`: directory levels below the root, for every tool;
 * - `maxFiles`: distinct files read (read_file, analyze_imports, get_signatures, file_outline);
 * - `MAX_FILE_SIZE_KB`: the index refuses larger files, and search matches in them are dropped.
 * A refusal is `FILE_UNREADABLE` with `details.reason` (`EXCLUDED`, `TOO_DEEP`, `MAX_FILES`), which the spec
 * recovers from by skipping the file.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { CodeIndex } from '../code-index.js';
import { OPERATIONS } from '../catalog.js';
import { toolset } from '../tools/toolsets.js';
import { checkToolPath } from '../tools/paths.js';
import { runTool, unknownTool } from '../tools/runner.js';
import { type AnyTool, defineTool, type ToolContext } from '../tools/tool.js';
import type { Toolbox } from '../tools/toolbox.js';
import type { ExplainScopeOptions } from './schemas.js';

/** Why a file is out of a request's scope. */
export type ScopeReason = 'EXCLUDED' | 'TOO_DEEP' | 'MAX_FILES';

/** One request's limits and what its tools have touched. */
export class RequestScope {
  readonly root: string;
  readonly options: ExplainScopeOptions;
  readonly maxFileSize: number;
  /** Distinct files read (counted against `maxFiles`). */
  readonly filesRead = new Set<string>();
  /** Distinct files a tool returned content of: lines, matches or structure (`metadata.filesExamined`). */
  readonly filesExamined = new Set<string>();
  readonly #included: (path: string) => boolean;
  readonly #excluded: (path: string) => boolean;
  readonly #aliases: string[];

  /**
   * @param root - The real path of the request's directory.
   * @param aliases - Other absolute spellings of the root (the directory as the request gave it, before symlinks
   * were resolved), so that a model echoing it is understood.
   */
  constructor(root: string, options: ExplainScopeOptions, maxFileSize: number, aliases: string[] = []) {
    this.root = root;
    this.#aliases = aliases.filter((alias) => alias !== root);
    this.options = options;
    this.maxFileSize = maxFileSize;
    this.#included = options.includePatterns.length > 0 ? matcher(options.includePatterns, 'includePatterns') : () => true;
    this.#excluded = options.excludePatterns.length > 0 ? matcher(options.excludePatterns, 'excludePatterns') : () => false;
  }

  /** An absolute path under one of the root's aliases, rewritten under the root; anything else as given. */
  unalias(path: string): string {
    if (typeof path !== 'string' || !isAbsolute(path)) return path;
    for (const alias of this.#aliases) {
      if (path === alias) return this.root;
      if (path.startsWith(alias.endsWith(sep) ? alias : alias + sep)) return this.root + sep + path.slice(alias.length).replace(/^[\\/]+/, '');
    }
    return path;
  }

  /** The root-relative form of a path the model gave, when it is lexically inside the root; else undefined. */
  relative(path: string): string | undefined {
    if (typeof path !== 'string' || path.includes('\0')) return undefined;
    const unaliased = this.unalias(path);
    const absolute = isAbsolute(unaliased) ? resolve(unaliased) : resolve(this.root, unaliased);
    const rel = relative(this.root, absolute);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return sep === '/' ? rel : rel.split(sep).join('/');
  }

  /** Directory levels of a root-relative path (`a.ts` is 1, `src/a.ts` 2, the root 0). */
  depth(rel: string): number {
    return rel === '' ? 0 : rel.split('/').length;
  }

  isExcluded(rel: string, isDirectory = false): boolean {
    if (rel === '') return false;
    // A folder is excluded when what it holds is (`**/dist/**` excludes `dist`).
    return this.#excluded(rel) || (isDirectory && this.#excluded(`${rel}/.code-index-probe`));
  }

  /** Whether search tools may report a file: included, not excluded, not too deep, not too large. */
  isSearchable(rel: string): boolean {
    return this.#included(rel) && !this.isExcluded(rel) && this.depth(rel) <= this.options.maxDepth;
  }

  /** Whether list_directory may show an entry. */
  isVisible(rel: string, isDirectory: boolean): boolean {
    return !this.isExcluded(rel, isDirectory) && this.depth(rel) <= this.options.maxDepth;
  }

  /** Refuses a path out of scope (for reading when `read` is set); returns its root-relative form when inside. */
  check(path: string, argument: string, { read = false, isDirectory = false } = {}): string | undefined {
    const rel = this.relative(path);
    // Outside the root (or malformed): the shared tool refuses it with PATH_TRAVERSAL, which the model must see.
    if (rel === undefined) return undefined;
    if (this.isExcluded(rel, isDirectory)) {
      throw outOfScope('EXCLUDED', `${path} is excluded by this request's excludePatterns (${this.options.excludePatterns.join(', ')}); skip it`, argument, path);
    }
    const depth = this.depth(rel);
    if (depth > this.options.maxDepth || (isDirectory && depth >= this.options.maxDepth && depth > 0)) {
      throw outOfScope('TOO_DEEP', `${path} is ${depth} levels below the root, past this request's maxDepth of ${this.options.maxDepth}; stay within it`, argument, path);
    }
    if (read && !this.filesRead.has(rel) && this.filesRead.size >= this.options.maxFiles) {
      throw outOfScope(
        'MAX_FILES',
        `This request may read at most ${this.options.maxFiles} files and has read them all (${[...this.filesRead].join(', ')}); answer from what you have, or read one of those again`,
        argument,
        path,
      );
    }
    return rel;
  }

  /**
   * Runs `work` (which reads `path`) inside the scope: refused when out of it; the file is counted against
   * `maxFiles` before the read starts (calls of one turn run in parallel and must not all fit in the last slot),
   * and uncounted when the read fails.
   */
  async reading<T>(path: string, argument: string, work: () => Promise<T>): Promise<T> {
    const rel = this.check(path, argument, { read: true });
    const reserved = rel !== undefined && !this.filesRead.has(rel);
    if (reserved) this.filesRead.add(rel);
    try {
      const out = await work();
      if (rel !== undefined) this.filesExamined.add(rel);
      return out;
    } catch (error) {
      if (reserved) this.filesRead.delete(rel);
      throw error;
    }
  }

  /** Whether a file is larger than the request's size limit (unknown sizes count as too large). */
  isTooLarge(rel: string): boolean {
    try {
      return statSync(`${this.root}/${rel}`).size > this.maxFileSize;
    } catch {
      return true;
    }
  }
}

/** Most patterns, and longest pattern, of includePatterns and excludePatterns (each becomes a regular expression). */
const MAX_PATTERNS = 100;
const MAX_PATTERN_LENGTH = 500;

function matcher(patterns: string[], option: string): (path: string) => boolean {
  if (patterns.length > MAX_PATTERNS || patterns.some((pattern) => pattern.length > MAX_PATTERN_LENGTH)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `options.${option} may hold at most ${MAX_PATTERNS} patterns of at most ${MAX_PATTERN_LENGTH} characters each`, {
      [option]: patterns.length,
    });
  }
  try {
    return picomatch(patterns, { dot: true });
  } catch (error) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `options.${option} holds a pattern that is not a glob (${(error as Error).message}); use patterns such as "src/**/*.ts"`, {
      [option]: patterns,
    });
  }
}

function outOfScope(reason: ScopeReason, message: string, argument: string, path: string): CodeIndexError {
  return new CodeIndexError(ErrorCode.FILE_UNREADABLE, message, { [argument]: path, reason });
}

const PATH_ARGUMENTS = ['path', 'file', 'directory'];

/**
 * A tool with the same name, description and input as `tool`, whose run is `run`; absolute paths under an alias
 * of the root are rewritten under the root first.
 */
function wrap(scope: RequestScope, tool: AnyTool, run: (args: Record<string, unknown>, context: ToolContext) => Promise<unknown>): AnyTool {
  return {
    ...tool,
    run(args: Record<string, unknown>, context: ToolContext) {
      const unaliased = { ...args };
      for (const name of PATH_ARGUMENTS) if (typeof unaliased[name] === 'string') unaliased[name] = scope.unalias(unaliased[name]);
      return run(unaliased, context);
    },
  };
}

interface Entry {
  path: string;
  type: 'file' | 'directory';
}

/**
 * The Codebase Explainer spec's four tools, bound to the scope. A tool the set gains later runs with the path checks
 * only.
 */
function scopedExplainerTools(scope: RequestScope): AnyTool[] {
  return toolset('explainer').map((tool) => {
    switch (tool.name) {
      case 'list_directory':
        return wrap(scope, tool, async (args, context) => {
          const rel = scope.check(String(args.path), 'path', { isDirectory: true });
          const levels = rel === undefined ? Number(args.maxDepth) : Math.min(Number(args.maxDepth), scope.options.maxDepth - scope.depth(rel));
          const out = (await tool.run({ ...args, maxDepth: Math.max(1, levels) }, context)) as { entries: Entry[]; totalFiles: number; totalDirectories: number; truncated: boolean };
          const hidden = out.entries.filter((e) => !scope.isVisible(e.path, e.type === 'directory'));
          if (hidden.length === 0) return out;
          return {
            ...out,
            entries: out.entries.filter((e) => scope.isVisible(e.path, e.type === 'directory')),
            totalFiles: out.totalFiles - hidden.filter((e) => e.type === 'file').length,
            totalDirectories: out.totalDirectories - hidden.filter((e) => e.type === 'directory').length,
          };
        });
      case 'read_file':
      case 'analyze_imports':
        return wrap(scope, tool, (args, context) => {
          const argument = tool.name === 'read_file' ? 'path' : 'file';
          return scope.reading(String(args[argument]), argument, () => tool.run(args, context));
        });
      case 'search_code':
        return wrap(scope, tool, async (args, context) => {
          scope.check(String(args.directory), 'directory', { isDirectory: true });
          const wanted = Number(args.maxResults);
          // Ask for the most the tool gives, then keep what is in scope: out-of-scope files must not crowd out
          // the rest of the page.
          const out = (await tool.run({ ...args, maxResults: 500 }, context)) as {
            matches: { file: string }[];
            totalMatches: number;
            truncated: boolean;
          };
          const large = new Map<string, boolean>();
          const tooLarge = (file: string) => large.get(file) ?? large.set(file, scope.isTooLarge(file)).get(file);
          const kept = out.matches.filter((m) => scope.isSearchable(m.file) && !tooLarge(m.file));
          const matches = kept.slice(0, wanted);
          for (const m of matches) scope.filesExamined.add(m.file);
          const complete = !out.truncated;
          return {
            matches,
            totalMatches: complete ? kept.length : out.totalMatches,
            truncated: !complete || kept.length > matches.length,
          };
        });
      default:
        return wrap(scope, tool, async (args, context) => {
          for (const argument of PATH_ARGUMENTS) {
            if (typeof args[argument] === 'string') scope.check(args[argument], argument);
          }
          return tool.run(args, context);
        });
    }
  });
}


/** The symbol tools: search by name, definitions, signatures, a file's outline (from the tree-sitter index). */
function symbolTools(scope: RequestScope): AnyTool[] {
  const reading = <T>(file: string, work: () => Promise<T>) => {
    checkToolPath(file, 'file');
    return scope.reading(file, 'file', work);
  };
  const tools: AnyTool[] = [
    defineTool({
      name: 'search_symbols',
      title: 'Search symbols',
      description: [
        'Find functions, classes, methods, interfaces and constants by name across the project, without reading files:',
        'exact names first, then prefix, camelCase initials ("gUBI"), * and ? wildcards, and fuzzy matches. Each match has its file, line, kind and signature.',
        'Use it to locate code before read_file.',
      ].join(' '),
      input: z.strictObject({
        query: z.string().min(1).max(200).describe('A symbol name or pattern, e.g. "authMiddleware", "*Handler", "UserServ"'),
        kind: z.enum(OPERATIONS.searchSymbols.parameters.kind.values).default('any').describe('Only this kind of symbol (default any)'),
        limit: z.number().int().min(1).max(100).default(20).describe('Most matches returned (default 20)'),
      }),
      async run(args, { index }) {
        const result = await index.searchSymbols({ query: args.query, limit: 1000, ...(args.kind !== 'any' ? { kind: args.kind } : {}) });
        const inScope = result.matches.filter((m) => scope.isSearchable(m.file));
        const matches = inScope.slice(0, args.limit);
        for (const m of matches) scope.filesExamined.add(m.file);
        return {
          matches: matches.map((m) => ({ name: m.symbol, kind: m.kind, file: m.file, line: m.line, signature: m.signature, ...(m.scope ? { scope: m.scope } : {}) })),
          totalMatches: result.hasMore ? result.total : inScope.length,
          truncated: result.hasMore || inScope.length > matches.length,
        };
      },
    }),
    defineTool({
      name: 'find_definition',
      title: 'Find a definition',
      description: [
        'Find where a symbol is defined: file, line, kind and the definition\'s first line. Accepts "name" or "Class.method".',
        'More precise than search_code for locating a function, class or constant.',
      ].join(' '),
      input: z.strictObject({ symbol: z.string().min(1).max(200).describe('e.g. "createServer" or "UserService.create"') }),
      async run(args, { index }) {
        const result = await index.findDefinitions({ symbol: args.symbol });
        const definitions = result.definitions.filter((d) => scope.isSearchable(d.file));
        for (const d of definitions) scope.filesExamined.add(d.file);
        return {
          symbol: args.symbol,
          found: definitions.length > 0,
          definitions: definitions.map((d) => ({ file: d.file, line: d.line, kind: d.kind, preview: d.preview, ...(d.scope ? { scope: d.scope } : {}) })),
        };
      },
    }),
    defineTool({
      name: 'get_signatures',
      title: 'List signatures',
      description: 'List every function, method and constructor signature of a file (name, line, signature), without reading its bodies.',
      input: z.strictObject({ file: z.string().min(1).describe('File, relative to the root or absolute inside it') }),
      async run(args, { index }) {
        const signatures = await reading(args.file, () => index.getSignatures(args.file));
        return { file: args.file, signatures: signatures.map((s) => ({ line: s.line, ...(s.kind ? { kind: s.kind } : {}), signature: s.signature })) };
      },
    }),
    defineTool({
      name: 'file_outline',
      title: 'Outline a file',
      description: [
        'The structure of a file without reading it: one line per definition ("12-40 class UserService", "14 method create(name: string): User"),',
        'its imports and its exports. Much cheaper than read_file for deciding which lines to read.',
      ].join(' '),
      input: z.strictObject({ file: z.string().min(1).describe('File, relative to the root or absolute inside it') }),
      async run(args, { index }) {
        const analysis = await reading(args.file, () => index.analyzeFile(args.file));
        const span = (item: { line: number; endLine?: number }) => (item.endLine && item.endLine > item.line ? `${item.line}-${item.endLine}` : `${item.line}`);
        const outline: { line: number; text: string }[] = [
          ...analysis.functions.map((f) => ({ line: f.line, text: `${span(f)} function ${f.signature}` })),
          ...analysis.classes.flatMap((c) => [
            { line: c.line, text: `${span(c)} ${c.kind ?? 'class'} ${c.name}${c.extends ? ` extends ${c.extends}` : ''}` },
            ...[...(c.constructors ?? []), ...c.methods].map((m) => ({ line: m.line, text: `${span(m)} method ${c.name}.${m.signature}` })),
          ]),
          ...analysis.interfaces.map((t) => ({ line: t.line, text: `${span(t)} ${t.kind} ${t.name}` })),
          ...analysis.constants.map((k) => ({ line: k.line, text: `${k.line} constant ${k.name}` })),
        ].sort((a, b) => a.line - b.line);
        return {
          file: analysis.file,
          language: analysis.language,
          outline: outline.map((o) => o.text),
          imports: analysis.imports.map((i) => i.source),
          exports: analysis.exports.map((e) => e.name),
        };
      },
    }),
  ];
  return tools.map((tool) => wrap(scope, tool, tool.run));
}

/** Limits of the scoped toolbox's runner. */
export interface ScopedToolboxOptions {
  /** Longest tool result in characters. */
  maxResultChars: number;
  /** Time budget of one tool call, in milliseconds. */
  timeoutMs: number;
}

/** A toolbox whose results can be bounded per call: the agent shares a budget of result characters per request. */
export interface AgentToolbox extends Toolbox {
  /** The same tools with results cut to `maxResultChars` (when lower than the toolbox's own limit). */
  withResultLimit(maxResultChars: number): Toolbox;
}

/** The agent's toolbox for one request: every tool bound to the index and the scope. `call` never throws. */
export function createScopedToolbox(index: CodeIndex, scope: RequestScope, options: ScopedToolboxOptions): AgentToolbox {
  const tools = [...scopedExplainerTools(scope), ...symbolTools(scope)];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const view = (maxResultChars: number): Toolbox => ({
    index,
    tools,
    async call(name, args) {
      const tool = byName.get(name);
      if (!tool) return unknownTool(name, [...byName.keys()]);
      return runTool(tool, args, { index }, { maxResultChars, timeoutMs: options.timeoutMs });
    },
    close() {
      index.close();
    },
  });
  return { ...view(options.maxResultChars), withResultLimit: (limit) => view(Math.min(limit, options.maxResultChars)) };
}

/** The shared read_file tool, unscoped, for checking the model's snippets against the files. */
export function plainReadFile(): AnyTool {
  const tool = toolset('explainer').find((t) => t.name === 'read_file');
  if (!tool) throw new CodeIndexError(ErrorCode.INTERNAL_ERROR, 'The explainer tool set has no read_file tool');
  return tool;
}
