/**
 * The demo problems: seeded once with their settings and test data, and judged by the real judge
 * engine (`@oj/judge`, real sandbox): every reference solution is Accepted (full score for OI), every
 * wrong or naive one is not.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { findLanguage, judgeSubmission, type JudgeSubmissionRequest } from '@oj/judge';
import { seed } from '../src/seed.js';
import { demoProblems, seedProblems, type DemoProblem } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { client } from './client.js';

/** The demo problems in English (the cases are named by them). */
const DEMO_PROBLEMS = demoProblems('en-US');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Debian's interpreter when there is one: a version manager's shim on PATH starts several times slower.
const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const hasPython = (() => {
  try {
    execFileSync(PYTHON, ['-c', 'pass']);
    return true;
  } catch {
    return false;
  }
})();

describe('demo problems', () => {
  it('are created once by seed({ demoProblems }), with tags, settings and test data', async () => {
    expect((await client(t).call('problem.list', { query: { limit: 100 } })).data.total).toBe(0); // the harness does not seed them
    await seed({ config: t.config, database: t.database }, { demoProblems: true });
    expect(await seedProblems({ config: t.config, database: t.database })).toBe(0);
    // The demo contests come with them (their content is checked in contest-seed.test.ts), once.
    const contestTitles = async () => (await client(t).call('contest.list')).data.records.map((c) => c.title).sort();
    expect(await contestTitles()).toEqual(['Demo ACM Contest', 'Demo OI Contest', 'Demo Protected Contest']);
    await seed({ config: t.config, database: t.database }, { demoProblems: true });
    expect(await contestTitles()).toHaveLength(3);
    const list = await client(t).call('problem.list', { query: { limit: 100 } });
    expect(list.data.total).toBe(DEMO_PROBLEMS.length);
    expect(DEMO_PROBLEMS.length).toBe(13);
    expect(list.data.records[0]).toMatchObject({ problemId: 'P1000', title: 'A + B Problem' });
    await createUser(t, { username: 'viewer' });
    const d = await client(t, await login(t, 'viewer')).call('problem.detail', { query: { problemId: 'P1000' } });
    expect(d.data.problem.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);

    const root = await rootToken(t);
    const pidOf = (id: string) => list.data.records.find((r) => r.problemId === id)!.pid;
    const admin = async (id: string) => (await client(t, root).call('adminProblem.get', { query: { pid: pidOf(id) } })).data;
    expect((await admin('P1000')).cases).toHaveLength(10);
    const spj = await admin('P1010');
    expect(spj.problem).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C' });
    expect(spj.problem.spjCode).toContain('fabs');
    const oi = await admin('P1011');
    expect(oi.problem).toMatchObject({ type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 100 });
    expect(oi.cases.map((c) => [c.groupNum, c.score])).toEqual([
      [1, 30],
      [1, 30],
      [2, 30],
      [2, 30],
      [3, 40],
      [3, 40],
    ]);
    const fio = await admin('P1012');
    expect(fio.problem).toMatchObject({ isFileIO: true, ioReadFileName: 'reverse.in', ioWriteFileName: 'reverse.out' });
  });

  it.skipIf(!hasPython)(
    'have answers the reference solutions produce (plain stdin/stdout problems)',
    () => {
      for (const p of DEMO_PROBLEMS.filter((x) => !x.spj && !x.fileIO && x.solutions.Python3)) {
        for (const [i, c] of p.cases.entries()) {
          const out = execFileSync(PYTHON, ['-c', p.solutions.Python3!], { input: c.input, encoding: 'utf8' });
          expect(out, `${p.problemId} case ${i + 1}`).toBe(c.output);
        }
      }
    },
    180_000,
  );
});

/** The judge's language for a solution key ("C++" may be offered as "C++ 17" only). */
const judgeLanguage = (key: string) => findLanguage(key)?.name ?? (key === 'C++' ? (findLanguage('C++ 17')?.name ?? null) : null);

const requestFor = (p: DemoProblem, language: string, code: string): JudgeSubmissionRequest => ({
  language,
  code,
  cases: p.cases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum })),
  timeLimitMs: p.timeLimit ?? 1000,
  memoryLimitMb: p.memoryLimit ?? 256,
  problemType: p.type ?? 0,
  judgeMode: p.spj ? 'spj' : 'default',
  judgeCaseMode: p.judgeCaseMode ?? 'default',
  checker: p.spj ? { language: p.spj.language, code: p.spj.code } : undefined,
  fileIO: p.fileIO ? { readFileName: p.fileIO.input, writeFileName: p.fileIO.output } : null,
  ioScore: 100,
  concurrency: 2,
});

describe('demo problems on the real judge engine', () => {
  for (const p of DEMO_PROBLEMS) {
    it(`${p.problemId} ${p.title}: reference solutions are Accepted, wrong ones are not`, async () => {
      for (const [key, code] of Object.entries(p.solutions)) {
        const language = judgeLanguage(key);
        if (!language) continue; // not installed on this host
        const r = await judgeSubmission(requestFor(p, language, code));
        expect(r.status, `${p.problemId} ${key}: ${r.errorMessage ?? ''} ${JSON.stringify(r.cases.filter((c) => c.status !== 0).slice(0, 2))}`).toBe(
          JudgeStatus.ACCEPTED,
        );
        if (p.type === 1) expect(r.score).toBe(100);
      }
      for (const [key, code] of Object.entries(p.wrongSolutions ?? {})) {
        const language = judgeLanguage(key);
        if (!language) continue;
        const r = await judgeSubmission(requestFor(p, language, code));
        expect(r.status, `${p.problemId} wrong ${key}`).not.toBe(JudgeStatus.ACCEPTED);
        expect(r.status, `${p.problemId} wrong ${key}: ${r.errorMessage ?? ''}`).not.toBe(JudgeStatus.SYSTEM_ERROR);
        if (p.type === 1) expect(r.score, `${p.problemId} wrong ${key}`).toBeLessThan(100);
      }
    }, 120_000);
  }
});
