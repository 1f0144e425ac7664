import { JudgeStatus } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { submissions } from '../../db/schema/index.js';
import { ownerFilter, siteOwner } from '../owner/index.js';

/**
 * Distinct problems the user has accepted in the public bank (HOJ's user_acproblem), counted up to
 * `enough` only: one short index range of judge_rank_idx. The bank's submissions are the site owner's
 * outside contests.
 */
export async function acceptedProblems(db: DbOrTx, uid: string, enough: number): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select distinct pid from judge
      where uid = ${uid} and status = ${JudgeStatus.ACCEPTED} and cid = 0 and ${ownerFilter(siteOwner(null), submissions.gid)}
      limit ${enough}
    ) s`);
  return res.rows[0]?.n ?? 0;
}
