/**
 * The `changes` tool: what the uncommitted work (or a commit range) changed, down to its definitions, and who uses or
 * calls each one changed: the question an agent asks before committing or while reviewing, in one call instead of a
 * diff and a grep per name. In the curated toolbox (it answers "the diff of a file" too, with `diff`), and a set of
 * its own for any host (`toolset(['treesitter', 'changes'])`); `all` has it.
 *
 * @module
 */
import { z } from 'zod';
import { OPERATIONS } from '../../catalog.js';
import type { ChangesResult } from '../../index.js';
import { renderChanges } from '../../render/changes.js';
import { checkToolPath } from '../paths.js';
import { type AnyTool, defineTool, parameterArgument } from '../tool.js';

const { base, head, staged, paths, depth, diff } = OPERATIONS.changes.parameters;
const input = z.strictObject({
  base: parameterArgument(base),
  head: parameterArgument(head),
  staged: parameterArgument(staged),
  paths: parameterArgument(paths),
  depth: parameterArgument(depth),
  diff: parameterArgument(diff),
});

/** The `changes` tool. */
export const changesTool = defineTool({
  name: 'changes',
  title: 'What a change touches',
  description: [
    'What changed in git: by default the uncommitted work (staged, unstaged, new files) against HEAD; staged: the index; base/head: commits.',
    'Per file: definitions added, removed, renamed, or changed (signature or body), and for each changed one the files that use it with their callers (tests marked).',
    'Use before committing or reviewing, instead of a diff and a search per name; diff: true adds unified diffs (narrow with paths). Costs about 30 tokens per definition changed.',
  ].join(' '),
  input,
  render: (output: ChangesResult) => renderChanges(output),
  async run(args, { index }) {
    for (const path of args.paths ?? []) checkToolPath(path, 'paths');
    return OPERATIONS.changes.call(index, {
      ...(args.base !== undefined ? { base: args.base } : {}),
      ...(args.head !== undefined ? { head: args.head } : {}),
      ...(args.staged !== undefined ? { staged: args.staged } : {}),
      ...(args.paths !== undefined ? { paths: args.paths } : {}),
      ...(args.depth !== undefined ? { depth: args.depth } : {}),
      ...(args.diff !== undefined ? { diff: args.diff } : {}),
    });
  },
});

/** The changes' tool set: the one `changes` tool. */
export const changesTools: AnyTool[] = [changesTool];
