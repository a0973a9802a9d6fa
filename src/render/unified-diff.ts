/**
 * Two texts of a file as a unified diff, as git writes one (`--- a/`, `+++ b/`, `@@ -start,count +start,count @@`).
 * The lines are compared with jsdiff (Myers' algorithm, as git's default, no dependencies), under a time limit for
 * huge rewrites; no program of the repository (diff driver, textconv) is ever involved.
 *
 * @module
 */

/** A unified diff and the lines it adds and removes. */
export interface UnifiedDiff {
  /** The diff, or undefined when the texts are equal or took longer than the time limit to compare. */
  diff?: string;
  linesAdded: number;
  linesRemoved: number;
  /** True when the comparison ran out of time (no diff, no counts). */
  timedOut?: true;
}

/** Longest a diff may compute before it gives up (a whole-file rewrite of a large file). */
export const DIFF_TIMEOUT_MS = 5000;

/** A hunk range as git writes it: `start,count`, the count left out when 1, the start one less when 0. */
function range(start: number, count: number): string {
  if (count === 0) return `${Math.max(0, start - 1)},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/**
 * The unified diff of `before` (absent: the file is new) and `after` (absent: the file is gone), with `context`
 * lines around each change. `beforePath` and `afterPath` name the file on each side (a moved file has two).
 */
export async function unifiedDiff(
  beforePath: string,
  afterPath: string,
  before: string | undefined,
  after: string | undefined,
  context: number,
  timeoutMs = DIFF_TIMEOUT_MS,
): Promise<UnifiedDiff> {
  if (before === after) return { linesAdded: 0, linesRemoved: 0 };
  // Loaded on first use: a process that never diffs (most) does not pay for the module.
  const { structuredPatch } = await import('diff');
  const patch = structuredPatch(beforePath, afterPath, before ?? '', after ?? '', undefined, undefined, { context, timeout: timeoutMs });
  if (!patch) return { linesAdded: 0, linesRemoved: 0, timedOut: true };
  const lines = [before !== undefined ? `--- a/${beforePath}` : '--- /dev/null', after !== undefined ? `+++ b/${afterPath}` : '+++ /dev/null'];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
      lines.push(line);
    }
  }
  return { diff: lines.join('\n'), linesAdded: added, linesRemoved: removed };
}

/**
 * The lines added and removed, counted without a diff: each line of one text not matched by an equal line of the
 * other (a multiset of lines). The same counts as a diff's when no line moved; what a diff that ran out of time says.
 */
export function changedLineCounts(before: string | undefined, after: string | undefined): { linesAdded: number; linesRemoved: number } {
  const counts = new Map<string, number>();
  const lines = (text: string | undefined) => (text === undefined || text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  for (const line of lines(before)) counts.set(line, (counts.get(line) ?? 0) + 1);
  let linesAdded = 0;
  for (const line of lines(after)) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else linesAdded++;
  }
  let linesRemoved = 0;
  for (const left of counts.values()) linesRemoved += left;
  return { linesAdded, linesRemoved };
}
