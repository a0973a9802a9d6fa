/**
 * Where files are analyzed: a pool of worker threads (the default), so that parsing never blocks the thread that
 * answers queries, a time budget can end a runaway analysis by terminating its worker, a WASM fault costs one file
 * and one worker, and a cold index uses every core. Without a compiled worker (running from TypeScript sources) the
 * jobs run on the calling thread instead.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '../errors.js';
import type { LanguageRegistry } from '../languages/registry.js';
import {
  type AnalysisContext,
  type AnalysisJob,
  type AnalysisOutcome,
  type IdentifyJob,
  type IdentifyOutcome,
  runAnalysisJob,
  runIdentifyJob,
} from './analyze-file.js';
import { type QueryJob, type QueryOutcome, runQueryJob } from './query-file.js';
import type { WorkerInit, WorkerRequest } from './worker.js';
import { nodeFileSystem } from './node-file-system.js';

/** Runs analysis jobs. */
export interface Analyzer {
  /** Threads jobs run on (0: the calling thread). */
  readonly threads: number;
  run(job: AnalysisJob): Promise<AnalysisOutcome>;
  /** Finds the identifier at a position by parsing the file (for names no query tags). */
  identify(job: IdentifyJob): Promise<IdentifyOutcome>;
  /** Runs a structural query over a file (see `query-file.ts`). */
  query(job: QueryJob): Promise<QueryOutcome>;
  close(): void;
}

/** Any job's outcome, as a worker posts it back. */
type Outcome = AnalysisOutcome & IdentifyOutcome & QueryOutcome;

/** The compiled worker script, next to this module (or, running from sources, in `dist/`). */
export function workerScript(): URL | undefined {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  if (import.meta.url.endsWith('.ts')) {
    const built = new URL('../../dist/engine/worker.js', import.meta.url);
    if (existsSync(fileURLToPath(built))) return built;
  }
  return undefined;
}

/**
 * The host's Node options for a worker: inherited as they are (Node then drops what workers cannot take, such as
 * `--expose-gc`), unless they hold options about the host's own entry point (`--input-type`, `--eval`, `--print`),
 * which make a worker started from a file fail (`node --input-type=module -e ...` hosts): then the rest, explicitly.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] | undefined {
  const entry = /^(--input-type|--eval|--print|-e|-p)(=|$)/;
  if (!argv.some((arg) => entry.test(arg))) return undefined;
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (entry.test(arg)) {
      if (!arg.includes('=')) i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}

/**
 * A parse thread's young generation, in MB. A job's objects are short-lived (a file's captures, then its facts, sent
 * and dropped); with the old generation bounded (below), a nursery that holds a file's captures until they die is what
 * keeps the bound cheap: on effect's 361 files, 16 MB with a 96 MB bound took 15% more CPU than no bound, and 48 MB the
 * same as no bound (CPU 15.4-16.9 s against 14.8-16.4 s, alternated runs).
 */
const YOUNG_GENERATION_MB = 48;

/**
 * Default bound of a parse thread's old generation (its long-lived heap), in MB. Without one, V8 lets a parse thread's
 * heap grow to 160 MB on effect's 361 files, most of it garbage (the JavaScript nodes of every capture) that it has no
 * reason to collect sooner; what stays alive between jobs is about 20 MB (grammars, queries). With 96 MB, a cold index
 * of effect peaked at 263-275 MB RSS instead of 304-323, in the same time (`bench-index.mjs --child cold`, alternated
 * runs); 64 MB took 238 MB but 37% more CPU, as V8 then collects far more often. A file that needs more (a
 * multi-megabyte file's captures) is analyzed again on a thread of its own without the bound: see `WorkerPool`.
 */
export const DEFAULT_HEAP_LIMIT_MB = 96;

/**
 * V8's bound of a bounded thread's old generation, in MB above the pool's: the thread's own guard stops a job at the
 * pool's bound (see `WorkerInit.heapGuardMb`), checked between stretches of work, and one collection of the young
 * generation may move a whole semi-space (a third of it) into the old one before the next check. V8 ending a thread
 * at its bound may abort the whole process. The room costs memory on large trees, as V8 collects the old generation
 * later: 2,000 distinct files peaked at 307-341 MB against 293-311 MB, in 15% less CPU (67-72 s against 78-87 s).
 * (The guard a semi-space below V8's bound instead kept the memory, but V8 still ended threads before the guard
 * stopped their job.)
 */
const V8_BOUND_ROOM_MB = Math.ceil(YOUNG_GENERATION_MB / 3);

/**
 * Files larger than this (bytes, as the caller saw them) run on a thread without the heap bound from the start: their
 * captures alone fill it, and a run that fills it first spends half the budget collecting garbage before it fails. A
 * 500 KB TypeScript file runs within the bound (2.1 s, 1.7 s without it); a 1 MB one ran out of it and took 5.0 s with
 * the second run instead of 2.6 s.
 */
export const LARGE_FILE_BYTES = 512 * 1024;

/**
 * Starts a worker (its old generation bounded to `heapLimitMb`, or V8's own bound when undefined); when Node refuses
 * some of the options (V8 options cannot be given to a worker explicitly), starts it again without them.
 */
function startWorker(script: URL, workerData: unknown, heapLimitMb: number | undefined): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...(heapLimitMb ? { maxOldGenerationSizeMb: heapLimitMb } : {}) };
  const execArgv = workerExecArgv();
  try {
    return new Worker(script, { workerData, resourceLimits, ...(execArgv ? { execArgv } : {}) });
  } catch (error) {
    const refused = /invalid execArgv flags: (.*)$/.exec((error as Error).message)?.[1]?.split(/,\s*/) ?? [];
    if (!execArgv || refused.length === 0) throw error;
    return new Worker(script, { workerData, resourceLimits, execArgv: execArgv.filter((arg) => !refused.includes(arg.split('=')[0] ?? arg)) });
  }
}

/**
 * Default bound of a parse thread's own memory (see `WorkerInit.recycleBytes`): above what TypeScript's grammar,
 * queries and the largest common files take (about 170 MB after a 1 MB file), so that cold indexing rarely pays for a
 * new thread, while a long session's growth (fragments of thousands of parses) is given back.
 */
export const DEFAULT_RECYCLE_BYTES = 224 * 1024 * 1024;

/**
 * Default number of parse threads: every core the machine has (`os.availableParallelism()`, which heeds a process's
 * CPU affinity), at least 1. The calling thread's own work (reading, hashing, storing what the threads send) is small
 * beside parsing and extraction, and a thread waiting on it leaves its core to the others.
 */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/** Jobs on the calling thread, one at a time (as a worker runs them: one file's memory at a time). */
export class InlineAnalyzer implements Analyzer {
  readonly threads = 0;
  readonly #context: AnalysisContext;
  #last: Promise<unknown> = Promise.resolve();

  constructor(context: AnalysisContext) {
    this.#context = context;
  }

  run(job: AnalysisJob): Promise<AnalysisOutcome> {
    return this.#serial(async () => {
      const outcome = await runAnalysisJob(job, this.#context);
      // A fault may have left a parser unusable: drop them all, they are recreated on the next use.
      if ('error' in outcome && outcome.error.data?.fault === true) this.#context.registry.dispose();
      return outcome;
    });
  }

  identify(job: IdentifyJob): Promise<IdentifyOutcome> {
    return this.#serial(async () => {
      const outcome = await runIdentifyJob(job, this.#context);
      if (outcome.error?.data?.fault === true) this.#context.registry.dispose();
      return outcome;
    });
  }

  query(job: QueryJob): Promise<QueryOutcome> {
    return this.#serial(async () => {
      const outcome = await runQueryJob(job, this.#context);
      if (outcome.error?.data?.fault === true) this.#context.registry.dispose();
      return outcome;
    });
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#last.then(work, work);
    this.#last = next.catch(() => undefined);
    return next;
  }

  close(): void {}
}

type Pending =
  | { job: AnalysisJob; file: string; resolve: (outcome: AnalysisOutcome) => void }
  | { identify: IdentifyJob; file: string; resolve: (outcome: IdentifyOutcome) => void }
  | { query: QueryJob; file: string; resolve: (outcome: QueryOutcome) => void };

/** A job again, with `ms` more of its budget spent. */
function spending(pending: Pending, ms: number): Pending {
  if ('job' in pending) return { ...pending, job: { ...pending.job, spentMs: (pending.job.spentMs ?? 0) + ms } };
  if ('query' in pending) return { ...pending, query: { ...pending.query, spentMs: (pending.query.spentMs ?? 0) + ms } };
  return { ...pending, identify: { ...pending.identify, spentMs: (pending.identify.spentMs ?? 0) + ms } };
}

/** The outcome a job gets when it fails outside the worker's own handling (stopped, crashed, closed). */
function failedOutcome(pending: Pending, error: { code: string; message: string; data?: Record<string, unknown> }): Outcome {
  if ('job' in pending) return { file: pending.file, error } as Outcome;
  if ('query' in pending) return { matches: [], error } as unknown as Outcome;
  return { column: pending.identify.column ?? 0, nodeType: 'unknown', error } as Outcome;
}

/** The request a worker is sent for a job. */
function requestOf(id: number, pending: Pending): WorkerRequest {
  if ('job' in pending) return { id, job: pending.job };
  if ('query' in pending) return { id, query: pending.query };
  return { id, identify: pending.identify };
}

const DEFAULT_LOAD_LIMIT_MS = 180_000;

interface Slot {
  worker: Worker;
  /** A thread without the heap bound: for large files and jobs that ran a bounded thread out of memory. */
  roomy?: true;
  /** The job running, and when its languages were loaded (its budget runs from there). */
  current?: { id: number; pending: Pending; timer: NodeJS.Timeout; loadedAt?: number };
  idleTimer?: NodeJS.Timeout;
}

/** Options of a {@link WorkerPool}. */
export interface WorkerPoolOptions {
  script: URL;
  threads: number;
  /** Builds what workers start with (languages resolved to paths and texts), once. */
  init: () => Promise<WorkerInit>;
  /**
   * A job running longer than this after its languages are loaded is ended by terminating its worker (the worker's
   * own deadline comes first).
   */
  hardLimitMs: number;
  /**
   * Loading a job's languages (a grammar, a query to compile: seconds on a busy machine, uninterruptible) may take
   * this long before the job is ended. @defaultValue 180 000
   */
  loadLimitMs?: number;
  /** An idle worker is stopped after this long (its memory given back). */
  idleMs?: number;
  /**
   * Bound of each thread's old generation, in MB (0: V8's own). A job that fills it (the thread's guard stops it there;
   * V8's own bound is a semi-space above) is run once more on a thread without the bound (which runs that job alone and
   * stops). @defaultValue {@link DEFAULT_HEAP_LIMIT_MB}
   */
  heapLimitMb?: number;
}

/**
 * Jobs on worker threads, one job per worker at a time. Each thread's heap is bounded (`heapLimitMb`), so that the
 * garbage of thousands of jobs does not pile up to hundreds of MB. A large file (over {@link LARGE_FILE_BYTES}) runs on
 * a thread without the bound, and the rare job that fills a bounded thread's heap is not lost: it runs again on one,
 * with the budget it has left. The thread stops such a job itself, before V8 would end the thread, and a thread is
 * asked to end once idle rather than terminated: either can abort the whole process (Node 20: a concurrent compile job
 * asking for an isolate already gone; with a 32 MB bound on effect, three runs in four aborted when V8 ended threads,
 * two in two when they were terminated after a guarded stop, none in seven asked to end). Such a thread runs one job
 * and stops; at most `threads` of them run at once.
 *
 * The two kinds never run at once: the memory of a thread without the bound comes on top of the bounded threads'
 * otherwise. Large jobs wait until the bounded threads have no job left, which then stop (their heaps given back), and
 * the bounded jobs that come meanwhile wait until the large ones are done. On 2,000 distinct TypeScript files (six
 * copies of a 935 KB file among them) the peak RSS of a cold index came while a thread without the bound parsed a
 * large copy beside the bounded one: 365-377 MB, and 302-311 MB with the two kinds apart, in about the same time.
 */
export class WorkerPool implements Analyzer {
  readonly threads: number;
  readonly #options: WorkerPoolOptions;
  /** Bound of the pool's own threads' old generation, in MB (0: none, and no thread is started without it). */
  readonly #heapLimitMb: number;
  #init: Promise<WorkerInit> | undefined;
  readonly #slots = new Set<Slot>();
  readonly #queue: Pending[] = [];
  /** Jobs waiting for a thread without the bound (at most `threads` such threads run at once). */
  readonly #roomyQueue: Pending[] = [];
  /** Threads without the bound running or starting. */
  #roomy = 0;
  /** The bounded threads are being stopped for threads without the bound. */
  #switching = false;
  #nextId = 0;
  #closed = false;
  #started = 0;
  #outOfMemory = 0;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.threads = options.threads;
    this.#heapLimitMb = options.heapLimitMb ?? DEFAULT_HEAP_LIMIT_MB;
  }

  /** Threads started so far (crashed, stopped or replaced ones included). */
  get threadsStarted(): number {
    return this.#started;
  }

  /** Threads V8 ended at their heap bound (their memory guard stops a job before, as a rule). */
  get threadsOutOfMemory(): number {
    return this.#outOfMemory;
  }

  run(job: AnalysisJob): Promise<AnalysisOutcome> {
    return new Promise((resolve) => this.#enqueue({ job, file: job.file, resolve }));
  }

  identify(job: IdentifyJob): Promise<IdentifyOutcome> {
    return new Promise((resolve) => this.#enqueue({ identify: job, file: job.file, resolve }));
  }

  query(job: QueryJob): Promise<QueryOutcome> {
    return new Promise((resolve) => this.#enqueue({ query: job, file: job.file, resolve }));
  }

  close(): void {
    this.#closed = true;
    for (const slot of this.#slots) this.#retire(slot, CLOSED);
    for (const pending of [...this.#queue.splice(0), ...this.#roomyQueue.splice(0)]) pending.resolve(failedOutcome(pending, CLOSED));
  }

  #enqueue(pending: Pending): void {
    if (this.#closed) return pending.resolve(failedOutcome(pending, CLOSED));
    if ('job' in pending && (pending.job.size ?? 0) > LARGE_FILE_BYTES && this.#heapLimitMb > 0) {
      this.#roomyQueue.push(pending);
      this.#pumpRoomy();
      return;
    }
    this.#queue.push(pending);
    void this.#pump();
  }

  /**
   * Starts threads without the bound for the jobs that need one, `threads` at a time, once the bounded threads have
   * nothing left to do: those are stopped first.
   */
  #pumpRoomy(): void {
    if (this.#roomyQueue.length === 0 || this.#closed || this.#queue.length > 0 || this.#switching) return;
    for (const slot of this.#slots) if (!slot.roomy && slot.current) return;
    this.#switching = true;
    try {
      for (const slot of [...this.#slots]) if (!slot.roomy) this.#retire(slot);
    } finally {
      this.#switching = false;
    }
    while (this.#roomy < this.threads && this.#roomyQueue.length > 0 && !this.#closed) {
      const pending = this.#roomyQueue.shift() as Pending;
      this.#roomy++;
      // (Not started: the pool was closed meanwhile, or the thread could not start and the job has its error already.)
      void this.#start(pending).then((slot) => {
        if (slot) this.#assign(slot, pending);
        else {
          this.#roomy--;
          pending.resolve(failedOutcome(pending, CLOSED));
          this.#pumpRoomy();
        }
      });
    }
  }

  async #pump(): Promise<void> {
    // (While threads without the bound run, bounded jobs wait: see the class.)
    while (this.#queue.length > 0 && !this.#closed && this.#roomy === 0) {
      let slot = [...this.#slots].find((candidate) => !candidate.current && !candidate.roomy);
      if (!slot) {
        if (this.#bounded() >= this.threads) return;
        slot = await this.#start();
        if (!slot) return;
        continue;
      }
      const pending = this.#queue.shift();
      if (!pending) return;
      this.#assign(slot, pending);
    }
  }

  /** Threads with the heap bound (the pool's own: `threads` of them at most). */
  #bounded(): number {
    let count = 0;
    for (const slot of this.#slots) if (!slot.roomy) count++;
    return count;
  }

  /** Starts a thread: a bounded one for the queue, or one without the bound for `roomy`. */
  async #start(roomy?: Pending): Promise<Slot | undefined> {
    let init: WorkerInit;
    try {
      this.#init ??= this.#options.init();
      init = await this.#init;
    } catch (error) {
      this.#init = undefined;
      for (const pending of [...(roomy ? [roomy] : []), ...this.#queue.splice(0)]) {
        pending.resolve(failedOutcome(pending, { code: ErrorCode.LANGUAGE_LOAD_FAILED, message: `Parse workers could not start: ${(error as Error).message}` }));
      }
      return undefined;
    }
    if (this.#closed || (!roomy && this.#bounded() >= this.threads)) return undefined;
    let worker: Worker;
    try {
      const bound = roomy ? undefined : this.#heapLimitMb || undefined;
      worker = startWorker(this.#options.script, bound ? { ...init, heapGuardMb: bound } : init, bound ? bound + V8_BOUND_ROOM_MB : undefined);
    } catch (error) {
      for (const pending of roomy ? [roomy] : this.#queue.splice(0)) {
        pending.resolve(failedOutcome(pending, { code: ErrorCode.ANALYSIS_FAILED, message: `A parse worker could not start: ${(error as Error).message}` }));
      }
      return undefined;
    }
    const slot: Slot = roomy ? { worker, roomy: true } : { worker };
    this.#slots.add(slot);
    this.#started++;
    worker.on('message', (message: { id: number; outcome: Outcome; loaded?: true; recycle?: true }) => {
      if (message.loaded) this.#loaded(slot, message.id);
      else this.#finish(slot, message.id, message.outcome, message.recycle === true);
    });
    worker.on('error', (error: Error & { code?: string }) => this.#crash(slot, error));
    worker.on('exit', () => this.#crash(slot, new Error('the parse worker exited')));
    return slot;
  }

  #assign(slot: Slot, pending: Pending): void {
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    const id = this.#nextId++;
    // Until the worker says the languages are loaded, the (longer) load limit runs.
    const timer = this.#limit(slot, pending, this.#options.loadLimitMs ?? DEFAULT_LOAD_LIMIT_MS);
    slot.current = { id, pending, timer };
    slot.worker.postMessage(requestOf(id, pending));
  }

  #limit(slot: Slot, pending: Pending, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      // The worker's own deadline did not end the job: something cannot be interrupted from inside.
      this.#retire(slot, {
        code: ErrorCode.TS_PARSE_TIMEOUT,
        message: `Analysis of ${pending.file} ran past ${ms} ms and its worker was stopped`,
        data: { file_path: pending.file, timeout_ms: ms },
      });
    }, ms);
  }

  /** The job's languages are loaded: its hard limit starts. */
  #loaded(slot: Slot, id: number): void {
    const current = slot.current;
    if (!current || current.id !== id) return;
    clearTimeout(current.timer);
    current.loadedAt = performance.now();
    current.timer = this.#limit(slot, current.pending, this.#options.hardLimitMs);
  }

  #finish(slot: Slot, id: number, outcome: Outcome, recycle = false): void {
    const current = slot.current;
    if (!current || current.id !== id) return;
    clearTimeout(current.timer);
    if (outcome.error?.data?.needs_room === true && !slot.roomy && !this.#closed) {
      // The job stopped short of the thread's heap bound: it runs again without the bound, as after running out.
      this.#makeRoom(slot, current);
      return;
    }
    slot.current = undefined;
    current.pending.resolve(outcome);
    // A fault inside WASM: the worker exits by itself; no job may reach it meanwhile (it would fail in its place).
    // A worker that grew past its memory bound is replaced by a new one, which starts small.
    if (outcome.error?.data?.fault === true || recycle) {
      this.#retire(slot);
      return;
    }
    if (slot.roomy) {
      // A thread without the bound stops after its job: it keeps what the job grew its heap to, and V8 lets a heap
      // without a bound grow on. The next large job gets a new thread (its languages loaded again: ~0.25 s for
      // TypeScript). On 2,000 distinct files, one thread taking the six copies of a 935 KB file in turn grew to
      // ~300 MB.
      this.#retire(slot);
      return;
    }
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => this.#retire(slot), this.#options.idleMs ?? 30_000).unref();
    void this.#pump();
    this.#pumpRoomy();
  }

  #crash(slot: Slot, error: Error & { code?: string }): void {
    if (!this.#slots.has(slot)) return;
    const current = slot.current;
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.#outOfMemory++;
      if (current && !slot.roomy && !this.#closed) {
        this.#makeRoom(slot, current);
        return;
      }
    }
    const file = current?.pending.file ?? '';
    this.#retire(slot, { code: ErrorCode.ANALYSIS_FAILED, message: `Analysis of ${file} failed: ${error.message}`, data: { file_path: file } });
  }

  /**
   * The job needs more than the bound: it runs again, on a thread of its own without it, with the budget it has left (a
   * file that filled the bound is large: its whole budget again would double its time). Its thread stops.
   */
  #makeRoom(slot: Slot, current: NonNullable<Slot['current']>): void {
    clearTimeout(current.timer);
    slot.current = undefined;
    this.#retire(slot);
    this.#roomyQueue.unshift(spending(current.pending, current.loadedAt === undefined ? 0 : performance.now() - current.loadedAt));
    this.#pumpRoomy();
  }

  /** Stops a worker; its current job (if any) ends with `error`. */
  #retire(slot: Slot, error: { code: string; message: string; data?: Record<string, unknown> } = CLOSED): void {
    if (!this.#slots.delete(slot)) return;
    if (slot.roomy) {
      this.#roomy--;
      this.#pumpRoomy();
    }
    clearTimeout(slot.idleTimer);
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.pending.resolve(failedOutcome(current.pending, error));
    }
    if (current) void slot.worker.terminate();
    else {
      // An idle thread ends by itself: `terminate()` right after a job that filled its heap (V8 still collecting or
      // compiling beside it) aborted the whole process in two runs of two (Node 20, effect with a 32 MB bound);
      // asked to stop, none in seven. A thread that does not end soon is terminated.
      slot.worker.postMessage({ stop: true } satisfies WorkerRequest);
      setTimeout(() => void slot.worker.terminate(), STOP_GRACE_MS).unref();
    }
    void this.#pump();
    if (!slot.roomy) this.#pumpRoomy();
  }
}

const CLOSED = { code: ErrorCode.INDEX_CLOSED, message: 'This CodeIndex was closed; open a new one' };

/** How long an idle thread asked to stop has before it is terminated. */
const STOP_GRACE_MS = 5_000;

/**
 * The analyzer of an index: a worker pool when workers can run, else the calling thread. A file system other than
 * Node's (an in-memory tree) is read on the calling thread: a parse thread cannot be handed one.
 */
export function createAnalyzer(options: {
  threads: number;
  context: AnalysisContext;
  registry: LanguageRegistry;
  storeLocation: string | undefined;
}): Analyzer {
  const script = workerScript();
  const ownFileSystem = options.context.fileSystem !== undefined && options.context.fileSystem !== nodeFileSystem;
  if (options.threads === 0 || !script || ownFileSystem) return new InlineAnalyzer(options.context);
  const { context, registry } = options;
  return new WorkerPool({
    script,
    threads: options.threads,
    hardLimitMs: context.limits.parseTimeoutMs * 2 + 10_000,
    init: async () => ({
      recycleBytes: DEFAULT_RECYCLE_BYTES,
      root: context.root,
      definitions: await Promise.all(registry.list().map((definition) => registry.portable(definition.id))),
      limits: context.limits,
      disabledLanguages: [...context.disabledLanguages],
      store: options.storeLocation ?? null,
    }),
  });
}
