/**
 * The operations table every adapter maps: a tool is a name, a description written for a model, an input schema
 * (zod, from which JSON Schema is derived for hosts that want it), annotations and a `run` function.
 *
 * @module
 */
import { z } from 'zod';
import type { CodeIndex } from '../code-index.js';
import { describeParameter, type Parameter } from '../catalog.js';

/** A coded failure, written so that a model can fix its call. */
export interface ToolError {
  /** Stable code (`INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `TS_SYMBOL_NOT_FOUND`, ...). */
  code: string;
  /** What went wrong and how to call again, for the model. */
  message: string;
  /** The values involved (the argument, the suggestion, the supported extensions, ...). */
  details?: Record<string, unknown>;
}

/** MCP-style hints: every code-index tool only reads, gives the same answer twice, and stays inside the root. */
export interface ToolAnnotations {
  /** A short human title. */
  title: string;
  /** It only reads. */
  readOnlyHint: true;
  /** It changes nothing. */
  destructiveHint: false;
  /** The same call gives the same answer (on an unchanged tree). */
  idempotentHint: true;
  /** It reaches nothing outside the root. */
  openWorldHint: false;
}

/** What a tool runs against. */
export interface ToolContext {
  /** The index; its `root` bounds every path. */
  index: CodeIndex;
  /** Time budget of one regular-expression search, in milliseconds (default 10,000). */
  searchTimeoutMs?: number;
  /**
   * The runner's result budget, in characters of JSON (set by the runner from its `maxResultChars`): a tool that
   * pages fits each page into it, so the runner never has to cut a page. @defaultValue 100000
   */
  maxResultChars?: number;
}

/** One operation of the table. */
export interface Tool<Input extends z.ZodType = z.ZodType, Output = unknown> {
  /** The wire name (`analyze_file`, `treesitter`, `search_text`, ...). */
  name: string;
  /** For the model: what it does, when to use it, what comes back. */
  description: string;
  /** Validates the arguments; JSON Schema is derived from it. */
  input: Input;
  /** Its title and MCP-style hints. */
  annotations: ToolAnnotations;
  /** Runs with validated arguments. Throws `CodeIndexError` for coded failures; the runner catches everything. */
  run(args: z.output<Input>, context: ToolContext): Promise<Output>;
  /**
   * The compact text a model reads for an output (one fact per line). Without it, the text is the output's JSON
   * without empty fields; with `format: 'json'` in the arguments, it is the output's whole JSON.
   */
  render?(output: Output, args: z.output<Input>, context: ToolContext): string;
  /**
   * The wire body of a failure, for a tool whose spec has its own error shape (the Graph-It-Live
   * contract's `{ error, code, message }`). Without it, a failure is `{ error: { code, message, details } }`.
   */
  errorBody?(error: ToolError): unknown;
}

/** A tool of any input and output, as tool sets hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds tools of different inputs
export type AnyTool = Tool<any, unknown>;

/** The arguments every tool accepts besides its own. */
export const resultOptions = {
  // Short on purpose: every tool's definition carries it, on every request a host sends.
  maxTokens: z.number().int().min(1).max(1_000_000).optional().describe('Most tokens of the result (cut if longer, with a note)'),
};

/** The argument of tools with a compact rendering: the whole JSON instead. */
export const formatOption = {
  format: z.enum(['text', 'json']).optional().describe('text: compact, one fact per line (default); json: the full result'),
};

/**
 * Declares a tool with its input type inferred from its schema. Every tool also takes `maxTokens`; a tool with a
 * `render` also takes `format` (unless its own schema has one).
 *
 * @example
 * ```ts
 * const countSignatures = defineTool({
 *   name: 'count_signatures',
 *   title: 'Count signatures',
 *   description: 'How many functions, methods and constructors a file of the project declares.',
 *   input: z.strictObject({ file: z.string().min(1).describe('File, relative to the project root') }),
 *   async run(args, { index }) {
 *     return { file: args.file, count: (await index.getSignatures(args.file)).length };
 *   },
 * });
 * const result = await runTool(countSignatures, { file: 'src/auth.ts' }, { index });
 * ```
 */
export function defineTool<Input extends z.ZodObject, Output>(tool: {
  name: string;
  title: string;
  description: string;
  input: Input;
  run: (args: z.output<Input>, context: ToolContext) => Promise<Output>;
  render?: (output: Output, args: z.output<Input>, context: ToolContext) => string;
  errorBody?: (error: ToolError) => unknown;
}): Tool<Input, Output> {
  const own = tool.input.shape as Record<string, unknown>;
  const extra = { ...resultOptions, ...(tool.render && !('format' in own) ? formatOption : {}) };
  return {
    name: tool.name,
    description: tool.description,
    // The same object type with the shared options added (strictness kept): validated and described as one.
    input: tool.input.extend(extra) as unknown as Input,
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    run: tool.run,
    ...(tool.render ? { render: tool.render } : {}),
    ...(tool.errorBody ? { errorBody: tool.errorBody } : {}),
  };
}

/** The zod type of a parameter's value. */
type ParameterSchema<P extends Parameter> = P['type'] extends 'integer'
  ? z.ZodNumber
  : P['type'] extends 'boolean'
    ? z.ZodBoolean
    : P['type'] extends 'strings'
      ? z.ZodArray<z.ZodString>
      : P extends { open: true }
        ? z.ZodString
        : P extends { values: readonly (infer V extends string)[] }
          ? z.ZodEnum<{ [K in V]: K }>
          : z.ZodString;

/** The schema of a tool argument made from a parameter: defaulted, required, or optional. */
export type ArgumentSchema<P extends Parameter> = P extends { default: unknown }
  ? z.ZodDefault<ParameterSchema<P>>
  : P extends { required: true }
    ? ParameterSchema<P>
    : z.ZodOptional<ParameterSchema<P>>;

/**
 * A tool argument from a parameter of the operations table (src/catalog.ts): its type, bounds, values, default
 * and description, so that a tool and the CLI document an argument alike. A tool whose spec fixes an argument's
 * wording keeps its own schema for it.
 */
export function parameterArgument<const P extends Parameter>(parameter: P): ArgumentSchema<P> {
  let schema: z.ZodType;
  if (parameter.type === 'integer') {
    let number = z.number().int();
    if (parameter.min !== undefined) number = number.min(parameter.min);
    if (parameter.max !== undefined) number = number.max(parameter.max);
    schema = number;
  } else if (parameter.type === 'boolean') {
    schema = z.boolean();
  } else if (parameter.type === 'strings') {
    const list = z.array(z.string().min(1));
    schema = parameter.max !== undefined ? list.max(parameter.max) : list;
  } else if (parameter.values && !parameter.open) {
    schema = z.enum(parameter.values as [string, ...string[]]);
  } else {
    schema = parameter.required ? z.string().min(1) : z.string();
  }
  const wrapped = parameter.default !== undefined ? schema.default(parameter.default as never) : parameter.required ? schema : schema.optional();
  return wrapped.describe(describeParameter(parameter)) as unknown as ArgumentSchema<P>;
}

/** The JSON Schema (draft 2020-12) of a tool's input, as hosts want it (`type: "object"` at the top). */
export function inputJsonSchema(tool: AnyTool): Record<string, unknown> {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}
