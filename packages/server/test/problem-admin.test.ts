/**
 * Problem administration: permissions, test-case zips (good and hostile), checker compilation,
 * tags and classifications, Markdown uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, MD_UPLOAD_LIMITS, MSG, Role, TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { COMPILE_ERROR_C } from '@oj/test-fixtures';
import { createTestApp, type TestApp } from './harness.js';
import { startTestJudge, type TestJudge } from './daemon-helpers.js';
import { createUser, login, post, put, rootToken } from './helpers.js';
import { client, type Client, type TypedInput } from './client.js';
import { textEntries, unzipText, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;
let problemAdmin: string;
let normal: string;
let muted: string;

let judge: TestJudge;

beforeAll(async () => {
  t = await createTestApp();
  // Compiling checkers (and running package programs) is a judge's job.
  judge = await startTestJudge(t, 'problem-admin');
  root = await rootToken(t);
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'plain' });
  await createUser(t, { username: 'mutedone', roles: [Role.NO_SUBMIT_MUTED] });
  problemAdmin = await login(t, 'padmin');
  normal = await login(t, 'plain');
  muted = await login(t, 'mutedone');
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
});

type SaveBody = TypedInput<'adminProblem.create'>['body'];

const problemBody = (problemId: string, extra: Partial<SaveBody> = {}, problem: Partial<SaveBody['problem']> = {}): SaveBody => ({
  problem: { problemId, title: `Problem ${problemId}`, description: 'Add two numbers.', ...problem },
  languages: [],
  tags: [{ name: 'Math' }],
  codeTemplates: [],
  ...extra,
});

const C_CHECKER_OK = `#include <stdio.h>
int main(int argc, char *argv[]) {
  FILE *in = fopen(argv[1], "r"), *user = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  double a, b; if (fscanf(user, "%lf", &a) != 1 || fscanf(ans, "%lf", &b) != 1) return 1;
  return (a - b < 1e-6 && b - a < 1e-6) ? 0 : 1;
}
`;

describe('permissions', () => {
  it('a normal user gets 403 from every admin call, a problem admin from root-only ones', async () => {
    const calls: [string, (c: Client) => Promise<{ http: number }>][] = [
      ['adminProblem.list', (c) => c.call('adminProblem.list')],
      ['adminProblem.cases', (c) => c.call('adminProblem.cases', { query: { pid: 1 } })],
      ['adminProblem.compileSpj', (c) => c.call('adminProblem.compileSpj', { body: { code: 'x', language: 'C' } })],
      ['adminProblem.compileInteractive', (c) => c.call('adminProblem.compileInteractive', { body: { code: 'x', language: 'C' } })],
      ['adminProblem.changeAuth', (c) => c.call('adminProblem.changeAuth', { body: { id: 1, auth: 2 } })],
      ['adminProblem.rejudgeAll', (c) => c.call('adminProblem.rejudgeAll', { query: { pid: 1 } })],
      ['adminProblem.addTag', (c) => c.call('adminProblem.addTag', { body: { name: 'x' } })],
      ['adminProblem.updateTag', (c) => c.call('adminProblem.updateTag', { body: { id: 1, name: 'x' } })],
      ['adminProblem.removeTag', (c) => c.call('adminProblem.removeTag', { query: { tid: 1 } })],
      ['adminProblem.classifications', (c) => c.call('adminProblem.classifications', { query: { oj: 'ME' } })],
      ['adminProblem.addClassification', (c) => c.call('adminProblem.addClassification', { body: { name: 'x' } })],
      ['adminProblem.updateClassification', (c) => c.call('adminProblem.updateClassification', { body: { id: 1, name: 'x' } })],
      ['adminProblem.removeClassification', (c) => c.call('adminProblem.removeClassification', { query: { tcid: 1 } })],
      ['fileTransfer.downloadTestcase', (c) => c.call('fileTransfer.downloadTestcase', { query: { pid: 1 } })],
      ['fileTransfer.exportProblem', (c) => c.call('fileTransfer.exportProblem', { query: { pid: [1] } })],
      ['fileTransfer.exportProblemPackage', (c) => c.call('fileTransfer.exportProblemPackage', { query: { pid: [1], format: 'polygon' } })],
      ['file.importFormats', (c) => c.call('file.importFormats')],
      ['file.deleteMdImage', (c) => c.call('file.deleteMdImage', { query: { fileId: 1 } })],
    ];
    for (const [name, send] of calls) {
      expect((await send(client(t, normal))).http, name).toBe(403);
      expect((await send(client(t))).http, `${name} anonymous`).toBe(401);
    }
    for (const url of [
      '/api/file/upload-testcase-zip',
      '/api/file/import-problem',
      '/api/file/import-fps-problem',
      '/api/file/import-problems',
      '/api/file/upload-md-file',
    ]) {
      expect((await uploadTo(t, url, { token: normal, filename: 'a.zip', content: 'x' })).http, url).toBe(403);
    }
    // import/export are the super admin's
    expect((await uploadTo(t, '/api/file/import-problem', { token: problemAdmin, filename: 'a.zip', content: 'x' })).http).toBe(403);
    expect((await client(t, problemAdmin).call('fileTransfer.exportProblem', { query: { pid: [1] } })).http).toBe(403);
    expect((await uploadTo(t, '/api/file/import-problems', { token: problemAdmin, filename: 'a.zip', content: 'x' })).http).toBe(403);
    for (const format of ['polygon', 'kattis'] as const) {
      expect((await client(t, problemAdmin).call('fileTransfer.exportProblemPackage', { query: { pid: [1], format } })).http, format).toBe(403);
    }
    // the rest is open to problem admins
    expect((await client(t, problemAdmin).call('adminProblem.classifications')).status).toBe(200);
  });
});

describe('test-case zip upload', () => {
  const upload = (content: Buffer | string, token = problemAdmin, mode = 'default') =>
    uploadTo(t, '/api/file/upload-testcase-zip', { token, filename: 'cases.zip', content, query: { mode } });

  it('pairs .in/.out, .in/.ans and input/output .txt files, sorted, and saves them with the problem', async () => {
    const z = zip(
      textEntries({
        '10.in': '10 1\n',
        '10.out': '11\n',
        '2.in': '2 2\n',
        '2.ans': '4\n',
        'input1.txt': '1 1\n',
        'output1.txt': '2\n',
        'readme.md': 'ignored',
        '__MACOSX/._2.in': 'junk',
      }),
    );
    const r = await upload(z, problemAdmin, 'subtask_lowest');
    expect(r.status, r.msg).toBe(200);
    expect(r.data.fileList).toEqual([
      { input: '2.in', output: '2.ans', groupNum: 1 },
      { input: '10.in', output: '10.out', groupNum: 1 },
      { input: 'input1.txt', output: 'output1.txt', groupNum: 1 },
    ]);
    expect(r.data.fileListDir).toMatch(/^[0-9a-f]{32}$/);

    const body = problemBody(
      'UPZ1',
      {
        isUploadTestCase: true,
        uploadTestcaseDir: r.data.fileListDir,
        samples: [
          { input: '2.in', output: '2.ans', score: 40, groupNum: 1 },
          { input: '10.in', output: '10.out', score: 60, groupNum: 2 },
        ],
      },
      { type: 1, judgeCaseMode: 'subtask_lowest' },
    );
    const created = await client(t, problemAdmin).call('adminProblem.create', { body });
    expect(created.status, created.msg).toBe(200);
    const pid = created.data.pid;
    const cases = await client(t, problemAdmin).call('adminProblem.cases', { query: { pid, isUpload: true } });
    expect(cases.data.map((c) => [c.inputName, c.outputName, c.score, c.groupNum, c.input, c.output])).toEqual([
      ['2.in', '2.ans', 40, 1, '2 2\n', '4\n'],
      ['10.in', '10.out', 60, 2, '10 1\n', '11\n'],
    ]);
    const detail = await client(t, problemAdmin).call('adminProblem.get', { query: { pid } });
    expect(detail.data.problem.isUploadCase).toBe(true);
    expect(detail.data.problem.subtaskDependencies).toEqual({});

    // Subtask 2 scores only once subtask 1 passed: saved with the cases kept, kept by a save that leaves it out.
    const keepCases = problemBody('UPZ1', {}, { type: 1, judgeCaseMode: 'subtask_lowest' });
    const withDeps = (deps?: Record<string, number[]>) => ({ ...keepCases, problem: { ...keepCases.problem, id: pid, subtaskDependencies: deps } });
    const save = (deps?: Record<string, number[]>) => client(t, problemAdmin).call('adminProblem.update', { body: withDeps(deps) });
    expect(await save({ '2': [1, 1] })).toMatchObject({ status: 200 });
    const depsOf = async () => (await client(t, problemAdmin).call('adminProblem.get', { query: { pid } })).data.problem.subtaskDependencies;
    expect(await depsOf()).toEqual({ '2': [1] });
    expect(await save(undefined)).toMatchObject({ status: 200 });
    expect(await depsOf()).toEqual({ '2': [1] });
    // A ring, or a subtask needing itself, could never score: refused, nothing changed.
    const ring = await save({ '1': [2], '2': [1] });
    expect([ring.http, ring.msg]).toEqual([400, expect.stringContaining('Subtask dependencies must not form a cycle')]);
    const self = await save({ '2': [2] });
    expect([self.http, self.msg]).toEqual([400, expect.stringContaining('A subtask cannot depend on itself')]);
    // Not a subtask number: refused by the schema, nothing changed.
    for (const bad of [{ x: [1] }, { '0': [1] }, { '2': [0] }, { '2': ['1'] }]) {
      expect((await put(t, '/api/admin/problem', withDeps(bad as unknown as Record<string, number[]>), { token: problemAdmin })).http).toBe(400);
    }
    expect(await depsOf()).toEqual({ '2': [1] });

    const dl = await client(t, problemAdmin).call('fileTransfer.downloadTestcase', { query: { pid } });
    expect(dl.http).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    expect(dl.headers['content-disposition']).toMatch(new RegExp(`problem_${pid}_testcase_\\d+\\.zip`));
    expect(unzipText(dl.res.rawPayload)).toEqual({ '2.in': '2 2\n', '2.ans': '4\n', '10.in': '10 1\n', '10.out': '11\n' });

    // A name not in the upload, or an unknown handle, is refused and changes nothing.
    const bad = await client(t, problemAdmin).call('adminProblem.update', {
      body: { ...body, problem: { ...body.problem, id: pid }, samples: [{ input: 'nope.in', output: '2.ans' }] },
    });
    expect(bad).toMatchObject({ status: 400, msg: 'The uploaded test data has no file named nope.in.' });
    const gone = await client(t, problemAdmin).call('adminProblem.create', {
      body: { ...problemBody('UPZ2'), isUploadTestCase: true, uploadTestcaseDir: 'f'.repeat(32) },
    });
    expect(gone).toMatchObject({ status: 400, msg: MSG.uploadDirGone });
    expect((await client(t, root).call('adminProblem.list', { query: { keyword: 'UPZ2' } })).data.total).toBe(0);
  });

  it('without samples takes every pair; an input without answer gets an empty one', async () => {
    const r = await upload(zip(textEntries({ 'a.in': '1\n', 'b.in': '2\n', 'b.out': '2\n' })));
    expect(r.data.fileList).toEqual([
      { input: 'a.in', output: 'a.out' },
      { input: 'b.in', output: 'b.out' },
    ]);
    const created = await client(t, root).call('adminProblem.create', {
      body: { ...problemBody('UPZ3'), isUploadTestCase: true, uploadTestcaseDir: r.data.fileListDir },
    });
    expect(created.status, created.msg).toBe(200);
    const cases = await client(t, root).call('adminProblem.cases', { query: { pid: created.data.pid } });
    expect(cases.data.map((c) => [c.inputName, c.output])).toEqual([
      ['a.in', ''],
      ['b.in', '2\n'],
    ]);
  });

  it('refuses hostile and useless zips with a clear message', async () => {
    expect(await upload('this is not a zip')).toMatchObject({ status: 400, msg: MSG.zipInvalid });
    expect(await upload(Buffer.alloc(100))).toMatchObject({ status: 400, msg: MSG.zipInvalid });
    expect(await upload(zip(textEntries({ '../evil.in': '1', '../evil.out': '1' })))).toMatchObject({
      status: 400,
      msg: 'The zip holds an unsafe path: ../evil.in',
    });
    expect((await upload(zip(textEntries({ '/etc/x.in': '1' })))).msg).toMatch(/^The zip holds an unsafe path/);
    expect(await upload(zip(textEntries({ 'dir/1.in': '1', 'dir/1.out': '1' })))).toMatchObject({
      status: 400,
      msg: 'Test data must be at the root of the zip, without folders: dir/1.in',
    });
    expect(await upload(zip({ '1.in': [Buffer.from('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }], '1.out': Buffer.from('x') }))).toMatchObject({
      status: 400,
      msg: 'The zip holds a symbolic link, which is not allowed: 1.in',
    });
    expect(await upload(zip(textEntries({ 'readme.txt': 'hello', 'notes.md': 'x' })))).toMatchObject({ status: 400, msg: MSG.zipNoCases });
    // 8 MB of zeros packs to a few KB, like real repetitive test data: no refusal by ratio (unpack-bounds.test.ts)
    expect(await upload(zip({ '1.in': Buffer.alloc(8 * 1024 * 1024), '1.out': Buffer.from('0') }))).toMatchObject({
      status: 200,
      data: { fileList: [{ input: '1.in', output: '1.out' }] },
    });
    // over the per-file cap
    const big = zip({ '1.in': [Buffer.alloc(TESTCASE_ZIP_LIMITS.fileMaxBytes + 1, 'a'), { level: 0 }], '1.out': Buffer.from('0') });
    expect(await upload(big)).toMatchObject({
      status: 400,
      msg: `The file 1.in is larger than ${TESTCASE_ZIP_LIMITS.fileMaxBytes / 1024 / 1024} MB when unpacked.`,
    });
    // nothing was parked for the refused uploads
    const parked = path.join(t.config.dataDir, 'upload-testcase');
    const before = fs.existsSync(parked) ? fs.readdirSync(parked).length : 0;
    await upload('not a zip');
    expect(fs.existsSync(parked) ? fs.readdirSync(parked).length : 0).toBe(before);
  }, 60_000);
});

describe('checker compilation', () => {
  it('compiles a good checker and reports the compiler message of a bad one', async () => {
    const good = await client(t, problemAdmin).call('adminProblem.compileSpj', { body: { code: C_CHECKER_OK, language: 'C' } });
    expect(good).toMatchObject({ status: 200, msg: MSG.compileSucceeded });
    const bad = await client(t, problemAdmin).call('adminProblem.compileSpj', { body: { code: COMPILE_ERROR_C, language: 'C' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^Special judge compile error: /);
    expect(bad.msg).toContain('undeclared_name');
    const inter = await client(t, problemAdmin).call('adminProblem.compileInteractive', { body: { code: 'int main( {', language: 'C++' } });
    expect(inter.status).toBe(400);
    expect(inter.msg).toMatch(/^Interactor compile error: /);
    expect(await client(t, problemAdmin).call('adminProblem.compileSpj', { body: { code: 'print(1)', language: 'Python3' } })).toMatchObject({
      status: 400,
      msg: MSG.checkerLanguage,
    });
    expect((await post(t, '/api/admin/problem/compile-spj', { language: 'C' }, { token: problemAdmin })).http).toBe(400);
  }, 120_000);

  it('refuses to save an spj problem whose checker does not compile, and saves it once it does', async () => {
    const body = problemBody('SPJ1', { samples: [{ input: '1\n', output: '1.0\n' }] }, { judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main( {' });
    const r = await client(t, problemAdmin).call('adminProblem.create', { body });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^Special judge compile error: /);
    expect((await client(t, root).call('adminProblem.list', { query: { keyword: 'SPJ1' } })).data.total).toBe(0);
    const ok = await client(t, problemAdmin).call('adminProblem.create', { body: { ...body, problem: { ...body.problem, spjCode: C_CHECKER_OK } } });
    expect(ok.status, ok.msg).toBe(200);
  }, 120_000);
});

describe('tags and classifications', () => {
  it('creates, updates, lists and deletes', async () => {
    const padmin = client(t, problemAdmin);
    const c1 = await padmin.call('adminProblem.addClassification', { body: { name: 'Algorithms', oj: 'ME', rank: 2 } });
    expect(c1.data).toMatchObject({ name: 'Algorithms', oj: 'ME', rank: 2 });
    const c0 = await padmin.call('adminProblem.addClassification', { body: { name: 'Basics', rank: 1 } });
    expect(await padmin.call('adminProblem.addClassification', { body: { name: 'Basics' } })).toMatchObject({
      status: 400,
      msg: MSG.classificationExists,
    });
    expect((await padmin.call('adminProblem.classifications', { query: { oj: 'ME' } })).data.map((c) => c.name)).toEqual(['Basics', 'Algorithms']);
    const renamed = await padmin.call('adminProblem.updateClassification', { body: { id: c1.data.id, name: 'Algorithm', rank: 0 } });
    expect(renamed.data).toMatchObject({ id: c1.data.id, name: 'Algorithm', rank: 0 });
    expect(await padmin.call('adminProblem.updateClassification', { body: { id: 99999, name: 'x' } })).toMatchObject({
      status: 404,
      msg: MSG.classificationNotFound,
    });

    const tag = await padmin.call('adminProblem.addTag', { body: { name: 'Greedy', color: '#ff0000', oj: 'ME', tcid: c1.data.id } });
    expect(tag.data).toMatchObject({ name: 'Greedy', color: '#ff0000', oj: 'ME', tcid: c1.data.id });
    expect(await padmin.call('adminProblem.addTag', { body: { name: 'Greedy', oj: 'ME' } })).toMatchObject({ status: 400, msg: MSG.tagExists });
    expect(await post(t, '/api/admin/tag', { name: 'Bad colour', color: 'red;}</style>' }, { token: problemAdmin })).toMatchObject({ http: 400 });
    expect(await padmin.call('adminProblem.addTag', { body: { name: 'Orphan', tcid: 99999 } })).toMatchObject({
      status: 404,
      msg: MSG.classificationNotFound,
    });
    const moved = await padmin.call('adminProblem.updateTag', {
      body: { id: tag.data.id, name: 'Greedy Algorithms', color: null, oj: 'ME', tcid: c0.data.id },
    });
    expect(moved.data).toMatchObject({ id: tag.data.id, name: 'Greedy Algorithms', color: null, tcid: c0.data.id });

    // deleting the classification leaves its tags, unclassified
    expect((await padmin.call('adminProblem.removeClassification', { query: { tcid: c0.data.id } })).status).toBe(200);
    const all = await client(t).call('problem.allTags', { query: { oj: 'ME' } });
    expect(all.data.find((x) => x.id === tag.data.id)).toMatchObject({ tcid: null });
    expect((await padmin.call('adminProblem.removeTag', { query: { tid: tag.data.id } })).status).toBe(200);
    expect(await padmin.call('adminProblem.removeTag', { query: { tid: tag.data.id } })).toMatchObject({ status: 404, msg: MSG.tagNotFound });
  });

  it('changes the visibility of a problem', async () => {
    const created = await client(t, root).call('adminProblem.create', { body: problemBody('AUTH1', { samples: [{ input: '1', output: '1' }] }) });
    const r = await client(t, problemAdmin).call('adminProblem.changeAuth', { body: { id: created.data.pid, auth: 2 } });
    expect(r.status).toBe(200);
    expect((await client(t, root).call('adminProblem.get', { query: { pid: created.data.pid } })).data.problem.auth).toBe(2);
    expect((await put(t, '/api/admin/problem/change-problem-auth', { id: created.data.pid, auth: 7 }, { token: problemAdmin })).http).toBe(400);
  });
});

describe('markdown uploads', () => {
  const pngOf = (fill: number) => {
    const p = new PNG({ width: 4, height: 4 });
    p.data.fill(fill);
    return PNG.sync.write(p);
  };
  const png = () => pngOf(100);

  it('lets users who write discussions upload images, within an hourly quota; not muted users, not visitors', async () => {
    // Bytes of their own: the other tests check that deleting an image removes its (shared) bytes.
    const png = () => pngOf(7);
    expect((await uploadTo(t, '/api/file/upload-md-img', { token: null, filename: 'a.png', content: png(), field: 'image' })).http).toBe(401);
    expect((await uploadTo(t, '/api/file/upload-md-img', { token: muted, filename: 'a.png', content: png(), field: 'image' })).http).toBe(403);
    // Attachments stay the admin area's.
    expect((await uploadTo(t, '/api/file/upload-md-file', { token: normal, filename: 'a.txt', content: 'x' })).http).toBe(403);
    const max = MD_UPLOAD_LIMITS.userImagesPerHour;
    // All at once: the per-user lock lets exactly `max` through.
    const tries = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) =>
        uploadTo(t, '/api/file/upload-md-img', { token: normal, filename: `u${i}.png`, content: png(), field: 'image' }),
      ),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(max);
    const refused = tries.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.msg).toBe(formatMsg(MSG.uploadQuota, { count: max }));
    // The admin area has no quota.
    expect((await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'b.png', content: png(), field: 'image' })).status).toBe(200);
  });

  it('stores images checked by name and content, serves them, and deletes them', async () => {
    const r = await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'Figure.PNG', content: png(), field: 'image' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.link).toMatch(/^\/api\/public\/files\/md-image\/[0-9a-f]{64}\.png$/);
    expect(r.data.fileId).toEqual(expect.any(Number));
    const served = await t.app.inject({ method: 'GET', url: r.data.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    expect(
      await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'x.png', content: '<svg onload=alert(1)>', field: 'image' }),
    ).toMatchObject({ status: 400, msg: MSG.fileTypeNotSupport });
    expect(await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'x.svg', content: png(), field: 'image' })).toMatchObject({
      status: 400,
      msg: MSG.fileTypeNotSupport,
    });
    const huge = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'big.png', content: huge, field: 'image' })).toMatchObject({
      status: 400,
      msg: MSG.exceedMaxSize,
    });

    expect((await client(t, problemAdmin).call('file.deleteMdImage', { query: { fileId: r.data.fileId } })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: r.data.link })).statusCode).toBe(404);
    expect(await client(t, problemAdmin).call('file.deleteMdImage', { query: { fileId: r.data.fileId } })).toMatchObject({ status: 404 });
  });

  it('lets only the uploader or a super admin delete an image, not another admin', async () => {
    await createUser(t, { username: 'padmin2', roles: [Role.PROBLEM_ADMIN] });
    const other = await login(t, 'padmin2');
    const r = await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'mine.png', content: png(), field: 'image' });
    const query = { fileId: r.data.fileId };
    expect(await client(t, other).call('file.deleteMdImage', { query })).toMatchObject({ status: 403 });
    expect((await t.app.inject({ method: 'GET', url: r.data.link })).statusCode).toBe(200);
    expect((await client(t, root).call('file.deleteMdImage', { query })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: r.data.link })).statusCode).toBe(404);
  });

  it('stores attachments of allowed types only', async () => {
    const r = await uploadTo(t, '/api/file/upload-md-file', { token: problemAdmin, filename: 'statement.pdf', content: '%PDF-1.4 demo' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.link).toMatch(/^\/api\/public\/files\/md-file\/[0-9a-f]{64}\.pdf$/);
    expect(await uploadTo(t, '/api/file/upload-md-file', { token: problemAdmin, filename: 'page.html', content: '<script>alert(1)</script>' })).toMatchObject({
      status: 400,
      msg: MSG.fileTypeNotSupport,
    });
    expect(await uploadTo(t, '/api/file/upload-md-file', { token: problemAdmin, filename: 'noext', content: 'x' })).toMatchObject({
      status: 400,
      msg: MSG.fileTypeNotSupport,
    });
  });
});
