/** Contest management: the form's checks, who may manage which contest, contest problems and announcements. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role, type AdminContestProblemRow } from '@oj/shared';
import { contestForm, createContest, iso } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, rootToken } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
let padmin: string;
let admin2: string;
let alice: string;
let acmP: number;
let oiP: number;
let remoteP: number;

const form = (o: Record<string, unknown> = {}) => contestForm({ title: 'Weekly Round', ...o });

/** The problem form of /api/admin/contest/problem (a contest-only ACM problem with one case). */
const body = (problemId: string, problem: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  problem: { problemId, title: `Problem ${problemId}`, description: 'd', type: 0 as const, auth: 3 as const, ...problem },
  samples: [{ input: '1 2\n', output: '3\n' }],
  languages: [],
  tags: [],
  codeTemplates: [],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'admin2', roles: [Role.ADMIN] });
  await createUser(t, { username: 'alice' });
  [padmin, admin2, alice] = await Promise.all(['padmin', 'admin2', 'alice'].map((u) => login(t, u)));
  acmP = await createProblem(t, { problemId: 'P2000', title: 'A + B', type: 0 });
  oiP = await createProblem(t, { problemId: 'P2001', title: 'Knapsack', type: 1 });
  remoteP = await createProblem(t, { problemId: 'HDU-1000', title: 'Remote', type: 1, isRemote: true });
});

afterAll(() => t.close());

describe('contest form', () => {
  it('checks fields in the order and with the messages of the contest form validation', async () => {
    const now = Date.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'Contest Title is required'],
      [{ description: '' }, 'Contest Description is required'],
      [{ startTime: null }, 'Contest Start Time is required'],
      [{ endTime: '' }, 'Contest End Time is required'],
      // An end before the start makes the duration 0, so the duration message comes first.
      [{ endTime: iso(-61) }, MSG.contestDurationInvalid],
      [{ endTime: iso(-61), auth: 1 }, MSG.contestDurationInvalid],
      [{ startTime: iso(10, now), endTime: iso(10, now) }, MSG.contestDurationInvalid],
      [{ auth: 1, pwd: ' ' }, 'Contest Password is required'],
      [{ auth: 2 }, 'Contest Password is required'],
      [{ starAccount: ['bob', ' ', 'BOB'] }, MSG.contestStarDuplicate],
      [{ sealRank: true, sealRankTime: iso(500) }, MSG.contestSealTimeInvalid],
    ];
    for (const [patch, msg] of cases) {
      const r = await client(t, root).call('adminContest.create', { body: form(patch) });
      expect([r.http, r.status, r.msg], JSON.stringify(patch)).toEqual([200, 400, msg]);
    }
    const bad = await post(t, '/api/admin/contest', form({ startTime: 'yesterday-ish' }), { token: root });
    expect([bad.http, bad.status]).toEqual([400, 400]);
    expect(bad.msg).toContain('startTime');
    const badType = await post(t, '/api/admin/contest', form({ type: 7 }), { token: root });
    expect([badType.http, badType.status]).toEqual([400, 400]);
  });

  it('keeps no account limit on a public contest', async () => {
    const r = await client(t, root).call('adminContest.create', { body: form({ openAccountLimit: true, accountLimitRule: '<prefix>t</prefix>' }) });
    expect(r.data.openAccountLimit).toBe(false);
  });

  it('does not let the form tie a contest to a group (that is done inside the group)', async () => {
    const r = await client(t, padmin).call('adminContest.create', { body: form({ gid: 7 }) });
    expect(r.data.gid).toBeNull();
    const edited = await client(t, padmin).call('adminContest.update', { body: { ...form({ gid: 7 }), id: r.data.id } });
    expect(edited.status, edited.msg).toBe(200);
    expect((await client(t, padmin).call('adminContest.get', { query: { cid: r.data.id } })).data.gid).toBeNull();
  });

  it('creates with every field, derives duration, whole-contest seal and default awards', async () => {
    const r = await client(t, padmin).call('adminContest.create', {
      body: form({
        auth: 2,
        pwd: 'secret',
        sealRank: true,
        autoRealRank: false,
        openPrint: true,
        openRank: true,
        rankShowName: 'realname',
        openAccountLimit: true,
        accountLimitRule: '<prefix>team</prefix><suffix></suffix><start>1</start><end>5</end><extra>alice</extra>',
        starAccount: [' star1 ', ''],
        oiRankScoreType: 'Highest',
        awardType: 1,
        allowEndSubmit: true,
        duration: 5,
      }),
    });
    expect(r.status).toBe(200);
    const c = r.data;
    expect(c).toMatchObject({
      title: 'Weekly Round',
      author: 'padmin',
      auth: 2,
      pwd: 'secret',
      duration: 180 * 60_000,
      status: 0,
      sealRank: true,
      sealRankTime: c.startTime,
      autoRealRank: false,
      starAccount: ['star1'],
      awardType: 1,
      rankShowName: 'realname',
      oiRankScoreType: 'Highest',
      visible: true,
      count: 0,
    });
    expect(c.awardConfigList.map((a) => [a.name, a.num])).toEqual([
      ['Gold', 10],
      ['Silver', 20],
      ['Bronze', 30],
    ]);
  });
});

describe('who manages which contest', () => {
  let mine: number;
  beforeAll(async () => {
    mine = (await client(t, padmin).call('adminContest.create', { body: form({ title: 'Padmin own' }) })).data.id;
  });

  it('normal users get 403 on every admin call', async () => {
    const calls = [
      await client(t, alice).call('adminContest.list'),
      await client(t, alice).call('adminContest.get', { query: { cid: mine } }),
      await client(t, alice).call('adminContest.create', { body: form() }),
      await client(t, alice).call('adminContest.update', { body: form({ id: mine }) }),
      await client(t, alice).call('adminContest.remove', { query: { cid: mine } }),
      await client(t, alice).call('adminContest.changeVisible', { query: { cid: mine, visible: false } }),
      await client(t, alice).call('adminContest.addFromPublic', { body: { cid: mine, pid: acmP, displayId: 'A' } }),
      await client(t, alice).call('adminContest.addAnnouncement', { body: { cid: mine, announcement: { title: 'x', content: 'y' } } }),
    ];
    for (const r of calls) expect(r.http).toBe(403);
    const anon = await client(t).call('adminContest.list');
    expect(anon.http).toBe(401);
  });

  it("another admin can neither read nor change someone else's contest; the super admin can", async () => {
    const q = { cid: mine };
    expect((await client(t, admin2).call('adminContest.get', { query: q })).http).toBe(403);
    expect((await client(t, admin2).call('adminContest.update', { body: form({ id: mine, title: 'Hijack' }) })).http).toBe(403);
    expect((await client(t, admin2).call('adminContest.remove', { query: q })).http).toBe(403);
    expect((await client(t, admin2).call('adminContest.announcements', { query: q })).http).toBe(403);
    const list2 = await client(t, admin2).call('adminContest.list');
    expect(list2.data.records.map((c) => c.id)).not.toContain(mine);
    const listRoot = await client(t, root).call('adminContest.list', { query: { keyword: 'padmin' } });
    expect(listRoot.data.records.map((c) => c.id)).toEqual([mine]);
    const r = await client(t, root).call('adminContest.update', { body: form({ id: mine, title: 'Renamed by root' }) });
    expect(r.status).toBe(200);
    expect(r.data.title).toBe('Renamed by root');
    expect(r.data.author).toBe('padmin');
  });

  it('keeps the rule type fixed on edit and toggles visibility', async () => {
    const r = await client(t, padmin).call('adminContest.update', { body: form({ id: mine, type: 1 }) });
    expect([r.status, r.msg]).toEqual([400, MSG.contestTypeFixed]);
    const v = await client(t, padmin).call('adminContest.changeVisible', { query: { cid: mine, visible: false } });
    expect(v.status).toBe(200);
    expect((await client(t, padmin).call('adminContest.get', { query: { cid: mine } })).data.visible).toBe(false);
    // hidden from the public list and unknown to participants
    const list = await client(t).call('contest.list', { query: { limit: 100 } });
    expect(list.data.records.map((c) => c.id)).not.toContain(mine);
    expect((await client(t, alice).call('contest.info', { query: { cid: mine } })).msg).toBe(MSG.contestNotFound);
    expect((await client(t, padmin).call('contest.info', { query: { cid: mine } })).status).toBe(200);
    expect((await client(t, root).call('adminContest.get', { query: { cid: 999999 } })).msg).toBe(MSG.contestNotFound);
  });
});

describe('contest problems', () => {
  let acm: number;
  let oi: number;
  beforeAll(async () => {
    acm = (await client(t, padmin).call('adminContest.create', { body: form({ title: 'ACM problems' }) })).data.id;
    oi = (await client(t, padmin).call('adminContest.create', { body: form({ title: 'OI problems', type: 1 }) })).data.id;
  });

  it('adds only problems of the contest rule (or remote ones) and keeps letters and problems unique', async () => {
    const add = (cid: number, pid: number, displayId: string, extra: Record<string, unknown> = {}) =>
      client(t, padmin).call('adminContest.addFromPublic', { body: { cid, pid, displayId, ...extra } });
    expect((await add(acm, oiP, 'A')).msg).toBe('This contest can only use ACM problems or remote judge problems.');
    expect((await add(oi, acmP, 'A')).msg).toBe('This contest can only use OI problems or remote judge problems.');
    const a = await add(acm, acmP, 'A', { color: '#ff0000' });
    expect(a.data).toMatchObject({ cid: acm, pid: acmP, displayId: 'A', displayTitle: 'A + B', color: '#ff0000' });
    expect((await add(acm, remoteP, 'B', { displayTitle: 'Imported' })).data.displayTitle).toBe('Imported');
    expect((await add(acm, acmP, 'C')).msg).toBe(MSG.contestProblemExists);
    const dup = await add(oi, oiP, 'a');
    expect(dup.status).toBe(200);
    expect((await add(oi, remoteP, 'A')).msg).toBe('The display ID A is already used in this contest.');
    expect((await add(acm, 999999, 'Z')).msg).toBe(MSG.problemNotFound);

    const listed = await client(t, padmin).call('adminContest.problems', { query: { cid: acm } });
    expect((listed.data.records as AdminContestProblemRow[]).map((r) => [r.displayId, r.problemId])).toEqual([
      ['A', 'P2000'],
      ['B', 'HDU-1000'],
    ]);
    const eligible = await client(t, padmin).call('adminContest.problems', { query: { cid: oi, queryExisted: false } });
    expect(eligible.data.records.map((r) => r.problemId)).toEqual(['HDU-1000']);
  });

  it('updates and removes a link', async () => {
    const u = await client(t, padmin).call('adminContest.updateLink', { body: { cid: acm, pid: acmP, displayId: 'C', displayTitle: 'Sum', color: '#00ff00' } });
    expect(u.data).toMatchObject({ displayId: 'C', displayTitle: 'Sum', color: '#00ff00' });
    const clash = await client(t, padmin).call('adminContest.updateLink', { body: { cid: acm, pid: acmP, displayId: 'b' } });
    expect(clash.msg).toBe('The display ID b is already used in this contest.');
    const g = await client(t, padmin).call('adminContest.problemLink', { query: { cid: acm, pid: acmP } });
    expect(g.data.displayId).toBe('C');
    expect((await client(t, padmin).call('adminContest.removeProblem', { query: { cid: acm, pid: remoteP } })).status).toBe(200);
    expect((await client(t, padmin).call('adminContest.removeProblem', { query: { cid: acm, pid: remoteP } })).msg).toBe(MSG.problemNotFound);
    expect((await client(t, padmin).call('adminContest.problems', { query: { cid: acm } })).data.total).toBe(1);
  });

  it('manages announcements', async () => {
    const a = await client(t, padmin).call('adminContest.addAnnouncement', { body: { cid: acm, announcement: { title: 'Note', content: 'Problem C fixed' } } });
    expect(a.data).toMatchObject({ cid: acm, title: 'Note', status: 0, username: 'padmin' });
    const u = await client(t, padmin).call('adminContest.updateAnnouncement', {
      body: { cid: acm, announcement: { id: a.data.id, title: 'Note 2', content: 'x', status: 1 } },
    });
    expect(u.data).toMatchObject({ title: 'Note 2', status: 1 });
    const wrongContest = await client(t, padmin).call('adminContest.updateAnnouncement', {
      body: { cid: oi, announcement: { id: a.data.id, title: 'x', content: 'x' } },
    });
    expect(wrongContest.msg).toBe(MSG.announcementNotFound);
    expect((await client(t, padmin).call('adminContest.announcements', { query: { cid: acm } })).data.total).toBe(1);
    expect((await client(t, admin2).call('adminContest.removeAnnouncement', { query: { aid: a.data.id } })).http).toBe(403);
    expect((await client(t, padmin).call('adminContest.removeAnnouncement', { query: { aid: a.data.id } })).status).toBe(200);
    expect((await client(t, padmin).call('adminContest.announcements', { query: { cid: acm } })).data.total).toBe(0);
  });

  it('deletes a contest with its links', async () => {
    expect((await client(t, padmin).call('adminContest.remove', { query: { cid: oi } })).status).toBe(200);
    expect((await client(t, padmin).call('adminContest.get', { query: { cid: oi } })).msg).toBe(MSG.contestNotFound);
  });
});

describe('problems made for a contest', () => {
  let acm: number;
  let other: number;
  beforeAll(async () => {
    acm = (await client(t, padmin).call('adminContest.create', { body: form({ title: 'Own problems' }) })).data.id;
    other = (await client(t, root).call('adminContest.create', { body: form({ title: 'Root only' }) })).data.id;
    await client(t, padmin).call('adminContest.addFromPublic', { body: { cid: acm, pid: acmP, displayId: 'A' } });
  });

  it('creates a problem and links it under its letter in one call', async () => {
    const r = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'B', displayTitle: ' Shown ', ...body('CP100') } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ problemId: 'CP100', link: { cid: acm, displayId: 'B', displayTitle: 'Shown', color: null } });
    const p = await client(t, padmin).call('adminProblem.get', { query: { pid: r.data.pid } });
    expect(p.data.problem).toMatchObject({ problemId: 'CP100', auth: 3, type: 0 });
    expect(p.data.cases).toHaveLength(1);
    const listed = await client(t, padmin).call('adminContest.problems', { query: { cid: acm } });
    expect((listed.data.records as AdminContestProblemRow[]).map((x) => [x.displayId, x.problemId])).toEqual([
      ['A', 'P2000'],
      ['B', 'CP100'],
    ]);
    // Without a display title the problem's own title is used.
    const c = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'C', ...body('CP101') } });
    expect(c.data.link.displayTitle).toBe('Problem CP101');
  });

  it('refuses a taken letter, the wrong rule and a taken problem id without leaving a problem behind', async () => {
    const count = async () => (await client(t, root).call('adminProblem.list', { query: { keyword: 'CP2', limit: 100 } })).data.total;
    const before = await count();
    const taken = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'a', ...body('CP200') } });
    expect(taken.msg).toBe('The display ID a is already used in this contest.');
    const rule = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'Z', ...body('CP201', { type: 1 }) } });
    expect(rule.msg).toBe('This contest can only use ACM problems or remote judge problems.');
    const dupId = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'Z', ...body('P2000') } });
    expect(dupId.msg).toBe(MSG.problemIdExists);
    expect(await count()).toBe(before);
    const noLetter = await post(t, '/api/admin/contest/problem', { cid: acm, displayId: ' ', ...body('CP202') }, { token: padmin });
    expect([noLetter.http, noLetter.status]).toEqual([400, 400]);
    expect(noLetter.msg).toContain('displayId');
  });

  it('edits a problem of the contest with its letter and title, keeping the balloon colour', async () => {
    const made = await client(t, padmin).call('adminContest.createProblem', { body: { cid: acm, displayId: 'D', ...body('CP300') } });
    const pid = made.data.pid as number;
    await client(t, padmin).call('adminContest.updateLink', { body: { cid: acm, pid, displayId: 'D', color: '#123456' } });
    const u = await client(t, padmin).call('adminContest.updateProblem', {
      body: { cid: acm, displayId: 'E', displayTitle: 'Renamed', ...body('CP300', { id: pid, title: 'New title', timeLimit: 2000 }, { samples: undefined }) },
    });
    expect(u.status, u.msg).toBe(200);
    expect(u.data.link).toMatchObject({ displayId: 'E', displayTitle: 'Renamed', color: '#123456' });
    const p = await client(t, padmin).call('adminProblem.get', { query: { pid: pid } });
    expect(p.data.problem).toMatchObject({ title: 'New title', timeLimit: 2000 });
    expect(p.data.cases).toHaveLength(1);
    const clash = await client(t, padmin).call('adminContest.updateProblem', { body: { cid: acm, displayId: 'A', ...body('CP300', { id: pid }) } });
    expect(clash.msg).toBe('The display ID A is already used in this contest.');
    // A problem that is not in this contest cannot be edited through it.
    const foreign = await client(t, padmin).call('adminContest.updateProblem', { body: { cid: acm, displayId: 'F', ...body('HDU-1000', { id: remoteP }) } });
    expect(foreign.msg).toBe(MSG.problemNotFound);
    const noId = await client(t, padmin).call('adminContest.updateProblem', { body: { cid: acm, displayId: 'F', ...body('CP300') } });
    expect(noId.msg).toBe(MSG.problemNotFound);
  });

  it('needs problem management and the contest', async () => {
    const make = (token: string, cid: number, problemId: string) =>
      client(t, token).call('adminContest.createProblem', { body: { cid, displayId: 'Q', ...body(problemId) } });
    // an admin without problem management, a normal user
    expect((await make(admin2, acm, 'CP400')).http).toBe(403);
    expect((await make(alice, acm, 'CP401')).http).toBe(403);
    expect((await client(t, admin2).call('adminContest.updateProblem', { body: { cid: acm, displayId: 'Q', ...body('CP402', { id: acmP }) } })).http).toBe(403);
    // a problem admin on someone else's contest
    expect((await make(padmin, other, 'CP403')).http).toBe(403);
    const rootMade = await make(root, other, 'CP404');
    expect(rootMade.status, rootMade.msg).toBe(200);
    // without login
    expect((await client(t).call('adminContest.createProblem', { body: { cid: acm, displayId: 'Q', ...body('CP405') } })).http).toBe(401);

    // editing: a normal user, a visitor and a problem admin on someone else's contest are refused
    const edit = (token: string | null, cid: number, pid: number, problemId: string) =>
      client(t, token).call('adminContest.updateProblem', {
        body: { cid, displayId: 'Q', displayTitle: 'Hijacked', ...body(problemId, { id: pid, title: 'Hijacked' }) },
      });
    expect((await edit(alice, acm, acmP, 'P2000')).http).toBe(403);
    expect((await edit(null, acm, acmP, 'P2000')).http).toBe(401);
    expect((await edit(padmin, other, rootMade.data.pid, 'CP404')).http).toBe(403);
    // nothing was changed by the refused calls, and root may edit its own
    const link = await client(t, root).call('adminContest.problemLink', { query: { cid: other, pid: rootMade.data.pid } });
    expect(link.data).toMatchObject({ displayId: 'Q', displayTitle: 'Problem CP404' });
    expect((await client(t, root).call('adminProblem.get', { query: { pid: rootMade.data.pid } })).data.problem.title).toBe('Problem CP404');
    expect((await edit(root, other, rootMade.data.pid, 'CP404')).status).toBe(200);
  });
});

describe('which problems an admin may add', () => {
  it('public bank problems and their own; hidden problems and contest problems of others only for the super admin', async () => {
    // An unstarted contest of padmin with a problem made for it (contest-only, author padmin).
    const theirs = await client(t, padmin).call('adminContest.create', { body: form({ title: 'Next week', startTime: iso(60 * 24), endTime: iso(60 * 26) }) });
    const made = await client(t, padmin).call('adminContest.createProblem', { body: { cid: theirs.data.id, displayId: 'A', ...body('CPNEXT') } });
    expect(made.status, made.msg).toBe(200);
    const upcoming = made.data.pid as number;
    const hidden = await createProblem(t, { problemId: 'P2100', title: 'Hidden draft', type: 0, auth: 2, author: 'root' });
    const ownHidden = await createProblem(t, { problemId: 'P2101', title: 'My draft', type: 0, auth: 2, author: 'Admin2' });
    const publicP = await createProblem(t, { problemId: 'P2102', title: 'Public', type: 0, author: 'padmin' });

    const mine = (await client(t, admin2).call('adminContest.create', { body: form({ title: 'Admin2 round' }) })).data.id as number;
    const add = (token: string, cid: number, pid: number, displayId: string) =>
      client(t, token).call('adminContest.addFromPublic', { body: { cid, pid, displayId } });
    const linked = async (cid: number) => (await client(t, root).call('adminContest.problems', { query: { cid: cid } })).data.records.map((r) => r.pid);

    for (const pid of [hidden, upcoming]) {
      const r = await add(admin2, mine, pid, 'Z');
      expect([r.http, r.status, r.msg]).toEqual([200, 400, MSG.problemNotUsable]);
    }
    // A problem admin is bound by the same rule for problems that are not theirs.
    expect((await add(padmin, theirs.data.id, hidden, 'Z')).msg).toBe(MSG.problemNotUsable);
    expect(await linked(mine)).toEqual([]);
    expect(await linked(theirs.data.id)).toEqual([upcoming]);

    // The candidate list offers exactly what may be added.
    const eligible = await client(t, admin2).call('adminContest.problems', { query: { cid: mine, queryExisted: false, limit: 100 } });
    const offered = eligible.data.records.map((r) => r.pid);
    expect(offered).toEqual(expect.arrayContaining([publicP, ownHidden, acmP]));
    expect(offered).not.toContain(hidden);
    expect(offered).not.toContain(upcoming);

    expect((await add(admin2, mine, publicP, 'A')).status).toBe(200);
    expect((await add(admin2, mine, ownHidden, 'B')).status).toBe(200);
    expect(await linked(mine)).toEqual([publicP, ownHidden]);

    // The super admin may use any problem, in any contest.
    expect((await add(root, mine, hidden, 'C')).status).toBe(200);
    const rootOwn = (await client(t, root).call('adminContest.create', { body: form({ title: 'Root round' }) })).data.id as number;
    expect((await add(root, rootOwn, upcoming, 'A')).status).toBe(200);
    const rootEligible = await client(t, root).call('adminContest.problems', { query: { cid: mine, queryExisted: false, limit: 100 } });
    expect(rootEligible.data.records.map((r) => r.pid)).toContain(upcoming);
  });
});

describe('bad input', () => {
  it('answers 400 with a named field, never 500', async () => {
    const calls = [
      await post(t, '/api/admin/contest', { title: 5, description: [], startTime: {}, endTime: 1 }, { token: root }),
      await post(t, '/api/admin/contest', form({ starAccount: 'bob' }), { token: root }),
      await post(t, '/api/admin/contest', form({ awardType: 1, awardConfigList: [{ priority: 1, name: 'G', num: -1 }] }), { token: root }),
      await post(t, '/api/admin/contest', form({ awardType: 1, awardConfigList: [{ priority: 1, name: 'G', num: 1, color: 'red;background:url(x)' }] }), {
        token: root,
      }),
      await post(t, '/api/admin/contest', form({ sealRank: true, sealRankTime: 'soon' }), { token: root }),
      await get(t, '/api/get-contest-info', { query: { cid: 'abc' } }),
      await get(t, '/api/get-contest-list', { query: { currentPage: '0' } }),
      await post(t, '/api/register-contest', { cid: 1, password: 42 }, { token: alice }),
      await post(t, '/api/get-contest-rank', { cid: 1, concernedList: 'x' }, { token: alice }),
      await post(t, '/api/get-contest-outside-scoreboard', { cid: -1 }),
      await get(t, '/api/get-contest-problem-details', { token: alice, query: { cid: '1' } }),
      await post(t, '/api/admin/contest/add-problem-from-public', { cid: 1, pid: 1, displayId: 'A', color: '<script>' }, { token: root }),
      await put(t, '/api/admin/contest/announcement', { cid: 1, announcement: { title: 'x', content: 'y' } }, { token: root }),
    ];
    for (const r of calls) expect([r.http, r.status], r.msg).toEqual([400, 400]);
    expect(calls[1]!.msg).toContain('starAccount');
  });

  it('answers out-of-range ids, pages and oversized fields with 400 naming the field, never 500', async () => {
    const big = 2147483648; // one past the largest int4 id
    const cid = await createContest(t, padmin, { title: 'Bad input target' }, [[acmP, 'A']]);
    const made = await client(t, padmin).call('adminContest.createProblem', { body: { cid, displayId: 'B', ...body('CPBAD') } });
    expect(made.status, made.msg).toBe(200);
    const pid = made.data.pid as number;
    // Valid calls (made at the end), each spoilt in one field at a time.
    const createBody = { cid, displayId: 'C', ...body('CPBAD2') };
    const editBody = { cid, displayId: 'B', ...body('CPBAD', { id: pid }) };
    const without = (key: string) => (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
    const set = (key: string, value: unknown) => (o: Record<string, unknown>) => ({ ...o, [key]: value });
    const spoilt: [string, (o: Record<string, unknown>) => Record<string, unknown>][] = [
      ['cid', without('cid')],
      ['cid', set('cid', 'abc')],
      ['cid', set('cid', big)],
      ['displayId', set('displayId', 'X'.repeat(21))],
      ['displayTitle', set('displayTitle', 'T'.repeat(256))],
      ['problem', without('problem')],
      ['problem', set('problem', 'P1')],
    ];
    const cases: [string, Promise<Awaited<ReturnType<typeof get>>>, string][] = [];
    for (const [field, spoil] of spoilt) {
      cases.push([`POST contest/problem ${field}`, post(t, '/api/admin/contest/problem', spoil(createBody), { token: padmin }), field]);
      cases.push([`PUT contest/problem ${field}`, put(t, '/api/admin/contest/problem', spoil(editBody), { token: padmin }), field]);
    }
    const page = (o: Record<string, string>) => ({ query: { contestID: String(cid), ...o } });
    cases.push(
      [
        'check status 101 ids',
        post(t, '/api/check-contest-submissions-status', { cid, submitIds: Array.from({ length: 101 }, (_, i) => i + 1) }, { token: alice }),
        'submitIds',
      ],
      ['check status big cid', post(t, '/api/check-contest-submissions-status', { cid: big, submitIds: [1] }, { token: alice }), 'cid'],
      ['contest-submissions big cid', get(t, '/api/contest-submissions', { token: alice, query: { contestID: String(big) } }), 'contestID'],
      ['contest-submissions limit 0', get(t, '/api/contest-submissions', { token: alice, ...page({ limit: '0' }) }), 'limit'],
      ['contest-submissions limit x', get(t, '/api/contest-submissions', { token: alice, ...page({ limit: 'x' }) }), 'limit'],
      ['contest-submissions limit 1e6', get(t, '/api/contest-submissions', { token: alice, ...page({ limit: '1000000' }) }), 'limit'],
      ['contest-submissions page 0', get(t, '/api/contest-submissions', { token: alice, ...page({ currentPage: '0' }) }), 'currentPage'],
      ['contest-submissions page 1.5', get(t, '/api/contest-submissions', { token: alice, ...page({ currentPage: '1.5' }) }), 'currentPage'],
      ['contest-submissions page 1e20', get(t, '/api/contest-submissions', { token: alice, ...page({ currentPage: '1e20' }) }), 'currentPage'],
      ['contest-submissions username', get(t, '/api/contest-submissions', { token: alice, ...page({ username: 'u'.repeat(21) }) }), 'username'],
      ['scroll info no cid', get(t, '/api/get-contest-scroll-board-info', { token: padmin }), 'cid'],
      ['scroll info cid abc', get(t, '/api/get-contest-scroll-board-info', { token: padmin, query: { cid: 'abc' } }), 'cid'],
      ['scroll subs no cid', get(t, '/api/get-contest-scroll-board-submission', { token: padmin }), 'cid'],
      ['scroll subs cid abc', get(t, '/api/get-contest-scroll-board-submission', { token: padmin, query: { cid: 'abc' } }), 'cid'],
      ['full screen cid abc', get(t, '/api/get-full-screen-problem-list', { token: alice, query: { cid: 'abc' } }), 'cid'],
      ['full screen big cid', get(t, '/api/get-full-screen-problem-list', { token: alice, query: { cid: String(big) } }), 'cid'],
      ['submission list page 1e20', get(t, '/api/get-submission-list', { query: { currentPage: '1e20' } }), 'currentPage'],
      ['contest list page 1e20', get(t, '/api/get-contest-list', { query: { currentPage: '1e20' } }), 'currentPage'],
      [
        'contest test run big cid',
        post(
          t,
          '/api/submit-problem-test-judge',
          { pid: acmP, type: 'contest', cid: big, language: 'C++', code: 'int main(){}', userInput: '1 2' },
          { token: alice },
        ),
        'cid',
      ],
    );
    for (const [name, pending, field] of cases) {
      const r = await pending;
      expect([r.http, r.status], `${name}: ${r.http} ${r.msg}`).toEqual([400, 400]);
      expect(r.msg, name).toContain(field);
    }
    // the refused calls made nothing and changed nothing
    const listed = async () => (await client(t, padmin).call('adminContest.problems', { query: { cid } })).data.records as AdminContestProblemRow[];
    expect((await listed()).map((x) => [x.displayId, x.problemId, x.displayTitle])).toEqual([
      ['A', 'P2000', 'A + B'],
      ['B', 'CPBAD', 'Problem CPBAD'],
    ]);
    // while the unspoilt calls go through
    expect((await client(t, padmin).call('adminContest.createProblem', { body: createBody })).status).toBe(200);
    expect((await client(t, padmin).call('adminContest.updateProblem', { body: { ...editBody, displayTitle: 'Edited' } })).status).toBe(200);
    expect((await listed()).map((x) => [x.displayId, x.problemId, x.displayTitle])).toEqual([
      ['A', 'P2000', 'A + B'],
      ['B', 'CPBAD', 'Edited'],
      ['C', 'CPBAD2', 'Problem CPBAD2'],
    ]);
  });
});
