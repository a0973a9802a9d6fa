/**
 * The one error class of code-index and its stable string codes.
 *
 * @module
 */

/**
 * Stable error and diagnostic codes. The `TS_*` codes are the MCP tree-sitter server spec's; the file-system codes
 * follow the Graph-It-Live contract and the Codebase Explainer spec, and so do the model codes of the Explainer
 * agent (`MAX_ITERATIONS`, `RATE_LIMIT`, `LLM_TIMEOUT`, `LLM_ERROR`).
 */
export const ErrorCode = {
  /** The file does not exist. */
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  /** The file (or directory) exists but cannot be read (permissions, I/O error). */
  FILE_UNREADABLE: 'FILE_UNREADABLE',
  /** A path that should name a file names a directory (or something else that is not a regular file). */
  NOT_A_FILE: 'NOT_A_FILE',
  /** A directory (the index root) does not exist or is not a directory. */
  DIR_NOT_FOUND: 'DIR_NOT_FOUND',
  /** The path resolves outside the configured root (through `..`, an absolute path or a symlink). */
  PATH_TRAVERSAL: 'PATH_TRAVERSAL',
  /** The file holds binary data, not text. */
  BINARY_FILE: 'BINARY_FILE',
  /** The file is larger than `maxFileSize`. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** No registered language handles the file's extension. */
  TS_UNSUPPORTED_LANGUAGE: 'TS_UNSUPPORTED_LANGUAGE',
  /** Parsing took longer than `parseTimeoutMs`. */
  TS_PARSE_TIMEOUT: 'TS_PARSE_TIMEOUT',
  /** The file parsed with syntax errors; results are partial (a warning, not a throw). */
  TS_PARSE_ERRORS: 'TS_PARSE_ERRORS',
  /** No identifier at the given position. */
  TS_SYMBOL_NOT_FOUND: 'TS_SYMBOL_NOT_FOUND',
  /** A grammar or query of a language failed to load or compile. */
  LANGUAGE_LOAD_FAILED: 'LANGUAGE_LOAD_FAILED',
  /**
   * The file's syntax tree is deeper than code-index searches (thousands of levels: generated or hostile input); the
   * part below that depth was not analyzed (a warning beside the partial facts).
   */
  NESTING_TOO_DEEP: 'NESTING_TOO_DEEP',
  /** The file is not valid UTF-8; it was decoded with replacement characters (a warning). */
  NON_UTF8_CONTENT: 'NON_UTF8_CONTENT',
  /** An argument is missing, of the wrong type or out of range. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** The index was closed. */
  INDEX_CLOSED: 'INDEX_CLOSED',
  /** A tool name that no tool set has. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** A search ran past its time budget (a regular expression that backtracks without end, say). */
  SEARCH_TIMEOUT: 'SEARCH_TIMEOUT',
  /** A regular expression that does not compile. */
  INVALID_REGEX: 'INVALID_REGEX',
  /** A tool call ran past its time budget. */
  TOOL_TIMEOUT: 'TOOL_TIMEOUT',
  /** A git operation outside a git repository. */
  NOT_A_GIT_REPOSITORY: 'NOT_A_GIT_REPOSITORY',
  /** A git repository without a commit to compare with. */
  GIT_NO_HEAD: 'GIT_NO_HEAD',
  /** git failed or is not installed. */
  GIT_FAILED: 'GIT_FAILED',
  /**
   * The analysis of one file failed unexpectedly (a fault inside a grammar, a crashed parse worker): it costs only
   * that file, which is skipped until it changes.
   */
  ANALYSIS_FAILED: 'ANALYSIS_FAILED',
  /** The file is not of a kind the operation handles (a call graph of a JSON file; the Graph-It-Live contract). */
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  /**
   * The agent used its whole tool budget (`maxToolIterations`) before answering: the answer is built from partial
   * results and says so (HTTP 200; the Codebase Explainer spec).
   */
  MAX_ITERATIONS: 'MAX_ITERATIONS',
  /** The model endpoint kept answering 429 after the retries with backoff (HTTP 429; the Codebase Explainer spec). */
  RATE_LIMIT: 'RATE_LIMIT',
  /** The model endpoint did not answer within its time budget, twice (HTTP 504; the Codebase Explainer spec). */
  LLM_TIMEOUT: 'LLM_TIMEOUT',
  /**
   * The model endpoint failed otherwise: refused the key, does not know the model, returned an error or an
   * unreadable response, or could not be reached (HTTP 502).
   */
  LLM_ERROR: 'LLM_ERROR',
  /** A bug: an unexpected failure inside a tool, reported instead of thrown into the host. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

/** One of the `ErrorCode` values. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The error every code-index operation throws: a stable string `code`, a message that names the value and the
 * next step, and structured `data` (the fields of the spec's error object for that code).
 *
 * @example
 * ```ts
 * try {
 *   await index.analyzeFile('../outside.ts');
 * } catch (error) {
 *   if (error instanceof CodeIndexError && error.code === 'PATH_TRAVERSAL') console.error(error.message);
 * }
 * ```
 */
export class CodeIndexError extends Error {
  /** Stable code, one of the `ErrorCode` values. */
  readonly code: ErrorCode;
  /** Structured details: the path, the limit that was hit, the supported extensions, a suggestion. */
  readonly data: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, data: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CodeIndexError';
    this.code = code;
    this.data = data;
  }

  /** A plain object for wire formats: `{ code, message, details }`. */
  toJSON(): { code: ErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.data };
  }
}

/** True when `error` is a {@link CodeIndexError}, optionally with the given code. */
export function isCodeIndexError(error: unknown, code?: ErrorCode): error is CodeIndexError {
  return error instanceof CodeIndexError && (code === undefined || error.code === code);
}
