/**
 * A real judge daemon (in this process, real sandbox) judging through the HTTP protocol against a
 * listening test app: verdicts end to end, what the manifest maps to (checker from its hash, OI case
 * scores, case ids), the lease kept alive through a judging longer than the lease, a lost lease
 * (cancel) that stops the runs, and judge-side failures given back with `fail`.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { JudgeDaemon, getLanguages } from '@oj/judge';
import { COMPILE_ERROR_C, countedAPlusBCases, SPIN_FOREVER_C, taggedC } from '@oj/test-fixtures';
import { languages, problemCases } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { blobPath } from '../src/lib/testdata.js';
import { cancelSubmission } from '../src/modules/judge/queue.js';
import { databaseUnavailable } from '../src/modules/judge/routes.js';
import { createTestApp, type TestApp } from './harness.js';
import { caseRows, createProblem, createSubmitter, submission, submit, taskOf, testQueue } from './judge-helpers.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';

let t: TestApp;
let daemon: JudgeDaemon;
let user: { uid: string; username: string };
let cacheDir: string;
const log = memoryLogger();
const LEASE_MS = 3000;

const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];
const final = (id: number, timeoutMs = 60_000) =>
  waitFor(
    `a verdict for submission ${id}`,
    async () => {
      const s = await submission(t, id);
      return ACTIVE.includes(s.status) ? null : s;
    },
    timeoutMs,
  );

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ leaseMs: LEASE_MS, pollIntervalMs: 100 }) });
  const url = await listen(t);
  user = await createSubmitter(t);
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'inproc', capacity: 2, cacheDir, pollWaitMs: 5000, log });
  const info = await daemon.start();
  expect(info).toMatchObject({ name: 'inproc', capacity: 2, leaseMs: LEASE_MS });
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('an in-process judge daemon', () => {
  it('registers the languages of this host', async () => {
    const rows = await t.database.db.select().from(languages).where(eq(languages.oj, 'ME'));
    const names = rows.map((r) => r.name);
    for (const l of getLanguages()) expect(names).toContain(l.name);
    const c = rows.find((r) => r.name === 'C')!;
    expect(c.description).toMatch(/^GCC /);
    expect(c.compileCommand).toMatch(/^gcc /);
    expect(c.template).toContain('scanf');
    expect(c.contentType).toBe('text/x-csrc');
  });

  it('judges Accepted, Wrong Answer, Compile Error (with the message) and Time Limit Exceeded', async () => {
    const pid = await createProblem(t, { timeLimit: 300 }, countedAPlusBCases(3));
    const caseIds = (await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(problemCases.seq)).map((c) => c.id);
    const ac = await submit(t, { pid, user, language: 'C', code: taggedC.aPlusB('ac') });
    const wa = await submit(t, { pid, user, language: 'C', code: taggedC.aMinusB('wa') });
    const ce = await submit(t, { pid, user, language: 'C', code: COMPILE_ERROR_C });
    const tle = await submit(t, { pid, user, language: 'C', code: SPIN_FOREVER_C });

    const acRow = await final(ac);
    expect(acRow).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'inproc', errorMessage: null, score: null });
    expect(acRow.time).toBeGreaterThanOrEqual(0);
    expect(acRow.memory).toBeGreaterThan(0);
    const acCases = await caseRows(t, ac);
    expect(acCases.map((c) => [c.seq, c.caseId, c.status, c.inputData, c.outputData])).toEqual([
      [1, caseIds[0], 0, '1.in', '1.out'],
      [2, caseIds[1], 0, '2.in', '2.out'],
      [3, caseIds[2], 0, '3.in', '3.out'],
    ]);
    expect(acCases[0].userOutput).toBe('3\n');

    const waRow = await final(wa);
    expect(waRow.status).toBe(JudgeStatus.WRONG_ANSWER);
    const waCases = await caseRows(t, wa);
    expect(waCases).toHaveLength(3);
    expect(waCases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: '-1\n' });

    const ceRow = await final(ce);
    expect(ceRow).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, time: null, memory: null });
    expect(ceRow.errorMessage).toMatch(/undeclared_name/);
    expect(await caseRows(t, ce)).toEqual([]);

    const tleRow = await final(tle);
    expect(tleRow.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(tleRow.time).toBeGreaterThanOrEqual(300);
    expect((await caseRows(t, tle))[0].status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);

    for (const id of [ac, wa, ce, tle]) expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 0 });
  });

  it('judges with the special judge named by the manifest and scores OI cases as the problem says', async () => {
    // HOJ convention: exit 0 accepted, 102 wrong answer. The checker compares the first integer.
    const checker = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *ans = fopen(argv[3], "r"), *out = fopen(argv[2], "r");
  long long a = 0, b = 0;
  if (fscanf(ans, "%lld", &a) != 1) return 103;
  if (fscanf(out, "%lld", &b) != 1 || a != b) { fprintf(stderr, "expected %lld", a); return 102; }
  return 0;
}
`;
    const pid = await createProblem(t, { type: 1, judgeMode: 'spj', spjLanguage: 'C', spjCode: checker, ioScore: 100 }, [
      { input: '1 1\n', output: '2\n', score: 30 },
      { input: '2 2\n', output: '5\n', score: 70 }, // the "answer" disagrees with a + b
    ]);
    // Trailing junk after the number: a plain comparison would say WA, the checker says AC.
    const id = await submit(t, {
      pid,
      user,
      language: 'C',
      code: '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld junk\\n",a+b);return 0;}\n',
    });
    const row = await final(id);
    expect(row).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 });
    const cases = await caseRows(t, id);
    expect(cases.map((c) => [c.seq, c.status, c.score])).toEqual([
      [1, JudgeStatus.ACCEPTED, 30],
      [2, JudgeStatus.WRONG_ANSWER, 0],
    ]);
    expect(cases[1].message).toBe('expected 5');
  });

  it('keeps the lease alive through a judging longer than the lease', async () => {
    // 5 cases × 700 ms of CPU: more than the 3 s lease; progress every lease/4 keeps it.
    const pid = await createProblem(t, { timeLimit: 2000 }, countedAPlusBCases(5, 'long'));
    const id = await submit(t, { pid, user, language: 'C', code: taggedC.slowAPlusB(700, 'keepalive') });
    const row = await final(id, 60_000);
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'inproc' });
    expect(row.time).toBeGreaterThanOrEqual(700);
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 0, lastError: null });
    expect(await caseRows(t, id)).toHaveLength(5);
  });

  it('drops a task whose lease is lost (cancelled while judging) and stops its runs', async () => {
    const pid = await createProblem(t, { timeLimit: 2000 }, countedAPlusBCases(6, 'cancel'));
    const id = await submit(t, { pid, user, language: 'C', code: taggedC.slowAPlusB(800, 'cancelled') });
    await waitFor('judging', async () => (await submission(t, id)).status === JudgeStatus.JUDGING, 30_000, 50);
    await cancelSubmission(t.database.db, id);
    const cancelledAt = Date.now();
    // The next keep-alive (≤ lease/4) hears 409; the remaining ~4 s of cases are not run.
    await waitFor('the daemon to let go', async () => daemon.running === 0, 10_000, 50);
    expect(Date.now() - cancelledAt).toBeLessThan(LEASE_MS);
    expect(await submission(t, id)).toMatchObject({ status: JudgeStatus.CANCELLED });
    expect(await caseRows(t, id)).toEqual([]);
    expect(log.lines.some((l) => l.includes('lease lost'))).toBe(true);
    // and it goes on judging
    const next = await submit(t, { pid, user, language: 'C', code: taggedC.aPlusB('after-cancel') });
    expect((await final(next)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('gives a task back with fail when its test data does not verify, until the queue gives up', async () => {
    const pid = await createProblem(t, {}, [{ input: '40 2 corrupt-me\n', output: '42\n' }]);
    const [pc] = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid));
    // Same size, other bytes: the judge's hash check must catch it.
    fs.writeFileSync(blobPath(t.config.dataDir, pc!.inputHash), '40 2 CORRUPT-ME\n');
    const id = await submit(t, { pid, user, language: 'C', code: taggedC.aPlusB('corrupt') });
    const row = await final(id);
    expect(row.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(row.errorMessage).toMatch(/judging failed 3 times/);
    expect(row.errorMessage).toContain('judge "inproc"');
    expect(row.errorMessage).toContain(pc!.inputHash);
    expect(await taskOf(t, id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(log.lines.filter((l) => l.startsWith('warn:') && l.includes(`submission ${id}`))).toHaveLength(3);
  });
});

describe('judge calls while the database is down', () => {
  it('are recognised (503 for judges, one short log line) by the errors PostgreSQL and pg give', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: update judge_task …'), { cause });
    expect(databaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(
      'terminating connection due to administrator command',
    );
    expect(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatch(/ECONNREFUSED/);
    expect(databaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe('Connection terminated unexpectedly');
    expect(databaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBeNull();
    expect(databaseUnavailable(new Error('boom'))).toBeNull();
  });
});
