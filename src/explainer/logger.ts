/**
 * Structured logs: one JSON object per line (on stderr by default), with a level threshold. The interface is
 * pino's call shape (`logger.info({ requestId }, 'message')`), so a pino logger can be passed instead.
 *
 * @module
 */

/** Log levels, least to most severe; `silent` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Every log level, least to most severe. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** Fields of one log line: `requestId` (the correlation id) on every line the agent writes for a request. */
export type LogFields = Record<string, unknown>;

/** What the explainer logs through: pino-compatible (`fields` first, then the message). */
export interface ExplainerLogger {
  /** Model responses and other detail. */
  debug(fields: LogFields, message: string): void;
  /** A request started or finished, each tool call and file access, each HTTP request. */
  info(fields: LogFields, message: string): void;
  /** A refused path, a retried model call, a malformed answer, a refused request. */
  warn(fields: LogFields, message: string): void;
  /** A request that failed. */
  error(fields: LogFields, message: string): void;
}

/** Options of {@link createJsonLogger}. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. @defaultValue 'info' */
  level?: LogLevel;
  /** Where lines go. @defaultValue process.stderr */
  write?: (line: string) => void;
  /** Fields added to every line (a service name, say). */
  base?: LogFields;
}

/**
 * A logger writing one JSON object per line: `{"time":"…","level":"info","msg":"…",…fields}`.
 *
 * @example
 * ```ts
 * const logger = createJsonLogger({ level: 'debug' });
 * logger.info({ requestId: 'r1', tool: 'read_file', path: 'src/app.ts' }, 'tool call');
 * ```
 */
export function createJsonLogger(options: JsonLoggerOptions = {}): ExplainerLogger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const base = options.base ?? {};
  const at = (level: Exclude<LogLevel, 'silent'>) => (fields: LogFields, message: string) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return;
    let line: string;
    try {
      line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...base, ...fields });
    } catch {
      // A field that cannot be serialised (a cycle, a BigInt) must not lose the line.
      line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...base, fields: String(fields) });
    }
    write(`${line}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger that drops everything (the library's default: a library does not write to stderr unasked). */
export const silentLogger: ExplainerLogger = { debug() {}, info() {}, warn() {}, error() {} };
