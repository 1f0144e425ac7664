/**
 * Polygon and Kattis/ICPC packages through the batch import (`POST /api/file/import-problems`),
 * with packages made here: statements, limits, nested test groups, symbolic links inside the zip
 * (followed inside the package, refused outside it), a Kattis output validator and a Polygon testlib
 * checker judged for real by an in-process judge daemon, a Polygon test made by running the
 * package's generator and answers made by its main solution in the sandbox.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, type Zippable } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, JudgeStatus, MSG, type ImportEvent, type ImportItemReport, type PackageExportFormat } from '@oj/shared';
import { CHECKER_INCLUDE_DIR, JudgeDaemon } from '@oj/judge';
import { problemCases, problemHackKits, problems } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { blobPath } from '../src/lib/testdata.js';
import { checkerAsKattisValidator, exportedCheckerConvention, unwrapExportAdapter } from '../src/modules/problem/packages/kattis-validator.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { client } from './client.js';
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
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'packages', capacity: 2, cacheDir, pollWaitMs: 5000 });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** A zip entry that is a symbolic link to `target` (Unix mode S_IFLNK in the external attributes). */
const link = (target: string): [Uint8Array, { os: number; attrs: number }] => [Buffer.from(target), { os: 3, attrs: (0o120777 << 16) >>> 0 }];
const text = (files: Record<string, string | Buffer | [Uint8Array, { os: number; attrs: number }]>): Zippable =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v]));
const png = () => PNG.sync.write(new PNG({ width: 2, height: 2 }));

/** Uploads to the batch import; the NDJSON events it streamed. */
async function importFile(content: Buffer, filename: string, visibility: 'private' | 'public' = 'private'): Promise<ImportEvent[]> {
  const { payload, contentType } = multipart([{ field: 'file', filename, content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/import-problems?format=auto&visibility=${visibility}`,
    headers: { 'content-type': contentType, authorization: root },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportEvent);
}
const items = (events: ImportEvent[]) => events.flatMap((e) => (e.type === 'item' ? [e.item] : [])) as ImportItemReport[];

async function problemRow(problemId: string) {
  const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, problemId));
  return row!;
}
async function casesOf(pid: number) {
  const rows = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(problemCases.seq);
  return rows.map((r) => ({
    input: fs.readFileSync(blobPath(t.config.dataDir, r.inputHash), 'utf8'),
    output: fs.readFileSync(blobPath(t.config.dataDir, r.outputHash), 'utf8'),
    groupNum: r.groupNum,
    score: r.score,
  }));
}

const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];
async function verdict(pid: number, code: string, language = 'C') {
  const id = await submit(t, { pid, user, language, code });
  const s = await waitFor(
    `a verdict for submission ${id}`,
    async () => {
      const r = await submission(t, id);
      return ACTIVE.includes(r.status) ? null : r;
    },
    120_000,
  );
  return { status: s.status, message: s.errorMessage ?? '' };
}

/** Prints a + b + `delta` (to see what a checker accepts). */
/** problem.xml of the site's Polygon export of a problem. */
async function exportPolygon(pid: number): Promise<string> {
  const res = await client(t, root).call('fileTransfer.exportProblemPackage', { query: { pid: [pid], format: 'polygon' } });
  expect(res.http).toBe(200);
  const files = unzipSync(new Uint8Array(res.res.rawPayload));
  const xml = Object.keys(files).find((n) => n.endsWith('problem.xml'))!;
  return Buffer.from(files[xml]!).toString('utf8');
}

const sumPlus = (delta: number) =>
  `#include <stdio.h>\nint main(void){ long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b + (${delta})); return 0; }\n`;

// A Kattis output validator: the team's answer (stdin) must be within 1 of the judge's.
const KATTIS_VALIDATOR = `#include <cstdio>
#include <cstdlib>
#include <fstream>
#include "near.h"
int main(int argc, char **argv) {
  std::ifstream ans(argv[2]);
  long long want, got;
  ans >> want;
  std::string fb = std::string(argv[3]) + "judgemessage.txt";
  FILE *msg = fopen(fb.c_str(), "w");
  if (scanf("%lld", &got) != 1) { fprintf(msg, "no number"); fclose(msg); exit(43); }
  if (!near_enough(want, got)) { fprintf(msg, "expected %lld, got %lld", want, got); fclose(msg); exit(43); }
  fclose(msg);
  exit(42);
}
`;

describe('Kattis / ICPC packages', () => {
  it('imports a zip of two packages: statement, limits, nested groups, symlinked samples, output validator and default validator flags, judged for real', async () => {
    const events = await importFile(
      zip(
        text({
          'nearsum/problem.yaml': 'name: Near Sum\nsource: Test Contest\nvalidation: custom\nlimits:\n  time_limit: 2\n  memory: 128\nkeywords: math sums\n',
          'nearsum/problem_statement/problem.en.tex':
            '\\problemname{Near Sum}\nAdd two numbers $a$ and~$b$ ($1 \\le a,b \\le 10^9$). Print \\textbf{one} line.\n\\begin{itemize}\n\\item be close\n\\end{itemize}\n\\includegraphics[width=3cm]{pic.png}\n\\section*{Input}\nTwo integers.\n\\section*{Output}\nTheir sum, give or take 1.\n',
          'nearsum/problem_statement/pic.png': png(),
          'nearsum/data/secret/g1/1.in': '1 2\n',
          'nearsum/data/secret/g1/1.ans': '3\n',
          'nearsum/data/secret/g2/deep/2.in': '10 20\n',
          'nearsum/data/secret/g2/deep/2.ans': '30\n',
          // the sample is the first secret test, by links (as Kattis packages do)
          'nearsum/data/sample/1.in': link('../secret/g1/1.in'),
          'nearsum/data/sample/1.ans': link('../secret/g1/1.ans'),
          // a link out of the package is left out with a warning, never followed
          'nearsum/data/secret/g1/3.in': link('../../../../../../etc/passwd'),
          'nearsum/data/secret/g1/3.ans': '0\n',
          'nearsum/output_validators/near/validate.cpp': KATTIS_VALIDATOR,
          'nearsum/output_validators/near/near.h': 'static bool near_enough(long long a, long long b) { return a - b <= 1 && b - a <= 1; }\n',
          'floaty/problem.yaml': 'name:\n  en: Floaty\nvalidator_flags: float_tolerance 1e-3\n',
          'floaty/problem_statement/problem.en.md': 'Halve it. ![a plot](gone.png)\n\n## Input\n\nAn integer.\n\n## Output\n\nIts half.\n',
          'floaty/data/sample/1.in': '3\n',
          'floaty/data/sample/1.ans': '1.5\n',
          'floaty/data/secret/1.in': '7\n',
          'floaty/data/secret/1.ans': '3.5000\n',
        }),
      ),
      'kattis.zip',
    );
    expect(events[0]).toEqual({ type: 'start', format: 'kattis' });
    expect(events.at(-1)).toEqual({ type: 'done', imported: 0, warned: 2, refused: 0 });
    const [floaty, near] = items(events); // packages in folder order
    expect(near).toMatchObject({ source: 'nearsum/problem.yaml', title: 'Near Sum', status: 'warning', problemId: 'nearsum' });
    expect(near!.warnings).toEqual([formatMsg(MSG.pkgLinkRefused, { name: 'nearsum/data/secret/g1/3.in', target: '../../../../../../etc/passwd' })]);
    // floaty has no time limit: the default is used, and said so
    expect(floaty).toMatchObject({
      title: 'Floaty',
      status: 'warning',
      problemId: 'floaty',
      warnings: [formatMsg(MSG.pkgDefaultTimeLimit, { ms: 1000 }), formatMsg(MSG.pkgImageMissing, { name: 'gone.png' })],
    });

    const p = await problemRow('nearsum');
    expect(p).toMatchObject({ title: 'Near Sum', timeLimit: 2000, memoryLimit: 128, judgeMode: 'spj', checkerConvention: 'hoj', source: 'Test Contest' });
    // the statement's image is stored with the site's files and linked from there
    expect(p.description).toMatch(
      /^Add two numbers \$a\$ and \$b\$ \(\$1 \\le a,b \\le 10\^9\$\)\. Print \*\*one\*\* line\.\n\n- be close\n\n!\[\]\((\/api\/public\/files\/md-image\/[0-9a-f]+\.png)\)$/,
    );
    const image = await t.app.inject({ method: 'GET', url: /\((\/api[^)]+)\)/.exec(p.description)![1]! });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(p.input).toBe('Two integers.');
    expect(p.output).toBe('Their sum, give or take 1.');
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    // sample (linked), then the secret groups in order, each folder its own group; 3.in left out
    expect(await casesOf(p.id)).toEqual([
      { input: '1 2\n', output: '3\n', groupNum: 1, score: 0 },
      { input: '1 2\n', output: '3\n', groupNum: 2, score: 0 },
      { input: '10 20\n', output: '30\n', groupNum: 3, score: 0 },
    ]);
    const tags = (await client(t, root).call('adminProblem.get', { query: { pid: p.id } })).data.tags.map((x) => x.name).sort();
    expect(tags).toEqual(['math', 'sums']);

    // The validator runs behind the Kattis adapter: 42 → AC, 43 → WA with its judge message.
    expect(await verdict(p.id, sumPlus(0))).toEqual({ status: JudgeStatus.ACCEPTED, message: '' });
    expect((await verdict(p.id, sumPlus(1))).status).toBe(JudgeStatus.ACCEPTED);
    const wa = await verdict(p.id, sumPlus(5));
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);

    const f = await problemRow('floaty');
    expect(f).toMatchObject({ title: 'Floaty', description: 'Halve it. ![a plot](gone.png)', input: 'An integer.', output: 'Its half.', timeLimit: 1000 });
    // Kattis' default validator: tokens, numbers within float_tolerance, letters case-insensitive.
    const half = (fmt: string) => `#include <stdio.h>\nint main(void){ int n; scanf("%d", &n); printf("${fmt}\\n", n / 2.0); return 0; }\n`;
    expect((await verdict(f.id, half('%.4f'))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await verdict(f.id, half('  %.2f  '))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await verdict(f.id, half('%.0f'))).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 240_000);

  it('refuses a package without test data, and keeps importing the other packages of the zip', async () => {
    const events = await importFile(
      zip(
        text({
          'empty/problem.yaml': 'name: Empty\nlimits:\n  time_limit: 1\n',
          'good/problem.yaml': 'name: Good\nlimits:\n  time_limit: 1\n',
          'good/data/secret/1.in': '1 1\n',
          'good/data/secret/1.ans': '2\n',
        }),
      ),
      'two.zip',
    );
    const [empty, good] = items(events);
    expect(empty).toMatchObject({ status: 'refused', title: 'empty' });
    expect(empty!.reason).toContain('no test data');
    expect(good).toMatchObject({ status: 'warning', problemId: 'good', warnings: [MSG.pkgNoStatement] });
  });

  it('a symbolic link is still refused in formats that do not use them (HOJ zip)', async () => {
    const content = zip(text({ 'problem_1.json': '{}', 'problem_1/1.in': link('/etc/passwd') }));
    const { payload, contentType } = multipart([{ field: 'file', filename: 'hoj.zip', content }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/import-problems?format=auto',
      headers: { 'content-type': contentType, authorization: root },
      payload,
    });
    expect(JSON.parse(res.body).msg).toBe(formatMsg(MSG.zipSymlink, { name: 'problem_1/1.in' }));
  });
});

const TESTLIB_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong(), got = ouf.readLong();
  if (want != got) quitf(_wa, "expected %lld, found %lld", want, got);
  quitf(_ok, "the sum is %lld", got);
}
`;

describe('Polygon packages', () => {
  it('imports statement sections, limits, a manual and a generated test, answers made by the main solution, and a testlib checker judged for real', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="poly-sum" url="https://polygon.codeforces.com/p/x/poly-sum">
  <names><name language="english" value="Polygon Sum"/><name language="russian" value="Сумма"/></names>
  <statements><statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/></statements>
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>134217728</memory-limit>
      <test-count>2</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test cmd="gen 40 2" method="generated"/>
      </tests>
    </testset>
  </judging>
  <files>
    <resources><file path="files/gen_util.h"/></resources>
    <executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables>
  </files>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/><copy path="check.cpp"/></checker>
    <solutions><solution tag="main"><source path="solutions/sol.cpp" type="cpp.g++17"/></solution></solutions>
  </assets>
  <tags><tag value="math"/><tag value="implementation"/></tags>
</problem>
`;
    const events = await importFile(
      zip(
        text({
          'problem.xml': xml,
          'statement-sections/english/name.tex': 'Polygon Sum',
          'statement-sections/english/legend.tex': 'Compute $a+b$ for \\emph{two} numbers --- quickly.\n',
          'statement-sections/english/input.tex': 'Two integers $a$, $b$.',
          'statement-sections/english/output.tex': 'One integer.',
          'statement-sections/english/notes.tex': '\\begin{enumerate}\n\\item first\n\\item second\n\\end{enumerate}',
          'statement-sections/english/example.01': '1 2\n',
          'statement-sections/english/example.01.a': '3\n',
          'tests/01': '1 2\n',
          'files/gen_util.h': '#include <cstdlib>\nstatic long long arg(char **argv, int i) { return atoll(argv[i]); }\n',
          'files/gen.cpp':
            '#include <cstdio>\n#include "gen_util.h"\nint main(int argc, char **argv) { printf("%lld %lld\\n", arg(argv, 1), arg(argv, 2)); }\n',
          'files/check.cpp': TESTLIB_CHECKER,
          'check.cpp': TESTLIB_CHECKER,
          'solutions/sol.cpp': '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n',
        }),
      ),
      'poly-sum.zip',
    );
    expect(events[0]).toEqual({ type: 'start', format: 'polygon' });
    const [item] = items(events);
    expect(item).toMatchObject({ status: 'imported', problemId: 'poly-sum', title: 'Polygon Sum', warnings: [] });
    const p = await problemRow('poly-sum');
    expect(p).toMatchObject({ timeLimit: 1500, memoryLimit: 128, judgeMode: 'spj', spjCode: TESTLIB_CHECKER, checkerConvention: 'testlib', auth: 2 });
    expect(p.description).toBe('Compute $a+b$ for *two* numbers — quickly.');
    expect(p.hint).toBe('1. first\n2. second');
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    // test 2 made by `gen 40 2`, both answers by the main solution
    expect(await casesOf(p.id)).toEqual([
      { input: '1 2\n', output: '3\n', groupNum: 1, score: 0 },
      { input: '40 2\n', output: '42\n', groupNum: 1, score: 0 },
    ]);
    expect(await verdict(p.id, sumPlus(0))).toEqual({ status: JudgeStatus.ACCEPTED, message: '' });
    const wa = await verdict(p.id, sumPlus(1));
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 240_000);

  it('a package whose answers cannot be made is imported private, saying how many are missing', async () => {
    const xml = `<problem short-name="no-answers"><names><name language="english" value="No answers"/></names>
<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
<tests><test method="manual"/><test method="generated" cmd="nogen 1"/></tests></testset></judging></problem>`;
    const [item] = items(await importFile(zip(text({ 'problem.xml': xml, 'tests/01': '5\n', 'statement-sections/english/legend.tex': 'x' })), 'p.zip'));
    expect(item).toMatchObject({ status: 'refused' });
    expect(item!.reason).toContain('no test could be read or made');

    const [withAnswer] = items(
      await importFile(
        zip(
          text({
            'problem.xml': xml.replace('no-answers', 'half-answers'),
            'tests/01': '5\n',
            'tests/01.a': '5\n',
            'statement-sections/english/legend.tex': 'x',
            // Polygon's problem-properties.json (LaTeX in JSON) is preferred to the sections
            'statements/english/problem-properties.json': JSON.stringify({
              name: 'Props',
              legend: 'From \\textbf{JSON} with $x$',
              input: 'In',
              output: 'Out',
              sampleTests: [{ input: '5\n', output: '5\n' }],
            }),
          }),
        ),
        'p.zip',
      ),
    );
    expect(withAnswer).toMatchObject({
      status: 'warning',
      problemId: 'half-answers',
      warnings: [formatMsg(MSG.pkgGeneratedMissing, { count: 1, reason: 'generator "nogen" is not in the package' })],
    });
    expect(await problemRow('half-answers')).toMatchObject({
      auth: 2,
      title: 'Props',
      description: 'From **JSON** with $x$',
      input: 'In',
      examples: [{ input: '5\n', output: '5\n' }],
    });
  });
});

// Guess-the-number: the secret is the test's input; the program asks "? x" and hears <, > or =.
const GUESS = `#include <stdio.h>
#include <string.h>
int main(void){ int lo = 1, hi = 1000; char r[4];
  while (lo <= hi) { int m = (lo + hi) / 2; printf("? %d\\n", m); fflush(stdout); if (scanf("%3s", r) != 1) return 0;
    if (!strcmp(r, "=")) { printf("! %d\\n", m); fflush(stdout); return 0; } if (!strcmp(r, "<")) hi = m - 1; else lo = m + 1; }
  return 0; }
`;
const GUESS_WRONG = '#include <stdio.h>\nint main(void){ printf("! 0\\n"); fflush(stdout); return 0; }\n';

describe("packages' input validators, run on a judge at import", () => {
  // Polygon passes the test set and group: a "small" input must be at most 10, any other at most 100.
  const VALIDATOR = `#include "testlib.h"
int main(int argc, char **argv) {
  registerValidation(argc, argv);
  inf.readInt(1, validator.group() == "small" ? 10 : 100, "n");
  inf.readEoln();
  inf.readEof();
}
`;
  const polygon = (shortName: string, validator: string) => ({
    'problem.xml': `<problem short-name="${shortName}"><names><name language="english" value="Validated"/></names>
<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
<tests><test method="manual" group="small"/><test method="manual" group="big"/><test method="generated" cmd="gen 50" group="small"/></tests>
<groups><group name="small"/><group name="big"/></groups></testset></judging>
<files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables></files>
<assets><validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
<solutions><solution tag="main"><source path="solutions/sol.cpp" type="cpp.g++17"/></solution></solutions></assets></problem>`,
    'statement-sections/english/legend.tex': 'Echo $n$.',
    'tests/01': '5\n',
    'tests/01.a': '5\n',
    'tests/02': '50\n',
    'tests/02.a': '50\n',
    'files/gen.cpp': '#include <cstdio>\nint main(int argc, char **argv) { printf("%s\\n", argv[1]); }\n',
    'files/val.cpp': validator,
    'solutions/sol.cpp': '#include <cstdio>\nint main() { int n; scanf("%d", &n); printf("%d\\n", n); }\n',
  });

  it("Polygon: the validator sees each test's group; the generated input it refuses keeps the problem private though the import asked for public", async () => {
    const [item] = items(await importFile(zip(text(polygon('poly-valid', VALIDATOR))), 'v.zip', 'public'));
    expect(item).toMatchObject({ status: 'warning', problemId: 'poly-valid', visibility: 'private' });
    // Test 2 (50 in "big") passes, test 3 (50 in "small") does not.
    expect(item!.warnings).toHaveLength(1);
    expect(item!.warnings[0]).toMatch(
      /^1 test inputs are refused by the package's validator \(test 3: .*violates the range \[1, 10\].*\); the problem is kept private\.$/,
    );
    expect(await problemRow('poly-valid')).toMatchObject({ auth: 2 });
    // The tests are all there for the administrator to look at.
    expect((await casesOf((await problemRow('poly-valid')).id)).map((c) => c.input)).toEqual(['5\n', '50\n', '50\n']);
    // The validator and the main solution stay as the problem's hack kit.
    const [kit] = await t.database.db
      .select()
      .from(problemHackKits)
      .where(eq(problemHackKits.pid, (await problemRow('poly-valid')).id));
    expect(kit).toMatchObject({ validatorType: 'cpp.g++17', validatorCode: VALIDATOR, referenceLanguage: 'C++' });
    expect(kit!.referenceCode).toContain('scanf("%d", &n)');
  }, 240_000);

  it('Polygon: a validator that does not compile is said once and holds nothing back', async () => {
    const [item] = items(await importFile(zip(text(polygon('poly-noval', 'int main( {'))), 'v.zip', 'public'));
    expect(item).toMatchObject({ status: 'warning', problemId: 'poly-noval', visibility: 'public' });
    expect(item!.warnings).toHaveLength(1);
    expect(item!.warnings[0]).toMatch(/^The package's input validator could not run \(val\.cpp does not compile: .*\); the test inputs were not checked\.$/s);
  }, 240_000);

  it("Kattis: every input validator runs with its group's input_validator_flags (exit 42 = valid); a checktestdata file is said to be skipped", async () => {
    const check = `import sys
limit = int(sys.argv[1].split('=')[1]) if len(sys.argv) > 1 else 1000
n = sys.stdin.read()
sys.exit(42 if n.strip().isdigit() and int(n) <= limit else 43)
`;
    const pkg = text({
      'problem.yaml': 'name: Kattis Valid\nlimits:\n  time_limit: 1\n',
      'problem_statement/problem.en.tex': 'Echo $n$.',
      'input_validators/check/check.py': check,
      'input_format_validators/format.ctd': 'INT(1, 1000)\nNEWLINE\n',
      'data/sample/1.in': '500\n',
      'data/sample/1.ans': '500\n',
      'data/secret/testdata.yaml': 'input_validator_flags: max=100\n',
      'data/secret/1.in': '5\n',
      'data/secret/1.ans': '5\n',
      'data/secret/2.in': '500\n',
      'data/secret/2.ans': '500\n',
    });
    const [item] = items(await importFile(zip(pkg), 'kattis-valid.zip', 'public'));
    expect(item).toMatchObject({ status: 'warning', problemId: 'kattis-valid', visibility: 'private' });
    expect(item!.warnings).toEqual([
      formatMsg(MSG.pkgValidatorNotRun, { reason: 'input_format_validators/format.ctd (not a C, C++, Python or Java program)' }),
      formatMsg(MSG.pkgInputsInvalid, { count: 1, test: 'secret_2.in', reason: 'exit code 43' }),
    ]);
    expect(await problemRow('kattis-valid')).toMatchObject({ auth: 2 });
  }, 240_000);

  it('Kattis: the one input validator and an accepted solution stay as the hack kit, whose "valid" is exit 42', async () => {
    const files = Object.fromEntries(kattisFixtureFiles('kattis-hackable'));
    const [item] = items(await importFile(zip(text(files)), 'kattis-hackable.zip', 'public'));
    expect(item).toMatchObject({ status: 'imported', problemId: 'kattis-hackable', visibility: 'public', warnings: [] });
    const [kit] = await t.database.db
      .select()
      .from(problemHackKits)
      .where(eq(problemHackKits.pid, (await problemRow('kattis-hackable')).id));
    expect(kit).toMatchObject({
      validatorType: 'python.3',
      validatorCode: files['input_validators/bounds/bounds.py']!.toString(),
      validatorOkExit: 42,
      // C++ before Python: the reference answers every hack.
      referenceLanguage: 'C++',
      referenceCode: files['submissions/accepted/sum.cpp']!.toString(),
    });

    // A C++ validator in folder form with a header of its own: the kit's one source has the header written
    // in, and it compiles as a kit (the judge compiles a kit before it is saved).
    const header =
      '#pragma once\n#include <cstdio>\n#include <cstdlib>\nconst long long MAX_VALUE = 2000000000LL;\ninline void refuse(const char *why) { std::puts(why); std::exit(43); }\n';
    const cppValidator = `#include "bounds.h"
int main() {
  long long a, b;
  char c1 = 0, c2 = 0;
  if (std::scanf("%lld%c%lld%c", &a, &c1, &b, &c2) != 4 || c1 != ' ' || c2 != '\\n') refuse("expected two integers on one line");
  if (a < 0 || b < 0 || a > MAX_VALUE || b > MAX_VALUE) refuse("out of range");
  return 42;
}
`;
    const rest = Object.fromEntries(Object.entries(files).filter(([name]) => !name.endsWith('bounds.py')));
    const withHeader = { ...rest, 'input_validators/bounds/bounds.cpp': cppValidator, 'input_validators/bounds/bounds.h': header };
    const [cpp] = items(await importFile(zip(text(withHeader)), 'kattis-header-validator.zip', 'public'));
    expect(cpp).toMatchObject({ status: 'imported', problemId: 'kattis-header-validator', warnings: [] });
    const cppPid = (await problemRow('kattis-header-validator')).id;
    const [cppKit] = await t.database.db.select().from(problemHackKits).where(eq(problemHackKits.pid, cppPid));
    expect(cppKit).toMatchObject({ validatorType: 'cpp.g++17', validatorOkExit: 42, referenceLanguage: 'C++' });
    expect(cppKit!.validatorCode).not.toContain('#include "bounds.h"');
    expect(cppKit!.validatorCode).toContain('const long long MAX_VALUE');
    const resaved = await client(t, root).call('contestHack.saveKit', {
      body: {
        pid: cppPid,
        validatorType: cppKit!.validatorType,
        validatorCode: cppKit!.validatorCode,
        validatorOkExit: cppKit!.validatorOkExit,
        referenceLanguage: cppKit!.referenceLanguage,
        referenceCode: cppKit!.referenceCode,
      },
    });
    expect(resaved.status, resaved.msg).toBe(200);

    // No kit when a hack could not validate as the tests were: two program validators, validator flags,
    // or a validator that does not run (here: does not compile).
    const twoValidators = { ...files, 'input_validators/second.py': 'import sys\nsys.exit(42)\n' };
    const flags = { ...files, 'data/secret/testdata.yaml': 'input_validator_flags: small\n' };
    const broken = { ...files, 'input_validators/bounds/bounds.py': 'def f(:\n' };
    for (const [name, pkg] of [
      ['kattis-two-validators', twoValidators],
      ['kattis-validator-flags', flags],
      ['kattis-broken-validator', broken],
    ] as const) {
      const [other] = items(await importFile(zip(text(pkg)), `${name}.zip`, 'public'));
      expect(other, name).toMatchObject({ status: name === 'kattis-broken-validator' ? 'warning' : 'imported', problemId: name });
      const kits = await t.database.db
        .select()
        .from(problemHackKits)
        .where(eq(problemHackKits.pid, (await problemRow(name)).id));
      expect(kits, name).toEqual([]);
    }
  }, 240_000);
});

describe('interactive packages', () => {
  it('Polygon group scoring: complete-group groups score all or nothing (41, not 70), each-test tests alone, a group scores only when the groups it depends on passed; the scoring section and its table are kept', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="poly-groups">
  <names><name language="english" value="Polygon Groups"/></names>
  <statements><statement language="english" path="statements/english/problem.tex" type="application/x-tex"/></statements>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>5</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test group="0" method="manual" points="0" sample="true"/>
        <test group="1" method="manual" points="20"/>
        <test group="1" method="manual" points="21"/>
        <test group="2" method="manual" points="29"/>
        <test group="2" method="manual" points="30"/>
      </tests>
      <groups>
        <group feedback-policy="complete" name="0" points="0" points-policy="each-test"/>
        <group feedback-policy="icpc" name="1" points="41" points-policy="complete-group"/>
        <group feedback-policy="icpc" name="2" points="59" points-policy="complete-group"><dependencies><dependency group="1"/></dependencies></group>
      </groups>
    </testset>
  </judging>
</problem>
`;
    const inputs = ['1 2', '2 3', '3 4', '4 5', '150 1'];
    const files: Record<string, string> = {
      'problem.xml': xml,
      'statement-sections/english/legend.tex': 'Add two numbers.',
      'statement-sections/english/input.tex': 'Two integers.',
      'statement-sections/english/output.tex': 'Their sum.',
      'statement-sections/english/scoring.tex':
        '\\begin{center}\n\\begin{tabular}{|c|c|l|}\n\\hline\nGroup & Points & Constraints \\\\ \\hline\n1 & 41 & $a \\le 10$ \\\\ \\hline\n2 & 59 & none \\\\ \\hline\n\\end{tabular}\n\\end{center}\n',
    };
    inputs.forEach((line, i) => {
      const [a, b] = line.split(' ').map(Number);
      files[`tests/0${i + 1}`] = `${line}\n`;
      files[`tests/0${i + 1}.a`] = `${a! + b!}\n`;
    });
    const [item] = items(await importFile(zip(text(files)), 'poly-groups.zip'));
    expect(item).toMatchObject({ status: 'imported', problemId: 'poly-groups' });
    const row = await problemRow('poly-groups');
    expect({ type: row.type, ioScore: row.ioScore, mode: row.judgeCaseMode }).toEqual({ type: 1, ioScore: 100, mode: 'subtask_lowest' });
    // Polygon's group 2 depends on group 1: subtask 3 needs subtask 2 passed.
    expect(row.subtaskDependencies).toEqual({ '3': [2] });
    expect((await casesOf(row.id)).map((c) => [c.groupNum, c.score])).toEqual([
      [1, 0],
      [2, 41],
      [2, 41],
      [3, 59],
      [3, 59],
    ]);
    expect(row.hint).toContain('## Scoring');
    expect(row.hint).toContain('| Group | Points | Constraints |');
    expect(row.hint).toContain('| 1 | 41 | $a \\le 10$ |');
    // wrong only when a > 100: on one test of group 2
    const id = await submit(t, { pid: row.id, user, language: 'C', code: sumPlus(0).replace('a + b + (0)', 'a + b + (a > 100)') });
    const s = await waitFor(
      `a verdict for ${id}`,
      async () => {
        const r = await submission(t, id);
        return ACTIVE.includes(r.status) ? null : r;
      },
      120_000,
    );
    expect(s.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(s.score).toBe(41);
    // Wrong only when a = 2, a test of group 1: group 2, right on every test, depends on group 1 and
    // scores nothing, as on Polygon (before: 59). 0 points: its first error is the verdict.
    const id2 = await submit(t, { pid: row.id, user, language: 'C', code: sumPlus(0).replace('a + b + (0)', 'a + b + (a == 2)') });
    const s2 = await waitFor(
      `a verdict for ${id2}`,
      async () => {
        const r = await submission(t, id2);
        return ACTIVE.includes(r.status) ? null : r;
      },
      120_000,
    );
    expect([s2.status, s2.score]).toEqual([JudgeStatus.WRONG_ANSWER, 0]);
    // Its case view says why subtask 3 scores nothing though every case of it passed (before: "Accepted, 0").
    const view = await client(t, root).call('submission.caseResult', { query: { submitId: id2 } });
    const groups = view.data!.subTaskJudgeCaseVoList!;
    expect(groups.find((g) => g.groupNum === 3)).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 0, blockedBy: [2] });
    expect(groups.filter((g) => g.blockedBy)).toHaveLength(1);
    // The site's own Polygon export writes the dependency back, and importing that keeps it.
    const exported = await exportPolygon(row.id);
    expect(exported).toMatch(/<group[^>]*name="3"[^>]*>\s*<dependencies>\s*<dependency group="2"\/>\s*<\/dependencies>/);
    const again = { ...files, 'problem.xml': exported.replace('short-name="poly-groups"', 'short-name="poly-groups-again"') };
    const [reimported] = items(await importFile(zip(text(again)), 'poly-groups-again.zip'));
    expect(reimported).toMatchObject({ status: 'imported', problemId: 'poly-groups-again' });
    expect((await problemRow('poly-groups-again')).subtaskDependencies).toEqual({ '3': [2] });
  }, 180_000);

  it('a Polygon interactor (testlib) and a Kattis interactive validator both judge for real', async () => {
    const interactor = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt();
  for (int q = 0; q < 20; q++) {
    std::string op = ouf.readToken();
    int x = ouf.readInt();
    if (op == "!") { if (x == secret) quitf(_ok, "found in %d", q); quitf(_wa, "said %d, secret %d", x, secret); }
    printf("%s\\n", x == secret ? "=" : x < secret ? ">" : "<");
    fflush(stdout);
  }
  quitf(_wa, "too many questions");
}
`;
    const xml = `<problem short-name="guess-poly"><names><name language="english" value="Guess"/></names>
<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
<tests><test method="manual"/><test method="manual"/></tests></testset></judging>
<assets><interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor></assets></problem>`;
    const [poly] = items(
      await importFile(
        zip(
          text({
            'problem.xml': xml,
            'tests/01': '1\n',
            'tests/02': '777\n',
            'files/interactor.cpp': interactor,
            'statement-sections/english/legend.tex': 'Guess.',
          }),
        ),
        'g.zip',
      ),
    );
    expect(poly, poly?.reason).toMatchObject({ status: 'imported', problemId: 'guess-poly' });
    const p = await problemRow('guess-poly');
    expect(p.judgeMode).toBe('interactive');
    expect(await verdict(p.id, GUESS)).toEqual({ status: JudgeStatus.ACCEPTED, message: '' });
    expect((await verdict(p.id, GUESS_WRONG)).status).toBe(JudgeStatus.WRONG_ANSWER);

    // Kattis: the validator talks to the team over stdin/stdout, input file as argv[1], 42 / 43.
    const validator = `#include <cstdio>
#include <cstdlib>
#include <fstream>
int main(int argc, char **argv) {
  std::ifstream in(argv[1]);
  int secret;
  in >> secret;
  char op[4];
  int x;
  for (int q = 0; q < 20 && scanf("%3s %d", op, &x) == 2; q++) {
    if (op[0] == '!') exit(x == secret ? 42 : 43);
    printf("%s\\n", x == secret ? "=" : x < secret ? ">" : "<");
    fflush(stdout);
  }
  exit(43);
}
`;
    const [kattis] = items(
      await importFile(
        zip(
          text({
            'guess-kattis/problem.yaml': 'name: Guess\nvalidation: custom interactive\nlimits:\n  time_limit: 1\n',
            'guess-kattis/problem_statement/problem.en.md': 'Guess.',
            'guess-kattis/data/secret/1.in': '512\n',
            'guess-kattis/data/secret/2.in': '3\n',
            'guess-kattis/output_validators/v/v.cpp': validator,
          }),
        ),
        'k.zip',
      ),
    );
    expect(kattis, kattis?.reason).toMatchObject({ status: 'imported', problemId: 'guess-kattis' });
    const k = await problemRow('guess-kattis');
    expect(k.judgeMode).toBe('interactive');
    expect(await verdict(k.id, GUESS)).toEqual({ status: JudgeStatus.ACCEPTED, message: '' });
    expect((await verdict(k.id, GUESS_WRONG)).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 180_000);
});

describe('export to Polygon and Kattis packages', () => {
  const STATEMENT = {
    description:
      'Given $n$ numbers $a_i$ ($1 \\le n \\le 10^5$), print **their sum**; 50% of tests have *small* `n` -- see ~ below.\n\n- one\n- two\n\n$$\\sum_{i=1}^n a_i$$',
    input: 'Two integers $a$ and $b$.',
    output: 'One integer.',
    hint: '1. first\n2. second',
  };
  async function makeProblem(problemId: string) {
    const r = await client(t, root).call('adminProblem.create', {
      body: {
        problem: {
          problemId,
          title: `Round ${problemId}`,
          ...STATEMENT,
          source: 'Round trip',
          timeLimit: 1500,
          memoryLimit: 128,
          examples: [{ input: '1 2\n', output: '3\n' }],
          judgeMode: 'spj',
          spjLanguage: 'C++',
          spjCode: TESTLIB_CHECKER,
          checkerConvention: 'testlib',
        },
        samples: [
          { input: '1 2\n', output: '3\n' },
          { input: '40 2\n', output: '42\n' },
          { input: '-5 5\n', output: '0\n' },
        ],
        tags: [{ name: 'roundtrip' }],
      },
    });
    expect(r.status, r.msg).toBe(200);
    return r.data.pid;
  }
  async function view(pid: number) {
    const d = (await client(t, root).call('adminProblem.get', { query: { pid } })).data;
    const p = d.problem;
    return {
      title: p.title,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      examples: p.examples,
      judgeMode: p.judgeMode,
      spjCode: p.spjCode,
      checkerConvention: p.checkerConvention,
      tags: d.tags.map((x) => x.name),
      cases: (await casesOf(pid)).map((c) => [c.input, c.output]),
    };
  }
  async function exportAs(pid: number, format: PackageExportFormat): Promise<Buffer> {
    const res = await client(t, root).call('fileTransfer.exportProblemPackage', { query: { pid: [pid], format } });
    expect(res.http).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    return res.res.rawPayload;
  }

  for (const format of ['polygon', 'kattis'] as const) {
    it(`${format}: export → import gives the same statement, limits, tests and checker, and judges the same`, async () => {
      const id = `RT-${format}`;
      const pid = await makeProblem(id);
      const before = await view(pid);
      const zipped = await exportAs(pid, format);
      const names = Object.keys(unzipSync(new Uint8Array(zipped)));
      expect(names).toContain(format === 'polygon' ? `${id}/problem.xml` : `${id}/problem.yaml`);
      expect(names).toContain(format === 'polygon' ? `${id}/files/check.cpp` : `${id}/output_validators/validator/validate.cpp`);
      expect((await client(t, root).call('adminProblem.remove', { query: { pid } })).status).toBe(200);

      const [item] = items(await importFile(zipped, `${format}.zip`));
      expect(item, item?.reason).toMatchObject({ status: 'imported', problemId: id });
      const again = await problemRow(id);
      expect(await view(again.id)).toEqual(before);
      expect((await verdict(again.id, sumPlus(0))).status).toBe(JudgeStatus.ACCEPTED);
      expect((await verdict(again.id, sumPlus(1))).status).toBe(JudgeStatus.WRONG_ANSWER);
    }, 120_000);
  }

  it('the Kattis export puts a checker of this site behind an adapter that follows the Kattis validator convention (42 / 43)', async () => {
    const pid = await makeProblem('RT-adapter');
    const files = unzipSync(new Uint8Array(await exportAs(pid, 'kattis')));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kattis-adapter-'));
    try {
      fs.writeFileSync(path.join(dir, 'validate.cpp'), files['RT-adapter/output_validators/validator/validate.cpp']!);
      fs.copyFileSync(path.join(CHECKER_INCLUDE_DIR, 'testlib.h'), path.join(dir, 'testlib.h'));
      execFileSync('g++', ['-O1', '-o', path.join(dir, 'validate'), path.join(dir, 'validate.cpp')], { cwd: dir });
      fs.writeFileSync(path.join(dir, 'in'), '1 2\n');
      fs.writeFileSync(path.join(dir, 'ans'), '3\n');
      fs.mkdirSync(path.join(dir, 'fb'));
      const run = (team: string) =>
        spawnSync(path.join(dir, 'validate'), [path.join(dir, 'in'), path.join(dir, 'ans'), `${path.join(dir, 'fb')}/`], { input: team });
      expect(run('3\n').status).toBe(42);
      expect(run('4\n').status).toBe(43);
      expect(fs.readFileSync(path.join(dir, 'fb', 'judgemessage.txt'), 'utf8')).toContain('expected 3, found 4');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the adapter calls HUSTOJ's and QDUOJ's special judges their way, and the import knows them again", () => {
    // HUSTOJ: input, answer ("= sum"), output; any non-zero exit is WA. QDUOJ: input, output, the input on stdin; 1 WA, else failure.
    const checkers = {
      hustoj:
        '#include <stdio.h>\nint main(int c, char **v) { FILE *o = fopen(v[2], "r"), *u = fopen(v[3], "r"); int a, b;\n  return fscanf(o, " = %d", &a) == 1 && fscanf(u, "%d", &b) == 1 && a == b ? 0 : 7; }\n',
      qduoj:
        '#include <stdio.h>\nint main(int c, char **v) { if (c != 3) return -1; FILE *u = fopen(v[2], "r"); int a, b, s;\n  if (scanf("%d %d", &a, &b) != 2) return -1; return fscanf(u, "%d", &s) == 1 && s == a + b ? 0 : 1; }\n',
    };
    for (const [convention, code] of Object.entries(checkers) as ['hustoj' | 'qduoj', string][]) {
      const adapter = checkerAsKattisValidator(code, { interactive: false, language: 'C', convention });
      expect(unwrapExportAdapter(adapter)).toBe(code);
      expect(exportedCheckerConvention(adapter, code)).toBe(convention);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kattis-adapter-'));
      try {
        fs.writeFileSync(path.join(dir, 'validate.cpp'), adapter);
        execFileSync('g++', ['-O1', '-w', '-o', path.join(dir, 'validate'), path.join(dir, 'validate.cpp')], { cwd: dir });
        fs.writeFileSync(path.join(dir, 'in'), '1 2\n');
        fs.writeFileSync(path.join(dir, 'ans'), '= 3\n');
        fs.mkdirSync(path.join(dir, 'fb'));
        const run = (team: string) =>
          spawnSync(path.join(dir, 'validate'), [path.join(dir, 'in'), path.join(dir, 'ans'), `${path.join(dir, 'fb')}/`], { input: team });
        expect(run('3\n').status, convention).toBe(42);
        expect(run('4\n').status, convention).toBe(43);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
