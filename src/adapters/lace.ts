/**
 * Lace adapter. Lace's `Tool` is an abstract class in a package not published to npm, so the host passes its base
 * class in and gets subclasses back: `name`, `description`, `schema` (zod), `inputSchema` (our JSON Schema,
 * verbatim), `annotations` (`readOnlySafe`), and `executeValidated` answering with the base class's
 * `createResult` / `createError`.
 *
 * @module
 */
import { inputJsonSchema } from '../tools/tool.js';
import type { Toolbox } from '../tools/toolbox.js';

/** The part of Lace's `Tool` base class the adapter relies on. */
export interface LaceToolBase {
  new (...args: never[]): {
    createResult?(content: string | Record<string, unknown>, metadata?: Record<string, unknown>): unknown;
    createError?(content: string | Record<string, unknown>, metadata?: Record<string, unknown>): unknown;
  };
}

/** Lace's tool annotations, as code-index fills them. */
export interface LaceAnnotations {
  /** A short human title. */
  title: string;
  /** Safe to run without asking: it only reads. */
  readOnlySafe: true;
  /** It only reads. */
  readOnlyHint: true;
  /** The same call gives the same answer. */
  idempotentHint: true;
  /** It changes nothing. */
  destructiveHint: false;
  /** It reaches nothing outside the root. */
  openWorldHint: false;
}

/**
 * Subclasses of the host's `Tool` for every tool of a toolbox, instantiated.
 *
 * @param ToolBase - Lace's `Tool` class.
 * @example
 * ```ts
 * const toolbox = await createToolbox({ root: projectRoot, toolset: ['code_analyze', 'treesitter'] });
 * for (const tool of createLaceTools(Tool, toolbox)) toolRegistry.register(tool);
 * ```
 */
export function createLaceTools<Base extends LaceToolBase>(ToolBase: Base, toolbox: Toolbox): Array<InstanceType<Base>> {
  return toolbox.tools.map((tool) => {
    const Adapted = class extends (ToolBase as unknown as new () => {
      createResult(content: string | Record<string, unknown>, metadata?: Record<string, unknown>): unknown;
      createError(content: string | Record<string, unknown>, metadata?: Record<string, unknown>): unknown;
    }) {
      name = tool.name;
      description = tool.description;
      schema = tool.input;
      annotations: LaceAnnotations = {
        title: tool.annotations.title,
        readOnlySafe: true,
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      };

      get inputSchema(): Record<string, unknown> {
        return inputJsonSchema(tool);
      }

      /** Validation, coded errors and bounds are code-index's runner's: it never throws. */
      async execute(args: unknown): Promise<unknown> {
        return this.executeValidated(args);
      }

      async executeValidated(args: unknown): Promise<unknown> {
        const result = await toolbox.call(tool.name, args);
        if (!result.ok) return this.createError(result.text, { code: result.error.code, error: result.error });
        return this.createResult(result.text, { tool: tool.name, ...(result.truncated ? { truncated: true } : {}) });
      }
    };
    return new Adapted() as InstanceType<Base>;
  });
}

/** What a Lace plugin receives at registration (the documented shape, as far as code-index uses it). */
export interface LacePluginApi {
  /** Lace's `Tool` base class. */
  Tool: LaceToolBase;
  /** Registers one tool instance. */
  registerTool(tool: unknown): void;
}

/**
 * A Lace plugin that registers a toolbox's tools.
 *
 * @example
 * ```ts
 * export default createLacePlugin(await createToolbox({ root: process.cwd(), toolset: 'code_analyze' }));
 * ```
 */
export function createLacePlugin(toolbox: Toolbox): { name: string; register(api: LacePluginApi): void } {
  return {
    name: 'code-index',
    register(api) {
      for (const tool of createLaceTools(api.Tool, toolbox)) api.registerTool(tool);
    },
  };
}
