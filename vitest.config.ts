import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: CI shares a 2-core machine, where a worker-pool or CLI test waits minutes at a load of 15. A test
    // bounds a hang, it does not measure speed (benchmarks do).
    testTimeout: 120_000,
    pool: 'forks',
    // The on-disk index goes to the user's cache folder by default: tests use a folder of their own.
    env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'code-index-test-cache-')) },
  },
});
