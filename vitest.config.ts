import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only adds contention on the shared PostgreSQL.
    maxWorkers: 2,
  },
});
