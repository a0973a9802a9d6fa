/**
 * Indexing progress on stderr: one line redrawn in place (files done / total, rate, ETA), only on a TTY and only
 * once indexing has taken a moment, so that piped output and quick warm runs stay silent. `cli-progress` draws it
 * (TTY check, redraw rate, line wrapping, terminal width, clearing the line at the end); this module says what the
 * line reads and when it starts.
 *
 * @module
 */
import cliProgress from 'cli-progress';
import type { CodeIndex } from '../code-index.js';
import type { ProgressCallback } from '../catalog.js';

/** The progress line: `indexing 1200/5000 files (24%)  340 files/s  ETA 11s`. */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? Math.ceil((total - done) / rate) : undefined;
  const percent = total > 0 ? Math.floor((done * 100) / total) : 0;
  return `indexing ${done}/${total} files (${percent}%)  ${Math.round(rate)} files/s${eta !== undefined ? `  ETA ${duration(eta)}` : ''}`;
}

function duration(seconds: number): string {
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** A progress callback for `indexAll`, and `end()` to clear its line. */
export interface ProgressReporter {
  update: ProgressCallback;
  end(): void;
}

/**
 * The progress line of one indexing run on `stream`. Nothing is drawn when `stream` is not a TTY, nor before
 * `delayMs` have passed (a warm run ends first), nor once all files are done.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, delayMs = 300): ProgressReporter {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = performance.now();
  // The rate and ETA are over the whole run, not cli-progress's last ten updates: files come in bursts from the
  // parse threads, and the run's average is the steadier estimate.
  const bar = new cliProgress.SingleBar({
    stream,
    fps: 10,
    clearOnComplete: true,
    format: (_options, params) => progressLine(params.value, params.total, performance.now() - started),
  });
  let drawing = false;
  return {
    update(done, total) {
      if (!drawing) {
        if (performance.now() - started < delayMs || done >= total) return;
        drawing = true;
        bar.start(total, done);
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    end() {
      if (drawing) bar.stop();
      drawing = false;
    },
  };
}

/** Runs `work` with a progress callback drawing on `stream` (a TTY only), and clears the line when it ends. */
export async function withProgress<T>(work: (onProgress: ProgressCallback) => Promise<T>, stream: NodeJS.WriteStream = process.stderr): Promise<T> {
  const reporter = progressReporter(stream);
  try {
    return await work((done, total) => reporter.update(done, total));
  } finally {
    reporter.end();
  }
}

/**
 * Indexes the whole root with the progress line (a TTY on stderr only), so that a project-wide query on a cold
 * tree shows what it waits for. Piped, it does nothing: the query indexes on demand, silently.
 */
export async function indexWithProgress(index: CodeIndex, stream: NodeJS.WriteStream = process.stderr): Promise<void> {
  if (!stream.isTTY) return;
  await withProgress((onProgress) => index.indexAll(onProgress), stream);
}
