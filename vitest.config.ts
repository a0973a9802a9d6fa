import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A bound on a hang, not a measure of speed (benchmarks measure): the slowest test without its own bound takes
    // ~10 s alone on CI's 2 cores. A test whose work is large by design (a 5 MB file) sets its own.
    testTimeout: 30_000,
    pool: 'forks',
    // The run's own cache and temporary folders, instead of the user's (and a guard that fails the run otherwise).
    globalSetup: ['test/global-setup.ts'],
  },
});
