/**
 * What a workspace (src/engine/workspace.ts) is opened with, and what it counts.
 *
 * @module
 */
import type { FileLimits } from './analyze-file.js';
import type { DiscoveryOptions } from './discovery.js';
import type { FactStore } from './store.js';

/** Counters of cache use. */
export interface WorkspaceCounters {
  /** Files answered from their entry (no read). */
  hits: number;
  /** Files whose stat changed (read and hashed). */
  misses: number;
  /** Files parsed. */
  parses: number;
}

/** Options of a {@link Workspace}. */
export interface WorkspaceOptions extends DiscoveryOptions {
  limits: FileLimits;
  /** Most files whose facts stay loaded. */
  maxCacheEntries: number;
  /** How long a project scan (discovery + stat of every file) stays fresh, in milliseconds. */
  rescanAfterMs: number;
  store: FactStore;
  /** Parse threads (0: parse on the calling thread). */
  threads: number;
  /** Called as a scan (or a watcher's batch of changes) indexes files, with the files done and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Summaries a scan holds in memory before it writes them into a run (default `RUN_HELD_FILES`). */
  runHeldFiles?: number;
}
