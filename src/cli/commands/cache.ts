/**
 * `code-index cache list|clean`: the store folders of the user cache (one per root indexed with the default location),
 * what each serves and takes, and their removal: roots gone, unused for days, past a total size, or all of them. The
 * same functions as the library's `listCaches` and `cleanCaches`.
 *
 * @module
 */
import { type CacheCleanOptions, type CacheFolder, cleanCaches, ErrorCode, isCodeIndexError, listCaches } from '../../index.js';
import { cacheCollectionOptions, type Cell, type Command, type CommandContext, colors, columns, EXIT, usageError } from '../shared.js';

/** `1.5 MiB`: binary units, as the sizes are blocks on disk. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `2026-11-28 12:13`: the local time to the minute, sortable. */
function formatTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** One folder as a row: last used, size, version, root (or why there is none), and its state. */
function folderRow(folder: CacheFolder, lead: Cell[] = []): Cell[] {
  const root: Cell = folder.root === undefined ? ['(root not recorded)', colors.dim] : [folder.root, folder.rootExists === false ? colors.red : colors.cyan];
  const state = [folder.inUse ? 'in use' : '', folder.rootExists === false ? 'gone' : ''].filter(Boolean).join(', ');
  return [...lead, formatTime(folder.lastUsed), formatSize(folder.size), folder.version ?? '-', root, [state, colors.yellow]];
}

const CLEAN_OPTIONS = ['gone', 'older-than', 'max-size', 'all', 'dry-run'] as const;

/** The options of `cache clean`, checked: a bad value is a usage error naming its flag. */
function cleanOptions(values: CommandContext['values']): CacheCleanOptions {
  const options: CacheCleanOptions = {};
  if (values.gone === true) options.gone = true;
  if (values.all === true) options.all = true;
  if (values['dry-run'] === true) options.dryRun = true;
  const days = values['older-than'];
  if (days !== undefined) {
    const value = Number(days);
    if (typeof days !== 'string' || days.trim() === '' || !(value >= 0)) throw usageError(`--older-than needs a number of days from 0, got "${String(days)}"`);
    options.olderThanDays = value;
  }
  const size = values['max-size'];
  if (size !== undefined) options.maxSize = String(size);
  return options;
}

/** `code-index cache list|clean` */
export const cache: Command = {
  name: 'cache',
  args: 'list|clean',
  summary: 'List the on-disk indexes of the user cache (root, size, last use), or clean them: roots gone, unused, over a size.',
  details: [
    'list: every store folder of the user cache, least recently used first; JSON: CacheFolder[] { location, root?, rootExists?,',
    '  size, lastUsed, created?, version?, inUse }. Exit 1 when there is none.',
    'clean: removes folders whose root is gone (--gone), unused for DAYS (--older-than), the least recently used until all',
    '  take at most SIZE (--max-size: bytes, 500M, 2G, 2GiB), or every folder (--all). Without these, the automatic policy:',
    '  roots gone, 30 days ($CODE_INDEX_CACHE_MAX_AGE_DAYS), 2GiB ($CODE_INDEX_CACHE_MAX_SIZE). A folder an open index holds',
    '  is never removed. JSON: CacheCleanResult { removed, kept, freed, dryRun, warnings }.',
    'The user cache is $XDG_CACHE_HOME/code-index (~/.cache/code-index), ~/Library/Caches/code-index or',
    '%LOCALAPPDATA%\\code-index\\Cache. The first index opened there each day runs the automatic policy by itself.',
  ].join('\n'),
  common: ['json', 'help'],
  options: {
    gone: { type: 'boolean', help: 'clean: folders whose root no longer exists' },
    'older-than': { type: 'string', flag: '--older-than DAYS', help: 'clean: folders unused for more than DAYS days' },
    'max-size': { type: 'string', flag: '--max-size SIZE', help: 'clean: the least recently used until all take at most SIZE' },
    all: { type: 'boolean', help: 'clean: every folder no open index holds' },
    'dry-run': { type: 'boolean', help: 'clean: show what would be removed, remove nothing' },
  },
  async run(context) {
    const [verb, ...rest] = context.positionals;
    if (rest.length > 0) throw usageError(`${rest[0]}: cache takes one of list or clean`);
    if (verb === 'list') {
      const given = CLEAN_OPTIONS.find((option) => context.values[option] !== undefined);
      if (given !== undefined) throw usageError(`--${given} is an option of cache clean`);
      const folders = listCaches();
      context.out.result(folders, () => {
        const total = folders.reduce((sum, folder) => sum + folder.size, 0);
        const header: Cell[] = [['last used', colors.bold], ['size', colors.bold], ['version', colors.bold], ['root', colors.bold], ''];
        const summary = `${folders.length} folder${folders.length === 1 ? '' : 's'}, ${formatSize(total)}`;
        return folders.length === 0 ? 'no indexes in the user cache' : `${columns([header, ...folders.map((folder) => folderRow(folder))])}\n${summary}`;
      });
      return folders.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
    }
    if (verb === 'clean') {
      // Without criteria the variables are the policy: a bad one stops here, as for every command.
      cacheCollectionOptions();
      let result;
      try {
        result = cleanCaches(cleanOptions(context.values));
      } catch (error) {
        // The library names its option (`maxSize`); the user typed the flag.
        if (isCodeIndexError(error) && error.code === ErrorCode.INVALID_ARGUMENT && 'maxSize' in error.data) {
          throw usageError(`--max-size needs bytes or a size such as 500M, 2G or 2GiB, got "${String(context.values['max-size'])}"`);
        }
        throw error;
      }
      for (const warning of result.warnings) context.out.note(`code-index: ${warning.code}: ${warning.message}`);
      context.out.result(result, () => {
        const verbText = result.dryRun ? 'would remove' : 'removed';
        const rows = result.removed.map((folder) => folderRow(folder, [[verbText, colors.red], `(${folder.reason})`]));
        const count = `${result.removed.length} folder${result.removed.length === 1 ? '' : 's'}`;
        const summary = `${result.dryRun ? 'Would remove' : 'Removed'} ${count}, ${formatSize(result.freed)}; ${result.kept.length} kept`;
        return rows.length > 0 ? `${columns(rows)}\n${summary}` : summary;
      });
      return EXIT.FOUND;
    }
    throw usageError(verb === undefined ? 'cache needs list or clean' : `unknown cache command "${verb}"; use list or clean`);
  },
};
