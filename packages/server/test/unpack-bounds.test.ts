/**
 * Unpacking is bounded by what it writes, not by how well the zip packed. Large
 * repetitive test data (a test of 100 000 equal numbers, a 64 MB file of one repeated line) packs a
 * thousand to one and must import through every route: the test-case zip upload, and the HOJ,
 * Polygon and Kattis exports of such a problem imported back, QDUOJ and Hydro zips. A zip bomb is
 * still stopped with a clear message and leaves nothing on disk: one entry of 5 GB of zeros whose
 * header lies (stopped after the bytes it declares, never inflated whole), one that declares 4 GB, a
 * 42.zip-like zip of zips (never unpacked recursively), and a zip the disk has no room for.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, MSG, TESTCASE_ZIP_LIMITS, type ImportEvent, type ImportItemReport } from '@oj/shared';
import { problemCases, problems } from '../src/db/schema/index.js';
import { ApiError } from '../src/lib/errors.js';
import { extractZipEntries, readZipDirectory, withTempDir } from '../src/lib/safe-unzip.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { client } from './client.js';
import { multipart, uploadTo, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
});
afterAll(() => t?.close());

const MB = 1024 * 1024;
const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

// An OI test of 100 000 equal numbers, and a file of exactly the per-file limit made of one line.
const EQUAL_NUMBERS = Buffer.from(`100000\n${'1000000000 '.repeat(99_999)}1000000000\n`);
const LINE = '1\n';
const BIG_LINES = Buffer.alloc(TESTCASE_ZIP_LIMITS.fileMaxBytes, LINE);
const TESTS: { input: Buffer; output: Buffer; score: number }[] = [
  { input: Buffer.from('3\n1 2 3\n'), output: Buffer.from('6\n'), score: 20 },
  { input: EQUAL_NUMBERS, output: Buffer.from('100000000000000\n'), score: 30 },
  { input: BIG_LINES, output: Buffer.from(`${BIG_LINES.length / LINE.length}\n`), score: 50 },
];
const EXPECTED = TESTS.map((c) => [sha(c.input), sha(c.output), c.score]);

/** Every file under DATA_DIR an upload could have left: parked test sets and temp folders. */
function leftovers(): string[] {
  const out: string[] = [];
  for (const dir of ['upload-testcase', 'tmp']) {
    const full = path.join(t.config.dataDir, dir);
    if (fs.existsSync(full)) out.push(...fs.readdirSync(full).map((n) => `${dir}/${n}`));
  }
  return out;
}

async function importFile(content: Buffer, filename: string, format = 'auto') {
  const { payload, contentType } = multipart([{ field: 'file', filename, content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/import-problems?format=${format}`,
    headers: { 'content-type': contentType, authorization: root },
    payload,
  });
  if (String(res.headers['content-type']).includes('application/json')) return { refused: JSON.parse(res.body).msg as string, items: [] as ImportItemReport[] };
  const events = res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportEvent);
  return { refused: undefined, items: events.flatMap((e) => (e.type === 'item' ? [e.item] : [])), events };
}

async function rowOf(problemId: string) {
  const [row] = await t.database.db.select().from(problems).where(eq(problems.problemId, problemId));
  expect(row, problemId).toBeDefined();
  return row!;
}
/** The stored tests by checksum: byte for byte without reading 64 MB into a JSON answer. */
async function storedTests(pid: number) {
  const rows = await t.database.db.select().from(problemCases).where(eq(problemCases.pid, pid)).orderBy(problemCases.seq);
  return rows.map((r) => [r.inputHash, r.outputHash, r.score]);
}
const remove = async (pid: number) => expect((await client(t, root).call('adminProblem.remove', { query: { pid } })).status).toBe(200);

async function exported(pid: number, format: 'hoj' | 'polygon' | 'kattis'): Promise<Buffer> {
  const res =
    format === 'hoj'
      ? await client(t, root).call('fileTransfer.exportProblem', { query: { pid: [pid] } })
      : await client(t, root).call('fileTransfer.exportProblemPackage', { query: { pid: [pid], format } });
  expect(res.http, res.res.body.slice(0, 200)).toBe(200);
  return res.res.rawPayload;
}

describe('repetitive test data unpacks through every route', () => {
  it('the test-case zip upload takes a 64 MB file of one line and 100 000 equal numbers, and the problem exports and imports back as HOJ, Polygon and Kattis', async () => {
    const files: Record<string, Buffer> = {};
    TESTS.forEach((c, i) => {
      files[`${i + 1}.in`] = c.input;
      files[`${i + 1}.out`] = c.output;
    });
    const packed = zip(files);
    expect(BIG_LINES.length / zlib.deflateRawSync(BIG_LINES).length).toBeGreaterThan(1000); // packs as well as a bomb
    const up = await uploadTo(t, '/api/file/upload-testcase-zip', { token: root, filename: 'cases.zip', content: packed });
    expect(up.status, up.msg).toBe(200);
    const saved = await client(t, root).call('adminProblem.create', {
      body: {
        problem: { problemId: 'REP1', title: 'Repetitive', description: 'Sum them.', type: 1, timeLimit: 2000, memoryLimit: 256 },
        samples: TESTS.map((c, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out`, score: c.score })),
        languages: [],
        tags: [],
        codeTemplates: [],
        isUploadTestCase: true,
        uploadTestcaseDir: up.data.fileListDir,
      },
    });
    expect(saved.status, saved.msg).toBe(200);
    // the parked upload is kept for a while like any other; not what this test looks at
    fs.rmSync(path.join(t.config.dataDir, 'upload-testcase'), { recursive: true, force: true });
    const pid = saved.data.pid;
    expect(await storedTests(pid)).toEqual(EXPECTED);

    const zips = { hoj: await exported(pid, 'hoj'), polygon: await exported(pid, 'polygon'), kattis: await exported(pid, 'kattis') };
    await remove(pid);
    for (const [format, content] of Object.entries(zips)) {
      const r = await importFile(content, `${format}.zip`, format);
      expect(r.refused, format).toBeUndefined();
      expect(r.items, format).toHaveLength(1);
      expect(r.items[0]!.reason, format).toBeUndefined();
      const row = await rowOf('REP1');
      expect(await storedTests(row.id), format).toEqual(EXPECTED);
      await remove(row.id);
    }
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('QDUOJ and Hydro zips with the same tests import', async () => {
    const qduoj = zip({
      '1/problem.json': Buffer.from(
        JSON.stringify({
          display_id: 'REPQ',
          title: 'Repetitive QDUOJ',
          description: '<p>Sum.</p>',
          input_description: '',
          output_description: '',
          time_limit: 1000,
          memory_limit: 256,
          rule_type: 'OI',
          test_case_score: TESTS.map((c, i) => ({ input_name: `${i + 1}.in`, output_name: `${i + 1}.out`, score: c.score })),
          samples: [],
          tags: [],
        }),
      ),
      ...Object.fromEntries(
        TESTS.flatMap((c, i) => [
          [`1/testcase/${i + 1}.in`, c.input],
          [`1/testcase/${i + 1}.out`, c.output],
        ]),
      ),
    });
    const q = await importFile(qduoj, 'qduoj.zip', 'qduoj');
    expect(q.refused).toBeUndefined();
    expect(q.items[0]!.reason).toBeUndefined();
    expect(await storedTests((await rowOf('REPQ')).id)).toEqual(EXPECTED);

    const hydro = zip({
      '1/problem.yaml': Buffer.from('title: Repetitive Hydro\npid: REPH\ntag: []\n'),
      '1/problem.md': Buffer.from('Sum.\n'),
      '1/testdata/config.yaml': Buffer.from(
        `type: default\ntime: 1s\nmemory: 256m\nsubtasks:\n${TESTS.map((c, i) => `  - score: ${c.score}\n    cases:\n      - {input: ${i + 1}.in, output: ${i + 1}.out}\n`).join('')}`,
      ),
      ...Object.fromEntries(
        TESTS.flatMap((c, i) => [
          [`1/testdata/${i + 1}.in`, c.input],
          [`1/testdata/${i + 1}.out`, c.output],
        ]),
      ),
    });
    const h = await importFile(hydro, 'hydro.zip', 'hydro');
    expect(h.refused).toBeUndefined();
    expect(h.items[0]!.reason).toBeUndefined();
    expect((await storedTests((await rowOf('REPH')).id)).map(([i, o]) => [i, o])).toEqual(EXPECTED.map(([i, o]) => [i, o]));
    expect(leftovers()).toEqual([]);
  }, 120_000);
});

/**
 * Deflate data for `count` MB of zeros without deflating them: one megabyte deflated with a full
 * flush ends on a byte boundary with a fresh dictionary, so copies of it follow each other, and an
 * empty final block closes the stream.
 */
function zerosDeflated(count: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MB), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: count }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A one-entry zip whose headers claim `size` bytes (CRC of nothing: the data never gets that far). */
function lyingZip(name: string, packed: Buffer, size: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(n.length, 26);
  const cd = Buffer.alloc(46);
  cd.writeUInt32LE(0x02014b50, 0);
  cd.writeUInt16LE(20, 4);
  cd.writeUInt16LE(20, 6);
  cd.writeUInt16LE(8, 10);
  cd.writeUInt32LE(packed.length, 20);
  cd.writeUInt32LE(size, 24);
  cd.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + packed.length, 16);
  return Buffer.concat([local, n, packed, cd, n, end]);
}

describe('zip bombs are still stopped, with a message, leaving nothing', () => {
  it('one entry of 5 GB of zeros: a header saying 1 MB stops it after 1 MB; a header saying 4 GB is refused before writing', async () => {
    const fiveGb = zerosDeflated(5 * 1024);
    expect(fiveGb.length).toBeLessThan(8 * MB);
    const liar = lyingZip('1.in', fiveGb, MB);
    expect(await uploadTo(t, '/api/file/upload-testcase-zip', { token: root, filename: 'bomb.zip', content: liar })).toMatchObject({
      status: 400,
      msg: formatMsg(MSG.zipEntryMismatch, { name: '1.in' }),
    });
    const huge = lyingZip('1.in', fiveGb, 0xffffffff);
    expect(await uploadTo(t, '/api/file/upload-testcase-zip', { token: root, filename: 'bomb.zip', content: huge })).toMatchObject({
      status: 400,
      msg: formatMsg(MSG.zipFileTooLarge, { name: '1.in', max: TESTCASE_ZIP_LIMITS.fileMaxBytes / MB }),
    });
    const imp = await importFile(lyingZip('problem_1/1.in', fiveGb, 60 * MB), 'bomb.zip', 'hoj');
    expect(imp.refused).toBe(formatMsg(MSG.zipEntryMismatch, { name: 'problem_1/1.in' }));
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('bytes written are counted against the site limits whatever the header says', async () => {
    // The header of a 5 GB entry claims 4 GB: the per-file limit stops the inflating, the directory check aside.
    await withTempDir(t.config.dataDir, async (dir) => {
      const file = path.join(dir, 'bomb.zip');
      fs.writeFileSync(file, lyingZip('1.in', zerosDeflated(5 * 1024), 0xfffffff0));
      const entries = await readZipDirectory(file, { maxDepth: 0, limits: { ...TESTCASE_ZIP_LIMITS, fileMaxBytes: 0xfffffff0, totalMaxBytes: 0xfffffff0 } });
      const err = await extractZipEntries(file, entries, path.join(dir, 'out'), { diskReserveBytes: 0 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).message).toBe(formatMsg(MSG.zipFileTooLarge, { name: '1.in', max: TESTCASE_ZIP_LIMITS.fileMaxBytes / MB }));
      expect(fs.statSync(path.join(dir, 'out', '1.in')).size).toBeLessThanOrEqual(TESTCASE_ZIP_LIMITS.fileMaxBytes);
    });
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a 42.zip-like zip of zips is never unpacked further than its first level', async () => {
    let layer = zip({ '0.in': Buffer.alloc(32 * MB) });
    for (let depth = 0; depth < 2; depth++) layer = zip(Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`lib ${depth}-${i}.zip`, layer])));
    expect(await uploadTo(t, '/api/file/upload-testcase-zip', { token: root, filename: '42.zip', content: layer })).toMatchObject({
      status: 400,
      msg: MSG.zipNoCases,
    });
    expect((await importFile(layer, '42.zip')).refused).toMatch(/^The file is in none of the formats the import reads/);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a zip the disk has no room for is refused before anything is written', async () => {
    await withTempDir(t.config.dataDir, async (dir) => {
      const file = path.join(dir, 'cases.zip');
      fs.writeFileSync(file, zip({ '1.in': EQUAL_NUMBERS, '1.out': Buffer.from('1\n') }));
      const entries = await readZipDirectory(file, { maxDepth: 0 });
      const st = await fs.promises.statfs(dir);
      const free = st.bavail * st.bsize;
      // A reserve of all the free space leaves no room for the zip, whatever the test machine's disk.
      const err = await extractZipEntries(file, entries, path.join(dir, 'out'), { diskReserveBytes: free }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).message).toMatch(/^There is not enough free disk space to unpack the zip \(\d+ MB needed, \d+ MB free\)\.$/);
      expect(fs.readdirSync(path.join(dir, 'out'))).toEqual([]);
    });
  });
});
