/**
 * A group's announcements, rank and discussions: every level (owner, root 5, admin 4,
 * member 3, applying 1, refused 2, a non-member, a visitor, the super admin), the bad inputs (HTTP 400 or
 * a catalogue message, nothing changed), the group discussion switch, and the site's discussion calls
 * (detail, like, comments) refusing a group's discussion to non-members.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, JudgeStatus, MSG, Role } from '@oj/shared';
import { announcements, contests, discussions, groupMembers, msgReminds, submissions, trainings } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, del, get, login, post, put, q, rootToken } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { discussionForm } from './discussion-helpers.js';
import { client, type TypedInput } from './client.js';

let t: TestApp;
let gid: number;
let otherGid: number;
let chat: number;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const LEVELS = {
  root5: GroupLevel.ROOT,
  admin4: GroupLevel.ADMIN,
  admin4b: GroupLevel.ADMIN,
  member3: GroupLevel.MEMBER,
  member3b: GroupLevel.MEMBER,
  applying1: GroupLevel.APPLYING,
  refused2: GroupLevel.REFUSED,
} as const;

let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  tok.superAdmin = await rootToken(t);
  for (const name of ['owner', ...Object.keys(LEVELS), 'outsider']) {
    uid[name] = await createUser(t, { username: name });
    tok[name] = await login(t, name, 'password1', `10.15.0.${++ip}`);
  }
  gid = await insertGroup(t, { owner: 'owner', members: LEVELS });
  otherGid = await insertGroup(t, { owner: 'outsider' });
  // Posting limits are the site's (discussion tests); here every member may post.
  await putSetting(t.database.db, 'website', { discussionAcRequired: 0, discussionDailyPosts: 1000 });
  const cats = (await client(t, tok.member3).call('discussion.categories')).data as { id: number; name: string }[];
  chat = cats[0]!.id;
});
afterAll(() => t.close());

const NOT_MEMBERS = ['applying1', 'refused2', 'outsider'] as const;
const announcementCount = async () => (await t.database.db.select({ n: count() }).from(announcements))[0]!.n;

describe('group announcements', () => {
  let shown: number;
  let hidden: number;
  let byAdmin4: number;

  it('lets group admins write them (owner, root, admin) and refuses members, non-members and visitors', async () => {
    const r = await client(t, tok.owner).call('groupBoard.addAnnouncement', { body: { gid, title: 'Welcome', content: 'Read **this**.', status: 0 } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ gid, title: 'Welcome', content: 'Read **this**.', status: 0, username: 'owner', uid: uid.owner });
    shown = r.data.id;
    hidden = (await client(t, tok.root5).call('groupBoard.addAnnouncement', { body: { gid, title: 'Draft', content: 'Not yet', status: 1 } })).data.id;
    byAdmin4 = (await client(t, tok.admin4).call('groupBoard.addAnnouncement', { body: { gid, title: 'By admin', content: 'Hello', status: 0 } })).data.id;
    const before = await announcementCount();
    for (const who of ['member3', ...NOT_MEMBERS]) {
      const r2 = await client(t, tok[who]).call('groupBoard.addAnnouncement', { body: { gid, title: 'No', content: 'No', status: 0 } });
      expect(r2.http, who).toBe(403);
    }
    expect((await client(t).call('groupBoard.addAnnouncement', { body: { gid, title: 'No', content: 'No', status: 0 } })).http).toBe(401);
    expect(await announcementCount()).toBe(before);
  });

  it('refuses bad inputs with HTTP 400 and writes nothing', async () => {
    const before = await announcementCount();
    const cases: [unknown, string | null][] = [
      [{ gid, title: '  ', content: 'x', status: 0 }, MSG.announcementTitleRequired],
      [{ gid, title: 'x', status: 0 }, MSG.announcementContentRequired],
      [{ gid: 'abc', title: 'x', content: 'x', status: 0 }, null],
      [{ title: 'x', content: 'x', status: 0 }, null],
      [{ gid, title: 'x'.repeat(256), content: 'x', status: 0 }, null],
      [{ gid, title: 'x', content: 'x', status: 7 }, null],
    ];
    for (const [body, msg] of cases) {
      const r = await post(t, '/api/group/announcement', body, { token: tok.owner });
      expect(r.http, JSON.stringify(body)).toBe(400);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await client(t, tok.owner).call('groupBoard.addAnnouncement', { body: { gid: 999999, title: 'x', content: 'x', status: 0 } })).msg).toBe(
      MSG.groupNotFound,
    );
    expect(await announcementCount()).toBe(before);
  });

  it('shows members the visible ones only, admins all of them, and refuses everyone else', async () => {
    const list = async (who: string | undefined, admin = false) => {
      const c = client(t, who ? tok[who] : undefined);
      return admin ? c.call('groupBoard.adminAnnouncements', { query: { gid } }) : c.call('groupBoard.announcements', { query: { gid } });
    };
    for (const who of ['member3', 'admin4', 'owner', 'superAdmin']) {
      const r = await list(who);
      expect(r.status, who).toBe(200);
      expect(r.data.records.map((a) => a.title)).toEqual(['By admin', 'Welcome']);
    }
    for (const who of NOT_MEMBERS) expect([(await list(who)).http, (await list(who)).msg]).toEqual([403, MSG.groupNotMember]);
    expect((await list(undefined)).http).toBe(401);
    const admin = await list('admin4', true);
    expect(admin.data.records.map((a) => a.title)).toEqual(['By admin', 'Draft', 'Welcome']);
    expect(admin.data.total).toBe(3);
    expect((await list('member3', true)).http).toBe(403);
    // 5 a page on the home
    expect((await client(t, tok.member3).call('groupBoard.announcements', { query: { gid, limit: 1, currentPage: 2 } })).data.records[0].title).toBe('Welcome');
    // never among the site's announcements
    const site = await client(t).call('site.announcements');
    expect(site.data.records.map((a) => a.title)).not.toContain('Welcome');
  });

  it('lets the group root edit any, an admin only his own, and switches visibility', async () => {
    const edit = (who: string, id: number, o: Record<string, unknown> = {}) =>
      client(t, tok[who]).call('groupBoard.updateAnnouncement', { body: { id, gid, title: 'Edited', content: 'New', status: 0, ...o } });
    expect((await edit('admin4b', byAdmin4)).http).toBe(403);
    expect((await edit('member3', byAdmin4)).http).toBe(403);
    expect((await edit('admin4', shown)).http).toBe(403);
    expect((await edit('admin4', byAdmin4, { title: 'Mine edited' })).data.title).toBe('Mine edited');
    expect((await edit('root5', shown, { title: 'Welcome!' })).data).toMatchObject({ title: 'Welcome!', username: 'owner' });
    expect((await edit('superAdmin', hidden, { title: 'Draft', status: 0 })).data.status).toBe(0);
    expect((await edit('owner', hidden, { title: 'Draft', status: 1 })).data.status).toBe(1);
    const titles = (await client(t, tok.member3).call('groupBoard.announcements', { query: { gid } })).data.records.map((a) => a.title);
    expect(titles).toEqual(['Mine edited', 'Welcome!']);
  });

  it('never reaches another group, a contest or the site through an id', async () => {
    const [site] = await t.database.db.insert(announcements).values({ title: 'Site', content: 'Site', status: 0 }).returning({ id: announcements.id });
    const other = (await client(t, tok.outsider).call('groupBoard.addAnnouncement', { body: { gid: otherGid, title: 'Other', content: 'Other', status: 0 } }))
      .data.id;
    for (const id of [site!.id, other]) {
      const r = await client(t, tok.owner).call('groupBoard.updateAnnouncement', { body: { id, gid, title: 'Taken', content: 'Taken', status: 0 } });
      expect([r.status, r.msg]).toEqual([404, MSG.announcementNotFound]);
    }
    expect((await client(t, tok.owner).call('groupBoard.removeAnnouncement', { query: { aid: site!.id } })).msg).toBe(MSG.announcementNotFound);
    // the other group's own owner may not be told apart from a stranger: he is no member here
    expect((await client(t, tok.owner).call('groupBoard.removeAnnouncement', { query: { aid: other } })).http).toBe(403);
    const rows = await t.database.db.select({ title: announcements.title }).from(announcements).where(eq(announcements.id, site!.id));
    expect(rows).toEqual([{ title: 'Site' }]);
  });

  it('deletes: the group root any, an admin his own, nobody else', async () => {
    expect((await client(t, tok.admin4b).call('groupBoard.removeAnnouncement', { query: { aid: byAdmin4 } })).http).toBe(403);
    expect((await client(t, tok.member3).call('groupBoard.removeAnnouncement', { query: { aid: byAdmin4 } })).http).toBe(403);
    expect((await client(t, tok.outsider).call('groupBoard.removeAnnouncement', { query: { aid: byAdmin4 } })).msg).toBe(MSG.groupNotMember);
    expect((await del(t, '/api/group/announcement', { token: tok.owner, ...q({ aid: 'x' }) })).http).toBe(400);
    expect((await client(t, tok.admin4).call('groupBoard.removeAnnouncement', { query: { aid: byAdmin4 } })).status).toBe(200);
    expect((await client(t, tok.root5).call('groupBoard.removeAnnouncement', { query: { aid: hidden } })).status).toBe(200);
    expect((await client(t, tok.root5).call('groupBoard.removeAnnouncement', { query: { aid: hidden } })).msg).toBe(MSG.announcementNotFound);
    const left = await t.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.gid, gid));
    expect(left).toEqual([{ id: shown }]);
  });
});

describe('get-group-rank-list', () => {
  let pa: number;
  let pb: number;
  let pc: number;
  const judge = (who: string, pid: number, status: number, score: number, o: { gid?: number | null; cid?: number } = {}) => ({
    pid,
    displayPid: `G${pid}`,
    uid: uid[who]!,
    username: who,
    status,
    oiRankScore: score,
    language: 'C',
    code: 'int main(){}',
    gid: o.gid === undefined ? gid : o.gid,
    cid: o.cid ?? 0,
  });

  beforeAll(async () => {
    pa = await createProblem(t, { problemId: 'GRA', gid, isGroup: true });
    pb = await createProblem(t, { problemId: 'GRB', gid, isGroup: true });
    pc = await createProblem(t, { problemId: 'GRC', gid, isGroup: true });
    const AC = JudgeStatus.ACCEPTED;
    const WA = JudgeStatus.WRONG_ANSWER;
    await t.database.db.insert(submissions).values([
      // member3: 2 AC in 3 submissions, OI 20 + 20
      judge('member3', pa, WA, 5),
      judge('member3', pa, AC, 20),
      judge('member3', pb, AC, 20),
      // admin4: 2 AC in 2 submissions (ahead in ACM), OI 10 + 10
      judge('admin4', pa, AC, 10),
      judge('admin4', pb, AC, 10),
      // owner: 1 AC, OI 50 (first in OI)
      judge('owner', pc, AC, 50),
      // member3b: nothing accepted
      judge('member3b', pc, WA, 0),
      // not counted: a refused applicant's, a submission outside the group, one in another group
      judge('refused2', pa, AC, 90),
      judge('member3b', pa, AC, 90, { gid: null }),
      judge('member3b', pb, AC, 90, { gid: otherGid }),
    ]);
  });

  const rank = (who: string | undefined, query: Omit<TypedInput<'groupBoard.rank'>['query'], 'gid'> & { gid?: number }) =>
    client(t, who ? tok[who] : undefined).call('groupBoard.rank', { query: { gid, ...query } });

  it('ranks the members by ACM (AC, then fewer submissions) and by OI (score)', async () => {
    const acm = await rank('member3', { type: 0 });
    expect(acm.data.total).toBe(4);
    expect(acm.data.records.map((r) => [r.rank, r.username, r.ac, r.total, r.score])).toEqual([
      [1, 'admin4', 2, 2, 20],
      [2, 'member3', 2, 3, 40],
      [3, 'owner', 1, 1, 50],
      [4, 'member3b', 0, 1, 0],
    ]);
    const oi = await rank('member3', { type: 1 });
    expect(oi.data.records.map((r) => r.username)).toEqual(['owner', 'member3', 'admin4', 'member3b']);
  });

  it('continues rank numbers across pages and keeps them when searching', async () => {
    const page2 = await rank('owner', { type: 0, limit: 2, currentPage: 2 });
    expect(page2.data.records.map((r) => [r.rank, r.username])).toEqual([
      [3, 'owner'],
      [4, 'member3b'],
    ]);
    expect(page2.data.total).toBe(4);
    const found = await rank('owner', { type: 0, searchUser: 'MEMBER3' });
    expect(found.data.records.map((r) => [r.rank, r.username])).toEqual([
      [2, 'member3'],
      [4, 'member3b'],
    ]);
  });

  it('is for members and the super admin only, and refuses bad queries with 400', async () => {
    expect((await rank('superAdmin', { type: 0 })).data.total).toBe(4);
    for (const who of NOT_MEMBERS) expect([(await rank(who, { type: 0 })).http, (await rank(who, { type: 0 })).msg]).toEqual([403, MSG.groupNotMember]);
    expect((await rank(undefined, { type: 0 })).http).toBe(401);
    const bads: Record<string, string | number>[] = [{ type: 5 }, { type: 'x' }, { type: 0, limit: 0 }, { type: 0, currentPage: -1 }, { type: 0, gid: 'g' }];
    for (const bad of bads) {
      expect((await get(t, '/api/get-group-rank-list', { token: tok.member3, ...q({ gid, ...bad }) })).http, JSON.stringify(bad)).toBe(400);
    }
    expect((await rank('member3', { type: 0, gid: 999999 })).msg).toBe(MSG.groupNotFound);
  });

  it('drops a removed member at once (rank, announcements, discussions)', async () => {
    await t.database.db
      .update(groupMembers)
      .set({ auth: GroupLevel.REFUSED })
      .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid.member3b!)));
    expect((await rank('member3', { type: 0 })).data.records.map((r) => r.username)).not.toContain('member3b');
    expect((await rank('member3b', { type: 0 })).http).toBe(403);
    // …and the group's announcements and discussions with it
    expect((await client(t, tok.member3b).call('groupBoard.announcements', { query: { gid } })).msg).toBe(MSG.groupNotMember);
    expect((await client(t, tok.member3b).call('groupBoard.discussions', { query: { gid } })).msg).toBe(MSG.groupNotMember);
    await t.database.db
      .update(groupMembers)
      .set({ auth: GroupLevel.MEMBER })
      .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid.member3b!)));
  });
});

describe("get-group-rank-list counts the group's problems solved anywhere in the group", () => {
  it('counts its problem list, trainings and contests (sealed results once the seal is lifted), never a public problem opened there', async () => {
    const g = await insertGroup(t, { owner: 'owner', members: { member3: GroupLevel.MEMBER, member3b: GroupLevel.MEMBER, admin4: GroupLevel.ADMIN } });
    const own = [];
    for (const n of [1, 2, 3, 4]) own.push(await createProblem(t, { problemId: `GRX${n}`, gid: g, isGroup: true }));
    const bank = await createProblem(t, { problemId: 'GRXPUB' });
    const now = Date.now();
    const min = 60_000;
    const [training] = await t.database.db.insert(trainings).values({ title: 'Group drill', gid: g }).returning({ id: trainings.id });
    const contest = (o: Partial<typeof contests.$inferInsert>) =>
      t.database.db
        .insert(contests)
        .values({ title: 'Group round', gid: g, startTime: new Date(now - 120 * min), endTime: new Date(now - 60 * min), ...o })
        .returning({ id: contests.id })
        .then((r) => r[0]!.id);
    const ended = await contest({});
    // running, sealed since 10 minutes: results after the seal stay unknown until it is lifted
    const sealed = await contest({ endTime: new Date(now + 60 * min), sealRank: true, sealRankTime: new Date(now - 10 * min) });
    const AC = JudgeStatus.ACCEPTED;
    const row = (who: string, pid: number, o: { cid?: number; tid?: number; gid?: number | null; at?: number } = {}) => ({
      pid,
      displayPid: `X${pid}`,
      uid: uid[who]!,
      username: who,
      status: AC,
      oiRankScore: 100,
      language: 'C',
      code: 'int main(){}',
      gid: o.gid === undefined ? g : o.gid,
      cid: o.cid ?? 0,
      tid: o.tid ?? null,
      submitTime: new Date(o.at ?? now - 90 * min),
    });
    await t.database.db.insert(submissions).values([
      row('member3', own[0]!), // the group's problem list
      row('member3', own[1]!, { tid: training!.id }), // a group training
      row('member3', own[2]!, { cid: ended }), // a group contest that ended
      row('member3', own[3]!, { cid: sealed, at: now - 30 * min }), // before the seal: known
      row('member3b', own[3]!, { cid: sealed, at: now - 5 * min }), // after the seal: not yet
      row('admin4', bank, { tid: training!.id }), // a public problem in a group training: not the group's
      row('admin4', bank, { cid: ended }), // …nor in a group contest
    ]);
    const acm = await client(t, tok.member3).call('groupBoard.rank', { query: { gid: g, type: 0 } });
    expect(acm.data.records.map((r) => [r.username, r.ac, r.total])).toEqual([['member3', 4, 4]]);
    // the seal lifted (the contest over, the real rank shown): member3b's result counts
    await t.database.db
      .update(contests)
      .set({ endTime: new Date(now - min) })
      .where(eq(contests.id, sealed));
    const after = await client(t, tok.member3).call('groupBoard.rank', { query: { gid: g, type: 1 } });
    expect(after.data.records.map((r) => [r.username, r.ac, r.score])).toEqual([
      ['member3', 4, 400],
      ['member3b', 1, 100],
    ]);
  });
});

describe('group discussions', () => {
  let mine: number;
  let other: number;
  const form = (o: Record<string, unknown> = {}) => ({ ...discussionForm(chat), gid, ...o });
  const list = (who: string | undefined, query: { pid?: string } = {}) =>
    client(t, who ? tok[who] : undefined).call('groupBoard.discussions', { query: { gid, ...query } });
  const adminList = (who: string, query: { status?: number } = {}) => client(t, tok[who]).call('groupBoard.adminDiscussions', { query: { gid, ...query } });
  const discussionCount = async () => (await t.database.db.select({ n: count() }).from(discussions).where(isNotNull(discussions.gid)))[0]!.n;

  it('lets members post (admins may pin) and refuses non-members and visitors', async () => {
    const r = await client(t, tok.member3).call('groupBoard.addDiscussion', { body: form({ title: 'Member question', topPriority: true }) });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ gid, title: 'Member question', author: 'member3', topPriority: false });
    mine = r.data.id;
    const pinned = await client(t, tok.admin4).call('groupBoard.addDiscussion', { body: form({ title: 'Rules', topPriority: true }) });
    expect(pinned.data.topPriority).toBe(true);
    other = (await client(t, tok.member3b).call('groupBoard.addDiscussion', { body: form({ title: 'Another one', pid: 'gra' }) })).data.id;
    const before = await discussionCount();
    for (const who of NOT_MEMBERS) expect((await client(t, tok[who]).call('groupBoard.addDiscussion', { body: form() })).msg).toBe(MSG.groupNotMember);
    expect((await client(t).call('groupBoard.addDiscussion', { body: form() })).http).toBe(401);
    expect(await discussionCount()).toBe(before);
  });

  it("refuses bad inputs and another group's problem, writing nothing", async () => {
    await createProblem(t, { problemId: 'OTHERG', gid: otherGid, isGroup: true });
    const before = await discussionCount();
    for (const body of [form({ title: '' }), form({ content: ' ' }), form({ categoryId: 'x' }), form({ gid: 0 }), form({ title: 'x'.repeat(256) })]) {
      expect((await post(t, '/api/group/discussion', body, { token: tok.member3 })).http, JSON.stringify(body)).toBe(400);
    }
    expect((await client(t, tok.member3).call('groupBoard.addDiscussion', { body: form({ categoryId: 999999 }) })).msg).toBe(MSG.discussionCategoryNotFound);
    expect((await client(t, tok.member3).call('groupBoard.addDiscussion', { body: form({ pid: 'OTHERG' }) })).msg).toBe(MSG.problemNotFound);
    expect(await discussionCount()).toBe(before);
  });

  it("lists them to members only, pinned first, and never among the site's", async () => {
    const r = await list('member3');
    expect(r.data.records.map((d) => d.title)).toEqual(['Rules', 'Another one', 'Member question']);
    expect((await list('member3', { pid: 'GRA' })).data.records.map((d) => d.title)).toEqual(['Another one']);
    for (const who of NOT_MEMBERS) expect((await list(who)).msg).toBe(MSG.groupNotMember);
    expect((await list(undefined)).http).toBe(401);
    const site = await client(t, tok.member3).call('discussion.list');
    expect(site.data.records.map((d) => d.gid)).not.toContain(gid);
  });

  it('opens detail, likes and comments through the site calls for members only', async () => {
    const detail = (who: string | undefined) => client(t, who ? tok[who] : undefined).call('discussion.detail', { query: { did: mine } });
    expect((await detail('member3b')).data.title).toBe('Member question');
    for (const who of NOT_MEMBERS) expect([(await detail(who)).http, (await detail(who)).msg]).toEqual([403, MSG.groupNotMember]);
    expect((await detail(undefined)).http).toBe(401);
    expect((await client(t, tok.outsider).call('discussion.like', { query: { did: mine, toLike: true } })).http).toBe(403);
    expect((await client(t, tok.outsider).call('comment.list', { query: { did: mine } })).http).toBe(403);
    expect((await client(t, tok.outsider).call('comment.add', { body: { did: mine, content: 'Sneaky' } })).http).toBe(403);
    expect((await client(t, tok.member3b).call('discussion.like', { query: { did: mine, toLike: true } })).data.likeNum).toBe(1);
    const [remind] = await t.database.db.select({ url: msgReminds.url }).from(msgReminds).where(eq(msgReminds.recipientId, uid.member3!));
    expect(remind!.url).toBe(`/group/${gid}/discussion-detail/${mine}`);
    expect((await client(t, tok.member3b).call('comment.add', { body: { did: mine, content: 'Nice' } })).status).toBe(200);
    expect((await client(t, tok.member3).call('comment.list', { query: { did: mine } })).data.commentList.total).toBe(1);
  });

  it("keeps reports on a group's discussion from the site's admins (the super admin handles them)", async () => {
    await createUser(t, { username: 'siteadmin', roles: [Role.ADMIN] });
    const siteAdmin = await login(t, 'siteadmin', 'password1', '10.15.1.1');
    expect((await client(t, tok.member3b).call('discussion.report', { body: { did: mine, reason: 'Off topic in the class' } })).status).toBe(200);
    const reportsOf = async (token: string) =>
      (await client(t, token).call('adminDiscussion.reports', { query: { currentPage: 1, limit: 50 } })).data.records as { id: number; did: number }[];
    expect((await reportsOf(siteAdmin)).map((r) => r.did)).not.toContain(mine);
    const report = (await reportsOf(tok.superAdmin!)).find((r) => r.did === mine)!;
    expect(report).toBeTruthy();
    expect((await client(t, siteAdmin).call('adminDiscussion.handleReport', { body: { id: report.id, status: true } })).http).toBe(403);
    expect((await client(t, tok.superAdmin).call('adminDiscussion.handleReport', { body: { id: report.id, status: true } })).status).toBe(200);
  });

  it('lets the author edit, the group admins moderate and delete, and nobody else', async () => {
    const edit = (who: string, id: number, o: Record<string, unknown> = {}) =>
      client(t, tok[who]).call('groupBoard.updateDiscussion', { body: { ...discussionForm(chat), id, title: 'Edited', ...o } });
    expect((await edit('member3b', mine)).msg).toBe(MSG.discussionNotAuthor);
    expect((await edit('outsider', mine)).msg).toBe(MSG.groupNotMember);
    expect((await edit('member3', mine, { title: 'Member question (edited)' })).data.title).toBe('Member question (edited)');
    const moderate = (who: string, body: TypedInput<'groupBoard.moderateDiscussion'>['body']) =>
      client(t, tok[who]).call('groupBoard.moderateDiscussion', { body });
    expect((await moderate('member3', { id: other, status: 1 })).http).toBe(403);
    expect((await moderate('admin4', { id: other, status: 1 })).status).toBe(200);
    expect((await moderate('admin4', { id: mine, topPriority: true })).status).toBe(200);
    expect((await put(t, '/api/group/admin-discussion', { id: mine, status: 3 }, { token: tok.admin4 })).http).toBe(400);
    // hidden: gone for other members, kept for its author and the admins
    expect((await list('member3')).data.records.map((d) => d.title)).toEqual(['Rules', 'Member question (edited)']);
    expect((await list('member3b')).data.records.map((d) => d.title)).toContain('Another one');
    expect((await list('admin4')).data.records.map((d) => d.title)).toContain('Another one');
    expect((await client(t, tok.member3).call('discussion.detail', { query: { did: other } })).msg).toBe(MSG.discussionNotFound);
    const admin = await adminList('root5', { status: 1 });
    expect(admin.data.records.map((d) => d.title)).toEqual(['Another one']);
    expect((await adminList('member3')).http).toBe(403);
    // delete: not another member's; a group admin any
    expect((await client(t, tok.member3b).call('groupBoard.removeDiscussion', { query: { did: mine } })).http).toBe(403);
    expect((await client(t, tok.admin4).call('groupBoard.removeDiscussion', { query: { did: mine } })).status).toBe(200);
    expect((await client(t, tok.member3).call('discussion.detail', { query: { did: mine } })).msg).toBe(MSG.discussionNotFound);
  });

  it('keeps the group calls off site discussions', async () => {
    const [d] = await t.database.db
      .insert(discussions)
      .values({ title: 'Site talk', description: 'd', content: 'c', categoryId: chat, uid: uid.member3!, author: 'member3' })
      .returning({ id: discussions.id });
    expect((await client(t, tok.member3).call('groupBoard.updateDiscussion', { body: { ...discussionForm(chat), id: d!.id } })).msg).toBe(
      MSG.discussionNotFound,
    );
    expect((await client(t, tok.owner).call('groupBoard.removeDiscussion', { query: { did: d!.id } })).msg).toBe(MSG.discussionNotFound);
    expect((await client(t, tok.owner).call('groupBoard.moderateDiscussion', { body: { id: d!.id, status: 1 } })).msg).toBe(MSG.discussionNotFound);
    const [row] = await t.database.db.select({ title: discussions.title, status: discussions.status }).from(discussions).where(eq(discussions.id, d!.id));
    expect(row).toEqual({ title: 'Site talk', status: 0 });
  });

  it('is closed by openGroupDiscussion for everyone, and not by the public switch', async () => {
    const rules = (await list('member3')).data.records.find((d) => d.title === 'Rules')!.id;
    await putSetting(t.database.db, 'website', { openPublicDiscussion: false });
    expect((await list('member3')).status).toBe(200);
    expect((await client(t, tok.member3).call('discussion.detail', { query: { did: rules } })).status).toBe(200);
    expect((await client(t, tok.member3).call('discussion.categories')).status).toBe(200);
    await putSetting(t.database.db, 'website', { openPublicDiscussion: true, openGroupDiscussion: false });
    for (const who of ['member3', 'superAdmin', undefined]) {
      const r = await list(who);
      expect([r.http, r.msg]).toEqual([403, MSG.noGroupDiscussion]);
    }
    const calls = [
      client(t, tok.member3).call('discussion.detail', { query: { did: rules } }),
      client(t, tok.member3).call('discussion.like', { query: { did: rules, toLike: true } }),
      client(t, tok.member3).call('comment.list', { query: { did: rules } }),
      client(t, tok.owner).call('groupBoard.addDiscussion', { body: form() }),
      client(t, tok.owner).call('groupBoard.moderateDiscussion', { body: { id: rules, status: 1 } }),
      client(t, tok.owner).call('groupBoard.removeDiscussion', { query: { did: rules } }),
    ];
    for (const r of await Promise.all(calls)) expect([r.http, r.msg]).toEqual([403, MSG.noGroupDiscussion]);
    const [row] = await t.database.db.select({ status: discussions.status }).from(discussions).where(eq(discussions.id, rules));
    expect(row).toEqual({ status: 0 });
    await putSetting(t.database.db, 'website', { openGroupDiscussion: true });
  });
});
