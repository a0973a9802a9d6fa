import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDefaultRegistry } from '../../src/index.js';
import { LARGE_FILE_BYTES, WorkerPool, workerScript } from '../../src/engine/pool.js';

const fixtures = fileURLToPath(new URL('../fixtures', import.meta.url));
const registry = createDefaultRegistry();

describe('WorkerPool', () => {
  const pools: WorkerPool[] = [];
  afterAll(() => {
    for (const pool of pools) pool.close();
  });

  /** A pool of TypeScript parse threads over `root` (closed after the tests). */
  function typescriptPool(root: string, options: { threads?: number; heapLimitMb?: number; recycleBytes?: number } = {}): WorkerPool {
    const pool = new WorkerPool({
      script: workerScript() as URL,
      threads: options.threads ?? 1,
      hardLimitMs: 120_000,
      ...(options.heapLimitMb !== undefined ? { heapLimitMb: options.heapLimitMb } : {}),
      init: async () => ({
        root,
        definitions: [await registry.portable('typescript')],
        limits: { maxFileSize: 10 * 1024 * 1024, parseTimeoutMs: 60_000 },
        disabledLanguages: [],
        store: null,
        recycleBytes: options.recycleBytes ?? 1024 * 1024 * 1024,
      }),
    });
    pools.push(pool);
    return pool;
  }

  /** `count` exported functions, about 75 bytes each. */
  function handlers(count: number): string {
    return Array.from({ length: count }, (_, i) => `export function handler${i}(value: number): number {\n  return helper(value + ${i});\n}\n`).join('');
  }

  /** Runs jobs on a pool and records the order they finish in. */
  function recorder(pool: WorkerPool, prefix: string) {
    const order: string[] = [];
    const run = (file: string, size?: number) =>
      pool.run({ file, language: 'typescript', key: `${prefix}-${file}`, ...(size ? { size } : {}) }).then((outcome) => {
        order.push(file);
        return outcome;
      });
    return { order, run };
  }

  it('Should replace a thread that grew past its memory bound after its job, losing no job', async () => {
    expect(workerScript()).toBeDefined();
    // A bound every thread is past after one job: each job runs on a new thread.
    const pool = typescriptPool(join(fixtures, 'typescript'), { recycleBytes: 1 });
    const files = ['user-service.ts', 'user-service.ts', 'user-service.ts'];
    const outcomes = await Promise.all(files.map((file) => pool.run({ file, language: 'typescript', key: 'k' })));
    for (const outcome of outcomes) {
      expect('entry' in outcome ? outcome.entry.summary?.definitions.map((d) => d.name) : outcome).toContain('UserService');
    }
    expect(pool.threadsStarted).toBe(3);
  });

  it('Should stop the work with a coded error once a guarded thread\'s memory is spent', async () => {
    const { Deadline, guardMemory } = await import('../../src/runtime/deadline.js');
    let spent = false;
    guardMemory(() => spent);
    try {
      const deadline = new Deadline(60_000, { file_path: 'a.ts' });
      expect(() => deadline.check()).not.toThrow();
      spent = true;
      expect(() => deadline.check()).toThrow(expect.objectContaining({ code: 'ANALYSIS_FAILED', data: { file_path: 'a.ts', needs_room: true } }));
      // Inside a loop, the guard is asked with the clock (every 1,024 ticks).
      expect(() => {
        for (let i = 0; i < 1024; i++) deadline.tick();
      }).toThrow(expect.objectContaining({ code: 'ANALYSIS_FAILED' }));
    } finally {
      guardMemory(undefined);
    }
  });

  it('Should run a job that outgrows the heap bound again on a thread without it, and keep the bound for the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-pool-'));
    try {
      // About 600 KB of functions: its captures need far more than a 16 MB old generation.
      writeFileSync(join(root, 'big.ts'), handlers(8_000));
      writeFileSync(join(root, 'small.ts'), 'export function small(): number {\n  return 1;\n}\n');
      const pool = typescriptPool(root, { heapLimitMb: 16 });
      const small = await pool.run({ file: 'small.ts', language: 'typescript', key: 'k1' });
      expect(pool.threadsStarted).toBe(1);
      const outcome = await pool.run({ file: 'big.ts', language: 'typescript', key: 'k2' });
      const names = 'entry' in outcome ? outcome.entry.summary?.definitions.map((d) => d.name) : outcome;
      expect(names).toHaveLength(8_000);
      expect(names).toContain('handler7999');
      // The bounded thread's memory guard stopped the job before V8 ended the thread (which may abort the process),
      // and the thread was replaced; the job ran on a roomy thread, which stopped after it.
      expect(pool.threadsOutOfMemory).toBe(0);
      expect(pool.threadsStarted).toBe(2);
      const again = await pool.run({ file: 'small.ts', language: 'typescript', key: 'k3' });
      expect(pool.threadsStarted).toBe(3);
      for (const result of [small, again]) expect('entry' in result ? result.entry.summary?.definitions.map((d) => d.name) : result).toEqual(['small']);
      // A file the caller knows to be large goes to a thread without the bound at once: one thread more, not two.
      const large = await pool.run({ file: 'big.ts', language: 'typescript', key: 'k4', size: LARGE_FILE_BYTES + 1 });
      expect('entry' in large ? large.entry.summary?.definitions.length : large).toBe(8_000);
      expect(pool.threadsStarted).toBe(4);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('Should never run a thread without the bound beside a bounded one: each kind waits for the other', async () => {
    const root = mkdtempSync(join(tmpdir(), 'code-index-pool-'));
    try {
      writeFileSync(join(root, 'big.ts'), handlers(3_000));
      for (const name of ['a', 'b', 'c']) writeFileSync(join(root, `${name}.ts`), `export function ${name}(): number {\n  return 1;\n}\n`);
      const pool = typescriptPool(root);
      const { order, run } = recorder(pool, 'k');
      // The large job waits for the bounded thread's jobs, which stops before it starts.
      const first = await Promise.all([run('a.ts'), run('big.ts', LARGE_FILE_BYTES + 1), run('b.ts')]);
      expect(order).toEqual(['a.ts', 'b.ts', 'big.ts']);
      expect(pool.threadsStarted).toBe(2);
      // A small job that comes while the large one runs waits for it, then runs on a new bounded thread.
      order.length = 0;
      const second = await Promise.all([run('big.ts', LARGE_FILE_BYTES + 1), new Promise((resolve) => setTimeout(resolve, 20)).then(() => run('c.ts'))]);
      expect(order).toEqual(['big.ts', 'c.ts']);
      expect(pool.threadsStarted).toBe(4);
      const names = [...first, ...second].map((outcome) => ('entry' in outcome ? outcome.entry.summary?.definitions.length : outcome));
      expect(names).toEqual([1, 3_000, 1, 3_000, 1]);

      // With two bounded threads, the large job waits for both (then stopped) and runs alone; the queue after it waits.
      const wide = typescriptPool(root, { threads: 2 });
      const { order: wideOrder, run: wideRun } = recorder(wide, 'w');
      await Promise.all([wideRun('a.ts'), wideRun('b.ts')]);
      expect(wide.threadsStarted).toBe(2);
      await Promise.all([wideRun('big.ts', LARGE_FILE_BYTES + 1), new Promise((resolve) => setTimeout(resolve, 20)).then(() => Promise.all([wideRun('c.ts'), wideRun('a.ts')]))]);
      expect(wideOrder.slice(2, 3)).toEqual(['big.ts']);
      expect(wideOrder.slice(3).sort()).toEqual(['a.ts', 'c.ts']);
      // Two bounded threads, stopped for one without the bound, then two new ones.
      expect(wide.threadsStarted).toBe(5);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
