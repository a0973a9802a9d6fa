/**
 * `code-index changes [REF | REF..REF | REF...REF]`: what a change touches. No REF: the working tree (staged and
 * unstaged changes together) against HEAD; `--staged`: the index against HEAD (or REF); `REF`: the working tree
 * against REF; `A..B`: commit B against commit A; `A...B`: B against the commit where it forked from A.
 *
 * @module
 */
import { renderChanges } from '../../render/changes.js';
import { type Command, EXIT, usageError } from '../shared.js';

/** `base`, `head` and `symmetric` from the one REF argument. */
function range(text: string | undefined): { base?: string; head?: string; symmetric?: boolean } {
  if (text === undefined) return {};
  const symmetric = text.indexOf('...');
  if (symmetric !== -1) return { base: text.slice(0, symmetric) || 'HEAD', head: text.slice(symmetric + 3) || 'HEAD', symmetric: true };
  const between = text.indexOf('..');
  if (between !== -1) return { base: text.slice(0, between) || 'HEAD', head: text.slice(between + 2) || 'HEAD' };
  return { base: text };
}

/** `code-index changes [REF | REF..REF | REF...REF]` */
export const changes: Command<'changes'> = {
  name: 'changes',
  args: '[REF | REF..REF | REF...REF]',
  operation: 'changes',
  positionals: ['base', 'head', 'symmetric'],
  rename: { paths: 'path' },
  details: [
    'No REF: the working tree (staged and unstaged changes, new files too) against HEAD. --staged: the index against HEAD or REF.',
    'REF: the working tree against REF. A..B: commit B against commit A. A...B: B against the commit where it forked from A.',
    'Each file lists the definitions added, removed, renamed or changed (signature or body), and under each one changed the',
    'files that use it, with the callers in them (--depth levels), tests marked. Exit 0 when something differs, 1 when nothing does.',
    'JSON: ChangesResult { base, head, files: [{ file, status, definitions: [{ change, name, kind, impact? }] }], counts, impactsLeft }.',
  ].join('\n'),
  async run(context) {
    const [text, ...rest] = context.positionals;
    if (rest.length > 0) throw usageError(`at most one REF or range expected, got ${context.positionals.length} arguments`);
    const result = await context.call({ ...context.args, ...range(text) });
    context.out.result(result, () => renderChanges(result));
    return result.files.length > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};
