import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // The run's own cache and temporary folders, instead of the user's (and a guard that fails the run otherwise).
    globalSetup: ['test/global-setup.ts'],
  },
});
