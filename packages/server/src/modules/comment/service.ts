/**
 * Comments, replies and comment likes (HOJ §9), one implementation for every
 * place that has comments: the place (`source.ts`) says who may read, which comments the caller sees,
 * who moderates and what messages say. Counters (a comment's likes and replies, a discussion's
 * comment_num = its comments and replies) change in the transaction of the action that changes them,
 * and each action's message is written there too (`message/write.ts`).
 */
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Comment, CommentPage, Reply } from '@oj/shared';
import { may } from '@oj/shared';
import type { z } from 'zod';
import type { addCommentBody, addReplyBody, commentLikeQuery, commentListQuery, replyListQuery } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { commentLikes, comments, contests, discussions, replies } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { remind } from '../message/write.js';
import { actorIn } from '../policy/index.js';
import { authorsOf, type AuthorFacts } from './authors.js';
import { assertMayComment, commentAbility } from './limits.js';
import { refOf, resolveCommentSource, type ResolvedSource } from './source.js';

type CommentRow = typeof comments.$inferSelect;
type ReplyRow = typeof replies.$inferSelect;
type Authors = Map<string, AuthorFacts>;

const author = (authors: Authors, uid: string | null, name: string) => {
  const a = uid ? authors.get(uid) : undefined;
  return {
    fromUid: uid,
    fromName: a?.username ?? name,
    fromAvatar: a?.avatar ?? null,
    fromRole: a?.role ?? null,
    fromTitleName: a?.titleName ?? null,
    fromTitleColor: a?.titleColor ?? null,
  };
};

function replyView(r: ReplyRow, authors: Authors): Reply {
  const to = r.toUid ? authors.get(r.toUid) : undefined;
  return {
    id: r.id,
    commentId: r.commentId,
    ...author(authors, r.uid, r.fromName),
    toUid: r.toUid,
    toName: to?.username ?? r.toName,
    toAvatar: to?.avatar ?? null,
    content: r.content,
    gmtCreate: r.gmtCreate.toISOString(),
  };
}

function commentView(c: CommentRow, authors: Authors, replyList: Reply[]): Comment {
  return {
    id: c.id,
    did: c.did,
    cid: c.cid,
    ...author(authors, c.uid, c.fromName),
    content: c.content,
    likeNum: c.likeNum,
    gmtCreate: c.gmtCreate.toISOString(),
    totalReplyNum: c.replyNum,
    replyList,
  };
}

/**
 * The comment `id` of the place as the caller sees it. A comment of another place is a mismatch (the
 * client named the wrong discussion or contest); one the caller may not see does not exist for them.
 */
async function commentIn(db: DbOrTx, src: ResolvedSource, id: number): Promise<CommentRow> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw notFound('commentNotFound');
  const [seen] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, id), src.visible));
  if (seen) return row;
  const [here] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, id), src.inSource));
  throw here ? notFound('commentNotFound') : fail('commentSourceMismatch');
}

/** May the caller delete a comment or reply of `uid` in this place (its author, or its moderators)? */
async function assertMayDelete(db: DbOrTx, user: AuthUser, src: ResolvedSource, uid: string | null) {
  if (!may(await actorIn(db, user, src.gid), 'delete', src.resourceOf(uid))) throw forbidden();
}

/** Keeps a discussion's comment_num with its comments and replies; contests keep no count. */
/** Locks a discussion's row (a contest's comments count nothing on it); gone → not found. */
async function lockSource(tx: DbOrTx, src: ResolvedSource): Promise<void> {
  if (src.type !== 'Discussion') return;
  const [d] = await tx.select({ id: discussions.id }).from(discussions).where(eq(discussions.id, src.id)).for('no key update');
  if (!d) throw notFound('discussionNotFound');
}

async function countOnSource(tx: DbOrTx, src: ResolvedSource, delta: number): Promise<void> {
  if (src.type !== 'Discussion') return;
  const done = await tx
    .update(discussions)
    .set({ commentNum: sql`greatest(0, ${discussions.commentNum} + ${delta})` })
    .where(eq(discussions.id, src.id))
    .returning({ id: discussions.id });
  if (done.length === 0) throw notFound('discussionNotFound');
}

/** GET comments: a page of the place's comments the caller sees, newest first, each with its first replies. */
export async function listComments(ctx: AppContext, user: AuthUser | null, q: z.output<typeof commentListQuery>): Promise<CommentPage> {
  const { db } = ctx.database;
  const src = await resolveCommentSource(db, user, q);
  const { records: rows, total } = await pageOf(
    db.select().from(comments).where(src.visible).orderBy(desc(comments.id)).limit(q.limit).offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(comments).where(src.visible),
  );
  const ids = rows.map((r) => r.id);
  let firstReplies: ReplyRow[] = [];
  const likeMap: Record<number, boolean> = {};
  if (ids.length > 0) {
    const ranked = db
      .select({ id: replies.id, rn: sql<number>`row_number() over (partition by ${replies.commentId} order by ${replies.id})`.as('rn') })
      .from(replies)
      .where(inArray(replies.commentId, ids))
      .as('ranked');
    const [shown, liked] = await Promise.all([
      db.select({ reply: replies }).from(replies).innerJoin(ranked, eq(ranked.id, replies.id)).where(lte(ranked.rn, 3)).orderBy(asc(replies.id)),
      user
        ? db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.uid, user.uid), inArray(commentLikes.commentId, ids)))
        : Promise.resolve([]),
    ]);
    firstReplies = shown.map((s) => s.reply);
    for (const l of liked) likeMap[l.id] = true;
  }
  const authors = await authorsOf(db, [...rows.map((r) => r.uid), ...firstReplies.flatMap((r) => [r.uid, r.toUid])]);
  const byComment = new Map<number, Reply[]>();
  for (const r of firstReplies) (byComment.get(r.commentId) ?? byComment.set(r.commentId, []).get(r.commentId)!).push(replyView(r, authors));
  return {
    commentList: { records: rows.map((r) => commentView(r, authors, byComment.get(r.id) ?? [])), total },
    commentLikeMap: likeMap,
    mayComment: user ? await commentAbility(db, user) : null,
  };
}

/** POST comment: the discussion's author is told (Discuss). */
export async function addComment(ctx: AppContext, user: AuthUser, body: z.output<typeof addCommentBody>): Promise<Comment> {
  const { db } = ctx.database;
  const src = await resolveCommentSource(db, user, body);
  await assertMayComment(db, user);
  const row = await db.transaction(async (tx) => {
    if (src.type === 'Contest') {
      // Holds the contest while the comment is written, so a contest deleted meanwhile is "not found", not a foreign-key error.
      const [c] = await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, src.id)).for('key share');
      if (!c) throw fail('contestNotFound');
    }
    await countOnSource(tx, src, 1);
    const [inserted] = await tx
      .insert(comments)
      .values({
        did: src.type === 'Discussion' ? src.id : null,
        cid: src.type === 'Contest' ? src.id : null,
        uid: user.uid,
        fromName: user.username,
        content: body.content,
      })
      .returning();
    await remind(tx, {
      action: 'Discuss',
      senderId: user.uid,
      recipientId: src.ownerUid,
      sourceType: src.type,
      sourceId: src.id,
      sourceContent: body.content,
      url: src.url,
    });
    return inserted!;
  });
  return commentView(row, await authorsOf(db, [user.uid]), []);
}

/** The comment `id` and its place as the caller may use them (for deleting, liking). */
async function commentAndSource(ctx: AppContext, user: AuthUser, id: number): Promise<{ row: CommentRow; src: ResolvedSource }> {
  const { db } = ctx.database;
  const [found] = await db.select({ did: comments.did, cid: comments.cid }).from(comments).where(eq(comments.id, id));
  if (!found) throw notFound('commentNotFound');
  const src = await resolveCommentSource(db, user, refOf(found));
  return { row: await commentIn(db, src, id), src };
}

/** DELETE comment: its author or the place's moderators; its replies and likes go with it. */
export async function removeComment(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { row, src } = await commentAndSource(ctx, user, id);
  await assertMayDelete(ctx.database.db, user, src, row.uid);
  await ctx.database.db.transaction(async (tx) => {
    // The discussion first, as its deletion locks it: then the comment, whose reply count it subtracts.
    await lockSource(tx, src);
    const [gone] = await tx.delete(comments).where(eq(comments.id, id)).returning({ replyNum: comments.replyNum });
    if (!gone) throw notFound('commentNotFound');
    await countOnSource(tx, src, -(1 + gone.replyNum));
  });
}

/** GET comment-like: toggles the caller's like (idempotent); the author is told once (Like_Post). */
export async function likeComment(ctx: AppContext, user: AuthUser, q: z.output<typeof commentLikeQuery>): Promise<{ likeNum: number; hasLike: boolean }> {
  const { db } = ctx.database;
  const [found] = await db.select({ did: comments.did, cid: comments.cid }).from(comments).where(eq(comments.id, q.cid));
  if (!found) throw notFound('commentNotFound');
  const ref = refOf(found);
  if ((q.sourceType === 'Discussion' ? ref.did : ref.cid) !== q.sourceId) throw fail('commentSourceMismatch');
  const src = await resolveCommentSource(db, user, ref);
  await commentIn(db, src, q.cid);
  return db.transaction(async (tx) => {
    // The comment row is locked first: likes of one comment queue here, so the count stays exact and a
    // comment deleted meanwhile is "not found" rather than a foreign-key error.
    const [c] = await tx.select().from(comments).where(eq(comments.id, q.cid)).for('update');
    if (!c) throw notFound('commentNotFound');
    let likeNum = c.likeNum;
    if (q.toLike) {
      const added = await tx.insert(commentLikes).values({ commentId: c.id, uid: user.uid }).onConflictDoNothing().returning({ id: commentLikes.commentId });
      if (added.length > 0) {
        likeNum += 1;
        await tx.update(comments).set({ likeNum }).where(eq(comments.id, c.id));
        await remind(tx, {
          action: 'Like_Post',
          senderId: user.uid,
          recipientId: c.uid,
          sourceType: src.type,
          sourceId: src.id,
          sourceContent: c.content,
          quoteId: c.id,
          quoteType: 'Comment',
          url: src.url,
        });
      }
    } else {
      const removed = await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, c.id), eq(commentLikes.uid, user.uid)))
        .returning({ id: commentLikes.commentId });
      if (removed.length > 0) {
        likeNum = Math.max(0, likeNum - 1);
        await tx.update(comments).set({ likeNum }).where(eq(comments.id, c.id));
      }
    }
    return { likeNum, hasLike: q.toLike };
  });
}

/** GET reply: every reply of a comment, oldest first. */
export async function listReplies(ctx: AppContext, user: AuthUser | null, q: z.output<typeof replyListQuery>): Promise<Reply[]> {
  const { db } = ctx.database;
  const src = await resolveCommentSource(db, user, q);
  await commentIn(db, src, q.commentId);
  const rows = await db.select().from(replies).where(eq(replies.commentId, q.commentId)).orderBy(asc(replies.id));
  const authors = await authorsOf(
    db,
    rows.flatMap((r) => [r.uid, r.toUid]),
  );
  return rows.map((r) => replyView(r, authors));
}

/**
 * POST reply: to the comment's author, or (quoteType Reply) to the author of the quoted reply of the
 * same comment; that user is told (Reply) with what they wrote as the quote. The client's toUid is not
 * trusted: the answered text decides.
 */
export async function addReply(ctx: AppContext, user: AuthUser, body: z.output<typeof addReplyBody>): Promise<Reply> {
  const { db } = ctx.database;
  const src = await resolveCommentSource(db, user, body);
  const comment = await commentIn(db, src, body.reply.commentId);
  await assertMayComment(db, user);
  let to: { uid: string | null; name: string; quoteId: number; quoteType: 'Comment' | 'Reply' } = {
    uid: comment.uid,
    name: comment.fromName,
    quoteId: comment.id,
    quoteType: 'Comment',
  };
  if (body.quoteType === 'Reply' && body.quoteId !== undefined) {
    const [quoted] = await db
      .select()
      .from(replies)
      .where(and(eq(replies.id, body.quoteId), eq(replies.commentId, comment.id)));
    if (!quoted) throw notFound('replyNotFound');
    to = { uid: quoted.uid, name: quoted.fromName, quoteId: quoted.id, quoteType: 'Reply' };
  }
  const toAuthor = to.uid ? (await authorsOf(db, [to.uid])).get(to.uid) : undefined;
  const row = await db.transaction(async (tx) => {
    // Rows are locked in the order a discussion's deletion takes them (discussion, comment, reply), so the
    // two cannot deadlock. Counting on the comment locks it: one deleted meanwhile is "not found".
    await countOnSource(tx, src, 1);
    const bumped = await tx
      .update(comments)
      .set({ replyNum: sql`${comments.replyNum} + 1` })
      .where(eq(comments.id, comment.id))
      .returning({ id: comments.id });
    if (bumped.length === 0) throw notFound('commentNotFound');
    const [inserted] = await tx
      .insert(replies)
      .values({
        commentId: comment.id,
        uid: user.uid,
        fromName: user.username,
        toUid: to.uid,
        toName: toAuthor?.username ?? to.name,
        content: body.reply.content,
      })
      .returning();
    await remind(tx, {
      action: 'Reply',
      senderId: user.uid,
      recipientId: to.uid,
      sourceType: src.type,
      sourceId: src.id,
      sourceContent: body.reply.content,
      quoteId: to.quoteId,
      quoteType: to.quoteType,
      url: src.url,
    });
    return inserted!;
  });
  return replyView(row, await authorsOf(db, [user.uid, to.uid]));
}

/** DELETE reply: its author or the place's moderators. */
export async function removeReply(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { db } = ctx.database;
  const [r] = await db.select().from(replies).where(eq(replies.id, id));
  if (!r) throw notFound('replyNotFound');
  const [parent] = await db.select({ did: comments.did, cid: comments.cid }).from(comments).where(eq(comments.id, r.commentId));
  if (!parent) throw notFound('replyNotFound');
  const src = await resolveCommentSource(db, user, refOf(parent));
  await commentIn(db, src, r.commentId);
  await assertMayDelete(db, user, src, r.uid);
  await db.transaction(async (tx) => {
    // Discussion, comment, reply: the order a discussion's deletion locks them in.
    await countOnSource(tx, src, -1);
    await tx
      .update(comments)
      .set({ replyNum: sql`greatest(0, ${comments.replyNum} - 1)` })
      .where(eq(comments.id, r.commentId));
    const gone = await tx.delete(replies).where(eq(replies.id, id)).returning({ id: replies.id });
    if (gone.length === 0) throw notFound('replyNotFound');
  });
}
