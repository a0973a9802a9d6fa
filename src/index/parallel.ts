/**
 * Cold indexing on every core: worker threads, each with its own web-tree-sitter, when there are enough files to
 * pay for starting them (each loads and compiles its grammars and queries again).
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileLimits } from './file-record.js';
import type { WorkerInput, WorkerResult } from './index-worker.js';

/** Below this many files to parse, one thread is faster than starting workers (measured: npm run bench). */
export const PARALLEL_THRESHOLD = 400;

const workerUrl = new URL('./index-worker.js', import.meta.url);

/** True when workers can run: several cores, and the compiled worker exists (not when running from sources). */
export function canUseWorkers(): boolean {
  return availableParallelism() > 1 && existsSync(fileURLToPath(workerUrl));
}

/** Processes files in `availableParallelism()` workers; results in the order of `files`. */
export async function processInWorkers(
  root: string,
  files: string[],
  limits: FileLimits,
  disabledLanguages: ReadonlySet<string>,
): Promise<WorkerResult[]> {
  const count = Math.min(availableParallelism(), Math.ceil(files.length / 100));
  // Interleave so that each worker gets a similar mix of small and large files.
  const batches: string[][] = Array.from({ length: count }, () => []);
  files.forEach((file, i) => batches[i % count]?.push(file));
  const outputs = await Promise.all(
    batches.map(
      (batch) =>
        new Promise<WorkerResult[]>((resolve, reject) => {
          const input: WorkerInput = { root, files: batch, limits, disabledLanguages: [...disabledLanguages] };
          const worker = new Worker(workerUrl, { workerData: input });
          worker.once('message', (message: string | { fatal: string }) => {
            void worker.terminate();
            if (typeof message === 'string') resolve(JSON.parse(message) as WorkerResult[]);
            else reject(new Error(message.fatal));
          });
          worker.once('error', reject);
        }),
    ),
  );
  const byFile = new Map<string, WorkerResult>();
  for (const output of outputs) for (const result of output) byFile.set(result.file, result);
  return files.map((file) => byFile.get(file) ?? { file, error: { message: 'worker returned no result' } });
}
