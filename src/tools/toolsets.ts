/**
 * The tool sets: one per spec, `repo_map` (the repository map, which any host can add), `all` with every tool of
 * those once (the explainer's `read_file` and `list_directory` prefixed `explainer_`, as the scanner's keep the plain
 * names), and `agent`, the curated toolbox (its own tools over the others: not part of `all`). Sets can be combined:
 * `toolset(['code_analyze', 'repo_map'])`.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import { agentTools } from './sets/agent.js';
import { codeAnalyzeTools } from './sets/code-analyze.js';
import { explainerTools } from './sets/explainer.js';
import { graphTools } from './sets/graph.js';
import { queryTools } from './sets/query.js';
import { changesTools } from './sets/changes.js';
import { repoMapTools } from './sets/repo-map.js';
import { scannerTools } from './sets/scanner.js';
import { treesitterTools } from './sets/treesitter.js';
import { DEFAULT_TOOLSET, TOOLSET_NAMES, type ToolsetName } from './names.js';
import type { AnyTool } from './tool.js';

/** The sets `all` is made of, in order. */
const SETS: ReadonlyArray<readonly [ToolsetName, AnyTool[]]> = [
  ['code_analyze', codeAnalyzeTools],
  ['treesitter', treesitterTools],
  ['scanner', scannerTools],
  ['explainer', explainerTools],
  ['graph', graphTools],
  ['repo_map', repoMapTools],
  ['query', queryTools],
  ['changes', changesTools],
];

function renamed(tool: AnyTool, name: string): AnyTool {
  return { ...tool, name };
}

/**
 * The tools of one set (by default `agent`, the curated toolbox), or of several (each tool once; an explainer tool
 * whose name another set has is prefixed `explainer_`).
 *
 * @example
 * ```ts
 * const tools = toolset(['treesitter', 'repo_map']);
 * console.log(tools.map((tool) => tool.name)); // ['treesitter', 'repo_map']
 * ```
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for an unknown set name.
 */
export function toolset(name: ToolsetName | readonly ToolsetName[] = DEFAULT_TOOLSET): AnyTool[] {
  const names = typeof name === 'string' ? [name] : Array.isArray(name) ? name : [name as unknown as ToolsetName];
  for (const each of names) {
    if (!TOOLSET_NAMES.includes(each)) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Unknown tool set "${String(each)}"; use one of ${TOOLSET_NAMES.join(', ')}`, {
        toolset: each,
      });
    }
  }
  const wanted: readonly ToolsetName[] = names.includes('all') ? [...SETS.map(([set]) => set), ...names.filter((each) => each === 'agent')] : names;
  const tools: AnyTool[] = [];
  const taken = new Set<string>();
  // Sets in their table order: the spec sets keep their plain names, the explainer's clashing ones are prefixed.
  for (const [set, members] of [...SETS, ['agent', agentTools] as const]) {
    if (!wanted.includes(set)) continue;
    for (const tool of members) {
      const named = taken.has(tool.name) && set === 'explainer' ? renamed(tool, `explainer_${tool.name}`) : tool;
      if (taken.has(named.name)) continue;
      taken.add(named.name);
      tools.push(named);
    }
  }
  return tools;
}
