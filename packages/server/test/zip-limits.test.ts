/**
 * Archive edge cases of every place that unpacks an uploaded zip (test-case upload, problem import):
 * over-long entry names, entries whose headers lie about their size or checksum,
 * zips that unpack to far more than the limits — each refused with its message and nothing left on
 * disk — and a large but allowed zip unpacked (and saved) without the process's memory growing with it.
 * The zips are built byte by byte here, so a header can say anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TESTCASE_ZIP_LIMITS, formatMsg } from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { client } from './client.js';
import { uploadTo } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
});
afterAll(() => t.close());

interface RawEntry {
  name: string;
  data: Buffer;
  /** what the headers claim; default: the truth */
  size?: number;
  crc?: number;
  /** deflate (default) or store */
  store?: boolean;
}

const crcs = new WeakMap<Buffer, number>();
function crcOf(data: Buffer): number {
  let c = crcs.get(data);
  if (c === undefined) crcs.set(data, (c = zlib.crc32(data)));
  return c;
}
const deflated = new WeakMap<Buffer, Buffer>();
/** Deflates each distinct buffer once (the big zips reuse one megabyte of zeros hundreds of times). */
function deflate(data: Buffer): Buffer {
  let d = deflated.get(data);
  if (!d) deflated.set(data, (d = zlib.deflateRawSync(data)));
  return d;
}

/** A zip written by hand: local headers and central directory carry `size`/`crc` as given. */
function rawZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = e.store ? e.data : deflate(e.data);
    const size = e.size ?? e.data.length;
    const crc = e.crc ?? crcOf(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(e.store ? 0 : 8, 10);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(cd, name);
    offset += 30 + name.length + packed.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}

const MB = 1024 * 1024;
const uploadCases = (content: Buffer) => uploadTo(t, '/api/file/upload-testcase-zip', { token: root, filename: 'cases.zip', content });
const importZip = (content: Buffer) => uploadTo(t, '/api/file/import-problem', { token: root, filename: 'problems.zip', content });
const problemJson = (problemId: string) =>
  Buffer.from(JSON.stringify({ problem: { problemId, title: 'Zip edge' }, samples: [{ input: '1.in', output: '1.out' }] }));

/** Every file under DATA_DIR that an upload could have left: parked test sets and temp folders. */
function leftovers(): string[] {
  const out: string[] = [];
  for (const dir of ['upload-testcase', 'tmp']) {
    const full = path.join(t.config.dataDir, dir);
    if (fs.existsSync(full)) out.push(...fs.readdirSync(full).map((n) => `${dir}/${n}`));
  }
  return out;
}

/** Peak resident memory of this process since the last reset (Linux: VmHWM, reset through clear_refs). */
function resetPeakRss() {
  fs.writeFileSync('/proc/self/clear_refs', '5');
}
function peakRssMb(): number {
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]);
  return kb / 1024;
}
const rssMb = () => process.memoryUsage().rss / MB;

async function problemCount() {
  return (await client(t, root).call('adminProblem.list', { query: { limit: 100 } })).data.total;
}

describe('uploaded zips are checked before and while they are unpacked', () => {
  it('refuses an entry name over the limit with a clear message (not a server error) and leaves no folder', async () => {
    const long = `${'a'.repeat(257)}.in`; // 260 characters
    const r = await uploadCases(
      rawZip([
        { name: long, data: Buffer.from('1 2\n') },
        { name: '1.in', data: Buffer.from('1\n') },
      ]),
    );
    expect(r).toMatchObject({ http: 200, status: 400 });
    expect(r.msg).toBe(formatMsg(MSG.zipNameTooLong, { max: TESTCASE_ZIP_LIMITS.nameMaxBytes, name: `${long.slice(0, 60)}…` }));
    const before = await problemCount();
    const imp = await importZip(
      rawZip([
        { name: 'problem_1.json', data: problemJson('ZE1') },
        { name: `problem_1/${long}`, data: Buffer.from('1') },
      ]),
    );
    expect(imp).toMatchObject({ http: 200, status: 400 });
    expect(imp.msg).toMatch(/^The zip holds a file name longer than 200 bytes: problem_1\/aaa/);
    expect(await problemCount()).toBe(before);
    expect(leftovers()).toEqual([]);
    // A name at the limit is fine, and so is the answer name made from it.
    const stem = 'b'.repeat(TESTCASE_ZIP_LIMITS.nameMaxBytes - 3);
    const ok = await uploadCases(rawZip([{ name: `${stem}.in`, data: Buffer.from('1\n') }]));
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.fileList).toEqual([{ input: `${stem}.in`, output: `${stem}.out` }]);
    fs.rmSync(path.join(t.config.dataDir, 'upload-testcase'), { recursive: true, force: true });
  });

  it('refuses an entry whose header says 10 B but which holds 50 MB, and other size or checksum lies', async () => {
    const fifty = Buffer.alloc(50 * MB, 0x31);
    const liar = rawZip([
      { name: '1.in', data: fifty, size: 10, crc: zlib.crc32(fifty.subarray(0, 10)) },
      { name: '1.out', data: Buffer.from('1\n') },
    ]);
    expect(liar.length).toBeLessThan(MB); // the lie is in a small zip
    const rss = rssMb();
    const r = await uploadCases(liar);
    expect(r).toMatchObject({ http: 200, status: 400 });
    expect(r.msg).toBe(formatMsg(MSG.zipEntryMismatch, { name: '1.in' }));
    expect(rssMb() - rss).toBeLessThan(100);
    // says 100 B, holds 10; right size, wrong checksum; stored with a size unlike its data
    const short = rawZip([{ name: '2.in', data: Buffer.from('0123456789'), size: 100 }]);
    const badCrc = rawZip([{ name: '3.in', data: Buffer.from('hello\n'), crc: 12345 }]);
    const stored = rawZip([{ name: '4.in', data: Buffer.from('hello\n'), size: 3, store: true }]);
    for (const [zip, name] of [
      [short, '2.in'],
      [badCrc, '3.in'],
      [stored, '4.in'],
    ] as const) {
      expect(await uploadCases(zip)).toMatchObject({ http: 200, status: 400, msg: formatMsg(MSG.zipEntryMismatch, { name }) });
    }
    // The import unpacks through the same checks.
    const before = await problemCount();
    const imp = await importZip(
      rawZip([
        { name: 'problem_1.json', data: problemJson('ZE2') },
        { name: 'problem_1/1.in', data: fifty, size: 10 },
        { name: 'problem_1/1.out', data: Buffer.from('1\n') },
      ]),
    );
    expect(imp).toMatchObject({ http: 200, status: 400, msg: formatMsg(MSG.zipEntryMismatch, { name: 'problem_1/1.in' }) });
    expect(await problemCount()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses 500 × 1 MB of zeros in a small zip before writing anything, without the memory to unpack it', async () => {
    const zero = Buffer.alloc(MB);
    const entries: RawEntry[] = [];
    for (let i = 1; i <= 250; i++) entries.push({ name: `${i}.in`, data: zero }, { name: `${i}.out`, data: zero });
    const bomb = rawZip(entries);
    expect(bomb.length).toBeLessThan(1.5 * MB);
    resetPeakRss();
    const base = peakRssMb();
    const r = await uploadCases(bomb);
    expect(r).toMatchObject({ http: 200, status: 400, msg: formatMsg(MSG.zipTotalTooLarge, { max: TESTCASE_ZIP_LIMITS.totalMaxBytes / MB }) });
    expect(peakRssMb() - base).toBeLessThan(100);
    const imp = await importZip(rawZip([{ name: 'problem_1.json', data: problemJson('ZE3') }, ...entries.map((e) => ({ ...e, name: `problem_1/${e.name}` }))]));
    expect(imp).toMatchObject({ http: 200, status: 400, msg: formatMsg(MSG.zipTotalTooLarge, { max: TESTCASE_ZIP_LIMITS.totalMaxBytes / MB }) });
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('unpacks and saves 200 MB of test data in a 200 KB zip with flat memory', async () => {
    // Not zeros: pages of zeros may never become resident, so they would hide a buffered copy.
    const ones = Buffer.alloc(MB, '1');
    const entries: RawEntry[] = [];
    for (let i = 1; i <= 100; i++) entries.push({ name: `${i}.in`, data: ones }, { name: `${i}.out`, data: ones });
    const zip = rawZip(entries);
    resetPeakRss();
    const base = peakRssMb();
    const r = await uploadCases(zip);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.fileList).toHaveLength(100);
    console.info(`zip-limits: 200 MB unpacked, peak RSS +${(peakRssMb() - base).toFixed(0)} MB`);
    expect(peakRssMb() - base).toBeLessThan(100);
    const parked = path.join(t.config.dataDir, 'upload-testcase', r.data.fileListDir);
    expect(fs.statSync(path.join(parked, '100.out')).size).toBe(MB);
    expect(leftovers()).toEqual([`upload-testcase/${r.data.fileListDir}`]);

    resetPeakRss();
    const saved = await client(t, root).call('adminProblem.create', {
      body: {
        problem: { problemId: 'ZE4', title: 'Big data', description: 'x' },
        languages: [],
        tags: [],
        codeTemplates: [],
        isUploadTestCase: true,
        uploadTestcaseDir: r.data.fileListDir,
      },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(peakRssMb() - base).toBeLessThan(100);
    const cases = await client(t, root).call('adminProblem.cases', { query: { pid: saved.data.pid } });
    expect(cases.data).toHaveLength(100);
    expect(cases.data[99]).toMatchObject({ inputName: '100.in', outputName: '100.out' });
  }, 120_000);
});
