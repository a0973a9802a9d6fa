/**
 * What every `code-index` subcommand shares: the command shape, its options (the parameters of its operation in the
 * operations table, src/catalog.ts, plus `--root`, `--json`, `--cache-dir`, `--no-cache`, `--help`) and their
 * parsing, the exit codes, coded errors, position arguments (`FILE:LINE:COL`, `FILE:LINE:NAME`, `NAME`), colours and
 * aligned columns.
 *
 * @module
 */
import type { ParseArgsConfig } from 'node:util';
import pc from 'picocolors';
import { CodeIndexError, ErrorCode, isCodeIndexError } from '../errors.js';
import { CACHE_ENV, type CodeIndex, type CodeIndexOptions, parseSize } from '../code-index.js';
import { describeParameter, OPERATIONS, type OperationArgs, type OperationName, type OperationResult, orList, type Parameter, type ProgressCallback } from '../catalog.js';
import type { PositionQuery, SearchScope } from '../types.js';

/** Exit codes: something found, nothing found, a usage or input error. */
export const EXIT = { FOUND: 0, NOTHING: 1, ERROR: 2 } as const;

/** One option of a command, as `util.parseArgs` takes it, plus its help line. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** Help text; the placeholder of a string option is written in `flag` (`--depth N`). */
  help: string;
  flag?: string;
}

/** What a subcommand runs with. */
export interface CommandContext<N extends OperationName = OperationName> {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  json: boolean;
  /** `--root`, resolved against the working directory by the index. */
  root: string;
  /** The index over `root`, opened on first call with the storage options (closed by `main`). */
  index(): Promise<CodeIndex>;
  out: Output;
  /** The arguments of the command's operation given as options, parsed and checked against its parameters. */
  args: Partial<OperationArgs<N>>;
  /** Runs the command's operation on the index. */
  call(args: OperationArgs<N>, onProgress?: ProgressCallback): Promise<OperationResult<N>>;
}

/**
 * A subcommand: the operation it runs (whose parameters are its options and help), its usage and its body. The body
 * resolves the exit code or throws a coded error.
 */
export interface Command<N extends OperationName = OperationName> {
  name: string;
  /** Positional arguments as shown in usage (`FILE...`). */
  args: string;
  /** The operation it runs, from the operations table; a command without one (`mcp`) says what it does in `summary`. */
  operation?: N;
  /** The one-line summary. @defaultValue the operation's */
  summary?: string;
  /** Longer help below the usage line. */
  details?: string;
  /** The parameters the positional arguments give (`FILE...` gives `file`): not options. */
  positionals?: readonly string[];
  /** Option names other than the parameter's own in kebab case (`{ maxItems: 'limit' }`). */
  rename?: Readonly<Record<string, string>>;
  /**
   * Options that are no parameter of the operation: of the output (`graph --format`), or of a command without an
   * operation (`mcp`). `root`, `json`, `cache-dir`, `no-cache` and `help` are always taken.
   */
  options?: Record<string, OptionSpec>;
  /** The common options it takes, when not all of them (`cache` reads no root and opens no index). @defaultValue all */
  common?: ReadonlyArray<keyof typeof COMMON_OPTIONS>;
  run(context: CommandContext<N>): Promise<number>;
}

/** Options every command takes. */
export const COMMON_OPTIONS = {
  root: { type: 'string', flag: '--root DIR', help: 'The project root; FILE arguments are relative to it (default: the current directory)' },
  json: { type: 'boolean', help: 'Print JSON (the shape is in the README) instead of aligned text' },
  'cache-dir': { type: 'string', flag: '--cache-dir DIR', help: 'The on-disk index folder (default: $CODE_INDEX_CACHE_DIR, else one per root in the user cache)' },
  'no-cache': { type: 'boolean', help: 'Keep the index in memory only' },
  help: { type: 'boolean', short: 'h', help: 'Show this help' },
} satisfies Record<string, OptionSpec>;

/** `maxItems` as a command-line flag: `max-items`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The summary line of a command: its own, or its operation's. */
export function commandSummary(command: Command): string {
  return command.summary ?? (command.operation ? OPERATIONS[command.operation].summary : '');
}

/** The parameters of a command's operation given as options, by option name (positional ones left out). */
export function parameterOptions(command: Command): Array<{ option: string; parameter: string; spec: Parameter }> {
  if (!command.operation) return [];
  const positional = new Set(command.positionals ?? []);
  return Object.entries(OPERATIONS[command.operation].parameters as Record<string, Parameter>)
    .filter(([name]) => !positional.has(name))
    .map(([name, spec]) => ({ option: command.rename?.[name] ?? kebab(name), parameter: name, spec }));
}

/** Every option of a command with its help, in help order: the operation's, the command's own, the common ones. */
export function commandOptions(command: Command): Array<[name: string, spec: OptionSpec]> {
  const fromParameters = parameterOptions(command).map(({ option, spec }): [string, OptionSpec] => [
    option,
    {
      type: spec.type === 'boolean' ? 'boolean' : 'string',
      ...(spec.type === 'strings' ? { multiple: true } : {}),
      ...(spec.type === 'boolean' ? {} : { flag: `--${option} ${spec.placeholder ?? (spec.type === 'integer' ? 'N' : option.toUpperCase())}` }),
      help: `${describeParameter(spec)}${spec.type === 'strings' ? '; repeatable' : ''}`,
    },
  ]);
  const common = Object.entries(COMMON_OPTIONS).filter(([name]) => command.common?.includes(name as keyof typeof COMMON_OPTIONS) ?? true);
  return [...fromParameters, ...Object.entries(command.options ?? {}), ...common];
}

/** The `parseArgs` options of a command. */
export function parseOptions(command: Command): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    commandOptions(command).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple ? { multiple: true } : {}), ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
}

/** `code-index CMD --help`. */
export function commandHelp(command: Command): string {
  const specs = commandOptions(command);
  const flags = specs.map(([name, spec]) => `${spec.short ? `-${spec.short}, ` : ''}${spec.flag ?? `--${name}`}`);
  const width = Math.max(...flags.map((flag) => flag.length));
  const lines = [`Usage: code-index ${command.name}${command.args ? ` ${command.args}` : ''} [options]`, '', commandSummary(command)];
  if (command.details) lines.push('', command.details);
  lines.push('', 'Options:', ...specs.map(([, spec], i) => `  ${(flags[i] ?? '').padEnd(width)}  ${spec.help}`));
  return `${lines.join('\n')}\n`;
}

/**
 * The arguments of a command's operation from its parsed options, each checked against its parameter (whole numbers
 * in bounds, one of the values), so that a bad value is a usage error naming the flag.
 */
export function operationArgs(command: Command, values: CommandContext['values']): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const { option, parameter, spec } of parameterOptions(command)) {
    const raw = values[option];
    if (raw === undefined) continue;
    args[parameter] = parameterValue(option, spec, raw);
  }
  return args;
}

function parameterValue(option: string, spec: Parameter, raw: string | boolean | string[]): unknown {
  if (spec.type === 'boolean') return raw === true;
  if (spec.type === 'strings') {
    const list = Array.isArray(raw) ? raw : [String(raw)];
    if (spec.max !== undefined && list.length > spec.max) throw usageError(`--${option} is taken at most ${spec.max} times, got ${list.length}`);
    return list;
  }
  const text = String(raw);
  if (spec.type === 'integer') {
    const value = Number(text);
    const min = spec.min ?? 0;
    if (text.trim() === '' || !Number.isInteger(value) || value < min || (spec.max !== undefined && value > spec.max)) {
      throw usageError(`--${option} needs a whole number from ${min}${spec.max !== undefined ? ` to ${spec.max}` : ''}, got "${text}"`);
    }
    return value;
  }
  if (spec.values && !spec.open && !spec.values.includes(text)) throw usageError(`--${option} must be ${orList(spec.values)}, got "${text}"`);
  return text;
}

/** A usage error: exit 2 with `INVALID_ARGUMENT`. */
export function usageError(message: string, details: Record<string, unknown> = {}): CodeIndexError {
  return new CodeIndexError(ErrorCode.INVALID_ARGUMENT, message, details);
}

/** The one stderr line of an error, and the exit code it gives. */
export function describeError(error: unknown): { line: string; exit: number } {
  if (isCodeIndexError(error)) {
    // Nothing at the position is "nothing found", not bad input: the same exit as an empty result.
    const exit = error.code === ErrorCode.TS_SYMBOL_NOT_FOUND ? EXIT.NOTHING : EXIT.ERROR;
    return { line: `code-index: ${error.code}: ${oneLine(error.message)}`, exit };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { line: `code-index: INTERNAL_ERROR: ${oneLine(message)}`, exit: EXIT.ERROR };
}

function oneLine(text: string): string {
  return text.split('\n').map((part) => part.trim()).filter(Boolean).join(' ');
}

/**
 * How the user cache is collected, from `CODE_INDEX_CACHE_MAX_AGE_DAYS` and `CODE_INDEX_CACHE_MAX_SIZE`, checked as the
 * other `CODE_INDEX_*` variables are: a bad value stops the command with a usage error naming the variable (the library
 * alone would warn and use the default).
 */
export function cacheCollectionOptions(env: NodeJS.ProcessEnv = process.env): Pick<CodeIndexOptions, 'cacheMaxAgeDays' | 'cacheMaxSize'> {
  const options: Pick<CodeIndexOptions, 'cacheMaxAgeDays' | 'cacheMaxSize'> = {};
  const days = env[CACHE_ENV.maxAgeDays]?.trim();
  if (days) {
    const value = Number(days);
    if (!(value >= 0)) throw usageError(`${CACHE_ENV.maxAgeDays} needs a number of days from 0, got "${days}"`);
    options.cacheMaxAgeDays = value;
  }
  const size = env[CACHE_ENV.maxSize]?.trim();
  if (size) {
    const value = parseSize(size);
    if (value === undefined) throw usageError(`${CACHE_ENV.maxSize} needs bytes or a size such as 500M, 2G or 2GiB, got "${size}"`);
    options.cacheMaxSize = value;
  }
  return options;
}

/** A whole-number option from `min` up (`--limit`, `--depth`, `--tokens`), or undefined when absent. */
export function countOption(values: CommandContext['values'], name: string, min = 1): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(value) || value < min) {
    throw usageError(`--${name} needs a whole number from ${min}, got "${String(raw)}"`);
  }
  return value;
}

/**
 * A position argument: `FILE:LINE:COL` (the identifier there), `FILE:LINE:NAME` (that name on the line) or `NAME`
 * (a symbol anywhere, `Class.member` allowed). The file may itself hold colons: line and column are the last two
 * parts.
 */
export function positionArgument(arg: string | undefined, scope: SearchScope | undefined): PositionQuery {
  if (arg === undefined || arg === '') throw usageError('a position is required: FILE:LINE:COL, FILE:LINE:NAME or NAME');
  const scoped = scope ? { scope } : {};
  const parts = arg.split(':');
  if (parts.length === 1) return { symbol: arg, ...scoped };
  if (parts.length < 3) throw usageError(`"${arg}" is not FILE:LINE:COL, FILE:LINE:NAME or NAME`, { position: arg });
  const last = parts.pop() ?? '';
  const lineText = parts.pop() ?? '';
  const file = parts.join(':');
  const line = Number(lineText);
  if (file === '' || lineText === '' || !Number.isInteger(line) || line < 1 || last === '') {
    throw usageError(`"${arg}" is not FILE:LINE:COL, FILE:LINE:NAME or NAME (LINE and COL count from 1)`, { position: arg });
  }
  const column = Number(last);
  if (Number.isInteger(column)) {
    if (column < 1) throw usageError(`"${arg}": COL counts from 1`, { position: arg });
    return { file, line, column, ...scoped };
  }
  return { file, line, symbol: last, ...scoped };
}

/** Colours for stdout: on a TTY, off under `NO_COLOR`, forced by `FORCE_COLOR` (picocolors decides). */
export const colors = pc.createColors(pc.isColorSupported);

/** A cell of {@link columns}: its text and the colour to paint it with. */
export type Cell = string | [text: string, paint: (text: string) => string];

/**
 * Rows as aligned columns (two spaces apart), padded before painting so colour codes never skew the widths; the
 * last column is not padded.
 */
export function columns(rows: Cell[][]): string {
  const plain = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell : cell[0])));
  const widths: number[] = [];
  for (const row of plain) row.forEach((text, i) => (widths[i] = Math.max(widths[i] ?? 0, text.length)));
  return rows
    .map((row, r) =>
      row
        .map((cell, i) => {
          const text = plain[r]?.[i] ?? '';
          const padded = i === row.length - 1 ? text : text.padEnd(widths[i] ?? 0);
          return typeof cell === 'string' ? padded : cell[1](padded);
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `file:line:col`, as terminals and editors make clickable. */
export function location(file: string, line: number, column?: number): Cell {
  return [`${file}:${line}${column !== undefined ? `:${column}` : ''}`, colors.cyan];
}

/** Where commands write: stdout for results, stderr for notes. */
export interface Output {
  /** A result: text, or JSON with `--json` (pretty, one document). */
  result(value: unknown, text: () => string): void;
  /** One JSON document per line (commands over several FILEs), or text. */
  line(value: unknown, text: () => string): void;
  /** A note on stderr (a warning, "10 of 40 shown"). */
  note(text: string): void;
}

/** The output of a command. */
export function createOutput(json: boolean): Output {
  const write = (text: string) => {
    if (text !== '') process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  return {
    result: (value, text) => write(json ? JSON.stringify(value, null, 2) : text()),
    line: (value, text) => write(json ? JSON.stringify(value) : text()),
    // Once stdout's reader has gone (EPIPE, about to exit quietly), a note about the output would only be noise.
    note: (text) => {
      if (!process.stdout.errored) process.stderr.write(`${text}\n`);
    },
  };
}
