/**
 * Test-data cache of a judge host, protocol-agnostic: the daemon hands in a manifest (files named
 * by SHA-256) and an async `fetch(hash)`; the cache downloads only the files it does not hold,
 * verifies each against its hash and size, and returns host paths ready for `judgeSubmission`.
 *
 * Layout: `<dir>/objects/<first 2 hex>/<sha256>` (content-addressed: a problem's new case version
 * only downloads the files that changed, and problems sharing a file share it), `<dir>/tmp/` for
 * downloads in progress.
 *
 * - Writes are atomic: a download goes to a unique temp file, is hashed while it streams, fsynced,
 *   and renamed into place only when hash and size match. A mismatch deletes the temp file and
 *   throws `TestDataIntegrityError`. Several workers (processes) may fill the same directory at
 *   once: the worst case is the same verified content renamed twice. Within one process, concurrent
 *   requests for a hash share one download.
 * - Permissions: directories 0700 (no other host user can list or reach them), files 0644. Files
 *   must be world-readable although the directories are not: a box is given its input as an open
 *   descriptor, and a program that reopens `/dev/stdin` (`/proc/self/fd/0`) — or a checker reading a
 *   bound file — is checked against the file's own mode, not the path (README "Test data").
 * - Eviction (`maxBytes`): least recently used first (a file's mtime is refreshed whenever a
 *   manifest uses it), never a file of the manifest being prepared, of a prepared set not yet
 *   released in this process, or used within `evictGraceMs` (other workers on the host may be
 *   judging with it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { SubmissionCase } from './submission.js';

export interface FileRef {
  /** SHA-256, hex. */
  hash: string;
  size: number;
}

export interface ManifestCase {
  id: number | string;
  input: FileRef;
  output: FileRef;
  score?: number;
  groupNum?: number;
}

export interface TestDataManifest {
  problemId: number | string;
  caseVersion: number | string;
  cases: ManifestCase[];
  userExtraFiles?: Record<string, FileRef>;
  judgeExtraFiles?: Record<string, FileRef>;
}

/** What `fetch` may return: the whole file, or a stream of chunks (Node Readable, web ReadableStream…). */
export type FetchBody = Uint8Array | AsyncIterable<Uint8Array | string>;
export type FetchFn = (hash: string, ref: FileRef) => Promise<FetchBody>;

export interface TestDataCacheOptions {
  dir: string;
  fetch: FetchFn;
  /** Evict least recently used files beyond this size (bytes); default: never evict. */
  maxBytes?: number;
  /** Files used more recently than this are never evicted; default 1 hour. */
  evictGraceMs?: number;
  /** Downloads at once; default 4. */
  concurrency?: number;
}

export interface PreparedTestData {
  problemId: number | string;
  caseVersion: number | string;
  /** Ready for `judgeSubmission({ cases })`. */
  cases: SubmissionCase[];
  userExtraFiles: Record<string, { path: string }>;
  judgeExtraFiles: Record<string, { path: string }>;
  /** Files this call downloaded, and their bytes. */
  downloaded: number;
  downloadedBytes: number;
  /** Lets eviction reclaim these files again (call when the submission is judged). */
  release(): void;
}

export class TestDataIntegrityError extends Error {
  constructor(
    readonly hash: string,
    message: string,
  ) {
    super(message);
    this.name = 'TestDataIntegrityError';
  }
}

const HASH_RE = /^[0-9a-f]{64}$/;

function normaliseHash(hash: string): string {
  const h = String(hash).toLowerCase();
  if (!HASH_RE.test(h)) throw new TestDataIntegrityError(String(hash), `invalid test-data hash "${hash}" (SHA-256 hex expected)`);
  return h;
}

/** A tiny counting semaphore. */
class Limiter {
  private active = 0;
  private queue: Array<() => void> = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}

export class TestDataCache {
  readonly dir: string;
  private readonly objects: string;
  private readonly tmp: string;
  private readonly inFlight = new Map<string, Promise<{ path: string; downloaded: boolean }>>();
  private readonly pins = new Map<string, number>();
  private readonly limiter: Limiter;
  /**
   * Whether the last eviction left more than `maxBytes` (files in use or in their grace period);
   * null before the first. A prepare that downloaded nothing adds nothing, so it need not list the
   * whole cache again unless this says it is over its bound.
   */
  private overBound: boolean | null = null;

  constructor(private readonly opts: TestDataCacheOptions) {
    this.dir = path.resolve(opts.dir);
    this.objects = path.join(this.dir, 'objects');
    this.tmp = path.join(this.dir, 'tmp');
    for (const d of [this.dir, this.objects, this.tmp]) {
      fs.mkdirSync(d, { recursive: true, mode: 0o700 });
      fs.chmodSync(d, 0o700);
    }
    this.limiter = new Limiter(Math.max(1, opts.concurrency ?? 4));
  }

  /** Where the file of `hash` lives (whether or not it is there). */
  pathOf(hash: string): string {
    const h = normaliseHash(hash);
    return path.join(this.objects, h.slice(0, 2), h);
  }

  /** Makes sure one file is present and verified; returns its path. */
  async ensure(ref: FileRef): Promise<string> {
    return (await this.ensureOne(ref)).path;
  }

  private async ensureOne(ref: FileRef): Promise<{ path: string; downloaded: boolean }> {
    const hash = normaliseHash(ref.hash);
    const file = this.pathOf(hash);
    const st = await fsp.stat(file).catch(() => null);
    if (st?.isFile() && st.size === ref.size) {
      await touch(file);
      return { path: file, downloaded: false };
    }
    let job = this.inFlight.get(hash);
    if (!job) {
      job = this.limiter.run(() => this.download({ hash, size: ref.size }, file)).finally(() => this.inFlight.delete(hash));
      this.inFlight.set(hash, job);
    }
    return job;
  }

  private async download(ref: FileRef, file: string): Promise<{ path: string; downloaded: boolean }> {
    // Someone else (another worker) may have finished it while we waited for a download slot.
    const st = await fsp.stat(file).catch(() => null);
    if (st?.isFile()) {
      if (st.size === ref.size) {
        await touch(file);
        return { path: file, downloaded: false };
      }
      await fsp.rm(file, { force: true }); // a wrong size can only be damage: fetch it again
    }
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = path.join(this.tmp, `${ref.hash}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`);
    const fh = await fsp.open(tmp, 'wx', 0o644);
    let ok = false;
    try {
      const hasher = crypto.createHash('sha256');
      let size = 0;
      const write = async (chunk: Uint8Array | string) => {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += buf.length;
        if (size > ref.size) throw new TestDataIntegrityError(ref.hash, `test-data file ${ref.hash} is larger than the ${ref.size} bytes announced`);
        hasher.update(buf);
        await fh.write(buf);
      };
      const body = await this.opts.fetch(ref.hash, ref);
      if (body instanceof Uint8Array) await write(body);
      else for await (const chunk of body) await write(chunk);
      const got = hasher.digest('hex');
      if (size !== ref.size) throw new TestDataIntegrityError(ref.hash, `test-data file ${ref.hash}: got ${size} bytes, ${ref.size} announced`);
      if (got !== ref.hash) throw new TestDataIntegrityError(ref.hash, `test-data file ${ref.hash}: content hashes to ${got}`);
      await fh.sync();
      await fh.chmod(0o644);
      ok = true;
    } finally {
      await fh.close();
      if (!ok) await fsp.rm(tmp, { force: true });
    }
    await fsp.rename(tmp, file);
    return { path: file, downloaded: true };
  }

  /**
   * Makes every file of the manifest present (downloading the missing ones) and returns the cases
   * with host paths. Throws `TestDataIntegrityError` when a download does not match its hash (the
   * daemon should report the problem's data as broken), or whatever `fetch` throws.
   */
  async prepare(manifest: TestDataManifest): Promise<PreparedTestData> {
    const refs: FileRef[] = [
      ...manifest.cases.flatMap((c) => [c.input, c.output]),
      ...Object.values(manifest.userExtraFiles ?? {}),
      ...Object.values(manifest.judgeExtraFiles ?? {}),
    ];
    const hashes = refs.map((r) => normaliseHash(r.hash));
    this.pin(hashes);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.unpin(hashes);
    };
    try {
      const got = new Map<string, { path: string; downloaded: boolean }>();
      await Promise.all(
        refs.map(async (r) => {
          const h = normaliseHash(r.hash);
          const res = await this.ensureOne(r);
          if (!got.has(h) || res.downloaded) got.set(h, res);
        }),
      );
      const p = (r: FileRef) => ({ path: got.get(normaliseHash(r.hash))!.path });
      const sizes = new Map(refs.map((r) => [normaliseHash(r.hash), r.size]));
      const fresh = [...got.entries()].filter(([, v]) => v.downloaded);
      const prepared: PreparedTestData = {
        problemId: manifest.problemId,
        caseVersion: manifest.caseVersion,
        cases: manifest.cases.map((c) => ({ caseId: c.id, input: p(c.input), output: p(c.output), score: c.score, groupNum: c.groupNum })),
        userExtraFiles: Object.fromEntries(Object.entries(manifest.userExtraFiles ?? {}).map(([n, r]) => [n, p(r)])),
        judgeExtraFiles: Object.fromEntries(Object.entries(manifest.judgeExtraFiles ?? {}).map(([n, r]) => [n, p(r)])),
        downloaded: fresh.length,
        downloadedBytes: fresh.reduce((s, [h]) => s + (sizes.get(h) ?? 0), 0),
        release,
      };
      // Listing every file costs a stat each (O(cache) per submission on a big host): only when bytes came in.
      if (this.opts.maxBytes !== undefined && (fresh.length > 0 || this.overBound !== false)) await this.evict(hashes);
      return prepared;
    } catch (e) {
      release();
      throw e;
    }
  }

  private pin(hashes: string[]) {
    for (const h of hashes) this.pins.set(h, (this.pins.get(h) ?? 0) + 1);
  }

  private unpin(hashes: string[]) {
    for (const h of hashes) {
      const n = (this.pins.get(h) ?? 1) - 1;
      if (n <= 0) this.pins.delete(h);
      else this.pins.set(h, n);
    }
  }

  /** Files and bytes held. */
  async usage(): Promise<{ files: number; bytes: number }> {
    const all = await this.list();
    return { files: all.length, bytes: all.reduce((s, f) => s + f.size, 0) };
  }

  private async list(): Promise<Array<{ hash: string; file: string; size: number; mtimeMs: number }>> {
    const out: Array<{ hash: string; file: string; size: number; mtimeMs: number }> = [];
    for (const sub of await fsp.readdir(this.objects).catch(() => [] as string[])) {
      const d = path.join(this.objects, sub);
      for (const name of await fsp.readdir(d).catch(() => [] as string[])) {
        if (!HASH_RE.test(name)) continue;
        const file = path.join(d, name);
        const st = await fsp.stat(file).catch(() => null);
        if (st?.isFile()) out.push({ hash: name, file, size: st.size, mtimeMs: st.mtimeMs });
      }
    }
    return out;
  }

  /**
   * Removes least recently used files until the cache fits `maxBytes`, never one in `keep`, pinned
   * by an unreleased `prepare`, or used within the grace period. Also removes temp files of
   * downloads that died more than an hour ago.
   */
  async evict(keep: Iterable<string> = [], maxBytes = this.opts.maxBytes ?? Infinity): Promise<{ removed: number; freedBytes: number }> {
    const now = Date.now();
    for (const name of await fsp.readdir(this.tmp).catch(() => [] as string[])) {
      const f = path.join(this.tmp, name);
      const st = await fsp.stat(f).catch(() => null);
      if (st && now - st.mtimeMs > 3600_000) await fsp.rm(f, { force: true });
    }
    const protectedHashes = new Set([...keep].map((h) => h.toLowerCase()));
    const grace = this.opts.evictGraceMs ?? 3600_000;
    const all = (await this.list()).sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = all.reduce((s, f) => s + f.size, 0);
    let removed = 0;
    let freedBytes = 0;
    for (const f of all) {
      if (total <= maxBytes) break;
      if (protectedHashes.has(f.hash) || this.pins.has(f.hash) || this.inFlight.has(f.hash) || now - f.mtimeMs < grace) continue;
      await fsp.rm(f.file, { force: true });
      total -= f.size;
      removed++;
      freedBytes += f.size;
    }
    if (maxBytes === this.opts.maxBytes) this.overBound = total > maxBytes;
    return { removed, freedBytes };
  }
}

async function touch(file: string): Promise<void> {
  const now = new Date();
  await fsp.utimes(file, now, now).catch(() => {});
}

/** SHA-256 hex of a buffer or string (for building manifests). */
export function sha256Hex(data: string | Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}
