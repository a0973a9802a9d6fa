/**
 * Text search over a project's files (literal or regular expression, whole word, case, several patterns, context
 * lines). A regular expression runs in a worker thread that is terminated when it overruns its time budget: a
 * pattern that backtracks without end costs the caller a coded error, never a hung host.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { CodeIndexError, ErrorCode } from '../errors.js';

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
  root: string;
  files: string[];
  sources: string[];
  flags: string;
  contextLines: number;
  maxStored: number;
  maxFileSize: number;
}

const MAX_CODE_LENGTH = 300;

/**
 * The search itself. Self-contained (it is also the body of the worker, sent as source text): it may use only
 * its arguments.
 */
function runSearchJob(job: SearchJob, read: (path: string) => Uint8Array | undefined): SearchOutcome {
  const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);
  const expressions = job.sources.map((source) => new RegExp(source, job.flags));
  const hits: SearchHit[] = [];
  const perPattern = job.sources.map(() => 0);
  let total = 0;
  let filesSearched = 0;
  const decoder = new TextDecoder('utf-8');
  for (const file of job.files) {
    const bytes = read(`${job.root}/${file}`);
    if (!bytes || bytes.length > job.maxFileSize || bytes.subarray(0, 8000).includes(0)) continue;
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
  }
  return { hits, total, perPattern, filesSearched };
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

/** Searches files for every pattern. Regular expressions run in a worker under `timeoutMs`. */
export async function searchText(request: SearchRequest): Promise<SearchOutcome> {
  const job: SearchJob = {
    root: request.root,
    files: request.files,
    sources: request.patterns.map((pattern) => sourceOf(pattern, request)),
    flags: request.caseSensitive ? 'u' : 'iu',
    contextLines: request.contextLines,
    maxStored: request.maxStored,
    maxFileSize: request.maxFileSize,
  };
  const read = (path: string) => {
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
  if (!request.isRegex) return runSearchJob(job, read);
  return inWorker(job, request.timeoutMs);
}

function inWorker(job: SearchJob, timeoutMs: number): Promise<SearchOutcome> {
  const source = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const run = ${runSearchJob.toString()};
parentPort.postMessage(run(workerData, (path) => { try { return readFileSync(path); } catch { return undefined; } }));
`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: job });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(
        new CodeIndexError(ErrorCode.SEARCH_TIMEOUT, `The search took longer than ${timeoutMs} ms and was stopped; the regular expression may backtrack without end`, {
          timeout_ms: timeoutMs,
          patterns: job.sources,
          suggestion: 'Simplify the expression (no nested quantifiers such as (a+)+), narrow file_pattern, or search literally',
        }),
      );
    }, timeoutMs);
    worker.once('message', (outcome: SearchOutcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new CodeIndexError(ErrorCode.INTERNAL_ERROR, `The search failed: ${error.message}`, {}));
    });
  });
}

export { MAX_CODE_LENGTH };
