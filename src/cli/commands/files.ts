/**
 * The per-file commands: `analyze`, `signatures`, `exports`, `parse`. Each runs its operation on every FILE, prints
 * one block (or, with `--json`, one JSON line) per file, and goes on past a file that fails (exit 2 at the end).
 *
 * @module
 */
import { type OperationName, orList } from '../../catalog.js';
import { renderAnalysis } from '../../render/analysis.js';
import { DETAILS, type Detail } from '../../render/text.js';
import { type Cell, type Command, type CommandContext, colors, columns, describeError, EXIT, location, type Output, usageError } from '../shared.js';

/** Runs `each` over the FILE arguments: 0 when every file gave something, 1 when none did, 2 when one failed. */
async function perFile<N extends OperationName>(context: CommandContext<N>, each: (file: string, out: Output) => Promise<boolean>): Promise<number> {
  if (context.positionals.length === 0) throw usageError('at least one FILE is required');
  let failed = false;
  let found = false;
  for (const file of context.positionals) {
    try {
      found = (await each(file, context.out)) || found;
    } catch (error) {
      // One bad file does not hide the others' results; the exit code still says something failed.
      context.out.note(describeError(error).line);
      failed = true;
    }
  }
  return failed ? EXIT.ERROR : found ? EXIT.FOUND : EXIT.NOTHING;
}

const header = (file: string) => colors.bold(`# ${file}`);

/** The `--detail` of `analyze`: one of the renderer's levels, `signatures` when not given. */
function detailOption(value: unknown): Detail {
  if (value === undefined) return 'signatures';
  if (typeof value === 'string' && (DETAILS as readonly string[]).includes(value)) return value as Detail;
  throw usageError(`--detail must be ${orList(DETAILS)}, got "${String(value)}"`);
}

/** `code-index analyze FILE...`: what an agent reads from `analyze_file` (render/analysis.ts), under a header per file. */
export const analyze: Command<'analyzeFile'> = {
  name: 'analyze',
  args: 'FILE...',
  operation: 'analyzeFile',
  positionals: ['file'],
  details: "Text: the file's structure as an agent reads it (analyze_file), one fact per line. JSON: one FileAnalysis per line.",
  options: {
    detail: { type: 'string', flag: '--detail D', help: `How much to say: ${orList(DETAILS)} (default signatures)` },
  },
  run: (context) => {
    const detail = detailOption(context.values.detail);
    return perFile(context, async (file, out) => {
      const analysis = await context.call({ file });
      // The header names the file and its language: the rendering leaves both to its caller.
      out.line(analysis, () => `${header(`${analysis.file} (${analysis.language})`)}\n${renderAnalysis(analysis, detail)}`);
      return true;
    });
  },
};

/** `code-index signatures FILE...` */
export const signatures: Command<'getSignatures'> = {
  name: 'signatures',
  args: 'FILE...',
  operation: 'getSignatures',
  positionals: ['file'],
  details: 'JSON: one { file, signatures: SignatureInfo[] } per line.',
  run: (context) =>
    perFile(context, async (file, out) => {
      const list = await context.call({ file });
      out.line({ file, signatures: list }, () =>
        columns(list.map((s) => [location(file, s.line), [s.kind ?? 'function', colors.yellow], s.signature])),
      );
      return list.length > 0;
    }),
};

/** `code-index exports FILE...` */
export const exportsCommand: Command<'listExports'> = {
  name: 'exports',
  args: 'FILE...',
  operation: 'listExports',
  positionals: ['file'],
  details: 'JSON: one { file, exports: ExportInfo[] } per line.',
  run: (context) =>
    perFile(context, async (file, out) => {
      const list = await context.call({ file });
      out.line({ file, exports: list }, () =>
        columns(
          list.map((e) => [
            e.line !== undefined ? location(file, e.line) : file,
            [`${e.type}${e.isDefault ? ' default' : ''}`, colors.yellow],
            [e.name, colors.bold],
            e.signature ?? (e.source ? `from ${e.source}` : ''),
          ]),
        ),
      );
      return list.length > 0;
    }),
};

/** `code-index parse FILE...` */
export const parse: Command<'parse'> = {
  name: 'parse',
  args: 'FILE...',
  operation: 'parse',
  positionals: ['file'],
  details: 'JSON: one ParseResult per line.',
  run: (context) =>
    perFile(context, async (file, out) => {
      const result = await context.call({ file });
      out.line(result, () => {
        const rows: Cell[][] = [
          ...result.symbols.map((s): Cell[] => [location(result.file, s.line, s.column), [s.kind, colors.yellow], `${s.scope ? `${s.scope}.` : ''}${s.name}`]),
          ...result.errors.map((e): Cell[] => [location(result.file, e.line, e.column), ['error', colors.red], e.message]),
        ];
        const warnings = result.warnings.map((w) => colors.yellow(`warning ${w.code}: ${w.message}`));
        return [header(`${result.file} (${result.language}, ${result.rootNode}, ${result.parseTimeMs} ms)`), columns(rows), ...warnings]
          .filter(Boolean)
          .join('\n');
      });
      return true;
    }),
};

/** The per-file commands. */
export const fileCommands = [analyze, signatures, exportsCommand, parse];
