/**
 * What a position query designates and where its answers may come from, shared by definitions, references and hover:
 * the identifier at the position (or named), the files of the query's scope, the binding of the identifier, and a
 * bound target as a definition location.
 *
 * @module
 */
import { posix } from 'node:path';
import type { Resolver, Target } from '../binding/resolver.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { FileFacts } from '../model/facts.js';
import { scopeOf } from '../model/views.js';
import type { DefinitionLocation, PositionQuery, Resolution, SearchScope } from '../types.js';
import { MAX_QUERY_LENGTH, type OperationContext } from './context.js';

/** The MCP tree-sitter server spec's note on name matching. */
export const NAME_MATCH_NOTE =
  'Multiple definitions possible - tree-sitter uses name matching, not semantic resolution';
/** The note of a bound answer. */
export const BOUND_NOTE = 'Resolved through scopes, imports and members (what is written; no type inference)';

/** The identifier a query designates, with where it was found. */
export interface TargetName {
  /** The name. */
  name: string;
  /** The container a `{ symbol: 'Container.member' }` query names (or its `container`). */
  container?: string;
  /** The file and position of the identifier used, when the query named a file. */
  at?: { file: string; line: number; column: number };
  /** The facts of that file. */
  facts?: FileFacts;
}

/** What finding the target of a query reads. */
export type TargetContext = Pick<OperationContext, 'workspace' | 'analyzer'>;

/**
 * The identifier a position query designates: the tagged name at `{ file, line, column }` (or the identifier the
 * parser finds there), the name on a line (`{ file, line, symbol }`), or a name alone (`{ symbol }`, after the whole
 * tree is indexed, `Container.member` read as a member unless a definition has the dotted name).
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a bad query or position, `TS_SYMBOL_NOT_FOUND`,
 * `TS_UNSUPPORTED_LANGUAGE`.
 */
export async function resolveTarget(context: TargetContext, query: PositionQuery): Promise<TargetName> {
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
    await workspace.indexFolder('');
    const parts = symbol.split('.');
    if (parts.length > 1 && workspace.names.definitionsNamed(symbol).length === 0) {
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

// ---- the scope of a query ---------------------------------------------------------------------------------

/** A `path` option as a root-relative folder or file: `''` for the root (none, `.`), without `./` before or `/` after. */
export function scopeFolder(path: string | undefined): string {
  if (!path || path === '.') return '';
  const folder = path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return folder === '.' ? '' : folder;
}

/**
 * A `path` option that only filters what the index lists (it reaches no file itself) as {@link scopeFolder} gives it,
 * refused with `INVALID_ARGUMENT` when it leaves the root (absolute, or with a `..` part).
 */
export function scopeInsideRoot(path: string | undefined): string {
  const folder = scopeFolder(path);
  if (folder.startsWith('/') || folder.split('/').includes('..')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `path must be inside the root, got ${JSON.stringify(path)}`, { path });
  }
  return folder;
}

/** The folder of a root-relative file (`''` for the root). */
export function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** The files of a search scope: which files are in it, and a way to index them all (for the name table). */
export interface ScopeFiles {
  /** Whether a file is in the scope. */
  inScope(file: string): boolean;
  /** Indexes the scope's files: needed by name matches and references, not by a lookup that binds. */
  indexAll(): Promise<void>;
}

/** The files of the scope a query asks for, around its target. */
export function scopeFiles(context: Pick<OperationContext, 'workspace'>, target: TargetName, scope: SearchScope): ScopeFiles {
  if (scope === 'file' && target.at) {
    const file = target.at.file;
    return { inScope: (candidate) => candidate === file, indexAll: async () => {} };
  }
  if (scope === 'directory' && target.at) {
    const folder = folderOf(target.at.file);
    return {
      inScope: (candidate) => folderOf(candidate) === folder,
      indexAll: async () => void (await context.workspace.indexFolder(folder)),
    };
  }
  return { inScope: () => true, indexAll: async () => void (await context.workspace.indexFolder('')) };
}

/**
 * A caller's time budget (`timeoutMs` of a call graph, a reference query, ...), refused with `INVALID_ARGUMENT`
 * unless it is a positive number of milliseconds.
 */
export function checkTimeout(timeoutMs: unknown): number {
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `timeoutMs must be a positive number, got ${JSON.stringify(timeoutMs)}`, { timeoutMs });
  }
  return timeoutMs;
}

/** A query's scope, or the default; refused when it is none of the three. */
export function checkScope(scope: unknown, fallback: SearchScope): SearchScope {
  const value = scope ?? fallback;
  if (value !== 'file' && value !== 'directory' && value !== 'project') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `scope must be "file", "directory" or "project", got ${JSON.stringify(scope)}`, {
      scope,
    });
  }
  return value;
}

// ---- the binding of a target ------------------------------------------------------------------------------

/** A resolved target as a definition location. */
export async function locationOf(
  context: Pick<OperationContext, 'workspace'>,
  target: Target,
  resolution: Resolution,
): Promise<DefinitionLocation | undefined> {
  const facts = await context.workspace.factsOf(target.file);
  if (!facts) return undefined;
  if ('def' in target) {
    const def = facts.definitions[target.def];
    if (!def) return undefined;
    const scope = scopeOf(facts, def);
    const preview = facts.previews[def.line] ?? '';
    return { file: target.file, line: def.line, column: def.column, kind: def.kind, preview, ...(scope ? { scope } : {}), resolution };
  }
  if ('binding' in target) {
    const binding = facts.bindings[target.binding];
    if (!binding) return undefined;
    const preview = facts.previews[binding.line] ?? '';
    return { file: target.file, line: binding.line, column: binding.column, kind: binding.kind, preview, resolution };
  }
  return { file: target.file, line: 1, column: 1, kind: 'module', preview: facts.previews[1] ?? '', resolution };
}

/** The name at a position bound to its declarations; undefined when the position has no name the facts know. */
export async function bindTarget(context: Pick<OperationContext, 'workspace' | 'resolver'>, target: TargetName): Promise<BoundTarget | undefined> {
  if (!target.at || !target.facts) return undefined;
  // Which files exist (for imports); the files the binding reaches are analyzed as it reaches them.
  await context.workspace.listFiles();
  return context.resolver.definitionAt(target.at.file, target.facts, target.at.line, target.at.column);
}

/** What the binding answers for a target's position. */
export type BoundTarget = NonNullable<Awaited<ReturnType<Resolver['definitionAt']>>>;

/** Validates a 1-based position argument. */
function checkPosition(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a whole number from 1, got ${String(value)}`, {
      [name]: value,
      suggestion: `Lines and columns are 1-based; pass ${name} >= 1`,
    });
  }
  return value;
}
