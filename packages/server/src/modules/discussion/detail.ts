/** get-discussion-detail: one discussion with its Markdown, counting one view, and whether the caller likes it. */
import { and, eq, sql } from 'drizzle-orm';
import type { DiscussionDetail } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { discussionLikes, discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { visibleDiscussion } from './access.js';
import { discussionDetail } from './rows.js';

export async function hasLiked(db: DbOrTx, did: number, user: AuthUser | null): Promise<boolean> {
  if (!user) return false;
  const [row] = await db
    .select({ did: discussionLikes.did })
    .from(discussionLikes)
    .where(and(eq(discussionLikes.did, did), eq(discussionLikes.uid, user.uid)));
  return !!row;
}

export async function viewDiscussion(db: DbOrTx, user: AuthUser | null, id: number): Promise<DiscussionDetail> {
  const d = await visibleDiscussion(db, id, user);
  // One statement: parallel views each count (no read-modify-write in the application).
  await db
    .update(discussions)
    .set({ viewNum: sql`${discussions.viewNum} + 1` })
    .where(eq(discussions.id, d.id));
  return discussionDetail(db, d, await hasLiked(db, d.id, user));
}
