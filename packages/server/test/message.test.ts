/** The message centre: each action's message, listing marks exactly the shown page read, unread counters, cleaning. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNoticeEndpoints, commentEndpoints, messageEndpoints, MSG } from '@oj/shared';
import { tellMine } from '../src/modules/message/write.js';
import { putSetting } from '../src/lib/site-config.js';
import { addComment, addReply, insertDiscussion, likeComment } from './comment-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, del, login, q, uidOf } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
let ann: string;
let bob: string;
let carol: string;

const unread = async (token: string) => (await client(t, token).call('site.unread')).data;
const list = (tab: 'comment' | 'reply' | 'like', token: string, page: { currentPage?: number } = {}) =>
  client(t, token).call(`message.${tab}`, { query: page });
const mineOf = (token: string) => client(t, token).call('message.mine');

beforeAll(async () => {
  t = await createTestApp();
  await putSetting(t.database.db, 'website', { discussionAcRequired: 0 });
  for (const u of ['ann', 'bob', 'carol']) await createUser(t, { username: u });
  [ann, bob, carol] = await Promise.all(['ann', 'bob', 'carol'].map((u, i) => login(t, u, 'password1', `10.2.0.${i + 1}`)));
});

afterAll(() => t.close());

describe('message centre', () => {
  it('serves every declared comment, message and notice call', () => {
    const declared = [...Object.values(commentEndpoints), ...Object.values(messageEndpoints), ...Object.values(adminNoticeEndpoints)];
    expect(declared.filter((e) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` })).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('needs a login', async () => {
    for (const name of ['message.comment', 'message.reply', 'message.like', 'message.sys', 'message.mine', 'site.unread'] as const)
      expect((await client(t).call(name)).http, name).toBe(401);
    expect((await client(t).call('message.clean', { query: { type: 'Sys' } })).http).toBe(401);
  });

  it('lists each action’s message with sender, source title and quote; listing a page marks exactly it read', async () => {
    const did = await insertDiscussion(t, 'ann', { title: 'How to <b>sort</b>?' });
    expect(await unread(ann)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    const comments: number[] = [];
    for (let i = 1; i <= 8; i++) comments.push((await addComment(t, { did }, `bob says ${i}`, bob)).data.id);
    const annComment = (await addComment(t, { did }, 'ann’s own comment', ann)).data;
    await addReply(t, { did }, annComment.id, 'carol replies', carol);
    await likeComment(t, annComment.id, true, { sourceId: did, sourceType: 'Discussion' }, bob);
    expect(await unread(ann)).toEqual({ comment: 8, reply: 1, like: 1, sys: 0, mine: 0 });
    expect(await unread(bob)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });

    const page1 = await list('comment', ann);
    expect(page1.data.total).toBe(8);
    expect(page1.data.records).toHaveLength(6);
    expect(page1.data.records[0]).toMatchObject({
      state: false,
      senderId: await uidOf(t, 'bob'),
      senderUsername: 'bob',
      action: 'Discuss',
      sourceType: 'Discussion',
      sourceId: did,
      sourceTitle: 'How to <b>sort</b>?',
      sourceContent: 'bob says 8',
      url: `/discussion-detail/${did}`,
    });
    // the six shown are read now, the two older ones not yet
    expect((await unread(ann)).comment).toBe(2);
    const again = await list('comment', ann);
    expect(again.data.records.every((m) => m.state)).toBe(true);
    expect((await unread(ann)).comment).toBe(2);
    const page2 = await list('comment', ann, { currentPage: 2 });
    expect(page2.data.records.map((m) => m.sourceContent)).toEqual(['bob says 2', 'bob says 1']);
    expect((await unread(ann)).comment).toBe(0);

    const replies = (await list('reply', ann)).data.records;
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ action: 'Reply', senderUsername: 'carol', sourceContent: 'carol replies', quoteContent: 'ann’s own comment' });
    const likes = (await list('like', ann)).data.records;
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ action: 'Like_Post', senderUsername: 'bob', sourceContent: 'ann’s own comment' });
    expect(await unread(ann)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
  });

  it('lists mine messages (page of 8) and cleans one or all of a type, only the caller’s own', async () => {
    const annUid = await uidOf(t, 'ann');
    for (let i = 1; i <= 9; i++) await tellMine(t.database.db, annUid, 'mineDiscussionHidden', `topic ${i}`);
    await tellMine(t.database.db, await uidOf(t, 'bob'), 'mineReportHandled', 'bob’s report');
    expect((await unread(ann)).mine).toBe(9);
    const mine = (await mineOf(ann)).data;
    expect([mine.total, mine.records.length]).toEqual([9, 8]);
    expect(mine.records[0]).toMatchObject({ title: MSG.mineDiscussionHidden, content: 'topic 9', state: false });
    expect((await unread(ann)).mine).toBe(1);

    const bobs = (await mineOf(bob)).data.records;
    // someone else's message: not found, and still there
    const foreign = await client(t, ann).call('message.clean', { query: { type: 'Mine', id: bobs[0].id } });
    expect([foreign.status, foreign.msg]).toEqual([404, MSG.notFound]);
    expect((await mineOf(bob)).data.total).toBe(1);
    // the right id but the wrong type: not found either
    expect((await client(t, ann).call('message.clean', { query: { type: 'Sys', id: mine.records[0].id } })).status).toBe(404);

    expect((await client(t, ann).call('message.clean', { query: { type: 'Mine', id: mine.records[0].id } })).status).toBe(200);
    expect((await mineOf(ann)).data.total).toBe(8);
    expect((await client(t, ann).call('message.clean', { query: { type: 'Mine' } })).status).toBe(200);
    expect((await mineOf(ann)).data.total).toBe(0);
    expect((await unread(ann)).mine).toBe(0);
    expect((await mineOf(bob)).data.total).toBe(1);

    // cleaning the reminder tabs: Like takes every Like_* action, Discuss leaves the others alone
    expect((await list('comment', ann)).data.total).toBe(8);
    expect((await client(t, ann).call('message.clean', { query: { type: 'Like' } })).status).toBe(200);
    expect((await list('like', ann)).data.total).toBe(0);
    expect((await list('comment', ann)).data.total).toBe(8);
    expect((await list('reply', ann)).data.total).toBe(1);
    const bad = await del(t, '/api/msg/clean', { token: ann, ...q({ type: 'Everything' }) });
    expect([bad.http, bad.status]).toEqual([400, 400]);
  });
});
