/**
 * A time budget checked inside the work. web-tree-sitter's timers cannot interrupt synchronous JavaScript, so a
 * long stage asks the deadline itself (between phases, every few thousand iterations of a loop, from the parser's
 * and the query cursor's progress callbacks) and stops with `TS_PARSE_TIMEOUT`.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';

/** This thread's memory guard, when it has one (see {@link guardMemory}): true once the thread's heap is spent. */
let memorySpent: (() => boolean) | undefined;

/**
 * Makes every deadline of this thread also stop the work, with `ANALYSIS_FAILED` and `data.needs_room`, once
 * `spent()` says the thread's heap has reached its bound (asked where the clock is). A parse thread with a bounded heap
 * guards itself so: V8 ending a thread that reached its bound may abort the whole process (a concurrent compile job
 * meeting an isolate already gone), and the job runs again on a thread without the bound anyway.
 */
export function guardMemory(spent: (() => boolean) | undefined): void {
  memorySpent = spent;
}

/** A point in time after which the work stops. */
export class Deadline {
  readonly #at: number;
  readonly #budgetMs: number;
  readonly #details: Record<string, unknown>;
  #ticks = 0;

  /** `budgetMs` from now; `details` go into the error (file path, size). */
  constructor(budgetMs: number, details: Record<string, unknown> = {}) {
    this.#budgetMs = budgetMs;
    this.#at = performance.now() + budgetMs;
    this.#details = details;
  }

  /** True once the budget is spent. */
  expired(): boolean {
    return performance.now() > this.#at;
  }

  /** Milliseconds left (0 when spent). */
  remainingMs(): number {
    return Math.max(0, this.#at - performance.now());
  }

  /** Throws `TS_PARSE_TIMEOUT` when the budget is spent (and `ANALYSIS_FAILED` when the thread's memory is). */
  check(): void {
    if (this.expired()) throw this.error();
    if (memorySpent?.()) {
      throw new CodeIndexError(ErrorCode.ANALYSIS_FAILED, 'Analysis needs more memory than a parse thread is bounded to', {
        ...this.#details,
        needs_room: true,
      });
    }
  }

  /** Cheap enough for the inside of a loop: looks at the clock every 1,024 calls. */
  tick(): void {
    if ((++this.#ticks & 1023) === 0) this.check();
  }

  /** The error a spent budget gives. */
  error(): CodeIndexError {
    return new CodeIndexError(ErrorCode.TS_PARSE_TIMEOUT, `Analysis timed out after ${this.#budgetMs}ms`, {
      ...this.#details,
      timeout_ms: this.#budgetMs,
      suggestion: 'File may be too large or too deeply nested for tree-sitter analysis; raise parseTimeoutMs or skip the file',
    });
  }
}
