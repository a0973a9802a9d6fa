/**
 * The one runner every adapter calls: validates the arguments, runs the tool under a time budget, bounds the
 * result's size, and turns every failure into a coded result. It never throws into the host.
 *
 * @module
 */
import type { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { type Cuttable, fitJson, fitLines, measureParts, tokensOf } from '../render/fit.js';
import { compactJson } from '../render/json.js';
import type { AnyTool, ToolContext, ToolError } from './tool.js';

/** What a tool call gives back. */
export type ToolResult =
  | {
      /** The call succeeded. */
      ok: true;
      /** The tool's name. */
      tool: string;
      /** The structured result, in the tool's wire format (whole, whatever `maxTokens` cut from the text). */
      data: unknown;
      /**
       * The text for the model: warnings first, then the tool's compact rendering (one fact per line), or its JSON
       * without empty fields when it has none, or its whole JSON with `format: 'json'`; at most `maxTokens` tokens.
       */
      text: string;
      /** True when the result was cut: the data to `maxResultChars`, or the text to `maxTokens`. */
      truncated?: boolean;
    }
  | {
      /** The call failed: `error` says why. */
      ok: false;
      /** The tool's name (as called, for an unknown tool). */
      tool: string;
      /** The coded failure. */
      error: ToolError;
      /**
       * The failure as the tool's spec writes it, when that is not `{ error }` (the Graph-It-Live contract:
       * `{ error, code, message }`).
       */
      body?: Record<string, unknown>;
      /** The failure's JSON text: `body`, or `{ error }`. */
      text: string;
    };

/** Limits of {@link runTool}. */
export interface RunOptions {
  /** Longest result, in characters of JSON (default 100,000, about 25,000 tokens). */
  maxResultChars?: number;
  /** Time budget of one call in milliseconds (default 60,000). */
  timeoutMs?: number;
}

const DEFAULT_MAX_RESULT_CHARS = 100_000;
const DEFAULT_TIMEOUT_MS = 60_000;

/** Runs one tool call. Always resolves; failures are `{ ok: false, error }`. */
export async function runTool(tool: AnyTool, args: unknown, context: ToolContext, options: RunOptions = {}): Promise<ToolResult> {
  const parsed = tool.input.safeParse(args ?? {});
  const root = context.index.root;
  if (!parsed.success) return failure(tool, invalidArguments(tool, parsed.error), root);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  // The indexing the call waits on, if any: a first call on a large tree waits for the whole index, which goes on
  // after the call is abandoned (the next call waits for the same scan).
  let indexing: { done: number; total: number } | undefined;
  const stopWatching = context.index.onProgress((done, total) => (indexing = { done, total }));
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timedOut(tool.name, timeoutMs, indexing)), timeoutMs);
    });
    const maxResultChars = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
    // Tools that page fit their pages into the budget (a cut made here, after paging, would lose content); with
    // maxTokens, into that many tokens of JSON too, so that the page says where the next one starts.
    const maxTokens = (parsed.data as TextOptions).maxTokens;
    const pageChars = maxTokens === undefined ? maxResultChars : Math.min(maxResultChars, Math.floor(maxTokens * MIN_CHARS_PER_TOKEN));
    const data = await Promise.race([tool.run(parsed.data, { ...context, maxResultChars: pageChars }), timeout]);
    return await success(tool, data, parsed.data as TextOptions, context, maxResultChars);
  } catch (error) {
    return failure(tool, toToolError(error), root);
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
}

/** `TOOL_TIMEOUT`: the call was abandoned; when it waited for the index being built, how far that is (it goes on). */
function timedOut(tool: string, timeoutMs: number, indexing: { done: number; total: number } | undefined): CodeIndexError {
  if (indexing && indexing.done < indexing.total) {
    return new CodeIndexError(
      ErrorCode.TOOL_TIMEOUT,
      `${tool} waited ${timeoutMs} ms for the index being built (${indexing.done} of ${indexing.total} files) and was abandoned; the indexing goes on`,
      { timeout_ms: timeoutMs, indexed_files: indexing.done, total_files: indexing.total, suggestion: 'Call again: the call answers once the index is built' },
    );
  }
  return new CodeIndexError(ErrorCode.TOOL_TIMEOUT, `${tool} took longer than ${timeoutMs} ms and was abandoned`, {
    timeout_ms: timeoutMs,
    suggestion: 'Narrow the call (a folder, a file pattern, a smaller range)',
  });
}

/**
 * Characters of JSON a token covers at the least, in practice (o200k: about 3 for paths, names and numbers, more for
 * prose): a page of `maxTokens * 2.5` characters (and its warning) nearly always fits `maxTokens`; the cut after it handles the rest.
 */
const MIN_CHARS_PER_TOKEN = 2.5;

/** The result for a tool name no tool set has. */
export function unknownTool(name: unknown, known: string[]): ToolResult {
  const shown = cut(String(name), 100);
  return failure(shown, {
    code: ErrorCode.UNKNOWN_TOOL,
    message: `There is no tool named "${shown}". Available tools: ${known.join(', ')}`,
    details: { tool: name, available: known },
  });
}

/** Any thrown value as a coded error. */
export function toToolError(error: unknown): ToolError {
  if (error instanceof CodeIndexError) {
    return { code: error.code, message: error.message, ...(error.data && Object.keys(error.data).length > 0 ? { details: error.data } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: ErrorCode.INTERNAL_ERROR, message: `Unexpected failure: ${message}` };
}

function invalidArguments(tool: AnyTool, error: z.ZodError): ToolError {
  const problems = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.slice(0, 10).map((k) => `"${k.length > 100 ? `${k.slice(0, 100)}…` : k}"`);
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${keys.join(', ')}${issue.keys.length > 10 ? ', …' : ''}`;
    }
    return `${where}: ${issue.message}`;
  });
  return {
    code: ErrorCode.INVALID_ARGUMENT,
    message: `Invalid arguments for ${tool.name}: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}. Fix them and call again.`,
    details: { issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
  };
}

/** Longest error message, and longest string in an error's details (an echoed argument, say). */
const MAX_ERROR_MESSAGE = 2000;
const MAX_DETAIL_STRING = 500;
const MAX_DETAIL_ITEMS = 20;

/**
 * A failure result, bounded like a success (an echoed 10 MB argument is cut to a few hundred characters) and
 * written with root-relative paths: the absolute root is never shown (`.` for the root itself).
 */
function failure(tool: string | AnyTool, error: ToolError, root?: string): ToolResult {
  const clean = (text: string, max: number) => cut(root ? withoutRoot(text, root) : text, max);
  const bounded: ToolError = { code: error.code, message: clean(error.message, MAX_ERROR_MESSAGE) };
  if (error.details) bounded.details = boundDetails(error.details, (text) => clean(text, MAX_DETAIL_STRING), 0) as Record<string, unknown>;
  const name = typeof tool === 'string' ? tool : tool.name;
  const body = typeof tool === 'string' || !tool.errorBody ? undefined : (tool.errorBody(bounded) as Record<string, unknown>);
  if (body) return { ok: false, tool: name, error: bounded, body, text: JSON.stringify(body) };
  return { ok: false, tool: name, error: bounded, text: JSON.stringify({ error: bounded }) };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters, cut)` : text;
}

function withoutRoot(text: string, root: string): string {
  return text.split(`${root}/`).join('').split(root).join('.');
}

function boundDetails(value: unknown, clean: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return clean(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_DETAIL_ITEMS).map((item) => boundDetails(item, clean, depth + 1));
    return value.length > MAX_DETAIL_ITEMS ? [...items, `… ${value.length - MAX_DETAIL_ITEMS} more`] : items;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, MAX_DETAIL_ITEMS).map(([key, item]) => [clean(key), boundDetails(item, clean, depth + 1)]);
  return Object.fromEntries(entries.length > MAX_DETAIL_ITEMS ? [...kept, ['…', `${entries.length - MAX_DETAIL_ITEMS} more`]] : kept);
}

/** The arguments the runner reads besides the tool's own. */
interface TextOptions {
  maxTokens?: number;
  format?: string;
}

async function success(tool: AnyTool, data: unknown, args: TextOptions, context: ToolContext, maxChars: number): Promise<ToolResult> {
  let truncated = false;
  let bounded = data;
  if (JSON.stringify(data ?? null).length > maxChars) {
    // A large result takes the main thread a while to cut: calls that arrived meanwhile are answered first.
    await new Promise((resolve) => setImmediate(resolve));
    bounded = shrink(data, maxChars);
    truncated = true;
  }
  const json = args.format === 'json' || !tool.render;
  const warnings = args.format === 'json' ? [] : collectWarnings(bounded);
  // The whole JSON on request; otherwise the compact text, warnings shown once, above it.
  const body = (value: unknown) =>
    args.format === 'json' ? JSON.stringify(value ?? null) : tool.render ? tool.render(value, args, context) : compactJson(value, ['warning']);
  const compose = (value: unknown) => [...warnings, body(value)].join('\n');
  let text = compose(bounded);
  if (truncated) {
    text = `⚠️ PARTIAL RESULTS: the result was cut to ${await tokensOf(text)} tokens (${maxChars} characters of JSON). Narrow the call or page with offset/start_line.\n${text}`;
  }
  if (args.maxTokens !== undefined) {
    const fitted = json ? await fitJson(bounded, args.maxTokens, compose) : await fitLines(text, args.maxTokens);
    text = fitted.text;
    truncated ||= fitted.cut;
  }
  return truncated ? { ok: true, tool: tool.name, data: bounded, text, truncated } : { ok: true, tool: tool.name, data: bounded, text };
}

function collectWarnings(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const warning = (data as { warning?: unknown }).warning;
  return typeof warning === 'string' ? [warning] : [];
}

/** What {@link shrink} cuts: any string, arrays of two items or more. */
const SHRINK_CUTTABLE: Cuttable = { minLength: 0, minItems: 2 };

/**
 * Cuts the largest array (or string) until the JSON fits, in proportion to the excess (one item fewer at least, one
 * item kept at least), so a large result is cut in a few rounds, each one walk of the value. Marks the object it cut
 * with `truncated: true`.
 */
function shrink(data: unknown, maxChars: number): unknown {
  const copy = structuredClone(data) as unknown;
  for (let round = 0; round < 40; round++) {
    const { size, largest } = measureParts(copy, SHRINK_CUTTABLE);
    if (size <= maxChars || !largest) break;
    const { holder, key, value } = largest;
    const length = (value as string | unknown[]).length;
    // The share of the part to keep were its items alike, a little under; never more than the length less one.
    const share = Math.max(0, (largest.size - (size - maxChars)) / largest.size) * 0.95;
    const keep = Math.min(length - 1, Math.floor(length * share));
    if (Array.isArray(value)) holder[key] = value.slice(0, Math.max(1, keep));
    else if (typeof value === 'string') holder[key] = `${value.slice(0, Math.max(0, keep))}…`;
    if (!Array.isArray(holder)) holder.truncated = true;
  }
  return copy;
}
