/** Test-data cache: content-addressed, verified, atomic, shared by concurrent workers. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex, TestDataCache, TestDataIntegrityError, type FileRef, type TestDataManifest } from '../src/testdata-cache.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cache-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fake server holding `files`, counting requests; `delayMs` makes downloads overlap. */
function server(files: Array<string | Buffer>, delayMs = 0) {
  const byHash = new Map(files.map((f) => [sha256Hex(f), Buffer.from(f)]));
  const calls: string[] = [];
  const fetch = async (hash: string) => {
    calls.push(hash);
    const body = byHash.get(hash);
    if (!body) throw new Error(`404 ${hash}`);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    // A stream of small chunks, like an HTTP body.
    return Readable.from([body.subarray(0, 3), body.subarray(3)]);
  };
  return { fetch, calls, byHash };
}

const ref = (content: string | Buffer): FileRef => ({ hash: sha256Hex(content), size: Buffer.byteLength(content) });

function manifest(version: number, cases: Array<[string, string]>, extra: Record<string, string> = {}): TestDataManifest {
  return {
    problemId: 1000,
    caseVersion: version,
    cases: cases.map(([i, o], n) => ({ id: n + 1, input: ref(i), output: ref(o), score: 50, groupNum: 1 })),
    judgeExtraFiles: Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, ref(v)])),
  };
}

describe('test-data cache', () => {
  it('downloads only the files it does not have, verifies them and returns paths for the judge', async () => {
    const s = server(['1 2\n', '3\n', '5 5\n', '10\n', '6 6\n', '12\n', 'testlib']);
    const cache = new TestDataCache({ dir, fetch: s.fetch });
    const v1 = await cache.prepare(
      manifest(
        1,
        [
          ['1 2\n', '3\n'],
          ['5 5\n', '10\n'],
        ],
        { 'testlib.h': 'testlib' },
      ),
    );
    expect(s.calls).toHaveLength(5);
    expect(v1.downloaded).toBe(5);
    expect(fs.readFileSync((v1.cases[1].input as { path: string }).path, 'utf8')).toBe('5 5\n');
    expect(v1.cases[0]).toMatchObject({ caseId: 1, score: 50, groupNum: 1 });
    expect(fs.readFileSync(v1.judgeExtraFiles['testlib.h'].path, 'utf8')).toBe('testlib');
    // Version 2 changes one case: only its two files are fetched.
    const v2 = await cache.prepare(
      manifest(
        2,
        [
          ['1 2\n', '3\n'],
          ['6 6\n', '12\n'],
        ],
        { 'testlib.h': 'testlib' },
      ),
    );
    expect(s.calls).toHaveLength(7);
    expect(v2.downloaded).toBe(2);
    // Files 0644 (a box may reopen /dev/stdin), directories 0700.
    const file = (v2.cases[1].output as { path: string }).path;
    expect(fs.statSync(file).mode & 0o777).toBe(0o644);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // A damaged file (wrong size) is fetched again.
    fs.writeFileSync(file, 'short');
    await cache.prepare(manifest(2, [['6 6\n', '12\n']]));
    expect(fs.readFileSync(file, 'utf8')).toBe('12\n');
    expect(s.calls).toHaveLength(8);
  });

  it('rejects a download whose content does not match its hash and leaves nothing behind', async () => {
    const good = '1 2\n';
    const cache = new TestDataCache({ dir, fetch: async () => Buffer.from('1 3\n') });
    await expect(cache.prepare(manifest(1, [[good, good]]))).rejects.toBeInstanceOf(TestDataIntegrityError);
    expect(fs.existsSync(cache.pathOf(ref(good).hash))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    const tooLong = new TestDataCache({ dir, fetch: async () => Readable.from([Buffer.from(good), Buffer.from('more')]) });
    await expect(tooLong.ensure(ref(good))).rejects.toThrow(/larger than/);
    await expect(tooLong.ensure({ hash: '../../etc/passwd', size: 1 })).rejects.toThrow(/invalid test-data hash/);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('concurrent fills: one download per file within a process, intact files across workers', async () => {
    const files = Array.from({ length: 6 }, (_, i) => `${'x'.repeat(1000 * (i + 1))}${i}`);
    const m = manifest(1, [
      [files[0], files[1]],
      [files[2], files[3]],
      [files[4], files[5]],
    ]);
    const s = server(files, 20);
    const one = new TestDataCache({ dir, fetch: s.fetch, concurrency: 2 });
    await Promise.all([one.prepare(m), one.prepare(m), one.prepare(m)]);
    expect(s.calls.sort()).toEqual(files.map(sha256Hex).sort());
    // Two "workers" (separate caches, no shared state) on a fresh directory at the same time.
    const dir2 = path.join(dir, 'shared');
    const w1 = server(files, 10);
    const w2 = server(files, 15);
    const [a, b] = await Promise.all([
      new TestDataCache({ dir: dir2, fetch: w1.fetch }).prepare(m),
      new TestDataCache({ dir: dir2, fetch: w2.fetch }).prepare(m),
    ]);
    for (const [i, c] of a.cases.entries()) {
      expect((c.input as { path: string }).path).toBe((b.cases[i].input as { path: string }).path);
      expect(sha256Hex(fs.readFileSync((c.input as { path: string }).path))).toBe(sha256Hex(files[2 * i]));
    }
    expect(fs.readdirSync(path.join(dir2, 'tmp'))).toEqual([]);
  });

  it('evicts least recently used files beyond maxBytes, never those of the current manifest', async () => {
    const files = ['a'.repeat(100), 'b'.repeat(100), 'c'.repeat(100), 'd'.repeat(100)];
    const s = server(files);
    const cache = new TestDataCache({ dir, fetch: s.fetch, maxBytes: 250, evictGraceMs: 0 });
    const first = await cache.prepare(manifest(1, [[files[0], files[1]]]));
    first.release();
    const old = new Date(Date.now() - 3600_000);
    for (const f of files.slice(0, 2)) fs.utimesSync(cache.pathOf(sha256Hex(f)), old, old);
    const second = await cache.prepare(manifest(2, [[files[2], files[3]]]));
    expect(await cache.usage()).toEqual({ files: 2, bytes: 200 });
    expect(fs.existsSync((second.cases[0].input as { path: string }).path)).toBe(true);
    // A manifest bigger than the budget keeps all of its files.
    const all = await cache.prepare(
      manifest(3, [
        [files[0], files[1]],
        [files[2], files[3]],
      ]),
    );
    expect(await cache.usage()).toEqual({ files: 4, bytes: 400 });
    all.release();
    second.release();
  });

  it('a bounded cache lists its files only when a prepare brought new bytes (not once per submission)', async () => {
    const files = ['e'.repeat(100), 'f'.repeat(100)];
    const s = server(files);
    const cache = new TestDataCache({ dir, fetch: s.fetch, maxBytes: 10_000, evictGraceMs: 0 });
    (await cache.prepare(manifest(1, [[files[0], files[1]]]))).release();
    const readdir = vi.spyOn(fsp, 'readdir');
    try {
      for (let i = 0; i < 3; i++) (await cache.prepare(manifest(1, [[files[0], files[1]]]))).release();
      expect(readdir).not.toHaveBeenCalled();
    } finally {
      readdir.mockRestore();
    }
    // Over the bound (a smaller bound now): the next prepare does look, and evicts.
    const tight = new TestDataCache({ dir, fetch: s.fetch, maxBytes: 100, evictGraceMs: 0 });
    (await tight.prepare(manifest(2, [[files[0], files[0]]]))).release();
    expect(await tight.usage()).toEqual({ files: 1, bytes: 100 });
  });
});
