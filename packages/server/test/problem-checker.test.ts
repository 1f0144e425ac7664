/**
 * Checkers without code: the problem's built-in checker, float precision and checker convention are
 * validated, stored, returned to admins, handed to judges (manifest, test-run task) and carried by
 * the HOJ zip export/import (zips without them import with defaults).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../src/db/schema/index.js';
import { problemManifest } from '../src/lib/testdata.js';
import { createTestApp, type TestApp } from './harness.js';
import { startTestJudge, type TestJudge } from './daemon-helpers.js';
import { post, put, rootToken } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { formOf, textEntries, unzipText, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;

let judge: TestJudge;

beforeAll(async () => {
  t = await createTestApp();
  // Compiling checkers (and running package programs) is a judge's job.
  judge = await startTestJudge(t, 'problem-checker');
  root = await rootToken(t);
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
});

type SaveBody = TypedInput<'adminProblem.create'>['body'];

const body = (problemId: string, problem: Partial<SaveBody['problem']> = {}): SaveBody => ({
  problem: { problemId, title: `Problem ${problemId}`, ...problem },
  samples: [{ input: '', output: '1.0\n' }],
  languages: [],
  tags: [],
  codeTemplates: [],
});

const detail = async (pid: number) => (await client(t, root).call('adminProblem.get', { query: { pid } })).data;
const create = (b: SaveBody) => client(t, root).call('adminProblem.create', { body: b });
const manifest = async (pid: number) => (await problemManifest(t.database, t.config.dataDir, pid))!;

const TESTLIB_CHECKER = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "fine"); }\n';

describe('checker fields of a problem', () => {
  it('defaults: lines, precision 6, HOJ convention', async () => {
    const r = await create(body('CHK1'));
    expect(r.status).toBe(200);
    expect((await detail(r.data.pid)).problem).toMatchObject({ builtinChecker: 'lines', checkerPrecision: 6, checkerConvention: 'hoj' });
    expect(await manifest(r.data.pid)).toMatchObject({ builtinChecker: 'lines', checkerPrecision: 6, checkerConvention: 'hoj' });
  });

  it('stores a chosen checker, returns it to admins and gives judges a new manifest', async () => {
    const r = await create(body('CHK2', { builtinChecker: 'floats', checkerPrecision: 7 }));
    expect(r.status).toBe(200);
    const pid = r.data.pid;
    expect((await detail(pid)).problem).toMatchObject({ builtinChecker: 'floats', checkerPrecision: 7 });
    const before = await manifest(pid);
    expect(before).toMatchObject({ builtinChecker: 'floats', checkerPrecision: 7 });

    const d = await detail(pid);
    const upd = await client(t, root).call('adminProblem.update', {
      body: { ...body('CHK2', { ...formOf(d.problem), builtinChecker: 'yes-no' }), samples: undefined },
    });
    expect(upd.status).toBe(200);
    const after = await manifest(pid);
    expect(after.builtinChecker).toBe('yes-no');
    expect(after.hash).not.toBe(before.hash);
  });

  it('refuses bad values with a clear message and changes nothing', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ checkerPrecision: 3 }, /checker precision must be an integer from 4 to 9/],
      [{ checkerPrecision: 10 }, /checker precision must be an integer from 4 to 9/],
      [{ checkerPrecision: 6.5 }, /checker precision must be an integer from 4 to 9/],
      [{ checkerPrecision: 'abc' }, /checker precision must be an integer from 4 to 9/],
      [{ builtinChecker: 'regex' }, /checker must be one of: lines, tokens, integers, floats, yes-no, sorted-tokens, trim-end/],
      [{ checkerConvention: 'polygon' }, /checker convention must be one of: hoj, testlib, qduoj/],
    ];
    const count = async () => (await t.database.db.select({ id: problems.id }).from(problems)).length;
    const n = await count();
    for (const [fields, msg] of bad) {
      const r = await post(t, '/api/admin/problem', { ...body('CHKBAD'), problem: { ...body('CHKBAD').problem, ...fields } }, { token: root });
      expect({ http: r.http, status: r.status }).toEqual({ http: 400, status: 400 });
      expect(r.msg).toMatch(msg);
    }
    expect(await count()).toBe(n);
    // An update with a bad value leaves the stored one.
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'CHK2'));
    const d = await detail(row!.id);
    const r = await put(t, '/api/admin/problem', { ...body('CHK2', { ...formOf(d.problem), checkerPrecision: 12 }), samples: undefined }, { token: root });
    expect(r.http).toBe(400);
    expect((await detail(row!.id)).problem.checkerPrecision).toBe(7);
  });

  it('stores the convention of a special judge', async () => {
    const r = await create(body('CHK3', { judgeMode: 'spj', spjLanguage: 'C++', spjCode: TESTLIB_CHECKER, checkerConvention: 'testlib' }));
    expect(r.status).toBe(200);
    expect((await detail(r.data.pid)).problem.checkerConvention).toBe('testlib');
    expect(await manifest(r.data.pid)).toMatchObject({ judgeMode: 'spj', checkerConvention: 'testlib' });
  });
});

describe('HOJ zip', () => {
  it('export → import keeps the checker fields', async () => {
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'CHK3'));
    const [row2] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'CHK2'));
    const res = await client(t, root).call('fileTransfer.exportProblem', { query: { pid: [row!.id, row2!.id] } });
    expect(res.http).toBe(200);
    const files = unzipText(res.res.rawPayload);
    const json = JSON.parse(files[`problem_${row!.id}.json`]!);
    expect(json.problem).toMatchObject({ checkerConvention: 'testlib', builtinChecker: 'lines', checkerPrecision: 6 });
    // Import under new display ids.
    const renamed: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith('.json')) {
        const j = JSON.parse(text);
        j.problem.problemId = `${j.problem.problemId}-COPY`;
        renamed[name] = JSON.stringify(j);
      } else renamed[name] = text;
    }
    const imp = await uploadTo(t, '/api/file/import-problem', { token: root, filename: 'p.zip', content: zip(textEntries(renamed)) });
    expect(imp.status).toBe(200);
    const [copy] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'CHK3-COPY'));
    const [copy2] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'CHK2-COPY'));
    expect(copy).toMatchObject({ checkerConvention: 'testlib', judgeMode: 'spj' });
    expect(copy2).toMatchObject({ builtinChecker: 'yes-no', checkerPrecision: 7 });
  });

  it('a zip without the fields imports with defaults; a testlib checker gets the testlib convention', async () => {
    const hoj = (problemId: string, extra: Record<string, unknown>) =>
      JSON.stringify({ problem: { problemId, title: problemId, judgeMode: 'default', ...extra }, samples: [{ input: '1.in', output: '1.out' }] });
    const files = {
      'problem_a.json': hoj('OLDA', {}),
      'problem_a/1.in': '',
      'problem_a/1.out': '1\n',
      'problem_b.json': hoj('OLDB', { judgeMode: 'spj', spjLanguage: 'C++', spjCode: TESTLIB_CHECKER }),
      'problem_b/1.in': '',
      'problem_b/1.out': '1\n',
      'problem_c.json': hoj('OLDC', { judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main(void) { return 100; }' }),
      'problem_c/1.in': '',
      'problem_c/1.out': '1\n',
    };
    const imp = await uploadTo(t, '/api/file/import-problem', { token: root, filename: 'old.zip', content: zip(textEntries(files)) });
    expect(imp.status).toBe(200);
    const byId = async (id: string) => (await t.database.db.select().from(problems).where(eq(problems.problemId, id)))[0]!;
    expect(await byId('OLDA')).toMatchObject({ builtinChecker: 'lines', checkerPrecision: 6, checkerConvention: 'hoj' });
    expect((await byId('OLDB')).checkerConvention).toBe('testlib');
    expect((await byId('OLDC')).checkerConvention).toBe('hoj');
  });

  it('an import with a bad precision is refused with the field named', async () => {
    const files = {
      'problem_a.json': JSON.stringify({ problem: { problemId: 'BADP', title: 'x', checkerPrecision: 2 }, samples: [{ input: '1.in', output: '1.out' }] }),
      'problem_a/1.in': '',
      'problem_a/1.out': '1\n',
    };
    const imp = await uploadTo(t, '/api/file/import-problem', { token: root, filename: 'bad.zip', content: zip(textEntries(files)) });
    expect(imp.status).toBe(400);
    expect(imp.msg).toMatch(/checker precision/);
    expect(await t.database.db.select().from(problems).where(eq(problems.problemId, 'BADP'))).toEqual([]);
  });
});
