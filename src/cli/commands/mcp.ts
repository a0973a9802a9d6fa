/**
 * `code-index mcp`: the tools over MCP (stdio), with the MCP tree-sitter server spec's configuration (max file size,
 * parse timeout, disabled languages, default scope) and the cache folder from flags or, for an MCP host's `env`
 * block, from environment variables.
 *
 * @module
 */
import { type CodeIndexOptions, DEFAULT_MAX_FILE_SIZE, DEFAULT_PARSE_TIMEOUT_MS } from '../../code-index.js';
import { bundledLanguages } from '../../languages/bundled.js';
import { OPERATIONS, orList } from '../../catalog.js';
import { DEFAULT_TOOLSET, TOOLSET_NAMES, type ToolsetName } from '../../tools/names.js';
import type { SearchScope } from '../../types.js';
import { cacheCollectionOptions, type Command, type CommandContext, countOption, EXIT, usageError } from '../shared.js';

/** The environment variables `code-index mcp` reads, by flag. */
export const MCP_ENV = {
  'max-file-size': 'CODE_INDEX_MAX_FILE_SIZE',
  'parse-timeout': 'CODE_INDEX_PARSE_TIMEOUT',
  'disable-language': 'CODE_INDEX_DISABLE_LANGUAGES',
  'default-scope': 'CODE_INDEX_DEFAULT_SCOPE',
  'cache-dir': 'CODE_INDEX_CACHE_DIR',
} as const;

/**
 * The index options of `mcp`: each flag, else its environment variable (named in the message when it is bad, so a
 * host's configuration error is found where it was made).
 */
export function mcpIndexOptions(values: CommandContext['values'], env: NodeJS.ProcessEnv = process.env): Omit<CodeIndexOptions, 'root'> {
  const fromEnv = (flag: keyof typeof MCP_ENV): string | undefined => {
    const value = env[MCP_ENV[flag]];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const count = (flag: 'max-file-size' | 'parse-timeout'): number | undefined => {
    if (values[flag] !== undefined) return countOption(values, flag);
    const value = fromEnv(flag);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw usageError(`${MCP_ENV[flag]} needs a whole number from 1, got "${value}"`);
    return parsed;
  };
  const maxFileSize = count('max-file-size');
  const parseTimeoutMs = count('parse-timeout');
  const scopeFlag = values['default-scope'];
  const scope = scopeFlag !== undefined ? scopeFlag : fromEnv('default-scope');
  const scopes: readonly string[] = OPERATIONS.findDefinitions.parameters.scope.values;
  if (scope !== undefined && (typeof scope !== 'string' || !scopes.includes(scope))) {
    throw usageError(`${scopeFlag !== undefined ? '--default-scope' : MCP_ENV['default-scope']} must be ${orList(scopes)}, got "${String(scope)}"`);
  }
  const defaultScope = scope as SearchScope | undefined;
  const flagged = values['disable-language'];
  const disabledLanguages = Array.isArray(flagged)
    ? flagged.flatMap((each) => each.split(','))
    : (fromEnv('disable-language') ?? '').split(',');
  const disabled = disabledLanguages.map((id) => id.trim()).filter(Boolean);
  // A misspelt id would disable nothing, silently: the server runs with the bundled languages, so name them.
  const unknown = disabled.find((id) => !bundledLanguages.some((language) => language.id === id));
  if (unknown !== undefined) {
    throw usageError(
      `${Array.isArray(flagged) ? '--disable-language' : MCP_ENV['disable-language']} names no language: "${unknown}"; the ids are ${bundledLanguages.map((language) => language.id).join(', ')}`,
    );
  }
  const cacheDir = typeof values['cache-dir'] === 'string' ? values['cache-dir'] : fromEnv('cache-dir');
  return {
    ...(maxFileSize !== undefined ? { maxFileSize } : {}),
    ...(parseTimeoutMs !== undefined ? { parseTimeoutMs } : {}),
    ...(disabled.length > 0 ? { disabledLanguages: disabled } : {}),
    ...(defaultScope !== undefined ? { defaultScope } : {}),
    ...(values['no-cache'] === true ? { persist: false } : cacheDir !== undefined ? { cacheDir } : {}),
    ...cacheCollectionOptions(env),
    ...(values['no-watch'] === true ? { watch: false } : {}),
  };
}

/** `code-index mcp` */
export const mcp: Command = {
  name: 'mcp',
  args: '',
  summary: 'Serve the tools over MCP (stdio) for an agent host; stdout carries the protocol.',
  details: [
    'Environment (a flag wins over its variable): CODE_INDEX_MAX_FILE_SIZE, CODE_INDEX_PARSE_TIMEOUT,',
    'CODE_INDEX_DISABLE_LANGUAGES (comma-separated), CODE_INDEX_DEFAULT_SCOPE, CODE_INDEX_CACHE_DIR.',
    'CODE_INDEX_CACHE_MAX_AGE_DAYS and CODE_INDEX_CACHE_MAX_SIZE: how the user cache is collected (code-index cache --help).',
    'The index follows file changes as they happen (--no-watch: checks files when a query comes); a client that sends',
    'a progress token gets notifications/progress while a call waits for indexing.',
  ].join('\n'),
  options: {
    toolset: { type: 'string', flag: '--toolset NAME', help: `The tool set: ${orList(TOOLSET_NAMES)} (default agent, the curated toolbox); several comma-separated` },
    'max-file-size': { type: 'string', flag: '--max-file-size BYTES', help: `Larger files answer FILE_TOO_LARGE (default ${DEFAULT_MAX_FILE_SIZE})` },
    'parse-timeout': { type: 'string', flag: '--parse-timeout MS', help: `A longer parse answers TS_PARSE_TIMEOUT (default ${DEFAULT_PARSE_TIMEOUT_MS})` },
    'disable-language': { type: 'string', multiple: true, flag: '--disable-language ID', help: 'Treat this language as unsupported; repeatable' },
    'no-watch': { type: 'boolean', help: 'Do not follow file changes as they happen; check files when a query comes instead' },
    'default-scope': {
      type: 'string',
      flag: '--default-scope S',
      help: `The treesitter tool's scope when a call gives none: ${orList(OPERATIONS.findDefinitions.parameters.scope.values)} (default ${OPERATIONS.findDefinitions.parameters.scope.default})`,
    },
  },
  async run(context) {
    if (context.positionals.length > 0) throw usageError(`${context.positionals[0]}: mcp takes no arguments`);
    const names = (typeof context.values.toolset === 'string' ? context.values.toolset : DEFAULT_TOOLSET).split(',').map((name) => name.trim());
    const unknown = names.find((name) => !TOOLSET_NAMES.includes(name as ToolsetName));
    if (unknown !== undefined) throw usageError(`unknown tool set "${unknown}"; use one of ${TOOLSET_NAMES.join(', ')} (or several, comma-separated)`);
    const indexOptions = mcpIndexOptions(context.values);
    // Loaded here: the other commands do not pay for the MCP SDK and the tools (zod) when they start.
    const { serveStdio } = await import('../../adapters/mcp.js');
    await serveStdio({ root: context.root, toolset: names as ToolsetName[], indexOptions });
    return EXIT.FOUND;
  },
};
