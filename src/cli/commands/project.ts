/**
 * The whole-project commands: `index`, `stats`, `languages`, `map`, `graph`.
 *
 * @module
 */
import { resolve } from 'node:path';
import { drawGraph } from '../../render/diagram.js';
import { toGraphJson, toToon } from '../../render/graph.js';
import type { OperationName } from '../../catalog.js';
import { withProgress } from '../progress.js';
import { type Cell, type Command, type CommandContext, colors, columns, EXIT, usageError } from '../shared.js';

function noPositionals<N extends OperationName>(context: CommandContext<N>): void {
  if (context.positionals.length > 0) throw usageError(`${context.positionals[0]}: this command takes no arguments`);
}

/** The index's warnings (a damaged on-disk index discarded, ...), on stderr. */
function noteWarnings<N extends OperationName>(context: CommandContext<N>, warnings: Array<{ code: string; message: string }>): void {
  for (const warning of warnings) context.out.note(`code-index: ${warning.code}: ${warning.message}`);
}

/** `code-index index` */
export const indexCommand: Command<'indexAll'> = {
  name: 'index',
  args: '',
  operation: 'indexAll',
  summary: 'Build or refresh the on-disk index of --root (e.g. in CI, to share it with --cache-dir), then print a summary.',
  details: 'JSON: { files, symbols, references, parsed, skipped, location, warnings }.',
  async run(context) {
    noPositionals(context);
    const stats = await withProgress((onProgress) => context.call(context.args, onProgress));
    noteWarnings(context, stats.warnings);
    const summary = {
      files: stats.files,
      symbols: stats.totalSymbols,
      references: stats.totalReferences,
      parsed: stats.cache.parses,
      skipped: stats.skipped.length,
      location: stats.cache.location ?? null,
      warnings: stats.warnings,
    };
    context.out.result(
      summary,
      () =>
        `${stats.files} files, ${stats.totalSymbols} symbols, ${stats.totalReferences} references (${stats.cache.parses} parsed, ${stats.skipped.length} skipped)${stats.cache.location ? ` in ${stats.cache.location}` : ' (in memory)'}`,
    );
    return stats.files > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** `code-index stats` */
export const stats: Command<'stats'> = {
  name: 'stats',
  args: '',
  operation: 'stats',
  details: 'JSON: IndexStats { files, symbolsByKind, totalSymbols, totalReferences, topFiles, cache, skipped, warnings }.',
  async run(context) {
    noPositionals(context);
    const result = await withProgress((onProgress) => context.call(context.args, onProgress));
    noteWarnings(context, result.warnings);
    const top = result.topFiles;
    context.out.result(result, () => {
      const kinds = Object.entries(result.symbolsByKind).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const lines = [
        columns([
          ['files', [String(result.files), colors.bold]],
          ['symbols', [String(result.totalSymbols), colors.bold]],
          ['references', [String(result.totalReferences), colors.bold]],
          ['cache', `${result.cache.hits} hits, ${result.cache.misses} misses, ${result.cache.parses} parsed${result.cache.location ? `, ${result.cache.location}` : ', in memory'}`],
          ['skipped', String(result.skipped.length)],
        ]),
        '',
        colors.bold('by kind'),
        columns(kinds.map(([kind, count]): Cell[] => [`  ${count}`, [kind, colors.yellow]])),
        '',
        colors.bold('top files'),
        columns(top.map((f): Cell[] => [`  ${f.count}`, [f.file, colors.cyan]])),
      ];
      return lines.join('\n');
    });
    return result.files > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** `code-index languages` */
export const languages: Command<'languages'> = {
  name: 'languages',
  args: '',
  operation: 'languages',
  details: 'JSON: LanguageStatus[] ({ id, name, extensions, state, error? }).',
  async run(context) {
    noPositionals(context);
    const list = await context.call(context.args);
    context.out.result(list, () =>
      columns(list.map((l): Cell[] => [[l.id, colors.bold], [l.state, l.state === 'failed' ? colors.red : colors.dim], l.extensions.join(' ')])),
    );
    return EXIT.FOUND;
  },
};

/** `code-index map` */
export const map: Command<'repoMap'> = {
  name: 'map',
  args: '',
  operation: 'repoMap',
  rename: { tokenBudget: 'tokens' },
  details: 'JSON: RepoMap { text, tokens, files, ... }.',
  async run(context) {
    noPositionals(context);
    const result = await context.call(context.args);
    noteWarnings(context, result.warnings);
    context.out.result(result, () => result.text);
    return result.files.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** `code-index graph FILE` */
export const graph: Command<'callGraph'> = {
  name: 'graph',
  args: 'FILE',
  operation: 'callGraph',
  positionals: ['file'],
  rename: { includeExternal: 'external' },
  details:
    "The Graph-It-Live contract's TOON by default. JSON (--json or --format json): the contract's { filePath, lspProvider, generatedAt, isPartial, nodes, edges, cycles, external }. --format mermaid or dot: a drawing (a cluster per file or module, references dashed, cycles in red) for a Markdown viewer or `dot -Tsvg`.",
  options: {
    format: { type: 'string', flag: '--format F', help: 'The output: toon, json, mermaid or dot (default toon, json with --json)' },
  },
  async run(context) {
    const [file, ...rest] = context.positionals;
    if (file === undefined || rest.length > 0) throw usageError('graph takes one FILE');
    const format = context.values.format ?? (context.json ? 'json' : 'toon');
    if (format !== 'toon' && format !== 'json' && format !== 'mermaid' && format !== 'dot') {
      throw usageError(`--format must be toon, json, mermaid or dot, got "${String(format)}"`);
    }
    const result = await context.call({ ...context.args, file });
    const text =
      format === 'json'
        ? JSON.stringify(toGraphJson(result, resolve((await context.index()).root, result.file)), null, 2)
        : format === 'toon'
          ? toToon(result)
          : drawGraph(result, format);
    process.stdout.write(`${text}\n`);
    return result.nodes.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** The whole-project commands. */
export const projectCommands = [indexCommand, stats, languages, map, graph];
