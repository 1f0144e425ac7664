/**
 * Rejudging a whole problem through a real in-process judge daemon: after the test data changes,
 * every submission of the problem is judged again and reaches a final verdict on the new data.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { COMPILE_ERROR_C, taggedC } from '@oj/test-fixtures';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { createProblem, createSubmitter, submission, submit, testQueue } from './judge-helpers.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';
import { client } from './client.js';
import { formOf } from './problem-admin-helpers.js';

let t: TestApp;
let daemon: JudgeDaemon;
let cacheDir: string;

const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];
const allFinal = (ids: number[]) =>
  waitFor(
    `final verdicts for ${ids.join(', ')}`,
    async () => {
      const rows = await Promise.all(ids.map((id) => submission(t, id)));
      return rows.every((s) => !ACTIVE.includes(s.status)) ? rows : null;
    },
    90_000,
  );

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 100 }) });
  const url = await listen(t);
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'rejudge', capacity: 2, cacheDir, pollWaitMs: 5000, log: memoryLogger() });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('rejudge a problem', () => {
  it('judges every submission again on the new test data; others are untouched; normal users are refused', async () => {
    const pid = await createProblem(t, { problemId: 'REJ1' }, [{ input: '5 2\n', output: '7\n' }]);
    const other = await createProblem(t, { problemId: 'REJ2' }, [{ input: '5 2\n', output: '7\n' }]);
    const user = await createSubmitter(t);
    const ids = [
      await submit(t, { pid, user, language: 'C', code: taggedC.aPlusB('a') }),
      await submit(t, { pid, user, language: 'C', code: taggedC.aMinusB('b') }),
      await submit(t, { pid, user, language: 'C', code: COMPILE_ERROR_C }),
    ];
    const otherId = await submit(t, { pid: other, user, language: 'C', code: taggedC.aPlusB('c') });
    expect((await allFinal([...ids, otherId])).map((s) => s.status)).toEqual([
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.COMPILE_ERROR,
      JudgeStatus.ACCEPTED,
    ]);
    const otherBefore = await submission(t, otherId);

    // New answers: a - b is now right, a + b wrong.
    const root = await rootToken(t);
    const detail = (await client(t, root).call('adminProblem.get', { query: { pid } })).data;
    const saved = await client(t, root).call('adminProblem.update', {
      body: {
        problem: { ...formOf(detail.problem), problemId: detail.problem.problemId, title: detail.problem.title, examples: [] },
        samples: [{ input: '5 2\n', output: '3\n' }],
        languages: [],
        tags: [],
        codeTemplates: [],
      },
    });
    expect(saved.status, saved.msg).toBe(200);

    await createUser(t, { username: 'plainrj' });
    expect((await client(t, await login(t, 'plainrj')).call('adminProblem.rejudgeAll', { query: { pid } })).http).toBe(403);
    expect(await client(t, root).call('adminProblem.rejudgeAll', { query: { pid: 999999 } })).toMatchObject({ status: 404 });

    await createUser(t, { username: 'padminrj', roles: [Role.PROBLEM_ADMIN] });
    const r = await client(t, await login(t, 'padminrj')).call('adminProblem.rejudgeAll', { query: { pid } });
    expect(r).toMatchObject({ status: 200, data: { count: 3 } });
    const after = await allFinal(ids);
    expect(after.map((s) => s.status)).toEqual([JudgeStatus.WRONG_ANSWER, JudgeStatus.ACCEPTED, JudgeStatus.COMPILE_ERROR]);
    expect(after.every((s) => s.version >= 1)).toBe(true);
    expect(await submission(t, otherId)).toEqual(otherBefore);
  }, 180_000);
});
