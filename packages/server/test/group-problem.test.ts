/**
 * Group problems and the group place (issue 15): the members' and admins' lists, create/edit with the
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
import { createUser, del, get, login, post, put, q, rootToken, uidOf } from './helpers.js';
import { textEntries, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let gid: number;
let other: number;
let shortName: string;
const tok: Record<string, string> = {};

const USERS = ['owner', 'groot', 'gadm', 'gadm2', 'mem', 'applying', 'refused', 'outsider', 'padm', 'otherown'] as const;

/** An A + B problem of the group under test: `extra` overrides parts of the body, `problem` its fields. */
const problemBody = (problemId: string, extra: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) =>
  aPlusBProblemBody(problemId, problem, { gid, ...extra });

const create = (who: string, problemId: string, extra: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) =>
  post(t, '/api/group/problem', problemBody(problemId, extra, problem), { token: tok[who] });

const detail = (who: string | null, problemId: string, g: number | null = gid) =>
  get(t, '/api/get-problem-detail', { token: who ? tok[who] : null, ...q(g ? { problemId, gid: g } : { problemId }) });

const submitIn = (who: string, problemId: string, g: number | null = gid) =>
  post(t, '/api/submit-problem-judge', { pid: problemId, gid: g ?? undefined, language: 'C', code: 'int main(){return 0;}' }, { token: tok[who] });

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
  shortName = (await get(t, '/api/get-group-detail', { token: tok.owner, ...q({ gid }) })).data.shortName;
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
    expect((await post(t, '/api/group/problem', problemBody('A2'), { token: null })).http).toBe(401);
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
    const unknown = await post(t, '/api/group/problem', { ...problemBody('B1'), gid: 999999 }, { token: tok.gadm });
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
    const cases = await get(t, '/api/group/get-problem-cases', { token: tok.gadm, ...q({ pid: r.data.pid }) });
    expect(cases.data.map((c: { score: number }) => c.score)).toEqual([33, 33, 34]);
    expect((await get(t, '/api/group/get-problem-cases', { token: tok.mem, ...q({ pid: r.data.pid }) })).http).toBe(403);
  });

  it('non-root admins edit only their own problems; the root edits every one', async () => {
    const mine = await create('gadm', 'E1');
    const pid = mine.data.pid as number;
    const loaded = await get(t, '/api/group/problem', { token: tok.gadm, ...q({ pid }) });
    expect(loaded.data.problem.problemId).toBe(`${shortName}E1`);
    const edit = (who: string, title: string) => put(t, '/api/group/problem', problemBody('E1', {}, { id: pid, title }), { token: tok[who] });
    const foreign = await edit('gadm2', 'Taken over');
    expect([foreign.http, foreign.msg]).toEqual([403, MSG.groupProblemNotYours]);
    expect((await get(t, '/api/group/problem', { token: tok.gadm2, ...q({ pid }) })).http).toBe(403);
    expect((await edit('mem', 'Member edit')).http).toBe(403);
    expect((await problemRow(pid)).title).toBe('Problem E1');
    expect((await edit('gadm', 'Own edit')).status).toBe(200);
    expect((await edit('groot', 'Root edit')).status).toBe(200);
    expect((await edit('owner', 'Owner edit')).status).toBe(200);
    expect((await problemRow(pid)).title).toBe('Owner edit');
    // renamed through the form: still prefixed
    expect((await put(t, '/api/group/problem', problemBody('E2', {}, { id: pid }), { token: tok.gadm })).data.problemId).toBe(`${shortName}E2`);
    // saved with its id unchanged (the id as get-problem answers it, short name included): the id stays
    const same = await put(t, '/api/group/problem', problemBody(`${shortName}E2`, {}, { id: pid, title: 'Same id' }), { token: tok.gadm });
    expect([same.status, same.data.problemId]).toEqual([200, `${shortName}E2`]);
    expect(await problemRow(pid)).toMatchObject({ problemId: `${shortName}E2`, title: 'Same id' });
    // the body must name the problem's own group
    const wrongGroup = await put(t, '/api/group/problem', { ...problemBody('E3', {}, { id: pid }), gid: other }, { token: tok.otherown });
    expect(wrongGroup.http).toBe(403);
  });

  it('lists: members see the public problems with counts, admins all with what they may do', async () => {
    const priv = await create('gadm', 'P1', {}, {});
    await put(t, '/api/group/change-problem-auth', undefined, { token: tok.gadm, ...q({ pid: priv.data.pid, auth: 2 }) });
    const list = await get(t, '/api/group/get-problem-list', { token: tok.mem, ...q({ gid, limit: 100 }) });
    expect(list.status).toBe(200);
    const ids = list.data.records.map((r: { problemId: string }) => r.problemId);
    expect(ids).toContain(`${shortName}A1`);
    expect(ids).not.toContain(`${shortName}P1`);
    expect(list.data.records[0]).toMatchObject({ total: expect.any(Number), ac: expect.any(Number), tags: expect.any(Array) });
    for (const who of ['outsider', 'applying', 'refused'])
      expect((await get(t, '/api/group/get-problem-list', { token: tok[who], ...q({ gid }) })).http, who).toBe(403);
    expect((await get(t, '/api/group/get-problem-list', { ...q({ gid }) })).http).toBe(401);

    expect((await get(t, '/api/group/get-admin-problem-list', { token: tok.mem, ...q({ gid }) })).http).toBe(403);
    const adm = await get(t, '/api/group/get-admin-problem-list', { token: tok.gadm2, ...q({ gid, limit: 100 }) });
    const byId = Object.fromEntries(adm.data.records.map((r: { problemId: string; editable: boolean }) => [r.problemId.slice(shortName.length), r.editable]));
    expect(byId.P1).toBe(false);
    expect(byId).toHaveProperty('P1');
    const asRoot = await get(t, '/api/group/get-admin-problem-list', { token: tok.groot, ...q({ gid, limit: 100 }) });
    expect(asRoot.data.records.every((r: { editable: boolean }) => r.editable)).toBe(true);
    // another group's problems never show here
    await post(t, '/api/group/problem', { ...problemBody('X1'), gid: other }, { token: tok.otherown });
    expect(asRoot.data.records.some((r: { problemId: string }) => r.problemId.endsWith('X1'))).toBe(false);
  });

  it('change auth: public or private only, by those who manage the problem', async () => {
    const r = await create('gadm', 'AU1');
    const change = (who: string, auth: number) => put(t, '/api/group/change-problem-auth', undefined, { token: tok[who], ...q({ pid: r.data.pid, auth }) });
    expect((await change('gadm', 3)).http).toBe(400);
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
    expect((await del(t, '/api/group/problem', { token: tok.gadm2, ...q({ pid: r.data.pid }) })).msg).toBe(MSG.groupProblemNotYours);
    expect((await del(t, '/api/group/problem', { token: tok.mem, ...q({ pid: r.data.pid }) })).http).toBe(403);
    expect((await del(t, '/api/group/problem', { token: tok.gadm, ...q({ pid: r.data.pid }) })).status).toBe(200);
    expect(await t.database.db.select().from(problems).where(eq(problems.id, r.data.pid))).toHaveLength(0);
    // a bank problem is not a group problem
    const [bank] = await t.database.db.insert(problems).values({ problemId: 'BANK1', title: 'Bank' }).returning({ id: problems.id });
    expect((await del(t, '/api/group/problem', { token: tok.owner, ...q({ pid: bank!.id }) })).msg).toBe(MSG.problemNotFound);
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
    const cases = await get(t, '/api/group/get-problem-cases', { token: tok.gadm, ...q({ pid: r.data.pid }) });
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
    const dl = (who: string) => t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${r.data.pid}`, headers: { authorization: tok[who]! } });
    expect((await dl('gadm')).statusCode).toBe(200);
    expect((await dl('gadm')).headers['content-type']).toBe('application/zip');
    expect((await dl('groot')).statusCode).toBe(200);
    expect((await dl('root')).statusCode).toBe(200);
    expect((await dl('gadm2')).json().msg).toBe(MSG.groupProblemNotYours);
    expect((await dl('mem')).statusCode).toBe(403);
    expect((await dl('outsider')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${r.data.pid}` })).statusCode).toBe(401);
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
    const list = await get(t, '/api/get-submission-list', { token: tok.mem, ...q({ gid }) });
    expect(list.data.records.map((s: { submitId: number }) => s.submitId)).toContain(submitId);
    for (const who of ['outsider', 'applying', 'refused', 'otherown']) {
      const r = await get(t, '/api/get-submission-list', { token: tok[who], ...q({ gid }) });
      expect([r.http, r.msg], who).toEqual([403, MSG.groupNotMember]);
    }
    expect((await get(t, '/api/get-submission-list', q({ gid }))).http).toBe(401);
    expect((await get(t, '/api/get-submission-list', { ...q({ gid: 999999 }), token: tok.mem })).msg).toBe(MSG.groupNotFound);
    const site = await get(t, '/api/get-submission-list', { token: tok.root });
    expect(site.data.records.map((s: { submitId: number }) => s.submitId)).not.toContain(submitId);
  });

  it('submission detail, case results and the status poll: members only', async () => {
    const d = await get(t, '/api/get-submission-detail', { token: tok.mem, ...q({ submitId }) });
    expect(d.data.submission.code).toContain('main');
    // group admins read members' code
    expect((await get(t, '/api/get-submission-detail', { token: tok.gadm2, ...q({ submitId }) })).data.submission.code).toContain('main');
    for (const who of ['outsider', 'applying'])
      expect((await get(t, '/api/get-submission-detail', { token: tok[who], ...q({ submitId }) })).http, who).toBe(403);
    expect((await get(t, '/api/get-submission-detail', q({ submitId }))).http).toBe(401);
    expect((await get(t, '/api/get-all-case-result', { token: tok.outsider, ...q({ submitId }) })).http).toBe(403);
    // the poll: without gid (the bank) a non-member learns nothing; with gid a non-member is refused
    expect((await post(t, '/api/check-submissions-status', { submitIds: [submitId] }, { token: tok.outsider })).data).toEqual({});
    expect((await post(t, '/api/check-submissions-status', { submitIds: [submitId] })).data).toEqual({});
    expect((await post(t, '/api/check-submissions-status', { submitIds: [submitId], gid }, { token: tok.outsider })).http).toBe(403);
    expect(Object.keys((await post(t, '/api/check-submissions-status', { submitIds: [submitId], gid }, { token: tok.mem })).data)).toEqual([String(submitId)]);
    expect(Object.keys((await post(t, '/api/check-submissions-status', { submitIds: [submitId] }, { token: tok.mem })).data)).toEqual([String(submitId)]);
  });

  it('the focus mode bar and own status in the group', async () => {
    const bar = await get(t, '/api/get-full-screen-problem-list', { token: tok.mem, ...q({ gid }) });
    const ids = bar.data.map((p: { problemId: string }) => p.problemId);
    expect(ids).toContain(pidOf());
    expect(ids).not.toContain(`${shortName}P1`);
    expect((await get(t, '/api/get-full-screen-problem-list', { token: tok.outsider, ...q({ gid }) })).http).toBe(403);
  });

  it('a member removed from the group loses its problems and submissions at once', async () => {
    const memUid = await uidOf(t, 'mem');
    await t.database.db.delete(groupMembers).where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, memUid)));
    try {
      expect((await detail('mem', pidOf())).http).toBe(403);
      expect((await get(t, '/api/group/get-problem-list', { token: tok.mem, ...q({ gid }) })).http).toBe(403);
      expect((await get(t, '/api/get-submission-list', { token: tok.mem, ...q({ gid }) })).http).toBe(403);
      // his own submission too: it belongs to the group
      expect((await get(t, '/api/get-submission-detail', { token: tok.mem, ...q({ submitId }) })).http).toBe(403);
      expect((await submitIn('mem', pidOf())).http).toBe(403);
      expect((await post(t, '/api/check-submissions-status', { submitIds: [submitId] }, { token: tok.mem })).data).toEqual({});
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

  const apply = (who: string, isApplied: boolean) =>
    put(t, '/api/group/apply-public', undefined, { token: tok[who], ...q({ pid, isApplied: String(isApplied) }) });
  const review = (who: string, body: Record<string, unknown>) => put(t, '/api/admin/group-problem/change-progress', { pid, ...body }, { token: tok[who] });

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
      expect((await get(t, '/api/admin/group-problem/list', { token: tok[who] })).http, who).toBe(403);
      expect((await review(who, { progress: 2 })).http, who).toBe(403);
    }
    const list = await get(t, '/api/admin/group-problem/list', { token: tok.root });
    const row = list.data.records.find((x: { id: number }) => x.id === pid);
    expect(row).toMatchObject({ gid, problemId: `${shortName}PUB1`, suggestedProblemId: 'PUB1', groupShortName: shortName });
    expect((await review('root', { progress: 1 })).http).toBe(400);
    expect((await review('root', { progress: 3 })).status).toBe(200);
    expect(await problemRow(pid)).toMatchObject({ gid, isGroup: true, applyPublicProgress: GroupProblemApply.REFUSED });
    const told = await mine('gadm');
    expect(told.map((m) => m.title)).toContain(MSG.mineGroupProblemRefused);
    expect((await review('root', { progress: 3 })).msg).toBe(MSG.groupProblemNotApplying);
    expect((await get(t, '/api/admin/group-problem/list', { token: tok.root })).data.records.some((x: { id: number }) => x.id === pid)).toBe(false);
  });

  it('agree moves the problem into the public bank under a new id; a taken id is refused and changes nothing', async () => {
    expect((await apply('gadm', true)).status).toBe(200);
    await submitIn('mem', `${shortName}PUB1`);
    expect((await review('root', { progress: 2, problemId: 'BANK1' })).msg).toBe(MSG.problemIdExists);
    expect((await problemRow(pid)).gid).toBe(gid);
    expect((await review('root', { progress: 2, problemId: 'bad id' })).http).toBe(400);
    expect((await review('root', { progress: 2 })).status).toBe(200);
    expect(await problemRow(pid)).toMatchObject({ gid: null, isGroup: false, problemId: 'PUB1', auth: 1, applyPublicProgress: GroupProblemApply.PUBLIC });
    // now in the bank for everyone, gone from the group's lists
    expect((await detail('outsider', 'PUB1', null)).status).toBe(200);
    const groupList = await get(t, '/api/group/get-problem-list', { token: tok.mem, ...q({ gid, limit: 100 }) });
    expect(groupList.data.records.some((r: { id: number }) => r.id === pid)).toBe(false);
    // its submissions show the new id
    const subs = await t.database.db.select().from(submissions).where(eq(submissions.pid, pid));
    expect(subs.every((s) => s.displayPid === 'PUB1')).toBe(true);
    expect((await mine('gadm')).map((m) => m.title)).toContain(MSG.mineGroupProblemAccepted);
  });

  it('compile-spj / compile-interactive with gid: group admins only', async () => {
    const body = { code: 'int main(){return 0;}', language: 'C' };
    expect((await post(t, '/api/group/compile-spj', body, { token: tok.mem, ...q({ gid }) })).http).toBe(403);
    expect((await post(t, '/api/group/compile-interactive', body, { token: tok.outsider, ...q({ gid }) })).http).toBe(403);
    expect((await post(t, '/api/group/compile-spj', body, q({ gid }))).http).toBe(401);
    expect((await post(t, '/api/group/compile-spj', body, { token: tok.gadm })).http).toBe(400);
    // the real sandbox compiles it for the group's admins: a broken checker answers the compiler's message
    const broken = await post(t, '/api/group/compile-spj', { code: 'int main( {', language: 'C' }, { token: tok.gadm, ...q({ gid }) });
    expect(broken.status).toBe(400);
    expect(broken.msg).toMatch(/error/i);
    const fine = await post(t, '/api/group/compile-spj', body, { token: tok.gadm, ...q({ gid }) });
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
    const r = await get(t, '/api/group/get-all-problem-tags', { token: tok.gadm, ...q({ gid }) });
    expect(r.data.map((x: { name: string }) => x.name)).toContain(`GroupTag${gid}`);
    // not offered to another group, nor usable there by id, nor in the site's list
    const elsewhere = await get(t, '/api/group/get-all-problem-tags', { token: tok.otherown, ...q({ gid: other }) });
    expect(elsewhere.data.map((x: { name: string }) => x.name)).not.toContain(`GroupTag${gid}`);
    const byId = await post(t, '/api/group/problem', { ...problemBody('TG2'), gid: other, tags: [{ id: tag!.id }] }, { token: tok.otherown });
    expect(byId.msg).toBe(MSG.notFound);
    expect((await get(t, '/api/group/get-all-problem-tags', { token: tok.mem, ...q({ gid }) })).http).toBe(403);
  });
});
