import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // The on-disk index goes to the user's cache folder by default: tests use a folder of their own.
    env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'code-index-test-cache-')) },
  },
});
