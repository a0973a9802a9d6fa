/**
 * `code-index query LANGUAGE QUERY [PATH]`: every place matching a tree-sitter query in the files of one language,
 * one line per capture (`file:line:col  @name  text`), or the whole answer with `--json`.
 *
 * @module
 */
import { type Cell, type Command, colors, columns, EXIT, location, usageError } from '../shared.js';

/** `code-index query LANGUAGE QUERY [PATH]` */
export const query: Command<'query'> = {
  name: 'query',
  args: 'LANGUAGE QUERY [PATH]',
  operation: 'query',
  positionals: ['language', 'query', 'path'],
  details: [
    "QUERY is a tree-sitter query in LANGUAGE's grammar, e.g. '(call_expression function: (identifier) @f (#eq? @f \"eval\"))'.",
    'Each match lists its captures (names starting with _ are left out); --cursor goes on from a partial answer.',
    'JSON: StructuralQueryResult { language, matches: [{ file, pattern, captures }], files, searched, stoppedBy?, next?, skipped }.',
  ].join('\n'),
  async run(context) {
    const [language, text, path, ...rest] = context.positionals;
    if (language === undefined || text === undefined || text.trim() === '') throw usageError('a LANGUAGE and a QUERY are required: code-index query python \'(function_definition name: (identifier) @name)\'');
    if (rest.length > 0) throw usageError(`at most LANGUAGE QUERY PATH expected, got ${context.positionals.length} arguments: quote the QUERY`);
    const result = await context.call({ ...context.args, language, query: text, ...(path !== undefined ? { path } : {}) });
    context.out.result(result, () =>
      columns(
        result.matches.flatMap((match) =>
          match.captures.map((capture): Cell[] => [location(match.file, capture.line, capture.column), [`@${capture.name}`, colors.yellow], capture.text]),
        ),
      ),
    );
    if (!context.json) {
      for (const { file, reason } of result.skipped) context.out.note(`skipped ${file}: ${reason}`);
      if (result.next) {
        const why = result.stoppedBy === 'timeout' ? 'out of time' : 'enough matches';
        context.out.note(`${result.matches.length} matches in ${result.searched} of ${result.files} files (${why}); --cursor ${result.next} for more`);
      }
    }
    if (result.matches.length > 0) return EXIT.FOUND;
    if (!context.json) context.out.note(`code-index: no match in ${result.searched} ${language} files`);
    return EXIT.NOTHING;
  },
};
