import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './lib/workers.js';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/lib/global-setup.ts'],
    setupFiles: ['e2e/lib/setup.ts'],
    // A worker's files share its modules (playwright-core, the helpers): loading them again for every
    // file cost about 2.7 s a file. A file's own state lives in the file; the helpers keep none that a
    // file could see from the one before (counters only).
    isolate: false,
    // One browser per worker, each against a site of its own (global-setup.ts; OJ_E2E_WORKERS).
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // What a page shows after a click can take seconds on a busy two-core machine (a lazy chunk, a
    // refetch): expect.poll waits up to 15 s for it instead of vitest's default second.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
