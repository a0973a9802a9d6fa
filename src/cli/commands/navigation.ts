/**
 * The navigation commands over the whole project: `symbols`, `def`, `refs`, `hover`, `calls`. A position is
 * `FILE:LINE:COL`, `FILE:LINE:NAME` or a `NAME` alone: one argument for the operation's file, line, column and
 * symbol parameters.
 *
 * @module
 */
import { drawGraph } from '../../render/diagram.js';
import type { CallHierarchyItem } from '../../types.js';
import { indexWithProgress } from '../progress.js';
import type { OperationName } from '../../catalog.js';
import { type Cell, type Command, type CommandContext, colors, columns, EXIT, location, positionArgument, usageError } from '../shared.js';

const POSITION_HELP =
  'POSITION is FILE:LINE:COL (the identifier there), FILE:LINE:NAME (that name on the line) or NAME (a symbol ' +
  'anywhere; Class.member works).';

/** The one positional argument of a position command. */
function onePosition(positionals: string[]): string | undefined {
  if (positionals.length > 1) throw usageError(`one POSITION expected, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0];
}

/** Exit 0 when something was listed, else 1 with a note saying so (for people: `--json` prints the empty result). */
function found<N extends OperationName>(context: CommandContext<N>, count: number, nothing: string): number {
  if (count > 0) return EXIT.FOUND;
  if (!context.json) context.out.note(`code-index: ${nothing}`);
  return EXIT.NOTHING;
}

/** `code-index symbols QUERY` */
export const symbols: Command<'searchSymbols'> = {
  name: 'symbols',
  args: 'QUERY',
  operation: 'searchSymbols',
  positionals: ['query'],
  details: 'JSON: SymbolSearchResult { matches: SymbolMatch[], total, totalFiles, offset, returnedCount, hasMore, nextOffset? }.',
  async run(context) {
    const [query, ...rest] = context.positionals;
    if (query === undefined || query === '') throw usageError('a QUERY is required (a name or a glob such as "get*")');
    if (rest.length > 0) throw usageError(`one QUERY expected, got ${context.positionals.length}: quote a QUERY with spaces`);
    await indexWithProgress(await context.index());
    const result = await context.call({ ...context.args, query });
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

/** The position parameters, given by the one POSITION argument. */
const POSITION = ['file', 'line', 'column', 'symbol'];

/** `code-index def POSITION` */
export const def: Command<'findDefinitions'> = {
  name: 'def',
  args: 'POSITION',
  operation: 'findDefinitions',
  positionals: POSITION,
  details: `${POSITION_HELP}\nJSON: DefinitionsResult { symbol, definitions: DefinitionLocation[], total, resolution, note }.`,
  async run(context) {
    const query = positionArgument(onePosition(context.positionals), context.args.scope);
    if (query.scope !== 'file') await indexWithProgress(await context.index());
    const result = await context.call({ ...context.args, ...query });
    context.out.result(result, () =>
      columns(
        result.definitions.map((d): Cell[] => [
          location(d.file, d.line, d.column),
          [d.kind, colors.yellow],
          d.preview.trim(),
          [d.resolution ?? result.resolution, colors.dim],
        ]),
      ),
    );
    return found(context, result.definitions.length, `no definition of "${result.symbol}" found`);
  },
};

/** `code-index refs POSITION` */
export const refs: Command<'findReferences'> = {
  name: 'refs',
  args: 'POSITION',
  operation: 'findReferences',
  positionals: POSITION,
  details: `${POSITION_HELP}\nJSON: ReferencesResult { symbol, references: ReferenceLocation[], total, definitions, resolution, note, partial? }.`,
  async run(context) {
    const query = positionArgument(onePosition(context.positionals), context.args.scope);
    if (query.scope !== 'file') await indexWithProgress(await context.index());
    const result = await context.call({ ...context.args, ...query });
    context.out.result(result, () =>
      columns(result.references.map((r): Cell[] => [location(r.file, r.line, r.column), [r.kind, colors.yellow], r.preview.trim()])),
    );
    if (!context.json && result.references.length < result.total) context.out.note(`${result.references.length} of ${result.total} shown`);
    if (!context.json && result.partial) {
      const { filesRead, filesLeft, nextFile } = result.partial;
      context.out.note(`partial: ${filesRead} of ${filesRead + filesLeft} files read in the time budget; go on with --from-file ${nextFile}`);
    }
    return found(context, result.references.length, `no reference to "${result.symbol}" found`);
  },
};

/** `code-index hover POSITION` */
export const hoverCommand: Command<'hover'> = {
  name: 'hover',
  args: 'POSITION',
  operation: 'hover',
  positionals: POSITION,
  details: `${POSITION_HELP}\nJSON: HoverResult { symbol, kind, signature, documentation?, definitionLocation: { file, line }, otherDefinitions, note }.`,
  async run(context) {
    const result = await context.call({ ...context.args, ...positionArgument(onePosition(context.positionals), context.args.scope) });
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
export const calls: Command<'callHierarchy'> = {
  name: 'calls',
  args: 'POSITION',
  operation: 'callHierarchy',
  positionals: POSITION,
  rename: { maxItems: 'limit' },
  details: `${POSITION_HELP}\nJSON: CallHierarchyResult { symbol, root, direction, depth, items: CallHierarchyItem[], total, unresolved, truncated, note }.\n--format mermaid or dot: a drawing (a cluster per file, cycles in red) for a Markdown viewer or \`dot -Tsvg\`.`,
  options: {
    format: { type: 'string', flag: '--format F', help: 'The output: text, json, mermaid or dot (default text, json with --json)' },
  },
  async run(context) {
    const format = context.values.format ?? (context.json ? 'json' : 'text');
    if (format !== 'text' && format !== 'json' && format !== 'mermaid' && format !== 'dot') {
      throw usageError(`--format must be text, json, mermaid or dot, got "${String(format)}"`);
    }
    const query = positionArgument(onePosition(context.positionals), undefined);
    await indexWithProgress(await context.index());
    const result = await context.call({ ...context.args, ...query });
    if (format === 'mermaid' || format === 'dot') {
      process.stdout.write(`${drawGraph(result, format)}\n`);
      return found(context, result.items.length, `no ${result.direction === 'incoming' ? 'callers of' : 'calls from'} "${result.symbol}" found`);
    }
    if (format === 'json' && !context.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return found(context, result.items.length, `no ${result.direction === 'incoming' ? 'callers of' : 'calls from'} "${result.symbol}" found`);
    }
    context.out.result(result, () => {
      const rows: Cell[][] = [];
      hierarchyLines(result.items, 1, rows);
      const head = `${colors.bold(result.root.name)}  ${colors.yellow(result.root.kind)}  ${colors.cyan(`${result.root.file}:${result.root.line}:${result.root.column}`)}  ${colors.dim(result.direction === 'incoming' ? 'called by' : 'calls')}`;
      return [head, columns(rows)].filter(Boolean).join('\n');
    });
    if (!context.json && result.truncated) context.out.note(`stopped at ${result.total} items; use a smaller --depth or a larger --limit`);
    return found(context, result.items.length, `no ${result.direction === 'incoming' ? 'callers of' : 'calls from'} "${result.symbol}" found`);
  },
};

/** The navigation commands. */
export const navigationCommands = [symbols, def, refs, hoverCommand, calls];
