import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Pure unit tests: no PostgreSQL, no sandbox. A test file belongs here when it imports only modules that
 * compute (no database, no child processes); anything else under packages/server/test lands in `api`.
 */
const unit = [
  'packages/shared/src/**/*.test.ts',
  'packages/shared/test/**/*.test.ts',
  'packages/web/src/**/*.test.ts',
  'packages/web/test/**/*.test.ts',
  'packages/judge/test/builtin-checkers.test.ts',
  'packages/judge/test/compare.test.ts',
  'packages/judge/test/modes.test.ts',
  'packages/judge/test/testdata-cache.test.ts',
  'packages/server/test/backup-format.test.ts',
  'packages/server/test/cache-lifetime.test.ts',
  'packages/server/test/statement-math.test.ts',
  'packages/server/test/contest-rank.test.ts',
  'packages/server/test/owner-branches.test.ts',
  'packages/server/test/contest-type-branches.test.ts',
  'packages/server/test/docs-paths.test.ts',
  'packages/server/test/engines.test.ts',
  'packages/server/test/import-cycles.test.ts',
  'packages/server/test/judge-boundary.test.ts',
  'packages/server/test/package-links.test.ts',
  'packages/server/test/page.test.ts',
  'packages/server/test/password-cost.test.ts',
  'packages/judge/test/plagiarism-compare.test.ts',
];

/**
 * The files that take 40 s or more (the 5 MB user import left the list with the tests' cheaper hashes),
 * started first whatever their project: vitest otherwise runs the
 * projects one after the other (api, judge, unit) and the judge's testsuite ran last, alone on one of
 * the two workers for half a minute. The rest keep vitest's order (slowest first once it has timings).
 */
const LONG = ['packages/server/test/kattis-interactive.test.ts', 'packages/judge/test/testsuite.test.ts'];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((l) => f.moduleId.endsWith(l));
      return i < 0 ? LONG.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b)); // stable: the rest keep vitest's order
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only adds contention on the shared PostgreSQL.
    maxWorkers: 2,
    sequence: { sequencer: LongFirst },
    // Cheaper password hashes (server/src/lib/password.ts): the API files make and log in thousands of
    // accounts; password.test.ts checks the default cost itself.
    env: { OJ_PASSWORD_COST: '1024' },
    projects: [
      { extends: true, test: { name: 'unit', include: unit } },
      // The judge in the real sandbox (compilers, cgroups); no database.
      {
        extends: true,
        test: {
          name: 'judge',
          include: ['packages/judge/src/**/*.test.ts', 'packages/judge/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unit],
        },
      },
      // The API against real PostgreSQL: one server for the run, each file a copy of the migrated and seeded
      // template. Files share a worker's module graph (no isolation): each file builds its own app over its own
      // database, and loading the server's modules again for every file cost about 3 s of CPU a file.
      {
        extends: true,
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unit],
          globalSetup: ['packages/server/test/global-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
