/**
 * POST, PUT and DELETE discussion: posting asks the policy and the site's limits
 * (limits.ts); only the author edits; the author (with discussion_del) or a moderator deletes. A
 * problem given must exist and be visible to the caller (in a group's discussion: a problem of that group,
 * or of the bank); the pin is honoured for moderators only (a group's: its admins).
 */
import { eq } from 'drizzle-orm';
import type { addDiscussionBody, DiscussionDetail, updateDiscussionBody } from '@oj/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { tellMine } from '../message/write.js';
import { mayViewProblem, problemByDisplayId } from '../problem/service.js';
import { sharedOrOwn, ownerColumns, type Owner } from '../owner/index.js';
import { mayOnDiscussionIn, placedDiscussion } from './access.js';
import { categoryById } from './categories.js';
import { hasLiked } from './detail.js';
import { assertDailyLimit, assertMayPost } from './limits.js';
import { discussionDetail } from './rows.js';
import { foreignKeyViolation } from './db-errors.js';

type Fields = z.infer<typeof addDiscussionBody>;

/**
 * The problem's display id as stored, or null for none. A discussion names a problem of its place (the
 * bank; in a group's discussion also the group's own), and one the caller may open (policy `view`);
 * unknown, unopened and other places' problems do not exist.
 */
async function problemOf(db: DbOrTx, user: AuthUser, pid: string | null | undefined, owner: Owner): Promise<string | null> {
  if (!pid) return null;
  const p = await problemByDisplayId(db, pid);
  if (!p || !sharedOrOwn(owner, p.gid) || !(await mayViewProblem(db, user, p))) throw fail('problemNotFound');
  return p.problemId;
}

/** A category deleted between the check and the write: the foreign key refuses it, said as the category being gone. */
async function categoryStillThere<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (foreignKeyViolation(err)) throw fail('discussionCategoryNotFound');
    throw err;
  }
}

async function checkedFields(db: DbOrTx, user: AuthUser, body: Fields, owner: Owner) {
  await categoryById(db, body.categoryId);
  return {
    title: body.title,
    description: body.description,
    content: body.content,
    categoryId: body.categoryId,
    pid: await problemOf(db, user, body.pid, owner),
  };
}

/** Posts a discussion of the owner: the site's, or a group's (the route resolved it for a member). */
export async function addDiscussion(db: Db, user: AuthUser, owner: Owner, body: Fields): Promise<DiscussionDetail> {
  const website = await getSetting(db, 'website');
  await assertMayPost(db, user, website);
  const fields = await checkedFields(db, user, body, owner);
  const { gid } = ownerColumns(owner);
  const topPriority = body.topPriority === true && mayOnDiscussionIn(owner, 'moderate', { uid: user.uid, gid });
  const id = await categoryStillThere(
    db.transaction(async (tx) => {
      await assertDailyLimit(tx, user, website);
      const [row] = await tx
        .insert(discussions)
        .values({ ...fields, topPriority, gid, uid: user.uid, author: user.username })
        .returning({ id: discussions.id });
      return row!.id;
    }),
  );
  return discussionDetail(db, { id, content: fields.content }, false);
}

export async function updateDiscussion(db: Db, user: AuthUser, body: z.infer<typeof updateDiscussionBody>): Promise<DiscussionDetail> {
  const { d, owner } = await placedDiscussion(db, body.id, user);
  if (!mayOnDiscussionIn(owner, 'edit', d)) throw forbidden('discussionNotAuthor');
  const fields = await checkedFields(db, user, body, owner);
  const topPriority = body.topPriority !== undefined && mayOnDiscussionIn(owner, 'moderate', d) ? body.topPriority : d.topPriority;
  const updated = await categoryStillThere(
    db
      .update(discussions)
      .set({ ...fields, topPriority, gmtModified: new Date() })
      .where(eq(discussions.id, d.id))
      .returning({ id: discussions.id }),
  );
  // Deleted meanwhile: as if it never existed.
  if (!updated.length) throw notFound('discussionNotFound');
  return discussionDetail(db, { id: d.id, content: fields.content }, await hasLiked(db, d.id, user));
}

export async function deleteDiscussion(db: Db, user: AuthUser, id: number): Promise<void> {
  const { d, owner } = await placedDiscussion(db, id, user);
  if (!mayOnDiscussionIn(owner, 'delete', d)) throw forbidden();
  await db.transaction(async (tx) => {
    const gone = await tx.delete(discussions).where(eq(discussions.id, d.id)).returning({ id: discussions.id });
    // A moderator deleting someone else's discussion tells its author (once, by whoever deleted it).
    if (gone.length && d.uid !== user.uid) await tellMine(tx, d.uid, 'mineDiscussionDeleted', d.title);
  });
}
