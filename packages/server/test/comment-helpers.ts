/**
 * Fixtures of the comment and message tests: a discussion written straight into its table (the
 * discussion calls have their own tests), the comment calls as the web makes them, and a user's
 * messages as the database holds them.
 */
import { and, eq } from 'drizzle-orm';
import { discussionCategories, discussions, msgReminds } from '../src/db/schema/index.js';
import type { TestApp } from './harness.js';
import { uidOf } from './helpers.js';
import { client } from './client.js';

/** One category per test app: files share this module (api tests run without isolation), not databases. */
const categories = new WeakMap<TestApp, number>();

/** A discussion of `username` (status 0 public, 1 hidden); returns its id. */
export async function insertDiscussion(t: TestApp, username: string, o: { status?: number; title?: string; gid?: number | null } = {}): Promise<number> {
  let category = categories.get(t);
  if (category === undefined) {
    const [c] = await t.database.db
      .insert(discussionCategories)
      .values({ name: `Talk ${Date.now()}` })
      .returning({ id: discussionCategories.id });
    category = c!.id;
    categories.set(t, category);
  }
  const [d] = await t.database.db
    .insert(discussions)
    .values({
      categoryId: category,
      title: o.title ?? `About ${username}`,
      description: 'd',
      content: 'c',
      uid: await uidOf(t, username),
      author: username,
      status: o.status ?? 0,
      gid: o.gid ?? null,
    })
    .returning({ id: discussions.id });
  return d!.id;
}

export type Where = { did: number } | { cid: number };

export const listComments = (t: TestApp, where: Where, token?: string, page: Record<string, number> = {}) =>
  client(t, token).call('comment.list', { query: { ...where, ...page } });
export const addComment = (t: TestApp, where: Where, content: string, token?: string) => client(t, token).call('comment.add', { body: { ...where, content } });
export const removeComment = (t: TestApp, id: number, token?: string) => client(t, token).call('comment.remove', { query: { id } });
export const likeComment = (t: TestApp, id: number, toLike: boolean, source: { sourceId: number; sourceType: 'Discussion' | 'Contest' }, token?: string) =>
  client(t, token).call('comment.like', { query: { cid: id, toLike, ...source } });
export const listReplies = (t: TestApp, where: Where, commentId: number, token?: string) =>
  client(t, token).call('comment.replies', { query: { ...where, commentId } });
export const addReply = (
  t: TestApp,
  where: Where,
  commentId: number,
  content: string,
  token?: string,
  quote?: { quoteId: number; quoteType: 'Comment' | 'Reply' },
) => client(t, token).call('comment.addReply', { body: { ...where, reply: { commentId, content }, ...quote } });
export const removeReply = (t: TestApp, id: number, token?: string) => client(t, token).call('comment.removeReply', { query: { id } });

/** The reminders a user received, oldest first, as stored. */
export async function remindsOf(t: TestApp, username: string, action?: string) {
  const uid = await uidOf(t, username);
  return t.database.db
    .select()
    .from(msgReminds)
    .where(and(eq(msgReminds.recipientId, uid), action ? eq(msgReminds.action, action) : undefined))
    .orderBy(msgReminds.id);
}
