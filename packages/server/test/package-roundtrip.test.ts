/**
 * Every demo problem (seed-problems.ts) and three problems made for what the demos lack (an
 * interactive problem whose statement is Traditional Chinese with LaTeX and an "Interaction" section
 * with blank lines; an OI problem with subtasks averaged; a statement with every kind of Markdown:
 * indented code, tables, nested lists, inline HTML, display math, runs of blank lines) exported in each format the admin
 * can download (HOJ zip, Polygon, Kattis), imported back, and compared field by field and test file
 * by test file (checksums of the stored blobs). What a format has no place for is listed below per
 * format, with the reason; everything else must come back as it was.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEvent, ImportItemReport } from '@oj/shared';
import { problemCases, problems } from '../src/db/schema/index.js';
import { demoProblems, seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { startTestJudge, type TestJudge } from './daemon-helpers.js';
import { rootToken } from './helpers.js';
import { client, type TypedInput } from './client.js';
import { multipart } from './problem-admin-helpers.js';

/** The demo problems in English (the cases are named by them). */
const DEMO_PROBLEMS = demoProblems('en-US');

let t: TestApp;
let root: string;

let judge: TestJudge;

beforeAll(async () => {
  t = await createTestApp();
  // Compiling checkers (and running package programs) is a judge's job.
  judge = await startTestJudge(t, 'package-roundtrip');
  root = await rootToken(t);
  await seedProblems({ config: t.config, database: t.database });
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
});

const INTERACTOR = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt();
  for (int q = 0; q < 30; q++) {
    int x = ouf.readInt();
    if (x == secret) { tout << q << std::endl; quitf(_ok, "found in %d", q + 1); }
    std::cout << (x < secret ? "<" : ">") << std::endl;
  }
  quitf(_wa, "too many guesses");
}
`;

/** What the demos do not have: made through the admin API like any problem. */
const EXTRA: TypedInput<'adminProblem.create'>['body'][] = [
  {
    problem: {
      problemId: 'RT-GUESS',
      title: '猜數字',
      type: 0,
      difficulty: 2,
      timeLimit: 2000,
      memoryLimit: 128,
      description:
        '系統心中有一個整數 $x$（$1 \\le x \\le 10^9$），請在 **30** 次詢問之內猜出它。\n\n每次詢問後，系統會回答「大了」或「小了」。\n\n$$\\log_2 10^9 < 30$$',
      input:
        '## Interaction\n\n每次輸出一行 `x`，表示詢問 $x$。\n\n讀入一個字元：`<` 表示答案較大，`>` 表示答案較小。\n\n\n猜中後立即結束程式。例如：\n\n```\n> 500000000\n<\n\n  > 250000000 % 註解 $x$ --\n```',
      output: '不需要額外輸出。',
      hint: '- 二分搜尋\n- 每次輸出後記得 *flush*',
      source: 'Round trip',
      examples: [{ input: '5\n', output: '\n' }],
      judgeMode: 'interactive',
      spjLanguage: 'C++',
      spjCode: INTERACTOR,
      checkerConvention: 'testlib',
    },
    samples: [
      { input: '5\n', output: '\n' },
      { input: '1\n', output: '\n' },
      { input: '1000000000\n', output: '\n' },
    ],
    tags: [{ name: '互動' }, { name: 'Binary Search' }],
  },
  {
    problem: {
      problemId: 'RT-AVG',
      title: 'Averaged subtasks',
      type: 1,
      judgeCaseMode: 'subtask_average',
      difficulty: 3,
      timeLimit: 1500,
      memoryLimit: 512,
      description: 'Print $a + b$.\n\nTwo subtasks, each scored by the share of its tests passed.',
      input: 'Two integers $a, b$ ($|a|, |b| \\le 10^{18}$).',
      output: 'Their sum.',
      hint: '',
      source: 'Round trip',
      examples: [{ input: '1 2\n', output: '3\n' }],
    },
    samples: [
      { input: '1 2\n', output: '3\n', score: 30, groupNum: 1 },
      { input: '3 4\n', output: '7\n', score: 30, groupNum: 1 },
      { input: '1000000000000000000 1\n', output: '1000000000000000001\n', score: 70, groupNum: 2 },
    ],
    tags: [{ name: 'Math' }],
  },
  {
    // A HUSTOJ special judge (what FPS files bring): its convention is not in its code, yet must come back.
    problem: {
      problemId: 'RT-HUSTOJ',
      title: 'HUSTOJ special judge',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 128,
      description: 'Print $a + b$.',
      input: 'Two integers.',
      output: 'Their sum.',
      hint: '',
      source: 'Round trip',
      examples: [{ input: '1 2\n', output: '3\n' }],
      judgeMode: 'spj',
      spjLanguage: 'C',
      spjCode:
        '#include <stdio.h>\nint main(int argc, char *args[]) {\n  FILE *out = fopen(args[2], "r"), *user = fopen(args[3], "r");\n  int a, b;\n  return fscanf(out, "%d", &a) == 1 && fscanf(user, "%d", &b) == 1 && a == b ? 0 : 1;\n}\n',
      checkerConvention: 'hustoj',
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    tags: [],
  },
  {
    // Markdown the LaTeX of a Polygon package has no exact spelling for: it must still come back as it was.
    problem: {
      problemId: 'RT-MARKDOWN',
      title: 'Markdown of every kind',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      description:
        'The grid is given as:\n\n    3 3\n    ..#\n      #..\n\n| $n$ | points |\n|:--|--:|\n| $\\le 10$ | 30 |\n| $\\le 10^5$ | **70** |\n\n- outer\n  - inner one\n  - inner two\n- outer two\n  1. numbered inside\n\nPress <kbd>Ctrl</kbd>+<kbd>C</kbd>, then H<sub>2</sub>O.\n\n$$\n\\sum_{i=1}^{n} a_i\n$$\n\n\n\nThree blank lines above.',
      input: '* A star list\n* of two items\n\n1) An ordered item with a parenthesis',
      output: 'One line.\t Tab inside, two spaces at the end  \nand a break.',
      hint: '> A quote\n> over two lines\n\n---\n\n~~~\ntilde fence\n~~~',
      source: 'Round trip',
      examples: [{ input: '1\n', output: '1\n' }],
    },
    samples: [{ input: '1\n', output: '1\n' }],
    tags: [],
  },
];

/** Every field of a problem an export could carry, and its tests by checksum. */
async function snapshot(pid: number) {
  const [p] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
  const d = (await client(t, root).call('adminProblem.get', { query: { pid } })).data;
  const cases = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(problemCases.seq);
  return {
    problemId: p!.problemId,
    title: p!.title,
    type: p!.type,
    timeLimit: p!.timeLimit,
    memoryLimit: p!.memoryLimit,
    stackLimit: p!.stackLimit,
    description: p!.description,
    input: p!.input,
    output: p!.output,
    hint: p!.hint,
    examples: p!.examples,
    source: p!.source,
    difficulty: p!.difficulty,
    tags: d.tags.map((x) => x.name).sort(),
    judgeMode: p!.judgeMode,
    judgeCaseMode: p!.judgeCaseMode,
    spjCode: p!.spjCode,
    spjLanguage: p!.spjLanguage,
    checkerConvention: p!.checkerConvention,
    builtinChecker: p!.builtinChecker,
    isRemoveEndBlank: p!.isRemoveEndBlank,
    ioScore: p!.ioScore,
    isFileIo: p!.isFileIo,
    ioReadFileName: p!.ioReadFileName,
    ioWriteFileName: p!.ioWriteFileName,
    judgeExtraFile: p!.judgeExtraFile ?? {},
    languages: [...p!.languages].sort(),
    codeTemplates: p!.codeTemplates,
    // scores count in OI problems only (an ACM problem's are not shown or used)
    tests: cases.map((c) => ({ input: c.inputHash, output: c.outputHash, score: p!.type === 1 ? c.score : 0 })),
    testGroups: cases.map((c) => c.groupNum),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/**
 * Fields a format has no place for (the importer's value stands instead), with the reason; `when`
 * limits an entry to the problems it concerns. Polygon and Kattis packages describe the problem and
 * its tests, not the site around it.
 */
type Gap = { reason: string; when?: (was: Snapshot) => boolean };
const subtasks = (was: Snapshot) => was.judgeCaseMode === 'subtask_lowest' || was.judgeCaseMode === 'subtask_average';
const averaged = (was: Snapshot) => was.judgeCaseMode === 'subtask_average';
const NOT_CARRIED: Record<'hoj' | 'polygon' | 'kattis', Partial<Record<keyof Snapshot, Gap>>> = {
  hoj: {},
  polygon: {
    source: { reason: 'problem.xml has no source' },
    difficulty: { reason: 'Polygon has no difficulty' },
    stackLimit: { reason: 'Polygon has no stack limit (the judge bounds the stack by the memory limit)' },
    languages: { reason: "Polygon does not say which languages a problem accepts: the site's defaults stand" },
    codeTemplates: { reason: 'Polygon has no code templates' },
    isRemoveEndBlank: { reason: "Polygon's checkers decide about blanks" },
    judgeCaseMode: {
      reason: "Polygon's points policies are complete-group (subtask_lowest) and each-test (the sum): a subtask worth its tests' mean has none",
      when: averaged,
    },
    ioScore: { reason: 'follows from the judge case mode above: the sum of the tests', when: averaged },
  },
  kattis: {
    difficulty: { reason: 'problem.yaml has no difficulty' },
    stackLimit: { reason: 'Kattis has no stack limit (the stack is bounded by the memory limit)' },
    languages: { reason: "problem.yaml's languages are Kattis language ids: the site's defaults stand" },
    codeTemplates: { reason: 'Kattis has no code templates' },
    isRemoveEndBlank: { reason: 'Kattis validators decide about blanks' },
    isFileIo: { reason: 'Kattis programs read standard input and write standard output only', when: (was) => was.isFileIo },
    ioReadFileName: { reason: 'no file IO in Kattis (above)', when: (was) => was.isFileIo },
    ioWriteFileName: { reason: 'no file IO in Kattis (above)', when: (was) => was.isFileIo },
    testGroups: {
      reason:
        'each test folder of a Kattis package is a group: data/sample and data/secret of a pass-fail package, one folder per test of a scoring one without subtasks; groups count only in subtask modes, which come back folder for folder',
      when: (was) => !subtasks(was),
    },
    // Not a field: Kattis gives one accept_score per test folder, so the tests of one subtask with
    // different scores would come back with their mean (the subtasks here give theirs one score each).
  },
};

async function importAs(content: Buffer, format: string): Promise<ImportItemReport[]> {
  const { payload, contentType } = multipart([{ field: 'file', filename: `${format}.zip`, content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/import-problems?format=${format}`,
    headers: { 'content-type': contentType, authorization: root },
    payload,
  });
  expect(res.headers['content-type'], res.body.slice(0, 300)).toContain('application/x-ndjson');
  return res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportEvent)
    .flatMap((e) => (e.type === 'item' ? [e.item] : []));
}

async function exportAs(pids: number[], format: 'hoj' | 'polygon' | 'kattis'): Promise<Buffer> {
  const res =
    format === 'hoj'
      ? await client(t, root).call('fileTransfer.exportProblem', { query: { pid: pids } })
      : await client(t, root).call('fileTransfer.exportProblemPackage', { query: { pid: pids, format } });
  expect(res.http, res.res.body.slice(0, 200)).toBe(200);
  return res.res.rawPayload;
}

describe('export → import gives the same problem in every format', () => {
  it('every demo problem and the interactive / averaged-subtask problems, as HOJ, Polygon and Kattis', async () => {
    for (const body of EXTRA) {
      const r = await client(t, root).call('adminProblem.create', { body });
      expect(r.status, r.msg).toBe(200);
    }
    const ids = [...DEMO_PROBLEMS.map((d) => d.problemId), ...EXTRA.map((e) => e.problem.problemId)];
    const rows = await t.database.db.select({ id: problems.id, problemId: problems.problemId }).from(problems).where(inArray(problems.problemId, ids));
    expect(rows).toHaveLength(ids.length);
    const before = new Map<string, Snapshot>();
    for (const r of rows) before.set(r.problemId, await snapshot(r.id));
    const pids = rows.map((r) => r.id);
    const zips = { hoj: await exportAs(pids, 'hoj'), polygon: await exportAs(pids, 'polygon'), kattis: await exportAs(pids, 'kattis') };
    const remove = (pid: number) => client(t, root).call('adminProblem.remove', { query: { pid } });
    for (const pid of pids) expect((await remove(pid)).status).toBe(200);

    const differences: string[] = [];
    for (const [format, content] of Object.entries(zips) as ['hoj' | 'polygon' | 'kattis', Buffer][]) {
      const items = await importAs(content, format);
      expect(
        items.filter((i) => i.status === 'refused').map((i) => `${format} ${i.source}: ${i.reason}`),
        format,
      ).toEqual([]);
      expect(items.map((i) => i.problemId).sort(), format).toEqual([...ids].sort());
      for (const item of items) {
        const was = before.get(item.problemId!)!;
        const now = await snapshot(
          Number((await t.database.db.select({ id: problems.id }).from(problems).where(eq(problems.problemId, item.problemId!)))[0]!.id),
        );
        for (const k of Object.keys(was) as (keyof Snapshot)[]) {
          const gap = NOT_CARRIED[format][k];
          if (gap && (!gap.when || gap.when(was))) continue;
          if (JSON.stringify(now[k]) !== JSON.stringify(was[k]))
            differences.push(`${format} ${was.problemId}.${k}: ${JSON.stringify(was[k])} → ${JSON.stringify(now[k])}`);
        }
        const [row] = await t.database.db.select({ id: problems.id }).from(problems).where(eq(problems.problemId, item.problemId!));
        expect((await remove(row!.id)).status).toBe(200);
      }
    }
    expect(differences).toEqual([]);
  }, 120_000);
});
