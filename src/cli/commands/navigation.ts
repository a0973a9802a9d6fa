/**
 * The navigation commands over the whole project: `symbols`, `def`, `refs`, `hover`, `calls`. A position is
 * `FILE:LINE:COL`, `FILE:LINE:NAME` or a `NAME` alone.
 *
 * @module
 */
import type { CallHierarchyItem } from '../../types.js';
import { indexWithProgress } from '../progress.js';
import {
  type Cell,
  type Command,
  type CommandContext,
  colors,
  columns,
  countOption,
  EXIT,
  location,
  positionArgument,
  scopeOption,
  usageError,
} from '../shared.js';

const POSITION_HELP =
  'POSITION is FILE:LINE:COL (the identifier there), FILE:LINE:NAME (that name on the line) or NAME (a symbol ' +
  'anywhere; Class.member works).';

/** The one positional argument of a position command. */
function onePosition(positionals: string[]): string | undefined {
  if (positionals.length > 1) throw usageError(`one POSITION expected, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0];
}

/** Exit 0 when something was listed, else 1 with a note saying so (for people: `--json` prints the empty result). */
function found(context: CommandContext, count: number, nothing: string): number {
  if (count > 0) return EXIT.FOUND;
  if (!context.json) context.out.note(`code-index: ${nothing}`);
  return EXIT.NOTHING;
}

/** `code-index symbols QUERY` */
export const symbols: Command = {
  name: 'symbols',
  args: 'QUERY',
  summary: 'Definitions whose names match QUERY across the project: exact, case-insensitive, prefix, * and ? globs, camelCase initials, fuzzy.',
  details: 'JSON: SymbolSearchResult { matches: SymbolMatch[], total, totalFiles, offset, returnedCount, hasMore, nextOffset? }.',
  shared: ['limit'],
  options: {
    kind: { type: 'string', flag: '--kind K', help: 'function, method, class, interface, constant, variable or any' },
    path: { type: 'string', flag: '--path P', help: 'search this folder or file only (relative to --root)' },
    offset: { type: 'string', flag: '--offset N', help: 'skip N matches (the nextOffset of a previous page)' },
  },
  async run(context) {
    const [query, ...rest] = context.positionals;
    if (query === undefined || query === '') throw usageError('a QUERY is required (a name or a glob such as "get*")');
    if (rest.length > 0) throw usageError(`one QUERY expected, got ${context.positionals.length}: quote a QUERY with spaces`);
    const limit = countOption(context.values, 'limit');
    const offset = countOption(context.values, 'offset', 0);
    const index = await context.index();
    await indexWithProgress(index);
    const result = await index.searchSymbols({
      query,
      ...(typeof context.values.kind === 'string' ? { kind: context.values.kind } : {}),
      ...(typeof context.values.path === 'string' ? { path: context.values.path } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(offset !== undefined ? { offset } : {}),
    });
    context.out.result(result, () =>
      columns(
        result.matches.map((m): Cell[] => [
          location(m.file, m.line, m.column),
          [m.kind, colors.yellow],
          [`${m.scope ? `${m.scope}.` : ''}${m.symbol}`, colors.bold],
          m.signature,
        ]),
      ),
    );
    if (!context.json && result.hasMore) {
      context.out.note(`${result.returnedCount} of ${result.total} shown; --offset ${result.nextOffset ?? ''} for more, or --limit`);
    }
    return found(context, result.matches.length, `no symbol matches "${query}"`);
  },
};

/** `code-index def POSITION` */
export const def: Command = {
  name: 'def',
  args: 'POSITION',
  summary: 'Where the symbol at POSITION is defined: bound through scopes and imports, else same-named definitions, ranked.',
  details: `${POSITION_HELP}\nJSON: DefinitionsResult { symbol, definitions: DefinitionLocation[], total, resolution, note }.`,
  shared: ['scope', 'limit'],
  async run(context) {
    const query = positionArgument(onePosition(context.positionals), scopeOption(context.values));
    const limit = countOption(context.values, 'limit');
    const index = await context.index();
    if (query.scope !== 'file') await indexWithProgress(index);
    const result = await index.findDefinitions(query);
    const shown = result.definitions.slice(0, limit);
    context.out.result({ ...result, definitions: shown }, () =>
      columns(
        shown.map((d): Cell[] => [
          location(d.file, d.line, d.column),
          [d.kind, colors.yellow],
          d.preview.trim(),
          [d.resolution ?? result.resolution, colors.dim],
        ]),
      ),
    );
    return found(context, shown.length, `no definition of "${result.symbol}" found`);
  },
};

/** `code-index refs POSITION` */
export const refs: Command = {
  name: 'refs',
  args: 'POSITION',
  summary: 'Every reference to the symbol at POSITION (calls, types, imports, ...); definition sites are not listed.',
  details: `${POSITION_HELP}\nJSON: ReferencesResult { symbol, references: ReferenceLocation[], total, definitions, resolution, note }.`,
  shared: ['scope', 'limit'],
  async run(context) {
    const query = positionArgument(onePosition(context.positionals), scopeOption(context.values));
    const limit = countOption(context.values, 'limit');
    const index = await context.index();
    if (query.scope !== 'file') await indexWithProgress(index);
    const result = await index.findReferences(query);
    const shown = result.references.slice(0, limit);
    context.out.result({ ...result, references: shown }, () =>
      columns(shown.map((r): Cell[] => [location(r.file, r.line, r.column), [r.kind, colors.yellow], r.preview.trim()])),
    );
    if (!context.json && shown.length < result.references.length) context.out.note(`${shown.length} of ${result.total} shown`);
    return found(context, shown.length, `no reference to "${result.symbol}" found`);
  },
};

/** `code-index hover POSITION` */
export const hoverCommand: Command = {
  name: 'hover',
  args: 'POSITION',
  summary: 'Signature and doc comment of the definition of the symbol at POSITION.',
  details: `${POSITION_HELP}\nJSON: HoverResult { symbol, kind, signature, documentation?, definitionLocation: { file, line }, otherDefinitions, note }.`,
  shared: ['scope'],
  async run(context) {
    const query = positionArgument(onePosition(context.positionals), scopeOption(context.values));
    const index = await context.index();
    const result = await index.hover(query);
    context.out.result(result, () =>
      [
        `${colors.bold(result.signature)}  ${colors.yellow(result.kind)}`,
        columns([[location(result.definitionLocation.file, result.definitionLocation.line)]]),
        ...(result.documentation ? ['', result.documentation] : []),
      ].join('\n'),
    );
    return EXIT.FOUND;
  },
};

function hierarchyLines(items: CallHierarchyItem[], depth: number, rows: Cell[][]): void {
  for (const item of items) {
    const sites = item.callSites.map((site) => `${site.line}:${site.column}`).join(' ');
    rows.push([
      `${'  '.repeat(depth)}${item.name}`,
      [item.kind, colors.yellow],
      item.resolution === 'external' ? `${item.module ?? 'external'}` : location(item.file, item.line, item.column),
      [`${item.callSites.length === 1 ? 'call' : 'calls'} at ${sites}`, colors.dim],
    ]);
    if (item.calls) hierarchyLines(item.calls, depth + 1, rows);
  }
}

/** `code-index calls POSITION` */
export const calls: Command = {
  name: 'calls',
  args: 'POSITION',
  summary: 'Who calls the function at POSITION (--incoming, the default), or what it calls (--outgoing), to --depth levels.',
  details: `${POSITION_HELP}\nJSON: CallHierarchyResult { symbol, root, direction, depth, items: CallHierarchyItem[], total, unresolved, truncated, note }.`,
  shared: ['limit'],
  options: {
    incoming: { type: 'boolean', help: 'the callers (default)' },
    outgoing: { type: 'boolean', help: 'the callees' },
    depth: { type: 'string', flag: '--depth N', help: 'levels to follow, 1 to 5 (default 1)' },
  },
  async run(context) {
    if (context.values.incoming === true && context.values.outgoing === true) throw usageError('--incoming and --outgoing exclude each other');
    const query = positionArgument(onePosition(context.positionals), undefined);
    const depth = countOption(context.values, 'depth');
    const limit = countOption(context.values, 'limit');
    const index = await context.index();
    await indexWithProgress(index);
    const result = await index.callHierarchy(query, {
      direction: context.values.outgoing === true ? 'outgoing' : 'incoming',
      ...(depth !== undefined ? { depth } : {}),
      ...(limit !== undefined ? { maxItems: limit } : {}),
    });
    context.out.result(result, () => {
      const rows: Cell[][] = [];
      hierarchyLines(result.items, 1, rows);
      const head = `${colors.bold(result.root.name)}  ${colors.yellow(result.root.kind)}  ${colors.cyan(`${result.root.file}:${result.root.line}:${result.root.column}`)}  ${colors.dim(result.direction === 'incoming' ? 'called by' : 'calls')}`;
      return [head, columns(rows)].filter(Boolean).join('\n');
    });
    if (!context.json && result.truncated) context.out.note(`stopped at ${result.total} items; use a smaller --depth`);
    return found(context, result.items.length, `no ${result.direction === 'incoming' ? 'callers of' : 'calls from'} "${result.symbol}" found`);
  },
};

/** The navigation commands. */
export const navigationCommands: Command[] = [symbols, def, refs, hoverCommand, calls];
