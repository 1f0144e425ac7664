/** Rejudging every submission of a problem (after its test data or checker changed). */
import { asc, eq } from 'drizzle-orm';
import type { RejudgeProblemResult } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems, submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { rejudge } from '../judge/queue.js';

/**
 * Puts each submission of the problem back into the judge queue, one at a time through the same
 * `rejudge` the single-submission rejudge uses (new judging round, task re-queued), oldest first so
 * the queue serves them in submission order.
 */
export async function rejudgeProblem(ctx: AppContext, pid: number): Promise<RejudgeProblemResult> {
  const { db } = ctx.database;
  const [p] = await db.select({ id: problems.id }).from(problems).where(eq(problems.id, pid));
  if (!p) throw notFound('problemNotFound');
  const rows = await db.select({ submitId: submissions.submitId }).from(submissions).where(eq(submissions.pid, pid)).orderBy(asc(submissions.submitId));
  let count = 0;
  for (const r of rows) if (await rejudge(db, r.submitId)) count++;
  return { count };
}
