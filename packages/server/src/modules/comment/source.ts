/**
 * Where comments live (a discussion or a contest's Comment tab) and what that place decides: whether the
 * caller may read it at all, which of its comments the caller sees, who moderates them, and the title
 * and link its messages carry. The comment service asks only this, so every place with comments shares
 * one implementation; a new place (a group's discussions) is one more branch of `resolveCommentSource`.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { ContestStatus, may, type Resource } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { comments, discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { assertCanView, isContestAdmin, statusOf, visibleContest } from '../contest/access.js';
import { contestStaff } from '../contest/board.js';
import { discussionPath } from '../discussion/access.js';
import { memberStanding } from '../group/access.js';
import { actorIn } from '../policy/index.js';

export type SourceType = 'Discussion' | 'Contest';

export interface CommentSourceRef {
  did?: number | null;
  cid?: number | null;
}

export interface ResolvedSource {
  type: SourceType;
  /** the discussion's or the contest's id */
  id: number;
  /** for messages: the discussion's or the contest's title, and the site path that opens the comments */
  title: string;
  url: string;
  /** the discussion's author, told of each new comment (contests tell nobody) */
  ownerUid: string | null;
  /** comments of this place (SQL over `comment`) */
  inSource: SQL;
  /** the comments of this place the caller may see (SQL over `comment`) */
  visible: SQL;
  /** the policy resource of a comment or reply of this place written by `uid` */
  resourceOf(uid: string | null): Extract<Resource, { kind: 'comment' }>;
  gid: number | null;
}

/** Which place a comment row belongs to. */
export const refOf = (c: { did: number | null; cid: number | null }): CommentSourceRef => (c.did !== null ? { did: c.did } : { cid: c.cid });

/**
 * The place of `ref` as the caller may use it, or the place's refusal: a closed switch (403), a
 * discussion that does not exist or is hidden from the caller (404), a contest the caller may not open
 * (the contest's own access rules; visitors must log in).
 */
export async function resolveCommentSource(db: Db, user: AuthUser | null, ref: CommentSourceRef): Promise<ResolvedSource> {
  const website = await getSetting(db, 'website');
  if (ref.did !== undefined && ref.did !== null) {
    const [d] = await db
      .select({ id: discussions.id, title: discussions.title, uid: discussions.uid, gid: discussions.gid, status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, ref.did));
    // A group's discussion is closed by the group area's switch and exists for the group's members only;
    // a site discussion (or no discussion) by the public area's switch.
    if (d && d.gid !== null) {
      if (!website.openGroupDiscussion) throw forbidden('noGroupDiscussion');
      if (!user) throw unauthorized();
      await memberStanding(db, user, d.gid);
    } else if (!website.openPublicDiscussion) throw forbidden('noPublicDiscussion');
    if (!d) throw notFound('discussionNotFound');
    const actor = await actorIn(db, user, d.gid);
    const moderator = may(actor, 'moderate', { kind: 'discussion', uid: d.uid, gid: d.gid });
    // Hidden discussions (and so their comments) exist only for their author and the moderators.
    if (d.status !== 0 && !(user && user.uid === d.uid) && !moderator) throw notFound('discussionNotFound');
    const inSource = eq(comments.did, d.id);
    return {
      type: 'Discussion',
      id: d.id,
      title: d.title,
      url: discussionPath(d),
      ownerUid: d.uid,
      inSource,
      visible: inSource,
      resourceOf: (uid) => ({ kind: 'comment', uid, contest: null, gid: d.gid }),
      gid: d.gid,
    };
  }
  const cid = ref.cid;
  if (cid === undefined || cid === null) throw notFound('commentNotFound');
  if (!website.openContestComment) throw forbidden('noContestComment');
  if (!user) throw unauthorized();
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  const inSource = eq(comments.cid, c.id);
  // Before the end a participant sees only their own comments and the contest admins' (announcements,
  // answers to questions); contest admins see everything.
  const open = (await isContestAdmin(db, c, user)) || statusOf(c) === ContestStatus.ENDED;
  const visible = open ? inSource : sql`${inSource} and ${or(eq(comments.uid, user.uid), contestStaff(sql`${comments.uid}`, c))}`;
  return {
    type: 'Contest',
    id: c.id,
    title: c.title,
    url: `/contest/${c.id}/comment`,
    ownerUid: null,
    inSource,
    visible,
    resourceOf: (uid) => ({ kind: 'comment', uid, contest: { uid: c.uid, gid: c.gid }, gid: c.gid }),
    gid: c.gid,
  };
}
