#!/usr/bin/env node
/**
 * The `code-index` command line: one subcommand per operation (src/cli/commands/), the shared option handling in
 * shared.ts. Exit codes: 0 found, 1 nothing found, 2 usage or input error (one `code-index: CODE: message` line on
 * stderr).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { CodeIndex } from '../code-index.js';
import { VERSION } from '../version.js';
import { OPERATIONS } from '../catalog.js';
import { COMMANDS } from './commands/index.js';
import { cacheCollectionOptions, type CommandContext, commandHelp, commandSummary, createOutput, describeError, EXIT, operationArgs, parseOptions, usageError } from './shared.js';


/** Commands with their own parser and help, loaded on demand: the others do not pay for the model client. */
const EXPLAINER_COMMANDS: Array<[name: string, args: string, summary: string]> = [
  ['explain', 'QUESTION', 'Ask a model about the codebase under --root (needs OPENAI_API_KEY)'],
  ['serve', '', 'The Codebase Explainer over HTTP: POST /explain, GET /health'],
];

function usage(): string {
  const entries: Array<[string, string]> = [
    ...COMMANDS.map((c): [string, string] => [`${c.name}${c.args ? ` ${c.args}` : ''}`, commandSummary(c)]),
    ...EXPLAINER_COMMANDS.map(([name, args, summary]): [string, string] => [`${name}${args ? ` ${args}` : ''}`, summary]),
  ];
  const width = Math.max(...entries.map(([left]) => left.length));
  return [
    'Usage: code-index <command> [options]',
    '',
    'Commands:',
    ...entries.map(([left, summary]) => `  ${left.padEnd(width)}  ${summary}`),
    '',
    'Common options: --root DIR (default: the current directory), --json, --cache-dir DIR, --no-cache, -h/--help.',
    'POSITION is FILE:LINE:COL, FILE:LINE:NAME or NAME. `code-index <command> --help` shows a command\'s options.',
    'Exit codes: 0 found, 1 nothing found, 2 usage or input error.',
    '',
  ].join('\n');
}

/** Options may come before the command (`code-index --root DIR symbols x`): the command goes first. */
function commandFirst(argv: string[]): string[] {
  if (argv.length === 0 || !argv[0]?.startsWith('-')) return argv;
  const known = new Set([...COMMANDS.map((c) => c.name), ...EXPLAINER_COMMANDS.map(([name]) => name)]);
  const at = argv.findIndex((arg) => known.has(arg));
  return at < 0 ? argv : [argv[at] as string, ...argv.slice(0, at), ...argv.slice(at + 1)];
}

async function main(raw: string[]): Promise<number> {
  const argv = commandFirst(raw);
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(usage());
    return EXIT.ERROR;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return EXIT.FOUND;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.FOUND;
  }
  if (name === 'explain' || name === 'serve') {
    const explainer = await import('../explainer/cli.js');
    return name === 'explain' ? explainer.runExplainCommand(rest) : explainer.runServeCommand(rest);
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    throw usageError(`unknown command "${name}"; \`code-index --help\` lists the commands`);
  }
  let parsed: Pick<CommandContext, 'values' | 'positionals'>;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: parseOptions(command) }) as typeof parsed;
  } catch (error) {
    throw usageError(`${(error as Error).message} (code-index ${command.name} --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(commandHelp(command));
    return EXIT.FOUND;
  }
  const json = values.json === true;
  const root = typeof values.root === 'string' ? values.root : process.cwd();
  const cacheDir = typeof values['cache-dir'] === 'string' ? values['cache-dir'] : process.env.CODE_INDEX_CACHE_DIR || undefined;
  let opened: Promise<CodeIndex> | undefined;
  const storage = values['no-cache'] === true ? { persist: false } : cacheDir ? { cacheDir } : {};
  const index = () => (opened ??= CodeIndex.open({ root, ...storage, ...cacheCollectionOptions() }));
  const operation = command.operation;
  const context: CommandContext = {
    values,
    positionals,
    json,
    root,
    out: createOutput(json),
    index,
    args: operationArgs(command, values),
    async call(args, onProgress) {
      if (operation === undefined) throw new Error(`code-index ${command.name} runs no operation`);
      // The table's entries differ in their arguments; `args` are this command's operation's (its type says so).
      const run = OPERATIONS[operation].call as (index: CodeIndex, args: unknown, onProgress?: (done: number, total: number) => void) => Promise<never>;
      return run(await index(), args, onProgress);
    },
  };
  try {
    return await command.run(context);
  } finally {
    if (opened) await opened.then((index) => index.close(), () => undefined);
  }
}

// A reader that goes away (`code-index symbols '*' | head -1`) ends the command quietly: what it wanted was printed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.FOUND);
  process.stderr.write(`${describeError(error).line}\n`);
  process.exit(EXIT.ERROR);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const { line, exit } = describeError(error);
    process.stderr.write(`${line}\n`);
    process.exitCode = exit;
  },
);
