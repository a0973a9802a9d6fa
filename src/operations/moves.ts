/**
 * Files moved between two versions of a tree: a file deleted and a file added whose contents are the same, or mostly
 * the same (half their lines or more in common, as git's rename detection counts similarity by default), are one file
 * moved. git is not asked to find them: it would read the working files through the repository's filters.
 *
 * @module
 */
import { dice } from '../model/multimap.js';

/** A file's side as the changes read it: its path and bytes. */
interface MovableSide {
  path: string;
  bytes?: Uint8Array;
}

/** A changed file, deleted, added, modified or moved. */
export interface MovableFile<S extends MovableSide> {
  status: 'added' | 'deleted' | 'modified' | 'moved';
  before?: S;
  after?: S;
  untracked?: true;
}

/** The share of lines in common from which a deleted and an added file are one file moved. */
const MIN_SIMILARITY = 0.5;
/** Deleted and added files compared pairwise at most (each way); past it only identical files pair. */
const MAX_CANDIDATES = 100;

/** The non-blank lines of a text, trimmed, with their counts. */
function lineCounts(bytes: Uint8Array): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of new TextDecoder('utf-8').decode(bytes).split('\n')) {
    const line = raw.trim();
    if (line) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

/** Two versions' bytes are the same (neither missing). */
export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.length), Buffer.from(b.buffer, b.byteOffset, b.length)) === 0;
}

/**
 * The files with each deleted file that an added file continues paired into one `moved` file (identical first, then
 * the most similar pairs), in the order given otherwise.
 */
export function pairMoves<S extends MovableSide>(files: Array<MovableFile<S>>): Array<MovableFile<S>> {
  const deleted = files.filter((f) => f.status === 'deleted' && f.before?.bytes);
  const added = files.filter((f) => f.status === 'added' && f.after?.bytes);
  if (deleted.length === 0 || added.length === 0) return files;
  const pairs = new Map<MovableFile<S>, MovableFile<S>>();
  const taken = new Set<MovableFile<S>>();
  for (const gone of deleted) {
    const same = added.find((a) => !taken.has(a) && sameBytes(gone.before?.bytes, a.after?.bytes));
    if (same) {
      pairs.set(gone, same);
      taken.add(same);
    }
  }
  const leftDeleted = deleted.filter((d) => !pairs.has(d)).slice(0, MAX_CANDIDATES);
  const leftAdded = added.filter((a) => !taken.has(a)).slice(0, MAX_CANDIDATES);
  if (leftDeleted.length > 0 && leftAdded.length > 0) {
    const addedLines = leftAdded.map((a) => lineCounts(a.after?.bytes as Uint8Array));
    const scored: Array<{ gone: MovableFile<S>; now: MovableFile<S>; score: number }> = [];
    for (const gone of leftDeleted) {
      const lines = lineCounts(gone.before?.bytes as Uint8Array);
      leftAdded.forEach((now, i) => {
        // (two files of blank lines only are alike)
        const score = dice(lines, addedLines[i] as Map<string, number>, 1);
        if (score >= MIN_SIMILARITY) scored.push({ gone, now, score });
      });
    }
    scored.sort((a, b) => b.score - a.score);
    for (const { gone, now } of scored) {
      if (pairs.has(gone) || taken.has(now)) continue;
      pairs.set(gone, now);
      taken.add(now);
    }
  }
  const out: Array<MovableFile<S>> = [];
  for (const file of files) {
    if (taken.has(file)) continue;
    const now = pairs.get(file);
    if (!now) out.push(file);
    else out.push({ status: 'moved', ...(file.before ? { before: file.before } : {}), ...(now.after ? { after: now.after } : {}), ...(now.untracked ? { untracked: true } : {}) });
  }
  return out;
}
