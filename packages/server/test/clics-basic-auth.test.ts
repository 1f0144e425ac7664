/**
 * Contest tools sign in to the CLICS API with HTTP Basic: a username and one of his API tokens as the
 * password. The staff's token reads the staff view, a participant's the public view; a wrong username,
 * a login token (not an API token) and Basic on any other call of the site are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S, Role, type ClicsJudgement } from '@oj/shared';
import { client } from './client.js';
import { createContest, insertContestSubmission, isoAt as iso, MIN } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { createProblem, testQueue } from './judge-helpers.js';

let t: TestApp;
let cid: number;
let staffLogin: string;
let staffToken: string;
let aliceToken: string;
const start = Date.now() - 100 * MIN;

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const read = async (authorization: string | null, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  return { http: res.statusCode, body: res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : res.body };
};
const judgements = (authorization: string) => read(authorization, `/api/clics/contests/${cid}/judgements`);

async function apiToken(login: string): Promise<string> {
  const r = await client(t, login).call('apiToken.create', { body: { name: 'resolver', scopes: ['read'], days: 30 } as never });
  expect(r.status, r.msg).toBe(200);
  return r.data.token;
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await createUser(t, { username: 'cbstaff', roles: [Role.PROBLEM_ADMIN] });
  const alice = await createUser(t, { username: 'cbalice' });
  staffLogin = await login(t, 'cbstaff');
  const pid = await createProblem(t, { problemId: 'CB100', type: 0 });
  const window = { startTime: iso(start), endTime: iso(start + 200 * MIN), sealRank: true, sealRankTime: iso(start + 80 * MIN) };
  cid = await createContest(t, staffLogin, { title: 'Basic', type: 0, ...window }, [[pid, 'A']]);
  const accepted = (min: number) =>
    insertContestSubmission(t, {
      cid,
      pid,
      uid: alice,
      username: 'cbalice',
      status: S.ACCEPTED,
      score: null,
      time: 5,
      submitTime: new Date(start + min * MIN),
    });
  await accepted(10);
  await accepted(90); // after the seal: the public view holds no judgement of it
  staffToken = await apiToken(staffLogin);
  aliceToken = await apiToken(await login(t, 'cbalice'));
});
afterAll(async () => {
  await t?.close();
});

describe('HTTP Basic on the CLICS API', () => {
  it("reads the staff's view with the staff's API token and the public view with a participant's", async () => {
    const staff = await judgements(basic('cbstaff', staffToken));
    expect(staff.http).toBe(200);
    expect(staff.body as ClicsJudgement[]).toHaveLength(2);
    const pub = await judgements(basic('cbalice', aliceToken));
    expect(pub.http).toBe(200);
    // her own sealed submission's judgement is hidden from her public view as from everyone's
    expect((pub.body as ClicsJudgement[]).filter((j) => j.judgement_type_id !== null)).toHaveLength(1);
    // the same token as a plain Authorization header works as it always did
    expect((await judgements(staffToken)).http).toBe(200);
  });

  it("refuses another user's name, a login token, a malformed pair, and Basic anywhere else", async () => {
    expect((await judgements(basic('cbalice', staffToken))).http).toBe(401);
    expect((await judgements(basic('cbstaff', staffLogin))).http).toBe(401);
    expect((await judgements(basic('cbstaff', ''))).http).toBe(401);
    expect((await judgements('Basic !!!')).http).toBe(401);
    expect((await judgements(basic('', staffToken))).http).toBe(401);
    // the rest of the site never takes Basic, even with a good pair
    const other = await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: basic('cbstaff', staffToken) } });
    expect(other.statusCode).toBe(401);
  });
});
