/**
 * The CLICS contest API of an ACM contest: its objects, the public view behind the seal, the event feed
 * replayed into our own board, resuming with since_token (also past a late-committed verdict), a verdict
 * arriving live, and the contest package of a finished contest (with its YAML files); then a group
 * contest: its staff, its members and outsiders.
 */
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  acmBoard,
  GroupLevel,
  JudgeStatus as S,
  MSG,
  parseClicsRelTime,
  Role,
  type AcmRankRow,
  type ClicsContest,
  type ClicsJudgement,
  type ClicsJudgementType,
  type ClicsNotification,
  type ClicsProblem,
  type ClicsScoreboard,
  type ClicsSubmission,
  type ClicsTeam,
  type RankSubmission,
  type RankUserInfo,
} from '@oj/shared';
import { users } from '../src/db/schema/index.js';
import { client } from './client.js';
import { createContest, insertContestSubmission, isoAt as iso, MIN } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, rootToken, uidOf } from './helpers.js';
import { createProblem, FakeJudge, submit, testQueue } from './judge-helpers.js';

let t: TestApp;
let base: string;
let padmin: string;
let alice: string;
let bob: string;
const uids: Record<string, string> = {};
let pA: number;
let pB: number;
let acm: number;
let finished: number;
let oi: number;

const start = Date.now() - 100 * MIN;
/** sealed from minute 80 (20 minutes ago), running for another 100 minutes */
const form = (o: Record<string, unknown> = {}) => ({
  title: 'Regional',
  description: 'x',
  startTime: iso(start),
  endTime: iso(start + 200 * MIN),
  type: 0,
  auth: 0,
  sealRank: true,
  sealRankTime: iso(start + 80 * MIN),
  awardType: 2,
  awardConfigList: [{ priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 1 }],
  ...o,
});

const judged = (cid: number, username: string, pid: number, status: number, min: number, at = start) =>
  insertContestSubmission(t, { cid, pid, uid: uids[username]!, username, status, score: null, time: 15, submitTime: new Date(at + min * MIN) });

const url = (cid: number, rest = '') => `/api/clics/contests/${cid}${rest}`;
const bare = async (token: string | null, path: string) => {
  const res = await t.app.inject({ method: 'GET', url: path, headers: token ? { authorization: token } : {} });
  return { http: res.statusCode, body: res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : res.body };
};
/** The feed as it is now (stream=false), one notification per line. */
async function feed(token: string, cid: number, since?: string): Promise<ClicsNotification[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: url(cid, '/event-feed'),
    query: { stream: 'false', ...(since ? { since_token: since } : {}) },
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/x-ndjson');
  return res.body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ClicsNotification);
}

/** The latest data of each object of a feed (later lines replace earlier ones). */
function fold(lines: ClicsNotification[]) {
  const latest = new Map<string, ClicsNotification>();
  for (const n of lines) latest.set(`${n.type}/${n.id ?? ''}`, n);
  const all = (type: string) => [...latest.values()].filter((n) => n.type === type).map((n) => n.data);
  return {
    contest: latest.get('contest/')!.data as ClicsContest,
    types: latest.get('judgement-types/')!.data as ClicsJudgementType[],
    problems: latest.get('problems/')!.data as ClicsProblem[],
    teams: latest.get('teams/')!.data as ClicsTeam[],
    submissions: all('submissions') as ClicsSubmission[],
    judgements: all('judgements') as ClicsJudgement[],
  };
}

/**
 * A CLICS client's board: the feed's submissions and judgements folded with our ACM fold, where a
 * judgement type counts by its flags alone (solved, penalty, else free) and a submission without a
 * judgement is pending.
 */
function replay(lines: ClicsNotification[]): AcmRankRow[] {
  const f = fold(lines);
  const types = new Map(f.types.map((x) => [x.id, x]));
  const labels = new Map(f.problems.map((p) => [p.id, p.label]));
  const verdicts = new Map(f.judgements.map((j) => [j.submission_id, j.judgement_type_id]));
  const startMs = Date.parse(f.contest.start_time);
  const statusOf = (typeId: string | null | undefined) => {
    const type = typeId ? types.get(typeId) : undefined;
    if (!type) return S.PENDING;
    return type.solved ? S.ACCEPTED : type.penalty ? S.WRONG_ANSWER : S.COMPILE_ERROR;
  };
  const submissions: RankSubmission[] = f.submissions
    .filter((s) => s.team_id !== null)
    .map((s) => ({
      uid: s.team_id!,
      displayId: labels.get(s.problem_id)!,
      status: statusOf(verdicts.get(s.id)),
      score: null,
      time: null,
      submitTime: Date.parse(s.time),
    }))
    .sort((a, b) => a.submitTime - b.submitTime);
  const people = new Map<string, RankUserInfo>(
    f.teams.map((x) => [x.id, { uid: x.id, username: x.label, nickname: null, realname: null, school: null, avatar: null, gender: 'secrecy' }]),
  );
  return acmBoard({
    submissions,
    users: people,
    window: { startTime: startMs, endTime: startMs + parseClicsRelTime(f.contest.duration), sealFrom: null, includeAfterEnd: false },
    starUsers: new Set(),
    rankShowName: 'username',
    awardType: 0,
    awards: [],
  });
}

/** A live event feed as a client reads it: `until` reads on until a line matches (it throws when the feed ends). */
async function openFeed(token: string, cid: number, since?: string) {
  const query = since ? `?since_token=${encodeURIComponent(since)}` : '';
  const res = await fetch(`${base}${url(cid, '/event-feed')}${query}`, { headers: { authorization: token } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const seen: ClicsNotification[] = [];
  let buf = '';
  const until = async (pred: (n: ClicsNotification) => boolean) => {
    for (;;) {
      const hit = seen.find(pred);
      if (hit) return hit;
      const { value, done } = await reader.read();
      if (done) throw new Error('feed ended');
      buf += new TextDecoder().decode(value);
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (line) seen.push(JSON.parse(line) as ClicsNotification);
      }
    }
  };
  return { until, seen, close: () => reader.cancel() };
}

const summary = (rows: AcmRankRow[]) => rows.map((r) => [r.username, r.rank, r.ac, r.totalTime]);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  for (const u of ['alice', 'bob', 'carl', 'dina']) uids[u] = await createUser(t, { username: u });
  uids.padmin = await uidOf(t, 'padmin');
  await t.database.db.update(users).set({ school: 'North High', realname: 'Carl C' }).where(eq(users.username, 'carl'));
  [padmin, alice, bob] = await Promise.all(['padmin', 'alice', 'bob'].map((u) => login(t, u)));
  pA = await createProblem(t, { problemId: 'P5000', type: 0, timeLimit: 2000 });
  pB = await createProblem(t, { problemId: 'P5001', type: 0 });
  const oiP = await createProblem(t, { problemId: 'P5002', type: 1 });
  acm = await createContest(t, padmin, form(), [
    [pA, 'A'],
    [pB, 'B'],
  ]);
  await judged(acm, 'alice', pA, S.WRONG_ANSWER, 5);
  await judged(acm, 'alice', pA, S.ACCEPTED, 10); // 600 + 1200
  await judged(acm, 'alice', pB, S.ACCEPTED, 90); // after the seal
  await judged(acm, 'bob', pA, S.TIME_LIMIT_EXCEEDED, 12);
  await judged(acm, 'bob', pA, S.ACCEPTED, 20); // 1200 + 1200
  await judged(acm, 'bob', pB, S.RUNTIME_ERROR, 30);
  await judged(acm, 'bob', pB, S.MEMORY_LIMIT_EXCEEDED, 31);
  await judged(acm, 'bob', pB, S.ACCEPTED, 85); // after the seal
  await judged(acm, 'carl', pA, S.COMPILE_ERROR, 30); // free
  await judged(acm, 'carl', pA, S.PRESENTATION_ERROR, 35);
  await judged(acm, 'carl', pA, S.ACCEPTED, 40); // 2400 + 1200
  await judged(acm, 'dina', pB, S.OUTPUT_LIMIT_EXCEEDED, 50);
  await judged(acm, 'dina', pB, S.WRONG_ANSWER, 82); // after the seal
  await judged(acm, 'padmin', pA, S.ACCEPTED, 1); // the creator tests: not on the board
  finished = await createContest(t, padmin, form({ startTime: iso(start - 100 * MIN), endTime: iso(start), sealRank: false, sealRankTime: undefined }), [
    [pA, 'A'],
  ]);
  await judged(finished, 'alice', pA, S.WRONG_ANSWER, 10, start - 100 * MIN);
  await judged(finished, 'bob', pA, S.ACCEPTED, 20, start - 100 * MIN);
  oi = await createContest(t, padmin, form({ type: 1, sealRank: false, sealRankTime: undefined, awardType: 0, awardConfigList: [] }), [[oiP, 'A']]);
});

afterAll(() => t.close());

describe('CLICS contest API', () => {
  it('serves the contest, its state behind the seal and the judgement types our verdicts map to', async () => {
    const c = await bare(alice, url(acm));
    expect(c.http).toBe(200);
    expect(c.body).toMatchObject({
      id: String(acm),
      name: 'Regional',
      duration: '3:20:00.000',
      scoreboard_freeze_duration: '2:00:00.000',
      scoreboard_type: 'pass-fail',
      penalty_time: 20,
    });
    const state = (await bare(alice, url(acm, '/state'))).body as Record<string, string | null>;
    expect(state.started).toBe(iso(start));
    expect(state.frozen).toBe(iso(start + 80 * MIN));
    expect([state.ended, state.thawed, state.finalized]).toEqual([null, null, null]);
    const types = (await bare(alice, url(acm, '/judgement-types'))).body as ClicsJudgementType[];
    const byId = new Map(types.map((x) => [x.id, x]));
    for (const id of ['AC', 'WA', 'TLE', 'RTE', 'MLE', 'CE', 'OLE', 'PE']) expect(byId.has(id), id).toBe(true);
    expect(byId.get('AC')).toMatchObject({ solved: true, penalty: false });
    expect(byId.get('WA')).toMatchObject({ solved: false, penalty: true });
    expect(byId.get('CE')).toMatchObject({ solved: false, penalty: false });
    const problems = (await bare(alice, url(acm, '/problems'))).body as ClicsProblem[];
    expect(problems.map((p) => [p.id, p.label, p.ordinal, p.time_limit, p.test_data_count])).toEqual([
      ['A', 'A', 1, 2, 2],
      ['B', 'B', 2, 1, 2],
    ]);
    expect((await bare(alice, url(acm, '/problems/B'))).body).toMatchObject({ label: 'B' });
    expect((await bare(alice, url(acm, '/problems/Z'))).http).toBe(404);
  });

  it('lists the participants as teams; schools as organizations and real names for the staff only', async () => {
    const pub = (await bare(alice, url(acm, '/teams'))).body as ClicsTeam[];
    expect(pub.map((x) => x.label)).toEqual(['alice', 'bob', 'carl', 'dina']);
    expect(pub.every((x) => x.organization_id === null)).toBe(true);
    expect((await bare(alice, url(acm, '/organizations'))).body).toEqual([]);
    const staff = (await bare(padmin, url(acm, '/teams'))).body as ClicsTeam[];
    const carl = staff.find((x) => x.label === 'carl')!;
    const orgs = (await bare(padmin, url(acm, '/organizations'))).body as { id: string; name: string }[];
    expect(orgs).toEqual([expect.objectContaining({ id: carl.organization_id, name: 'North High' })]);
  });

  it('hides the judgements of sealed submissions from the public, not from the staff', async () => {
    const sealedIds = new Set(
      ((await bare(padmin, url(acm, '/submissions'))).body as ClicsSubmission[]).filter((s) => Date.parse(s.time) >= start + 80 * MIN).map((s) => s.id),
    );
    expect(sealedIds.size).toBe(3);
    const pub = fold(await feed(alice, acm));
    expect(pub.submissions).toHaveLength(13);
    expect(pub.judgements.filter((j) => sealedIds.has(j.submission_id))).toEqual([]);
    expect(pub.judgements).toHaveLength(10);
    expect(((await bare(alice, url(acm, '/judgements'))).body as ClicsJudgement[]).some((j) => sealedIds.has(j.submission_id))).toBe(false);
    // No run times or case results for the public while the contest runs.
    expect((await bare(alice, url(acm, '/runs'))).body).toEqual([]);
    const staff = fold(await feed(padmin, acm));
    expect(staff.judgements.filter((j) => sealedIds.has(j.submission_id)).map((j) => j.judgement_type_id)).toEqual(['AC', 'AC', 'WA']);
    // The staff see their own tests too, on no team.
    expect(staff.submissions.filter((s) => s.team_id === null)).toHaveLength(1);
  });

  it('replays into our own board: ranks, solved and penalty, for the public and for the staff', async () => {
    const ours = await client(t, alice).call('contest.rank', { body: { cid: acm, limit: 100 } });
    const official = (ours.data.records as AcmRankRow[]).slice(ours.data.pinned);
    const replayed = replay(await feed(alice, acm));
    expect(summary(replayed)).toEqual(summary(official));
    // bob 2400, alice 1800 … behind the seal: alice and bob solved one each
    expect(summary(replayed)).toEqual([
      ['alice', 1, 1, 1800],
      ['bob', 2, 1, 2400],
      ['carl', 3, 1, 3600],
      ['dina', 4, 0, 0],
    ]);
    const real = await client(t, padmin).call('contest.rank', { body: { cid: acm, limit: 100, forceRefresh: true } });
    expect(summary(replay(await feed(padmin, acm)))).toEqual(summary(real.data.records as AcmRankRow[]));
    expect(summary(real.data.records as AcmRankRow[])[0]).toEqual(['alice', 1, 2, 1800 + 5400]);
    // The scoreboard endpoint is the same board.
    const sb = (await bare(alice, url(acm, '/scoreboard'))).body as ClicsScoreboard;
    expect(sb.rows.map((r) => [r.team_id, r.rank, r.score.num_solved, parseClicsRelTime(r.score.total_time) / 1000])).toEqual(
      official.map((r) => [r.uid, r.rank, r.ac, r.totalTime]),
    );
    expect(sb.rows[1]!.problems).toEqual([
      { problem_id: 'A', num_judged: 2, num_pending: 0, solved: true, time: '0:20:00.000' },
      { problem_id: 'B', num_judged: 2, num_pending: 1, solved: false },
    ]);
  });

  it('resumes after since_token with only what is new, and refuses a token it did not give', async () => {
    const lines = await feed(alice, acm);
    const token = lines.at(-1)!.token!;
    const staffToken = (await feed(padmin, acm)).at(-1)!.token!;
    expect(await feed(alice, acm, token)).toEqual([]);
    // Made now: behind the seal, so the public hears of the submission but not of its verdict.
    const id = await judged(acm, 'dina', pA, S.WRONG_ANSWER, (Date.now() - start) / MIN);
    const more = await feed(alice, acm, token);
    expect(more.map((n) => [n.type, n.id])).toEqual([['submissions', String(id)]]);
    expect(more.some((n) => lines.some((l) => l.type === n.type && l.id === n.id))).toBe(false);
    expect(await feed(alice, acm, more.at(-1)!.token)).toEqual([]);
    const staff = await feed(padmin, acm, staffToken);
    expect(staff.map((n) => [n.type, n.id])).toEqual([
      ['submissions', String(id)],
      ['judgements', String(id)],
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: url(acm, '/event-feed'),
      query: { stream: 'false', since_token: 'nope' },
      headers: { authorization: alice },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('resends on resume what a transaction committed after the token but stamped before it, and nothing twice', async () => {
    const staffToken = (await feed(padmin, acm)).at(-1)!.token!;
    const publicToken = (await feed(alice, acm)).at(-1)!.token!;
    const tokenMs = Number(staffToken.split('-')[0]);
    // A verdict whose transaction began (and stamped its row) 5 s before the token was given, and committed after it.
    const late = String(await judged(acm, 'carl', pB, S.ACCEPTED, (tokenMs - 6000 - start) / MIN));
    await t.database.pool.query('update judge set gmt_modified = $1 where submit_id = $2', [new Date(tokenMs - 5000), late]);
    const resumed = await feed(padmin, acm, staffToken);
    expect(resumed.filter((n) => n.id === late).map((n) => [n.type, n.type === 'judgements' ? (n.data as ClicsJudgement).judgement_type_id : null])).toEqual([
      ['submissions', null],
      ['judgements', 'AC'],
    ]);
    // Re-sent besides it: only objects keyed within the minute below the token (a submission by its
    // submit time, a judgement by its last write, its end time here), none older.
    const again = resumed.filter((n) => n.id !== late);
    expect(again.length).toBeGreaterThan(0);
    const keyedAt = (n: ClicsNotification) => Date.parse(n.type === 'submissions' ? (n.data as ClicsSubmission).time : (n.data as ClicsJudgement).end_time!);
    for (const n of again) expect([n.type, n.id, keyedAt(n) > tokenMs - 60_000]).toEqual([n.type, n.id, true]);
    // Resuming after it is quiet again; the public hears of the late submission (its verdict is sealed).
    expect(await feed(padmin, acm, resumed.at(-1)!.token)).toEqual([]);
    const pub = await feed(alice, acm, publicToken);
    expect(pub.filter((n) => n.id === late).map((n) => n.type)).toEqual(['submissions']);
    expect(await feed(alice, acm, pub.at(-1)!.token)).toEqual([]);
    // A token given before tokens named their window resumes (and re-sends the window).
    const old = staffToken.split('-').slice(0, 3).join('-');
    expect((await feed(padmin, acm, old)).some((n) => n.type === 'judgements' && n.id === late)).toBe(true);
  });

  it('streams a verdict live when it is judged, until the session ends', async () => {
    const judge = await FakeJudge.start(t, 'clics-judge');
    const session = await login(t, 'padmin');
    const live = await openFeed(session, acm);
    await live.until((n) => n.type === 'state');
    const submitId = await submit(t, { pid: pA, user: { uid: uids.carl!, username: 'carl' }, cid: acm });
    const task = await judge.take();
    expect((await judge.result(task, { status: S.WRONG_ANSWER })).status).toBe(200);
    const j = await live.until((n) => n.type === 'judgements' && n.id === String(submitId) && (n.data as ClicsJudgement).judgement_type_id === 'WA');
    expect(j.token).toMatch(/^\d+-\d+-[0-9a-f]{12}-[0-9a-f]{12}$/);
    await live.until((n) => n.type === 'runs' && (n.data as { judgement_id: string }).judgement_id === String(submitId));
    // Logging out ends the feed (the tools' API tokens end the same way when revoked).
    expect((await get(t, '/api/logout', { token: session })).status).toBe(200);
    await expect(live.until(() => false)).rejects.toThrow('feed ended');
  });

  it('resumes live after since_token with only what is new, not what the client holds', async () => {
    const session = await login(t, 'padmin');
    const token = (await feed(session, acm)).at(-1)!.token!;
    const live = await openFeed(session, acm, token);
    // Past the stream's first read (what changed while its first lines were read).
    await new Promise((r) => setTimeout(r, 300));
    const id = String(await judged(acm, 'dina', pA, S.WRONG_ANSWER, (Date.now() - start) / MIN));
    await t.database.pool.query('select pg_notify($1, $2)', ['oj_change', `board:${acm}`]);
    await live.until((n) => n.type === 'judgements' && n.id === id);
    expect(live.seen.map((n) => [n.type, n.id])).toEqual([
      ['submissions', id],
      ['judgements', id],
    ]);
    await live.close();
  });

  it('reads once for all the open feeds of a contest that one notice wakes', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => login(t, 'padmin')));
    const feeds = await Promise.all(sessions.map((s) => openFeed(s, acm)));
    for (const f of feeds) await f.until((n) => n.type === 'state');
    // Past their first reads and the least gap between a feed's reads.
    await new Promise((r) => setTimeout(r, 1200));
    const id = String(await judged(acm, 'dina', pB, S.WRONG_ANSWER, (Date.now() - start) / MIN));
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      await t.database.pool.query('select pg_notify($1, $2)', ['oj_change', `board:${acm}`]);
      for (const f of feeds) await f.until((n) => n.type === 'judgements' && n.id === id);
      const judgingReads = () => query.mock.calls.filter((args) => JSON.stringify(args[0]).includes('j.gmt_modified) * 1000')).length;
      expect(judgingReads()).toBe(1);
      // The next notice at once: that read began before it, so it is read again (once), and each feed hears of the new verdict.
      const next = String(await judged(acm, 'dina', pB, S.WRONG_ANSWER, (Date.now() - start) / MIN));
      await t.database.pool.query('select pg_notify($1, $2)', ['oj_change', `board:${acm}`]);
      for (const f of feeds) await f.until((n) => n.type === 'judgements' && n.id === next);
      expect(judgingReads()).toBe(2);
    } finally {
      query.mockRestore();
      for (const f of feeds) await f.close();
    }
  });

  it('exports a finished contest as a contest package for its staff', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(finished, '/package'), headers: { authorization: padmin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    for (const f of [
      'contest.json',
      'contest.yaml',
      'problems.json',
      'problems.yaml',
      'teams.json',
      'submissions.json',
      'judgements.json',
      'scoreboard.json',
      'event-feed.ndjson',
      'judgement-types.json',
      'state.json',
    ])
      expect(files[f], f).toBeDefined();
    const json = (f: string) => JSON.parse(strFromU8(files[f]!)) as unknown;
    expect(json('contest.json')).toMatchObject({ id: String(finished) });
    // The YAML forms the package format allows, read as a YAML 1.1 tool reads them: the same objects.
    const yaml = (f: string) => parseYaml(strFromU8(files[f]!), { version: '1.1' }) as unknown;
    expect(yaml('contest.yaml')).toEqual(json('contest.json'));
    expect(yaml('contest.yaml')).toMatchObject({
      id: String(finished),
      name: 'Regional',
      start_time: iso(start - 100 * MIN),
      duration: '1:40:00.000',
      scoreboard_freeze_duration: null,
      penalty_time: 20,
    });
    expect(yaml('problems.yaml')).toEqual(json('problems.json'));
    expect((yaml('problems.yaml') as ClicsProblem[]).map((p) => [p.id, p.label, p.ordinal])).toEqual([['A', 'A', 1]]);
    const subs = json('submissions.json') as ClicsSubmission[];
    expect(subs).toHaveLength(2);
    for (const s of subs) {
      const inner = unzipSync(files[`submissions/${s.id}/${s.files[0]!.filename}`]!);
      expect(Object.values(inner).map((f) => strFromU8(f))).toEqual(['x']);
    }
    expect((json('scoreboard.json') as ClicsScoreboard).rows.map((r) => [r.team_id, r.rank])).toEqual([
      [uids.bob, 1],
      [uids.alice, 2],
    ]);
    expect((json('state.json') as { ended: string | null }).ended).toBe(iso(start));
    const feedLines = strFromU8(files['event-feed.ndjson']!).trim().split('\n');
    expect(feedLines.filter((l) => (JSON.parse(l) as ClicsNotification).type === 'judgements')).toHaveLength(2);
    // Not for participants, not before the end.
    expect((await t.app.inject({ method: 'GET', url: url(finished, '/package'), headers: { authorization: bob } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(acm, '/package'), headers: { authorization: padmin } })).statusCode).toBe(409);
  });

  it('gives the public the sealed judgements when the seal is lifted at the end, also after since_token', async () => {
    const cid = await createContest(t, padmin, form({ awardType: 0, awardConfigList: [] }), [[pA, 'A']]);
    await judged(cid, 'alice', pA, S.WRONG_ANSWER, 70);
    const sealed = [await judged(cid, 'alice', pA, S.ACCEPTED, 90), await judged(cid, 'bob', pA, S.TIME_LIMIT_EXCEEDED, 95)].map(String);
    // Judged after the sealed ones were: the token read next is past their verdicts.
    await judged(cid, 'bob', pA, S.WRONG_ANSWER, 75);
    const before = await feed(bob, cid);
    expect(fold(before).judgements.map((j) => j.judgement_type_id)).toEqual(['WA', 'WA']);
    // The contest ends now: the real board is shown after the end (autoRealRank), so the seal is lifted.
    await t.database.pool.query('update contest set end_time = now() where id = $1', [cid]);
    const after = await feed(bob, cid, before.at(-1)!.token);
    // The sealed verdicts, and the others again: from the end on they show their run times.
    const [wa70, wa75] = fold(before).judgements.map((j) => j.id);
    expect(
      after.filter((n) => n.type === 'judgements').map((n) => [n.id, (n.data as ClicsJudgement).judgement_type_id, (n.data as ClicsJudgement).max_run_time]),
    ).toEqual([
      [wa70, 'WA', 0.015],
      [sealed[0], 'AC', 0.015],
      [sealed[1], 'TLE', 0.015],
      [wa75, 'WA', 0.015],
    ]);
    expect(fold(before).judgements.every((j) => j.max_run_time === undefined)).toBe(true);
    expect(after.filter((n) => n.type === 'submissions')).toEqual([]);
    expect((after.find((n) => n.type === 'state')!.data as { thawed: string | null }).thawed).not.toBeNull();
    expect(summary(replay([...before, ...after]))).toEqual([
      ['alice', 1, 1, 90 * 60 + 20 * 60],
      ['bob', 2, 0, 0],
    ]);
  });

  it('serves ACM contests only, and only to callers who may see inside them', async () => {
    const listed = await bare(alice, '/api/clics/contests');
    expect(listed.http).toBe(200);
    const ids = (listed.body as { id: string }[]).map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([String(acm), String(finished)]));
    expect(ids).not.toContain(String(oi));
    expect((await bare(null, '/api/clics/contests')).http).toBe(401);
    expect((await bare(padmin, url(oi))).http).toBe(404);
    expect((await bare(null, url(acm))).http).toBe(401);
    expect((await bare(alice, url(999_999))).http).toBe(404);
    expect((await get(t, '/api/clics')).http).toBe(200);
    expect((await bare(await rootToken(t), url(acm, '/teams'))).http).toBe(200);
    // Tools authenticate with an API token of the read scope.
    const made = await client(t, alice).call('apiToken.create', { body: { name: 'resolver', scopes: ['read'], days: 30 } });
    expect(made.status).toBe(200);
    expect((await bare(`Bearer ${made.data.token}`, url(acm, '/scoreboard'))).http).toBe(200);
  });

  it('lets a tool in a browser of any origin read it with a token, and no other call of the site', async () => {
    const origin = { origin: 'https://resolver.example' };
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: url(acm, '/scoreboard'),
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const read = await t.app.inject({ method: 'GET', url: url(acm, '/scoreboard'), headers: { ...origin, authorization: alice } });
    expect([read.statusCode, read.headers['access-control-allow-origin']]).toEqual([200, '*']);
    const refused = await t.app.inject({ method: 'GET', url: url(acm), headers: origin });
    expect([refused.statusCode, refused.headers['access-control-allow-origin']]).toEqual([401, '*']);
    const site = await t.app.inject({ method: 'GET', url: '/api/get-website-config', headers: origin });
    expect(site.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CLICS contest API of a group contest', () => {
  let gid: number;
  let running: number;
  let ended: number;
  const tok: Record<string, string> = {};
  const gjudged = (cid: number, username: string, pid: number, status: number, min: number, at = start) =>
    insertContestSubmission(t, { cid, gid, pid, uid: uids[username]!, username, status, score: null, time: 15, submitTime: new Date(at + min * MIN) });

  beforeAll(async () => {
    for (const u of ['gowner', 'gadmin', 'gadmin2', 'gmember']) uids[u] = await createUser(t, { username: u });
    gid = await insertGroup(t, { owner: 'gowner', members: { gadmin: GroupLevel.ADMIN, gadmin2: GroupLevel.ADMIN, gmember: GroupLevel.MEMBER } });
    for (const u of ['gowner', 'gadmin', 'gadmin2', 'gmember']) tok[u] = await login(t, u);
    const p = await createProblem(t, { problemId: 'G5000', type: 0, auth: 1 });
    // Made by a group admin: the contest's creator, so its staff (with the group's root).
    const make = async (o: Record<string, unknown>) => {
      const made = await client(t, tok.gadmin).call('groupContest.create', { body: { ...form(o), gid } });
      expect(made.status, made.msg).toBe(200);
      const cid = made.data.id as number;
      expect((await client(t, tok.gadmin).call('groupContest.addFromPublic', { body: { cid, pid: p, displayId: 'A' } })).status).toBe(200);
      return cid;
    };
    running = await make({ title: 'Group round', awardType: 0, awardConfigList: [] });
    await gjudged(running, 'gmember', p, S.WRONG_ANSWER, 10);
    await gjudged(running, 'gmember', p, S.ACCEPTED, 90); // after the seal
    await gjudged(running, 'gowner', p, S.ACCEPTED, 5); // the group's root tests: staff, on no team
    ended = await make({
      title: 'Group past',
      startTime: iso(start - 100 * MIN),
      endTime: iso(start),
      sealRank: false,
      sealRankTime: undefined,
      awardType: 0,
      awardConfigList: [],
    });
    await gjudged(ended, 'gmember', p, S.ACCEPTED, 30, start - 100 * MIN);
  });

  it('shows its staff everything and a member the public view behind the seal', async () => {
    for (const who of ['gadmin', 'gowner']) {
      const staff = fold(await feed(tok[who]!, running));
      expect([who, staff.judgements.map((j) => j.judgement_type_id)]).toEqual([who, ['WA', 'AC', 'AC']]);
      expect(staff.submissions.map((x) => x.team_id)).toEqual([null, uids.gmember, uids.gmember]);
      expect(((await bare(tok[who]!, url(running, '/judgements'))).body as ClicsJudgement[]).map((j) => j.judgement_type_id)).toEqual(['WA', 'AC', 'AC']);
    }
    // A member, and a group admin who did not make the contest (not its admin: contest.info says so too).
    for (const who of ['gmember', 'gadmin2']) {
      const pub = fold(await feed(tok[who]!, running));
      expect([who, pub.submissions.map((x) => x.team_id), pub.judgements.map((j) => j.judgement_type_id)]).toEqual([who, [uids.gmember, uids.gmember], ['WA']]);
      expect((await bare(tok[who]!, url(running, '/judgements'))).body).toHaveLength(1);
      expect((await bare(tok[who]!, url(running, '/runs'))).body).toEqual([]);
    }
    expect(((await bare(tok.gmember!, url(running, '/teams'))).body as ClicsTeam[]).map((x) => x.label)).toEqual(['gmember']);
    const listed = (await bare(tok.gmember!, '/api/clics/contests')).body as { id: string }[];
    expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining([String(running), String(ended)]));
  });

  it('refuses those outside the group, as the group contest calls do', async () => {
    for (const path of ['', '/state', '/judgements', '/scoreboard', '/event-feed?stream=false', '/judgements/1']) {
      const r = await bare(alice, url(running, path));
      expect([path, r.http]).toEqual([path, 403]);
      expect(JSON.parse(r.body as string)).toMatchObject({ status: 403, msg: MSG.groupNotMember });
    }
    const listed = (await bare(alice, '/api/clics/contests')).body as { id: string }[];
    expect(listed.map((x) => x.id)).not.toContain(String(running));
    expect((await bare(null, url(running))).http).toBe(401);
  });

  it('gives the package of a finished group contest to its staff, not to a member or an outsider', async () => {
    for (const who of ['gadmin', 'gowner']) {
      const res = await t.app.inject({ method: 'GET', url: url(ended, '/package'), headers: { authorization: tok[who]! } });
      expect([who, res.statusCode]).toEqual([who, 200]);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(JSON.parse(strFromU8(files['contest.json']!))).toMatchObject({ id: String(ended), name: 'Group past' });
      const subs = JSON.parse(strFromU8(files['submissions.json']!)) as ClicsSubmission[];
      expect(subs.map((x) => x.team_id)).toEqual([uids.gmember]);
      expect(files[`submissions/${subs[0]!.id}/files.zip`]).toBeDefined();
    }
    for (const [who, http] of [
      ['gmember', 403],
      ['gadmin2', 403],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: url(ended, '/package'), headers: { authorization: tok[who]! } });
      expect([who, res.statusCode]).toEqual([who, http]);
    }
    const outsider = await t.app.inject({ method: 'GET', url: url(ended, '/package'), headers: { authorization: alice } });
    expect([outsider.statusCode, (JSON.parse(outsider.body) as { msg: string }).msg]).toEqual([403, MSG.groupNotMember]);
  });
});
