/**
 * What an importer needs to have a package's programs run: its files put in the test-data store (judges
 * fetch them by hash), a package run queued as a judge job and waited for, and the stored outputs read
 * back. The API node runs nothing itself.
 */
import type { PackageRunJob, PackageRunResult } from '@oj/shared';
import type { AppContext } from '../../../context.js';
import { ApiError } from '../../../lib/errors.js';
import { blobPath, putBlob } from '../../../lib/testdata.js';
import { runJudgeJob } from '../../judge-job/service.js';

export interface PackagePrograms {
  /** Stores a file of the package; answers its hash. */
  store(file: string): Promise<string>;
  /** Runs the job on a judge; throws the message to show when no judge did it. */
  run(job: PackageRunJob): Promise<PackageRunResult>;
  /** Where a stored output is on this node's disk. */
  fileOf(hash: string): string;
}

/**
 * Runs a package job, or says why it could not run (no judge, the judge failed): an import goes on
 * with what it has and warns, it is not refused for that.
 */
export async function runOrSayWhy(programs: PackagePrograms, job: PackageRunJob): Promise<{ steps: PackageRunResult['steps']; jobError: string }> {
  try {
    return { steps: (await programs.run(job)).steps, jobError: '' };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { steps: {}, jobError: e.message };
  }
}

/** The lease of a package run: every program's compile, every step at three times its time limit, and the uploads. */
export const packageRunLeaseMs = (job: PackageRunJob) =>
  Math.min(60 * 60_000, 60_000 + Object.keys(job.programs).length * 35_000 + job.steps.reduce((s, st) => s + 3 * st.timeLimitMs + 2000, 0));

export function packagePrograms(ctx: AppContext): PackagePrograms {
  const { dataDir } = ctx.config;
  return {
    store: async (file) => (await putBlob(dataDir, { path: file })).hash,
    async run(job) {
      const r = await runJudgeJob(ctx, job, { leaseMs: packageRunLeaseMs(job) });
      if (r.type !== 'packageRun') throw new Error(`a package run answered ${r.type}`);
      return r;
    },
    fileOf: (hash) => blobPath(dataDir, hash),
  };
}
