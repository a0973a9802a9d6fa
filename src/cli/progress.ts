/**
 * Indexing progress on stderr: one line redrawn in place (files done / total, rate, ETA), only on a TTY and only
 * once indexing has taken a moment, so that piped output and quick warm runs stay silent.
 *
 * @module
 */
import type { CodeIndex } from '../index/code-index.js';

/** The progress line: `indexing 1200/5000 files  340 files/s  ETA 11s`. */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? Math.ceil((total - done) / rate) : undefined;
  const percent = total > 0 ? Math.floor((done * 100) / total) : 0;
  return `indexing ${done}/${total} files (${percent}%)  ${Math.round(rate)} files/s${eta !== undefined ? `  ETA ${duration(eta)}` : ''}`;
}

function duration(seconds: number): string {
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** A progress callback for `indexAll`, and `end()` to clear its line. No-ops when `stream` is not a TTY. */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, delayMs = 300): { update(done: number, total: number): void; end(): void } {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = performance.now();
  let drawn = false;
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      // Redrawn ten times a second at most, and not at all for a run shorter than the delay.
      if (now - started < delayMs || (now - last < 100 && done < total)) return;
      last = now;
      drawn = true;
      stream.write(`\r\x1b[K${progressLine(done, total, now - started)}`);
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

/**
 * Indexes the whole root with the progress line (a TTY on stderr only), so that a project-wide query on a cold
 * tree shows what it waits for. Piped, it does nothing: the query indexes on demand, silently.
 */
export async function indexWithProgress(index: CodeIndex, stream: NodeJS.WriteStream = process.stderr): Promise<void> {
  if (!stream.isTTY) return;
  const reporter = progressReporter(stream);
  try {
    await index.indexAll((done, total) => reporter.update(done, total));
  } finally {
    reporter.end();
  }
}
