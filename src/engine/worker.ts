/**
 * A parse worker: its own web-tree-sitter and registry (built from the caller's languages, resolved to paths and
 * texts), running analysis jobs one at a time. A fault inside WASM (an out-of-bounds access, an abort) may leave
 * the module unusable, so after reporting one the worker exits and the pool starts a fresh one: a fault costs one
 * file, never the process.
 *
 * @module
 */
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { LanguageDefinition } from '../languages/define.js';
import { LanguageRegistry } from '../languages/registry.js';
import { guardMemory } from '../runtime/deadline.js';
import { type AnalysisJob, type FileLimits, type IdentifyJob, runAnalysisJob, runIdentifyJob } from './analyze-file.js';
import { type QueryJob, runQueryJob } from './query-file.js';
import { DiskStore } from './disk-store.js';
import { MemoryStore } from './store.js';

/** What a worker is started with. */
export interface WorkerInit {
  root: string;
  definitions: LanguageDefinition[];
  limits: FileLimits;
  disabledLanguages: string[];
  /** The store folder, or null to send facts back (the caller keeps them in memory). */
  store: string | null;
  /**
   * A thread whose heap and WASM memory have grown past this many bytes (a large file's tree and captures, or many
   * files' worth of fragments) asks to be replaced once its job is done: neither V8 nor WASM gives memory back to the
   * system, and a new thread starts small. Loading its languages again costs a few hundred milliseconds, rarely.
   */
  recycleBytes: number;
  /**
   * When this thread's old generation is bounded: the MB it may hold before a job stops (`data.needs_room`, to run
   * again on a thread without the bound), short of V8's own bound (see the pool's `V8_BOUND_ROOM_MB`).
   */
  heapGuardMb?: number;
}

/** A message to the worker. */
export type WorkerRequest = { id: number; job: AnalysisJob } | { id: number; identify: IdentifyJob } | { id: number; query: QueryJob } | { stop: true };

/** Bytes in this thread's old generation (every space but the young generation's). */
function oldGeneration(): number {
  let bytes = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) bytes += space.space_used_size;
  return bytes;
}

/** True when this thread's own memory (its V8 heap and what it holds outside it: WASM memory) is past `bytes`. */
function grown(bytes: number): boolean {
  // (V8's own numbers: `process.memoryUsage()` also reads the process's RSS from the system, 0.26 ms a job on effect.)
  const { total_heap_size: heap, external_memory: external } = getHeapStatistics();
  return heap + external > bytes;
}

if (parentPort) {
  const port = parentPort;
  const init = workerData as WorkerInit;
  if (init.heapGuardMb) {
    const guarded = init.heapGuardMb * 1024 * 1024;
    guardMemory(() => oldGeneration() > guarded);
  }
  const registry = new LanguageRegistry(init.definitions);
  const context = {
    root: init.root,
    registry,
    store: init.store ? new DiskStore(init.store, true) : new MemoryStore(),
    limits: init.limits,
    disabledLanguages: new Set(init.disabledLanguages),
    returnFacts: init.store === null,
  };
  port.on('message', (request: WorkerRequest) => {
    // Stopped by the pool when idle: the thread ends as its event loop empties (see the pool's `#retire`).
    if ('stop' in request) {
      port.close();
      return;
    }
    if ('query' in request) {
      void runQueryJob(request.query, context).then((outcome) => {
        port.postMessage({ id: request.id, outcome });
        if (outcome.error?.data?.fault === true) process.exit(1);
      });
      return;
    }
    if ('identify' in request) {
      void runIdentifyJob(request.identify, context).then((outcome) => {
        port.postMessage({ id: request.id, outcome });
        if (outcome.error?.data?.fault === true) process.exit(1);
      });
      return;
    }
    // The pool's hard limit runs from here: loading a grammar and compiling its query is not the file's cost.
    const loaded = () => port.postMessage({ id: request.id, loaded: true });
    void runAnalysisJob(request.job, context, loaded).then((outcome) => {
      port.postMessage({ id: request.id, outcome, ...(grown(init.recycleBytes) ? { recycle: true } : {}) });
      // After a fault the thread's WASM memory is not to be trusted: nothing more runs here (not even freeing the
      // parsers, which may fault again); the pool has retired this worker on the outcome and starts a new one.
      if ('error' in outcome && outcome.error.data?.fault === true) process.exit(1);
    });
  });
}
