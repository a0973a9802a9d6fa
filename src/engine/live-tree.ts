/**
 * What a watcher tells the workspace, and a scan's answer in time.
 *
 * @module
 */

/**
 * A watcher's word to the workspace (src/engine/watcher.ts): while it covers a scan, the scan's answer stays exact
 * without a rescan, and changes it saw are applied before the workspace answers.
 */
export interface LiveTree {
  /** Whether every change since `from` (a `performance.now()` time) has been seen: a scan begun then needs no rescan. */
  covers(from: number): boolean;
  /** Applies the changes seen and not yet applied; undefined when there are none. */
  settle(): Promise<void> | undefined;
}

/** A scan's answer: when it began (`from`), when it ended (`at`), what it found. */
export interface Scan<Files> {
  from: number;
  at: number;
  files: Files;
}
