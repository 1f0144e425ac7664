/**
 * A Kattis interactive problem judges its own submissions as their folders say. The fixture
 * `fixtures/kattis-guess` is laid out as the "guess" example of Kattis problemtools (2023-07
 * format: `type: interactive`, the output validator in `output_validator/<name>/` acting as the
 * interactor, submissions under accepted/, wrong_answer/, time_limit_exceeded/ and
 * run_time_error/); the legacy layout (`validation: custom interactive`, `output_validators/`,
 * `problem_statement/`) is rebuilt here from the same files. Both go through the batch import and
 * an in-process judge daemon; every submission must get its folder's verdict.
 *
 * Before: the 2023-07 package was judged as a plain problem (5 of 12: the accepted C++ guess loops
 * on an input file and gets TLE, the accepted Java one RE, the never-flushing one RE "Output limit
 * exceeded"), and in both layouts a program rejected by the validator that then waits for a reply
 * got the program's TLE or RE instead of the validator's Wrong Answer.
 *
 * A small package of its own checks the edges of problemtools' order: a validator's unexpected exit
 * code is a judge error before the program's TLE.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type ImportEvent, type ImportItemReport } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { SPIN_FOREVER_C } from '@oj/test-fixtures';
import { problems } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { createSubmitter, submission, submit, testQueue } from './judge-helpers.js';
import { listen, tempCacheDir, waitFor } from './daemon-helpers.js';
import { multipart, zip } from './problem-admin-helpers.js';
import { kattisFixtureFiles } from './kattis-fixtures.js';

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
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'kattis', capacity: 2, cacheDir, pollWaitMs: 5000 });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** The same problem in the legacy layout of the Kattis package format. */
function legacyFiles(files: Map<string, Buffer>): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [k, v] of files) {
    if (k === 'problem.yaml') continue;
    out.set(k.replace(/^output_validator\//, 'output_validators/').replace(/^statement\//, 'problem_statement/'), v);
  }
  out.set(
    'problem.yaml',
    Buffer.from(
      'source: Kattis problemtools example, rebuilt\nlicense: cc by-sa\n\nvalidation: custom interactive\nname: Guess the Number\n\nlimits:\n  time_safety_margin: 4\n',
    ),
  );
  return out;
}

async function importPackage(folder: string, files: Map<string, Buffer>): Promise<ImportItemReport> {
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
  return item!;
}

const LANGUAGE: Record<string, string> = { '.c': 'C', '.cc': 'C++', '.java': 'Java', '.py': 'Python3' };
const EXPECTED: Record<string, number> = {
  accepted: JudgeStatus.ACCEPTED,
  wrong_answer: JudgeStatus.WRONG_ANSWER,
  time_limit_exceeded: JudgeStatus.TIME_LIMIT_EXCEEDED,
  run_time_error: JudgeStatus.RUNTIME_ERROR,
};
const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];

/** Submits every program of submissions/ and returns "folder/file: verdict" for each. */
async function judgeAll(pid: number, files: Map<string, Buffer>) {
  const subs = [...files.keys()].filter((k) => k.startsWith('submissions/')).sort();
  expect(subs).toHaveLength(12);
  const ids = await Promise.all(subs.map((k) => submit(t, { pid, user, language: LANGUAGE[path.extname(k)]!, code: files.get(k)!.toString('utf8') })));
  const got: Record<string, string> = {};
  const want: Record<string, string> = {};
  for (const [i, k] of subs.entries()) {
    const s = await waitFor(
      `a verdict for ${k}`,
      async () => {
        const r = await submission(t, ids[i]!);
        return ACTIVE.includes(r.status) ? null : r;
      },
      300_000,
    );
    const name = k.replace(/^submissions\//, '');
    got[name] = `${s.status}${s.status === EXPECTED[name.split('/')[0]!] ? '' : ` (${s.errorMessage ?? ''})`}`;
    want[name] = String(EXPECTED[name.split('/')[0]!]);
  }
  expect(got).toEqual(want);
}

describe('the Kattis "guess" interactive problem', () => {
  const files = kattisFixtureFiles('kattis-guess');

  it('2023-07 layout (type: interactive, output_validator/): all 12 submissions get their folder verdicts', async () => {
    const item = await importPackage('guess', files);
    // No time limit in problem.yaml (Kattis derives it from the accepted submissions): the default, with a warning.
    expect(item, item.reason).toMatchObject({ status: 'warning', problemId: 'guess' });
    expect(item.warnings).toHaveLength(1);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'guess'));
    expect(row!.judgeMode).toBe('interactive');
    await judgeAll(row!.id, files);
  }, 600_000);

  it('legacy layout (validation: custom interactive, output_validators/): all 12 too', async () => {
    const legacy = legacyFiles(files);
    const item = await importPackage('guess-legacy', legacy);
    // No time limit in problem.yaml (Kattis derives it from the accepted submissions): the default, with a warning.
    expect(item, item.reason).toMatchObject({ status: 'warning', problemId: 'guess-legacy' });
    expect(item.warnings).toHaveLength(1);
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'guess-legacy'));
    expect(row!.judgeMode).toBe('interactive');
    await judgeAll(row!.id, legacy);
  }, 600_000);
});

/**
 * The validator's verdict against the program's end, as problemtools orders them. The validator reads
 * the mode from the input ("broken": it ends with exit code 1 on EOF, "strict": 43) and accepts 42.
 */
describe('Kattis interactive verdicts at the edges', () => {
  const validator = `#include <cstdio>
#include <cstring>
int main(int argc, char **argv) {
  char mode[16] = "";
  FILE *in = fopen(argv[1], "r");
  if (!in || fscanf(in, "%15s", mode) != 1) return 1;
  int x;
  if (scanf("%d", &x) != 1) return strcmp(mode, "broken") == 0 ? 1 : 43;
  return x == 42 ? 42 : 43;
}
`;
  const pkg = (mode: string) =>
    new Map<string, Buffer>(
      Object.entries({
        'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: interactive\nname: Edges\nlimits:\n  time_limit: 1\n',
        'statement/problem.en.md': 'Say 42.\n',
        'output_validator/edges/validate.cc': validator,
        'data/secret/1.in': `${mode}\n`,
        'data/secret/1.ans': '42\n',
      }).map(([k, v]) => [k, Buffer.from(v)]),
    );

  async function verdict(pid: number, code: string) {
    const id = await submit(t, { pid, user, language: 'C', code });
    return waitFor(
      `a verdict for ${id}`,
      async () => {
        const r = await submission(t, id);
        return ACTIVE.includes(r.status) ? null : r;
      },
      120_000,
    );
  }

  it("a validator's exit code other than 42/43 is a judge error even when the program ran out of time", async () => {
    // The program never answers and is stopped at its limit; the validator then exits 1 on EOF:
    // problemtools calls that a judge error. Before: the program's TLE.
    expect((await importPackage('edges-broken', pkg('broken'))).status).toBe('imported');
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'edges-broken'));
    const s = await verdict(row!.id, SPIN_FOREVER_C);
    expect(s.status).toBe(JudgeStatus.SYSTEM_ERROR);
  }, 180_000);

  it("a program that never answers and is stopped at its limit is TLE before the strict validator's WA", async () => {
    expect((await importPackage('edges-strict', pkg('strict'))).status).toBe('imported');
    const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, 'edges-strict'));
    expect((await verdict(row!.id, SPIN_FOREVER_C)).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect((await verdict(row!.id, '#include <stdio.h>\nint main(void){ printf("42\\n"); return 0; }\n')).status).toBe(JudgeStatus.ACCEPTED);
  }, 180_000);
});
