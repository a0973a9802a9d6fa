/**
 * The tool sets' names, apart from the sets themselves: the command line checks a `--toolset` without loading the
 * tools (and zod, which they are built with: ~50 ms of every command's start).
 *
 * @module
 */

/**
 * Names of the tool sets: `code_analyze` (the Lace `code_analyze` spec), `treesitter` (the MCP tree-sitter server
 * spec), `scanner` (the Code Scanner spec), `graph` (the Graph-It-Live contract: the call graph of a file, and
 * callers/callees across the project), `explainer` (the Codebase Explainer spec), `repo_map` (the repository map), `query`
 * (code found by its shape: a tree-sitter query), `changes` (what a git change touches: definitions and dependents),
 * `all` (every tool of those sets once), `agent` (one curated toolbox: twelve tools, one per question, compact).
 */
export type ToolsetName = 'code_analyze' | 'treesitter' | 'scanner' | 'explainer' | 'graph' | 'repo_map' | 'query' | 'changes' | 'all' | 'agent';

/** Every tool set name. */
export const TOOLSET_NAMES: readonly ToolsetName[] = ['code_analyze', 'treesitter', 'scanner', 'explainer', 'graph', 'repo_map', 'query', 'changes', 'all', 'agent'];

/** The tool set a toolbox or an MCP server has when none is named: the curated toolbox. */
export const DEFAULT_TOOLSET: ToolsetName = 'agent';
