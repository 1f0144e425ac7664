/**
 * Group trainings (form checks, access rules): every group training call at each level
 * (owner, root 5, admin 4, member 3, applying 1, refused 2, non-member, visitor, super admin), the
 * form's rules, problems from public problems (the use policy) and from the group's own, categories,
 * the inside of a group training through the site's training calls (members only, the private
 * password), submissions stamped with the group, and a removed member losing everything at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { GroupAuth, GroupLevel, groupTrainingEndpoints, JudgeStatus, MSG, ProblemAuth, type GroupLevelValue } from '@oj/shared';
import { groupMembers, submissions, trainingCategories, trainings } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login, post, put, q, rootToken, uidOf } from './helpers.js';
import { insertGroup } from './group-helpers.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { createCategory, createTraining, trainingForm } from './training-helpers.js';
import { client } from './client.js';

let t: TestApp;
let judge: FakeJudge;
let gid: number;
let otherGid: number;
let siteCat: number;
let siteTraining: number;
const tok: Record<string, string> = {};
const pids: Record<string, number> = {};

const USERS = ['owner', 'gr5', 'ga4', 'ga4b', 'gm3', 'gm3b', 'gap1', 'gre2', 'out', 'other'] as const;

const groupForm = (o: { categoryId?: number; gid?: number; [k: string]: unknown } = {}) => {
  const { gid: g, ...rest } = o;
  const form = trainingForm(rest);
  return { ...form, training: { ...form.training!, gid: g ?? gid } };
};

async function addTraining(token: string, o: Record<string, unknown> = {}) {
  const r = await client(t, token).call('groupTraining.add', { body: groupForm({ categoryId: siteCat, ...o }) });
  if (r.status !== 200) throw new Error(`add group training: ${r.msg}`);
  return r.data.training.id as number;
}

const trainingCount = async () => (await t.database.db.select({ n: count() }).from(trainings))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'gtj');
  tok.root = await rootToken(t);
  for (const u of USERS) await createUser(t, { username: u });
  for (const u of USERS) tok[u] = await login(t, u);
  gid = await insertGroup(t, {
    owner: 'owner',
    auth: GroupAuth.PRIVATE,
    members: {
      gr5: GroupLevel.ROOT,
      ga4: GroupLevel.ADMIN,
      ga4b: GroupLevel.ADMIN,
      gm3: GroupLevel.MEMBER,
      gm3b: GroupLevel.MEMBER,
      gap1: GroupLevel.APPLYING,
      gre2: GroupLevel.REFUSED,
    },
  });
  otherGid = await insertGroup(t, { owner: 'other' });
  pids.pub = await createProblem(t, { problemId: 'GT1', title: 'Public one' });
  pids.pub2 = await createProblem(t, { problemId: 'GT2', title: 'Public two' });
  pids.hidden = await createProblem(t, { problemId: 'GT3', title: 'Hidden of root', auth: ProblemAuth.HIDDEN, author: 'root' });
  pids.own = await createProblem(t, { problemId: 'GRP-1', title: 'Group own', gid, isGroup: true, auth: ProblemAuth.HIDDEN, author: 'ga4' });
  pids.foreign = await createProblem(t, { problemId: 'OTH-1', title: 'Other group', gid: otherGid, isGroup: true, author: 'other' });
  siteCat = await createCategory(t, tok.root!, 'Site basics', '#ff0000');
  siteTraining = await createTraining(t, tok.root!, { title: 'A site training', categoryId: siteCat }, [pids.pub!]);
});

afterAll(() => t.close());

describe('the calls', () => {
  it('serves every call of the group training table, and refuses visitors with 401 on each', async () => {
    const entries = Object.entries(groupTrainingEndpoints);
    expect(entries.filter(([, e]) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` })).map(([k]) => k)).toEqual([]);
    for (const [, e] of entries) {
      const r = await call(t, e.method, `/api/${e.path}`, { query: { gid: String(gid), tid: '1', cid: '1', pid: '1', problemId: 'X' }, body: {} });
      expect(r.http, `${e.method} ${e.path}`).toBe(401);
    }
  });
});

describe('creating, editing, deleting', () => {
  it('lets group admins, roots, the owner and the super admin create; members, applicants, refused and outsiders get 403', async () => {
    const before = await trainingCount();
    for (const u of ['gm3', 'gap1', 'gre2', 'out']) {
      const r = await client(t, tok[u]).call('groupTraining.add', { body: groupForm({ categoryId: siteCat, title: `By ${u}` }) });
      expect(r.http, u).toBe(403);
    }
    expect((await client(t, tok.out).call('groupTraining.add', { body: groupForm({ categoryId: siteCat }) })).msg).toBe(MSG.groupNotMember);
    expect(await trainingCount()).toBe(before);
    for (const u of ['ga4', 'gr5', 'owner', 'root']) {
      const r = await client(t, tok[u]).call('groupTraining.add', { body: groupForm({ categoryId: siteCat, title: `By ${u}` }) });
      expect(r.status, u).toBe(200);
      expect(r.data.training).toMatchObject({ gid, author: u, title: `By ${u}` });
    }
    const [row] = await t.database.db.select().from(trainings).where(eq(trainings.title, 'By ga4'));
    expect(row).toMatchObject({ gid, uid: await uidOf(t, 'ga4') });
  });

  it('checks the form with its messages and changes nothing', async () => {
    const before = await trainingCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', categoryId: siteCat }, MSG.trainingTitleRequired],
      [{ description: '  ', categoryId: siteCat }, MSG.trainingDescriptionRequired],
      [{}, MSG.trainingCategoryRequired],
      [{ auth: 'Private', privatePwd: '', categoryId: siteCat }, MSG.trainingPasswordRequired],
      [{ categoryId: 999999 }, MSG.trainingCategoryNotFound],
    ];
    for (const [o, msg] of cases) expect((await client(t, tok.ga4).call('groupTraining.add', { body: groupForm(o) })).msg).toBe(msg);
    // another group's own category is not this group's
    const foreignCat = await client(t, tok.other).call('groupTraining.addCategory', { body: { gid: otherGid, name: 'Theirs', color: '#123456' } });
    expect(foreignCat.status).toBe(200);
    expect((await client(t, tok.ga4).call('groupTraining.add', { body: groupForm({ categoryId: foreignCat.data.id }) })).msg).toBe(
      MSG.trainingCategoryNotFound,
    );
    // malformed: HTTP 400
    for (const body of [
      groupForm({ categoryId: siteCat, rank: -1 }),
      groupForm({ categoryId: siteCat, rank: 2147483648 }),
      groupForm({ categoryId: siteCat, auth: 'Secret' }),
      { training: { title: 'No group', description: 'x' }, trainingCategory: { id: siteCat } },
      groupForm({ categoryId: siteCat, gid: -3 }),
    ]) {
      expect((await post(t, '/api/group/training', body, { token: tok.ga4 })).http).toBe(400);
    }
    // a group that does not exist
    expect((await client(t, tok.root).call('groupTraining.add', { body: groupForm({ categoryId: siteCat, gid: 999999 }) })).msg).toBe(MSG.groupNotFound);
    expect(await trainingCount()).toBe(before);
  });

  it('lets the author (while a group admin), group roots, the owner and the super admin edit; other admins and members get 403', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Edit me' });
    const edit = (u: string, title: string) => client(t, tok[u]).call('groupTraining.update', { body: groupForm({ id: tid, title, categoryId: siteCat }) });
    for (const u of ['ga4b', 'gm3', 'gap1', 'gre2', 'out']) expect((await edit(u, `Hacked by ${u}`)).http, u).toBe(403);
    for (const u of ['ga4', 'gr5', 'owner', 'root']) expect((await edit(u, `Edited by ${u}`)).status, u).toBe(200);
    expect((await client(t, tok.ga4).call('groupTraining.get', { query: { tid } })).data.training.title).toBe('Edited by root');
    expect((await client(t, tok.ga4b).call('groupTraining.get', { query: { tid } })).http).toBe(403);
    // the group calls never reach a site training
    expect((await client(t, tok.root).call('groupTraining.get', { query: { tid: siteTraining } })).msg).toBe(MSG.trainingNotFound);
    expect((await client(t, tok.root).call('groupTraining.update', { body: groupForm({ id: siteTraining, categoryId: siteCat }) })).msg).toBe(
      MSG.trainingNotFound,
    );
    // demoted to a member, the author no longer edits it; promoted back, he does again
    const ga4 = await uidOf(t, 'ga4');
    const level = (auth: GroupLevelValue) =>
      t.database.db
        .update(groupMembers)
        .set({ auth })
        .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, ga4)));
    await level(GroupLevel.MEMBER);
    expect((await edit('ga4', 'While a member')).http).toBe(403);
    await level(GroupLevel.ADMIN);
    expect((await edit('ga4', 'Admin again')).status).toBe(200);
  });

  it('switches visibility: hidden trainings leave the members list but stay in the admin list', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Now you see me' });
    const status = (u: string, s: boolean) => client(t, tok[u]).call('groupTraining.changeStatus', { query: { tid, status: s } });
    expect((await status('gm3', false)).http).toBe(403);
    expect((await status('ga4b', false)).http).toBe(403);
    expect((await status('ga4', false)).status).toBe(200);
    const list = await client(t, tok.gm3).call('groupTraining.list', { query: { gid, limit: 100 } });
    expect(list.data.records.map((r: { id: number }) => r.id)).not.toContain(tid);
    expect((await client(t, tok.gm3).call('training.detail', { query: { tid } })).msg).toBe(MSG.trainingNotFound);
    const admin = await client(t, tok.ga4b).call('groupTraining.adminList', { query: { gid, limit: 100 } });
    expect(admin.data.records.find((r: { id: number }) => r.id === tid)).toMatchObject({ status: false });
    expect((await client(t, tok.ga4).call('training.detail', { query: { tid } })).status).toBe(200);
    expect((await status('gr5', true)).status).toBe(200);
    const again = await client(t, tok.gm3).call('groupTraining.list', { query: { gid, limit: 100 } });
    expect(again.data.records.map((r: { id: number }) => r.id)).toContain(tid);
  });

  it('deletes: the author or a group root; another admin and members get 403', async () => {
    const a = await addTraining(tok.ga4!, { title: 'Delete by author' });
    const b = await addTraining(tok.ga4!, { title: 'Delete by root' });
    for (const u of ['ga4b', 'gm3', 'out']) expect((await client(t, tok[u]).call('groupTraining.remove', { query: { tid: a } })).http, u).toBe(403);
    expect((await client(t, tok.ga4).call('groupTraining.remove', { query: { tid: a } })).status).toBe(200);
    expect((await client(t, tok.gr5).call('groupTraining.remove', { query: { tid: b } })).status).toBe(200);
    expect(await t.database.db.select().from(trainings).where(eq(trainings.id, a))).toEqual([]);
    expect((await client(t, tok.root).call('groupTraining.remove', { query: { tid: siteTraining } })).msg).toBe(MSG.trainingNotFound);
  });
});

describe('lists', () => {
  it('lists the group trainings to members (the columns of the training list) and refuses everyone outside', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Listed', rank: 0 });
    await client(t, tok.ga4).call('groupTraining.addFromPublic', { body: { tid, pid: pids.pub } });
    for (const u of ['gm3', 'ga4', 'gr5', 'owner', 'root']) {
      const r = await client(t, tok[u]).call('groupTraining.list', { query: { gid } });
      expect(r.status, u).toBe(200);
      expect(r.data.records[0]).toMatchObject({
        id: tid,
        rank: 0,
        title: 'Listed',
        auth: 'Public',
        categoryName: 'Site basics',
        categoryColor: '#ff0000',
        problemCount: 1,
        acCount: 0,
        author: 'ga4',
        gid,
      });
    }
    for (const u of ['gap1', 'gre2', 'out']) {
      const r = await client(t, tok[u]).call('groupTraining.list', { query: { gid } });
      expect([r.http, r.msg], u).toEqual([403, MSG.groupNotMember]);
    }
    // members are not admins
    expect((await client(t, tok.gm3).call('groupTraining.adminList', { query: { gid } })).http).toBe(403);
    // group trainings stay out of the site's list
    const site = await client(t, tok.gm3).call('training.list', { query: { limit: 100 } });
    expect(site.data.records.map((r: { id: number }) => r.id)).toEqual([siteTraining]);
  });

  it('gives the password in the admin list only to each training admin', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Secret admin list', auth: 'Private', privatePwd: 'pw-ga4' });
    const rowFor = async (u: string) =>
      (await client(t, tok[u]).call('groupTraining.adminList', { query: { gid, limit: 100 } })).data.records.find((r: { id: number }) => r.id === tid);
    expect((await rowFor('ga4'))!.privatePwd).toBe('pw-ga4');
    expect((await rowFor('gr5'))!.privatePwd).toBe('pw-ga4');
    expect((await rowFor('ga4b'))!.privatePwd).toBeNull();
  });
});

describe('problems of a group training', () => {
  it('adds public problems the caller may use and the group own ones by id; refuses the rest', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'With problems' });
    const fromPublic = (u: string, pid: number) => client(t, tok[u]).call('groupTraining.addFromPublic', { body: { tid, pid } });
    const fromGroup = (u: string, problemId: string) => client(t, tok[u]).call('groupTraining.addFromGroup', { query: { tid, problemId } });
    expect((await fromPublic('gm3', pids.pub!)).http).toBe(403);
    expect((await fromPublic('ga4b', pids.pub!)).http).toBe(403);
    expect((await fromPublic('ga4', pids.pub!)).status).toBe(200);
    expect((await fromPublic('ga4', pids.pub!)).msg).toBe(MSG.trainingProblemExists);
    expect((await fromPublic('ga4', pids.hidden!)).msg).toBe(MSG.problemNotFound);
    expect((await fromPublic('ga4', pids.own!)).msg).toBe(MSG.problemNotFound);
    expect((await fromPublic('ga4', 999999)).msg).toBe(MSG.problemNotFound);
    // the candidates offered are public bank problems not in the training yet
    const offered = await client(t, tok.ga4).call('groupTraining.problems', { query: { tid, queryExisted: false, limit: 100 } });
    const ids = offered.data.problemList.records.map((r: { problemId: string }) => r.problemId);
    expect(ids).toContain('GT2');
    expect(ids).not.toContain('GT1');
    expect(ids).not.toContain('GT3');
    expect(ids).not.toContain('GRP-1');
    // from the group: its own problem by the id it is shown with, case-insensitively
    expect((await fromGroup('gm3', 'GRP-1')).http).toBe(403);
    const own = await fromGroup('ga4', 'grp-1');
    expect(own.data).toMatchObject({ tid, pid: pids.own, displayId: 'GRP-1' });
    expect((await fromGroup('ga4', 'GRP-1')).msg).toBe(MSG.trainingProblemExists);
    expect((await fromGroup('ga4', 'OTH-1')).msg).toBe(MSG.problemNotFound);
    expect((await fromGroup('ga4', 'GT2')).msg).toBe(MSG.problemNotFound);
    expect((await post(t, '/api/group/add-training-problem-from-group', {}, { token: tok.ga4, ...q({ tid, problemId: '' }) })).http).toBe(400);
    // the admin list with their links; the rank edit reorders them
    const existing = await client(t, tok.ga4).call('groupTraining.problems', { query: { tid } });
    expect(existing.data.problemList.records.map((r: { problemId: string }) => r.problemId)).toEqual(['GT1', 'GRP-1']);
    const link = existing.data.trainingProblemMap[String(pids.own)];
    expect((await client(t, tok.gm3).call('groupTraining.updateProblem', { body: { id: link.id, rank: 1 } })).http).toBe(403);
    expect((await put(t, '/api/group/training-problem', { id: link.id, rank: -1 }, { token: tok.ga4 })).http).toBe(400);
    expect((await client(t, tok.ga4).call('groupTraining.updateProblem', { body: { id: link.id, rank: 1 } })).data.rank).toBe(1);
    const reordered = await client(t, tok.gm3).call('training.problems', { query: { tid } });
    expect(reordered.data.map((r: { problemId: string }) => r.problemId)).toEqual(['GRP-1', 'GT1']);
    // a site training's link is not reachable through the group calls
    const siteLinks = await client(t, tok.root).call('adminTraining.problems', { query: { tid: siteTraining } });
    const siteLink = siteLinks.data.trainingProblemMap[String(pids.pub)];
    expect((await client(t, tok.root).call('groupTraining.updateProblem', { body: { id: siteLink.id, rank: 5 } })).msg).toBe(MSG.trainingNotFound);
    // remove
    expect((await client(t, tok.gm3).call('groupTraining.removeProblem', { query: { tid, pid: pids.pub! } })).http).toBe(403);
    expect((await client(t, tok.gr5).call('groupTraining.removeProblem', { query: { tid, pid: pids.pub! } })).status).toBe(200);
    expect((await client(t, tok.gr5).call('groupTraining.removeProblem', { query: { tid, pid: pids.pub! } })).msg).toBe(MSG.problemNotFound);
    expect((await client(t, tok.gm3).call('training.problems', { query: { tid } })).data.map((r: { problemId: string }) => r.problemId)).toEqual(['GRP-1']);
  });
});

describe('inside a group training (the site calls, members only)', () => {
  it('opens to members, stamps submissions with the group, ranks them, and refuses outsiders', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Inside' });
    await client(t, tok.ga4).call('groupTraining.addFromGroup', { query: { tid, problemId: 'GRP-1' } });
    const detail = await client(t, tok.gm3).call('training.detail', { query: { tid } });
    expect(detail.data).toMatchObject({ id: tid, gid, title: 'Inside', problemCount: 1 });
    const problem = await client(t, tok.gm3).call('problem.detail', { query: { problemId: 'GRP-1', tid } });
    expect(problem.data.problem.title).toBe('Group own');
    const sub = await client(t, tok.gm3).call('submission.submit', { body: { pid: 'GRP-1', tid, language: 'C++', code: 'int main(){return 0;}' } });
    expect(sub.status).toBe(200);
    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.ACCEPTED });
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, sub.data.submitId));
    expect(row).toMatchObject({ gid, tid, cid: 0, pid: pids.own });
    const rank = await client(t, tok.gm3).call('training.rank', { query: { tid } });
    expect(rank.data.records).toMatchObject([{ username: 'gm3', ac: 1, realname: null }]);
    const list = await client(t, tok.gm3).call('groupTraining.list', { query: { gid, limit: 100 } });
    expect(list.data.records.find((r: { id: number }) => r.id === tid)).toMatchObject({ acCount: 1, problemCount: 1 });
    for (const u of ['gap1', 'gre2', 'out', 'other']) {
      for (const r of [
        await client(t, tok[u]).call('training.detail', { query: { tid } }),
        await client(t, tok[u]).call('training.access', { query: { tid } }),
        await client(t, tok[u]).call('training.problems', { query: { tid } }),
        await client(t, tok[u]).call('training.rank', { query: { tid } }),
        await client(t, tok[u]).call('problem.detail', { query: { problemId: 'GRP-1', tid } }),
        await client(t, tok[u]).call('submission.submit', { body: { pid: 'GRP-1', tid, language: 'C++', code: 'x' } }),
        await client(t, tok[u]).call('training.register', { body: { tid, password: 'x' } }),
      ]) {
        expect([r.http, r.msg], u).toEqual([403, MSG.groupNotMember]);
      }
    }
    // a visitor: 401
    expect((await client(t).call('training.detail', { query: { tid } })).http).toBe(401);
  });

  it('asks members for the password of a private one; its admins never need it and see real names', async () => {
    const tid = await addTraining(tok.ga4!, { title: 'Locked', auth: 'Private', privatePwd: 'group pw' });
    await client(t, tok.ga4).call('groupTraining.addFromPublic', { body: { tid, pid: pids.pub } });
    expect((await client(t, tok.gm3b).call('training.access', { query: { tid } })).data).toEqual({ access: false });
    expect((await client(t, tok.gm3b).call('training.problems', { query: { tid } })).msg).toBe(MSG.trainingNotRegistered);
    expect((await client(t, tok.gm3b).call('training.register', { body: { tid, password: '' } })).msg).toBe(MSG.enterTrainingPassword);
    expect((await client(t, tok.gm3b).call('training.register', { body: { tid, password: 'wrong' } })).msg).toBe(MSG.trainingPasswordWrong);
    expect((await client(t, tok.gm3b).call('training.register', { body: { tid, password: 'group pw' } })).msg).toBe(MSG.trainingRegistered);
    expect((await client(t, tok.gm3b).call('training.problems', { query: { tid } })).status).toBe(200);
    for (const u of ['ga4', 'gr5', 'owner', 'root'])
      expect((await client(t, tok[u]).call('training.access', { query: { tid } })).data, u).toEqual({ access: true });
    // another group admin is not this training's admin: he needs the password like a member
    expect((await client(t, tok.ga4b).call('training.access', { query: { tid } })).data).toEqual({ access: false });
    await client(t, tok.gm3b).call('submission.submit', { body: { pid: 'GT1', tid, language: 'C++', code: 'int main(){return 0;}' } });
    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.WRONG_ANSWER });
    await t.database.db.execute(sql`update user_info set realname = 'Real Name B' where username = 'gm3b'`);
    const asAdmin = await client(t, tok.gr5).call('training.rank', { query: { tid } });
    expect(asAdmin.data.records[0]).toMatchObject({ username: 'gm3b', realname: 'Real Name B' });
    const asMember = await client(t, tok.gm3b).call('training.rank', { query: { tid } });
    expect(asMember.data.records[0]).toMatchObject({ username: 'gm3b', realname: null });
  });

  it('takes everything from a member removed from the group at once', async () => {
    await createUser(t, { username: 'leaver' });
    const leaver = await login(t, 'leaver');
    const leaverUid = await uidOf(t, 'leaver');
    await t.database.db.insert(groupMembers).values({ gid, uid: leaverUid, auth: GroupLevel.MEMBER });
    const tid = await addTraining(tok.ga4!, { title: 'Before leaving' });
    await client(t, tok.ga4).call('groupTraining.addFromGroup', { query: { tid, problemId: 'GRP-1' } });
    const calls = () => [
      client(t, leaver).call('groupTraining.list', { query: { gid } }),
      client(t, leaver).call('groupTraining.categories', { query: { gid } }),
      client(t, leaver).call('training.detail', { query: { tid } }),
      client(t, leaver).call('training.problems', { query: { tid } }),
      client(t, leaver).call('training.rank', { query: { tid } }),
      client(t, leaver).call('problem.detail', { query: { problemId: 'GRP-1', tid } }),
      client(t, leaver).call('problem.fullScreenList', { query: { tid } }),
    ];
    for (const r of await Promise.all(calls())) expect(r.status).toBe(200);
    await t.database.db.delete(groupMembers).where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, leaverUid)));
    for (const r of await Promise.all(calls())) expect([r.http, r.msg]).toEqual([403, MSG.groupNotMember]);
    const sub = await client(t, leaver).call('submission.submit', { body: { pid: 'GRP-1', tid, language: 'C++', code: 'int main(){return 0;}' } });
    expect([sub.http, sub.msg]).toEqual([403, MSG.groupNotMember]);
  });
});

describe('the group training categories', () => {
  it('lists the site and the group categories to members; group admins manage the group ones', async () => {
    const add = (u: string, name: string, g = gid) => client(t, tok[u]).call('groupTraining.addCategory', { body: { gid: g, name, color: '#00aa00' } });
    expect((await add('gm3', 'Members cannot')).http).toBe(403);
    expect((await add('out', 'Outsiders cannot')).http).toBe(403);
    const mine = await add('ga4b', 'Class 1');
    expect(mine.data).toMatchObject({ name: 'Class 1', gid });
    expect((await add('ga4', 'class 1')).msg).toBe(MSG.trainingCategoryExists);
    // the same name in another group or on the site is fine
    expect((await add('other', 'Class 1', otherGid)).status).toBe(200);
    expect((await post(t, '/api/group/training-category', { gid, name: 'X', color: 'red;background:url(x)' }, { token: tok.ga4 })).http).toBe(400);
    expect((await post(t, '/api/group/training-category', { gid, name: '', color: '#000' }, { token: tok.ga4 })).http).toBe(400);
    expect((await client(t, tok.ga4).call('groupTraining.addCategory', { body: { name: 'No group', color: '#000' } })).msg).toBe(MSG.groupNotFound);
    const list = await client(t, tok.gm3).call('groupTraining.categories', { query: { gid } });
    const names = list.data.map((c: { name: string }) => c.name);
    expect(names[0]).toBe('Site basics');
    expect(names).toContain('Class 1');
    expect(list.data.filter((c: { gid: number | null }) => c.gid !== null && c.gid !== gid)).toEqual([]);
    expect((await client(t, tok.out).call('groupTraining.categories', { query: { gid } })).http).toBe(403);
    // a training of the group may use it; then it cannot be deleted
    const tid = await addTraining(tok.ga4!, { title: 'In class 1', categoryId: mine.data.id });
    expect((await client(t, tok.gm3).call('training.detail', { query: { tid } })).data).toMatchObject({
      categoryName: 'Class 1',
      categoryColor: '#00aa00',
    });
    expect((await client(t, tok.ga4).call('groupTraining.removeCategory', { query: { cid: mine.data.id } })).msg).toBe(MSG.trainingCategoryInUse);
    // edit: this group's admins only; site categories are not the group's
    expect((await client(t, tok.other).call('groupTraining.updateCategory', { body: { id: mine.data.id, name: 'Renamed', color: '#111' } })).http).toBe(403);
    expect((await client(t, tok.ga4).call('groupTraining.updateCategory', { body: { id: mine.data.id, name: 'Renamed', color: '#111' } })).data.name).toBe(
      'Renamed',
    );
    expect((await client(t, tok.root).call('groupTraining.updateCategory', { body: { id: siteCat, name: 'Taken over', color: '#111' } })).msg).toBe(
      MSG.trainingCategoryNotFound,
    );
    expect((await client(t, tok.root).call('groupTraining.removeCategory', { query: { cid: siteCat } })).msg).toBe(MSG.trainingCategoryNotFound);
    await client(t, tok.ga4).call('groupTraining.remove', { query: { tid } });
    expect((await client(t, tok.gm3).call('groupTraining.removeCategory', { query: { cid: mine.data.id } })).http).toBe(403);
    expect((await client(t, tok.ga4).call('groupTraining.removeCategory', { query: { cid: mine.data.id } })).status).toBe(200);
    expect(await t.database.db.select().from(trainingCategories).where(eq(trainingCategories.id, mine.data.id))).toEqual([]);
  });
});

describe('bad inputs', () => {
  it('answers malformed calls with HTTP 400, never 500', async () => {
    const bad: [string, string, Record<string, string>, unknown][] = [
      ['GET', '/api/group/get-training-list', { gid: 'abc' }, undefined],
      ['GET', '/api/group/get-training-list', { gid: '1e99' }, undefined],
      ['GET', '/api/group/get-admin-training-list', { gid: String(gid), limit: '0' }, undefined],
      ['GET', '/api/group/training', { tid: '-1' }, undefined],
      ['DELETE', '/api/group/training', {}, undefined],
      ['PUT', '/api/group/change-training-status', { tid: '1', status: 'maybe' }, {}],
      ['GET', '/api/group/get-training-problem-list', { tid: '1', queryExisted: 'perhaps' }, undefined],
      ['PUT', '/api/group/training-problem', {}, { id: 1, rank: 'first' }],
      ['DELETE', '/api/group/training-problem', { tid: '1' }, undefined],
      ['POST', '/api/group/add-training-problem-from-public', {}, { tid: 1 }],
      ['POST', '/api/group/add-training-problem-from-group', { tid: '1', problemId: 'x'.repeat(300) }, {}],
      ['GET', '/api/group/get-training-category', {}, undefined],
      ['DELETE', '/api/group/training-category', { cid: '0' }, undefined],
    ];
    for (const [method, url, query, body] of bad) {
      const r = await call(t, method as 'GET', url, { token: tok.root, query, body });
      expect(r.http, `${method} ${url}`).toBe(400);
    }
    // well-formed but unknown: the catalogue's messages
    expect((await client(t, tok.root).call('groupTraining.list', { query: { gid: 999999 } })).msg).toBe(MSG.groupNotFound);
    expect((await client(t, tok.root).call('groupTraining.get', { query: { tid: 999999 } })).msg).toBe(MSG.trainingNotFound);
    expect((await client(t, tok.root).call('groupTraining.removeCategory', { query: { cid: 999999 } })).msg).toBe(MSG.trainingCategoryNotFound);
  });
});
