/**
 * Hacks through a real judge daemon (in this process, real sandbox): an A+B whose checked tests are
 * small, a weak solution in 32-bit ints that a large input breaks, a correct one that survives, an input
 * a testlib validator refuses; every refusal of the calls; the board after a successful hack; and after
 * the contest the hack inputs become tests and the contest's submissions are judged again. Kits are
 * compiled on the judge before they are saved (a broken validator or reference is refused), and a
 * Kattis-style kit's validator says "valid" with exit 42.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HACK, JudgeStatus, MSG, formatMsg, type AcmRankRow, type HackView, type LiveEvent } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { contestHacks, contests, problemCases, submissions } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, rootToken } from './helpers.js';
import { client } from './client.js';
import { createProblem, testQueue } from './judge-helpers.js';
import { createContest, iso } from './contest-helpers.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';
import { aPlusBValidator } from '@oj/test-fixtures';
import { Stream } from './live-stream.js';

const VALIDATOR = aPlusBValidator;
const CORRECT = '#include <stdio.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';
/** Right on the problem's tests (small numbers), wrong once a + b leaves 32 bits. */
const WEAK = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}\n';
const BREAKING = '2000000000 2000000000\n';

let t: TestApp;
let daemon: JudgeDaemon;
let url: string;
let root: string;
let alice: string;
let bob: string;
let carol: string;
let dave: string;
let cid: number;
let pid: number;
let plain: number;
const subs: Record<string, number> = {};
let keptHack = 0;
const log = memoryLogger();
// Each hack compiles three programs in the sandbox: on a busy two-core machine that is more than the default 30 s.
vi.setConfig({ testTimeout: 180_000 });

const WAITING: number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

const api = (token: string | null) => client(t, token);

async function verdictOf(submitId: number): Promise<number> {
  return waitFor(
    `submission ${submitId}`,
    async () => {
      const [s] = await t.database.db.select({ status: submissions.status }).from(submissions).where(eq(submissions.submitId, submitId));
      // An object: Accepted is status 0, which waitFor would take for "not yet".
      return s && !WAITING.includes(s.status) ? s : null;
    },
    90_000,
    200,
  ).then((s) => s.status);
}

async function submitC(token: string, code: string, displayId = 'A') {
  const r = await api(token).call('submission.submit', { body: { pid: displayId, cid, language: 'C', code } });
  expect(r.status, r.msg).toBe(200);
  return r.data.submitId;
}

async function hackDone(token: string, id: number): Promise<HackView> {
  return waitFor(
    `hack ${id}`,
    async () => {
      const r = await api(token).call('contestHack.list', { query: { cid } });
      expect(r.status, r.msg).toBe(200);
      const h = r.data.find((x) => x.id === id);
      return h && h.verdict !== 'pending' ? h : null;
    },
    90_000,
    200,
  );
}

async function hack(token: string, submitId: number, input: string) {
  const r = await api(token).call('contestHack.submit', { body: { cid, submitId, input } });
  expect(r.status, r.msg).toBe(200);
  return hackDone(token, r.data.id);
}

async function board(): Promise<AcmRankRow[]> {
  const r = await api(root).call('contest.rank', { body: { cid, forceRefresh: true } });
  expect(r.status, r.msg).toBe(200);
  return r.data.records as AcmRankRow[];
}

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 100 }) });
  url = await listen(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  for (const name of ['hkAlice', 'hkBob', 'hkCarol', 'hkDave']) await createUser(t, { username: name });
  [root, alice, bob, carol, dave] = [
    await rootToken(t),
    await login(t, 'hkAlice'),
    await login(t, 'hkBob'),
    await login(t, 'hkCarol'),
    await login(t, 'hkDave'),
  ];
  pid = await createProblem(t, { timeLimit: 1000, problemId: 'HK1000', auth: 1 });
  plain = await createProblem(t, { timeLimit: 1000, problemId: 'HK1001', auth: 1 });
  // A kit is compiled on a judge before it is saved: the judge is up first.
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'hk-judge', capacity: 2, cacheDir: tempCacheDir(), pollWaitMs: 5000, log });
  await daemon.start();
  const kit = await api(root).call('contestHack.saveKit', {
    body: { pid, validatorType: 'cpp.g++17', validatorCode: VALIDATOR, referenceLanguage: 'C', referenceCode: CORRECT },
  });
  expect(kit.status, kit.msg).toBe(200);
  cid = await createContest(t, root, { allowHacks: true }, [
    [pid, 'A'],
    [plain, 'B'],
  ]);
  subs.alice = await submitC(alice, CORRECT);
  subs.bob = await submitC(bob, WEAK);
  subs.carol = await submitC(carol, CORRECT);
  subs.daveWrong = await submitC(dave, '#include <stdio.h>\nint main(){puts("0");return 0;}\n');
  subs.aliceB = await submitC(alice, CORRECT, 'B');
  for (const [who, id] of Object.entries(subs)) expect(await verdictOf(id), who).toBe(who === 'daveWrong' ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED);
}, 240_000);

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
});

describe('hack kits', () => {
  it("are the problem admins': a participant can neither read nor write one", async () => {
    expect((await api(alice).call('contestHack.kit', { query: { pid } })).status).toBe(403);
    const r = await api(root).call('contestHack.kit', { query: { pid } });
    expect(r.data?.referenceLanguage).toBe('C');
    expect((await api(root).call('contestHack.kit', { query: { pid: plain } })).data).toBeNull();
  });

  it('are compiled on a judge before they are saved: a validator or a reference that does not compile is refused, saying which and why, and the kept kit stays', async () => {
    const kitPid = await createProblem(t, { timeLimit: 1000, problemId: 'HK1002', auth: 1 });
    const good = { pid: kitPid, validatorType: 'cpp.g++17', validatorCode: VALIDATOR, validatorOkExit: 0, referenceLanguage: 'C', referenceCode: CORRECT };
    const saved = await api(root).call('contestHack.saveKit', { body: good });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toEqual(good);

    const badValidator = await api(root).call('contestHack.saveKit', {
      body: { ...good, validatorCode: '#include "testlib.h"\nint main( { registerValidation(); }\n', validatorOkExit: 42 },
    });
    expect(badValidator.status).toBe(400);
    expect(badValidator.msg).toMatch(/^The hack kit was not saved: the validator does not compile: .*error/s);
    expect(badValidator.msg).toContain('main(');
    const badReference = await api(root).call('contestHack.saveKit', { body: { ...good, referenceCode: 'int main() { return 0 }\n', validatorOkExit: 42 } });
    expect(badReference.status).toBe(400);
    expect(badReference.msg).toMatch(/^The hack kit was not saved: the reference solution does not compile: .*error/s);
    expect((await api(root).call('contestHack.kit', { query: { pid: kitPid } })).data).toEqual(good);

    // A refused first kit leaves the problem without one.
    expect((await api(root).call('contestHack.saveKit', { body: { ...good, pid: plain, referenceCode: 'oops' } })).status).toBe(400);
    expect((await api(root).call('contestHack.kit', { query: { pid: plain } })).data).toBeNull();

    // The valid exit code is kept as given (a Kattis validator's 42).
    const kattis = await api(root).call('contestHack.saveKit', { body: { ...good, validatorOkExit: 42 } });
    expect(kattis.status, kattis.msg).toBe(200);
    expect((await api(root).call('contestHack.kit', { query: { pid: kitPid } })).data?.validatorOkExit).toBe(42);
  });

  it('a hack setting is kept only where the rule has hacks (OI has none)', async () => {
    const oi = await createContest(t, root, { type: 1, allowHacks: true }, []);
    const r = await api(root).call('adminContest.get', { query: { cid: oi } });
    expect(r.data.allowHacks).toBe(false);
    expect((await api(root).call('adminContest.get', { query: { cid } })).data.allowHacks).toBe(true);
  });
});

describe('locking and opening a submission', () => {
  it('refuses a visitor, the staff, an unsolved problem and a problem without a kit', async () => {
    expect((await post(t, '/api/contest/lock-problem', { cid, displayId: 'A' })).status).toBe(401);
    const staff = await api(root).call('contestHack.lock', { body: { cid, displayId: 'A' } });
    expect(staff.msg).toBe(MSG.hackNotParticipant);
    expect((await api(dave).call('contestHack.lock', { body: { cid, displayId: 'A' } })).msg).toBe(MSG.hackNotSolved);
    expect((await api(alice).call('contestHack.lock', { body: { cid, displayId: 'B' } })).msg).toBe(MSG.hackProblemNotHackable);
  });

  it("shows no source before the hacker locked the problem; after it, others' accepted code only", async () => {
    const before = await api(alice).call('contestHack.target', { query: { cid, submitId: subs.bob! } });
    expect(before.msg).toBe(MSG.hackNotLocked);
    expect(before.data).toBeNull();
    const lock = await api(alice).call('contestHack.lock', { body: { cid, displayId: 'A' } });
    expect(lock.status, lock.msg).toBe(200);
    expect((await api(alice).call('contestHack.locks', { query: { cid } })).data).toEqual(['A']);
    const target = await api(alice).call('contestHack.target', { query: { cid, submitId: subs.bob! } });
    expect(target.status, target.msg).toBe(200);
    expect(target.data.code).toBe(WEAK);
    expect(target.data.username).toBe('hkBob');
    expect((await api(alice).call('contestHack.target', { query: { cid, submitId: subs.alice! } })).msg).toBe(MSG.hackOwnSubmission);
    expect((await api(alice).call('contestHack.target', { query: { cid, submitId: subs.daveWrong! } })).msg).toBe(MSG.hackTargetNotAccepted);
  });

  it('a locked problem takes no more submissions of its hacker; the others still submit', async () => {
    const r = await api(alice).call('submission.submit', { body: { pid: 'A', cid, language: 'C', code: CORRECT } });
    expect(r.msg).toBe(MSG.hackProblemLocked);
    const b = await api(alice).call('submission.submit', { body: { pid: 'B', cid, language: 'C', code: CORRECT } });
    expect(b.status, b.msg).toBe(200);
    await verdictOf(b.data.submitId);
  });

  it('a result the seal hides cannot be opened or hacked, whatever its verdict; one made before the seal can', async () => {
    const sealAt = new Date();
    await t.database.db.update(contests).set({ sealRank: true, sealRankTime: sealAt }).where(eq(contests.id, cid));
    try {
      const accepted = await submitC(dave, CORRECT);
      expect(await verdictOf(accepted)).toBe(JudgeStatus.ACCEPTED);
      const wrong = await submitC(dave, '#include <stdio.h>\nint main(){puts("1");return 0;}\n');
      expect(await verdictOf(wrong)).not.toBe(JudgeStatus.ACCEPTED);
      // The same answer for both: the hacker learns nothing the board hides.
      for (const submitId of [accepted, wrong]) {
        const r = await api(alice).call('contestHack.target', { query: { cid, submitId } });
        expect(r.msg).toBe(MSG.hackTargetSealed);
        expect(r.data).toBeNull();
        expect((await api(alice).call('contestHack.submit', { body: { cid, submitId, input: BREAKING } })).msg).toBe(MSG.hackTargetSealed);
      }
      expect((await api(alice).call('contestHack.target', { query: { cid, submitId: subs.carol! } })).status).toBe(200);
    } finally {
      await t.database.db.update(contests).set({ sealRank: false, sealRankTime: null }).where(eq(contests.id, cid));
    }
  });
});

describe('hacks', () => {
  it("refuses an input over the limit and one against the hacker's own submission", async () => {
    const big = await api(alice).call('contestHack.submit', { body: { cid, submitId: subs.bob!, input: '1'.repeat(HACK.inputMax + 1) } });
    expect(big.msg).toBe(formatMsg(MSG.hackInputTooLarge, { max: HACK.inputMax }));
    expect((await api(alice).call('contestHack.submit', { body: { cid, submitId: subs.alice!, input: '1 2\n' } })).msg).toBe(MSG.hackOwnSubmission);
    expect((await api(dave).call('contestHack.submit', { body: { cid, submitId: subs.bob!, input: '1 2\n' } })).msg).toBe(MSG.hackNotLocked);
  });

  it('an input the validator refuses is invalid, and the victim keeps his verdict', async () => {
    const h = await hack(alice, subs.bob!, '1 two\n');
    expect(h.verdict).toBe('invalid');
    // The validator's own words reach the hacker (testlib names what it expected).
    expect(h.message?.trim()).toBeTruthy();
    expect(await verdictOf(subs.bob!)).toBe(JudgeStatus.ACCEPTED);
  });

  it('a correct solution survives a large input', async () => {
    const h = await hack(alice, subs.carol!, BREAKING);
    expect(h.verdict).toBe('unsuccessful');
    expect(await verdictOf(subs.carol!)).toBe(JudgeStatus.ACCEPTED);
  });

  it('the weak solution is hacked: its submission counts as a rejected try on the board, and watchers are told live', async () => {
    const before = (await board()).find((r) => r.username === 'hkBob');
    expect(before?.ac).toBe(1);
    // Another participant on the hacks tab hears of the hack when it is sent and when it is judged, without asking.
    const watcher = await Stream.open({ app: t.app, base: url }, dave, { contest: cid });
    const isHack = (e: LiveEvent) => e.type === 'hack' && e.cid === cid;
    const h = await hack(alice, subs.bob!, BREAKING);
    expect(h.verdict).toBe('successful');
    await watcher.until(() => watcher.events.filter(isHack).length >= 2);
    await watcher.until((e) => e.type === 'board' && e.cid === cid);
    watcher.close();
    expect(await verdictOf(subs.bob!)).toBe(JudgeStatus.HACKED);
    const after = (await board()).find((r) => r.username === 'hkBob');
    expect(after?.ac).toBe(0);
    expect(after?.submissionInfo.A?.errorNum).toBe(1);
    // Hacked once, it is no accepted submission any more.
    expect((await api(alice).call('contestHack.submit', { body: { cid, submitId: subs.bob!, input: BREAKING } })).msg).toBe(MSG.hackTargetNotAccepted);
  });

  it("the list shows every hack; the input is the hacker's and the staff's while the contest runs", async () => {
    const mine = (await api(alice).call('contestHack.list', { query: { cid } })).data;
    expect(mine.map((h) => h.verdict)).toEqual(['successful', 'unsuccessful', 'invalid']);
    expect(mine[0]!.input).toBe(BREAKING);
    const theirs = (await api(bob).call('contestHack.list', { query: { cid } })).data;
    expect(theirs.map((h) => [h.hacker, h.victim, h.verdict])).toContainEqual(['hkAlice', 'hkBob', 'successful']);
    expect(theirs.every((h) => h.input === null && h.message === null)).toBe(true);
  });

  it('a judge that stops mid-hack gives it back: queued again at once, no attempt counted', async () => {
    const r = await api(alice).call('contestHack.submit', { body: { cid, submitId: subs.carol!, input: '5 6\n' } });
    expect(r.status, r.msg).toBe(200);
    const row = async () => (await t.database.db.select().from(contestHacks).where(eq(contestHacks.id, r.data.id)))[0]!;
    await waitFor('the hack leased', async () => ((await row()).status === 'leased' ? true : null), 60_000, 20);
    keptHack = r.data.id;
    await daemon.stop(0);
    // The stopping judge gives it back once its runs end (a compile shared with other tasks is not killed): before its lease (71 s here) runs out.
    await waitFor('the hack given back', async () => ((await row()).status === 'queued' ? true : null), 45_000, 50);
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, leaseToken: null, verdict: 'pending' });
  });

  it('caps the hacks a hacker has waiting', async () => {
    // Without a judge the hacks wait: the cap is counted, not the judge's speed.
    await api(carol).call('contestHack.lock', { body: { cid, displayId: 'A' } });
    for (let i = 0; i < HACK.maxPending; i++) {
      const r = await api(carol).call('contestHack.submit', { body: { cid, submitId: subs.alice!, input: `${i} 1\n` } });
      expect(r.status, r.msg).toBe(200);
    }
    const over = await api(carol).call('contestHack.submit', { body: { cid, submitId: subs.alice!, input: '9 9\n' } });
    expect(over.msg).toBe(formatMsg(MSG.hackTooManyPending, { count: HACK.maxPending }));
    daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'hk-judge-2', capacity: 2, cacheDir: tempCacheDir(), pollWaitMs: 5000, log });
    await daemon.start();
    const list = (await api(carol).call('contestHack.list', { query: { cid } })).data.filter((h) => h.hacker === 'hkCarol');
    for (const h of list) expect((await hackDone(carol, h.id)).verdict).toBe('unsuccessful');
    // The hack given back by the stopped judge is judged by the new one.
    expect((await hackDone(alice, keptHack)).verdict).toBe('unsuccessful');
  }, 180_000);
});

describe('after the contest', () => {
  it('refuses hacks, and only the staff turn successful hacks into tests; the contest is judged again', async () => {
    const early = await api(root).call('contestHack.toTests', { body: { cid } });
    expect(early.msg).toBe(MSG.hacksToTestsNotEnded);
    await t.database.db
      .update(contests)
      .set({ endTime: new Date(iso(-1)) })
      .where(eq(contests.id, cid));
    expect((await api(alice).call('contestHack.submit', { body: { cid, submitId: subs.carol!, input: BREAKING } })).msg).toBe(MSG.hackNotRunning);
    expect((await api(alice).call('contestHack.toTests', { body: { cid } })).status).toBe(403);
    const before = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid));
    const r = await api(root).call('contestHack.toTests', { body: { cid } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.added).toBe(1);
    expect(r.data.rejudged).toBeGreaterThanOrEqual(4);
    const after = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid));
    expect(after.length).toBe(before.length + 1);
    expect(await verdictOf(subs.bob!)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await verdictOf(subs.carol!)).toBe(JudgeStatus.ACCEPTED);
    // Once over, everyone reads the inputs; a second call adds nothing.
    expect((await api(bob).call('contestHack.list', { query: { cid } })).data.find((h) => h.verdict === 'successful')?.input).toBe(BREAKING);
    expect((await api(root).call('contestHack.toTests', { body: { cid } })).data.added).toBe(0);
  }, 180_000);

  it('refuses a contest whose setting is off', async () => {
    const off = await createContest(t, root, {}, [[pid, 'A']]);
    expect((await api(alice).call('contestHack.lock', { body: { cid: off, displayId: 'A' } })).msg).toBe(MSG.hackNotAllowed);
  });
});

describe('a Kattis-style kit (valid = exit 42)', () => {
  /** A Kattis input validator, as a Kattis import keeps it: 42 for one line of two integers up to 2·10^9, 43 otherwise. */
  const KATTIS_VALIDATOR = `import re, sys
m = re.fullmatch(r"(\\d+) (\\d+)\\n", sys.stdin.read())
if not m or max(int(m.group(1)), int(m.group(2))) > 2 * 10**9:
    print("expected two integers up to 2e9 on one line")
    sys.exit(43)
sys.exit(42)
`;

  it('the validator accepts a valid input on exit 42 (the hack succeeds) and refuses a bad one with its words', async () => {
    const kattisPid = await createProblem(t, { timeLimit: 1000, problemId: 'HK1003', auth: 1 });
    const kit = await api(root).call('contestHack.saveKit', {
      body: { pid: kattisPid, validatorType: 'python.3', validatorCode: KATTIS_VALIDATOR, validatorOkExit: 42, referenceLanguage: 'C', referenceCode: CORRECT },
    });
    expect(kit.status, kit.msg).toBe(200);
    const kcid = await createContest(t, root, { allowHacks: true }, [[kattisPid, 'A']]);
    const submitTo = async (token: string, code: string) => {
      const r = await api(token).call('submission.submit', { body: { pid: 'A', cid: kcid, language: 'C', code } });
      expect(r.status, r.msg).toBe(200);
      return r.data.submitId;
    };
    const [mine, victim] = [await submitTo(alice, CORRECT), await submitTo(bob, WEAK)];
    expect([await verdictOf(mine), await verdictOf(victim)]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    expect((await api(alice).call('contestHack.lock', { body: { cid: kcid, displayId: 'A' } })).status).toBe(200);
    const hackIn = async (input: string) => {
      const r = await api(alice).call('contestHack.submit', { body: { cid: kcid, submitId: victim, input } });
      expect(r.status, r.msg).toBe(200);
      return waitFor(
        `hack ${r.data.id}`,
        async () =>
          (await api(alice).call('contestHack.list', { query: { cid: kcid } })).data.find((h) => h.id === r.data.id && h.verdict !== 'pending') ?? null,
        90_000,
        200,
      );
    };
    const bad = await hackIn('1 2 3\n');
    expect(bad.verdict).toBe('invalid');
    expect(bad.message).toMatch(/^exit code 43: expected two integers up to 2e9 on one line/);
    expect(await verdictOf(victim)).toBe(JudgeStatus.ACCEPTED);
    const good = await hackIn(BREAKING);
    expect(good.verdict).toBe('successful');
    expect(await verdictOf(victim)).toBe(JudgeStatus.HACKED);
  });
});
