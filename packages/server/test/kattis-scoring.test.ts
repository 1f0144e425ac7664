/**
 * Kattis scoring problems score as at their origin, and a validator's words for the judges stay with
 * the judges.
 *
 * - `fixtures/kattis-oddecho`, laid out as problemtools' "oddecho" example (2023-07, `type: scoring`,
 *   testdata.yaml per group: samples ignored, two groups of 50 points each taken as the minimum over
 *   their cases): the accepted program scores 100, the one that only handles N = 5 scores 50 (Partial
 *   Accepted), the wrong one 0. Before: a pass-fail problem, the partial program Wrong Answer.
 * - A scoring problem with its own validator (built here): each group's `output_validator_args`
 *   reach the validator, its `score.txt` becomes a share of the case's points, its teammessage.txt
 *   is the case's message and its judgemessage.txt ("judge answer = 7") is shown to the problem's
 *   admins only, never to the submitter, not even on a sample case. A submission that earns 0 points
 *   (right on the worthless sample only) is Wrong Answer, its first error, not Partial Accepted.
 * - Groups inside groups are graded as problemtools does: a min group is one subtask over every case
 *   below it.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type AllCaseResult, type CaseResult, type ImportEvent, type ImportItemReport } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { AC_PY } from '@oj/test-fixtures';
import { problems } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { login, rootToken } from './helpers.js';
import { createSubmitter, submission, submit, testQueue } from './judge-helpers.js';
import { listen, tempCacheDir, waitFor } from './daemon-helpers.js';
import { multipart, zip } from './problem-admin-helpers.js';
import { kattisFixtureFiles } from './kattis-fixtures.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
let daemon: JudgeDaemon;
let cacheDir: string;
let user: { uid: string; username: string };

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 100 }) });
  root = await rootToken(t);
  const url = await listen(t);
  user = await createSubmitter(t);
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'kattis-scoring', capacity: 2, cacheDir, pollWaitMs: 5000 });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

async function importPackage(folder: string, files: Map<string, Buffer>): Promise<{ item: ImportItemReport; pid: number }> {
  const entries: Zippable = {};
  for (const [k, v] of files) entries[`${folder}/${k}`] = v;
  const { payload, contentType } = multipart([{ field: 'file', filename: `${folder}.zip`, content: zip(entries) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/import-problems?format=auto',
    headers: { 'content-type': contentType, authorization: root },
    payload,
  });
  expect(res.statusCode).toBe(200);
  const events = res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportEvent);
  const [item] = events.flatMap((e) => (e.type === 'item' ? [e.item] : [])) as ImportItemReport[];
  expect(item, item?.reason).toMatchObject({ status: 'imported', problemId: folder });
  const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, folder));
  return { item: item!, pid: row!.id };
}

const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];

async function judged(pid: number, code: string) {
  const id = await submit(t, { pid, user, language: 'Python3', code });
  return waitFor(
    `a verdict for submission ${id}`,
    async () => {
      const r = await submission(t, id);
      return ACTIVE.includes(r.status) ? null : r;
    },
    120_000,
  );
}

const casesOf = (r: AllCaseResult): CaseResult[] => r.judgeCaseList ?? (r.subTaskJudgeCaseVoList ?? []).flatMap((g) => g.subtaskDetailList);

describe('Kattis scoring problems', () => {
  it('nested groups add up as problemtools grades them: a min group of 30 with two subfolders is one subtask of 30, not two', async () => {
    // problemtools grades a group from its results, a subgroup being one result: group1 (min, 30 points)
    // holding small/ and large/ (inheriting min and 30) scores min(30, 30) = 30. Before: each subfolder
    // was a subtask of its own, 130 points in all, and a program wrong on large/ only scored 100.
    const files = new Map<string, Buffer>(
      Object.entries({
        'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: scoring\nname: Double\nlimits:\n  time_limit: 2\n',
        'statement/problem.en.md': 'Print twice the number.\n',
        'data/secret/group1/testdata.yaml': 'accept_score: 30\ngrader_flags: min\n',
        'data/secret/group1/small/1.in': '1\n',
        'data/secret/group1/small/1.ans': '2\n',
        'data/secret/group1/large/1.in': '1000\n',
        'data/secret/group1/large/1.ans': '2000\n',
        'data/secret/group2/testdata.yaml': 'accept_score: 70\ngrader_flags: min\n',
        'data/secret/group2/1.in': '5\n',
        'data/secret/group2/1.ans': '10\n',
      }).map(([k, v]) => [k, Buffer.from(v)]),
    );
    const { pid } = await importPackage('kattis-nested', files);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
    expect(row).toMatchObject({ type: 1, ioScore: 100, judgeCaseMode: 'subtask_lowest' });
    const right = await judged(pid, 'print(2 * int(input()))\n');
    expect([right.status, right.score]).toEqual([JudgeStatus.ACCEPTED, 100]);
    const smallOnly = await judged(pid, 'n = int(input())\nprint(2 * n if n < 1000 else 0)\n');
    expect([smallOnly.status, smallOnly.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 70]);
  }, 300_000);

  it('oddecho: accepted 100, the N = 5 only program 50 (Partial Accepted), the wrong one 0', async () => {
    const files = kattisFixtureFiles('kattis-oddecho');
    const { pid } = await importPackage('oddecho', files);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
    expect(row).toMatchObject({ type: 1, ioScore: 100, judgeCaseMode: 'subtask_lowest' });
    const got: Record<string, [number, number | null]> = {};
    for (const k of ['accepted/echo.py', 'partially_accepted/five.py', 'wrong_answer/all.py']) {
      const s = await judged(pid, files.get(`submissions/${k}`)!.toString('utf8'));
      got[k] = [s.status, s.score];
    }
    expect(got).toEqual({
      'accepted/echo.py': [JudgeStatus.ACCEPTED, 100],
      'partially_accepted/five.py': [JudgeStatus.PARTIAL_ACCEPTED, 50],
      'wrong_answer/all.py': [JudgeStatus.WRONG_ANSWER, 0],
    });
  }, 300_000);

  it("a custom validator: per-group arguments, score.txt as a share of the points, judgemessage.txt for the problem's admins only", async () => {
    // Reads the team's number; "tolerance T partial P" come from the group's arguments. Exact: accepted
    // (the group's points); within T: accepted with score.txt P; else wrong answer with both messages.
    const validator = `#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
int main(int argc, char **argv) {
  long answer = 0, team = 0, tolerance = 0;
  const char *partial = "0";
  FILE *a = fopen(argv[2], "r");
  if (!a || fscanf(a, "%ld", &answer) != 1) return 1;
  for (int i = 4; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "tolerance")) tolerance = atol(argv[i + 1]);
    if (!strcmp(argv[i], "partial")) partial = argv[i + 1];
  }
  std::string dir = argv[3];
  FILE *judge = fopen((dir + "judgemessage.txt").c_str(), "w");
  FILE *teamMsg = fopen((dir + "teammessage.txt").c_str(), "w");
  if (scanf("%ld", &team) != 1 || labs(team - answer) > tolerance) {
    fprintf(judge, "judge answer = %ld", answer);
    fprintf(teamMsg, "your number is off");
    return 43;
  }
  if (team != answer) {
    FILE *s = fopen((dir + "score.txt").c_str(), "w");
    fprintf(s, "%s\\n", partial);
    fclose(s);
  }
  return 42;
}
`;
    const files = new Map<string, Buffer>(
      Object.entries({
        'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: scoring\nname: Add\nlimits:\n  time_limit: 2\n',
        'statement/problem.en.md': 'Print the sum of the two numbers.\n\n## Input\n\nTwo integers.\n\n## Output\n\nTheir sum.\n',
        'output_validator/add/validate.cc': validator,
        // A judged sample worth nothing (ignore_sample would make it the statement's example only).
        'data/sample/testdata.yaml': 'accept_score: 0\n',
        'data/sample/1.in': '3 4\n',
        'data/sample/1.ans': '7\n',
        'data/secret/easy/testdata.yaml': 'accept_score: 40\ngrader_flags: min\noutput_validator_args: tolerance 0\n',
        'data/secret/easy/1.in': '1 1\n',
        'data/secret/easy/1.ans': '2\n',
        'data/secret/easy/2.in': '10 5\n',
        'data/secret/easy/2.ans': '15\n',
        'data/secret/hard/testdata.yaml': 'accept_score: 60\noutput_validator_args: [tolerance, 2, partial, 30]\n',
        'data/secret/hard/1.in': '100 200\n',
        'data/secret/hard/1.ans': '300\n',
      }).map(([k, v]) => [k, Buffer.from(v)]),
    );
    const { pid } = await importPackage('kattis-add', files);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
    expect(row).toMatchObject({ type: 1, ioScore: 100, judgeMode: 'spj' });
    await t.database.db.update(problems).set({ openCaseResult: true }).where(eq(problems.id, pid));

    const exact = await judged(pid, AC_PY);
    expect([exact.status, exact.score]).toEqual([JudgeStatus.ACCEPTED, 100]);
    // One off: wrong where the tolerance is 0 (sample, easy: its second case is skipped), 30 of 60 points in the hard group.
    const near = await judged(pid, AC_PY.replace('a + b', 'a + b + 1'));
    expect([near.status, near.score]).toEqual([JudgeStatus.PARTIAL_ACCEPTED, 30]);
    // Right on the sample only (worth 0): no points, so the first error is the verdict, as problemtools
    // gives it (before: Partial Accepted with 0 points).
    const sampleOnly = await judged(pid, 'print(7)\n');
    expect([sampleOnly.status, sampleOnly.score]).toEqual([JudgeStatus.WRONG_ANSWER, 0]);
    expect(near.errorMessage ?? '').not.toMatch(/judge answer/);

    const submitterToken = await login(t, user.username);
    const mine = await client(t, submitterToken).call('submission.caseResult', { query: { submitId: near.submitId } });
    const seen = casesOf(mine.data as AllCaseResult);
    expect(seen).toHaveLength(4);
    // The sample case: the submitter reads the validator's team message, not its judge message.
    expect(seen[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'your number is off' });
    expect(JSON.stringify(mine.data)).not.toMatch(/judge answer/);
    expect(seen.every((c) => c.judgeMessage === undefined)).toBe(true);

    const admin = await client(t, root).call('submission.caseResult', { query: { submitId: near.submitId } });
    const all = casesOf(admin.data as AllCaseResult);
    expect(all.map((c) => c.judgeMessage ?? null)).toEqual(['judge answer = 7', 'judge answer = 2', null, null]);
    expect(all.map((c) => c.score)).toEqual([0, 0, 0, 30]);
  }, 300_000);
});
