/**
 * Site switches (the "switch" page): admin/switch/info and update (root only, validated), and what
 * they do to submitting: the non-contest interval, judging closed for public or contest submissions,
 * and the submit captcha.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMsg, MSG, Role } from '@oj/shared';
import { captchas, submissions, testRuns } from '../src/db/schema/index.js';
import { createContest } from './contest-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, put, rootToken } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let root: string;
let admin: string;
let kim: string;
let pid: number;
/** a running public ACM contest with the problem as A */
let cid: number;
const PROBLEM = 'SW100';

const DEFAULTS = {
  submitIntervalSec: 8,
  openPublicJudge: true,
  openContestJudge: true,
  openGroupJudge: true,
  submitCaptcha: false,
  hideNonContestSubmissionCode: false,
};

const update = (body: TypedInput<'admin.updateSwitch'>['body'], token = root) => client(t, token).call('admin.updateSwitch', { body });
/** A body the schema refuses, sent as it is. */
const updateRaw = (body: unknown) => put(t, '/api/admin/switch/update', body, { token: root });
const submitAs = (token: string, extra: Partial<TypedInput<'submission.submit'>['body']> = {}) =>
  client(t, token).call('submission.submit', { body: { pid: PROBLEM, language: 'C', code: 'int main(){return 0;}', ...extra } });
/** A submission to problem A of the running contest (no captcha). */
const submitToContest = (token: string) => submitAs(token, { pid: 'A', cid });
const stored = async () => (await t.database.db.select({ n: count() }).from(submissions))[0]!.n;

/** A captcha and its answer, read from the database as only the server knows it. */
async function captcha(): Promise<{ captchaKey: string; captcha: string }> {
  const r = await client(t).call('account.captcha');
  const [row] = await t.database.db.select().from(captchas).where(eq(captchas.key, r.data.captchaKey));
  return { captchaKey: r.data.captchaKey, captcha: row!.text };
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await FakeJudge.start(t, 'sw'); // registers the languages
  root = await rootToken(t);
  await createUser(t, { username: 'swadm', roles: [Role.ADMIN] });
  await createUser(t, { username: 'swkim' });
  admin = await login(t, 'swadm');
  pid = await createProblem(t, { problemId: PROBLEM });
  cid = await createContest(t, root, { title: 'Switch round' }, [[pid, 'A']]);
});

afterAll(() => t.close());

// Each test starts from the defaults and with no submissions, so the interval never carries over.
beforeEach(async () => {
  expect((await update(DEFAULTS)).status).toBe(200);
  await t.database.db.delete(submissions);
  await t.database.db.delete(testRuns);
  kim = await login(t, 'swkim');
});

describe('admin/switch/info and update', () => {
  it('answers root with the defaults and stores a change', async () => {
    const info = await client(t, root).call('admin.switchInfo');
    expect(info.status).toBe(200);
    expect(info.data).toEqual(DEFAULTS);

    const r = await update({ submitIntervalSec: 30, submitCaptcha: true });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ...DEFAULTS, submitIntervalSec: 30, submitCaptcha: true });
    // fields left out keep their value
    expect((await update({ openContestJudge: false })).data).toEqual({ ...DEFAULTS, submitIntervalSec: 30, submitCaptcha: true, openContestJudge: false });
    expect((await client(t, root).call('admin.switchInfo')).data).toEqual({
      ...DEFAULTS,
      submitIntervalSec: 30,
      submitCaptcha: true,
      openContestJudge: false,
    });
  });

  it('is root only: 403 for an admin and a normal user, 401 without login', async () => {
    for (const token of [admin, kim]) {
      expect((await client(t, token).call('admin.switchInfo')).http).toBe(403);
      expect((await update({ submitIntervalSec: 0 }, token)).http).toBe(403);
    }
    expect((await client(t).call('admin.switchInfo')).http).toBe(401);
    expect((await client(t).call('admin.updateSwitch', { body: { submitIntervalSec: 0 } })).http).toBe(401);
    expect((await client(t, root).call('admin.switchInfo')).data).toEqual(DEFAULTS);
  });

  it('rejects bad values with 400 naming the field, changing nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ submitIntervalSec: -1 }, 'submitIntervalSec'],
      [{ submitIntervalSec: 3601 }, 'submitIntervalSec'],
      [{ submitIntervalSec: 1.5 }, 'submitIntervalSec'],
      [{ submitIntervalSec: '8' }, 'submitIntervalSec'],
      [{ openPublicJudge: 'no' }, 'openPublicJudge'],
      [{ openContestJudge: 1 }, 'openContestJudge'],
      [{ submitCaptcha: null }, 'submitCaptcha'],
    ];
    for (const [body, field] of bad) {
      const r = await updateRaw(body);
      expect(r.http, JSON.stringify(body)).toBe(400);
      expect(r.msg, JSON.stringify(body)).toContain(field);
    }
    expect((await update({ submitIntervalSec: 3600 })).status).toBe(200);
    expect((await client(t, root).call('admin.switchInfo')).data).toEqual({ ...DEFAULTS, submitIntervalSec: 3600 });
  });

  it('hides the code of non-contest submissions from everyone but the author and the super admin when asked', async () => {
    const r = await submitAs(kim);
    expect(r.status).toBe(200);
    const submitId = r.data.submitId;
    const codeFor = async (token: string) => (await client(t, token).call('submission.detail', { query: { submitId } })).data.submission.code;
    expect(await codeFor(admin)).toContain('main');
    expect((await update({ hideNonContestSubmissionCode: true })).data.hideNonContestSubmissionCode).toBe(true);
    expect(await codeFor(admin)).toBeNull();
    expect(await codeFor(kim)).toContain('main');
    expect(await codeFor(root)).toContain('main');
    expect((await updateRaw({ hideNonContestSubmissionCode: 'yes' })).http).toBe(400);
  });

  it('tells the public only whether a captcha is needed', async () => {
    expect((await client(t).call('submission.submitConfig')).data).toEqual({ submitCaptcha: false });
    await update({ submitCaptcha: true });
    expect((await client(t).call('submission.submitConfig')).data).toEqual({ submitCaptcha: true });
  });
});

describe('submit interval', () => {
  it('the default 8 s refuses a second quick submission with the wait message', async () => {
    expect((await submitAs(kim)).status).toBe(200);
    const r = await submitAs(kim);
    expect(r.status).toBe(400);
    const { seconds } = r.data as unknown as { seconds: number };
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(8);
    expect(r.msg).toBe(formatMsg(MSG.submitTooFast, { seconds }));
    expect(await stored()).toBe(1);
  });

  it('0 lets two quick submissions through', async () => {
    await update({ submitIntervalSec: 0 });
    expect((await submitAs(kim)).status).toBe(200);
    expect((await submitAs(kim)).status).toBe(200);
    expect(await stored()).toBe(2);
  });
});

describe('judge switches', () => {
  it('public judge off refuses submissions and test runs outside contests and stores nothing', async () => {
    await update({ openPublicJudge: false });
    const r = await submitAs(kim);
    expect([r.status, r.msg]).toEqual([400, MSG.publicJudgeClosed]);
    const run = await client(t, kim).call('testRun.submit', { body: { pid, language: 'C', code: 'int main(){return 0;}', userInput: '1 2' } });
    expect([run.status, run.msg]).toEqual([400, MSG.publicJudgeClosed]);
    expect(await stored()).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(testRuns))[0]!.n).toBe(0);
    // contest submissions are not concerned
    const inContest = await submitToContest(kim);
    expect(inContest.status, inContest.msg).toBe(200);
    expect(await stored()).toBe(1);
    await update({ openPublicJudge: true });
    expect((await submitAs(kim)).status).toBe(200);
  });

  it('contest judge off refuses contest submissions and contest test runs only', async () => {
    await update({ openContestJudge: false, submitIntervalSec: 0 });
    const r = await submitToContest(kim);
    expect([r.status, r.msg]).toEqual([400, MSG.contestJudgeClosed]);
    const run = await client(t, kim).call('testRun.submit', {
      body: { pid, type: 'contest', cid, language: 'C', code: 'int main(){return 0;}', userInput: '1 2' },
    });
    expect([run.status, run.msg]).toEqual([400, MSG.contestJudgeClosed]);
    expect(await stored()).toBe(0);
    expect((await submitAs(kim)).status).toBe(200);
  });
});

describe('submit captcha', () => {
  it('when on, refuses a submission without or with a wrong captcha and takes the right one', async () => {
    await update({ submitCaptcha: true });
    const none = await submitAs(kim);
    expect([none.status, none.msg, none.data]).toEqual([400, MSG.submitCaptchaRequired, { needCaptcha: true }]);
    const keyOnly = await submitAs(kim, { captchaKey: (await captcha()).captchaKey });
    expect(keyOnly.msg).toBe(MSG.submitCaptchaRequired);

    const c = await captcha();
    const wrong = await submitAs(kim, { captchaKey: c.captchaKey, captcha: c.captcha === 'abcd' ? 'abce' : 'abcd' });
    expect([wrong.status, wrong.msg, wrong.data]).toEqual([400, MSG.captchaWrong, { needCaptcha: true }]);
    // single use: the right answer after a wrong one is too late
    expect((await submitAs(kim, c)).msg).toBe(MSG.captchaWrong);
    expect((await submitAs(kim, { captchaKey: 'no-such-key', captcha: 'abcd' })).msg).toBe(MSG.captchaWrong);
    expect(await stored()).toBe(0);

    const right = await captcha();
    const ok = await submitAs(kim, { ...right, captcha: right.captcha.toUpperCase() });
    expect(ok.status, ok.msg).toBe(200);
    expect(await stored()).toBe(1);
    // and it is used up
    expect((await t.database.db.select().from(captchas).where(eq(captchas.key, right.captchaKey))).length).toBe(0);
  });

  it('is not asked of contest submissions, and not when off', async () => {
    await update({ submitCaptcha: true });
    // the same user, without a captcha: refused outside the contest, taken in it
    const outside = await submitAs(kim);
    expect([outside.status, outside.msg]).toEqual([400, MSG.submitCaptchaRequired]);
    expect(await stored()).toBe(0);
    const inContest = await submitToContest(kim);
    expect(inContest.status, inContest.msg).toBe(200);
    expect(inContest.data).toMatchObject({ cid, displayPid: 'A', pid });
    expect(await stored()).toBe(1);
    await update({ submitCaptcha: false });
    expect((await submitAs(kim)).status).toBe(200);
    expect(await stored()).toBe(2);
  });
});
