/** Comments, replies and comment likes under a discussion: who may do what, bad input, counters, messages. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { comments, discussions, submissions, users } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { addComment, addReply, insertDiscussion, likeComment, listComments, listReplies, remindsOf, removeComment, removeReply } from './comment-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, rootToken, uidOf } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
let admin: string;
let ann: string;
let bob: string;
let carol: string;
let muted: string;

const commentNum = async (did: number) => (await t.database.db.select({ n: discussions.commentNum }).from(discussions).where(eq(discussions.id, did)))[0]!.n;
const src = (did: number) => ({ sourceId: did, sourceType: 'Discussion' as const });

beforeAll(async () => {
  t = await createTestApp();
  // Most tests are not about the accepted-problem rule; its own test turns it back on.
  await putSetting(t.database.db, 'website', { discussionAcRequired: 0 });
  root = await rootToken(t);
  await createUser(t, { username: 'admin1', roles: [Role.ADMIN] });
  await createUser(t, { username: 'muted1', roles: [Role.MUTED] });
  for (const u of ['ann', 'bob', 'carol']) await createUser(t, { username: u });
  await t.database.db.update(users).set({ titleName: 'Champion', titleColor: '#ff0000' }).where(eq(users.username, 'bob'));
  [admin, ann, bob, carol, muted] = await Promise.all(['admin1', 'ann', 'bob', 'carol', 'muted1'].map((u) => login(t, u)));
});

afterAll(() => t.close());

describe('writing comments', () => {
  it('needs a login; a visitor reads them', async () => {
    const did = await insertDiscussion(t, 'ann');
    const r = await addComment(t, { did }, 'hello');
    expect(r.http).toBe(401);
    const list = await listComments(t, { did });
    expect([list.status, list.data.commentList.total]).toEqual([200, 0]);
  });

  it('a comment counts on the discussion and tells its author (Discuss), not oneself', async () => {
    const did = await insertDiscussion(t, 'ann', { title: 'Ann asks' });
    const before = (await remindsOf(t, 'ann', 'Discuss')).length;
    const r = await addComment(t, { did }, '  nice question  ');
    expect(r.http).toBe(401);
    const c = await addComment(t, { did }, '  nice question  ', bob);
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({
      did,
      cid: null,
      content: 'nice question',
      fromName: 'bob',
      fromTitleName: 'Champion',
      fromTitleColor: '#ff0000',
      fromRole: null,
      likeNum: 0,
      totalReplyNum: 0,
    });
    expect(await commentNum(did)).toBe(1);
    const told = await remindsOf(t, 'ann', 'Discuss');
    expect(told.length).toBe(before + 1);
    expect(told.at(-1)).toMatchObject({
      senderId: await uidOf(t, 'bob'),
      sourceType: 'Discussion',
      sourceId: did,
      sourceContent: 'nice question',
      url: `/discussion-detail/${did}`,
    });
    // the author's own comment tells nobody
    expect((await addComment(t, { did }, 'thanks', ann)).status).toBe(200);
    expect((await remindsOf(t, 'ann', 'Discuss')).length).toBe(before + 1);
    expect(await commentNum(did)).toBe(2);
  });

  it('refuses empty, over-long and muted comments and changes nothing', async () => {
    const did = await insertDiscussion(t, 'ann');
    for (const content of ['', '    \n ', 'x'.repeat(10001)]) {
      const r = await post(t, '/api/comment', { did, content }, { token: bob });
      expect([r.http, r.status]).toEqual([400, 400]);
      expect(r.msg).toMatch(/Content (cannot be empty|Can not exceed 10000)/);
    }
    expect((await addComment(t, { did }, 'x'.repeat(10000), bob)).status).toBe(200);
    const m = await addComment(t, { did }, 'shh', muted);
    expect([m.http, m.msg]).toEqual([403, MSG.commentNotAllowed]);
    // both a discussion and a contest: the schema refuses it
    const both = await post(t, '/api/comment', { did, cid: 1, content: 'two places' }, { token: bob });
    expect([both.http, both.status]).toEqual([400, 400]);
    expect(await commentNum(did)).toBe(1);
    const unknown = await addComment(t, { did: 999999 }, 'lost', bob);
    expect([unknown.status, unknown.msg]).toEqual([404, MSG.discussionNotFound]);
  });

  it('asks for the accepted problems of the site config, except from admin roles', async () => {
    const did = await insertDiscussion(t, 'ann');
    await putSetting(t.database.db, 'website', { discussionAcRequired: 1 });
    try {
      // The comment list says so before anything is typed: the rule's key and number, admins exempt, visitors nothing.
      const refused = { allowed: false, reason: { key: 'discussionAcRequired', params: { count: 1 } } };
      expect((await listComments(t, { did }, carol)).data.mayComment).toEqual(refused);
      expect((await listComments(t, { did }, admin)).data.mayComment).toEqual({ allowed: true, reason: null });
      expect((await listComments(t, { did })).data.mayComment).toBeNull();
      expect((await listComments(t, { did }, muted)).data.mayComment).toEqual({ allowed: false, reason: { key: 'commentNotAllowed', params: {} } });
      const r = await addComment(t, { did }, 'first!', carol);
      expect([r.status, r.msg]).toEqual([400, 'You need to pass at least 1 problems before posting or commenting.']);
      expect((await addComment(t, { did }, 'moderating', admin)).status).toBe(200);
      const pid = await createProblem(t, { problemId: 'P1' });
      const carolUid = await uidOf(t, 'carol');
      await t.database.db.insert(submissions).values({ pid, displayPid: 'P1', uid: carolUid, username: 'carol', status: 0, language: 'C++', code: 'x' });
      expect((await listComments(t, { did }, carol)).data.mayComment).toEqual({ allowed: true, reason: null });
      expect((await addComment(t, { did }, 'first!', carol)).status).toBe(200);
      expect(await commentNum(did)).toBe(2);
    } finally {
      await putSetting(t.database.db, 'website', { discussionAcRequired: 0 });
    }
  });

  it('answers "No Access" on every call while public discussion is off, admins included', async () => {
    const did = await insertDiscussion(t, 'ann');
    const c = (await addComment(t, { did }, 'before', bob)).data;
    await putSetting(t.database.db, 'website', { openPublicDiscussion: false });
    try {
      for (const r of [
        await listComments(t, { did }),
        await listComments(t, { did }, root),
        await addComment(t, { did }, 'now', admin),
        await listReplies(t, { did }, c.id, bob),
        await addReply(t, { did }, c.id, 'r', bob),
        await likeComment(t, c.id, true, src(did), carol),
        await removeComment(t, c.id, bob),
      ]) {
        expect([r.http, r.msg]).toEqual([403, MSG.noPublicDiscussion]);
      }
    } finally {
      await putSetting(t.database.db, 'website', { openPublicDiscussion: true });
    }
    expect((await listComments(t, { did })).data.commentList.total).toBe(1);
  });

  it('comments of a hidden discussion exist for its author and the moderators only', async () => {
    const did = await insertDiscussion(t, 'ann', { status: 1 });
    for (const token of [undefined, carol]) {
      const r = await listComments(t, { did }, token);
      expect([r.status, r.msg]).toEqual([404, MSG.discussionNotFound]);
      expect((await addComment(t, { did }, 'hi', carol)).msg).toBe(MSG.discussionNotFound);
    }
    expect((await addComment(t, { did }, 'still here', ann)).status).toBe(200);
    expect((await listComments(t, { did }, admin)).data.commentList.total).toBe(1);
    expect((await listComments(t, { did }, root)).data.commentList.total).toBe(1);
  });
});

describe('listing comments', () => {
  it('pages of 10 newest first, three replies oldest first, reply totals, badges and the caller’s likes', async () => {
    const did = await insertDiscussion(t, 'ann');
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push((await addComment(t, { did }, `c${i}`, i % 2 ? bob : ann)).data.id);
    const rootComment = (await addComment(t, { did }, 'from root', root)).data.id;
    const adminComment = (await addComment(t, { did }, 'from admin', admin)).data.id;
    for (let i = 1; i <= 5; i++) expect((await addReply(t, { did }, ids[11]!, `r${i}`, i % 2 ? carol : ann)).status).toBe(200);
    expect((await likeComment(t, ids[11]!, true, src(did), carol)).data).toEqual({ likeNum: 1, hasLike: true });

    const page1 = (await listComments(t, { did }, carol)).data;
    expect(page1.commentList.total).toBe(14);
    expect(page1.commentList.records.map((c: { id: number }) => c.id)).toEqual([adminComment, rootComment, ...ids.slice(4).reverse()]);
    const [a, r, c12] = page1.commentList.records;
    expect([a.fromRole, r.fromRole, c12.fromRole]).toEqual(['admin', 'root', null]);
    expect(c12).toMatchObject({ totalReplyNum: 5, likeNum: 1 });
    expect(c12.replyList.map((x: { content: string }) => x.content)).toEqual(['r1', 'r2', 'r3']);
    expect(c12.replyList[0]).toMatchObject({ fromName: 'carol', toName: 'ann', toUid: await uidOf(t, 'ann') });
    expect(page1.commentLikeMap).toEqual({ [ids[11]!]: true });
    expect((await listComments(t, { did }, bob)).data.commentLikeMap).toEqual({});

    const page2 = (await listComments(t, { did }, undefined, { currentPage: 2 })).data;
    expect(page2.commentList.records.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 4).reverse());
    const all = await listReplies(t, { did }, ids[11]!);
    expect(all.data.map((x: { content: string }) => x.content)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(await commentNum(did)).toBe(19);
  });
});

describe('replies', () => {
  it('tell the comment’s author, or the quoted reply’s author, with what they wrote as the quote', async () => {
    const did = await insertDiscussion(t, 'ann');
    const comment = (await addComment(t, { did }, 'ann’s comment', ann)).data;
    const before = (await remindsOf(t, 'ann', 'Reply')).length;
    // a forged toUid does not choose the recipient
    const reply1 = (
      await client(t, bob).call('comment.addReply', { body: { did, reply: { commentId: comment.id, content: 'bob answers', toUid: await uidOf(t, 'carol') } } })
    ).data;
    expect(reply1).toMatchObject({ commentId: comment.id, fromName: 'bob', toName: 'ann', content: 'bob answers' });
    const toAnn = await remindsOf(t, 'ann', 'Reply');
    expect(toAnn.length).toBe(before + 1);
    expect(toAnn.at(-1)).toMatchObject({ senderId: await uidOf(t, 'bob'), sourceContent: 'bob answers', quoteId: comment.id, quoteType: 'Comment' });
    expect((await remindsOf(t, 'carol', 'Reply')).length).toBe(0);

    const reply2 = await addReply(t, { did }, comment.id, 'carol quotes bob', carol, { quoteId: reply1.id, quoteType: 'Reply' });
    expect(reply2.data).toMatchObject({ toName: 'bob', toUid: await uidOf(t, 'bob') });
    const toBob = await remindsOf(t, 'bob', 'Reply');
    expect(toBob.at(-1)).toMatchObject({ quoteId: reply1.id, quoteType: 'Reply', sourceContent: 'carol quotes bob' });
    // answering oneself tells nobody
    const n = (await remindsOf(t, 'ann')).length;
    expect((await addReply(t, { did }, comment.id, 'me again', ann)).status).toBe(200);
    expect((await remindsOf(t, 'ann')).length).toBe(n);
    expect(await commentNum(did)).toBe(4);
  });

  it('refuses a comment of another discussion, unknown comments and quotes, and bad content', async () => {
    const did = await insertDiscussion(t, 'ann');
    const other = await insertDiscussion(t, 'bob');
    const theirs = (await addComment(t, { did: other }, 'elsewhere', bob)).data;
    const here = (await addComment(t, { did }, 'here', bob)).data;
    const wrong = await addReply(t, { did }, theirs.id, 'misplaced', carol);
    expect([wrong.status, wrong.msg]).toEqual([400, MSG.commentSourceMismatch]);
    expect((await listReplies(t, { did }, theirs.id)).msg).toBe(MSG.commentSourceMismatch);
    const unknown = await addReply(t, { did }, 999999, 'lost', carol);
    expect([unknown.status, unknown.msg]).toEqual([404, MSG.commentNotFound]);
    const reply = (await addReply(t, { did: other }, theirs.id, 'a reply elsewhere', carol)).data;
    const quote = await addReply(t, { did }, here.id, 'quoting elsewhere', carol, { quoteId: reply.id, quoteType: 'Reply' });
    expect([quote.status, quote.msg]).toEqual([404, MSG.replyNotFound]);
    for (const content of [' ', 'y'.repeat(10001)])
      expect((await post(t, '/api/reply', { did, reply: { commentId: here.id, content } }, { token: carol })).http).toBe(400);
    expect((await addReply(t, { did }, here.id, 'ok', muted)).msg).toBe(MSG.commentNotAllowed);
    const [row] = await t.database.db.select({ n: comments.replyNum }).from(comments).where(eq(comments.id, here.id));
    expect(row!.n).toBe(0);
    expect(await commentNum(did)).toBe(1);
  });
});

describe('deleting', () => {
  it('the author or an admin deletes a comment (its replies go with it); others may not', async () => {
    const did = await insertDiscussion(t, 'ann');
    const c1 = (await addComment(t, { did }, 'bob 1', bob)).data;
    const c2 = (await addComment(t, { did }, 'bob 2', bob)).data;
    await addReply(t, { did }, c1.id, 'r', carol);
    await addReply(t, { did }, c1.id, 'r', ann);
    expect(await commentNum(did)).toBe(4);
    for (const token of [carol, ann]) expect((await removeComment(t, c1.id, token)).http).toBe(403);
    expect((await removeComment(t, c1.id)).http).toBe(401);
    expect((await removeComment(t, c1.id, bob)).status).toBe(200);
    expect(await commentNum(did)).toBe(1);
    expect((await removeComment(t, c2.id, admin)).status).toBe(200);
    expect(await commentNum(did)).toBe(0);
    const again = await removeComment(t, c2.id, bob);
    expect([again.status, again.msg]).toEqual([404, MSG.commentNotFound]);
  });

  it('the author or an admin deletes a reply', async () => {
    const did = await insertDiscussion(t, 'ann');
    const c = (await addComment(t, { did }, 'bob', bob)).data;
    const r1 = (await addReply(t, { did }, c.id, 'carol 1', carol)).data;
    const r2 = (await addReply(t, { did }, c.id, 'carol 2', carol)).data;
    expect((await removeReply(t, r1.id, bob)).http).toBe(403);
    expect((await removeReply(t, r1.id, carol)).status).toBe(200);
    expect((await removeReply(t, r2.id, root)).status).toBe(200);
    expect((await removeReply(t, r2.id, root)).msg).toBe(MSG.replyNotFound);
    const list = (await listComments(t, { did })).data.commentList.records;
    expect(list[0]).toMatchObject({ totalReplyNum: 0, replyList: [] });
    expect(await commentNum(did)).toBe(1);
  });
});

describe('comment likes', () => {
  it('toggle idempotently and tell the author once (Like_Post), never oneself', async () => {
    const did = await insertDiscussion(t, 'ann');
    const c = (await addComment(t, { did }, 'likeable', bob)).data;
    expect((await likeComment(t, c.id, true, src(did))).http).toBe(401);
    expect((await likeComment(t, c.id, true, src(did), carol)).data).toEqual({ likeNum: 1, hasLike: true });
    expect((await likeComment(t, c.id, true, src(did), carol)).data).toEqual({ likeNum: 1, hasLike: true });
    expect((await likeComment(t, c.id, false, src(did), carol)).data).toEqual({ likeNum: 0, hasLike: false });
    expect((await likeComment(t, c.id, false, src(did), carol)).data).toEqual({ likeNum: 0, hasLike: false });
    expect((await likeComment(t, c.id, true, src(did), carol)).data).toEqual({ likeNum: 1, hasLike: true });
    const told = (await remindsOf(t, 'bob', 'Like_Post')).filter((m) => m.quoteId === c.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ senderId: await uidOf(t, 'carol'), sourceContent: 'likeable', sourceId: did });
    expect((await likeComment(t, c.id, true, src(did), bob)).data.likeNum).toBe(2);
    expect((await remindsOf(t, 'bob', 'Like_Post')).filter((m) => m.quoteId === c.id)).toHaveLength(1);
  });

  it('count exactly under concurrent clicks', async () => {
    const did = await insertDiscussion(t, 'ann');
    const c = (await addComment(t, { did }, 'popular', bob)).data;
    const names = Array.from({ length: 12 }, (_, i) => `fan${i}`);
    for (const n of names) await createUser(t, { username: n });
    // (each from its own address: a dozen logins from one IP would meet the login guard's puzzle)
    const tokens = await Promise.all(names.map((n, i) => login(t, n, 'password1', `10.1.0.${i + 1}`)));
    // every fan clicks three times at once, plus carol toggles on and off in parallel
    const results = await Promise.all(tokens.flatMap((tok) => [1, 2, 3].map(() => likeComment(t, c.id, true, src(did), tok))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await t.database.db.select({ n: comments.likeNum }).from(comments).where(eq(comments.id, c.id));
    expect(row!.n).toBe(12);
    expect((await remindsOf(t, 'bob', 'Like_Post')).filter((m) => m.quoteId === c.id)).toHaveLength(12);
    await Promise.all(tokens.slice(0, 5).flatMap((tok) => [likeComment(t, c.id, false, src(did), tok), likeComment(t, c.id, false, src(did), tok)]));
    const [after] = await t.database.db.select({ n: comments.likeNum }).from(comments).where(eq(comments.id, c.id));
    expect(after!.n).toBe(7);
  });

  it('refuse a deleted comment, an unknown one and a wrong source', async () => {
    const did = await insertDiscussion(t, 'ann');
    const other = await insertDiscussion(t, 'ann');
    const c = (await addComment(t, { did }, 'short-lived', bob)).data;
    const wrong = await likeComment(t, c.id, true, src(other), carol);
    expect([wrong.status, wrong.msg]).toEqual([400, MSG.commentSourceMismatch]);
    const wrongType = await likeComment(t, c.id, true, { sourceId: did, sourceType: 'Contest' }, carol);
    expect(wrongType.msg).toBe(MSG.commentSourceMismatch);
    expect((await removeComment(t, c.id, bob)).status).toBe(200);
    const gone = await likeComment(t, c.id, true, src(did), carol);
    expect([gone.status, gone.msg]).toEqual([404, MSG.commentNotFound]);
    expect((await likeComment(t, 999999, true, src(did), carol)).msg).toBe(MSG.commentNotFound);
  });
});

describe('a discussion deleted while it is being answered', () => {
  it('answers every reply, comment deletion and the discussion deletion without a server error', async () => {
    for (let round = 0; round < 40; round++) {
      const did = await insertDiscussion(t, 'ann');
      const c = await addComment(t, { did }, 'first', bob);
      const other = await addComment(t, { did }, 'second', carol);
      const calls = [
        ...Array.from({ length: 8 }, (_, i) => addReply(t, { did }, c.data.id, `reply ${i}`, i % 2 ? bob : carol)),
        removeComment(t, other.data.id, carol),
        client(t, ann).call('discussion.remove', { query: { did } }),
      ];
      const answers = await Promise.all(calls);
      // Each either happened or found its row gone: never a 500 (a deadlock or a foreign-key error).
      for (const a of answers) expect([a.http, a.status], a.msg).not.toContainEqual(500);
      expect((await t.database.db.select().from(discussions).where(eq(discussions.id, did))).length).toBe(0);
      expect((await t.database.db.select().from(comments).where(eq(comments.did, did))).length).toBe(0);
    }
  });
});
