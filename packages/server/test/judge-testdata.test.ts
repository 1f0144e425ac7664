import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JUDGE_MSG, JudgeStatus, type FileRef, type ProblemManifest } from '@oj/shared';
import { problemCases, problems } from '../src/db/schema/index.js';
import { saveCaseSet } from '../src/lib/testdata.js';
import { createTestApp, type TestApp } from './harness.js';
import { caseRows, createProblem, createSubmitter, drainQueue, FakeJudge, jcall, submit, testQueue } from './judge-helpers.js';
import { judgeClient } from './client.js';

let t: TestApp;
let judge: FakeJudge;
let user: { uid: string; username: string };

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  judge = await FakeJudge.start(t, 'data-judge');
  user = await createSubmitter(t);
});
afterAll(() => t.close());
beforeEach(() => drainQueue(t));

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** What a daemon keeps on disk: files by hash, fetched only when missing and checked before use. */
class DiskCache {
  downloads: string[] = [];
  private files = new Map<string, Buffer>();

  async manifest(problemId: number): Promise<ProblemManifest> {
    const r = await judgeClient(t, judge.token).call('judge.manifest', { query: { problemId } });
    expect(r.status).toBe(200);
    return r.data;
  }

  async ensure(f: FileRef): Promise<Buffer> {
    const have = this.files.get(f.hash);
    if (have) return have;
    const res = await judgeClient(t, judge.token).call('judge.testdata', undefined, { params: { hash: f.hash } });
    expect(res.http).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const body = res.res.rawPayload;
    // Verify before trusting: a file that does not hash to its name is never used.
    expect(sha(body)).toBe(f.hash);
    expect(body.length).toBe(f.size);
    this.downloads.push(f.hash);
    this.files.set(f.hash, body);
    return body;
  }

  async sync(m: ProblemManifest) {
    const all = [
      ...m.cases.flatMap((c) => [c.input, c.output]),
      ...(m.spj ? [m.spj] : []),
      ...Object.values(m.userExtraFiles),
      ...Object.values(m.judgeExtraFiles),
    ];
    for (const f of all) await this.ensure(f);
  }
}

describe('manifest and test data', () => {
  it('gives a judge the manifest; it fetches only the files it lacks and verifies them', async () => {
    const binary = Buffer.from([0, 1, 2, 255, 254, 10, 13, 10]);
    const pid = await createProblem(
      t,
      {
        type: 1,
        judgeMode: 'spj',
        judgeCaseMode: 'subtask_lowest',
        spjCode: '#include "testlib.h"\nint main(){}',
        spjLanguage: 'C++',
        timeLimit: 2000,
        memoryLimit: 512,
        ioScore: 100,
        isRemoveEndBlank: true,
        isFileIo: true,
        ioReadFileName: 'data.in',
        ioWriteFileName: 'data.out',
        userExtraFile: { 'grader.h': 'int solve(int);' },
        judgeExtraFile: { 'testlib.h': '// testlib' },
      },
      [
        { input: '1 2\n', output: '3\n', score: 40, groupNum: 1 },
        { input: binary, output: '3\n', score: 60, groupNum: 2, inputName: 'bin.in', outputName: 'bin.ans' },
      ],
    );
    await submit(t, { pid, user });
    const task = await judge.take();
    const cache = new DiskCache();
    const m = await cache.manifest(task.problem.id);
    expect(m.hash).toBe(task.problem.manifestHash);
    expect(m.caseVersion).toBe(task.problem.caseVersion);
    expect(m).toMatchObject({
      problemId: pid,
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      timeLimit: 2000,
      memoryLimit: 512,
      stackLimit: 128,
      ioScore: 100,
      isRemoveEndBlank: true,
      fileIO: { input: 'data.in', output: 'data.out' },
      spj: { language: 'C++', size: Buffer.byteLength('#include "testlib.h"\nint main(){}') },
      userExtraFiles: { 'grader.h': { size: 'int solve(int);'.length } },
      judgeExtraFiles: { 'testlib.h': { size: '// testlib'.length } },
    });
    expect(m.cases.map((c) => [c.seq, c.input.name, c.output.name, c.score, c.groupNum])).toEqual([
      [1, '1.in', '1.out', 40, 1],
      [2, 'bin.in', 'bin.ans', 60, 2],
    ]);

    await cache.sync(m);
    // Both cases have the answer "3\n": one file, fetched once.
    expect(cache.downloads).toHaveLength(6);
    expect(m.cases[0]!.output.hash).toBe(m.cases[1]!.output.hash);
    expect(await cache.ensure(m.cases[1]!.input)).toEqual(binary);
    await cache.sync(m);
    expect(cache.downloads).toHaveLength(6);

    // The store holds each content once, named by its hash.
    const stored = fs.readdirSync(path.join(t.config.dataDir, 'testcase'));
    expect(stored).toEqual(expect.arrayContaining([...new Set(cache.downloads)]));
    expect(stored.every((f) => /^[0-9a-f]{64}$/.test(f))).toBe(true);

    // The judge reports case results against the manifest's case ids.
    await judge.result(task, {
      status: JudgeStatus.PARTIAL_ACCEPTED,
      score: 40,
      cases: m.cases.map((c, i) => ({ caseId: c.id, seq: c.seq, status: i ? -1 : 0, score: i ? 0 : 40, groupNum: c.groupNum })),
    });
    const rows = await caseRows(t, task.submission.submitId);
    expect(rows.map((r) => [r.inputData, r.outputData, r.score, r.groupNum, r.mode])).toEqual([
      ['1.in', '1.out', 40, 1, 'subtask_lowest'],
      ['bin.in', 'bin.ans', 0, 2, 'subtask_lowest'],
    ]);
  });

  it('a changed test set reaches the judge with its next task, without any restart', async () => {
    const pid = await createProblem(t, {}, [
      { input: 'keep\n', output: 'kept\n' },
      { input: 'old\n', output: 'old answer\n' },
    ]);
    await submit(t, { pid, user });
    const first = await judge.take();
    const cache = new DiskCache();
    const before = await cache.manifest(pid);
    await cache.sync(before);
    expect(cache.downloads).toHaveLength(4);
    await judge.result(first);

    const saved = await saveCaseSet(t.database, t.config.dataDir, pid, [
      { input: 'keep\n', output: 'kept\n' },
      { input: 'new\n', output: 'new answer\n' },
      { input: 'more\n', output: 'more answer\n' },
    ]);
    expect(BigInt(saved.caseVersion)).toBeGreaterThan(BigInt(before.caseVersion));

    await submit(t, { pid, user });
    const second = await judge.take();
    expect(second.problem.caseVersion).toBe(saved.caseVersion);
    expect(second.problem.manifestHash).not.toBe(before.hash);
    const after = await cache.manifest(pid);
    expect(after.hash).toBe(second.problem.manifestHash);
    expect(after.cases).toHaveLength(3);
    await cache.sync(after);
    // Only the four new files travel; the unchanged case is already on the judge.
    expect(cache.downloads).toHaveLength(8);

    // A judge still working from the old manifest can fetch the old files.
    const res = await judgeClient(t, judge.token).call('judge.testdata', undefined, { params: { hash: before.cases[1]!.input.hash } });
    expect(res.res.body).toBe('old\n');

    // Case results naming cases of the old set are kept, just without the link.
    const stale = await judge.result(second, { cases: [{ caseId: before.cases[1]!.id, seq: 1, status: 0 }] });
    expect(stale.status).toBe(200);
    const [row] = await caseRows(t, second.submission.submitId);
    expect(row).toMatchObject({ caseId: null, inputData: null, status: 0 });
  });

  it('case_version only grows, even for saves in the same millisecond', async () => {
    const pid = await createProblem(t);
    const versions = [];
    for (let i = 0; i < 5; i++) versions.push((await saveCaseSet(t.database, t.config.dataDir, pid, [{ input: `${i}`, output: `${i}` }])).caseVersion);
    for (let i = 1; i < versions.length; i++) expect(BigInt(versions[i]!)).toBeGreaterThan(BigInt(versions[i - 1]!));
    const [p] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
    expect(p!.caseVersion).toBe(versions[4]);
    expect(await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid))).toHaveLength(1);
  });

  it('a manifest of a problem without special judge has no checker and no extra files', async () => {
    const pid = await createProblem(t, { spjCode: 'ignored in default mode' });
    const m = await new DiskCache().manifest(pid);
    expect(m).toMatchObject({ judgeMode: 'default', spj: null, fileIO: null, userExtraFiles: {}, judgeExtraFiles: {}, type: 0 });
    // The same content gives the same manifest hash; the hash covers everything in it.
    expect((await new DiskCache().manifest(pid)).hash).toBe(m.hash);
    await t.database.db.update(problems).set({ timeLimit: 3000 }).where(eq(problems.id, pid));
    expect((await new DiskCache().manifest(pid)).hash).not.toBe(m.hash);
  });

  it('answers unknown problems and files with 404, malformed hashes with 400, strangers with 401', async () => {
    const missing = await judgeClient(t, judge.token).call('judge.manifest', { query: { problemId: 424242 } });
    expect(missing).toMatchObject({ http: 404, msg: JUDGE_MSG.notFound });
    expect((await jcall(t.app, judge.token, 'GET', '/api/judge/manifest', undefined, { problemId: 'abc' })).http).toBe(400);
    expect((await judgeClient(t, judge.token).call('judge.testdata', undefined, { params: { hash: '0'.repeat(64) } })).http).toBe(404);
    expect((await jcall(t.app, judge.token, 'GET', '/api/judge/testdata/..%2F..%2Fetc%2Fpasswd')).http).toBe(400);
    expect((await jcall(t.app, judge.token, 'GET', `/api/judge/testdata/${'A'.repeat(64)}`)).http).toBe(400);

    const pid = await createProblem(t);
    const m = await new DiskCache().manifest(pid);
    expect((await judgeClient(t, null).call('judge.testdata', undefined, { params: { hash: m.cases[0]!.input.hash } })).http).toBe(401);
    expect((await judgeClient(t, 'wrong-token-wrong-token').call('judge.manifest', { query: { problemId: pid } })).http).toBe(401);
  });
});
