/**
 * What every `code-index` subcommand shares: the command shape, the common options (`--root`, `--json`, `--scope`,
 * `--limit`, `--cache-dir`, `--no-cache`, `--help`), the exit codes, coded errors, position arguments
 * (`FILE:LINE:COL`, `FILE:LINE:NAME`, `NAME`), colours and aligned columns.
 *
 * @module
 */
import type { ParseArgsConfig } from 'node:util';
import pc from 'picocolors';
import { CodeIndexError, ErrorCode, isCodeIndexError } from '../errors.js';
import type { CodeIndex } from '../index/code-index.js';
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
export interface CommandContext {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  json: boolean;
  /** `--root`, resolved against the working directory by the index. */
  root: string;
  /** The index over `root`, opened on first call with the storage options (closed by `main`). */
  index(): Promise<CodeIndex>;
  out: Output;
}

/** A subcommand: its usage, options and body. The body resolves the exit code or throws a coded error. */
export interface Command {
  name: string;
  /** Positional arguments as shown in usage (`FILE...`). */
  args: string;
  summary: string;
  /** Longer help below the usage line. */
  details?: string;
  /** The shared options it takes (`root`, `json`, `cache-dir`, `no-cache` and `help` are always taken). */
  shared?: Array<'scope' | 'limit'>;
  options?: Record<string, OptionSpec>;
  run(context: CommandContext): Promise<number>;
}

/** Options every command takes. */
export const COMMON_OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', flag: '--root DIR', help: 'the project root; FILE arguments are relative to it (default: the current directory)' },
  json: { type: 'boolean', help: 'print JSON (the shape is in the README) instead of aligned text' },
  'cache-dir': { type: 'string', flag: '--cache-dir DIR', help: 'the on-disk index folder (default: $CODE_INDEX_CACHE_DIR, else one per root in the user cache)' },
  'no-cache': { type: 'boolean', help: 'keep the index in memory only' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
};

/** Options some commands take. */
export const SHARED_OPTIONS: Record<'scope' | 'limit', OptionSpec> = {
  scope: { type: 'string', flag: '--scope S', help: 'file, directory or project: where definitions and references are searched (default: project)' },
  limit: { type: 'string', flag: '--limit N', help: 'list at most N results' },
};

/** The `parseArgs` options of a command. */
export function parseOptions(command: Command): NonNullable<ParseArgsConfig['options']> {
  const specs: Record<string, OptionSpec> = { ...COMMON_OPTIONS, ...Object.fromEntries((command.shared ?? []).map((name) => [name, SHARED_OPTIONS[name]])), ...command.options };
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple ? { multiple: true } : {}), ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
}

/** `code-index CMD --help`. */
export function commandHelp(command: Command): string {
  const specs: Array<[string, OptionSpec]> = [
    ...Object.entries(command.options ?? {}),
    ...(command.shared ?? []).map((name): [string, OptionSpec] => [name, SHARED_OPTIONS[name]]),
    ...Object.entries(COMMON_OPTIONS),
  ];
  const flags = specs.map(([name, spec]) => `${spec.short ? `-${spec.short}, ` : ''}${spec.flag ?? `--${name}`}`);
  const width = Math.max(...flags.map((flag) => flag.length));
  const lines = [`Usage: code-index ${command.name}${command.args ? ` ${command.args}` : ''} [options]`, '', command.summary];
  if (command.details) lines.push('', command.details);
  lines.push('', 'Options:', ...specs.map(([, spec], i) => `  ${(flags[i] ?? '').padEnd(width)}  ${spec.help}`));
  return `${lines.join('\n')}\n`;
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

/** `--scope`, checked. */
export function scopeOption(values: CommandContext['values']): SearchScope | undefined {
  const scope = values.scope;
  if (scope === undefined) return undefined;
  if (scope === 'file' || scope === 'directory' || scope === 'project') return scope;
  throw usageError(`--scope must be file, directory or project, got "${String(scope)}"`);
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
