/**
 * The on-disk cache of compiled programs, shared by submissions (`compileSubmission`) and checkers
 * (`compileChecker`): one directory per key, the key a hash of everything that decides the result
 * of a compile (toolchain and its command, source, the files beside the source). A rejudge, a
 * resubmit, or the same A+B by many users is compiled once.
 *
 * Safety:
 * - an entry is built in a `.build-*` directory and renamed into place, so a reader sees a whole
 *   entry or none; two builders of one key race harmlessly (the loser's copy is dropped, the
 *   contents are the same by construction of the key);
 * - its files are root-owned and read-only (0444, executables 0555); boxes never see the cache
 *   directory: the runner copies a program's files into each box;
 * - a submission takes hard links of an entry's files into its own work directory, so evicting an
 *   entry (renamed to `.evict-*`, then removed) never pulls a file from under a running judge;
 *   a checker is used in place, so entries used within `IN_PLACE_GRACE_MS` are never evicted;
 * - the cache is bounded (`OJ_JUDGE_PROGRAM_CACHE_MB`, default 512 MB): past the bound, the least
 *   recently used entries go (each use touches the entry's directory).
 *
 * A compile error is an entry too (its message, no files), so resubmitting a broken source shows
 * the same message without compiling again; outcomes that depend on the machine's load or on the
 * sandbox (time limit, system error) are never kept.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { JudgeStatusCode } from '@oj/shared';

export interface CacheMeta {
  /** null: the compile succeeded; else what the submission is told (a compile error). */
  error: { status: JudgeStatusCode; message?: string } | null;
}

const META = 'meta.json';
const FILES = 'files';
/** Checkers run from their entry directory: one in use must stay. */
export const IN_PLACE_GRACE_MS = 3600_000;
/** An entry's smallest charge, so that many tiny entries (compile errors) are bounded too. */
const MIN_ENTRY_BYTES = 4096;

export const programCacheStats = { hits: 0, stores: 0, evictions: 0 };

export function cacheKey(material: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(material)).digest('hex');
}

export function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export function maxCacheBytes(): number {
  const mb = Number(process.env.OJ_JUDGE_PROGRAM_CACHE_MB ?? 512);
  return (Number.isFinite(mb) && mb > 0 ? mb : 512) * 1024 * 1024;
}

/** Hashes of the top-level regular files of `dirs` (what the runner copies into a box), in order. */
export async function dirFileHashes(dirs: readonly string[]): Promise<Array<[number, string, string]>> {
  const out: Array<[number, string, string]> = [];
  for (const [i, dir] of dirs.entries()) {
    for (const name of (await fsp.readdir(dir)).sort()) {
      const st = await fsp.lstat(path.join(dir, name));
      if (st.isFile()) out.push([i, name, sha256(await fsp.readFile(path.join(dir, name)))]);
    }
  }
  return out;
}

/** Size and change time of a toolchain binary: an upgrade in place changes the key. */
export function toolStamp(file: string | undefined): string {
  if (!file || !path.isAbsolute(file)) return '';
  try {
    const st = fs.statSync(file);
    return `${st.size}:${Math.floor(st.mtimeMs)}`;
  } catch {
    return '';
  }
}

export class ProgramCache {
  /** Bytes in the directory as last counted plus what this process added since (other processes may add too). */
  private bytes: number | null = null;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private evicting: Promise<void> | null = null;

  constructor(
    readonly root: string,
    private readonly maxBytes: () => number = maxCacheBytes,
  ) {}

  entryDir(key: string): string {
    return path.join(this.root, key);
  }

  /** The entry's meta, touching it as used; null when there is none. */
  async lookup(key: string): Promise<CacheMeta | null> {
    const dir = this.entryDir(key);
    let meta: CacheMeta;
    try {
      meta = JSON.parse(await fsp.readFile(path.join(dir, META), 'utf8')) as CacheMeta;
    } catch {
      return null;
    }
    const now = new Date();
    await fsp.utimes(dir, now, now).catch(() => {});
    programCacheStats.hits++;
    return meta;
  }

  /** Hard links (a copy across file systems) of the entry's files in `into`; false when the entry went meanwhile. */
  async linkFiles(key: string, into: string): Promise<boolean> {
    const from = path.join(this.entryDir(key), FILES);
    try {
      for (const name of await fsp.readdir(from)) {
        const src = path.join(from, name);
        const dst = path.join(into, name);
        await fsp.link(src, dst).catch(async (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EXDEV' && e.code !== 'EPERM') throw e;
          await fsp.copyFile(src, dst);
        });
      }
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Keeps the top-level regular files of `filesFrom` (none when null) under `key`, read-only, with
   * `meta`. Never throws: a cache that cannot be written only costs a compile next time.
   */
  async store(key: string, meta: CacheMeta, filesFrom: string | null, extraFiles: Record<string, string> = {}): Promise<void> {
    let tmp: string | null = null;
    try {
      await fsp.mkdir(this.root, { recursive: true, mode: 0o700 });
      tmp = await fsp.mkdtemp(path.join(this.root, '.build-'));
      const files = path.join(tmp, FILES);
      await fsp.mkdir(files, { mode: 0o755 });
      const sources = [
        ...(filesFrom ? (await fsp.readdir(filesFrom)).map((name) => [path.join(filesFrom, name), name] as const) : []),
        ...Object.entries(extraFiles).map(([name, src]) => [src, name] as const),
      ];
      let bytes = MIN_ENTRY_BYTES;
      for (const [src] of sources) {
        const st = await fsp.lstat(src);
        if (st.isFile()) bytes += st.size;
      }
      // A compile that leaves hundreds of MB behind would push everything else out: not kept.
      if (bytes > this.maxBytes() / 8) return;
      const copy = async (src: string, name: string) => {
        const st = await fsp.lstat(src);
        if (!st.isFile()) return;
        const dst = path.join(files, name);
        await fsp.copyFile(src, dst);
        await fsp.chmod(dst, st.mode & 0o111 ? 0o555 : 0o444);
      };
      for (const [src, name] of sources) await copy(src, name);
      await fsp.chmod(files, 0o555);
      await fsp.writeFile(path.join(tmp, META), JSON.stringify(meta), { mode: 0o444 });
      try {
        await fsp.rename(tmp, this.entryDir(key));
        tmp = null;
        programCacheStats.stores++;
        if (this.bytes !== null) this.bytes += bytes;
      } catch (e) {
        // Another builder of the same key was first: its entry is the same.
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
      }
    } catch {
      // see above
    } finally {
      if (tmp) await fsp.rm(tmp, { recursive: true, force: true }).catch(() => {});
    }
    await this.evictIfFull();
  }

  /**
   * One build per key at a time in this process: a caller that finds `key` being built waits for
   * that build and then looks again (a build that was not kept, e.g. a sandbox failure, leaves it to
   * build its own).
   */
  async once<T>(key: string, build: () => Promise<T>): Promise<{ built: true; value: T } | { built: false }> {
    const running = this.inFlight.get(key);
    if (running) {
      await running.catch(() => {});
      return { built: false };
    }
    const job = build();
    this.inFlight.set(key, job);
    try {
      return { built: true, value: await job };
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async evictIfFull(): Promise<void> {
    if (this.bytes !== null && this.bytes <= this.maxBytes()) return;
    this.evicting ??= this.evict()
      .then(() => {})
      .finally(() => (this.evicting = null));
    await this.evicting;
  }

  /** Counts the directory and removes least recently used entries until it is under 90 % of the bound. */
  async evict(now = Date.now()): Promise<number> {
    const names = await fsp.readdir(this.root).catch(() => [] as string[]);
    const entries: Array<{ name: string; used: number; bytes: number }> = [];
    for (const name of names) {
      const p = path.join(this.root, name);
      const st = await fsp.stat(p).catch(() => null);
      if (!st) continue;
      if (name.startsWith('.')) {
        // A build or eviction that died with its process.
        if (now - st.mtimeMs > 24 * 3600_000) await fsp.rm(p, { recursive: true, force: true }).catch(() => {});
        continue;
      }
      let bytes = MIN_ENTRY_BYTES;
      for (const f of await fsp.readdir(path.join(p, FILES)).catch(() => [] as string[]))
        bytes += (await fsp.stat(path.join(p, FILES, f)).catch(() => null))?.size ?? 0;
      entries.push({ name, used: st.mtimeMs, bytes });
    }
    let total = entries.reduce((s, e) => s + e.bytes, 0);
    const target = this.maxBytes() * 0.9;
    let removed = 0;
    if (total > this.maxBytes()) {
      for (const e of entries.sort((a, b) => a.used - b.used)) {
        if (total <= target) break;
        if (now - e.used < IN_PLACE_GRACE_MS && this.usedInPlace(e.name)) continue;
        const gone = path.join(this.root, `.evict-${e.name}-${process.pid}-${removed}`);
        try {
          await fsp.rename(path.join(this.root, e.name), gone);
        } catch {
          continue;
        }
        await fsp.rm(gone, { recursive: true, force: true }).catch(() => {});
        total -= e.bytes;
        removed++;
        programCacheStats.evictions++;
      }
    }
    this.bytes = total;
    return removed;
  }

  /** Whether entries of this cache are run from where they are (checkers) rather than linked out. */
  protected usedInPlace(_name: string): boolean {
    return false;
  }
}

/** A cache whose entries are run in place (checkers): recently used entries are never evicted. */
export class InPlaceProgramCache extends ProgramCache {
  protected override usedInPlace(): boolean {
    return true;
  }

  /** The host directory of an entry's files (what a box copies in). */
  filesDir(key: string): string {
    return path.join(this.entryDir(key), FILES);
  }
}
