/**
 * The batch import: each format from packages made here, judged for real where it
 * matters. FPS: character references decoded in titles, statements and test data (a correct A+B is
 * Accepted), unpaired tests kept with a warning, a broken checker imported private with a warning,
 * `<prepend>`/`<append>` judged around the submission; one bad item never costs the others; a file of
 * ~1 000 problems within a memory bound. HOJ's legacy `isSpj`, QDUOJ and Hydro zips, detected from
 * their content. The streamed answer of `import-problems` (NDJSON).
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEvent } from '@oj/shared';
import { JudgeStatus } from '@oj/shared';
import { JudgeDaemon } from '@oj/judge';
import { AC_C } from '@oj/test-fixtures';
import { problems } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { client } from './client.js';
import { createSubmitter, submission, submit, testQueue } from './judge-helpers.js';
import { listen, memoryLogger, tempCacheDir, waitFor } from './daemon-helpers.js';
import { multipart, textEntries, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;
let daemon: JudgeDaemon;
let cacheDir: string;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue({ pollIntervalMs: 100 }) });
  const url = await listen(t);
  root = await rootToken(t);
  cacheDir = tempCacheDir();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'import-judge', capacity: 2, cacheDir, pollWaitMs: 5000, log: memoryLogger() });
  await daemon.start();
});

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** The streamed import: every NDJSON line of the answer. */
async function importStream(content: Buffer | string, filename: string, format = 'auto', visibility?: 'public' | 'private'): Promise<ImportEvent[]> {
  const { payload, contentType } = multipart([{ field: 'file', filename, content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/import-problems?format=${format}${visibility ? `&visibility=${visibility}` : ''}`,
    headers: { 'content-type': contentType, authorization: root },
    payload,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type'], res.body.slice(0, 300)).toContain('application/x-ndjson');
  return res.body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ImportEvent);
}

const itemsOf = (events: ImportEvent[]) => events.flatMap((e) => (e.type === 'item' ? [e.item] : []));

async function problemByDisplayId(problemId: string) {
  const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, problemId));
  expect(row, problemId).toBeDefined();
  const d = (await client(t, root).call('adminProblem.get', { query: { pid: row!.id } })).data;
  return { row: row!, detail: d };
}

const ACTIVE = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING] as number[];
async function judged(pid: number, language: string, code: string) {
  const user = await createSubmitter(t);
  const id = await submit(t, { pid, user, language, code });
  return waitFor(
    `a verdict for ${id}`,
    async () => {
      const s = await submission(t, id);
      return ACTIVE.includes(s.status) ? null : s;
    },
    90_000,
  );
}

const fps = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4" url="https://github.com/zhblue/freeproblemset/">\n${items}\n</fps>`;
const fpsItem = (o: { title: string; extra?: string; tests?: string; limit?: string }) => `<item>
<title><![CDATA[${o.title}]]></title>
<time_limit unit="s"><![CDATA[${o.limit ?? '1'}]]></time_limit>
<memory_limit unit="mb"><![CDATA[128]]></memory_limit>
<description><![CDATA[<p>Add them.</p>]]></description>
<input><![CDATA[Two integers.]]></input>
<output><![CDATA[Their sum.]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
${o.tests ?? '<test_input><![CDATA[1 2\n]]></test_input><test_output><![CDATA[3\n]]></test_output>'}
${o.extra ?? ''}
</item>`;

describe('FPS import', () => {
  it('decodes character references once (outside CDATA; the title as HTML): a correct A+B is Accepted', async () => {
    const item = `<item>
<title><![CDATA[A&#43;B &#26641;&#x6811; &amp; more]]></title>
<time_limit unit="ms">1000</time_limit>
<memory_limit unit="kb">131072</memory_limit>
<description><![CDATA[<p>&#35745;&#31639; a&#43;b&nbsp;&lt;ok&gt;</p>]]></description>
<input>Two integers &#26641; &amp; &#x6811;</input>
<output><![CDATA[&#21644;]]></output>
<sample_input>&#49; &#50;</sample_input>
<sample_output>&#51;</sample_output>
<test_input>&#49;&#48; &#50;&#48;&#10;</test_input>
<test_output>&#51;&#48;&#10;</test_output>
</item>`;
    const events = await importStream(fps(item), 'entities.xml', 'auto', 'public');
    expect(events[0]).toEqual({ type: 'start', format: 'fps' });
    const [report] = itemsOf(events);
    expect(report).toMatchObject({ status: 'imported', title: 'A+B 树树 & more', warnings: [], visibility: 'public' });
    const { row, detail } = await problemByDisplayId(report!.problemId!);
    expect(detail.problem).toMatchObject({
      title: 'A+B 树树 & more',
      // HTML as written in CDATA: the statement's renderer decodes its references.
      description: '<p>&#35745;&#31639; a&#43;b&nbsp;&lt;ok&gt;</p>',
      input: 'Two integers 树 & 树',
      output: '&#21644;',
      timeLimit: 1000,
      memoryLimit: 128,
    });
    expect(detail.problem.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(detail.cases.map((c) => [c.input, c.output])).toEqual([['10 20\n', '30\n']]);
    expect((await judged(row.id, 'C', AC_C)).status).toBe(JudgeStatus.ACCEPTED);
  }, 120_000);

  it('imports each problem on its own: unpaired tests with a warning, a broken checker private with a warning, a bad item refused', async () => {
    const unpaired = fpsItem({
      title: 'Unpaired',
      tests:
        [1, 2, 3].map((i) => `<test_input><![CDATA[${i} ${i}\n]]></test_input>`).join('') +
        [1, 2].map((i) => `<test_output><![CDATA[${2 * i}\n]]></test_output>`).join(''),
    });
    const brokenSpj = fpsItem({ title: 'Broken checker', extra: '<spj language="C"><![CDATA[int main( {]]></spj>' });
    const bad = fpsItem({ title: 'Bad limit', limit: 'abc' });
    const good = fpsItem({ title: 'Good one' });
    const events = await importStream(fps(unpaired + brokenSpj + bad + good), 'mixed.xml');
    const items = itemsOf(events);
    expect(items.map((i) => [i.source, i.status])).toEqual([
      ['item 1 (Unpaired)', 'warning'],
      ['item 2 (Broken checker)', 'warning'],
      ['item 3 (Bad limit)', 'refused'],
      ['item 4 (Good one)', 'imported'],
    ]);
    expect(items[0]!.warnings).toEqual(['3 × <test_input> and 2 × <test_output>: the first 2 pairs were imported, the rest left out.']);
    expect(items[1]!.warnings[0]).toMatch(/^The checker does not compile, so the problem was imported as private: Special judge compile error: /);
    expect(items[2]!.reason).toBe('Invalid FPS file: item 3 (Bad limit): bad time_limit');
    expect(events.at(-1)).toEqual({ type: 'done', imported: 1, warned: 2, refused: 1 });
    // progress through the file grows and reaches the end
    const progress = events.flatMap((e) => (e.type === 'item' && e.progress !== undefined ? [e.progress] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toHaveLength(4);
    expect(progress[0]).toBeGreaterThan(0.1);
    expect(progress[0]).toBeLessThan(0.4);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
    expect(progress.at(-1)).toBeLessThanOrEqual(1);

    const first = await problemByDisplayId(items[0]!.problemId!);
    expect(first.detail.cases.map((c) => [c.input, c.output])).toEqual([
      ['1 1\n', '2\n'],
      ['2 2\n', '4\n'],
    ]);
    const second = await problemByDisplayId(items[1]!.problemId!);
    expect(second.detail.problem).toMatchObject({ auth: 2, judgeMode: 'spj', spjCode: 'int main( {' });
    // Imports are private until published: the report says so.
    expect(items.filter((i) => i.problemId).map((i) => i.visibility)).toEqual(['private', 'private', 'private']);
    expect((await problemByDisplayId(items[3]!.problemId!)).detail.problem.auth).toBe(2);
  }, 120_000);

  it('imports public when asked (a broken checker stays private and the report says so); a bad visibility is refused', async () => {
    const brokenSpj = fpsItem({ title: 'Public broken', extra: '<spj language="C"><![CDATA[int main( {]]></spj>' });
    const good = fpsItem({ title: 'Public good' });
    const items = itemsOf(await importStream(fps(brokenSpj + good), 'public.xml', 'auto', 'public'));
    expect(items.map((i) => [i.status, i.visibility])).toEqual([
      ['warning', 'private'],
      ['imported', 'public'],
    ]);
    expect((await problemByDisplayId(items[0]!.problemId!)).detail.problem.auth).toBe(2);
    expect((await problemByDisplayId(items[1]!.problemId!)).detail.problem.auth).toBe(1);
    // A user sees the public one only.
    await createUser(t, { username: 'importviewer' });
    const user = await login(t, 'importviewer');
    expect((await client(t, user).call('problem.detail', { query: { problemId: items[1]!.problemId! } })).status).toBe(200);
    expect((await client(t, user).call('problem.detail', { query: { problemId: items[0]!.problemId! } })).status).not.toBe(200);
    const count = async () => (await t.database.db.select({ id: problems.id }).from(problems)).length;
    const n = await count();
    const bad = await uploadTo(t, '/api/file/import-problems', { token: root, filename: 'x.xml', content: fps(good), query: { visibility: 'everyone' } });
    expect({ http: bad.http, msg: bad.msg }).toEqual({ http: 400, msg: 'The visibility must be one of: private, public' });
    expect(await count()).toBe(n);
  }, 120_000);

  it('keeps markup characters escaped in the HTML fields ("0&lt;l&lt;=n" stays text), decodes the title once, keeps CDATA data as written', async () => {
    const item = `<item>
<title><![CDATA[Range &lt;l&gt;]]></title>
<time_limit unit="s">1</time_limit>
<memory_limit unit="mb">64</memory_limit>
<description><![CDATA[<p>0&lt;l&lt;=n&lt;=10<sup>5</sup>, a &amp;&amp; b, &#60;tag&#62;</p>]]></description>
<input>1 &amp;lt;= n</input>
<output><![CDATA[Print &quot;l&quot;.]]></output>
<hint><![CDATA[x &lt; y]]></hint>
<sample_input><![CDATA[1&lt;2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[a&lt;b
]]></test_input>
<test_output><![CDATA[3
]]></test_output>
</item>`;
    const [report] = itemsOf(await importStream(fps(item), 'escapes.xml', 'auto', 'public'));
    const { detail } = await problemByDisplayId(report!.problemId!);
    expect(detail.problem).toMatchObject({
      title: 'Range <l>',
      description: '<p>0&lt;l&lt;=n&lt;=10<sup>5</sup>, a &amp;&amp; b, &#60;tag&#62;</p>',
      input: '1 &lt;= n',
      output: 'Print &quot;l&quot;.',
      hint: 'x &lt; y',
    });
    // Data in CDATA is taken as written.
    expect(detail.problem.examples).toEqual([{ input: '1&lt;2', output: '3' }]);
    expect(detail.cases.map((c) => c.input)).toEqual(['a&lt;b\n']);
  }, 60_000);

  it('takes CDATA as written: a special judge holding "&quot;" compiles and judges; statements keep "#include <iostream>" escaped or in CDATA', async () => {
    // A HUSTOJ special judge (exit 0 accepted, else wrong): it compares the two answer files' tokens;
    // its source holds the text &quot; in a string, which is no reference inside CDATA.
    const spj = `#include <stdio.h>
#include <string.h>
static const char *entity = "&quot;";
int main(int argc, char **argv) {
  FILE *a = fopen(argv[2], "r"), *b = fopen(argv[3], "r");
  char x[256], y[256];
  if (!a || !b || strlen(entity) != 6) return 1;
  while (1) {
    int ra = fscanf(a, "%255s", x), rb = fscanf(b, "%255s", y);
    if (ra != rb) return 1;
    if (ra != 1) return 0;
    if (strcmp(x, y)) return 1;
  }
}
`;
    const item = `<item>
<title><![CDATA[Quoted checker]]></title>
<time_limit unit="s">1</time_limit>
<memory_limit unit="mb">64</memory_limit>
<description>Use #include &lt;iostream&gt; and 0&lt;l&lt;=n.</description>
<input><![CDATA[<p>#include <iostream> then <b>read</b></p>]]></input>
<output><![CDATA[#include &lt;iostream&gt;]]></output>
<hint><p>x &lt; y <b>bold</b></p></hint>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[1 2
]]></test_input>
<test_output><![CDATA[3
]]></test_output>
<remote_oj><![CDATA[]]></remote_oj>
<remote_id><![CDATA[]]></remote_id>
<spj language="C"><![CDATA[${spj}]]></spj>
</item>`;
    const [report] = itemsOf(await importStream(fps(item), 'quoted.xml', 'auto', 'public'));
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'imported', warnings: [] });
    const { row, detail } = await problemByDisplayId(report!.problemId!);
    expect(detail.problem.spjCode).toBe(spj);
    expect(detail.problem).toMatchObject({
      // escaped in the XML: decoded once, its angle brackets still text (a lone '>' is text in HTML)
      description: 'Use #include &lt;iostream> and 0&lt;l<=n.',
      // raw in CDATA: no element, so text; <p> and <b> stay markup
      input: '<p>#include &lt;iostream> then <b>read</b></p>',
      output: '#include &lt;iostream&gt;',
      // nested XML elements: the text escaped again
      hint: '<p>x &lt; y <b>bold</b></p>',
    });
    expect((await judged(row.id, 'C', AC_C)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judged(row.id, 'C', AC_C.replace('a + b', 'a - b'))).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 180_000);

  it('a special judge with testlib pasted in (no include; its source holds &quot;) is testlib by its code: exit 2 is PE, WA is WA', async () => {
    const testlib = fs.readFileSync(new URL('../../judge/checker/testlib.h', import.meta.url), 'utf8');
    expect(testlib).toContain('&quot;');
    const spj = `${testlib}
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong();
  std::string got = ouf.readToken();
  if (got.empty() || got.find_first_not_of("-0123456789") != std::string::npos) quitf(_pe, "not a number: %s", got.c_str());
  if (std::stoll(got) != want) quitf(_wa, "expected %lld, found %s", want, got.c_str());
  quitf(_ok, "sum %lld", want);
}
`;
    expect(spj).not.toMatch(/#\s*include\s*["<]testlib\.h/);
    const item = fpsItem({ title: 'Pasted testlib', extra: `<spj language="C++"><![CDATA[${spj}]]></spj>` });
    const [report] = itemsOf(await importStream(fps(item), 'pasted.xml', 'auto', 'public'));
    expect(report, JSON.stringify(report)).toMatchObject({ status: 'imported', warnings: [] });
    const { row, detail } = await problemByDisplayId(report!.problemId!);
    expect(detail.problem.checkerConvention).toBe('testlib');
    expect((await judged(row.id, 'C', AC_C)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judged(row.id, 'C', AC_C.replace('"%lld\\n", a + b', '"x%lld\\n", a + b'))).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect((await judged(row.id, 'C', AC_C.replace('a + b', 'a - b'))).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 180_000);

  it('refuses a remote-judge item without test data (and one whose only test is empty), with the reason; the others import', async () => {
    const remote = `<item>
<title><![CDATA[Remote A+B]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit>
<memory_limit unit="mb"><![CDATA[64]]></memory_limit>
<description><![CDATA[<p>Judged elsewhere.</p>]]></description>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<remote_oj><![CDATA[POJ]]></remote_oj>
<remote_id><![CDATA[1000]]></remote_id>
</item>`;
    const empty = `<item>
<title><![CDATA[Empty sample]]></title>
<time_limit unit="s">1</time_limit>
<memory_limit unit="mb">64</memory_limit>
<sample_input><![CDATA[]]></sample_input>
<sample_output><![CDATA[]]></sample_output>
</item>`;
    const good = fpsItem({ title: 'Local one', extra: '<remote_oj><![CDATA[]]></remote_oj><remote_id><![CDATA[]]></remote_id>' });
    const count = async () => (await t.database.db.select({ id: problems.id }).from(problems)).length;
    const before = await count();
    const events = await importStream(fps(remote + empty + good), 'remote.xml', 'auto', 'public');
    const items = itemsOf(events);
    expect(items.map((i) => [i.source, i.status])).toEqual([
      ['item 1 (Remote A+B)', 'refused'],
      ['item 2 (Empty sample)', 'refused'],
      ['item 3 (Local one)', 'imported'],
    ]);
    expect(items[0]!.reason).toBe('Not imported: item 1 (Remote A+B) is judged remotely (POJ 1000) and carries no test data; this site has no remote judging.');
    expect(items[1]!.reason).toBe('Invalid FPS file: item 2 (Empty sample): no test data and the samples are empty');
    expect(await count()).toBe(before + 1);
  }, 60_000);

  it('keeps <prepend>/<append> per language and judges prepend + code + append; the submission keeps the code as typed', async () => {
    const item = fpsItem({
      title: 'Write add',
      extra: `<prepend language="C"><![CDATA[#include <stdio.h>
long long add(long long a, long long b);]]></prepend>
<append language="C"><![CDATA[int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); return 0; }]]></append>
<template language="C"><![CDATA[long long add(long long a, long long b) {
}]]></template>`,
    });
    const [report] = itemsOf(await importStream(fps(item), 'wrapped.xml', 'auto', 'public'));
    expect(report).toMatchObject({ status: 'imported' });
    const { row } = await problemByDisplayId(report!.problemId!);
    expect(row.codeWrappers.C).toEqual({
      prepend: '#include <stdio.h>\nlong long add(long long a, long long b);',
      append: 'int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); return 0; }',
    });
    // The problem page gets the wrappers to show them around the editor.
    const view = await client(t, root).call('problem.detail', { query: { problemId: report!.problemId! } });
    expect(view.data.problem.codeWrappers).toEqual(row.codeWrappers);
    const code = 'long long add(long long a, long long b) { return a + b; }';
    const s = await judged(row.id, 'C', code);
    expect(s.status, s.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
    expect(s.code).toBe(code);
    // Another language has no wrapper: its code is judged alone (no main → compile error).
    expect((await judged(row.id, 'C++', code)).status).toBe(JudgeStatus.COMPILE_ERROR);
  }, 180_000);

  it('streams a file of ~1 000 problems with the memory of one item (RSS growth < 150 MB), no cap on the count', async () => {
    const n = 1000;
    const testIn = `${'1 2\n'.repeat(600)}`; // ~2.4 KB per input
    const testOut = `${'3\n'.repeat(900)}`;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      parts.push(`<item><title><![CDATA[Bulk ${i} &#26641;]]></title><time_limit unit="s">1</time_limit><memory_limit unit="mb">64</memory_limit>
<description><![CDATA[Problem ${i}]]></description><test_input><![CDATA[${i} ${testIn}]]></test_input><test_output><![CDATA[${i} ${testOut}]]></test_output></item>\n`);
    }
    const xml = Buffer.from(fps(parts.join('')));
    parts.length = 0;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    let events: ImportEvent[];
    try {
      events = await importStream(xml, 'bulk.xml', 'fps');
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(`FPS import of ${n} problems (${(xml.length / 1024 / 1024).toFixed(1)} MB): ${Date.now() - started} ms, RSS growth ${growthMb.toFixed(0)} MB`);
    expect(events.at(-1)).toEqual({ type: 'done', imported: n, warned: 0, refused: 0 });
    expect(growthMb).toBeLessThan(150);
    const count = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from problem where title like 'Bulk % 树'`);
    expect(count.rows[0]!.n).toBe(n);
  }, 600_000);
});

describe('zip formats, detected from their content', () => {
  it('HOJ: the legacy "isSpj": true imports the checker', async () => {
    const checker = '#include <stdio.h>\nint main(int argc, char **argv) { return 0; }\n';
    const file = {
      problem: { problemId: 'ISSPJ1', title: 'Legacy spj', isSpj: true, spjCode: checker, spjLanguage: 'C' },
      samples: [{ input: '1.in', output: '1.out' }],
    };
    const events = await importStream(zip(textEntries({ 'problem_1.json': JSON.stringify(file), 'problem_1/1.in': '1', 'problem_1/1.out': '1' })), 'hoj.zip');
    expect(events[0]).toEqual({ type: 'start', format: 'hoj' });
    expect(itemsOf(events)[0]).toMatchObject({ status: 'imported', problemId: 'ISSPJ1' });
    const { detail } = await problemByDisplayId('ISSPJ1');
    expect(detail.problem).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C', spjCode: checker });
  }, 60_000);

  it('QDUOJ: problem.json + testcase/, OI scores, templates with prepend/append, a special judge; a broken problem refused alone', async () => {
    const problem = {
      display_id: 'QD-1',
      title: 'QDUOJ sum',
      description: { format: 'html', value: '<p>Sum &amp; more</p>' },
      input_description: { format: 'html', value: 'a b' },
      output_description: { format: 'html', value: 'a+b' },
      hint: { format: 'html', value: '' },
      time_limit: 2000,
      memory_limit: 256,
      samples: [{ input: '1 2', output: '3' }],
      rule_type: 'OI',
      test_case_score: [
        { input_name: '1.in', output_name: '1.out', score: 40 },
        { input_name: '2.in', output_name: '2.out', score: 60 },
      ],
      template: { C: { prepend: '#include <stdio.h>', template: 'int main() {}', append: '/* end */' } },
      spj: null,
      source: 'QDUOJ',
      tags: ['math', 'math'],
    };
    const spjProblem = {
      ...problem,
      display_id: 'QD 2',
      title: 'QDUOJ spj',
      rule_type: 'ACM',
      test_case_score: null,
      template: {},
      spj: { language: 'C', code: 'int main(){return 0;}' },
    };
    const broken = { ...problem, display_id: 'QD-3', title: '', test_case_score: null };
    const events = await importStream(
      zip(
        textEntries({
          '1/problem.json': JSON.stringify(problem),
          '1/testcase/1.in': '1 2\n',
          '1/testcase/1.out': '3\n',
          '1/testcase/2.in': '5 5\n',
          '1/testcase/2.out': '10\n',
          '2/problem.json': JSON.stringify(spjProblem),
          '2/testcase/1.in': '1 2\n',
          '3/problem.json': JSON.stringify(broken),
          '3/testcase/1.in': '1\n',
          '3/testcase/1.out': '1\n',
        }),
      ),
      'qduoj.zip',
    );
    expect(events[0]).toEqual({ type: 'start', format: 'qduoj' });
    const items = itemsOf(events);
    expect(items.map((i) => i.status)).toEqual(['imported', 'imported', 'refused']);
    expect(items[2]!.reason).toBe('Invalid problem file: 3/problem.json: problem.title: The title is required');
    const a = await problemByDisplayId('QD-1');
    expect(a.detail.problem).toMatchObject({
      title: 'QDUOJ sum',
      description: '<p>Sum &amp; more</p>',
      timeLimit: 2000,
      memoryLimit: 256,
      type: 1,
      ioScore: 100,
      source: 'QDUOJ',
    });
    expect(a.detail.cases.map((c) => [c.input, c.output, c.score])).toEqual([
      ['1 2\n', '3\n', 40],
      ['5 5\n', '10\n', 60],
    ]);
    expect(a.detail.tags.map((x) => x.name)).toEqual(['math']);
    expect(a.detail.codeTemplates).toEqual([{ language: 'C', code: 'int main() {}', status: true }]);
    expect(a.row.codeWrappers).toEqual({ C: { prepend: '#include <stdio.h>', append: '/* end */' } });
    // "QD 2" is no display id here: numbered QDUOJ-<id>
    expect(items[1]!.problemId).toMatch(/^QDUOJ-\d+$/);
    const b = await problemByDisplayId(items[1]!.problemId!);
    expect(b.detail.problem).toMatchObject({ judgeMode: 'spj', type: 0 });
    expect(b.detail.cases.map((c) => [c.input, c.output])).toEqual([['1 2\n', '']]);
  }, 60_000);

  it('Hydro: problem.yaml, problem.md, testdata/config.yaml with limits, subtasks, a float checker (built in) and a testlib checker', async () => {
    const events = await importStream(
      zip(
        textEntries({
          '1/problem.yaml': 'title: Hydro sum\ntag:\n  - easy\n  - math\npid: HY1\n',
          '1/problem.md': '# Sum\n\nAdd $a$ and $b$.\n',
          '1/testdata/config.yaml':
            'type: default\ntime: 1.5s\nmemory: 128m\nchecker_type: float\nsubtasks:\n  - score: 30\n    cases:\n      - {input: a1.in, output: a1.out}\n  - score: 70\n    cases:\n      - {input: b1.in, output: b1.out}\n      - {input: b2.in, output: b2.out}\n',
          '1/testdata/a1.in': '1 2\n',
          '1/testdata/a1.out': '3\n',
          '1/testdata/b1.in': '2 2\n',
          '1/testdata/b1.out': '4\n',
          '1/testdata/b2.in': '3 3\n',
          '1/testdata/b2.out': '6\n',
          '1/additional_file/notes.txt': 'x',
          '2/problem.yaml': 'title: Hydro checker\ntag: []\n',
          '2/problem_zh.md': '中文题面',
          '2/problem_en.md': 'English statement',
          '2/testdata/config.yaml': 'time: 500ms\nmemory: 1g\nchecker_type: testlib\nchecker: chk.cc\n',
          '2/testdata/chk.cc': '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n',
          '2/testdata/1.in': '1\n',
          '2/testdata/1.out': '1\n',
        }),
      ),
      'hydro.zip',
    );
    expect(events[0]).toEqual({ type: 'start', format: 'hydro' });
    const items = itemsOf(events);
    expect(items[0]).toMatchObject({ status: 'warning', problemId: 'HY1', warnings: ['The additional files (additional_file/) are not imported.'] });
    expect(items[1]).toMatchObject({ status: 'imported' });
    expect(items[1]!.problemId).toMatch(/^HYDRO-\d+$/);
    const a = await problemByDisplayId('HY1');
    expect(a.detail.problem).toMatchObject({
      title: 'Hydro sum',
      description: '# Sum\n\nAdd $a$ and $b$.\n',
      timeLimit: 1500,
      memoryLimit: 128,
      type: 1,
      judgeCaseMode: 'subtask_lowest',
      ioScore: 100,
      builtinChecker: 'floats',
    });
    expect(a.detail.cases.map((c) => [c.inputName, c.score, c.groupNum])).toEqual([
      ['a1.in', 30, 1],
      ['b1.in', 70, 2],
      ['b2.in', 70, 2],
    ]);
    expect(a.detail.tags.map((x) => x.name).sort()).toEqual(['easy', 'math']);
    const b = await problemByDisplayId(items[1]!.problemId!);
    expect(b.detail.problem).toMatchObject({
      description: '中文题面',
      timeLimit: 500,
      memoryLimit: 1024,
      judgeMode: 'spj',
      spjLanguage: 'C++',
      checkerConvention: 'testlib',
      auth: 2,
    });
    expect(b.detail.problem.spjCode).toContain('registerTestlibCmd');
  }, 60_000);

  it('QDUOJ judges as QDUOJ: trailing spaces and blank lines at the end pass (no PE), its special judge gets its own call and codes', async () => {
    const base = {
      description: { format: 'html', value: '<p>a+b</p>' },
      input_description: { format: 'html', value: '' },
      output_description: { format: 'html', value: '' },
      hint: { format: 'html', value: '' },
      time_limit: 1000,
      memory_limit: 256,
      samples: [],
      rule_type: 'ACM',
      test_case_score: null,
      template: {},
      source: '',
      tags: [],
    };
    // QDUOJ's special judge template: two files, AC 0, WA 1, ERROR -1 with a usage line otherwise.
    const spj = `#include <stdio.h>
#define AC 0
#define WA 1
#define ERROR -1
int main(int argc, char *args[]) {
  if (argc != 3) { printf("Usage: spj x.in x.out\\n"); return ERROR; }
  FILE *in = fopen(args[1], "r"), *out = fopen(args[2], "r");
  long long a, b, c;
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return ERROR;
  if (fscanf(out, "%lld", &c) != 1) return WA;
  return c == a + b ? AC : WA;
}
`;
    const events = await importStream(
      zip(
        textEntries({
          '1/problem.json': JSON.stringify({ ...base, display_id: 'QDAB', title: 'QDUOJ A+B', spj: null }),
          '1/testcase/1.in': '1 2\n',
          '1/testcase/1.out': '3 \r\n\r\n',
          '1/testcase/2.in': '3 4\n',
          '1/testcase/2.out': '7\n',
          '2/problem.json': JSON.stringify({ ...base, display_id: 'QDSPJ', title: 'QDUOJ spj A+B', spj: { language: 'C', code: spj } }),
          '2/testcase/1.in': '1 2\n',
          '2/testcase/2.in': '20 22\n',
        }),
      ),
      'qduoj-ab.zip',
      'auto',
      'public',
    );
    expect(itemsOf(events).map((i) => [i.problemId, i.status])).toEqual([
      ['QDAB', 'imported'],
      ['QDSPJ', 'imported'],
    ]);
    const ab = await problemByDisplayId('QDAB');
    expect(ab.detail.problem).toMatchObject({ judgeMode: 'default', builtinChecker: 'trim-end' });
    // Trailing spaces and blank lines after the answer: QDUOJ accepts.
    const sloppy = '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld   \\n\\n\\n", a + b); return 0; }\n';
    expect((await judged(ab.row.id, 'C', sloppy)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judged(ab.row.id, 'C', AC_C)).status).toBe(JudgeStatus.ACCEPTED);
    // Spacing inside the output is a difference for QDUOJ (and never PE).
    const split = '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b - 1); return 0; }\n';
    expect((await judged(ab.row.id, 'C', split)).status).toBe(JudgeStatus.WRONG_ANSWER);

    const sp = await problemByDisplayId('QDSPJ');
    expect(sp.detail.problem).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C', checkerConvention: 'qduoj' });
    const right = await judged(sp.row.id, 'C', AC_C);
    expect(right.status, right.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
    const wrong = await judged(sp.row.id, 'C', '#include <stdio.h>\nint main(void) { puts("0"); return 0; }\n');
    expect(wrong.status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 240_000);

  it('HOJ: a testlib checker quitting with _pe (exit 2) gives PE, not System Error, whatever convention the zip states', async () => {
    const checker =
      '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); std::string t = ouf.readToken();\n  if (t != ans.readToken()) quitf(_pe, "expected %s", t.c_str()); quitf(_ok, "fine"); }\n';
    const file = (problemId: string, extra: Record<string, unknown>) => ({
      problem: { problemId, title: `testlib ${problemId}`, judgeMode: 'spj', spjCode: checker, spjLanguage: 'C++', ...extra },
      samples: [{ input: '1.in', output: '1.out' }],
      judgeMode: 'spj',
    });
    const events = await importStream(
      zip(
        textEntries({
          // HOJ's own layout (no convention field) and one that says 'hoj' (an export of a problem whose checker is testlib)
          'problem_1.json': JSON.stringify(file('HOJTL1', {})),
          'problem_1/1.in': '1 2\n',
          'problem_1/1.out': '3\n',
          'problem_2.json': JSON.stringify(file('HOJTL2', { checkerConvention: 'hoj' })),
          'problem_2/1.in': '1 2\n',
          'problem_2/1.out': '3\n',
        }),
      ),
      'hoj-testlib.zip',
      'auto',
      'public',
    );
    expect(itemsOf(events).map((i) => i.status)).toEqual(['imported', 'imported']);
    for (const id of ['HOJTL1', 'HOJTL2']) {
      const { row, detail } = await problemByDisplayId(id);
      expect(detail.problem.checkerConvention).toBe('testlib');
      const pe = await judged(row.id, 'C', '#include <stdio.h>\nint main(void) { puts("three"); return 0; }\n');
      expect(pe.status, pe.errorMessage ?? '').toBe(JudgeStatus.PRESENTATION_ERROR);
      expect((await judged(row.id, 'C', AC_C)).status).toBe(JudgeStatus.ACCEPTED);
    }
  }, 240_000);

  it("Hydro: limits in Hydro's grammar and per subtask, langs, a {file, lang} checker and file IO import as Hydro judges them (HY4)", async () => {
    const events = await importStream(
      zip(
        textEntries({
          '4/problem.yaml': 'title: Hydro file sum\ntag: []\npid: HY4\n',
          '4/problem.md': 'Read sum.in.',
          // Hydro: "1.5" is seconds, "700m" is ms; a subtask may raise its own limits.
          '4/testdata/config.yaml': [
            'time: "1.5"',
            'memory: 128m',
            'filename: sum',
            'langs: [c, cc, py.py3, brainfuck]',
            'checker_type: testlib',
            'checker: {file: chk.cpp, lang: cc.cc17}',
            'subtasks:',
            '  - score: 40',
            '    time: 700m',
            '    cases: [{input: 1.in, output: 1.out}]',
            '  - score: 60',
            '    memory: 256m',
            '    cases: [{input: 2.in, output: 2.out}]',
          ].join('\n'),
          '4/testdata/chk.cpp':
            '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); if (ouf.readLong() != ans.readLong()) quitf(_wa, "no"); quitf(_ok, "yes"); }\n',
          '4/testdata/1.in': '1 2\n',
          '4/testdata/1.out': '3\n',
          '4/testdata/2.in': '20 22\n',
          '4/testdata/2.out': '42\n',
          '5/problem.yaml': 'title: Hydro python checker\n',
          '5/testdata/config.yaml': 'checker_type: testlib\nchecker: chk.py\n',
          '5/testdata/chk.py': 'print(1)\n',
          '5/testdata/1.in': '1\n',
          '5/testdata/1.out': '1\n',
        }),
      ),
      'hydro-hy4.zip',
      'auto',
      'public',
    );
    const items = itemsOf(events);
    expect(items[0]).toMatchObject({ status: 'warning', problemId: 'HY4', visibility: 'public' });
    expect(items[0]!.warnings).toEqual(["The languages brainfuck of config.yaml are not judged here: left out of the problem's languages."]);
    expect(items[1]).toMatchObject({
      status: 'refused',
      reason: 'Invalid problem file: 5/testdata/config.yaml: checker chk.py: only C and C++ checkers can be judged here',
    });
    const { row, detail } = await problemByDisplayId('HY4');
    expect(detail.problem).toMatchObject({
      timeLimit: 1500,
      memoryLimit: 256,
      isFileIO: true,
      ioReadFileName: 'sum.in',
      ioWriteFileName: 'sum.out',
      judgeMode: 'spj',
      spjLanguage: 'C++',
      checkerConvention: 'testlib',
      auth: 1,
    });
    expect(detail.languages).toEqual(expect.arrayContaining(['C', 'C++', 'Python3']));
    expect(detail.languages).not.toContain('Java');
    const fileSum =
      '#include <stdio.h>\nint main(void) { FILE *in = fopen("sum.in", "r"), *out = fopen("sum.out", "w"); long long a, b; fscanf(in, "%lld %lld", &a, &b); fprintf(out, "%lld\\n", a + b); fclose(out); return 0; }\n';
    const s = await judged(row.id, 'C', fileSum);
    expect(s.status, s.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
  }, 240_000);

  it('Hydro: a type sum subtask adds up its cases (80, not 40); checkers named by their testlib names (wcmp, lcmp) are judged as testlib judges them', async () => {
    const events = await importStream(
      zip(
        textEntries({
          'S/problem.yaml': 'title: Hydro sum subtasks\npid: HYSUM\n',
          'S/problem.md': 'Add.',
          'S/testdata/config.yaml':
            'checker_type: testlib\nchecker: wcmp\nsubtasks:\n  - score: 40\n    cases:\n      - {input: a1.in, output: a1.out}\n  - score: 60\n    type: sum\n    cases:\n      - {input: b1.in, output: b1.out}\n      - {input: b2.in, output: b2.out}\n      - {input: b3.in, output: b3.out}\n',
          'S/testdata/a1.in': '1 2\n',
          'S/testdata/a1.out': '3\n',
          'S/testdata/b1.in': '5 5\n',
          'S/testdata/b1.out': '10\n',
          'S/testdata/b2.in': '200 1\n',
          'S/testdata/b2.out': '201\n',
          'S/testdata/b3.in': '7 7\n',
          'S/testdata/b3.out': '14\n',
          'L/problem.yaml': 'title: Hydro lcmp\npid: HYLCMP\n',
          'L/problem.md': 'Echo.',
          'L/testdata/config.yaml': 'checker_type: testlib\nchecker: lcmp\n',
          'L/testdata/1.in': '1 2\n3 4\n',
          'L/testdata/1.out': '1 2\n3 4\n',
        }),
      ),
      'hydro-sum.zip',
    );
    const items = itemsOf(events);
    expect(
      items.map((i) => [i.problemId, i.status]),
      JSON.stringify(items),
    ).toEqual([
      ['HYLCMP', 'imported'],
      ['HYSUM', 'imported'],
    ]);
    const sum = await problemByDisplayId('HYSUM');
    expect(sum.detail.problem).toMatchObject({ type: 1, ioScore: 100, builtinChecker: 'tokens', judgeMode: 'default' });
    // leading spaces pass a token comparison; wrong only where a > 100 (one case of the sum subtask)
    const code = '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("  %lld\\n", a + b + (a > 100)); return 0; }\n';
    const s = await judged(sum.row.id, 'C', code);
    expect(s.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(s.score).toBe(80);
    const lcmp = await problemByDisplayId('HYLCMP');
    expect(lcmp.detail.problem).toMatchObject({ judgeMode: 'spj', checkerConvention: 'testlib' });
    const echo = (out: string) => `#include <stdio.h>\nint main(void) { printf("${out}"); return 0; }\n`;
    expect((await judged(lcmp.row.id, 'C', echo('1   2\\n3 4\\n'))).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judged(lcmp.row.id, 'C', echo('1 2 3 4\\n'))).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 240_000);

  it('refuses a file in no known format, and lists the formats', async () => {
    expect((await client(t, root).call('file.importFormats')).data.map((f) => f.format)).toEqual(['fps', 'hoj', 'qduoj', 'polygon', 'kattis', 'hydro']);
    const r = await uploadTo(t, '/api/file/import-problems', { token: root, filename: 'x.zip', content: zip(textEntries({ 'readme.txt': 'hello' })) });
    expect(r).toMatchObject({ status: 400, msg: 'The file is in none of the formats the import reads (fps, hoj, qduoj, polygon, kattis, hydro).' });
    const text = await uploadTo(t, '/api/file/import-problems', { token: root, filename: 'x.txt', content: 'hello' });
    expect(text.msg).toMatch(/^The file is in none of the formats/);
    const wrong = await uploadTo(t, '/api/file/import-problems', {
      token: root,
      filename: 'x.zip',
      content: zip(textEntries({ 'readme.txt': 'hello' })),
      query: { format: 'fps' },
    });
    expect(wrong.msg).toBe('File type not support');
  });
});
