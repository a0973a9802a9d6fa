/**
 * The one runner every adapter calls: validates the arguments, runs the tool under a time budget, bounds the
 * result's size, and turns every failure into a coded result. It never throws into the host.
 *
 * @module
 */
import type { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { AnyTool, ToolContext } from './tool.js';

/** A coded failure, written so that a model can fix its call. */
export interface ToolError {
  /** Stable code (`INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `TS_SYMBOL_NOT_FOUND`, ...). */
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** What a tool call gives back. */
export type ToolResult =
  | {
      ok: true;
      tool: string;
      /** The structured result, in the tool's wire format. */
      data: unknown;
      /** The same as text for the model: warnings first, then compact JSON. */
      text: string;
      /** True when the runner had to cut the result to `maxResultChars`. */
      truncated?: boolean;
    }
  | { ok: false; tool: string; error: ToolError; text: string };

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
  if (!parsed.success) return failure(tool.name, invalidArguments(tool, parsed.error));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new CodeIndexError(ErrorCode.TOOL_TIMEOUT, `${tool.name} took longer than ${timeoutMs} ms and was abandoned`, {
              timeout_ms: timeoutMs,
              suggestion: 'Narrow the call (a folder, a file pattern, a smaller range)',
            }),
          ),
        timeoutMs,
      );
    });
    const data = await Promise.race([tool.run(parsed.data, context), timeout]);
    return success(tool.name, data, options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);
  } catch (error) {
    return failure(tool.name, toToolError(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The result for a tool name no tool set has. */
export function unknownTool(name: unknown, known: string[]): ToolResult {
  return failure(String(name), {
    code: ErrorCode.UNKNOWN_TOOL,
    message: `There is no tool named "${String(name)}". Available tools: ${known.join(', ')}`,
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
    if (issue.code === 'unrecognized_keys') return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    return `${where}: ${issue.message}`;
  });
  return {
    code: ErrorCode.INVALID_ARGUMENT,
    message: `Invalid arguments for ${tool.name}: ${problems.join('; ')}. Fix them and call again.`,
    details: { issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
  };
}

function failure(tool: string, error: ToolError): ToolResult {
  return { ok: false, tool, error, text: JSON.stringify({ error }) };
}

function success(tool: string, data: unknown, maxChars: number): ToolResult {
  let json = JSON.stringify(data ?? null);
  let truncated = false;
  let bounded = data;
  if (json.length > maxChars) {
    bounded = shrink(data, maxChars);
    json = JSON.stringify(bounded);
    truncated = true;
  }
  const warnings = collectWarnings(bounded);
  if (truncated) warnings.push(`⚠️ PARTIAL RESULTS: the result was cut to about ${maxChars} characters. Narrow the call or page with offset/start_line.`);
  const text = [...warnings, json].join('\n');
  return truncated ? { ok: true, tool, data: bounded, text, truncated } : { ok: true, tool, data: bounded, text };
}

function collectWarnings(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const warning = (data as { warning?: unknown }).warning;
  return typeof warning === 'string' ? [warning] : [];
}

/** Halves the largest array (or string) until the JSON fits; marks the object it cut with `truncated: true`. */
function shrink(data: unknown, maxChars: number): unknown {
  const copy = structuredClone(data) as unknown;
  for (let round = 0; round < 40 && JSON.stringify(copy).length > maxChars; round++) {
    const largest = largestPart(copy);
    if (!largest) break;
    const { holder, key, value } = largest;
    if (Array.isArray(value)) holder[key] = value.slice(0, Math.floor(value.length / 2));
    else if (typeof value === 'string') holder[key] = `${value.slice(0, Math.floor(value.length / 2))}…`;
    if (!Array.isArray(holder)) holder.truncated = true;
  }
  return copy;
}

type Holder = Record<string | number, unknown>;

function largestPart(root: unknown): { holder: Holder; key: string | number; value: unknown } | undefined {
  let best: { holder: Holder; key: string | number; value: unknown; size: number } | undefined;
  const visit = (holder: Holder, key: string | number, value: unknown) => {
    if (typeof value === 'string' || (Array.isArray(value) && value.length > 1)) {
      const size = JSON.stringify(value).length;
      if (!best || size > best.size) best = { holder, key, value, size };
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(value as Holder, Array.isArray(value) ? Number(k) : k, v);
    }
  };
  if (root && typeof root === 'object') for (const [k, v] of Object.entries(root)) visit(root as Holder, k, v);
  return best;
}
