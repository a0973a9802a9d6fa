/**
 * code-index/tools: the operations as agent tools, with the wire formats of the five specs (docs/specs.md). Each tool
 * has a zod input schema, runs against a `CodeIndex` and answers text rendered compactly for a model, or a coded
 * error; a toolbox binds a set of them to an index. The host adapters (`code-index/mcp`, `code-index/vercel`,
 * `code-index/openai`, ...) are built on these.
 *
 * The public API, listed by hand (no `export *`).
 *
 * @packageDocumentation
 */
export { TOOLSET_NAMES, type ToolsetName } from './names.js';
export { type RunOptions, runTool, type ToolResult } from './runner.js';
export { type AnyTool, defineTool, inputJsonSchema, type Tool, type ToolAnnotations, type ToolContext, type ToolError } from './tool.js';
export { createToolbox, type Toolbox, type ToolboxOptions } from './toolbox.js';
export { toolset } from './toolsets.js';
