/**
 * Likes, reports, categories and the discussion back office: exact like counts under
 * parallel clicks, the Like_Discuss message (once, never for oneself), reports and their handling,
 * the super admin's category list, admin status/top/delete with the author's "mine" messages, and
 * the demo discussions of a fresh site.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, MSG, Role, type DiscussionCategory } from '@oj/shared';
import { comments, discussionLikes, discussions } from '../src/db/schema/index.js';
import { seedDiscussions } from '../src/modules/discussion/seed.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, get, post, put, q, rootToken } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { mineOf, postDiscussion, poster, remindsOf } from './discussion-helpers.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
let chat: number;
let pid: number;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  // this file is about moderation, not the daily limit (discussion.test.ts)
  await putSetting(t.database.db, 'website', { discussionDailyPosts: 1000 });
  pid = await createProblem(t, { problemId: 'DM1' });
  u.amy = await poster(t, 'amy', [pid]);
  u.bob = await poster(t, 'bob', [pid]);
  u.muted = await poster(t, 'muted', [pid], { roles: [Role.MUTED] });
  u.admin = await poster(t, 'adm', [pid], { roles: [Role.ADMIN] });
  u.padm = await poster(t, 'padm', [pid], { roles: [Role.PROBLEM_ADMIN] });
  chat = (await client(t).call('discussion.categories')).data.find((c) => c.name === '闲聊')!.id;
});
afterAll(() => t.close());

const like = (token: string | undefined, did: number, toLike: boolean) => client(t, token).call('discussion.like', { query: { did, toLike } });

describe('discussion-like', () => {
  it('counts 20 parallel likes by different users exactly, and one user twice as one', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Popular' });
    const fans = await Promise.all(Array.from({ length: 20 }, (_, i) => poster(t, `fan${i}`, [pid], { ac: 0 })));
    const results = await Promise.all(fans.map((f) => like(f.token, did, true)));
    expect(results.every((r) => r.status === 200 && r.data.hasLike === true)).toBe(true);
    expect((await client(t).call('discussion.detail', { query: { did } })).data.likeNum).toBe(20);
    const twice = await Promise.all([like(u.bob!.token, did, true), like(u.bob!.token, did, true)]);
    expect(twice.map((r) => r.data.hasLike)).toEqual([true, true]);
    const detail = await client(t, u.bob!.token).call('discussion.detail', { query: { did } });
    expect([detail.data.likeNum, detail.data.hasLike]).toEqual([21, true]);
    // 20 parallel unlikes and likes at once: the counter is the number of like rows
    await Promise.all(fans.map((f, i) => like(f.token, did, i % 2 === 0)));
    const [rows] = await t.database.db.select({ n: count() }).from(discussionLikes).where(eq(discussionLikes.did, did));
    expect(rows!.n).toBe(11);
    expect((await client(t).call('discussion.detail', { query: { did } })).data.likeNum).toBe(11);
    // unliking what one never liked changes nothing
    expect((await like(u.padm!.token, did, false)).data).toEqual({ likeNum: 11, hasLike: false });
    // each liker told the author once
    expect((await remindsOf(t, u.amy!.uid, 'Like_Discuss')).length).toBe(21);
  });

  it('tells the author once per liker (not after off and on again), never oneself', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Liked once' });
    const before = (await remindsOf(t, u.amy!.uid, 'Like_Discuss')).length;
    expect((await like(u.bob!.token, did, true)).data).toEqual({ likeNum: 1, hasLike: true });
    expect((await like(u.bob!.token, did, false)).data).toEqual({ likeNum: 0, hasLike: false });
    expect((await like(u.bob!.token, did, true)).data).toEqual({ likeNum: 1, hasLike: true });
    expect((await like(u.amy!.token, did, true)).data).toEqual({ likeNum: 2, hasLike: true });
    const mine = (await remindsOf(t, u.amy!.uid, 'Like_Discuss')).slice(before);
    expect(mine.map((m) => [m.senderId, m.sourceId, m.sourceType, m.url])).toEqual([[u.bob!.uid, did, 'Discussion', `/discussion-detail/${did}`]]);
    expect((await client(t, u.amy!.token).call('site.unread')).data.like).toBe(before + 1);
  });

  it('needs login, and a deleted discussion cannot be liked (404)', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Gone soon' });
    expect((await like(undefined, did, true)).http).toBe(401);
    expect((await get(t, '/api/discussion-like', { token: u.bob!.token, ...q({ did, toLike: 'maybe' }) })).http).toBe(400);
    await client(t, u.amy!.token).call('discussion.remove', { query: { did } });
    const r = await like(u.bob!.token, did, true);
    expect([r.status, r.msg]).toEqual([404, MSG.discussionNotFound]);
  });
});

describe('discussion-report and its handling', () => {
  it('needs login and a tag or a reason; moderators list and handle reports; the reporter hears of it', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Reported one' });
    expect((await client(t).call('discussion.report', { body: { did, reason: 'spam' } })).http).toBe(401);
    for (const body of [{ did }, { did, tags: [], reason: '   ' }]) {
      const r = await post(t, '/api/discussion-report', body, { token: u.bob!.token });
      expect([r.http, r.msg]).toEqual([400, MSG.reportEmpty]);
    }
    expect((await post(t, '/api/discussion-report', { did, reason: 'r'.repeat(201) }, { token: u.bob!.token })).msg).toBe('Reason Can not exceed 200');
    expect((await post(t, '/api/discussion-report', { did, tags: ['nonsense'] }, { token: u.bob!.token })).http).toBe(400);
    expect((await client(t, u.bob!.token).call('discussion.report', { body: { did: 999999, reason: 'x' } })).msg).toBe(MSG.discussionNotFound);
    expect((await client(t, u.bob!.token).call('discussion.report', { body: { did, tags: ['spam', 'abuse'], reason: ' rude ' } })).status).toBe(200);

    expect((await client(t, u.bob!.token).call('adminDiscussion.reports')).http).toBe(403);
    const reports = await client(t, u.padm!.token).call('adminDiscussion.reports', { query: { status: false } });
    const report = reports.data.records.find((r) => r.did === did)!;
    expect(report).toMatchObject({ discussionTitle: 'Reported one', reporter: 'bob', tags: ['spam', 'abuse'], reason: 'rude', status: false });

    expect((await client(t, u.bob!.token).call('adminDiscussion.handleReport', { body: { id: report.id, status: true } })).http).toBe(403);
    expect((await client(t, u.padm!.token).call('adminDiscussion.handleReport', { body: { id: report.id, status: true } })).status).toBe(200);
    expect((await client(t, u.admin!.token).call('adminDiscussion.handleReport', { body: { id: report.id, status: true } })).status).toBe(200);
    expect(await mineOf(t, u.bob!.uid)).toEqual([{ title: MSG.mineReportHandled, content: 'Reported one' }]);
    const handled = await client(t, root).call('adminDiscussion.reports', { query: { status: true } });
    expect(handled.data.records.map((r) => r.id)).toEqual([report.id]);
    expect((await client(t, root).call('adminDiscussion.handleReport', { body: { id: 999999, status: true } })).status).toBe(404);
  });
});

describe('discussion-category', () => {
  it('is listed to visitors with HOJ defaults; only the super admin saves the list', async () => {
    const cats = (await client(t).call('discussion.categories')).data;
    expect(cats.map((c) => c.name)).toEqual(['闲聊', '题解', '求助', '建议', '记录']);
    const body = [...cats, { name: 'Contests' }];
    expect((await client(t).call('discussion.saveCategories', { body })).http).toBe(401);
    for (const token of [u.bob!.token, u.admin!.token, u.padm!.token])
      expect((await client(t, token).call('discussion.saveCategories', { body })).http).toBe(403);
    const saved = await client(t, root).call('discussion.saveCategories', { body });
    expect(saved.data.map((c) => c.name)).toEqual(['闲聊', '题解', '求助', '建议', '记录', 'Contests']);
  });

  it('renames (swaps too), adds and deletes; refuses duplicates, unknown ids and deleting a used one', async () => {
    const cats = (await client(t).call('discussion.categories')).data;
    const [a, b, c, d, e, f] = cats as [DiscussionCategory, DiscussionCategory, DiscussionCategory, DiscussionCategory, DiscussionCategory, DiscussionCategory];
    const save = (list: { id?: number; name: string }[]) => client(t, root).call('discussion.saveCategories', { body: list });
    // names the schema refuses (blank, too long) go in as literal bodies
    const saveRaw = (list: unknown) => post(t, '/api/discussion-category', list, { token: root });
    const swapped = await save([{ id: a.id, name: b.name }, { id: b.id, name: a.name }, c, d, e, f]);
    expect(swapped.data.slice(0, 2)).toEqual([
      { id: a.id, name: b.name },
      { id: b.id, name: a.name },
    ]);
    const dup = await save([...cats.slice(0, 5), { id: f.id, name: 'contests' }, { name: 'CONTESTS' }]);
    expect(dup.msg).toBe(formatMsg(MSG.discussionCategoryExists, { name: 'CONTESTS' }));
    expect((await save([...cats, { id: 999999, name: 'Ghost' }])).msg).toBe(MSG.discussionCategoryNotFound);
    // a (the chat category, now named b's name) is used by discussions
    const inUse = await save([{ id: b.id, name: a.name }, c, d, e, f]);
    expect(inUse.msg).toBe(formatMsg(MSG.discussionCategoryInUse, { name: b.name }));
    expect((await saveRaw([{ id: a.id, name: a.name }, { id: b.id, name: b.name }, c, d, e, { id: f.id, name: ' ' }])).http).toBe(400);
    expect((await saveRaw([...cats, { name: 'n'.repeat(51) }])).http).toBe(400);
    // f is unused: it can go, and a new one comes
    const r = await save([{ id: a.id, name: a.name }, { id: b.id, name: b.name }, c, d, e, { name: 'Off-topic' }]);
    expect(r.data.map((x) => x.name)).toEqual(['闲聊', '题解', '求助', '建议', '记录', 'Off-topic']);
    expect((await client(t).call('discussion.categories')).data).toEqual(r.data);
  });
});

describe('admin/discussion', () => {
  it('lists every discussion by keyword and status to moderators only', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Admin sees me' });
    expect((await client(t, u.bob!.token).call('adminDiscussion.list')).http).toBe(403);
    expect((await client(t).call('adminDiscussion.list')).http).toBe(401);
    await client(t, u.admin!.token).call('adminDiscussion.update', { body: { id: did, status: 1 } });
    for (const token of [root, u.admin!.token, u.padm!.token]) {
      const r = await client(t, token).call('adminDiscussion.list', { query: { keyword: 'admin sees', status: 1 } });
      expect(r.data.records.map((x) => [x.id, x.status])).toEqual([[did, 1]]);
    }
    expect((await client(t, root).call('adminDiscussion.list', { query: { keyword: 'admin sees', status: 0 } })).data.total).toBe(0);
  });

  it('hides, shows and pins; the author hears of each real status change', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'To moderate' });
    const before = (await mineOf(t, u.amy!.uid)).length;
    expect((await client(t, u.bob!.token).call('adminDiscussion.update', { body: { id: did, status: 1 } })).http).toBe(403);
    expect((await client(t, u.padm!.token).call('adminDiscussion.update', { body: { id: did, status: 1 } })).status).toBe(200);
    expect((await client(t, u.padm!.token).call('adminDiscussion.update', { body: { id: did, status: 1 } })).status).toBe(200);
    expect((await client(t, u.bob!.token).call('discussion.detail', { query: { did } })).msg).toBe(MSG.discussionNotFound);
    expect((await client(t, root).call('adminDiscussion.update', { body: { id: did, status: 0, topPriority: true } })).status).toBe(200);
    expect((await client(t, u.bob!.token).call('discussion.detail', { query: { did } })).data).toMatchObject({ status: 0, topPriority: true });
    expect((await client(t, root).call('adminDiscussion.update', { body: { id: did, topPriority: false } })).status).toBe(200);
    expect((await mineOf(t, u.amy!.uid)).slice(before)).toEqual([
      { title: MSG.mineDiscussionHidden, content: 'To moderate' },
      { title: MSG.mineDiscussionShown, content: 'To moderate' },
    ]);
    expect((await client(t, u.amy!.token).call('site.unread')).data.mine).toBe(before + 2);
    expect((await put(t, '/api/admin/discussion', { id: did, status: 2 }, { token: root })).http).toBe(400);
    expect((await client(t, root).call('adminDiscussion.update', { body: { id: 999999, status: 1 } })).msg).toBe(MSG.discussionNotFound);
  });

  it('deletes several at once with their comments; others hear of it; an empty selection is refused', async () => {
    const a = await postDiscussion(t, u.amy!.token, chat, { title: 'Bulk A' });
    const b = await postDiscussion(t, u.bob!.token, chat, { title: 'Bulk B' });
    const own = await postDiscussion(t, u.admin!.token, chat, { title: 'Bulk own' });
    await t.database.db.insert(comments).values({ did: a, uid: u.bob!.uid, fromName: 'bob', content: 'hi' });
    const empty = await call(t, 'DELETE', '/api/admin/discussion', { token: root, body: { ids: [] } });
    expect([empty.http, empty.msg]).toEqual([400, MSG.discussionsSelectEmpty]);
    expect((await client(t, u.bob!.token).call('adminDiscussion.remove', { body: { ids: [a] } })).http).toBe(403);
    const bobBefore = (await mineOf(t, u.bob!.uid)).length;
    const adminBefore = (await mineOf(t, u.admin!.uid)).length;
    expect((await client(t, u.admin!.token).call('adminDiscussion.remove', { body: { ids: [a, b, own, 999999] } })).status).toBe(200);
    const left = await t.database.db.select({ id: discussions.id }).from(discussions).where(eq(discussions.title, 'Bulk A'));
    expect(left).toEqual([]);
    expect((await t.database.db.select({ n: count() }).from(comments).where(eq(comments.did, a)))[0]!.n).toBe(0);
    expect((await mineOf(t, u.amy!.uid)).at(-1)).toEqual({ title: MSG.mineDiscussionDeleted, content: 'Bulk A' });
    expect((await mineOf(t, u.bob!.uid)).slice(bobBefore)).toEqual([{ title: MSG.mineDiscussionDeleted, content: 'Bulk B' }]);
    expect((await mineOf(t, u.admin!.uid)).length).toBe(adminBefore);
    expect((await client(t, root).call('adminDiscussion.remove', { body: { ids: [a] } })).msg).toBe(MSG.discussionNotFound);
  });

  it('muted users cannot post, but may still delete their own discussions', async () => {
    const did = await postDiscussion(t, u.amy!.token, chat, { title: 'Before muting' });
    await t.database.db.update(discussions).set({ uid: u.muted!.uid, author: 'muted' }).where(eq(discussions.id, did));
    expect((await client(t, u.muted!.token).call('discussion.add', { body: { title: 'x', description: 'y', content: 'z', categoryId: chat } })).http).toBe(403);
    expect((await client(t, u.muted!.token).call('discussion.remove', { query: { did } })).status).toBe(200);
  });
});

describe('demo discussions', () => {
  it('come once with a fresh site: one about P1000, with comments counted', async () => {
    const ctx = { config: t.config, database: t.database };
    await t.database.db.delete(discussions);
    expect(await seedDiscussions(ctx)).toBe(0);
    await createProblem(t, { problemId: 'P1000', title: 'A + B Problem' });
    expect(await seedDiscussions(ctx)).toBe(3);
    expect(await seedDiscussions(ctx)).toBe(0);
    const r = await client(t).call('discussion.list');
    expect(r.data.records.map((x) => [x.title, x.categoryName, x.pid, x.commentNum, x.role])).toEqual([
      ['Welcome to the discussion area', '闲聊', null, 2, 'root'],
      ['Ideas for new problems and features', '建议', null, 0, 'root'],
      ['Reading two numbers and printing their sum', '题解', 'P1000', 1, 'root'],
    ]);
    expect((await client(t).call('discussion.list', { query: { pid: 'P1000' } })).data.total).toBe(1);
  });
});
