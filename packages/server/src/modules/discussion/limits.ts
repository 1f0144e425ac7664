/**
 * Who may post (COMMON-13 "Decisions"): the policy's postDiscussion (not the no-discuss and muted
 * roles), and unless postWithoutLimits (admin roles) the site config's accepted-problem count and
 * daily post limit. The daily count is taken inside the insert's transaction under a per-user
 * advisory lock, so parallel posts of one user on any number of API nodes cannot pass it together.
 * The list carries the same answer (`mayPost`), so the page disables "Post" with the reason first.
 */
import type { Ability } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import type { SiteSettings } from '../../lib/site-config.js';
import { acceptedProblems } from '../problem/accepted.js';
import { maySite } from '../policy/index.js';

type Refusal = NonNullable<Ability['reason']>;

/** Why the policy or the accepted-problem count keeps the user from posting, or null. */
async function postRefusal(db: DbOrTx, user: AuthUser, website: SiteSettings['website']): Promise<Refusal | null> {
  if (!maySite(user, 'postDiscussion')) return { key: 'discussionNotAllowed', params: {} };
  if (maySite(user, 'postWithoutLimits')) return null;
  const need = website.discussionAcRequired;
  if (need > 0 && (await acceptedProblems(db, user.uid, need)) < need) return { key: 'discussionAcRequired', params: { count: need } };
  return null;
}

const postedToday = async (db: DbOrTx, uid: string): Promise<number> =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from discussion where uid = ${uid} and gmt_create > now() - interval '24 hours'`)).rows[0]
    ?.n ?? 0;

/** Whether the user may post now: the rules of assertMayPost and the daily limit, read without a lock. */
export async function postAbility(db: DbOrTx, user: AuthUser, website: SiteSettings['website']): Promise<Ability> {
  const reason = await postRefusal(db, user, website);
  if (reason) return { allowed: false, reason };
  if (!maySite(user, 'postWithoutLimits') && (await postedToday(db, user.uid)) >= website.discussionDailyPosts) {
    return { allowed: false, reason: { key: 'discussionDailyLimit', params: { count: website.discussionDailyPosts } } };
  }
  return { allowed: true, reason: null };
}

/** Refuses a poster the policy or the accepted-problem count keeps out. */
export async function assertMayPost(db: DbOrTx, user: AuthUser, website: SiteSettings['website']): Promise<void> {
  const reason = await postRefusal(db, user, website);
  if (!reason) return;
  // A refused right is a 403; a count not reached is a business failure with its number.
  if (reason.key === 'discussionNotAllowed') throw forbidden(reason.key);
  throw fail(reason.key, reason.params);
}

/** Inside the posting transaction: serialises the user's posts and refuses one over the daily limit. */
export async function assertDailyLimit(tx: DbOrTx, user: AuthUser, website: SiteSettings['website']): Promise<void> {
  if (maySite(user, 'postWithoutLimits')) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`discussion-post:${user.uid}`}))`);
  if ((await postedToday(tx, user.uid)) >= website.discussionDailyPosts) throw fail('discussionDailyLimit', { count: website.discussionDailyPosts });
}
