/** HOJ zip export → import round trip, bad import files, and the FPS XML import. */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { get, rootToken } from './helpers.js';
import { client } from './client.js';
import { textEntries, unzipText, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
});
afterAll(() => t.close());

const problemCount = async () => (await client(t, root).call('adminProblem.list', { query: { limit: 100 } })).data.total;

async function exportZip(pids: number[]): Promise<Buffer> {
  const res = await client(t, root).call('fileTransfer.exportProblem', { query: { pid: pids } });
  expect(res.http).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.res.rawPayload;
}

const importZip = (content: Buffer | string, query?: Record<string, string>) =>
  uploadTo(t, '/api/file/import-problem', { token: root, filename: 'problems.zip', content, query });

/** The admin view of a problem without what differs between two copies (ids, times, authorship). */
async function comparable(pid: number) {
  const d = (await client(t, root).call('adminProblem.get', { query: { pid } })).data;
  const { id: _id, problemId: _pid, gmtCreate: _c, gmtModified: _m, caseVersion: _v, author: _a, modifiedUser: _u, ...problem } = d.problem;
  return {
    problem,
    tags: d.tags.map((x) => x.name).sort(),
    languages: d.languages,
    codeTemplates: d.codeTemplates,
    cases: d.cases.map(({ id: _i, ...c }) => c),
  };
}

describe('HOJ zip export and import', () => {
  it('round-trips problems with their test data, tags, templates, limits and modes', async () => {
    const a = await client(t, root).call('adminProblem.create', {
      body: {
        problem: {
          problemId: 'RT1',
          title: 'Round trip',
          description: 'Desc $x$',
          input: 'In',
          output: 'Out',
          hint: 'Hint',
          source: 'Src',
          timeLimit: 2000,
          memoryLimit: 128,
          stackLimit: 64,
          type: 1,
          difficulty: 2,
          ioScore: 100,
          judgeCaseMode: 'subtask_average',
          examples: [{ input: '1 2\n', output: '3\n' }],
          isFileIO: true,
          ioReadFileName: 'sum.in',
          ioWriteFileName: 'sum.out',
          userExtraFile: { 'lib.h': '#define X 1\n' },
          isRemoveEndBlank: true,
          openCaseResult: false,
        },
        samples: [
          { input: '1 2\n', output: '3\n', score: 30, groupNum: 1 },
          { input: '5 5\n', output: '10\n', score: 70, groupNum: 2 },
        ],
        languages: ['C', 'C++'],
        tags: [{ name: 'Math' }, { name: 'Round' }],
        codeTemplates: [{ language: 'C', code: '// start\n', status: true }],
      },
    });
    expect(a.status, a.msg).toBe(200);
    const b = await client(t, root).call('adminProblem.create', {
      body: { problem: { problemId: 'RT2', title: 'Second' }, samples: [{ input: 'x', output: 'y' }] },
    });
    expect(b.status, b.msg).toBe(200);

    const exported = await exportZip([a.data.pid, b.data.pid]);
    const files = unzipText(exported);
    expect(Object.keys(files).sort()).toEqual(
      [
        `problem_${a.data.pid}.json`,
        `problem_${a.data.pid}/1.in`,
        `problem_${a.data.pid}/1.out`,
        `problem_${a.data.pid}/2.in`,
        `problem_${a.data.pid}/2.out`,
        `problem_${b.data.pid}.json`,
        `problem_${b.data.pid}/1.in`,
        `problem_${b.data.pid}/1.out`,
      ].sort(),
    );
    const json = JSON.parse(files[`problem_${a.data.pid}.json`]!);
    expect(json.problem.examples).toBe('<input>1 2\n</input><output>3\n</output>');
    expect(json.samples).toEqual([
      { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 70, groupNum: 2 },
    ]);

    // Importing into the same site clashes on the display ids: nothing is created.
    const before = await problemCount();
    expect(await importZip(exported)).toMatchObject({ status: 400, msg: 'The problem ID RT1 already exists.' });
    expect(await problemCount()).toBe(before);

    // Renamed, the same zip gives the same problems back.
    const renamed = zip(
      textEntries(
        Object.fromEntries(
          Object.entries(files).map(([k, v]) => [k, k.endsWith('.json') ? v.replace(/"problemId": "RT(\d)"/, '"problemId": "RT$1-copy"') : v]),
        ),
      ),
    );
    // Public as the originals (imports are private unless asked).
    const imported = await importZip(renamed, { visibility: 'public' });
    expect(imported.status, imported.msg).toBe(200);
    expect(imported.data.problemIds).toEqual(['RT1-copy', 'RT2-copy']);
    const list = (await client(t, root).call('adminProblem.list', { query: { keyword: 'copy' } })).data.records;
    const copyOf = (id: string) => list.find((r) => r.problemId === id)!.id;
    expect(await comparable(copyOf('RT1-copy'))).toEqual(await comparable(a.data.pid));
    expect(await comparable(copyOf('RT2-copy'))).toEqual(await comparable(b.data.pid));
  });

  it('refuses bad files and changes nothing', async () => {
    const before = await problemCount();
    const good = { problem: { problemId: 'IMP1', title: 'T' }, samples: [{ input: '1.in', output: '1.out' }], tags: ['New tag'] };
    const cases = (k: string) => ({ [`problem_${k}/1.in`]: '1', [`problem_${k}/1.out`]: '1' });
    expect(await importZip('not a zip')).toMatchObject({ status: 400, msg: MSG.zipInvalid });
    expect((await importZip(zip(textEntries({ 'readme.txt': 'x' })))).msg).toBe('Invalid problem file: no problem_<id>.json at the root of the zip');
    expect((await importZip(zip(textEntries({ 'problem_1.json': '{oops', ...cases('1') })))).msg).toBe('Invalid problem file: problem_1.json: not valid JSON');
    // every problem of the file is broken: the first reason is the answer
    const twoBad = zip(
      textEntries({
        'problem_1.json': JSON.stringify({ ...good, problem: { problemId: 'IMP0', title: '', timeLimit: 1000 } }),
        ...cases('1'),
        'problem_2.json': JSON.stringify({ ...good, problem: { problemId: 'IMP2', title: '', timeLimit: 1000 } }),
        ...cases('2'),
      }),
    );
    expect((await importZip(twoBad)).msg).toBe('Invalid problem file: problem_1.json: problem.title: The title is required');
    const missingFile = zip(textEntries({ 'problem_1.json': JSON.stringify({ ...good, samples: [{ input: '1.in', output: '9.out' }] }), ...cases('1') }));
    expect((await importZip(missingFile)).msg).toBe('Invalid problem file: problem_1/: missing test file 9.out');
    expect((await importZip(zip(textEntries({ 'problem_1.json': JSON.stringify(good), '../x': '1' })))).msg).toBe('The zip holds an unsafe path: ../x');
    expect((await importZip(zip(textEntries({ 'problem_1.json': JSON.stringify(good), 'problem_1/deep/1.in': '1' })))).msg).toMatch(/without folders/);
    const nul = zip(textEntries({ 'problem_1.json': JSON.stringify({ ...good, problem: { ...good.problem, title: 'T\u0000' } }), ...cases('1') }));
    expect(await importZip(nul)).toMatchObject({
      status: 400,
      msg: 'Invalid problem file: problem_1.json: problem.title: contains a character that cannot be stored (NUL or a broken surrogate pair).',
    });
    expect(await problemCount()).toBe(before);
    const tags = await client(t).call('problem.allTags', { query: { oj: 'ME' } });
    expect(tags.data.map((x) => x.name)).not.toContain('New tag');

    const ok = await importZip(zip(textEntries({ 'problem_1.json': JSON.stringify(good), ...cases('1') })));
    expect(ok.data.problemIds).toEqual(['IMP1']);
    expect(await problemCount()).toBe(before + 1);
  }, 60_000);

  it('export needs existing problems', async () => {
    expect(await client(t, root).call('fileTransfer.exportProblem', { query: { pid: [999999] } })).toMatchObject({ status: 404, msg: MSG.problemNotFound });
    expect((await get(t, '/api/file/export-problem', { token: root })).http).toBe(400);
  });
});

describe('FPS import', () => {
  const png = () => {
    const p = new PNG({ width: 2, height: 2 });
    p.data.fill(50);
    return PNG.sync.write(p).toString('base64');
  };
  const fps = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">
  <generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>
  ${items}
</fps>`;
  const item = (extra = '') => `<item>
    <title><![CDATA[Sum of Two]]></title>
    <time_limit unit="s"><![CDATA[1.5]]></time_limit>
    <memory_limit unit="kb"><![CDATA[65536]]></memory_limit>
    <img><src><![CDATA[/upload/image/sum.png]]></src><base64><![CDATA[${png()}]]></base64></img>
    <description><![CDATA[<p>Add them. <img src="/upload/image/sum.png" /></p>]]></description>
    <input>Two integers a &amp; b.</input>
    <output><![CDATA[Their sum.]]></output>
    <sample_input><![CDATA[1 2]]></sample_input>
    <sample_output><![CDATA[3]]></sample_output>
    <test_input><![CDATA[1 2
]]></test_input>
    <test_output><![CDATA[3
]]></test_output>
    <test_input><![CDATA[10 20
]]></test_input>
    <test_output><![CDATA[30
]]></test_output>
    <hint><![CDATA[Use long long.]]></hint>
    <source><![CDATA[FPS sample]]></source>
    <template language="C"><![CDATA[int main(){}]]></template>
    <solution language="C"><![CDATA[#include <stdio.h>
int main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);}]]></solution>
    ${extra}
  </item>`;
  const importFps = (xml: string, filename = 'problems.xml') => uploadTo(t, '/api/file/import-fps-problem', { token: root, filename, content: xml });

  it('imports items with limits converted, images stored and links rewritten, tests and spj', async () => {
    const spj = `<spj language="C"><![CDATA[int main(int c, char **v){ return 0; }]]></spj>`;
    const r = await importFps(fps(item() + item(spj)));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.problemIds).toHaveLength(2);
    expect(r.data.problemIds[0]).toMatch(/^FPS-\d+$/);
    const list = (await client(t, root).call('adminProblem.list', { query: { keyword: 'FPS-' } })).data.records;
    const first = list.find((x) => x.problemId === r.data.problemIds[0])!;
    const d = (await client(t, root).call('adminProblem.get', { query: { pid: first.id } })).data;
    expect(d.problem).toMatchObject({
      title: 'Sum of Two',
      timeLimit: 1500,
      memoryLimit: 64,
      type: 0,
      auth: 2, // private until published
      input: 'Two integers a & b.',
      hint: 'Use long long.',
      source: 'FPS sample',
      judgeMode: 'default',
    });
    expect(d.problem.examples).toEqual([{ input: '1 2', output: '3' }]);
    const link = /src="(\/api\/public\/files\/md-image\/[0-9a-f]{64}\.png)"/.exec(d.problem.description)?.[1];
    expect(link, d.problem.description).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: link! })).statusCode).toBe(200);
    expect(d.cases.map((c) => [c.input, c.output])).toEqual([
      ['1 2\n', '3\n'],
      ['10 20\n', '30\n'],
    ]);
    expect(d.codeTemplates).toEqual([{ language: 'C', code: 'int main(){}', status: true }]);
    const second = list.find((x) => x.problemId === r.data.problemIds[1])!;
    const d2 = (await client(t, root).call('adminProblem.get', { query: { pid: second.id } })).data;
    // FPS files are HUSTOJ's: a special judge without testlib is called HUSTOJ's way.
    expect(d2.problem).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C', checkerConvention: 'hustoj' });
  }, 60_000);

  it('refuses bad FPS files and changes nothing', async () => {
    const before = await problemCount();
    expect(await importFps('<fps><item>', 'x.xml')).toMatchObject({ status: 400 });
    expect((await importFps('<?xml version="1.0"?><root/>')).msg).toBe('Invalid FPS file: no <fps> root with <item> elements');
    expect(await importFps(fps(item()), 'problems.zip')).toMatchObject({ status: 400, msg: MSG.fileTypeNotSupport });
    expect((await importFps(fps(item().replace('<![CDATA[1.5]]>', 'abc')))).msg).toBe('Invalid FPS file: item 1 (Sum of Two): bad time_limit');
    expect(await problemCount()).toBe(before);
  }, 60_000);
});
