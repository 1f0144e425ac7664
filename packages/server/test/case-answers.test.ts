/**
 * Hidden test answers never reach a participant: a case's program output, its checker
 * message (the built-in comparators quote the answer) and its file names are shown to the submitter for
 * the statement's samples only, in the bank, a training, a group and a contest (running and ended);
 * the admins of the problem see every case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ContestType, GroupLevel, JudgeStatus, Role } from '@oj/shared';
import { judgeCases, problemCases, submissions } from '../src/db/schema/index.js';
import { createContest, iso } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, put, rootToken, uidOf } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { createCategory, createTraining } from './training-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let pid: number;
let sampleCase: number;
let hiddenCase: number;

const SAMPLE_MSG = 'line 1 differs: expected "3", found "4"';
const HIDDEN_MSG = 'line 1 differs: expected "1000000007", found "8"';

/** A judged WA submission written into the table: the sample case and a hidden one, both wrong (the program printed its input). */
async function judgedWa(o: { uid: string; username: string; cid?: number; gid?: number | null; tid?: number | null; errorMessage?: string | null }) {
  const [s] = await t.database.db
    .insert(submissions)
    .values({
      pid,
      displayPid: 'A',
      uid: o.uid,
      username: o.username,
      language: 'C++',
      code: 'x',
      length: 1,
      status: JudgeStatus.WRONG_ANSWER,
      cid: o.cid ?? 0,
      gid: o.gid ?? null,
      tid: o.tid ?? null,
      errorMessage: o.errorMessage ?? null,
    })
    .returning({ id: submissions.submitId });
  const submitId = s!.id;
  await t.database.db.insert(judgeCases).values([
    {
      submitId,
      uid: o.uid,
      pid,
      caseId: sampleCase,
      seq: 1,
      status: JudgeStatus.WRONG_ANSWER,
      inputData: '1.in',
      outputData: '1.out',
      userOutput: '4\n',
      message: SAMPLE_MSG,
    },
    {
      submitId,
      uid: o.uid,
      pid,
      caseId: hiddenCase,
      seq: 2,
      status: JudgeStatus.WRONG_ANSWER,
      inputData: '2.in',
      outputData: '2.out',
      userOutput: '999 8\n',
      message: HIDDEN_MSG,
    },
    {
      submitId,
      uid: o.uid,
      pid,
      caseId: hiddenCase,
      seq: 3,
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
      inputData: '2.in',
      outputData: '2.out',
      userOutput: '999\n',
      message: 'Time Limit Exceeded',
    },
  ]);
  return submitId;
}

const cases = async (token: string, submitId: number) => {
  const r = await get(t, '/api/get-all-case-result', { token, query: { submitId: String(submitId) } });
  expect(r.status, r.msg).toBe(200);
  return r.data.judgeCaseList as Record<string, unknown>[];
};

/** What a participant may see: the sample's output and message, nothing of the hidden case but the judge's own words. */
function expectSubmitterView(list: Record<string, unknown>[]) {
  expect(list[0]).toMatchObject({ inputData: '1.in', outputData: '1.out', userOutput: '4\n', message: SAMPLE_MSG, status: JudgeStatus.WRONG_ANSWER });
  expect(list[1]).toMatchObject({ inputData: null, outputData: null, userOutput: null, message: null, status: JudgeStatus.WRONG_ANSWER });
  expect(list[2]).toMatchObject({
    inputData: null,
    outputData: null,
    userOutput: null,
    message: 'Time Limit Exceeded',
    status: JudgeStatus.TIME_LIMIT_EXCEEDED,
  });
  expect(JSON.stringify(list)).not.toContain('1000000007');
  expect(JSON.stringify(list)).not.toContain('999');
}

function expectAdminView(list: Record<string, unknown>[]) {
  expect(list[1]).toMatchObject({ inputData: '2.in', outputData: '2.out', userOutput: '999 8\n', message: HIDDEN_MSG });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['kim', 'gmem']) await createUser(t, { username: name });
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  tokens.root = await rootToken(t);
  for (const name of ['kim', 'gmem', 'padm']) tokens[name] = await login(t, name);
  // The statement's sample is case 1 (CRLF and trailing blanks aside); case 2 is hidden.
  pid = await createProblem(t, { problemId: 'CA1', type: 1, examples: [{ input: '1 2\r\n', output: '3  \n' }] }, [
    { input: '1 2\n', output: '3\n' },
    { input: '999 8\n', output: '1000000007\n' },
  ]);
  const rows = await t.database.db.select({ id: problemCases.id }).from(problemCases).where(eq(problemCases.pid, pid)).orderBy(asc(problemCases.seq));
  [sampleCase, hiddenCase] = rows.map((r) => r.id) as [number, number];
});

afterAll(() => t.close());

describe('case results of a hidden case', () => {
  it('in the bank and a training: the submitter sees the sample only, the problem admins everything', async () => {
    const kim = { uid: await uidOf(t, 'kim'), username: 'kim' };
    const training = await createTraining(t, tokens.root!, { categoryId: await createCategory(t, tokens.root!, 'Basics') }, [pid]);
    for (const tid of [null, training]) {
      const id = await judgedWa({ ...kim, tid });
      expectSubmitterView(await cases(tokens.kim!, id));
      expectAdminView(await cases(tokens.padm!, id));
      expectAdminView(await cases(tokens.root!, id));
    }
  });

  it('the submission message of a special judge quoting a hidden answer is kept from the submitter', async () => {
    const kim = { uid: await uidOf(t, 'kim'), username: 'kim' };
    const hidden = await judgedWa({ ...kim, errorMessage: HIDDEN_MSG });
    const detail = (token: string, id: number) => get(t, '/api/get-submission-detail', { token, query: { submitId: String(id) } });
    expect((await detail(tokens.kim!, hidden)).data.submission.errorMessage).toBeNull();
    expect((await detail(tokens.padm!, hidden)).data.submission.errorMessage).toBe(HIDDEN_MSG);
    const sample = await judgedWa({ ...kim, errorMessage: SAMPLE_MSG });
    expect((await detail(tokens.kim!, sample)).data.submission.errorMessage).toBe(SAMPLE_MSG);
  });

  it('in a group: the member sees the sample only, the group root everything', async () => {
    const gid = await insertGroup(t, { owner: 'root', members: { gmem: GroupLevel.MEMBER } });
    const id = await judgedWa({ uid: await uidOf(t, 'gmem'), username: 'gmem', gid });
    expectSubmitterView(await cases(tokens.gmem!, id));
    expectAdminView(await cases(tokens.root!, id));
  });

  it('in an OI contest, while it runs and after it ended: the participant sees the sample only, the contest admin everything', async () => {
    const kim = { uid: await uidOf(t, 'kim'), username: 'kim' };
    const oi = await createContest(t, tokens.root!, { type: ContestType.OI }, [[pid, 'A']]);
    const running = await judgedWa({ ...kim, cid: oi });
    expectSubmitterView(await cases(tokens.kim!, running));
    expectAdminView(await cases(tokens.root!, running));

    const past = await createContest(t, tokens.root!, { type: ContestType.OI, startTime: iso(-120), endTime: iso(-60) }, [[pid, 'A']]);
    const ended = await judgedWa({ ...kim, cid: past });
    expectSubmitterView(await cases(tokens.kim!, ended));
    expectAdminView(await cases(tokens.root!, ended));
  });

  it('the setter opens every case (openCaseData, off by default): the submitter then sees the hidden case too', async () => {
    const kim = { uid: await uidOf(t, 'kim'), username: 'kim' };
    const before = await get(t, '/api/admin/problem', { token: tokens.padm!, query: { pid: String(pid) } });
    expect(before.data.problem.openCaseData).toBe(false);
    const { problem, languages, tags, codeTemplates } = before.data;
    const saved = await put(
      t,
      '/api/admin/problem',
      { problem: { ...problem, openCaseData: true }, languages: languages ?? [], tags: tags ?? [], codeTemplates: codeTemplates ?? [] },
      { token: tokens.padm! },
    );
    expect(saved.status, saved.msg).toBe(200);
    expect((await get(t, '/api/admin/problem', { token: tokens.padm!, query: { pid: String(pid) } })).data.problem.openCaseData).toBe(true);
    const id = await judgedWa({ ...kim, errorMessage: HIDDEN_MSG });
    expectAdminView(await cases(tokens.kim!, id));
    const detail = await get(t, '/api/get-submission-detail', { token: tokens.kim!, query: { submitId: String(id) } });
    expect(detail.data.submission.errorMessage).toBe(HIDDEN_MSG);
  });
});
