/** Fixtures of the discussion API tests: users with accepted problems, posting, the messages written. */
import { and, eq } from 'drizzle-orm';
import { JudgeStatus, Role } from '@oj/shared';
import { msgReminds, submissions, userSysNotices } from '../src/db/schema/index.js';
import type { TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { client } from './client.js';

/** Accepted bank submissions of `n` distinct problems (what the AC count reads), written directly. */
export async function giveAccepted(t: TestApp, uid: string, username: string, pids: number[]) {
  if (!pids.length) return;
  await t.database.db
    .insert(submissions)
    .values(pids.map((pid) => ({ pid, displayPid: `P${pid}`, uid, username, status: JudgeStatus.ACCEPTED, language: 'C', code: 'int main(){}' })));
}

let posters = 0;

/** A user with the given roles and `ac` accepted problems among `pids`; returns uid and token. */
export async function poster(t: TestApp, username: string, pids: number[], o: { roles?: number[]; ac?: number } = {}) {
  const uid = await createUser(t, { username, roles: o.roles ?? [Role.USER] });
  await giveAccepted(t, uid, username, pids.slice(0, o.ac ?? 1));
  // each from its own address: a crowd logging in from one IP would meet the login guard's puzzle
  return { uid, token: await login(t, username, 'password1', `10.13.${Math.floor(++posters / 250)}.${posters % 250}`) };
}

export const discussionForm = (categoryId: number, o: Record<string, unknown> = {}) => ({
  title: 'How to read input',
  description: 'A question about reading input',
  content: 'Use **scanf**.',
  categoryId,
  ...o,
});

/** Posts a discussion and returns its id; fails the test when refused. */
export async function postDiscussion(t: TestApp, token: string, categoryId: number, o: Record<string, unknown> = {}): Promise<number> {
  const r = await client(t, token).call('discussion.add', { body: discussionForm(categoryId, o) });
  if (r.status !== 200) throw new Error(`post discussion: ${r.msg}`);
  return r.data.id;
}

export async function remindsOf(t: TestApp, recipientId: string, action?: string) {
  const rows = await t.database.db.select().from(msgReminds).where(eq(msgReminds.recipientId, recipientId)).orderBy(msgReminds.id);
  return action ? rows.filter((r) => r.action === action) : rows;
}

export async function mineOf(t: TestApp, recipientId: string) {
  return t.database.db
    .select({ title: userSysNotices.title, content: userSysNotices.content })
    .from(userSysNotices)
    .where(and(eq(userSysNotices.recipientId, recipientId), eq(userSysNotices.type, 'Mine')))
    .orderBy(userSysNotices.id);
}
