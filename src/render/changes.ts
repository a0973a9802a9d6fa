/**
 * What a change touches, as compact lines an agent can afford: a header (what was compared, how much changed), then
 * each file with its status and line counts, each changed definition under it, and under each one the files that
 * depend on it (`path:line,line` with the callers in it, tests marked). The most telling changes come first in each
 * file (removed, signature, renamed), so a budget that cuts from the bottom keeps what breaks callers.
 *
 * @module
 */
import type { ChangedFile, ChangeImpact, ChangesResult, DefinitionChange, DefinitionChangeKind, ImpactUse } from '../types.js';

/** Options of {@link renderChanges}. */
export interface RenderChangesOptions {
  /** Files that depend on a definition listed at most under it (the count of the others is said). @defaultValue 8 */
  maxImpactFiles?: number;
  /** Lines of uses listed at most per dependent file. @defaultValue 6 */
  maxLinesPerFile?: number;
}

const ORDER: Record<DefinitionChangeKind, number> = { removed: 0, signature: 1, renamed: 2, moved: 3, body: 4, added: 5 };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function header(result: ChangesResult): string {
  const head = result.head.commit ? `${result.head.revision} (${result.head.commit.slice(0, 10)})` : result.head.revision;
  const counts = (Object.entries(result.counts) as Array<[DefinitionChangeKind, number]>)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => ORDER[a] - ORDER[b])
    .map(([kind, n]) => `${n} ${kind}`);
  const definitions = counts.length > 0 ? `definitions: ${counts.join(', ')}` : 'no definition changed';
  return `${head} against ${result.base.revision} (${result.base.commit.slice(0, 10)}): ${plural(result.files.length, 'file')}, ${definitions}`;
}

function fileLine(file: ChangedFile): string {
  const where = file.previousFile ? `${file.previousFile} -> ${file.file}` : file.file;
  const marks = [file.status, file.untracked ? 'untracked' : '', file.test ? 'test' : '', `+${file.linesAdded} -${file.linesRemoved}`].filter(Boolean);
  return `${where}  ${marks.join(' ')}${file.skipped ? `  (definitions not compared: ${file.skipped})` : ''}`;
}

function definitionLine(change: DefinitionChange): string {
  const at = change.line !== undefined ? `:${change.line}` : change.previousLine !== undefined ? ` (was :${change.previousLine})` : '';
  const name = change.change === 'renamed' ? `${change.previousName} -> ${change.name}` : change.name;
  const from = change.previousFile ? ` from ${change.previousFile}` : '';
  const signature = change.signature && change.signature !== change.name ? `  ${change.signature}` : '';
  const was = change.previousSignature ? `  (was ${change.previousSignature})` : '';
  return `  ${change.change}${change.edited ? ' (edited)' : ''} ${change.kind} ${name}${at}${from}${signature}${was}`;
}

/** `:3,9 +2` of a file's uses (the unbound ones, or the others). */
function useLines(uses: readonly ImpactUse[], max: number): string {
  if (uses.length === 0) return '';
  const shown = uses.slice(0, max).map((use) => use.line);
  return `:${shown.join(',')}${uses.length > shown.length ? ` +${uses.length - shown.length}` : ''}`;
}

function impactLines(change: DefinitionChange, impact: ChangeImpact, options: Required<RenderChangesOptions>): string[] {
  if (impact.files.length === 0) return [change.change === 'removed' ? '    no use of it is left' : '    no dependents found'];
  const unbound = impact.files.reduce((n, f) => n + f.uses.filter((use) => use.unbound).length, 0);
  const tests = impact.tests > 0 ? ` (${plural(impact.tests, 'test')})` : '';
  const callers = impact.callers > 0 ? `, ${plural(impact.callers, 'caller')}` : '';
  const old = change.change === 'removed' ? 'removed definition' : change.change === 'moved' ? 'old path' : 'old name';
  const broken = unbound > 0 ? `, ${unbound} still naming the ${old} (bound to nothing now: they break)` : '';
  const lines = [`    used in ${plural(impact.files.length, 'file')}${tests}: ${plural(impact.uses, 'use')}${callers}${broken}${impact.partial ? ' (partial)' : ''}`];
  for (const file of impact.files.slice(0, options.maxImpactFiles)) {
    const bound = useLines(
      file.uses.filter((use) => !use.unbound),
      options.maxLinesPerFile,
    );
    const stale = useLines(
      file.uses.filter((use) => use.unbound),
      options.maxLinesPerFile,
    );
    const by = file.callers.length > 0 ? `  callers: ${file.callers.map((c) => (c.level > 1 ? `${c.name} (level ${c.level})` : c.name)).join(', ')}` : '';
    lines.push(`    ${file.file}${bound}${stale ? `  unbound${stale}` : ''}${file.test ? ' [test]' : ''}${by}`);
  }
  if (impact.files.length > options.maxImpactFiles) lines.push(`    ... ${plural(impact.files.length - options.maxImpactFiles, 'more file')}`);
  return lines;
}

/** The changes as lines: header, files, definitions, dependents. */
export function renderChanges(result: ChangesResult, options: RenderChangesOptions = {}): string {
  const settings: Required<RenderChangesOptions> = { maxImpactFiles: options.maxImpactFiles ?? 8, maxLinesPerFile: options.maxLinesPerFile ?? 6 };
  const lines = [header(result)];
  if (result.files.length === 0) lines.push('no file differs');
  for (const file of result.files) {
    lines.push(fileLine(file));
    if (file.impact) lines.push(...impactLines({ change: 'moved', name: file.file, kind: 'file' }, file.impact, settings));
    const definitions = [...file.definitions].sort((a, b) => ORDER[a.change] - ORDER[b.change]);
    for (const change of definitions) {
      lines.push(definitionLine(change));
      if (change.impact) lines.push(...impactLines(change, change.impact, settings));
    }
    if (file.diff) lines.push(file.diff);
  }
  if (result.impactsLeft > 0) lines.push(`dependents of ${plural(result.impactsLeft, 'definition')} not looked for (maxImpact or the time limit): narrow with paths`);
  return lines.join('\n');
}
