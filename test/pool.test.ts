import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDefaultRegistry } from '../src/index.js';
import { WorkerPool, workerScript } from '../src/index/pool.js';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const registry = createDefaultRegistry();

describe('WorkerPool', () => {
  const pools: WorkerPool[] = [];
  afterAll(() => {
    for (const pool of pools) pool.close();
  });

  it('Should replace a thread that grew past its memory bound after its job, losing no job', async () => {
    const script = workerScript();
    expect(script).toBeDefined();
    // A bound every thread is past after one job: each job runs on a new thread.
    const pool = new WorkerPool({
      script: script as URL,
      threads: 1,
      hardLimitMs: 60_000,
      init: async () => ({
        root: join(fixtures, 'typescript'),
        definitions: [await registry.portable('typescript')],
        limits: { maxFileSize: 10 * 1024 * 1024, parseTimeoutMs: 30_000 },
        disabledLanguages: [],
        store: null,
        recycleBytes: 1,
      }),
    });
    pools.push(pool);
    const files = ['user-service.ts', 'user-service.ts', 'user-service.ts'];
    const outcomes = await Promise.all(files.map((file) => pool.run({ file, language: 'typescript', key: 'k' })));
    for (const outcome of outcomes) {
      expect('entry' in outcome ? outcome.entry.summary?.definitions.map((d) => d.name) : outcome).toContain('UserService');
    }
    expect(pool.threadsStarted).toBe(3);
  });
});
