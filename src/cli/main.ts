#!/usr/bin/env node
/**
 * The `code-index` command line.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { isCodeIndexError } from '../errors.js';
import { CodeIndex } from '../index/code-index.js';
import { serveStdio } from '../adapters/mcp.js';
import { TOOLSET_NAMES, type ToolsetName } from '../tools/index.js';
import { formatAnalysis, formatSignatures } from './format.js';

const USAGE = `Usage: code-index <command> [options]

Commands:
  analyze FILE...     the structure of each file: functions, classes, types, imports, exports
  signatures FILE...  function and method signatures
  exports FILE...     the public API of each file
  parse FILE...       root node, definitions with positions, syntax errors, parse time
  index               build or refresh the on-disk index of --root (e.g. in CI, to share it with --cache-dir)
  map                 the repository's most important definitions, ranked, in --tokens tokens (default 1024)
  languages           the registered languages and their extensions
  mcp                 serve the tools over MCP (stdio) for an agent host
  explain QUESTION    ask a model about the codebase under --root (code-index explain --help)
  serve               the Codebase Explainer over HTTP: POST /explain, GET /health (code-index serve --help)

Options:
  --root DIR      the project root; files are resolved against it (default: the current directory)
  --json          print JSON instead of one fact per line
  --toolset NAME  with mcp: code_analyze, treesitter, scanner, explainer, repo_map or all (default); several
                  comma-separated (code_analyze,repo_map)
  --tokens N      with map: the map's token budget (default 1024)
  --focus FILE    with map: lean the map towards this file (repeatable)
  --cache-dir DIR the on-disk index's folder (default: $CODE_INDEX_CACHE_DIR, else one per root in the user's cache)
  --no-cache      keep the index in memory only
  -h, --help      show this help
`;

type Command = 'analyze' | 'signatures' | 'exports' | 'parse' | 'languages' | 'mcp' | 'index' | 'map';
const COMMANDS = new Set<Command>(['analyze', 'signatures', 'exports', 'parse', 'languages', 'mcp', 'index', 'map']);

/** The index's storage options from the command line and the environment. */
function storageOptions(values: { 'cache-dir'?: unknown; 'no-cache'?: unknown }): { cacheDir?: string; persist?: boolean } {
  if (values['no-cache'] === true) return { persist: false };
  const cacheDir = typeof values['cache-dir'] === 'string' ? values['cache-dir'] : process.env.CODE_INDEX_CACHE_DIR;
  return cacheDir ? { cacheDir } : {};
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'explain' || argv[0] === 'serve') {
    // Loaded on demand: the other commands do not pay for the model client.
    const explainer = await import('../explainer/cli.js');
    return argv[0] === 'explain' ? explainer.runExplainCommand(argv.slice(1)) : explainer.runServeCommand(argv.slice(1));
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        root: { type: 'string' },
        json: { type: 'boolean' },
        toolset: { type: 'string' },
        tokens: { type: 'string' },
        focus: { type: 'string', multiple: true },
        'cache-dir': { type: 'string' },
        'no-cache': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`code-index: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...files] = parsed.positionals;
  if (parsed.values.help || !command) {
    process.stdout.write(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  if (!COMMANDS.has(command as Command)) {
    process.stderr.write(`code-index: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const json = parsed.values.json === true;
  const root = typeof parsed.values.root === 'string' ? parsed.values.root : process.cwd();
  const storage = storageOptions(parsed.values);
  if (command === 'mcp') return mcp(root, parsed.values.toolset, storage);
  let index: CodeIndex;
  try {
    index = await CodeIndex.open({ root, ...storage });
  } catch (error) {
    return fail(error);
  }
  try {
    if (command === 'index') {
      const stats = await index.indexAll();
      const summary = { files: stats.files, symbols: stats.totalSymbols, parsed: stats.cache.parses, skipped: stats.skipped.length, location: stats.cache.location ?? null, warnings: stats.warnings };
      write(json ? summary : `${stats.files} files, ${stats.totalSymbols} symbols (${stats.cache.parses} parsed, ${stats.skipped.length} skipped)${stats.cache.location ? ` in ${stats.cache.location}` : ' (in memory)'}`, json);
      for (const warning of stats.warnings) process.stderr.write(`code-index: ${warning.message}\n`);
      return 0;
    }
    if (command === 'map') return await map(index, parsed.values, json);
    if (command === 'languages') {
      const languages = index.languages();
      write(json ? languages : languages.map((l) => `${l.id.padEnd(16)} ${l.extensions.join(' ')}`).join('\n'), json);
      return 0;
    }
    if (files.length === 0) {
      process.stderr.write(`code-index: ${command} needs at least one FILE\n`);
      return 2;
    }
    let status = 0;
    for (const file of files) {
      try {
        write(await run(index, command as Command, file, json), json);
      } catch (error) {
        status = fail(error, file);
      }
    }
    return status;
  } finally {
    index.close();
  }
}

async function run(index: CodeIndex, command: Command, file: string, json: boolean): Promise<unknown> {
  switch (command) {
    case 'analyze': {
      const analysis = await index.analyzeFile(file);
      return json ? analysis : `# ${analysis.file}\n${formatAnalysis(analysis)}`;
    }
    case 'signatures': {
      const signatures = await index.getSignatures(file);
      return json ? signatures : formatSignatures(signatures);
    }
    case 'exports': {
      const exports = await index.listExports(file);
      return json
        ? exports
        : exports
            .map((e) => `${e.name} ${e.type}${e.isDefault ? ' (default)' : ''}${e.signature ? `  ${e.signature}` : ''}`)
            .join('\n');
    }
    default: {
      const result = await index.parse(file);
      if (json) return result;
      const lines = [`# ${result.file} (${result.language}, ${result.rootNode}, ${result.parseTimeMs} ms)`];
      for (const s of result.symbols)
        lines.push(`${s.kind} ${s.scope ? `${s.scope}.` : ''}${s.name} ${s.line}:${s.column}`);
      for (const e of result.errors) lines.push(`error ${e.line}:${e.column} ${e.message}`);
      return lines.join('\n');
    }
  }
}

/** `code-index map`: the ranked map of the root, highest-ranked file first. */
async function map(index: CodeIndex, values: { tokens?: unknown; focus?: unknown }, json: boolean): Promise<number> {
  const tokens = values.tokens === undefined ? undefined : Number(values.tokens);
  if (tokens !== undefined && !(Number.isInteger(tokens) && tokens > 0)) {
    process.stderr.write(`code-index: --tokens needs a whole number of tokens, got "${String(values.tokens)}"\n`);
    return 2;
  }
  try {
    const result = await index.repoMap({
      ...(tokens !== undefined ? { tokenBudget: tokens } : {}),
      ...(Array.isArray(values.focus) ? { focus: values.focus as string[] } : {}),
    });
    for (const warning of result.warnings) process.stderr.write(`code-index: ${warning.message}\n`);
    write(json ? result : result.text, json);
    return 0;
  } catch (error) {
    return fail(error);
  }
}

function write(value: unknown, json: boolean): void {
  const text = json ? JSON.stringify(value, null, 2) : String(value);
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

function fail(error: unknown, file?: string): number {
  if (isCodeIndexError(error)) {
    process.stderr.write(`code-index: ${error.code}: ${error.message}\n`);
    return 1;
  }
  process.stderr.write(
    `code-index: unexpected error${file ? ` on ${file}` : ''}: ${(error as Error)?.message ?? error}\n`,
  );
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = fail(error);
  },
);

async function mcp(root: string, toolsetName: unknown, storage: { cacheDir?: string; persist?: boolean }): Promise<number> {
  const names = (toolsetName === undefined ? 'all' : String(toolsetName)).split(',').map((name) => name.trim());
  const unknown = names.find((name) => !TOOLSET_NAMES.includes(name as ToolsetName));
  if (unknown !== undefined) {
    process.stderr.write(`code-index: unknown tool set "${unknown}"; use one of ${TOOLSET_NAMES.join(', ')} (or several, comma-separated)\n`);
    return 2;
  }
  try {
    // stdout carries the protocol: nothing else may be written to it.
    await serveStdio({ root, toolset: names as ToolsetName[], indexOptions: storage });
    return 0;
  } catch (error) {
    return fail(error);
  }
}
