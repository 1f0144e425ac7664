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
import { createUser, del, get, login, post, put, rootToken } from './helpers.js';
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

const problemBody = (problemId: string, extra: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) => ({
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
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/problem/get-problem-list'],
      ['GET', '/api/admin/problem/get-problem-cases?pid=1'],
      ['POST', '/api/admin/problem/compile-spj', { code: 'x', language: 'C' }],
      ['POST', '/api/admin/problem/compile-interactive', { code: 'x', language: 'C' }],
      ['PUT', '/api/admin/problem/change-problem-auth', { id: 1, auth: 2 }],
      ['GET', '/api/admin/judge/rejudge-problem?pid=1'],
      ['POST', '/api/admin/tag', { name: 'x' }],
      ['PUT', '/api/admin/tag', { id: 1, name: 'x' }],
      ['DELETE', '/api/admin/tag?tid=1'],
      ['GET', '/api/admin/tag/classification?oj=ME'],
      ['POST', '/api/admin/tag/classification', { name: 'x' }],
      ['PUT', '/api/admin/tag/classification', { id: 1, name: 'x' }],
      ['DELETE', '/api/admin/tag/classification?tcid=1'],
      ['GET', '/api/file/download-testcase?pid=1'],
      ['GET', '/api/file/export-problem?pid=1'],
      ['GET', '/api/file/export-problem-package?pid=1&format=polygon'],
      ['GET', '/api/file/import-formats'],
      ['GET', '/api/file/delete-md-img?fileId=1'],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: normal }, payload: body as object });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      const anon = await t.app.inject({ method: method as 'GET', url, payload: body as object });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
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
    expect((await get(t, '/api/file/export-problem', { token: problemAdmin, query: { pid: '1' } })).http).toBe(403);
    expect((await uploadTo(t, '/api/file/import-problems', { token: problemAdmin, filename: 'a.zip', content: 'x' })).http).toBe(403);
    for (const format of ['polygon', 'kattis']) {
      expect((await get(t, '/api/file/export-problem-package', { token: problemAdmin, query: { pid: '1', format } })).http, format).toBe(403);
    }
    // the rest is open to problem admins
    expect((await get(t, '/api/admin/tag/classification', { token: problemAdmin })).status).toBe(200);
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
    const created = await post(t, '/api/admin/problem', body, { token: problemAdmin });
    expect(created.status, created.msg).toBe(200);
    const pid = created.data.pid;
    const cases = await get(t, '/api/admin/problem/get-problem-cases', { token: problemAdmin, query: { pid: String(pid), isUpload: 'true' } });
    expect(cases.data.map((c: any) => [c.inputName, c.outputName, c.score, c.groupNum, c.input, c.output])).toEqual([
      ['2.in', '2.ans', 40, 1, '2 2\n', '4\n'],
      ['10.in', '10.out', 60, 2, '10 1\n', '11\n'],
    ]);
    const detail = await get(t, '/api/admin/problem', { token: problemAdmin, query: { pid: String(pid) } });
    expect(detail.data.problem.isUploadCase).toBe(true);
    expect(detail.data.problem.subtaskDependencies).toEqual({});

    // Subtask 2 scores only once subtask 1 passed: saved with the cases kept, kept by a save that leaves it out.
    const keepCases = problemBody('UPZ1', {}, { type: 1, judgeCaseMode: 'subtask_lowest' });
    const withDeps = (deps?: Record<string, number[]>) => ({ ...keepCases, problem: { ...keepCases.problem, id: pid, subtaskDependencies: deps } });
    expect(await put(t, '/api/admin/problem', withDeps({ '2': [1, 1] }), { token: problemAdmin })).toMatchObject({ status: 200 });
    const depsOf = async () => (await get(t, '/api/admin/problem', { token: problemAdmin, query: { pid: String(pid) } })).data.problem.subtaskDependencies;
    expect(await depsOf()).toEqual({ '2': [1] });
    expect(await put(t, '/api/admin/problem', withDeps(undefined), { token: problemAdmin })).toMatchObject({ status: 200 });
    expect(await depsOf()).toEqual({ '2': [1] });
    // A ring, or a subtask needing itself, could never score: refused, nothing changed.
    const ring = await put(t, '/api/admin/problem', withDeps({ '1': [2], '2': [1] }), { token: problemAdmin });
    expect([ring.http, ring.msg]).toEqual([400, expect.stringContaining('Subtask dependencies must not form a cycle')]);
    const self = await put(t, '/api/admin/problem', withDeps({ '2': [2] }), { token: problemAdmin });
    expect([self.http, self.msg]).toEqual([400, expect.stringContaining('A subtask cannot depend on itself')]);
    // Not a subtask number: refused by the schema, nothing changed.
    for (const bad of [{ x: [1] }, { '0': [1] }, { '2': [0] }, { '2': ['1'] }]) {
      expect((await put(t, '/api/admin/problem', withDeps(bad as unknown as Record<string, number[]>), { token: problemAdmin })).http).toBe(400);
    }
    expect(await depsOf()).toEqual({ '2': [1] });

    const dl = await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: { authorization: problemAdmin } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    expect(dl.headers['content-disposition']).toMatch(new RegExp(`problem_${pid}_testcase_\\d+\\.zip`));
    expect(unzipText(dl.rawPayload)).toEqual({ '2.in': '2 2\n', '2.ans': '4\n', '10.in': '10 1\n', '10.out': '11\n' });

    // A name not in the upload, or an unknown handle, is refused and changes nothing.
    const bad = await put(
      t,
      '/api/admin/problem',
      { ...body, problem: { ...body.problem, id: pid }, samples: [{ input: 'nope.in', output: '2.ans' }] },
      { token: problemAdmin },
    );
    expect(bad).toMatchObject({ status: 400, msg: 'The uploaded test data has no file named nope.in.' });
    const gone = await post(
      t,
      '/api/admin/problem',
      { ...problemBody('UPZ2'), isUploadTestCase: true, uploadTestcaseDir: 'f'.repeat(32) },
      { token: problemAdmin },
    );
    expect(gone).toMatchObject({ status: 400, msg: MSG.uploadDirGone });
    expect((await get(t, '/api/admin/problem/get-problem-list', { token: root, query: { keyword: 'UPZ2' } })).data.total).toBe(0);
  });

  it('without samples takes every pair; an input without answer gets an empty one', async () => {
    const r = await upload(zip(textEntries({ 'a.in': '1\n', 'b.in': '2\n', 'b.out': '2\n' })));
    expect(r.data.fileList).toEqual([
      { input: 'a.in', output: 'a.out' },
      { input: 'b.in', output: 'b.out' },
    ]);
    const created = await post(
      t,
      '/api/admin/problem',
      { ...problemBody('UPZ3'), isUploadTestCase: true, uploadTestcaseDir: r.data.fileListDir },
      { token: root },
    );
    expect(created.status, created.msg).toBe(200);
    const cases = await get(t, '/api/admin/problem/get-problem-cases', { token: root, query: { pid: String(created.data.pid) } });
    expect(cases.data.map((c: any) => [c.inputName, c.output])).toEqual([
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
    const good = await post(t, '/api/admin/problem/compile-spj', { code: C_CHECKER_OK, language: 'C' }, { token: problemAdmin });
    expect(good).toMatchObject({ status: 200, msg: MSG.compileSucceeded });
    const bad = await post(t, '/api/admin/problem/compile-spj', { code: COMPILE_ERROR_C, language: 'C' }, { token: problemAdmin });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^Special judge compile error: /);
    expect(bad.msg).toContain('undeclared_name');
    const inter = await post(t, '/api/admin/problem/compile-interactive', { code: 'int main( {', language: 'C++' }, { token: problemAdmin });
    expect(inter.status).toBe(400);
    expect(inter.msg).toMatch(/^Interactor compile error: /);
    expect(await post(t, '/api/admin/problem/compile-spj', { code: 'print(1)', language: 'Python3' }, { token: problemAdmin })).toMatchObject({
      status: 400,
      msg: MSG.checkerLanguage,
    });
    expect((await post(t, '/api/admin/problem/compile-spj', { language: 'C' }, { token: problemAdmin })).http).toBe(400);
  }, 120_000);

  it('refuses to save an spj problem whose checker does not compile, and saves it once it does', async () => {
    const body = problemBody('SPJ1', { samples: [{ input: '1\n', output: '1.0\n' }] }, { judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main( {' });
    const r = await post(t, '/api/admin/problem', body, { token: problemAdmin });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^Special judge compile error: /);
    expect((await get(t, '/api/admin/problem/get-problem-list', { token: root, query: { keyword: 'SPJ1' } })).data.total).toBe(0);
    const ok = await post(t, '/api/admin/problem', { ...body, problem: { ...body.problem, spjCode: C_CHECKER_OK } }, { token: problemAdmin });
    expect(ok.status, ok.msg).toBe(200);
  }, 120_000);
});

describe('tags and classifications', () => {
  it('creates, updates, lists and deletes', async () => {
    const c1 = await post(t, '/api/admin/tag/classification', { name: 'Algorithms', oj: 'ME', rank: 2 }, { token: problemAdmin });
    expect(c1.data).toMatchObject({ name: 'Algorithms', oj: 'ME', rank: 2 });
    const c0 = await post(t, '/api/admin/tag/classification', { name: 'Basics', rank: 1 }, { token: problemAdmin });
    expect(await post(t, '/api/admin/tag/classification', { name: 'Basics' }, { token: problemAdmin })).toMatchObject({
      status: 400,
      msg: MSG.classificationExists,
    });
    expect((await get(t, '/api/admin/tag/classification', { token: problemAdmin, query: { oj: 'ME' } })).data.map((c: any) => c.name)).toEqual([
      'Basics',
      'Algorithms',
    ]);
    const renamed = await put(t, '/api/admin/tag/classification', { id: c1.data.id, name: 'Algorithm', rank: 0 }, { token: problemAdmin });
    expect(renamed.data).toMatchObject({ id: c1.data.id, name: 'Algorithm', rank: 0 });
    expect(await put(t, '/api/admin/tag/classification', { id: 99999, name: 'x' }, { token: problemAdmin })).toMatchObject({
      status: 404,
      msg: MSG.classificationNotFound,
    });

    const tag = await post(t, '/api/admin/tag', { name: 'Greedy', color: '#ff0000', oj: 'ME', tcid: c1.data.id }, { token: problemAdmin });
    expect(tag.data).toMatchObject({ name: 'Greedy', color: '#ff0000', oj: 'ME', tcid: c1.data.id });
    expect(await post(t, '/api/admin/tag', { name: 'Greedy', oj: 'ME' }, { token: problemAdmin })).toMatchObject({ status: 400, msg: MSG.tagExists });
    expect(await post(t, '/api/admin/tag', { name: 'Bad colour', color: 'red;}</style>' }, { token: problemAdmin })).toMatchObject({ http: 400 });
    expect(await post(t, '/api/admin/tag', { name: 'Orphan', tcid: 99999 }, { token: problemAdmin })).toMatchObject({
      status: 404,
      msg: MSG.classificationNotFound,
    });
    const moved = await put(
      t,
      '/api/admin/tag',
      { id: tag.data.id, name: 'Greedy Algorithms', color: null, oj: 'ME', tcid: c0.data.id },
      { token: problemAdmin },
    );
    expect(moved.data).toMatchObject({ id: tag.data.id, name: 'Greedy Algorithms', color: null, tcid: c0.data.id });

    // deleting the classification leaves its tags, unclassified
    expect((await del(t, '/api/admin/tag/classification', { token: problemAdmin, query: { tcid: String(c0.data.id) } })).status).toBe(200);
    const all = await get(t, '/api/get-all-problem-tags', { query: { oj: 'ME' } });
    expect(all.data.find((x: any) => x.id === tag.data.id)).toMatchObject({ tcid: null });
    expect((await del(t, '/api/admin/tag', { token: problemAdmin, query: { tid: String(tag.data.id) } })).status).toBe(200);
    expect(await del(t, '/api/admin/tag', { token: problemAdmin, query: { tid: String(tag.data.id) } })).toMatchObject({ status: 404, msg: MSG.tagNotFound });
  });

  it('changes the visibility of a problem', async () => {
    const created = await post(t, '/api/admin/problem', problemBody('AUTH1', { samples: [{ input: '1', output: '1' }] }), { token: root });
    const r = await put(t, '/api/admin/problem/change-problem-auth', { id: created.data.pid, auth: 2 }, { token: problemAdmin });
    expect(r.status).toBe(200);
    expect((await get(t, '/api/admin/problem', { token: root, query: { pid: String(created.data.pid) } })).data.problem.auth).toBe(2);
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

    expect((await get(t, '/api/file/delete-md-img', { token: problemAdmin, query: { fileId: String(r.data.fileId) } })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: r.data.link })).statusCode).toBe(404);
    expect(await get(t, '/api/file/delete-md-img', { token: problemAdmin, query: { fileId: String(r.data.fileId) } })).toMatchObject({ status: 404 });
  });

  it('lets only the uploader or a super admin delete an image, not another admin', async () => {
    await createUser(t, { username: 'padmin2', roles: [Role.PROBLEM_ADMIN] });
    const other = await login(t, 'padmin2');
    const r = await uploadTo(t, '/api/file/upload-md-img', { token: problemAdmin, filename: 'mine.png', content: png(), field: 'image' });
    const query = { fileId: String(r.data.fileId) };
    expect(await get(t, '/api/file/delete-md-img', { token: other, query })).toMatchObject({ status: 403 });
    expect((await t.app.inject({ method: 'GET', url: r.data.link })).statusCode).toBe(200);
    expect((await get(t, '/api/file/delete-md-img', { token: root, query })).status).toBe(200);
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
