/**
 * Compact renderings of project-wide answers: symbol search (the Lace `code_analyze` spec) and the `treesitter`
 * tool's definition, references, hover and parse (the MCP tree-sitter server spec). Paths are root-relative; results
 * are grouped under their file, so a path is written once.
 *
 * @module
 */
import { groupBy } from '../model/multimap.js';
import type { SymbolSearchResult } from '../types.js';
import { type Detail, position } from './text.js';

/** Lines grouped under their file, files in first-seen order. */
function groupByFile<T extends { file: string }>(items: T[], line: (item: T) => string): string[] {
  return [...groupBy(items, (item) => item.file)].flatMap(([file, group]) => [file, ...group.map((item) => `  ${line(item)}`)]);
}

/** The next-page line of a paginated result. */
function nextPage(shown: number, total: number, offset: number, next: number | undefined, what: string): string[] {
  return next === undefined ? [] : [`… ${shown} of ${total} ${what} shown (from offset ${offset}); call again with offset=${next} for more`];
}

/** Search results grouped by file: `  12:5 function UserService.login(email: string): Promise<User>`. */
export function renderSearch(result: SymbolSearchResult, detail: Detail = 'signatures'): string {
  if (result.matches.length === 0) return `no matches (${result.totalFiles} files searched)`;
  const header = `${result.total} match${result.total === 1 ? '' : 'es'} in ${result.totalFiles} files searched`;
  const lines = groupByFile(result.matches, (m) => {
    const name = `${m.scope ? `${m.scope}.` : ''}${m.symbol}`;
    const at = position(detail, m.line, m.column);
    if (detail === 'outline') return `${at} ${m.kind} ${name}`;
    // A callable's signature says its name; anything else's is its first line, worth its tokens in full detail only.
    const callable = m.type === 'function' || m.type === 'macro';
    const rest = callable && m.signature.startsWith(m.symbol) ? m.signature.slice(m.symbol.length) : callable || detail === 'full' ? `  ${m.signature}` : '';
    return `${at} ${m.kind} ${name}${rest === `  ${m.symbol}` ? '' : rest}`;
  });
  return [header, ...lines, ...nextPage(result.returnedCount, result.total, result.offset, result.nextOffset, 'matches')].join('\n');
}

/** A root-relative path for an absolute one under `root`. */
function relative(root: string, path: string): string {
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

interface ParseWarning {
  code?: string;
  message?: string;
  details?: { error_count?: unknown; errors?: Array<{ line: number; column: number; message: string }> };
}

function warningLine(warning: unknown): string[] {
  if (!warning || typeof warning !== 'object') return [];
  const w = warning as ParseWarning;
  const count = Number(w.details?.error_count ?? 0);
  return [`⚠️ ${w.code ?? 'WARNING'}: ${count > 0 ? `the file has ${count} syntax error${count === 1 ? '' : 's'}; results may be incomplete` : (w.message ?? '')}`];
}

type Located = { file_path: string; line: number; column: number; kind: string; preview: string; resolution?: string };

/**
 * The `treesitter` tool's outputs (the MCP tree-sitter server's shapes, snake_case, absolute paths) as compact text:
 * paths relative to `root`, the spec's fixed notes left out (they are in the structured result).
 */
export function renderTreesitter(operation: string, output: Record<string, unknown>, root: string): string {
  const warning = warningLine(output.warning);
  const located = (items: Located[]) =>
    groupByFile(
      items.map((item) => ({ ...item, file: relative(root, item.file_path) })),
      (item) => `${item.line}:${item.column} ${item.kind}  ${item.preview}`,
    );
  // A page that is not the whole list says where the next starts.
  const more = output.has_more === true ? [`more: call again with offset=${String(output.next_offset)}`] : [];
  // An item found by name among bound ones says so.
  const marked = (items: Located[], overall: unknown) =>
    items.map((item) => (overall !== 'name_match' && item.resolution === 'name_match' ? { ...item, preview: `${item.preview}  (by name)` } : item));
  if (operation === 'definition') {
    const definitions = (output.definitions as Located[]) ?? [];
    const total = Number(output.total_count ?? definitions.length);
    const how =
      output.resolution === 'bound'
        ? 'bound'
        : output.resolution === 'external'
          ? 'outside the project'
          : `by name, ${total} in all: several are possible`;
    const head =
      definitions.length === 0
        ? `no definition of ${String(output.symbol)} found${typeof output.note === 'string' ? ` (${output.note})` : ''}`
        : `${definitions.length} definition${definitions.length === 1 ? '' : 's'} of ${String(output.symbol)} (${how}):`;
    return [...warning, head, ...located(marked(definitions, output.resolution)), ...more].join('\n');
  }
  if (operation === 'references') {
    const references = (output.references as Located[]) ?? [];
    const total = Number(output.total_count ?? references.length);
    const how = output.resolution === 'name_match' ? 'by name' : 'bound';
    const head = `${total} reference${total === 1 ? '' : 's'} to ${String(output.symbol)} (${how})${references.length < total ? `, ${references.length} shown` : ''}:`;
    return [...warning, head, ...located(marked(references, output.resolution)), ...more].join('\n');
  }
  if (operation === 'hover') {
    const where = output.definition_location as { file_path: string; line: number } | undefined;
    return [
      ...warning,
      String(output.signature ?? output.symbol),
      ...(typeof output.documentation === 'string' && output.documentation !== '' ? [output.documentation] : []),
      ...(where ? [`defined at ${relative(root, where.file_path)}:${where.line}`] : []),
    ].join('\n');
  }
  // parse: the warning's error list is the `errors` listed below.
  const symbols = (output.symbols as Array<{ name: string; kind: string; line: number; column: number }>) ?? [];
  const errors = (output.errors as Array<{ line: number; column: number; message: string }>) ?? [];
  return [
    ...warning,
    `${String(output.language)} (${String(output.root_node)}), parsed in ${String(output.parse_time_ms)} ms`,
    ...symbols.map((s) => `${s.line}:${s.column} ${s.kind} ${s.name}`),
    ...errors.map((e) => `error ${e.line}:${e.column} ${e.message}`),
  ].join('\n');
}
