/**
 * Group contests (with their access rules): the group's contest calls at every level, the
 * contest admin of a group contest (group root or creator, through the policy), its problems from the
 * bank (use policy) and from the group, announcements, the download, and the site's contest calls on a
 * group contest: members only, asked afresh, so a removed member is refused at once; submissions carry gid.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, GroupLevel, JudgeStatus, MSG, type AdminContestProblemRow } from '@oj/shared';
import { contests, groupMembers, submissions } from '../src/db/schema/index.js';
import { contestForm, createContest, insertContestSubmission, iso, submitTo } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login, post, rootToken, uidOf } from './helpers.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { client } from './client.js';

let t: TestApp;
let gid: number;
let otherGid: number;
const tok: Record<string, string> = {};
const LEVELS = {
  groot: GroupLevel.ROOT,
  gadmin: GroupLevel.ADMIN,
  gadmin2: GroupLevel.ADMIN,
  gmember: GroupLevel.MEMBER,
  gremoved: GroupLevel.MEMBER,
  gapply: 1,
  grefused: 2,
} as const;
let publicP: number;
let oiP: number;
let hiddenP: number;
let groupP: number;
let otherGroupP: number;
let siteCid: number;

const as = (who: string) => (who === 'visitor' ? {} : { token: tok[who] });
/** The typed client as `who` (a visitor has no login). */
const c = (who: string) => client(t, who === 'visitor' ? null : tok[who]);
const makeContest = async (who: string, o: Record<string, unknown> = {}) => {
  const r = await c(who).call('groupContest.create', { body: { ...contestForm(o), gid } });
  if (r.status !== 200) throw new Error(`create as ${who}: ${r.msg}`);
  return r.data.id as number;
};
const contestCount = async () => (await t.database.db.select({ id: contests.id }).from(contests).where(eq(contests.gid, gid))).length;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  // A judge announces the languages a submission may use.
  await FakeJudge.start(t, 'gcj');
  tok.root = await rootToken(t);
  for (const u of ['gowner', 'outsider', 'other', ...Object.keys(LEVELS)]) await createUser(t, { username: u });
  for (const u of ['gowner', 'outsider', 'other', ...Object.keys(LEVELS)]) tok[u] = await login(t, u);
  gid = await insertGroup(t, { owner: 'gowner', members: LEVELS });
  otherGid = await insertGroup(t, { owner: 'other' });
  publicP = await createProblem(t, { problemId: 'GC100', title: 'Public sum', type: 0, auth: 1 });
  oiP = await createProblem(t, { problemId: 'GC101', title: 'Public OI', type: 1, auth: 1 });
  hiddenP = await createProblem(t, { problemId: 'GC102', title: 'Hidden of others', type: 0, auth: 2, author: 'other' });
  groupP = await createProblem(t, { problemId: 'GRP-1', title: 'Group own', type: 0, auth: 2, gid, isGroup: true, author: 'gadmin' });
  otherGroupP = await createProblem(t, { problemId: 'OTH-1', title: 'Other group', type: 0, auth: 1, gid: otherGid, isGroup: true, author: 'other' });
  siteCid = await createContest(t, tok.root!, { title: 'Site round' }, [[publicP, 'A']]);
});

afterAll(() => t.close());

describe('creating a group contest', () => {
  it('group admins, root, owner and super admin create; members, applicants, outsiders and visitors cannot', async () => {
    for (const who of ['gadmin', 'groot', 'gowner', 'root']) {
      const r = await c(who).call('groupContest.create', { body: { ...contestForm({ title: `By ${who}` }), gid } });
      expect([who, r.status, r.data?.gid]).toEqual([who, 200, gid]);
    }
    const before = await contestCount();
    const refused = {
      gmember: [403, MSG.noPermission],
      gapply: [403, MSG.groupNotMember],
      grefused: [403, MSG.groupNotMember],
      outsider: [403, MSG.groupNotMember],
      visitor: [401, MSG.loginFirst],
    } as const;
    for (const [who, [http, msg]] of Object.entries(refused)) {
      const r = await c(who).call('groupContest.create', { body: { ...contestForm(), gid } });
      expect([who, r.http, r.msg]).toEqual([who, http, msg]);
    }
    expect(await contestCount()).toBe(before);
  });

  it('refuses a bad form with the form message and changes nothing', async () => {
    const before = await contestCount();
    const noTitle = await c('gadmin').call('groupContest.create', { body: { ...contestForm({ title: '' }), gid } });
    expect([noTitle.status, noTitle.msg]).toEqual([400, formatMsg(MSG.contestFieldRequired, { field: 'Contest Title' })]);
    const backwards = await c('gadmin').call('groupContest.create', { body: { ...contestForm({ startTime: iso(60), endTime: iso(30) }), gid } });
    expect([backwards.status, backwards.msg]).toEqual([400, MSG.contestDurationInvalid]);
    const noPwd = await c('gadmin').call('groupContest.create', { body: { ...contestForm({ auth: 1 }), gid } });
    expect(noPwd.status).toBe(400);
    const badGid = await post(t, '/api/group/contest', { ...contestForm(), gid: 'x' }, as('gadmin'));
    expect(badGid.http).toBe(400);
    const noGroup = await c('gadmin').call('groupContest.create', { body: { ...contestForm(), gid: 999999 } });
    expect([noGroup.status, noGroup.msg]).toEqual([400, MSG.groupNotFound]);
    expect(await contestCount()).toBe(before);
  });
});

describe('lists', () => {
  it('members see the visible contests of the group; the site list never shows them', async () => {
    const hidden = await makeContest('gadmin', { title: 'Hidden one', visible: false });
    const shown = await makeContest('gadmin', { title: 'Shown one' });
    const list = await c('gmember').call('groupContest.list', { query: { gid } });
    expect(list.status).toBe(200);
    const ids = list.data.records.map((r) => r.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect(list.data.records.every((r) => r.gid === gid)).toBe(true);
    const site = await c('visitor').call('contest.list', { query: { limit: 100 } });
    expect(site.data.records.map((r) => r.id)).not.toContain(shown);
    // Nor does the admin area's list (HOJ's: is_group = false), even the super admin's: the group has its own table.
    const adminArea = await c('root').call('adminContest.list', { query: { limit: 100 } });
    const adminIds = adminArea.data.records.map((r) => r.id);
    expect(adminIds).toContain(siteCid);
    expect(adminIds).not.toContain(shown);
    for (const [who, http] of [
      ['outsider', 403],
      ['gapply', 403],
      ['visitor', 401],
    ] as const) {
      expect([who, (await c(who).call('groupContest.list', { query: { gid } })).http]).toEqual([who, http]);
    }
  });

  it('the admin table lists every contest for group admins, saying which they may manage', async () => {
    const byRoot = await makeContest('groot', { title: 'Root made', visible: false });
    const byAdmin = await makeContest('gadmin', { title: 'Admin made' });
    const rows = async (who: string) => {
      const r = await c(who).call('groupContest.adminList', { query: { gid, limit: 100 } });
      expect([who, r.status]).toEqual([who, 200]);
      return new Map<number, boolean>(r.data.records.map((x) => [x.id, x.canManage]));
    };
    const admin = await rows('gadmin');
    expect([admin.get(byRoot), admin.get(byAdmin)]).toEqual([false, true]);
    const root = await rows('groot');
    expect([root.get(byRoot), root.get(byAdmin)]).toEqual([true, true]);
    expect((await rows('gowner')).get(byAdmin)).toBe(true);
    expect((await rows('root')).get(byRoot)).toBe(true);
    expect((await c('gmember').call('groupContest.adminList', { query: { gid } })).http).toBe(403);
    expect((await c('outsider').call('groupContest.adminList', { query: { gid } })).http).toBe(403);
  });
});

describe('managing a contest: group root or creator', () => {
  it('edit, visible switch and delete: the creator, group root, owner and super admin; another group admin is refused', async () => {
    const cid = await makeContest('gadmin', { title: 'Editable' });
    const form = (title: string) => ({ ...contestForm({ title }), id: cid });
    expect((await c('gadmin2').call('groupContest.update', { body: form('By admin2') })).http).toBe(403);
    expect((await c('gadmin2').call('groupContest.changeVisible', { query: { cid, visible: false } })).http).toBe(403);
    expect((await c('gadmin2').call('groupContest.remove', { query: { cid } })).http).toBe(403);
    expect((await c('gmember').call('groupContest.get', { query: { cid } })).http).toBe(403);
    expect((await c('outsider').call('groupContest.get', { query: { cid } })).http).toBe(403);
    for (const who of ['gadmin', 'groot', 'gowner', 'root']) {
      const r = await c(who).call('groupContest.update', { body: form(`By ${who}`) });
      expect([who, r.status, r.data?.title]).toEqual([who, 200, `By ${who}`]);
    }
    expect((await c('groot').call('groupContest.changeVisible', { query: { cid, visible: false } })).status).toBe(200);
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, cid));
    expect([row!.visible, row!.gid]).toEqual([false, gid]);
    expect((await c('groot').call('groupContest.remove', { query: { cid } })).status).toBe(200);
    expect(await t.database.db.select().from(contests).where(eq(contests.id, cid))).toEqual([]);
  });

  it('the group calls do not reach site contests', async () => {
    const r = await c('root').call('groupContest.get', { query: { cid: siteCid } });
    expect([r.status, r.msg]).toEqual([400, MSG.contestNotFound]);
    const v = await c('root').call('groupContest.changeVisible', { query: { cid: siteCid, visible: false } });
    expect(v.msg).toBe(MSG.contestNotFound);
    expect((await t.database.db.select().from(contests).where(eq(contests.id, siteCid)))[0]!.visible).toBe(true);
  });
});

describe('contest problems', () => {
  it('adds public problems by the use policy and the group own problems by problem id, with display ids', async () => {
    const cid = await makeContest('gadmin', { title: 'With problems' });
    const addPublic = (pid: number, displayId: string, who = 'gadmin') => c(who).call('groupContest.addFromPublic', { body: { cid, pid, displayId } });
    const addGroup = (problemId: string, displayId: string, who = 'gadmin') =>
      c(who).call('groupContest.addFromGroup', { query: { cid, problemId, displayId } });

    expect((await addPublic(publicP, 'A')).status).toBe(200);
    // Hidden problems of others are not the group admin's to hand out (nor to see: "does not exist").
    expect((await addPublic(hiddenP, 'B')).msg).toBe(MSG.problemNotFound);
    expect((await addPublic(oiP, 'B')).msg).toBe(formatMsg(MSG.contestProblemTypeMismatch, { type: 'ACM' }));
    expect((await addPublic(groupP, 'B')).msg).toBe(MSG.problemNotFound);
    expect((await addGroup('grp-1', 'B')).data).toMatchObject({ pid: groupP, displayId: 'B', displayTitle: 'Group own' });
    expect((await addGroup('OTH-1', 'C')).msg).toBe(MSG.problemNotFound);
    expect((await addGroup('GC100', 'C')).msg).toBe(MSG.problemNotFound);
    expect((await addGroup('GRP-1', 'C')).msg).toBe(MSG.contestProblemExists);
    // An empty letter is refused by the query's schema.
    const noLetter = await call(t, 'POST', '/api/group/add-contest-problem-from-group', {
      ...as('gadmin'),
      query: { cid: String(cid), problemId: 'GRP-1', displayId: '' },
    });
    expect(noLetter.http).toBe(400);
    expect((await addPublic(publicP, 'Z', 'gadmin2')).http).toBe(403);
    expect((await addGroup('GRP-1', 'Z', 'gmember')).http).toBe(403);

    const list = await c('gadmin').call('groupContest.problems', { query: { cid } });
    expect((list.data.records as AdminContestProblemRow[]).map((r) => [r.displayId, r.pid])).toEqual([
      ['A', publicP],
      ['B', groupP],
    ]);
    const candidates = await c('gadmin').call('groupContest.problems', { query: { cid, queryExisted: false, limit: 100 } });
    const pids = candidates.data.records.map((r) => r.pid);
    expect(pids).not.toContain(hiddenP);
    expect(pids).not.toContain(publicP);
    expect(pids).not.toContain(otherGroupP);

    const moved = await c('gadmin').call('groupContest.updateLink', { body: { cid, pid: groupP, displayId: 'C' } });
    expect([moved.status, moved.data?.displayId]).toEqual([200, 'C']);
    expect((await c('gadmin').call('groupContest.removeProblem', { query: { cid, pid: groupP } })).status).toBe(200);
    expect((await c('gadmin').call('groupContest.problems', { query: { cid } })).data.total).toBe(1);
  });
});

describe('contest announcements', () => {
  it('the contest admin writes, edits and deletes them; others cannot', async () => {
    const cid = await makeContest('gadmin', { title: 'Announced' });
    const other = await makeContest('gadmin', { title: 'Other' });
    const made = await c('gadmin').call('groupContest.addAnnouncement', { body: { cid, announcement: { title: 'Note', content: 'Read me', status: 0 } } });
    expect(made.status).toBe(200);
    const aid = made.data.id;
    const empty = await post(t, '/api/group/contest-announcement', { cid, announcement: { title: ' ', content: 'x' } }, as('gadmin'));
    expect(empty.http).toBe(400);
    expect((await c('gadmin2').call('groupContest.addAnnouncement', { body: { cid, announcement: { title: 'x', content: 'x' } } })).http).toBe(403);
    const edited = await c('groot').call('groupContest.updateAnnouncement', {
      body: { cid, announcement: { id: aid, title: 'Note 2', content: 'Read me', status: 1 } },
    });
    expect([edited.status, edited.data?.title, edited.data?.status]).toEqual([200, 'Note 2', 1]);
    const list = await c('gadmin').call('groupContest.announcements', { query: { cid } });
    expect(list.data.records.map((a) => a.id)).toEqual([aid]);
    expect((await c('gadmin').call('groupContest.removeAnnouncement', { query: { aid, cid: other } })).msg).toBe(MSG.announcementNotFound);
    expect((await c('gmember').call('groupContest.removeAnnouncement', { query: { aid, cid } })).http).toBe(403);
    expect((await c('gadmin').call('groupContest.removeAnnouncement', { query: { aid, cid } })).status).toBe(200);
  });
});

describe('the contest itself: members only, group root is its admin, submissions carry the gid', () => {
  it('opens for members, not for others; a member removed from the group is refused at once', async () => {
    const cid = await makeContest('gadmin', { title: 'Live', openRank: true });
    expect((await c('gadmin').call('groupContest.addFromPublic', { body: { cid, pid: publicP, displayId: 'A' } })).status).toBe(200);

    const info = (who: string) => c(who).call('contest.info', { query: { cid } });
    expect((await info('gmember')).data).toMatchObject({ id: cid, gid, isContestAdmin: false });
    // The group's root administers every contest of the group (the policy, with the group level).
    expect((await info('groot')).data.isContestAdmin).toBe(true);
    expect((await info('gowner')).data.isContestAdmin).toBe(true);
    expect((await info('gadmin2')).data.isContestAdmin).toBe(false);
    for (const [who, http, msg] of [
      ['outsider', 403, MSG.groupNotMember],
      ['gapply', 403, MSG.groupNotMember],
      ['grefused', 403, MSG.groupNotMember],
      ['visitor', 401, MSG.loginFirst],
    ] as const) {
      const r = await info(who);
      expect([who, r.http, r.msg]).toEqual([who, http, msg]);
      expect([who, (await c(who).call('contest.problems', { query: { cid } })).http]).toEqual([who, http]);
      const board = await c(who).call('contest.outsideRank', { body: { cid } });
      expect([who, board.http]).toEqual([who, http]);
    }
    expect((await c('gmember').call('contest.outsideRank', { body: { cid } })).status).toBe(200);

    const sub = await submitTo(t, tok.gremoved!, cid, 'A');
    expect([sub.status, sub.msg]).toEqual([200, 'success']);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, sub.data.submitId));
    expect([row!.cid, row!.gid]).toEqual([cid, gid]);
    expect((await c('gremoved').call('submission.detail', { query: { submitId: sub.data.submitId } })).status).toBe(200);

    const removedUid = await uidOf(t, 'gremoved');
    await t.database.db.delete(groupMembers).where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, removedUid)));
    const calls = [
      c('gremoved').call('contest.info', { query: { cid } }),
      c('gremoved').call('contest.problems', { query: { cid } }),
      c('gremoved').call('contest.problemDetail', { query: { cid, displayId: 'A' } }),
      c('gremoved').call('submission.contestList', { query: { contestID: cid } }),
      c('gremoved').call('submission.detail', { query: { submitId: sub.data.submitId } }),
      c('gremoved').call('contest.rank', { body: { cid } }),
      c('gremoved').call('contest.announcements', { query: { cid } }),
      submitTo(t, tok.gremoved!, cid, 'A'),
    ];
    for (const r of await Promise.all(calls)) expect([r.http, r.msg]).toEqual([403, MSG.groupNotMember]);
  });

  it('a group contest board leaves its root off like the creator', async () => {
    const cid = await makeContest('gadmin', { title: 'Board' });
    await c('gadmin').call('groupContest.addFromPublic', { body: { cid, pid: publicP, displayId: 'A' } });
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, cid));
    for (const who of ['gmember', 'groot']) {
      await insertContestSubmission(t, {
        cid,
        pid: publicP,
        uid: await uidOf(t, who),
        username: who,
        status: JudgeStatus.ACCEPTED,
        submitTime: new Date(row!.startTime.getTime() + 60_000),
        gid,
      });
    }
    // Seen by someone not on the board (the viewer's own row would be pinned on top).
    const board = await c('gadmin2').call('contest.rank', { body: { cid } });
    expect(board.data.records.map((r) => r.username)).toEqual(['gmember']);
  });

  it('downloads accepted submissions for the contest admin only', async () => {
    const cid = await makeContest('gadmin', { title: 'Download' });
    await c('gadmin').call('groupContest.addFromPublic', { body: { cid, pid: publicP, displayId: 'A' } });
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, cid));
    await insertContestSubmission(t, {
      cid,
      pid: publicP,
      uid: await uidOf(t, 'gmember'),
      username: 'gmember',
      status: JudgeStatus.ACCEPTED,
      submitTime: new Date(row!.startTime.getTime() + 60_000),
      gid,
    });
    const dl = (who: string) => c(who).call('fileTransfer.contestAcSubmissions', { query: { cid, splitType: 'user' } });
    const ok = await dl('groot');
    expect([ok.http, ok.headers['content-type']]).toEqual([200, 'application/zip']);
    expect((await dl('gadmin')).http).toBe(200);
    expect((await dl('gadmin2')).http).toBe(403);
    expect((await dl('gmember')).http).toBe(403);
    expect((await dl('outsider')).http).toBe(403);
  });
});
