/**
 * Group problems and the group place: the members' and admins' lists, create/edit with the
 * short-name prefix and the OI even split, change auth, delete, test data with gid, the application to
 * the public bank and the super admin's review (the author told in the message centre); problem detail,
 * submit (gid stamped, the group judge switch), the group status list and submission detail for members
 * only — each level, the owner, a non-member, a visitor — and a member removed losing access at once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, GroupProblemApply, MSG, Role } from '@oj/shared';
import { aPlusBProblemBody } from '@oj/test-fixtures';
import { groupMembers, problems, submissions, tags, userSysNotices } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { startTestJudge, type TestJudge } from './daemon-helpers.js';
import { FakeJudge, testQueue } from './judge-helpers.js';
import { createUser, login, post, put, q, rootToken, uidOf } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { textEntries, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let gid: number;
let other: number;
let shortName: string;
const tok: Record<string, string> = {};

const USERS = ['owner', 'groot', 'gadm', 'gadm2', 'mem', 'applying', 'refused', 'outsider', 'padm', 'otherown'] as const;

type SaveBody = TypedInput<'groupProblem.create'>['body'];

/** An A + B problem of the group under test: `extra` overrides parts of the body, `problem` its fields. */
const problemBody = (problemId: string, extra: Partial<SaveBody> = {}, problem: Partial<SaveBody['problem']> = {}): SaveBody => ({
  ...aPlusBProblemBody(problemId, problem),
  gid,
  ...extra,
});

const as = (who: string | null) => client(t, who ? tok[who] : null);

const create = (who: string, problemId: string, extra: Partial<SaveBody> = {}, problem: Partial<SaveBody['problem']> = {}) =>
  as(who).call('groupProblem.create', { body: problemBody(problemId, extra, problem) });

const detail = (who: string | null, problemId: string, g: number | null = gid) =>
  as(who).call('problem.detail', { query: g ? { problemId, gid: g } : { problemId } });

const submitIn = (who: string, problemId: string, g: number | null = gid) =>
  as(who).call('submission.submit', { body: { pid: problemId, gid: g ?? undefined, language: 'C', code: 'int main(){return 0;}' } });

async function problemRow(pid: number) {
  const [row] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
  return row!;
}

let judge: TestJudge;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  // Compiling checkers (and running package programs) is a judge's job.
  judge = await startTestJudge(t, 'group-problem');
  // registers the languages submissions name (nothing is judged here)
  await FakeJudge.start(t, 'gpj');
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  for (const u of USERS) await createUser(t, { username: u, roles: u === 'padm' ? [Role.PROBLEM_ADMIN] : undefined });
  for (const u of USERS) tok[u] = await login(t, u);
  tok.root = await rootToken(t);
  gid = await insertGroup(t, {
    owner: 'owner',
    members: {
      groot: GroupLevel.ROOT,
      gadm: GroupLevel.ADMIN,
      gadm2: GroupLevel.ADMIN,
      mem: GroupLevel.MEMBER,
      applying: GroupLevel.APPLYING,
      refused: GroupLevel.REFUSED,
    },
  });
  other = await insertGroup(t, { owner: 'otherown' });
  shortName = (await as('owner').call('group.detail', { query: { gid } })).data.shortName;
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
});

describe('creating and editing group problems', () => {
  it('group admins create with the short name in front of the id; others are refused and nothing is written', async () => {
    const r = await create('gadm', 'A1');
    expect(r.status, r.msg).toBe(200);
    expect(r.data.problemId).toBe(`${shortName}A1`);
    const row = await problemRow(r.data.pid);
    expect(row).toMatchObject({ gid, isGroup: true, author: 'gadm', problemId: `${shortName}A1` });

    expect((await create('mem', 'A2')).http).toBe(403);
    expect((await create('applying', 'A2')).http).toBe(403);
    expect((await create('refused', 'A2')).http).toBe(403);
    const outsider = await create('outsider', 'A2');
    expect([outsider.http, outsider.msg]).toEqual([403, MSG.groupNotMember]);
    expect((await as(null).call('groupProblem.create', { body: problemBody('A2') })).http).toBe(401);
    // padm manages the bank, not a group he is not in
    expect((await create('padm', 'A2')).http).toBe(403);
    const none = await t.database.db
      .select()
      .from(problems)
      .where(eq(problems.problemId, `${shortName}A2`));
    expect(none).toHaveLength(0);
  });

  it('the owner, group root and super admin create too; bad input is a 400 or a message and writes nothing', async () => {
    for (const [who, id] of [
      ['owner', 'O1'],
      ['groot', 'R1'],
      ['root', 'S1'],
    ] as const)
      expect((await create(who, id)).status, who).toBe(200);
    expect((await create('gadm', 'A1')).msg).toBe(MSG.problemIdExists);
    for (const bad of [
      problemBody('bad id!'),
      problemBody('B1', {}, { title: '' }),
      { ...problemBody('B1'), gid: 'x' },
      { ...problemBody('B1'), gid: undefined },
    ]) {
      const r = await post(t, '/api/group/problem', bad, { token: tok.gadm });
      expect(r.http, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const unknown = await as('gadm').call('groupProblem.create', { body: { ...problemBody('B1'), gid: 999999 } });
    expect(unknown.msg).toBe(MSG.groupNotFound);
    expect(
      await t.database.db
        .select()
        .from(problems)
        .where(eq(problems.problemId, `${shortName}B1`)),
    ).toHaveLength(0);
  });

  it('an OI problem without scores splits 100 points evenly over its cases', async () => {
    const samples = [1, 2, 3].map((i) => ({ input: `${i}\n`, output: `${i}\n` }));
    const r = await create('gadm', 'OI1', { samples }, { type: 1 });
    expect(r.status, r.msg).toBe(200);
    const cases = await as('gadm').call('groupProblem.cases', { query: { pid: r.data.pid } });
    expect(cases.data.map((c) => c.score)).toEqual([33, 33, 34]);
    expect((await as('mem').call('groupProblem.cases', { query: { pid: r.data.pid } })).http).toBe(403);
  });

  it('non-root admins edit only their own problems; the root edits every one', async () => {
    const mine = await create('gadm', 'E1');
    const pid = mine.data.pid;
    const loaded = await as('gadm').call('groupProblem.get', { query: { pid } });
    expect(loaded.data.problem.problemId).toBe(`${shortName}E1`);
    const edit = (who: string, title: string) => as(who).call('groupProblem.update', { body: problemBody('E1', {}, { id: pid, title }) });
    const foreign = await edit('gadm2', 'Taken over');
    expect([foreign.http, foreign.msg]).toEqual([403, MSG.groupProblemNotYours]);
    expect((await as('gadm2').call('groupProblem.get', { query: { pid } })).http).toBe(403);
    expect((await edit('mem', 'Member edit')).http).toBe(403);
    expect((await problemRow(pid)).title).toBe('Problem E1');
    expect((await edit('gadm', 'Own edit')).status).toBe(200);
    expect((await edit('groot', 'Root edit')).status).toBe(200);
    expect((await edit('owner', 'Owner edit')).status).toBe(200);
    expect((await problemRow(pid)).title).toBe('Owner edit');
    // renamed through the form: still prefixed
    expect((await as('gadm').call('groupProblem.update', { body: problemBody('E2', {}, { id: pid }) })).data.problemId).toBe(`${shortName}E2`);
    // saved with its id unchanged (the id as get-problem answers it, short name included): the id stays
    const same = await as('gadm').call('groupProblem.update', { body: problemBody(`${shortName}E2`, {}, { id: pid, title: 'Same id' }) });
    expect([same.status, same.data.problemId]).toEqual([200, `${shortName}E2`]);
    expect(await problemRow(pid)).toMatchObject({ problemId: `${shortName}E2`, title: 'Same id' });
    // the body must name the problem's own group
    const wrongGroup = await as('otherown').call('groupProblem.update', { body: { ...problemBody('E3', {}, { id: pid }), gid: other } });
    expect(wrongGroup.http).toBe(403);
  });

  it('lists: members see the public problems with counts, admins all with what they may do', async () => {
    const priv = await create('gadm', 'P1', {}, {});
    await as('gadm').call('groupProblem.changeAuth', { query: { pid: priv.data.pid, auth: 2 } });
    const list = await as('mem').call('groupProblem.list', { query: { gid, limit: 100 } });
    expect(list.status).toBe(200);
    const ids = list.data.records.map((r) => r.problemId);
    expect(ids).toContain(`${shortName}A1`);
    expect(ids).not.toContain(`${shortName}P1`);
    expect(list.data.records[0]).toMatchObject({ total: expect.any(Number), ac: expect.any(Number), tags: expect.any(Array) });
    for (const who of ['outsider', 'applying', 'refused']) expect((await as(who).call('groupProblem.list', { query: { gid } })).http, who).toBe(403);
    expect((await as(null).call('groupProblem.list', { query: { gid } })).http).toBe(401);

    expect((await as('mem').call('groupProblem.adminList', { query: { gid } })).http).toBe(403);
    const adm = await as('gadm2').call('groupProblem.adminList', { query: { gid, limit: 100 } });
    const byId = Object.fromEntries(adm.data.records.map((r) => [r.problemId.slice(shortName.length), r.editable]));
    expect(byId.P1).toBe(false);
    expect(byId).toHaveProperty('P1');
    const asRoot = await as('groot').call('groupProblem.adminList', { query: { gid, limit: 100 } });
    expect(asRoot.data.records.every((r) => r.editable)).toBe(true);
    // another group's problems never show here
    const x1 = await as('otherown').call('groupProblem.create', { body: { ...problemBody('X1'), gid: other } });
    expect(x1.status).toBe(200);
    const again = await as('groot').call('groupProblem.adminList', { query: { gid, limit: 100 } });
    expect(again.data.records.length).toBe(asRoot.data.records.length);
    expect(again.data.records.some((r) => r.id === x1.data.pid)).toBe(false);
  });

  it('change auth: public or private only, by those who manage the problem', async () => {
    const r = await create('gadm', 'AU1');
    const change = (who: string, auth: 1 | 2) => as(who).call('groupProblem.changeAuth', { query: { pid: r.data.pid, auth } });
    expect((await put(t, '/api/group/change-problem-auth', undefined, { token: tok.gadm, ...q({ pid: r.data.pid, auth: 3 }) })).http).toBe(400);
    expect((await change('mem', 2)).http).toBe(403);
    expect((await change('gadm2', 2)).msg).toBe(MSG.groupProblemNotYours);
    expect((await problemRow(r.data.pid)).auth).toBe(1);
    expect((await change('gadm', 2)).status).toBe(200);
    expect((await problemRow(r.data.pid)).auth).toBe(2);
    // private: members no longer open it, admins still do
    expect((await detail('mem', `${shortName}AU1`)).msg).toBe(MSG.problemNotFound);
    expect((await detail('gadm2', `${shortName}AU1`)).status).toBe(200);
  });

  it('delete: only who manages the problem', async () => {
    const r = await create('gadm', 'D1');
    const remove = (who: string, pid: number) => as(who).call('groupProblem.remove', { query: { pid } });
    expect((await remove('gadm2', r.data.pid)).msg).toBe(MSG.groupProblemNotYours);
    expect((await remove('mem', r.data.pid)).http).toBe(403);
    expect((await remove('gadm', r.data.pid)).status).toBe(200);
    expect(await t.database.db.select().from(problems).where(eq(problems.id, r.data.pid))).toHaveLength(0);
    // a bank problem is not a group problem
    const [bank] = await t.database.db.insert(problems).values({ problemId: 'BANK1', title: 'Bank' }).returning({ id: problems.id });
    expect((await remove('owner', bank!.id)).msg).toBe(MSG.problemNotFound);
  });
});

describe('test data of group problems', () => {
  const zipped = zip(textEntries({ '1.in': '1 1\n', '1.out': '2\n' }));

  it('upload-testcase-zip with gid: the group admins; the zip then saves with the problem', async () => {
    const up = (who: string | null, g = gid) =>
      uploadTo(t, '/api/file/upload-testcase-zip', {
        token: who ? tok[who]! : null,
        filename: 'c.zip',
        content: zipped,
        query: { gid: String(g), mode: 'default' },
      });
    expect((await up('mem')).http).toBe(403);
    expect((await up('outsider')).http).toBe(403);
    expect((await up(null)).http).toBe(401);
    expect((await up('gadm', other)).http).toBe(403);
    const ok = await up('gadm');
    expect(ok.status, ok.msg).toBe(200);
    const r = await create('gadm', 'Z1', { samples: undefined, isUploadTestCase: true, uploadTestcaseDir: ok.data.fileListDir });
    expect(r.status, r.msg).toBe(200);
    const cases = await as('gadm').call('groupProblem.cases', { query: { pid: r.data.pid } });
    expect(cases.data).toHaveLength(1);
    // without gid a plain user is still refused
    expect((await uploadTo(t, '/api/file/upload-testcase-zip', { token: tok.mem!, filename: 'c.zip', content: zipped })).http).toBe(403);
  });

  it('upload-md-img with gid: members of the group only', async () => {
    const img = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5a40000000049454e44ae426082',
      'hex',
    );
    const up = (who: string, g = gid) =>
      uploadTo(t, '/api/file/upload-md-img', { token: tok[who]!, field: 'image', filename: 'a.png', content: img, query: { gid: String(g) } });
    expect((await up('outsider')).http).toBe(403);
    expect((await up('applying')).http).toBe(403);
    expect((await up('mem', 999999)).msg).toBe(MSG.groupNotFound);
    const ok = await up('mem');
    expect(ok.status, ok.msg).toBe(200);
  });

  it('download-testcase: who manages the group problem, the problem admins; nobody else', async () => {
    const r = await create('gadm', 'DL1');
    const dl = (who: string | null) => as(who).call('fileTransfer.downloadTestcase', { query: { pid: r.data.pid } });
    expect((await dl('gadm')).http).toBe(200);
    expect((await dl('gadm')).headers['content-type']).toBe('application/zip');
    expect((await dl('groot')).http).toBe(200);
    expect((await dl('root')).http).toBe(200);
    expect((await dl('gadm2')).msg).toBe(MSG.groupProblemNotYours);
    expect((await dl('mem')).http).toBe(403);
    expect((await dl('outsider')).http).toBe(403);
    expect((await dl(null)).http).toBe(401);
  });
});

describe('the group place: problem, submit, status, submission detail', () => {
  let submitId: number;
  const pidOf = () => `${shortName}A1`;

  it('problem detail with gid: members only', async () => {
    expect((await detail('mem', pidOf())).data.problem.problemId).toBe(pidOf());
    for (const who of ['owner', 'groot', 'gadm', 'root']) expect((await detail(who, pidOf())).status, who).toBe(200);
    for (const who of ['outsider', 'applying', 'refused']) {
      const r = await detail(who, pidOf());
      expect([r.http, r.msg], who).toEqual([403, MSG.groupNotMember]);
    }
    expect((await detail(null, pidOf())).http).toBe(401);
    // outside the group (the bank) a group problem does not exist; neither in another group
    expect((await detail('mem', pidOf(), null)).msg).toBe(MSG.problemNotFound);
    expect((await detail('otherown', pidOf(), other)).msg).toBe(MSG.problemNotFound);
    // the bank's problem is not the group's
    expect((await detail('mem', 'BANK1')).msg).toBe(MSG.problemNotFound);
  });

  it('submit stamps the group; non-members cannot; the group judge switch closes it', async () => {
    const r = await submitIn('mem', pidOf());
    expect(r.status, r.msg).toBe(200);
    submitId = r.data.submitId;
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.submitId, submitId));
    expect(row).toMatchObject({ gid, cid: 0, displayPid: pidOf() });
    expect((await submitIn('outsider', pidOf())).msg).toBe(MSG.groupNotMember);
    expect((await submitIn('mem', pidOf(), null)).msg).toBe(MSG.problemNotFound);
    // not even the super admin submits to it outside the group (it would land on /status)
    expect((await submitIn('root', pidOf(), null)).msg).toBe(MSG.problemNotFound);
    expect((await detail('root', pidOf(), null)).msg).toBe(MSG.problemNotFound);
    await putSetting(t.database.db, 'switch', { openGroupJudge: false });
    try {
      expect((await submitIn('mem', pidOf())).msg).toBe(MSG.groupJudgeClosed);
    } finally {
      await putSetting(t.database.db, 'switch', { openGroupJudge: true });
    }
  });

  it('get-submission-list?gid=: members only; the site status never shows it', async () => {
    const list = await as('mem').call('submission.list', { query: { gid } });
    expect(list.data.records.map((s) => s.submitId)).toContain(submitId);
    for (const who of ['outsider', 'applying', 'refused', 'otherown']) {
      const r = await as(who).call('submission.list', { query: { gid } });
      expect([r.http, r.msg], who).toEqual([403, MSG.groupNotMember]);
    }
    expect((await as(null).call('submission.list', { query: { gid } })).http).toBe(401);
    expect((await as('mem').call('submission.list', { query: { gid: 999999 } })).msg).toBe(MSG.groupNotFound);
    const site = await as('root').call('submission.list');
    expect(site.data.records.map((s) => s.submitId)).not.toContain(submitId);
  });

  it('submission detail, case results and the status poll: members only', async () => {
    const d = await as('mem').call('submission.detail', { query: { submitId } });
    expect(d.data.submission.code).toContain('main');
    // group admins read members' code
    expect((await as('gadm2').call('submission.detail', { query: { submitId } })).data.submission.code).toContain('main');
    for (const who of ['outsider', 'applying']) expect((await as(who).call('submission.detail', { query: { submitId } })).http, who).toBe(403);
    expect((await as(null).call('submission.detail', { query: { submitId } })).http).toBe(401);
    expect((await as('outsider').call('submission.caseResult', { query: { submitId } })).http).toBe(403);
    // the poll: without gid (the bank) a non-member learns nothing; with gid a non-member is refused
    const poll = (who: string | null, g?: number) => as(who).call('submission.checkStatus', { body: { submitIds: [submitId], gid: g } });
    expect((await poll('outsider')).data).toEqual({});
    expect((await poll(null)).data).toEqual({});
    expect((await poll('outsider', gid)).http).toBe(403);
    expect(Object.keys((await poll('mem', gid)).data)).toEqual([String(submitId)]);
    expect(Object.keys((await poll('mem')).data)).toEqual([String(submitId)]);
  });

  it('the focus mode bar and own status in the group', async () => {
    const bar = await as('mem').call('problem.fullScreenList', { query: { gid } });
    const ids = bar.data.map((p) => p.problemId);
    expect(ids).toContain(pidOf());
    expect(ids).not.toContain(`${shortName}P1`);
    expect((await as('outsider').call('problem.fullScreenList', { query: { gid } })).http).toBe(403);
  });

  it('a member removed from the group loses its problems and submissions at once', async () => {
    const memUid = await uidOf(t, 'mem');
    await t.database.db.delete(groupMembers).where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, memUid)));
    try {
      expect((await detail('mem', pidOf())).http).toBe(403);
      expect((await as('mem').call('groupProblem.list', { query: { gid } })).http).toBe(403);
      expect((await as('mem').call('submission.list', { query: { gid } })).http).toBe(403);
      // his own submission too: it belongs to the group
      expect((await as('mem').call('submission.detail', { query: { submitId } })).http).toBe(403);
      expect((await submitIn('mem', pidOf())).http).toBe(403);
      expect((await as('mem').call('submission.checkStatus', { body: { submitIds: [submitId] } })).data).toEqual({});
    } finally {
      await t.database.db.insert(groupMembers).values({ gid, uid: memUid, auth: GroupLevel.MEMBER });
    }
  });
});

describe('applying to the public bank and the review', () => {
  let pid: number;

  const mine = async (who: string) =>
    t.database.db
      .select()
      .from(userSysNotices)
      .where(and(eq(userSysNotices.recipientId, await uidOf(t, who)), eq(userSysNotices.type, 'Mine')));

  const apply = (who: string, isApplied: boolean) => as(who).call('groupProblem.applyPublic', { query: { pid, isApplied } });
  type Review = Omit<TypedInput<'adminGroupProblem.changeProgress'>['body'], 'pid'>;
  const review = (who: string, body: Review) => as(who).call('adminGroupProblem.changeProgress', { body: { pid, ...body } });

  it('apply and cancel, each once; only who manages the problem', async () => {
    const r = await create('gadm', 'PUB1');
    pid = r.data.pid;
    expect((await apply('mem', true)).http).toBe(403);
    expect((await apply('gadm2', true)).msg).toBe(MSG.groupProblemNotYours);
    expect((await apply('gadm', false)).msg).toBe(MSG.groupProblemNotApplying);
    expect((await apply('gadm', true)).status).toBe(200);
    expect((await problemRow(pid)).applyPublicProgress).toBe(GroupProblemApply.APPLYING);
    expect((await apply('gadm', true)).msg).toBe(MSG.groupProblemApplying);
    expect((await apply('gadm', false)).status).toBe(200);
    expect((await problemRow(pid)).applyPublicProgress).toBeNull();
    expect((await apply('gadm', true)).status).toBe(200);
  });

  it('the review: super admin only; refuse keeps it in the group and tells the author', async () => {
    for (const who of ['padm', 'gadm', 'owner']) {
      expect((await as(who).call('adminGroupProblem.list')).http, who).toBe(403);
      expect((await review(who, { progress: 2 })).http, who).toBe(403);
    }
    const list = await as('root').call('adminGroupProblem.list');
    const row = list.data.records.find((x) => x.id === pid);
    expect(row).toMatchObject({ gid, problemId: `${shortName}PUB1`, suggestedProblemId: 'PUB1', groupShortName: shortName });
    expect((await put(t, '/api/admin/group-problem/change-progress', { pid, progress: 1 }, { token: tok.root })).http).toBe(400);
    expect((await review('root', { progress: 3 })).status).toBe(200);
    expect(await problemRow(pid)).toMatchObject({ gid, isGroup: true, applyPublicProgress: GroupProblemApply.REFUSED });
    const told = await mine('gadm');
    expect(told.map((m) => m.title)).toContain(MSG.mineGroupProblemRefused);
    expect((await review('root', { progress: 3 })).msg).toBe(MSG.groupProblemNotApplying);
    expect((await as('root').call('adminGroupProblem.list')).data.records.some((x) => x.id === pid)).toBe(false);
  });

  it('agree moves the problem into the public bank under a new id; a taken id is refused and changes nothing', async () => {
    expect((await apply('gadm', true)).status).toBe(200);
    await submitIn('mem', `${shortName}PUB1`);
    expect((await review('root', { progress: 2, problemId: 'BANK1' })).msg).toBe(MSG.problemIdExists);
    expect((await problemRow(pid)).gid).toBe(gid);
    expect((await put(t, '/api/admin/group-problem/change-progress', { pid, progress: 2, problemId: 'bad id' }, { token: tok.root })).http).toBe(400);
    expect((await review('root', { progress: 2 })).status).toBe(200);
    expect(await problemRow(pid)).toMatchObject({ gid: null, isGroup: false, problemId: 'PUB1', auth: 1, applyPublicProgress: GroupProblemApply.PUBLIC });
    // now in the bank for everyone, gone from the group's lists
    expect((await detail('outsider', 'PUB1', null)).status).toBe(200);
    const groupList = await as('mem').call('groupProblem.list', { query: { gid, limit: 100 } });
    expect(groupList.data.records.some((r) => r.id === pid)).toBe(false);
    // its submissions show the new id
    const subs = await t.database.db.select().from(submissions).where(eq(submissions.pid, pid));
    expect(subs.every((s) => s.displayPid === 'PUB1')).toBe(true);
    expect((await mine('gadm')).map((m) => m.title)).toContain(MSG.mineGroupProblemAccepted);
  });

  it('compile-spj / compile-interactive with gid: group admins only', async () => {
    const body = { code: 'int main(){return 0;}', language: 'C' };
    expect((await as('mem').call('groupProblem.compileSpj', { query: { gid }, body })).http).toBe(403);
    expect((await as('outsider').call('groupProblem.compileInteractive', { query: { gid }, body })).http).toBe(403);
    expect((await as(null).call('groupProblem.compileSpj', { query: { gid }, body })).http).toBe(401);
    expect((await post(t, '/api/group/compile-spj', body, { token: tok.gadm })).http).toBe(400);
    // the real sandbox compiles it for the group's admins: a broken checker answers the compiler's message
    const broken = await as('gadm').call('groupProblem.compileSpj', { query: { gid }, body: { code: 'int main( {', language: 'C' } });
    expect(broken.status).toBe(400);
    expect(broken.msg).toMatch(/error/i);
    const fine = await as('gadm').call('groupProblem.compileSpj', { query: { gid }, body });
    expect([fine.status, fine.msg]).toEqual([200, MSG.compileSucceeded]);
  });

  it('a special judge that does not compile is refused on save and nothing is written', async () => {
    const r = await create('gadm', 'SPJ1', {}, { judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main( {' });
    expect(r.status).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(problems)
        .where(eq(problems.problemId, `${shortName}SPJ1`)),
    ).toHaveLength(0);
  });

  it("the tags offered: the site bank and the group; a new tag of a group problem is the group's", async () => {
    const made = await create('gadm', 'TG1', { tags: [{ name: `GroupTag${gid}` }] });
    expect(made.status, made.msg).toBe(200);
    const [tag] = await t.database.db
      .select()
      .from(tags)
      .where(eq(tags.name, `GroupTag${gid}`));
    expect(tag!.gid).toBe(gid);
    const r = await as('gadm').call('groupProblem.tags', { query: { gid } });
    expect(r.data.map((x) => x.name)).toContain(`GroupTag${gid}`);
    // not offered to another group, nor usable there by id, nor in the site's list
    const elsewhere = await as('otherown').call('groupProblem.tags', { query: { gid: other } });
    expect(elsewhere.data.map((x) => x.name)).not.toContain(`GroupTag${gid}`);
    const byId = await as('otherown').call('groupProblem.create', { body: { ...problemBody('TG2'), gid: other, tags: [{ id: tag!.id }] } });
    expect(byId.msg).toBe(MSG.notFound);
    // nor on a bank problem: the bank would show the group's private tag to everyone
    const onBank = await as('root').call('adminProblem.create', { body: { ...aPlusBProblemBody('TG3'), tags: [{ id: tag!.id }] } });
    expect(onBank.msg).toBe(MSG.notFound);
    expect((await t.database.db.select().from(problems).where(eq(problems.problemId, 'TG3'))).length).toBe(0);
    expect((await as('mem').call('groupProblem.tags', { query: { gid } })).http).toBe(403);
  });
});
