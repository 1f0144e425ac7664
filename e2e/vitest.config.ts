import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './lib/workers.js';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/lib/global-setup.ts'],
    // One browser per worker, each worker against a site of its own (global-setup.ts): the machine
    // has two cores, and a file waits for verdicts and pages most of the time.
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
