import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/lib/global-setup.ts'],
    // One browser at a time against one server: the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
