/**
 * The service's configuration from the environment, as the Codebase Explainer spec names it, checked at startup: a
 * missing key or a bad number is one clear error naming the variable, not a failure on the first request.
 *
 * @module
 */
import { isAbsolute } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import {
  DEFAULT_BASE_URL,
  DEFAULT_LLM_TIMEOUT_MS,
  DEFAULT_MAX_FILE_SIZE_KB,
  DEFAULT_MAX_TOOL_ITERATIONS,
  DEFAULT_MODEL,
} from './agent.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';

/** Default of `PORT`. */
export const DEFAULT_PORT = 8080;
/** Default of `HOST`: the loopback interface (set `HOST=0.0.0.0` in a container). */
export const DEFAULT_HOST = '127.0.0.1';

/** The explainer's settings, from {@link loadExplainerConfig}. */
export interface ExplainerConfig {
  /** `OPENAI_API_KEY` (required; any placeholder for a local server that checks none). */
  apiKey: string;
  /** `OPENAI_BASE_URL`. @defaultValue {@link DEFAULT_BASE_URL} */
  baseURL: string;
  /** `CODE_INDEX_MODEL` or `--model`. @defaultValue {@link DEFAULT_MODEL} */
  model: string;
  /** `PORT` or `--port`. @defaultValue 8080 */
  port: number;
  /** `HOST` or `--host`. @defaultValue 127.0.0.1 */
  host: string;
  /** `MAX_TOOL_ITERATIONS`. @defaultValue 10 */
  maxToolIterations: number;
  /** `MAX_FILE_SIZE_KB`. @defaultValue 500 */
  maxFileSizeKb: number;
  /** `LOG_LEVEL`. @defaultValue 'info' */
  logLevel: LogLevel;
  /** `ALLOWED_ROOTS`, comma separated absolute paths; empty means the working directory. */
  allowedRoots: string[];
  /** `LLM_TIMEOUT_MS`: time budget of one model call. @defaultValue 60000 */
  llmTimeoutMs: number;
}

/** Values given on the command line, which win over the environment. */
export interface ConfigOverrides {
  /** `--model`, over `CODE_INDEX_MODEL`. */
  model?: string | undefined;
  /** `--port`, over `PORT` (as typed: it is checked like the variable). */
  port?: string | undefined;
  /** `--host`, over `HOST`. */
  host?: string | undefined;
  /** The allowed roots, over `ALLOWED_ROOTS` (`explain` allows exactly its `--root`). */
  allowedRoots?: string[] | undefined;
  /** The log level, over `LOG_LEVEL`. */
  logLevel?: LogLevel | undefined;
}

/**
 * Reads and checks the configuration.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` listing every variable that is missing or wrong.
 */
export function loadExplainerConfig(env: Record<string, string | undefined> = process.env, overrides: ConfigOverrides = {}): ExplainerConfig {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, given: string | undefined, fallback: number, min: number, max: number) => {
    if (given === undefined) return fallback;
    const value = Number(given);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${given}"`);
      return fallback;
    }
    return value;
  };

  const apiKey = text('OPENAI_API_KEY');
  if (!apiKey) {
    problems.push('OPENAI_API_KEY is not set: set it to your API key (a local server that checks no key, such as Ollama or LM Studio, accepts any placeholder: OPENAI_API_KEY=local)');
  }
  const baseURL = text('OPENAI_BASE_URL') ?? DEFAULT_BASE_URL;
  try {
    const url = new URL(baseURL);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    problems.push(`OPENAI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1, got "${baseURL}"`);
  }
  const level = overrides.logLevel ?? text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(level as LogLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  const allowedRoots = overrides.allowedRoots ?? (text('ALLOWED_ROOTS') ?? '').split(',').map((root) => root.trim()).filter((root) => root !== '');
  for (const root of allowedRoots) {
    if (!isAbsolute(root)) problems.push(`ALLOWED_ROOTS entries must be absolute paths, got "${root}"`);
  }
  const config: ExplainerConfig = {
    apiKey: apiKey ?? '',
    baseURL,
    model: overrides.model?.trim() || text('CODE_INDEX_MODEL') || DEFAULT_MODEL,
    port: integer(overrides.port !== undefined ? '--port' : 'PORT', overrides.port ?? text('PORT'), DEFAULT_PORT, 0, 65535),
    host: overrides.host ?? text('HOST') ?? DEFAULT_HOST,
    maxToolIterations: integer('MAX_TOOL_ITERATIONS', text('MAX_TOOL_ITERATIONS'), DEFAULT_MAX_TOOL_ITERATIONS, 1, 100),
    maxFileSizeKb: integer('MAX_FILE_SIZE_KB', text('MAX_FILE_SIZE_KB'), DEFAULT_MAX_FILE_SIZE_KB, 1, 1024 * 1024),
    logLevel: level as LogLevel,
    allowedRoots,
    llmTimeoutMs: integer('LLM_TIMEOUT_MS', text('LLM_TIMEOUT_MS'), DEFAULT_LLM_TIMEOUT_MS, 1, 3_600_000),
  };
  if (problems.length > 0) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`, { problems });
  }
  return config;
}
