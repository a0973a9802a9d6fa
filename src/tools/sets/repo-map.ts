/**
 * The `repo_map` tool: a ranked map of the repository's most important definitions, fitted into a token budget,
 * for an agent to orient itself before it reads anything. A set of its own, so that hosts of any spec's set can add
 * it (`toolset(['code_analyze', 'repo_map'])`); `all` has it.
 *
 * @module
 */
import { z } from 'zod';
import type { RepoMap } from '../../index.js';
import { OPERATIONS } from '../../catalog.js';
import { checkToolPath } from '../paths.js';
import { type AnyTool, defineTool, parameterArgument } from '../tool.js';

const { tokenBudget, focus, mentioned, path } = OPERATIONS.repoMap.parameters;
const input = z.strictObject({
  tokenBudget: parameterArgument(tokenBudget),
  focus: parameterArgument(focus),
  mentioned: parameterArgument(mentioned),
  path: parameterArgument(path),
});

/** The `repo_map` tool. */
export const repoMapTool = defineTool({
  name: 'repo_map',
  title: 'Map the repository',
  description: [
    'A map of the repository\'s most important definitions: signatures grouped under their files, the most central file first, ranked by how much the rest of the code references them, fitted into tokenBudget tokens.',
    'Use it first in an unfamiliar codebase to see its central APIs without reading files; pass focus (files) and mentioned (symbols) to lean it towards your task.',
    'Each line is "line signature" under its file (members indented under their class).',
  ].join(' '),
  input,
  render(output: RepoMap) {
    const warnings = output.warnings.map((w) => `⚠️ ${w.message}`);
    const empty = output.totalFiles === 0 ? 'no indexed files in scope' : 'the budget is too small for one definition: raise tokenBudget';
    return [...warnings, output.text || empty].join('\n');
  },
  async run(args, { index }) {
    if (args.path) checkToolPath(args.path, 'path');
    for (const file of args.focus ?? []) checkToolPath(file, 'focus');
    // A smaller maxTokens is the budget the map is fitted to (rather than a map cut short).
    const tokenBudget = Math.min(args.tokenBudget, (args as { maxTokens?: number }).maxTokens ?? Number.POSITIVE_INFINITY);
    return OPERATIONS.repoMap.call(index, {
      tokenBudget,
      ...(args.focus ? { focus: args.focus } : {}),
      ...(args.mentioned ? { mentioned: args.mentioned } : {}),
      ...(args.path && args.path !== '.' ? { path: args.path } : {}),
    });
  },
});

/** The map's tool set: the one `repo_map` tool. */
export const repoMapTools: AnyTool[] = [repoMapTool];
