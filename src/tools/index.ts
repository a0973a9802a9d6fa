/**
 * The tool sets: one per spec, and `all` with every tool once (the explainer's `read_file` and `list_directory`
 * prefixed `explainer_`, as the scanner's keep the plain names).
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import { codeAnalyzeTools } from './sets/code-analyze.js';
import { explainerTools } from './sets/explainer.js';
import { scannerTools } from './sets/scanner.js';
import { treesitterTools } from './sets/treesitter.js';
import type { AnyTool } from './tool.js';

/** Names of the tool sets: `code_analyze` (seed 000), `treesitter` (001), `scanner` (002), `explainer` (004), `all`. */
export type ToolsetName = 'code_analyze' | 'treesitter' | 'scanner' | 'explainer' | 'all';

/** Every tool set name. */
export const TOOLSET_NAMES: readonly ToolsetName[] = ['code_analyze', 'treesitter', 'scanner', 'explainer', 'all'];

function renamed(tool: AnyTool, name: string): AnyTool {
  return { ...tool, name };
}

/**
 * The tools of one set.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for an unknown set name.
 */
export function toolset(name: ToolsetName = 'all'): AnyTool[] {
  switch (name) {
    case 'code_analyze':
      return [...codeAnalyzeTools];
    case 'treesitter':
      return [...treesitterTools];
    case 'scanner':
      return [...scannerTools];
    case 'explainer':
      return [...explainerTools];
    case 'all': {
      const taken = new Set([...codeAnalyzeTools, ...treesitterTools, ...scannerTools].map((t) => t.name));
      return [
        ...codeAnalyzeTools,
        ...treesitterTools,
        ...scannerTools,
        ...explainerTools.map((t) => (taken.has(t.name) ? renamed(t, `explainer_${t.name}`) : t)),
      ];
    }
    default:
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Unknown tool set "${String(name)}"; use one of ${TOOLSET_NAMES.join(', ')}`, {
        toolset: name,
      });
  }
}
