/**
 * What `stats` returns: the index's size, its use of the cache, the files it skipped and its warnings.
 *
 * @module
 */
import type { Diagnostic } from './analysis.js';

/** What `stats` returns. */
export interface IndexStats {
  /** Files in the cache. */
  files: number;
  /** Definitions by kind. */
  symbolsByKind: Record<string, number>;
  /** Total definitions. */
  totalSymbols: number;
  /** Total references. */
  totalReferences: number;
  /** Files with the most definitions (top 10). */
  topFiles: Array<{ file: string; count: number }>;
  /**
   * Use of the index: files answered from their entry without a read (`hits`), files read because their stat
   * changed (`misses`), files parsed (`parses`), the memory bound, and where the on-disk index is.
   */
  cache: { hits: number; misses: number; parses: number; maxEntries: number; persistent: boolean; location?: string };
  /** Files discovery found but could not index, with why. */
  skipped: Array<{ file: string; reason: string }>;
  /** Problems with the on-disk index (rebuilt or kept in memory), and with module systems or their configuration (imports not bound). */
  warnings: Diagnostic[];
  /**
   * The watcher, when the index has one (`watch` option): how it follows changes (`events`, `polling`; `starting`
   * until its first walk is done, `stopped` once the root went away), the batches of changes it applied and the
   * paths they held.
   */
  watch?: { state: 'starting' | 'events' | 'polling' | 'stopped'; batches: number; paths: number };
}
