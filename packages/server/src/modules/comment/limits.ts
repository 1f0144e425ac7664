/**
 * Who may write a comment or reply (issue 13): the policy's `comment` right (muted roles have not), and
 * unless `postWithoutLimits` (admin roles) the site's count of accepted problems (`discussionAcRequired`).
 */
import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import { JudgeStatus } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { submissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { maySite } from '../policy/index.js';

/** Distinct problems of the bank the user has solved (the "passed" count of the profile: outside contests and groups). */
async function acceptedProblems(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(submissions.pid) })
    .from(submissions)
    .where(and(eq(submissions.uid, uid), eq(submissions.cid, 0), isNull(submissions.gid), eq(submissions.status, JudgeStatus.ACCEPTED)));
  return row?.n ?? 0;
}

export async function assertMayComment(db: Db, user: AuthUser): Promise<void> {
  if (!maySite(user, 'comment')) throw forbidden('commentNotAllowed');
  if (maySite(user, 'postWithoutLimits')) return;
  const { discussionAcRequired } = await getSetting(db, 'website');
  if (discussionAcRequired > 0 && (await acceptedProblems(db, user.uid)) < discussionAcRequired)
    throw fail('discussionAcRequired', { count: discussionAcRequired });
}
