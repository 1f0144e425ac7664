/** The contest Comment tab: the contest's access rules, what participants see before and after the end, the contest admin moderating. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { contests } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { addComment, addReply, likeComment, listComments, listReplies, remindsOf, removeComment, removeReply } from './comment-helpers.js';
import { createContest, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';

let t: TestApp;
let root: string;
let padmin: string;
let admin: string;
let alice: string;
let bob: string;

const contest = (o: Record<string, unknown> = {}) => createContest(t, padmin, o, []);
const contents = (r: { data: { commentList: { records: { content: string }[] } } }) => r.data.commentList.records.map((c) => c.content).sort();
const endNow = (cid: number) =>
  t.database.db
    .update(contests)
    .set({ endTime: new Date(Date.now() - MIN) })
    .where(eq(contests.id, cid));

beforeAll(async () => {
  t = await createTestApp();
  await putSetting(t.database.db, 'website', { discussionAcRequired: 0 });
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'admin1', roles: [Role.ADMIN] });
  for (const u of ['alice', 'bob']) await createUser(t, { username: u });
  [padmin, admin, alice, bob] = await Promise.all(['padmin', 'admin1', 'alice', 'bob'].map((u) => login(t, u)));
});

afterAll(() => t.close());

describe('contest comments', () => {
  it('before the end a participant sees own and contest admins’ comments; after it everything', async () => {
    const cid = await contest();
    const a = (await addComment(t, { cid }, 'alice asks', alice)).data;
    const b = (await addComment(t, { cid }, 'bob asks', bob)).data;
    expect(b).toMatchObject({ cid, did: null });
    await addComment(t, { cid }, 'clarification', padmin);
    await addComment(t, { cid }, 'root speaks', root);
    await addReply(t, { cid }, a.id, 'answer to alice', padmin);

    expect(contents(await listComments(t, { cid }, bob))).toEqual(['bob asks', 'clarification', 'root speaks']);
    expect(contents(await listComments(t, { cid }, alice))).toEqual(['alice asks', 'clarification', 'root speaks']);
    expect((await listComments(t, { cid }, alice)).data.commentList.total).toBe(3);
    expect(contents(await listComments(t, { cid }, padmin))).toEqual(['alice asks', 'bob asks', 'clarification', 'root speaks']);
    // another user's comment is not there for bob: not its replies, not a like, not a reply
    expect((await listReplies(t, { cid }, a.id, bob)).msg).toBe(MSG.commentNotFound);
    expect((await likeComment(t, a.id, true, { sourceId: cid, sourceType: 'Contest' }, bob)).msg).toBe(MSG.commentNotFound);
    expect((await addReply(t, { cid }, a.id, 'peek', bob)).msg).toBe(MSG.commentNotFound);
    expect((await listReplies(t, { cid }, a.id, alice)).data.map((r: { content: string }) => r.content)).toEqual(['answer to alice']);
    // the answer tells alice, linking the contest's Comment tab
    expect((await remindsOf(t, 'alice', 'Reply')).at(-1)).toMatchObject({ sourceType: 'Contest', sourceId: cid, url: `/contest/${cid}/comment` });

    await endNow(cid);
    expect(contents(await listComments(t, { cid }, bob))).toEqual(['alice asks', 'bob asks', 'clarification', 'root speaks']);
    expect((await likeComment(t, a.id, true, { sourceId: cid, sourceType: 'Contest' }, bob)).data).toEqual({ likeNum: 1, hasLike: true });
  });

  it('follows the contest’s access rules and the contest comment switch', async () => {
    const cid = await contest();
    const visitor = await listComments(t, { cid });
    expect(visitor.http).toBe(401);
    const scheduled = await contest({ startTime: new Date(Date.now() + 60 * MIN).toISOString(), endTime: new Date(Date.now() + 120 * MIN).toISOString() });
    expect((await listComments(t, { cid: scheduled }, alice)).msg).toBe(MSG.contestNotStarted);
    expect((await addComment(t, { cid: scheduled }, 'early', alice)).msg).toBe(MSG.contestNotStarted);
    const priv = await contest({ auth: 1, pwd: 'secret' });
    expect((await addComment(t, { cid: priv }, 'let me in', alice)).msg).toBe(MSG.contestNotRegistered);
    expect((await addComment(t, { cid: 999999 }, 'nowhere', alice)).msg).toBe(MSG.contestNotFound);

    await putSetting(t.database.db, 'website', { openContestComment: false });
    try {
      for (const r of [await listComments(t, { cid }, alice), await addComment(t, { cid }, 'closed', padmin), await listComments(t, { cid }, root)]) {
        expect([r.http, r.msg]).toEqual([403, MSG.noContestComment]);
      }
    } finally {
      await putSetting(t.database.db, 'website', { openContestComment: true });
    }
    expect((await addComment(t, { cid }, 'open again', alice)).status).toBe(200);
  });

  it('the contest admin deletes any comment or reply; a site admin who is not the contest’s, or another user, may not', async () => {
    const cid = await contest();
    const c = (await addComment(t, { cid }, 'rude', alice)).data;
    const r = (await addReply(t, { cid }, c.id, 'ruder', alice)).data;
    await endNow(cid);
    for (const token of [bob, admin]) {
      expect((await removeReply(t, r.id, token)).http).toBe(403);
      expect((await removeComment(t, c.id, token)).http).toBe(403);
    }
    expect((await removeReply(t, r.id, padmin)).status).toBe(200);
    expect((await removeComment(t, c.id, padmin)).status).toBe(200);
    const mine = (await addComment(t, { cid }, 'my own', bob)).data;
    expect((await removeComment(t, mine.id, bob)).status).toBe(200);
    const byRoot = (await addComment(t, { cid }, 'again', alice)).data;
    expect((await removeComment(t, byRoot.id, root)).status).toBe(200);
    expect((await listComments(t, { cid }, padmin)).data.commentList.total).toBe(0);
  });
});
