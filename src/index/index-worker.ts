/**
 * Worker thread for cold indexing: its own web-tree-sitter and bundled registry; processes the files it is
 * given and posts plain records back.
 *
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CodeIndexError } from '../errors.js';
import { createDefaultRegistry } from '../languages/bundled.js';
import { type FileLimits, processFile } from './file-record.js';
import { resolveInRoot } from './source.js';

/** What the worker is started with. */
export interface WorkerInput {
  root: string;
  files: string[];
  limits: FileLimits;
  disabledLanguages: string[];
}

/** One result per file, in order. */
export type WorkerResult =
  | { file: string; record: Awaited<ReturnType<typeof processFile>> }
  | { file: string; error: { code?: string; message: string } };

async function run(input: WorkerInput): Promise<WorkerResult[]> {
  const registry = createDefaultRegistry();
  const disabled = new Set(input.disabledLanguages);
  const results: WorkerResult[] = [];
  try {
    for (const file of input.files) {
      try {
        const path = await resolveInRoot(input.root, file);
        results.push({ file, record: await processFile(registry, path, input.limits, disabled) });
      } catch (error) {
        results.push({
          file,
          error: { message: error instanceof Error ? error.message : String(error), ...(error instanceof CodeIndexError ? { code: error.code } : {}) },
        });
      }
    }
  } finally {
    registry.dispose();
  }
  return results;
}

if (parentPort) {
  const port = parentPort;
  run(workerData as WorkerInput).then(
    // One JSON string crosses the thread boundary faster than a structured clone of thousands of records.
    (results) => port.postMessage(JSON.stringify(results)),
    (error: unknown) => port.postMessage({ fatal: String(error) }),
  );
}
