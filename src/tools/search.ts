/**
 * Text search over a project's files (literal or regular expression, whole word, case, several patterns, context
 * lines). A regular expression runs in a worker thread that is terminated when it overruns its time budget: a
 * pattern that backtracks without end costs the caller a coded error, never a hung host.
 *
 * Files are read here, on the calling thread, through the root check and the safe read, and handed to the worker
 * as bytes in batches: the worker never touches the file system, so it can only ever see what passed the check.
 *
 * @module
 */
import { Worker } from 'node:worker_threads';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { createListingCheck, isBinary, readVerified } from '../engine/files.js';

/** What to search. */
export interface SearchRequest {
  root: string;
  /** Root-relative files, in the order results should come. */
  files: string[];
  patterns: string[];
  isRegex: boolean;
  wholeWord: boolean;
  caseSensitive: boolean;
  /** Lines of context before and after each match (0 for none). */
  contextLines: number;
  /** Matches kept with their text; the rest are only counted. */
  maxStored: number;
  /** Files larger than this are skipped. */
  maxFileSize: number;
  /** Time budget for regular expressions, in milliseconds. */
  timeoutMs: number;
}

/** One matching line. */
export interface SearchHit {
  /** Index of the pattern in `patterns`. */
  pattern: number;
  file: string;
  line: number;
  code: string;
  before: string[];
  after: string[];
}

/** Every match counted, the first `maxStored` kept. */
export interface SearchOutcome {
  hits: SearchHit[];
  total: number;
  perPattern: number[];
  filesSearched: number;
}

interface SearchJob {
  sources: string[];
  flags: string;
  contextLines: number;
  maxStored: number;
}

/** Searches one file's bytes at a time and keeps the tally. */
interface Searcher {
  add(file: string, bytes: Uint8Array): void;
  outcome(): SearchOutcome;
}

const MAX_CODE_LENGTH = 300;

/**
 * The search itself. Self-contained (it is also the body of the worker, sent as source text): it may use only
 * its arguments.
 */
function createSearcher(job: SearchJob): Searcher {
  const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);
  const expressions = job.sources.map((source) => new RegExp(source, job.flags));
  const hits: SearchHit[] = [];
  const perPattern = job.sources.map(() => 0);
  let total = 0;
  let filesSearched = 0;
  const decoder = new TextDecoder('utf-8');
  return {
    add(file, bytes) {
      filesSearched++;
      const lines = decoder.decode(bytes).split(/\r?\n/);
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index] ?? '';
        for (let p = 0; p < expressions.length; p++) {
          if (!expressions[p]?.test(line)) continue;
          total++;
          perPattern[p] = (perPattern[p] ?? 0) + 1;
          if (hits.length < job.maxStored) {
            const from = Math.max(0, index - job.contextLines);
            hits.push({
              pattern: p,
              file,
              line: index + 1,
              code: clip(line.trim()),
              before: lines.slice(from, index).map(clip),
              after: lines.slice(index + 1, index + 1 + job.contextLines).map(clip),
            });
          }
        }
      }
    },
    outcome: () => ({ hits, total, perPattern, filesSearched }),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The regular expression source of one pattern. */
function sourceOf(pattern: string, request: SearchRequest): string {
  if (request.isRegex) {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      throw new CodeIndexError(ErrorCode.INVALID_REGEX, `Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`, {
        pattern,
        suggestion: 'Fix the expression, or pass is_regex: false to search the text literally',
      });
    }
    return pattern;
  }
  const literal = escapeRegExp(pattern);
  if (!request.wholeWord) return literal;
  // Word boundaries only where the pattern starts or ends with a word character (`foo(` still matches `foo(`).
  const start = /^[\p{L}\p{N}_]/u.test(pattern) ? '(?<![\\p{L}\\p{N}_])' : '';
  const end = /[\p{L}\p{N}_]$/u.test(pattern) ? '(?![\\p{L}\\p{N}_])' : '';
  return `${start}${literal}${end}`;
}

/** A batch of files to search: names and their bytes (read and checked by the caller). */
interface Batch {
  files: string[];
  buffers: Uint8Array[];
}

/** Bytes per batch handed to the worker: large enough to amortize the message, small enough to stay lean. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * The files to search, read in batches through the root check and the safe read. A file that fails either (a
 * symlink out, a file swapped since it was listed, a FIFO, a binary or oversized file) is skipped.
 */
function* batches(request: SearchRequest): Generator<Batch> {
  const inRoot = createListingCheck(request.root);
  let batch: Batch = { files: [], buffers: [] };
  let size = 0;
  for (const file of request.files) {
    const path = inRoot(file);
    if (!path) continue;
    let bytes: Uint8Array;
    try {
      bytes = readVerified(path, request.maxFileSize).bytes;
    } catch {
      continue;
    }
    if (isBinary(bytes)) continue;
    batch.files.push(file);
    batch.buffers.push(bytes);
    size += bytes.length;
    if (size >= BATCH_BYTES) {
      yield batch;
      batch = { files: [], buffers: [] };
      size = 0;
    }
  }
  if (batch.files.length > 0) yield batch;
}

/** Longest pattern searched (a regular expression of a few megabytes does not even compile). */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Searches files for every pattern. Regular expressions run in a worker under `timeoutMs`.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a pattern over {@link MAX_PATTERN_LENGTH} characters, `INVALID_REGEX`.
 */
export async function searchText(request: SearchRequest): Promise<SearchOutcome> {
  for (const pattern of request.patterns) {
    if (pattern.length > MAX_PATTERN_LENGTH) {
      throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `A pattern is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are searched`, {
        pattern_length: pattern.length,
        suggestion: 'Search for a shorter, distinctive part of the text',
      });
    }
  }
  const job: SearchJob = {
    sources: request.patterns.map((pattern) => sourceOf(pattern, request)),
    flags: request.caseSensitive ? 'u' : 'iu',
    contextLines: request.contextLines,
    maxStored: request.maxStored,
  };
  if (!request.isRegex) {
    const searcher = createSearcher(job);
    for (const { files, buffers } of batches(request)) {
      for (let i = 0; i < files.length; i++) searcher.add(files[i] as string, buffers[i] as Uint8Array);
    }
    return searcher.outcome();
  }
  return inWorker(job, batches(request), request.timeoutMs);
}

/**
 * Runs the searcher in a worker, fed batch by batch: the next batch is read while the worker searches the current
 * one, and the worker answers each with `next`, then the outcome after `done`.
 */
function inWorker(job: SearchJob, feed: Generator<Batch>, timeoutMs: number): Promise<SearchOutcome> {
  // A dynamic import, not require(): an eval worker inherits the host's `--input-type`, so this source runs as a
  // CommonJS script or as a module depending on how the host was started (`node --input-type=module -e ...`).
  // Messages wait in the port until the listener is attached.
  const source = `
import('node:worker_threads').then(({ parentPort, workerData }) => {
  const searcher = (${createSearcher.toString()})(workerData);
  parentPort.on('message', (message) => {
    if (message.done) return parentPort.postMessage({ outcome: searcher.outcome() });
    message.files.forEach((file, i) => searcher.add(file, message.buffers[i]));
    parentPort.postMessage({ next: true });
  });
});
`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: job });
    let settled = false;
    const finish = (error: Error | undefined, outcome?: SearchOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(outcome as SearchOutcome);
    };
    const timer = setTimeout(() => {
      finish(
        new CodeIndexError(ErrorCode.SEARCH_TIMEOUT, `The search took longer than ${timeoutMs} ms and was stopped; the regular expression may backtrack without end`, {
          timeout_ms: timeoutMs,
          patterns: job.sources,
          suggestion: 'Simplify the expression (no nested quantifiers such as (a+)+), narrow file_pattern, or search literally',
        }),
      );
    }, timeoutMs);
    const post = (batch: IteratorResult<Batch>) => {
      if (batch.done) worker.postMessage({ done: true });
      // Copied, not transferred: small reads share Node's buffer pool, which must not be detached.
      else worker.postMessage(batch.value);
    };
    let upcoming: IteratorResult<Batch>;
    try {
      post(feed.next());
      upcoming = feed.next();
    } catch (error) {
      finish(error as Error);
      return;
    }
    worker.on('message', (message: { next?: true; outcome?: SearchOutcome }) => {
      if (message.outcome) return finish(undefined, message.outcome);
      try {
        const current = upcoming;
        post(current);
        if (!current.done) upcoming = feed.next();
      } catch (error) {
        finish(error as Error);
      }
    });
    worker.once('error', (error) => {
      finish(new CodeIndexError(ErrorCode.INTERNAL_ERROR, `The search failed: ${error.message}`, {}));
    });
  });
}

export { MAX_CODE_LENGTH };
