/** Rejudging every submission of one contest problem (super admin). */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { contestProblems, submissions } from '../../db/schema/index.js';
import { fail, notFound } from '../../lib/errors.js';
import { rejudge } from '../judge/queue.js';
import { contestById } from './access.js';
import { forgetBoards } from './board.js';

/** Each submission starts a new judging round (queued with contest priority); returns how many. */
export async function rejudgeContestProblem(ctx: AppContext, cid: number, pid: number): Promise<{ count: number }> {
  const { db } = ctx.database;
  if (!(await contestById(db, cid))) throw fail('contestNotFound');
  const [link] = await db
    .select({ id: contestProblems.id })
    .from(contestProblems)
    .where(and(eq(contestProblems.cid, cid), eq(contestProblems.pid, pid)));
  if (!link) throw notFound('problemNotFound');
  const rows = await db
    .select({ submitId: submissions.submitId })
    .from(submissions)
    .where(and(eq(submissions.cid, cid), eq(submissions.pid, pid)))
    .orderBy(submissions.submitId);
  let count = 0;
  // One transaction per submission (as a single rejudge does), so judges can start on the first ones at once.
  for (const r of rows) if (await rejudge(db, r.submitId)) count++;
  await forgetBoards(ctx, cid);
  return { count };
}
