/**
 * The tool sets' names, apart from the sets themselves: the command line checks a `--toolset` without loading the
 * tools (and zod, which they are built with: ~50 ms of every command's start).
 *
 * @module
 */

/**
 * Names of the tool sets: `code_analyze` (seed 000), `treesitter` (001), `scanner` (002), `graph` (003: the call
 * graph of a file, and callers/callees across the project), `explainer` (004),
 * `repo_map` (the repository map), `all`.
 */
export type ToolsetName = 'code_analyze' | 'treesitter' | 'scanner' | 'explainer' | 'graph' | 'repo_map' | 'all';

/** Every tool set name. */
export const TOOLSET_NAMES: readonly ToolsetName[] = ['code_analyze', 'treesitter', 'scanner', 'explainer', 'graph', 'repo_map', 'all'];
