/**
 * The Codebase Explainer spec's request and response schemas, verbatim, and the answer the model is asked for (the
 * response without the metadata, which the agent measures itself).
 *
 * @module
 */
import { z } from 'zod';

/** The `includePatterns` default of {@link ExplainRequestSchema}. */
export const DEFAULT_INCLUDE_PATTERNS: readonly string[] = ['**/*.ts', '**/*.js', '**/*.py', '**/*.go', '**/*.rs'];
/** The `excludePatterns` default of {@link ExplainRequestSchema}. */
export const DEFAULT_EXCLUDE_PATTERNS: readonly string[] = ['**/node_modules/**', '**/.git/**', '**/dist/**'];

/**
 * What to explain and where (the Codebase Explainer spec's schema, exactly). `options` scope the tools: `maxFiles`
 * distinct files read, `maxDepth` directory levels below `directory`, `includePatterns` the files searched,
 * `excludePatterns` the files never listed, searched or read.
 */
export const ExplainRequestSchema = z.object({
  // Required: What to explain
  question: z.string().min(1).max(2000).describe('Natural language question about the codebase'),

  // Required: Where to look
  directory: z.string().min(1).describe('Absolute path to codebase root'),

  // Optional: Scope limits
  options: z
    .object({
      maxFiles: z.number().min(1).max(100).default(20).describe('Max files to read'),
      maxDepth: z.number().min(1).max(10).default(5).describe('Max directory depth'),
      includePatterns: z.array(z.string()).default([...DEFAULT_INCLUDE_PATTERNS]),
      excludePatterns: z.array(z.string()).default([...DEFAULT_EXCLUDE_PATTERNS]),
    })
    .optional(),
});

/** The explanation, its evidence and how it was reached (the Codebase Explainer spec's schema, exactly). */
export const ExplainResponseSchema = z.object({
  // Main explanation
  explanation: z.string().describe('Clear, structured explanation'),

  // Supporting evidence
  codeSnippets: z.array(
    z.object({
      file: z.string(),
      startLine: z.number(),
      endLine: z.number(),
      content: z.string(),
      relevance: z.string().describe('Why this snippet matters'),
    }),
  ),

  // Execution metadata
  metadata: z.object({
    filesExamined: z.number(),
    toolCalls: z.number(),
    executionTimeMs: z.number(),
    confidence: z.enum(['high', 'medium', 'low']),
  }),

  // Follow-up suggestions
  suggestedQuestions: z.array(z.string()).max(3),
});

/** A request as sent: `options` and each of its fields may be left out. */
export type ExplainRequest = z.input<typeof ExplainRequestSchema>;
/** A response of {@link ExplainResponseSchema}. */
export type ExplainResponse = z.output<typeof ExplainResponseSchema>;
/** One entry of the response's `codeSnippets`: real lines of a real file, root-relative. */
export type CodeSnippet = ExplainResponse['codeSnippets'][number];
/** How sure the agent is of its answer. */
export type Confidence = ExplainResponse['metadata']['confidence'];

/** The request's options with every default applied (also when `options` is left out). */
export interface ExplainScopeOptions {
  maxFiles: number;
  maxDepth: number;
  includePatterns: string[];
  excludePatterns: string[];
}

const OPTIONS_DEFAULTS = ExplainRequestSchema.shape.options.unwrap();

/** The scope of a parsed request: the spec's defaults, also when the request has no `options` at all. */
export function scopeOptions(options: z.output<typeof ExplainRequestSchema>['options']): ExplainScopeOptions {
  const full = options ?? OPTIONS_DEFAULTS.parse({});
  return {
    maxFiles: Math.floor(full.maxFiles),
    maxDepth: Math.floor(full.maxDepth),
    includePatterns: full.includePatterns,
    excludePatterns: full.excludePatterns,
  };
}

/**
 * The final answer the model is asked for: the response without `metadata` (which the agent measures) plus the
 * model's own confidence. Written so that OpenAI's strict structured output accepts its JSON Schema (every field
 * required, no extra fields, no `maxItems`): the agent cuts `suggestedQuestions` to three itself.
 */
export const ModelAnswerSchema = z.strictObject({
  explanation: z.string().describe('A clear, structured explanation in Markdown that answers the question'),
  codeSnippets: z
    .array(
      z.strictObject({
        file: z.string().describe('Root-relative path of a file you read'),
        startLine: z.number().int().describe('First line (1-based) of the snippet in that file'),
        endLine: z.number().int().describe('Last line (1-based, inclusive)'),
        content: z.string().describe('The exact lines startLine..endLine of the file, copied verbatim'),
        relevance: z.string().describe('Why this snippet matters to the question'),
      }),
    )
    .describe('The code that supports the explanation, copied from files you read'),
  confidence: z.enum(['high', 'medium', 'low']).describe('How well the code you read supports the explanation'),
  suggestedQuestions: z.array(z.string()).describe('Up to three follow-up questions'),
});

/** The model's final answer, as asked for. */
export type ModelAnswer = z.output<typeof ModelAnswerSchema>;

/** JSON Schema of {@link ModelAnswerSchema}, for `response_format: { type: 'json_schema' }`. */
export function modelAnswerJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ModelAnswerSchema) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}
