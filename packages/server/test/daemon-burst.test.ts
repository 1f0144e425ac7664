/**
 * A burst of 200 submissions judged by two real daemons (two `oj judge` processes, real sandbox, real
 * compilations): every submission reaches its final status exactly once — one verdict write, one set
 * of case rows, its task done at the first attempt — and both judges took part.
 *
 * Cost: C compiles and runs A+B in the sandbox in about 60 ms per submission (2 cases) on this 2-core
 * host, so 200 distinct submissions need no compile cache: the burst takes about 10 s.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { countedAPlusBCases, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { enqueueSubmission } from '../src/modules/judge/queue.js';
import { submissions } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { createProblem, createSubmitter, testQueue } from './judge-helpers.js';
import { finalWrites, listen, recordFinalWrites, startDaemonProcess, tempCacheDir, waitFor, type DaemonProcess } from './daemon-helpers.js';

const N = 200;
let t: TestApp;
const daemons: DaemonProcess[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ leaseMs: 20_000, pollIntervalMs: 200, sweepThrottleMs: 500 }) });
  await recordFinalWrites(t);
});

afterAll(async () => {
  await Promise.all(daemons.map((d) => d.stop()));
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('a burst of submissions with two judges', () => {
  it(`judges all ${N}, each exactly once`, { timeout: 240_000 }, async () => {
    const url = await listen(t);
    const token = await judgeToken(t);
    const user = await createSubmitter(t);
    const pid = await createProblem(t, { timeLimit: 1000 }, countedAPlusBCases(2, 'burst'));

    for (const name of ['burst-a', 'burst-b']) {
      const cache = tempCacheDir();
      dirs.push(cache);
      daemons.push(startDaemonProcess(['--server', url, '--token', token, '--name', name, '--capacity', '2', '--cache-dir', cache]));
    }
    await Promise.all(daemons.map((d) => d.waitForOutput(/registered with/)));

    // Every 10th answer is wrong; every source differs (no two submissions compile the same text).
    const expected = new Map<number, number>();
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) {
        const wrong = i % 10 === 9;
        const code = wrong ? taggedC.aMinusB(`burst ${i}`) : taggedC.aPlusB(`burst ${i}`);
        const [row] = await tx
          .insert(submissions)
          .values({ pid, displayPid: `P${pid}`, uid: user.uid, username: user.username, language: 'C', code, length: code.length, status: JudgeStatus.PENDING })
          .returning({ submitId: submissions.submitId });
        await enqueueSubmission(tx, row!.submitId, { contest: false });
        expected.set(row!.submitId, wrong ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED);
      }
    });

    const ids = [...expected.keys()];
    await waitFor(
      'every verdict',
      async () => {
        const res = await t.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from judge where submit_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and status in (5, 6, 7)`);
        return res.rows[0]!.n === 0;
      },
      200_000,
      250,
    );
    const seconds = (Date.now() - started) / 1000;

    const rows = await t.database.db.execute<{
      submit_id: number;
      status: number;
      judger: string;
      cases: number;
      seqs: number;
      task_status: string;
      attempts: number;
    }>(sql`
      select j.submit_id, j.status, j.judger,
             (select count(*)::int from judge_case c where c.submit_id = j.submit_id) as cases,
             (select count(distinct seq)::int from judge_case c where c.submit_id = j.submit_id) as seqs,
             t.status as task_status, t.attempts
      from judge j join judge_task t on t.submit_id = j.submit_id
      where j.submit_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    expect(rows.rows).toHaveLength(N);
    const writes = await finalWrites(t);
    for (const r of rows.rows) {
      expect({ id: r.submit_id, status: r.status }).toEqual({ id: r.submit_id, status: expected.get(r.submit_id) });
      expect({ id: r.submit_id, cases: r.cases, seqs: r.seqs, task: r.task_status, attempts: r.attempts }).toEqual({
        id: r.submit_id,
        cases: 2,
        seqs: 2,
        task: 'done',
        attempts: 0,
      });
      expect({ id: r.submit_id, writes: writes.get(r.submit_id) }).toEqual({ id: r.submit_id, writes: [expected.get(r.submit_id)] });
    }
    const byJudge = new Map<string, number>();
    for (const r of rows.rows) byJudge.set(r.judger, (byJudge.get(r.judger) ?? 0) + 1);
    expect([...byJudge.keys()].sort()).toEqual(['burst-a', 'burst-b']);
    console.log(`burst: ${N} submissions in ${seconds.toFixed(1)} s (${(N / seconds).toFixed(1)}/s); by judge: ${JSON.stringify(Object.fromEntries(byJudge))}`);
  });
});
