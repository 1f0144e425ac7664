/**
 * After a contest: the inputs of its successful hacks become tests of their problems (answers: the
 * reference's outputs the judges sent back), and the contest's submissions of those problems are judged
 * again through the rejudge path, so a solution that only the hack broke is broken on the board too.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ContestStatus } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestHacks, problemCases, problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { publishHacks } from '../../lib/live-publish.js';
import { fail } from '../../lib/errors.js';
import { blobPath, bumpedCaseVersion, storeCases } from '../../lib/testdata.js';
import { administeredContest, statusOf } from '../contest/access.js';
import { rejudgeContestProblem } from '../contest/rejudge.js';

export async function hacksToTests(ctx: AppContext, user: AuthUser, cid: number): Promise<{ added: number; rejudged: number }> {
  const { db } = ctx.database;
  const c = await administeredContest(db, cid, user);
  if (statusOf(c) !== ContestStatus.ENDED) throw fail('hacksToTestsNotEnded');
  const hacks = await db
    .select()
    .from(contestHacks)
    .where(and(eq(contestHacks.cid, c.id), eq(contestHacks.verdict, 'successful'), eq(contestHacks.addedToTests, false)))
    .orderBy(contestHacks.id);
  const byProblem = new Map<number, typeof hacks>();
  for (const h of hacks) {
    const hash = (h.outcome as { answerHash?: string | null } | null)?.answerHash;
    if (!hash) continue; // an answer too large to keep: the staff add that test by hand
    byProblem.set(h.pid, [...(byProblem.get(h.pid) ?? []), h]);
  }
  let added = 0;
  let rejudged = 0;
  for (const [pid, list] of byProblem) {
    const inputs = list.map((h) => ({ input: h.input, output: { path: blobPath(ctx.config.dataDir, (h.outcome as { answerHash: string }).answerHash) } }));
    const stored = await storeCases(ctx.config.dataDir, inputs);
    const fresh = await db.transaction(async (tx) => {
      // The problem row first, as a test-set save locks it: the new cases follow the last one.
      const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid)).for('update');
      if (!p) return 0;
      const [{ last }] = await tx
        .select({ last: sql<number>`coalesce(max(${problemCases.seq}), 0)::int` })
        .from(problemCases)
        .where(eq(problemCases.pid, pid));
      await tx
        .insert(problemCases)
        .values(stored.map((s, i) => ({ ...s, pid, seq: last + i + 1, inputName: `hack-${list[i]!.id}.in`, outputName: `hack-${list[i]!.id}.out` })));
      await tx.update(problems).set({ caseVersion: bumpedCaseVersion(), gmtModified: new Date() }).where(eq(problems.id, pid));
      for (const h of list) await tx.update(contestHacks).set({ addedToTests: true }).where(eq(contestHacks.id, h.id));
      await publishHacks(tx, c.id);
      return list.length;
    });
    added += fresh;
    if (fresh) rejudged += (await rejudgeContestProblem(ctx, c.id, pid)).count;
  }
  return { added, rejudged };
}
