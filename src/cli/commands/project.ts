/**
 * The whole-project commands: `index`, `stats`, `languages`, `map`, `graph`.
 *
 * @module
 */
import { resolve } from 'node:path';
import { toGraphJson, toToon } from '../../graph/format.js';
import type { IndexStats } from '../../types.js';
import { progressReporter } from '../progress.js';
import { type Cell, type Command, type CommandContext, colors, columns, countOption, EXIT, usageError } from '../shared.js';

/** Indexes the root with the progress line on a TTY; the index's warnings go to stderr. */
async function indexRoot(context: CommandContext): Promise<IndexStats> {
  const index = await context.index();
  const reporter = progressReporter();
  let stats: IndexStats;
  try {
    stats = await index.indexAll((done, total) => reporter.update(done, total));
  } finally {
    reporter.end();
  }
  for (const warning of stats.warnings) context.out.note(`code-index: ${warning.code}: ${warning.message}`);
  return stats;
}

function noPositionals(context: CommandContext): void {
  if (context.positionals.length > 0) throw usageError(`${context.positionals[0]}: this command takes no arguments`);
}

/** `code-index index` */
export const indexCommand: Command = {
  name: 'index',
  args: '',
  summary: 'Build or refresh the on-disk index of --root (e.g. in CI, to share it with --cache-dir), then print a summary.',
  details: 'JSON: { files, symbols, references, parsed, skipped, location, warnings }.',
  async run(context) {
    noPositionals(context);
    const stats = await indexRoot(context);
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
export const stats: Command = {
  name: 'stats',
  args: '',
  summary: 'Files, definitions by kind, references, the files with most definitions, cache use and skipped files (indexing first if needed).',
  details: 'JSON: IndexStats { files, symbolsByKind, totalSymbols, totalReferences, topFiles, cache, skipped, warnings }.',
  shared: ['limit'],
  async run(context) {
    noPositionals(context);
    const limit = countOption(context.values, 'limit');
    const result = await indexRoot(context);
    const top = result.topFiles.slice(0, limit);
    context.out.result({ ...result, topFiles: top }, () => {
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
export const languages: Command = {
  name: 'languages',
  args: '',
  summary: 'The registered languages, their state and extensions.',
  details: 'JSON: LanguageStatus[] ({ id, name, extensions, state, error? }).',
  async run(context) {
    noPositionals(context);
    const list = (await context.index()).languages();
    context.out.result(list, () =>
      columns(list.map((l): Cell[] => [[l.id, colors.bold], [l.state, l.state === 'failed' ? colors.red : colors.dim], l.extensions.join(' ')])),
    );
    return EXIT.FOUND;
  },
};

/** `code-index map` */
export const map: Command = {
  name: 'map',
  args: '',
  summary: "The repository's most important definitions, ranked over the reference graph, in --tokens tokens.",
  details: 'JSON: RepoMap { text, tokens, files, ... }.',
  options: {
    tokens: { type: 'string', flag: '--tokens N', help: "the map's token budget (default 1024)" },
    focus: { type: 'string', multiple: true, flag: '--focus FILE', help: 'lean the map towards this file (repeatable)' },
  },
  async run(context) {
    noPositionals(context);
    const tokens = countOption(context.values, 'tokens');
    const focus = context.values.focus;
    const result = await (await context.index()).repoMap({
      ...(tokens !== undefined ? { tokenBudget: tokens } : {}),
      ...(Array.isArray(focus) ? { focus } : {}),
    });
    for (const warning of result.warnings) context.out.note(`code-index: ${warning.code}: ${warning.message}`);
    context.out.result(result, () => result.text);
    return result.files.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** `code-index graph FILE` */
export const graph: Command = {
  name: 'graph',
  args: 'FILE',
  summary: "How the functions of FILE call and reference each other, with the cycles among the calls (seed 003's TOON by default).",
  details: "JSON (--json or --format json): seed 003's { filePath, lspProvider, generatedAt, isPartial, nodes, edges, cycles, external }.",
  options: {
    external: { type: 'boolean', help: 'list calls to imported names as external nodes' },
    format: { type: 'string', flag: '--format F', help: 'toon (default) or json' },
  },
  async run(context) {
    const [file, ...rest] = context.positionals;
    if (file === undefined || rest.length > 0) throw usageError('graph takes one FILE');
    const format = context.values.format ?? (context.json ? 'json' : 'toon');
    if (format !== 'toon' && format !== 'json') throw usageError(`--format must be toon or json, got "${String(format)}"`);
    const index = await context.index();
    const result = await index.callGraph(file, { includeExternal: context.values.external === true });
    const text = format === 'json' ? JSON.stringify(toGraphJson(result, resolve(index.root, result.file)), null, 2) : toToon(result);
    process.stdout.write(`${text}\n`);
    return result.nodes.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};

/** The whole-project commands. */
export const projectCommands: Command[] = [indexCommand, stats, languages, map, graph];
