/**
 * The one place the server unpacks a zip somebody uploaded (test-case zips, HOJ problem imports).
 *
 * The zip is a file on disk (the upload is streamed there, see `saveUpload`), never a buffer. Its
 * central directory is read and every entry checked BEFORE anything is inflated or written: safe
 * relative paths (no zip slip), names within `nameMaxBytes` (a longer name cannot be created on disk),
 * no symbolic links (problem packages may allow them: they are then never created on disk, only read
 * as text and resolved to another file of the same zip, see `readZipLinks`), no duplicate names or file/folder clashes, the folder depth the caller allows,
 * at most `maxEntries` entries, each declared size within `fileMaxBytes`, their sum within
 * `totalMaxBytes`. Limits: `TESTCASE_ZIP_LIMITS` in `@oj/shared`.
 *
 * There is no refusal by compression ratio: real test data (100 000 equal numbers, 64 MB of one
 * repeated line) packs a thousand to one just like a zip bomb does, so what is bounded is what
 * unpacking may WRITE, never how well it packed. Before anything is written the file system must have
 * room for the declared total plus a reserve (`ZIP_DISK_RESERVE_BYTES`), so an upload cannot fill the
 * disk the database and the test data live on.
 *
 * Entries are then inflated one at a time as streams (node:zlib) straight into files, so memory stays
 * flat whatever the sizes. The declared size and CRC-32 are only claims: the bytes actually produced
 * are counted, per file and for the whole zip, against the site's limits and against the header;
 * inflation stops the moment either is passed (a 5 GB entry whose header says 1 KB stops after 1 KB),
 * and an entry that produces fewer bytes or another checksum is refused too.
 *
 * Work happens in a private folder under DATA_DIR/tmp (`withTempDir`), removed whatever happens, so a
 * refused or failed upload leaves nothing behind. ZIP64 archives are not read (their sizes would be
 * over the limits anyway); encrypted entries and methods other than stored/deflate are refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { fail } from './errors.js';

export interface ZipLimits {
  nameMaxBytes: number;
  fileMaxBytes: number;
  totalMaxBytes: number;
  maxEntries: number;
}

/**
 * Free space left on the data file system after unpacking (the declared total): the database, the
 * judges' downloads and other uploads need room too. Tests pass a reserve of their own.
 */
export const ZIP_DISK_RESERVE_BYTES = 256 * 1024 * 1024;

/** One file of the archive as its central directory describes it (checked, not yet trusted). */
export interface ZipEntry {
  name: string;
  size: number;
  packed: number;
  crc: number;
  method: number;
  /** offset of the local header */
  offset: number;
  /** a symbolic link (Unix mode S_IFLNK in the external attributes): its data is the target path */
  symlink?: true;
}

/** A link's target is a short relative path; anything longer is not a link a package means. */
const LINK_MAX_BYTES = 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is in the last 22 + 65535 (comment) bytes. */
const EOCD_SEARCH = 22 + 0xffff;
/** Temp folders older than this are left over from a killed process and removed. */
const TEMP_TTL_MS = 24 * 3600_000;

/** A relative path without `..`, drive letters, backslashes or control characters. */
export function isSafeZipPath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\x00-\x1f]/.test(name)) return false;
  return name
    .replace(/\/$/, '')
    .split('/')
    .every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Metadata that archivers add and nobody means as content. */
export const isArchiverJunk = (name: string) => name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name) || /(^|\/)Thumbs\.db$/i.test(name);

const mb = (n: number) => Math.floor(n / (1024 * 1024));
/** Names go into messages cut short: the point is to recognise the file, not to echo 64 KB back. */
const shown = (name: string, max = 200) => (name.length > max ? `${name.slice(0, max)}…` : name);

async function readAt(fh: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw fail('zipInvalid');
  return buf;
}

interface RawEntry extends ZipEntry {
  nameBytes: number;
  flags: number;
  isDir: boolean;
  isSymlink: boolean;
}

/** The central directory as stored; throws zipInvalid when it cannot be found or read. */
async function centralDirectory(fh: fs.promises.FileHandle, fileSize: number, limits: ZipLimits): Promise<RawEntry[]> {
  if (fileSize < 22) throw fail('zipInvalid');
  const tailStart = Math.max(0, fileSize - EOCD_SEARCH);
  const tail = await readAt(fh, tailStart, fileSize - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw fail('zipInvalid');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count > limits.maxEntries) throw fail('zipTooManyEntries', { max: limits.maxEntries });
  if (cdOffset + cdSize > tailStart + eocd) throw fail('zipInvalid');
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: RawEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL) throw fail('zipInvalid');
    const madeBy = cd.readUInt8(at + 5); // host system: 3 = Unix (mode in the upper external attribute bits)
    const nameLen = cd.readUInt16LE(at + 28);
    const extraLen = cd.readUInt16LE(at + 30);
    const commentLen = cd.readUInt16LE(at + 32);
    const external = cd.readUInt32LE(at + 38);
    if (at + 46 + nameLen > cd.length) throw fail('zipInvalid');
    const name = cd.toString('utf8', at + 46, at + 46 + nameLen);
    const mode = (external >>> 16) & 0o170000;
    entries.push({
      name,
      nameBytes: nameLen,
      flags: cd.readUInt16LE(at + 8),
      method: cd.readUInt16LE(at + 10),
      crc: cd.readUInt32LE(at + 16),
      packed: cd.readUInt32LE(at + 20),
      size: cd.readUInt32LE(at + 24),
      offset: cd.readUInt32LE(at + 42),
      isDir: name.endsWith('/'),
      isSymlink: madeBy === 3 && mode === 0o120000,
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * The files of the zip at `file` (folders and archiver junk left out), after every check of the
 * central directory. `maxDepth` 0 allows files at the root only; deeper entries are refused with
 * zipNested. Nothing is inflated here.
 */
export async function readZipDirectory(file: string, o: { maxDepth: number; limits?: ZipLimits; allowSymlinks?: boolean }): Promise<ZipEntry[]> {
  const limits = o.limits ?? TESTCASE_ZIP_LIMITS;
  const fh = await fs.promises.open(file, 'r');
  let raw: RawEntry[];
  try {
    raw = await centralDirectory(fh, (await fh.stat()).size, limits);
  } finally {
    await fh.close();
  }
  const files: ZipEntry[] = [];
  const names = new Set<string>();
  const folders = new Set<string>();
  let total = 0;
  for (const e of raw) {
    if (!isSafeZipPath(e.name)) throw fail('zipUnsafePath', { name: shown(e.name) });
    if (e.nameBytes > limits.nameMaxBytes) throw fail('zipNameTooLong', { name: shown(e.name, 60), max: limits.nameMaxBytes });
    if (e.isSymlink && (!o.allowSymlinks || e.size > LINK_MAX_BYTES)) throw fail('zipSymlink', { name: shown(e.name) });
    if (isArchiverJunk(e.name) || e.isDir) continue;
    const depth = e.name.split('/').length - 1;
    if (depth > o.maxDepth) throw fail('zipNested', { name: shown(e.name) });
    if (e.size > limits.fileMaxBytes) throw fail('zipFileTooLarge', { name: shown(e.name), max: mb(limits.fileMaxBytes) });
    total += e.size;
    if (total > limits.totalMaxBytes) throw fail('zipTotalTooLarge', { max: mb(limits.totalMaxBytes) });
    // Bit 0: encrypted. Only stored and deflated entries are read.
    if (e.flags & 1 || (e.method !== STORED && e.method !== DEFLATED)) throw fail('zipInvalid');
    // The same name twice, or a file where another entry needs a folder, cannot both be written.
    if (names.has(e.name)) throw fail('zipInvalid');
    names.add(e.name);
    for (let i = e.name.indexOf('/'); i >= 0; i = e.name.indexOf('/', i + 1)) folders.add(e.name.slice(0, i));
    files.push({
      name: e.name,
      size: e.size,
      packed: e.packed,
      crc: e.crc,
      method: e.method,
      offset: e.offset,
      ...(e.isSymlink ? { symlink: true as const } : {}),
    });
  }
  for (const f of folders) if (names.has(f)) throw fail('zipInvalid');
  return files;
}

/** Bytes actually written by one `extractZipEntries` call, held to the limits whatever the headers say. */
interface WriteBudget {
  written: number;
  limits: ZipLimits;
}

/**
 * Counts and checksums what passes. Fails the moment the entry passes the site's per-file limit or the
 * zip's bytes pass the total limit (counted here, not taken from any header), or the entry passes its
 * declared `size`; at the end fails unless it is exactly `size` with `crc`.
 */
function verifier(entry: ZipEntry, budget?: WriteBudget): Transform {
  let count = 0;
  let crc = 0;
  const mismatch = () => fail('zipEntryMismatch', { name: shown(entry.name) });
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      count += chunk.length;
      if (budget) {
        budget.written += chunk.length;
        if (count > budget.limits.fileMaxBytes) return done(fail('zipFileTooLarge', { name: shown(entry.name), max: mb(budget.limits.fileMaxBytes) }));
        if (budget.written > budget.limits.totalMaxBytes) return done(fail('zipTotalTooLarge', { max: mb(budget.limits.totalMaxBytes) }));
      }
      if (count > entry.size) return done(mismatch());
      crc = zlib.crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(count === entry.size && crc >>> 0 === entry.crc >>> 0 ? null : mismatch());
    },
  });
}

/**
 * Refuses with zipDiskFull unless the file system of `dir` has room for `need` bytes and `reserve`
 * more. statfs is what the kernel says now; other writers may take space meanwhile, which the reserve
 * absorbs.
 */
async function checkDiskSpace(dir: string, need: number, reserve: number): Promise<void> {
  const st = await fs.promises.statfs(dir);
  const free = st.bavail * st.bsize;
  if (need + reserve > free) throw fail('zipDiskFull', { need: Math.ceil((need + reserve) / (1024 * 1024)), free: mb(free) });
}

/**
 * Inflates `entries` (from `readZipDirectory` of the same file) into `destDir` under their names,
 * one stream at a time, after checking the disk has room for them (zipDiskFull). Symbolic links are
 * left out: nothing on disk ever is a link (`readZipLinks`). The bytes written are counted against
 * `limits` (zipFileTooLarge, zipTotalTooLarge); throws zipEntryMismatch when an entry's data does not
 * give its declared size and checksum, zipInvalid when its data cannot be found. Files already written
 * stay: callers unpack into a folder of `withTempDir` (or remove `destDir` themselves).
 */
export async function extractZipEntries(
  file: string,
  entries: ZipEntry[],
  destDir: string,
  o: { limits?: ZipLimits; diskReserveBytes?: number } = {},
): Promise<void> {
  const root = path.resolve(destDir);
  await fs.promises.mkdir(root, { recursive: true });
  const declared = entries.reduce((sum, e) => sum + (e.symlink ? 0 : e.size), 0);
  await checkDiskSpace(root, declared, o.diskReserveBytes ?? ZIP_DISK_RESERVE_BYTES);
  const budget: WriteBudget = { written: 0, limits: o.limits ?? TESTCASE_ZIP_LIMITS };
  const fh = await fs.promises.open(file, 'r');
  let fileSize: number;
  try {
    fileSize = (await fh.stat()).size;
    for (const e of entries) {
      if (e.symlink) continue;
      const target = path.resolve(root, e.name);
      // Defence in depth: names were checked by readZipDirectory, but nothing may land outside root.
      if (!target.startsWith(root + path.sep)) throw fail('zipUnsafePath', { name: shown(e.name) });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await inflateEntry(file, fh, fileSize, e, fs.createWriteStream(target, { flags: 'wx' }), budget);
    }
  } finally {
    await fh.close();
  }
}

/** Inflates one entry into `out`, held to its declared size and checksum. */
async function inflateEntry(
  file: string,
  fh: fs.promises.FileHandle,
  fileSize: number,
  e: ZipEntry,
  out: NodeJS.WritableStream,
  budget?: WriteBudget,
): Promise<void> {
  const local = await readAt(fh, e.offset, 30).catch(() => null);
  if (!local || local.readUInt32LE(0) !== LOCAL) throw fail('zipInvalid');
  const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + e.packed > fileSize) throw fail('zipInvalid');
  if (e.method === STORED && e.packed !== e.size) throw fail('zipEntryMismatch', { name: shown(e.name) });
  // createReadStream's end is inclusive; an empty range still has to run through the verifier.
  const src = e.packed > 0 ? fs.createReadStream(file, { start, end: start + e.packed - 1 }) : Readable.from([]);
  try {
    if (e.method === STORED) await pipeline(src, verifier(e, budget), out);
    else await pipeline(src, zlib.createInflateRaw(), verifier(e, budget), out);
  } catch (err) {
    // zlib's own errors (bad or cut-off deflate data) say the entry's bytes are not what it claims.
    if ((err as { code?: string }).code?.startsWith('Z_')) throw fail('zipEntryMismatch', { name: shown(e.name) });
    throw err;
  }
}

/** The target path each symbolic link of `entries` holds (at most 1 KB each, checked like any entry). */
export async function readZipLinks(file: string, entries: ZipEntry[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const fh = await fs.promises.open(file, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    for (const e of entries) {
      if (!e.symlink) continue;
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      });
      await inflateEntry(file, fh, fileSize, e, sink);
      links.set(e.name, Buffer.concat(chunks).toString('utf8'));
    }
  } finally {
    await fh.close();
  }
  return links;
}

/** Why a link was not followed. */
export type RefusedLinkReason = 'outside' | 'missing' | 'loop';

/**
 * Follows the links of a package to the files they name, inside the package only: `files` are the
 * names of the regular files, `links` link name → target as stored (relative to the link's folder).
 * A target that leaves the package (absolute, or `..` above its root), names nothing, or goes round
 * in circles is refused; a link to a link is followed (at most 8 steps). Pure: nothing is read.
 */
export function resolveZipLinks(
  files: ReadonlySet<string>,
  links: ReadonlyMap<string, string>,
): { resolved: Map<string, string>; refused: { name: string; target: string; reason: RefusedLinkReason }[] } {
  const resolved = new Map<string, string>();
  const refused: { name: string; target: string; reason: RefusedLinkReason }[] = [];
  for (const [name, target] of links) {
    let at = name;
    let reason: RefusedLinkReason | null = null;
    for (let step = 0; ; step++) {
      const t = links.get(at)!;
      if (step >= 8) {
        reason = 'loop';
        break;
      }
      // posix.normalize on the joined path: '..' is applied textually; whatever starts with '..' or '/' left the package.
      const joined = t.startsWith('/') ? t : path.posix.normalize(path.posix.join(path.posix.dirname(at), t));
      if (t.startsWith('/') || t.includes('\\') || joined === '..' || joined.startsWith('../') || !isSafeZipPath(joined)) {
        reason = 'outside';
        break;
      }
      if (files.has(joined)) {
        at = joined;
        break;
      }
      if (!links.has(joined)) {
        reason = 'missing';
        break;
      }
      at = joined;
    }
    if (reason) refused.push({ name, target, reason });
    else resolved.set(name, at);
  }
  return { resolved, refused };
}

/** Removes temp folders left by a process that was killed while working (errors ignored: another node may do the same). */
async function pruneTemp(tmpRoot: string) {
  for (const name of await fs.promises.readdir(tmpRoot).catch(() => [] as string[])) {
    const dir = path.join(tmpRoot, name);
    const st = await fs.promises.stat(dir).catch(() => null);
    if (st && Date.now() - st.mtimeMs > TEMP_TTL_MS) await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Runs `work` with a fresh private folder under DATA_DIR/tmp (same file system as the rest of
 * DATA_DIR, so results can be renamed into place) and removes the folder afterwards, whether `work`
 * succeeded or threw.
 */
export async function withTempDir<T>(dataDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const tmpRoot = path.join(dataDir, 'tmp');
  await fs.promises.mkdir(tmpRoot, { recursive: true });
  void pruneTemp(tmpRoot);
  const dir = path.join(tmpRoot, `unzip-${crypto.randomBytes(12).toString('hex')}`);
  await fs.promises.mkdir(dir, { mode: 0o700 });
  try {
    return await work(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
