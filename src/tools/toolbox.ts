/**
 * A tool set bound to an index: what every adapter holds. `call` never throws.
 *
 * @module
 */
import { CodeIndex, type CodeIndexOptions } from '../code-index.js';
import { DEFAULT_TOOLSET, type ToolsetName } from './names.js';
import { toolset } from './toolsets.js';
import { type RunOptions, runTool, type ToolResult, unknownTool } from './runner.js';
import type { AnyTool } from './tool.js';

/** Options of {@link createToolbox}. */
export interface ToolboxOptions extends RunOptions {
  /** An open index to use; otherwise one is opened over `root` (and closed by `close()`). */
  index?: CodeIndex;
  /** The project root when no `index` is given (default: the working directory). */
  root?: string;
  /** Options for the index opened over `root`. */
  indexOptions?: Omit<CodeIndexOptions, 'root'>;
  /** Which tools: a set, or several (default `agent`, the curated toolbox). */
  toolset?: ToolsetName | readonly ToolsetName[];
  /** Time budget of one regular-expression search, in milliseconds (default 10,000). */
  searchTimeoutMs?: number;
}

/** A tool set bound to an index. */
export interface Toolbox {
  /** The index the tools answer from. */
  readonly index: CodeIndex;
  /** The tools, in the order of their sets. */
  readonly tools: readonly AnyTool[];
  /** Runs a tool by name; an unknown name is an `UNKNOWN_TOOL` result. Never throws. */
  call(name: string, args: unknown): Promise<ToolResult>;
  /** Closes the index if the toolbox opened it. */
  close(): void;
}

/**
 * Binds a tool set to an index (opening one over `root` when none is given): what every host adapter maps.
 *
 * @example
 * ```ts
 * const toolbox = await createToolbox({ root: '/path/to/project', toolset: ['code_analyze', 'repo_map'] });
 * const result = await toolbox.call('code_analyze', { operation: 'get_signatures', file: 'src/auth.ts' });
 * console.log(result.ok ? result.text : `${result.error.code}: ${result.error.message}`);
 * toolbox.close();
 * ```
 */
export async function createToolbox(options: ToolboxOptions = {}): Promise<Toolbox> {
  const tools = toolset(options.toolset ?? DEFAULT_TOOLSET);
  const owned = !options.index;
  const index = options.index ?? (await CodeIndex.open({ ...options.indexOptions, root: options.root ?? process.cwd() }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    index,
    tools,
    async call(name, args) {
      const tool = byName.get(name);
      return tool ? runTool(tool, args, { index, ...(options.searchTimeoutMs ? { searchTimeoutMs: options.searchTimeoutMs } : {}) }, options) : unknownTool(name, [...byName.keys()]);
    },
    close() {
      if (owned) index.close();
    },
  };
}
