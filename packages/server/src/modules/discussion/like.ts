/**
 * discussion-like (one like per user, toggled): the like row's primary key decides, and the
 * counter moves in the same transaction only when a row was really inserted or deleted, so parallel
 * clicks give exact counts and `toLike=true` twice is one like. A new like tells the author once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discussionLikes, discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { remind } from '../message/write.js';
import { discussionPath, visibleDiscussion } from './access.js';

export async function likeDiscussion(db: Db, user: AuthUser, did: number, toLike: boolean): Promise<{ likeNum: number; hasLike: boolean }> {
  return db.transaction(async (tx) => {
    // The row lock keeps a concurrent delete out until the like and its counter are written.
    const d = await visibleDiscussion(tx, did, user, { lock: true });
    const changed = toLike
      ? await tx.insert(discussionLikes).values({ did: d.id, uid: user.uid }).onConflictDoNothing().returning({ did: discussionLikes.did })
      : await tx
          .delete(discussionLikes)
          .where(and(eq(discussionLikes.did, d.id), eq(discussionLikes.uid, user.uid)))
          .returning({ did: discussionLikes.did });
    if (!changed.length) return { likeNum: d.likeNum, hasLike: toLike };
    const [row] = await tx
      .update(discussions)
      .set({ likeNum: sql`${discussions.likeNum} + ${toLike ? 1 : -1}` })
      .where(eq(discussions.id, d.id))
      .returning({ likeNum: discussions.likeNum });
    if (toLike) {
      await remind(tx, {
        action: 'Like_Discuss',
        senderId: user.uid,
        recipientId: d.uid,
        sourceType: 'Discussion',
        sourceId: d.id,
        sourceContent: d.title,
        url: discussionPath(d),
      });
    }
    return { likeNum: row!.likeNum, hasLike: toLike };
  });
}
