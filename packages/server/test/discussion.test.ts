/**
 * Discussion calls: posting with its permissions and limits (policy
 * postDiscussion, AC count, daily posts under concurrency, admins exempt), bad inputs, the list with
 * its filters and order, the detail and its view count, edit and delete rights, hidden discussions,
 * and the site switch closing every public call.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, MSG, ProblemAuth, Role } from '@oj/shared';
import { discussions } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { get, post, q, rootToken, shiftBack } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { discussionForm, mineOf, postDiscussion, poster } from './discussion-helpers.js';
import { client, type TypedInput } from './client.js';

let t: TestApp;
let root: string;
let cat: { chat: number; help: number };
const u: Record<string, { uid: string; token: string }> = {};
const pids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  for (let i = 0; i < 3; i++) pids.push(await createProblem(t, { problemId: `DQ${i + 1}`, title: `Problem ${i + 1}` }));
  pids.push(await createProblem(t, { problemId: 'DQH', title: 'Hidden', auth: ProblemAuth.HIDDEN }));
  u.amy = await poster(t, 'amy', pids);
  u.bob = await poster(t, 'bob', pids, { ac: 2 });
  u.newbie = await poster(t, 'newbie', pids, { ac: 0 });
  u.muted = await poster(t, 'muted', pids, { roles: [Role.MUTED] });
  u.nodiscuss = await poster(t, 'nodiscuss', pids, { roles: [Role.NO_DISCUSS] });
  u.admin = await poster(t, 'adm', pids, { roles: [Role.ADMIN], ac: 0 });
  u.padm = await poster(t, 'padm', pids, { roles: [Role.PROBLEM_ADMIN], ac: 0 });
  const cats = (await client(t).call('discussion.categories')).data as { id: number; name: string }[];
  cat = { chat: cats.find((c) => c.name === '闲聊')!.id, help: cats.find((c) => c.name === '求助')!.id };
});
afterAll(() => t.close());

type ListQuery = TypedInput<'discussion.list'>['query'];
const list = (query: ListQuery = {}, token?: string) => client(t, token).call('discussion.list', { query });
const titles = async (query: ListQuery = {}, token?: string) => (await list(query, token)).data.records.map((r) => r.title);

describe('POST discussion', () => {
  it('lets a user with an accepted problem post, with author, badge and category in the answer', async () => {
    const r = await client(t, u.amy!.token).call('discussion.add', { body: discussionForm(cat.help, { title: '  Trimmed title  ', pid: 'dq1' }) });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      title: 'Trimmed title',
      pid: 'DQ1',
      author: 'amy',
      uid: u.amy!.uid,
      role: null,
      categoryName: '求助',
      topPriority: false,
      status: 0,
      likeNum: 0,
      viewNum: 0,
      commentNum: 0,
      hasLike: false,
      content: 'Use **scanf**.',
    });
    const byRoot = await client(t, root).call('discussion.add', { body: discussionForm(cat.chat, { title: 'Root speaks', topPriority: true }) });
    expect(byRoot.data).toMatchObject({ role: 'root', topPriority: true });
  });

  it('refuses visitors (401), roles without discussion_add (403) and too few accepted problems', async () => {
    expect((await client(t).call('discussion.add', { body: discussionForm(cat.chat) })).http).toBe(401);
    for (const who of ['muted', 'nodiscuss']) {
      const r = await client(t, u[who]!.token).call('discussion.add', { body: discussionForm(cat.chat) });
      expect([r.http, r.msg]).toEqual([403, MSG.discussionNotAllowed]);
    }
    const r = await client(t, u.newbie!.token).call('discussion.add', { body: discussionForm(cat.chat) });
    expect([r.status, r.msg]).toEqual([400, formatMsg(MSG.discussionAcRequired, { count: 1 })]);
    // The list says the same before the form is opened (visitors: nothing, the button asks them to log in).
    const mayPost = async (token?: string) => (await client(t, token).call('discussion.list')).data.mayPost;
    expect(await mayPost(u.newbie!.token)).toEqual({ allowed: false, reason: { key: 'discussionAcRequired', params: { count: 1 } } });
    expect(await mayPost(u.muted!.token)).toEqual({ allowed: false, reason: { key: 'discussionNotAllowed', params: {} } });
    expect(await mayPost(u.admin!.token)).toEqual({ allowed: true, reason: null });
    expect(await mayPost()).toBeNull();
    // the count comes from the site config
    await putSetting(t.database.db, 'website', { discussionAcRequired: 2 });
    const amy = await client(t, u.amy!.token).call('discussion.add', { body: discussionForm(cat.chat) });
    expect(amy.msg).toBe(formatMsg(MSG.discussionAcRequired, { count: 2 }));
    expect((await client(t, u.bob!.token).call('discussion.add', { body: discussionForm(cat.chat, { title: 'Two AC' }) })).status).toBe(200);
    // admin roles are exempt
    expect((await client(t, u.admin!.token).call('discussion.add', { body: discussionForm(cat.chat, { title: 'By admin' }) })).status).toBe(200);
    await putSetting(t.database.db, 'website', { discussionAcRequired: 1 });
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(discussions))[0]!.n;
    // values the schema refuses go in as literal bodies, the others through the typed call
    const bad = async (o: Record<string, unknown>) => post(t, '/api/discussion', discussionForm(cat.chat, o), { token: u.amy!.token });
    const add = async (o: Partial<TypedInput<'discussion.add'>['body']>) =>
      client(t, u.amy!.token).call('discussion.add', { body: discussionForm(cat.chat, o) });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: 'x'.repeat(256) }, 400, 'Title Can not exceed 255'],
      [{ title: '   ' }, 400, 'Title is required'],
      [{ description: 'y'.repeat(256) }, 400, 'Description Can not exceed 255'],
      [{ description: ' \n ' }, 400, 'Description is required'],
      [{ content: 'z'.repeat(65536) }, 400, 'Content Can not exceed 65535'],
      [{ content: '' }, 400, 'Content is required'],
    ];
    for (const [o, http, msg] of cases) {
      const r = await bad(o);
      expect([r.http, r.msg]).toEqual([http, msg]);
    }
    expect((await add({ categoryId: 999999 })).msg).toBe(MSG.discussionCategoryNotFound);
    expect((await bad({ categoryId: 'chat' })).http).toBe(400);
    expect((await add({ pid: 'NOPE' })).msg).toBe(MSG.problemNotFound);
    // a hidden problem does not exist for a user, but does for an admin
    expect((await add({ pid: 'DQH' })).msg).toBe(MSG.problemNotFound);
    expect((await client(t, u.admin!.token).call('discussion.add', { body: discussionForm(cat.chat, { title: 'About hidden', pid: 'DQH' }) })).status).toBe(
      200,
    );
    expect((await t.database.db.select({ n: count() }).from(discussions))[0]!.n).toBe(before + 1);
    // the longest allowed fields pass
    expect((await add({ title: 'x'.repeat(255), description: 'y'.repeat(255), content: 'z'.repeat(65535) })).status).toBe(200);
  });

  it('ignores topPriority from a non-moderator', async () => {
    const r = await client(t, u.amy!.token).call('discussion.add', { body: discussionForm(cat.chat, { title: 'Pin me', topPriority: true }) });
    expect(r.data.topPriority).toBe(false);
  });

  it('holds the daily post limit under parallel posts; admins are exempt', async () => {
    await putSetting(t.database.db, 'website', { discussionDailyPosts: 3 });
    const carl = await poster(t, 'carl', pids);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client(t, carl.token).call('discussion.add', { body: discussionForm(cat.chat, { title: `Burst ${i}` }) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.msg))).toEqual(new Set([formatMsg(MSG.discussionDailyLimit, { count: 3 })]));
    const listed = await client(t, carl.token).call('discussion.list');
    expect(listed.data.mayPost).toEqual({ allowed: false, reason: { key: 'discussionDailyLimit', params: { count: 3 } } });
    // posts older than 24 hours no longer count
    await shiftBack(t, 'discussion', 'gmt_create', 25 * 3600, `uid = '${carl.uid}'`);
    expect((await client(t, carl.token).call('discussion.add', { body: discussionForm(cat.chat, { title: 'Next day' }) })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await client(t, u.padm!.token).call('discussion.add', { body: discussionForm(cat.chat, { title: `Padm ${i}` }) })).status).toBe(200);
    await putSetting(t.database.db, 'website', { discussionDailyPosts: 100 });
  });
});

describe('get-discussion-list', () => {
  it('lists pinned first then newest, 10 a page, for visitors too, with filters', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.data.records).toHaveLength(10);
    expect(r.data.records[0]).toMatchObject({ title: 'Root speaks', topPriority: true, role: 'root' });
    const ids = r.data.records.slice(1).map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = (await list({ limit: 100 })).data;
    expect(all.total).toBe(all.records.length);
    expect((await list({ currentPage: 2 })).data.records[0]!.id).toBe(all.records[10]!.id);
    // the total is the same on a full page, the last (partial) page and past the end
    for (const query of [{ currentPage: 2 }, { limit: 7, currentPage: Math.ceil(all.total / 7) }, { currentPage: 99 }])
      expect((await list(query)).data.total).toBe(all.total);
    expect((await list({ limit: 7, currentPage: Math.ceil(all.total / 7) })).data.records).toHaveLength(all.total % 7 || 7);

    expect(await titles({ keyword: 'trimmed' })).toEqual(['Trimmed title']);
    expect(await titles({ keyword: 'padm', limit: 100 })).toHaveLength(4);
    expect(await titles({ keyword: '100%_' })).toEqual([]);
    expect(await titles({ pid: 'dq1' })).toEqual(['Trimmed title']);
    expect(await titles({ cid: cat.help })).toEqual(['Trimmed title']);
    expect((await list({ onlyMine: true })).http).toBe(401);
    expect(await titles({ onlyMine: true }, u.bob!.token)).toEqual(['Two AC']);
    const badQueries: Record<string, string | number>[] = [{ keyword: 'x'.repeat(101) }, { limit: 100000 }, { cid: 'abc' }];
    for (const bad of badQueries) expect((await get(t, '/api/get-discussion-list', q(bad))).http, JSON.stringify(bad)).toBe(400);
  });
});

describe('get-discussion-detail, edit and delete', () => {
  it('counts every view, in parallel too, and answers unknown ids with discussionNotFound', async () => {
    const id = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'Viewed' });
    const r = await client(t).call('discussion.detail', { query: { did: id } });
    expect(r.data).toMatchObject({ id, title: 'Viewed', viewNum: 1, hasLike: false, content: 'Use **scanf**.' });
    await Promise.all(Array.from({ length: 10 }, () => client(t).call('discussion.detail', { query: { did: id } })));
    expect((await client(t).call('discussion.detail', { query: { did: id } })).data.viewNum).toBe(12);
    const none = await client(t).call('discussion.detail', { query: { did: 999999 } });
    expect([none.status, none.msg]).toEqual([404, MSG.discussionNotFound]);
    expect((await get(t, '/api/get-discussion-detail', q({ did: 'x' }))).http).toBe(400);
  });

  it('lets only the author edit, keeping the pin unless a moderator sets it', async () => {
    const id = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'Editable' });
    const form = { id, ...discussionForm(cat.help, { title: 'Edited', content: 'New text', pid: 'DQ2', topPriority: true }) };
    for (const token of [u.bob!.token, u.admin!.token, root]) {
      const r = await client(t, token).call('discussion.update', { body: form });
      expect([r.http, r.msg]).toEqual([403, MSG.discussionNotAuthor]);
    }
    expect((await client(t).call('discussion.update', { body: form })).http).toBe(401);
    const r = await client(t, u.amy!.token).call('discussion.update', { body: form });
    expect(r.data).toMatchObject({ title: 'Edited', content: 'New text', pid: 'DQ2', categoryName: '求助', topPriority: false });
    expect((await client(t, u.amy!.token).call('discussion.update', { body: { ...form, title: ' ' } })).msg).toBe('Title is required');
    expect((await client(t, u.amy!.token).call('discussion.update', { body: { ...form, categoryId: 999999 } })).msg).toBe(MSG.discussionCategoryNotFound);
    expect((await client(t, u.amy!.token).call('discussion.update', { body: { ...form, pid: 'DQH' } })).msg).toBe(MSG.problemNotFound);
    const rootOwn = await postDiscussion(t, root, cat.chat, { title: 'Root edits own' });
    expect((await client(t, root).call('discussion.update', { body: { ...form, id: rootOwn, title: 'Root pinned' } })).data.topPriority).toBe(true);
  });

  it('lets the author or a moderator delete; the author hears of a moderator delete', async () => {
    const a = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'Delete me' });
    const b = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'Moderated away' });
    expect((await client(t).call('discussion.remove', { query: { did: a } })).http).toBe(401);
    expect((await client(t, u.bob!.token).call('discussion.remove', { query: { did: a } })).http).toBe(403);
    const before = (await mineOf(t, u.amy!.uid)).length;
    expect((await client(t, u.amy!.token).call('discussion.remove', { query: { did: a } })).status).toBe(200);
    expect((await mineOf(t, u.amy!.uid)).length).toBe(before);
    expect((await client(t, u.padm!.token).call('discussion.remove', { query: { did: b } })).status).toBe(200);
    expect((await mineOf(t, u.amy!.uid)).slice(before)).toEqual([{ title: MSG.mineDiscussionDeleted, content: 'Moderated away' }]);
    expect((await client(t).call('discussion.detail', { query: { did: a } })).msg).toBe(MSG.discussionNotFound);
    expect((await client(t, u.amy!.token).call('discussion.remove', { query: { did: a } })).msg).toBe(MSG.discussionNotFound);
  });
});

describe('hidden discussions', () => {
  it('exist only for their author and moderators', async () => {
    const id = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'Soon hidden' });
    await t.database.db.update(discussions).set({ status: 1 }).where(eq(discussions.id, id));
    for (const token of [undefined, u.bob!.token]) {
      expect(await titles({ keyword: 'Soon hidden' }, token)).toEqual([]);
      const r = await client(t, token).call('discussion.detail', { query: { did: id } });
      expect([r.status, r.msg]).toEqual([404, MSG.discussionNotFound]);
      if (token) {
        expect((await client(t, token).call('discussion.like', { query: { did: id, toLike: true } })).msg).toBe(MSG.discussionNotFound);
        expect((await client(t, token).call('discussion.report', { body: { did: id, reason: 'x' } })).msg).toBe(MSG.discussionNotFound);
      }
    }
    for (const token of [u.amy!.token, u.admin!.token, u.padm!.token, root]) {
      expect(await titles({ keyword: 'Soon hidden' }, token)).toEqual(['Soon hidden']);
      expect((await client(t, token).call('discussion.detail', { query: { did: id } })).data.status).toBe(1);
    }
  });
});

describe('openPublicDiscussion off', () => {
  it('answers every public discussion call with No Access (403), admins included; the back office still works', async () => {
    const id = await postDiscussion(t, u.amy!.token, cat.chat, { title: 'While open' });
    // The categories also serve the group discussion pages: closed when both areas are.
    await putSetting(t.database.db, 'website', { openPublicDiscussion: false, openGroupDiscussion: false });
    try {
      const calls: [string, (token?: string) => Promise<{ http: number; msg: string }>][] = [
        ['discussion.categories', (token) => client(t, token).call('discussion.categories')],
        ['discussion.saveCategories', (token) => client(t, token).call('discussion.saveCategories', { body: [{ name: 'x' }] })],
        ['discussion.list', (token) => client(t, token).call('discussion.list')],
        ['discussion.detail', (token) => client(t, token).call('discussion.detail', { query: { did: id } })],
        ['discussion.add', (token) => client(t, token).call('discussion.add', { body: discussionForm(cat.chat) })],
        ['discussion.update', (token) => client(t, token).call('discussion.update', { body: { id, ...discussionForm(cat.chat) } })],
        ['discussion.remove', (token) => client(t, token).call('discussion.remove', { query: { did: id } })],
        ['discussion.like', (token) => client(t, token).call('discussion.like', { query: { did: id, toLike: true } })],
        ['discussion.report', (token) => client(t, token).call('discussion.report', { body: { did: id, reason: 'spam' } })],
      ];
      for (const token of [undefined, u.amy!.token, root]) {
        for (const [name, send] of calls) {
          // The super admin's category editor is in the back office too, which stays open.
          if (token === root && (name === 'discussion.categories' || name === 'discussion.saveCategories')) continue;
          const r = await send(token);
          expect([name, r.http, r.msg]).toEqual([name, 403, MSG.noPublicDiscussion]);
        }
      }
      expect((await client(t, root).call('discussion.detail', { query: { did: id } })).http).toBe(403);
      const categories = await client(t, root).call('discussion.categories');
      expect(categories.status).toBe(200);
      expect(categories.data.length).toBeGreaterThan(0);
      const admin = await client(t, root).call('adminDiscussion.list', { query: { keyword: 'While open' } });
      expect(admin.data.records.map((r) => r.title)).toEqual(['While open']);
    } finally {
      await putSetting(t.database.db, 'website', { openPublicDiscussion: true, openGroupDiscussion: true });
    }
    expect((await client(t).call('discussion.detail', { query: { did: id } })).status).toBe(200);
  });
});
