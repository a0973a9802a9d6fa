/**
 * The `query` tool: every place matching a tree-sitter query in the files of one language, for an agent looking for a
 * shape rather than a name (an `await` inside a loop, a mutable default argument, an ignored error). A set of its own,
 * as `repo_map` is, so that any host can add it (`toolset(['agent', 'query'])`); `all` has it.
 *
 * @module
 */
import { z } from 'zod';
import { OPERATIONS } from '../../catalog.js';
import type { StructuralQueryResult } from '../../index.js';
import { checkToolPath } from '../paths.js';
import { type AnyTool, defineTool, parameterArgument } from '../tool.js';

const { language, query, path, maxMatches, cursor } = OPERATIONS.query.parameters;
const input = z.strictObject({
  language: parameterArgument(language),
  query: parameterArgument(query),
  path: parameterArgument(path),
  maxMatches: parameterArgument(maxMatches),
  cursor: parameterArgument(cursor),
});

/** The answer as lines: a header (what was searched, how to go on), then `file:line:col @capture text` per capture. */
export function queryText(output: StructuralQueryResult): string {
  const how = output.next ? `, more: cursor=${output.next}` : '';
  const header = `${output.matches.length} matches in ${output.searched} of ${output.files} ${output.language} files${how}`;
  const lines = output.matches.flatMap((match) => match.captures.map((capture) => `${match.file}:${capture.line}:${capture.column} @${capture.name} ${capture.text}`));
  const skipped = output.skipped.map((entry) => `skipped ${entry.file}: ${entry.reason}`);
  return [header, ...lines, ...skipped].join('\n');
}

/** The `query` tool. */
export const queryTool = defineTool({
  name: 'query',
  title: 'Find code by shape',
  description: [
    'Every place in the files of one language matching a tree-sitter query: an S-expression of node types and fields with @captures and predicates (#eq?, #match?, #any-of?).',
    'Use it to find a shape rather than a name, e.g. (call_expression function: (identifier) @f (#eq? @f "eval")).',
    'One line per capture, "file:line:col @name text"; a bad query names where it fails.',
  ].join(' '),
  input,
  render: queryText,
  async run(args, { index }) {
    if (args.path) checkToolPath(args.path, 'path');
    return OPERATIONS.query.call(index, {
      language: args.language,
      query: args.query,
      ...(args.path && args.path !== '.' ? { path: args.path } : {}),
      ...(args.maxMatches !== undefined ? { maxMatches: args.maxMatches } : {}),
      ...(args.cursor !== undefined ? { cursor: args.cursor } : {}),
    });
  },
});

/** The query's tool set: the one `query` tool. */
export const queryTools: AnyTool[] = [queryTool];
