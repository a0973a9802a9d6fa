import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: CI shares a 2-core machine, where a worker-pool or CLI test waits minutes at a load of 15. A test
    // bounds a hang, it does not measure speed (benchmarks do).
    testTimeout: 120_000,
    pool: 'forks',
    // The run's own cache and temporary folders, instead of the user's (and a guard that fails the run otherwise).
    globalSetup: ['test/global-setup.ts'],
  },
});
