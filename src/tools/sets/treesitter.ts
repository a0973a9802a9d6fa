/**
 * The MCP tree-sitter server spec's `treesitter` tool: one tool with an `operation` (definition, references, hover,
 * parse) at a 1-based line and column, in the spec's snake_case response shapes with absolute `file_path`s, its
 * `TS_PARSE_ERRORS` warning beside partial results and its coded errors.
 *
 * @module
 */
import { z } from 'zod';
import { CodeIndexError, ErrorCode } from '../../errors.js';
import type { CodeIndex } from '../../code-index.js';
import { fittingCount, pageBudget } from '../pages.js';
import { renderTreesitter } from '../../render/navigation.js';
import { toolFile } from '../paths.js';
import { type AnyTool, defineTool } from '../tool.js';

const input = z.strictObject({
  operation: z.enum(['definition', 'references', 'hover', 'parse']).describe('The tree-sitter operation to perform'),
  file_path: z.string().min(1).describe('Absolute path to the file (a path relative to the project root works too)'),
  line: z.number().int().min(1).optional().describe('Line number (1-based). Required for definition, references, hover.'),
  column: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Column number (1-based). Required for definition, references, hover.'),
  scope: z
    .enum(['file', 'directory', 'project'])
    // No zod default: an omitted scope is the index's configured one (`defaultScope`, `--default-scope`).
    .optional()
    .describe('Search scope for definition/references (default: the server\'s configured scope, project unless set)'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe('definitions, references or parse symbols to skip: next_offset of a result that has_more (default 0)'),
});

/**
 * One page of a list: as many items as fit the result budget. Paging fields (the Code Scanner's pattern, as the MCP
 * tree-sitter server spec has none) appear only when the list did not fit in one page or a page was asked for, so a
 * whole list keeps the spec's exact shape.
 */
function listPage<T>(items: T[], offset: number | undefined, maxResultChars: number | undefined): { items: T[]; paging: Record<string, unknown> } {
  const start = offset ?? 0;
  const count = fittingCount(items, start, Number.POSITIVE_INFINITY, pageBudget(Number.POSITIVE_INFINITY, maxResultChars));
  const shown = items.slice(start, start + count);
  const hasMore = start + shown.length < items.length;
  if (!hasMore && offset === undefined) return { items: shown, paging: {} };
  return {
    items: shown,
    paging: { offset: start, returned_count: shown.length, has_more: hasMore, ...(hasMore ? { next_offset: start + shown.length } : {}) },
  };
}

function absolute(index: CodeIndex, file: string): string {
  return `${index.root}/${file}`;
}

/** The MCP tree-sitter server spec's `TS_PARSE_ERRORS` warning for the queried file, when it has syntax errors. */
async function parseWarning(index: CodeIndex, file: string): Promise<Record<string, unknown> | undefined> {
  const analysis = await index.analyzeFile(file);
  const warning = analysis.warnings.find((w) => w.code === ErrorCode.TS_PARSE_ERRORS);
  if (!warning) return undefined;
  return {
    code: warning.code,
    message: 'File parsed with errors (results may be incomplete)',
    details: { error_count: warning.details?.error_count, errors: analysis.errors },
  };
}

/** The result budget left beside a warning (the list of syntax errors it carries can be long). */
function budgetBeside(maxResultChars: number | undefined, warned: Record<string, unknown>): number | undefined {
  return maxResultChars === undefined ? undefined : maxResultChars - JSON.stringify(warned).length;
}

/** The `treesitter` tool (the MCP tree-sitter server spec). */
export const treesitter = defineTool({
  name: 'treesitter',
  title: 'Tree-sitter code navigation',
  description: [
    'Navigate code over tree-sitter parses (no language server needed, works on broken code).',
    'definition {file_path, line, column, scope?}: where the identifier at that 1-based position is defined, bound through local scopes, imports and members as written (resolution "bound"); when binding fails, same-named definitions ranked by the file\'s imports, folder and language (resolution "name_match", at most 10 with total_count);',
    'references {file_path, line, column, scope?}: every use bound to the same declaration (name-matched uses marked so);',
    'hover {file_path, line, column}: its signature and doc comment;',
    'parse {file_path}: the file\'s language, root node, top-level symbols and syntax errors.',
    'scope is file, directory or project (default: the server\'s configured scope, project unless set). A long list comes in pages: when has_more is true, call again with offset=next_offset.',
    'Results are compact text with root-relative paths; format "json" gives the spec\'s JSON (absolute file_path).',
  ].join(' '),
  input,
  render(output, args, { index }) {
    return renderTreesitter(args.operation, output as Record<string, unknown>, index.root);
  },
  async run(args, { index, maxResultChars }) {
    const path = await toolFile(index.root, args.file_path, 'file_path');
    const detection = index.registry.detectLanguage(path.relative);
    if (!detection.language) {
      const warning = detection.warning;
      throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, warning?.message ?? 'Unsupported language', {
        ...(warning?.details ?? {}),
        file_path: args.file_path,
      });
    }
    // The index answers a disabled language's file with an empty result and a warning; the spec wants the error.
    if (!index.isLanguageEnabled(detection.language)) {
      throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `Language ${detection.language} is disabled on this server`, {
        file_path: args.file_path,
        language: detection.language,
        extension: detection.extension,
      });
    }
    if (args.operation === 'parse') {
      const parsed = await index.parse(path.relative);
      const warning = await parseWarning(index, path.relative);
      const symbols = listPage(
        parsed.symbols.map((s) => ({ name: s.name, kind: s.kind, line: s.line, column: s.column })),
        args.offset,
        maxResultChars === undefined ? undefined : maxResultChars - JSON.stringify({ warning, errors: parsed.errors }).length,
      );
      return {
        ...(warning ? { warning } : {}),
        language: parsed.language,
        root_node: parsed.rootNode,
        symbols: symbols.items,
        ...(symbols.paging.offset !== undefined ? { total_count: parsed.symbols.length, ...symbols.paging } : {}),
        errors: parsed.errors,
        parse_time_ms: parsed.parseTimeMs,
      };
    }
    if (args.line === undefined || args.column === undefined) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `line and column (1-based) are required for ${args.operation}`, {
        operation: args.operation,
        suggestion: 'Call again with the line and column of the identifier',
      });
    }
    const query = { file: path.relative, line: args.line, column: args.column, scope: args.scope ?? index.defaultScope };
    const warning = await parseWarning(index, path.relative);
    const warned = warning ? { warning } : {};
    if (args.operation === 'definition') {
      const result = await index.findDefinitions(query);
      const definitions = listPage(
        result.definitions.map((d) => ({
          file_path: absolute(index, d.file),
          line: d.line,
          column: d.column,
          kind: d.kind,
          preview: d.preview,
          ...(d.resolution ? { resolution: d.resolution } : {}),
        })),
        args.offset,
        budgetBeside(maxResultChars, warned),
      );
      return {
        ...warned,
        symbol: result.symbol,
        definitions: definitions.items,
        total_count: result.total,
        ...definitions.paging,
        resolution: result.resolution,
        note: result.note,
      };
    }
    if (args.operation === 'references') {
      const result = await index.findReferences(query);
      const references = listPage(
        result.references.map((r) => ({
          file_path: absolute(index, r.file),
          line: r.line,
          column: r.column,
          kind: r.kind,
          preview: r.preview,
          ...(r.resolution ? { resolution: r.resolution } : {}),
        })),
        args.offset,
        budgetBeside(maxResultChars, warned),
      );
      return {
        ...warned,
        symbol: result.symbol,
        references: references.items,
        total_count: result.total,
        ...references.paging,
        resolution: result.resolution,
      };
    }
    const hover = await index.hover(query);
    return {
      ...warned,
      symbol: hover.symbol,
      signature: hover.signature,
      ...(hover.documentation !== undefined ? { documentation: hover.documentation } : {}),
      definition_location: { file_path: absolute(index, hover.definitionLocation.file), line: hover.definitionLocation.line },
      note: 'Documentation extracted from doc comments. No type inference available.',
    };
  },
});

/** The MCP tree-sitter server spec's tool set: the one `treesitter` tool. */
export const treesitterTools: AnyTool[] = [treesitter];
