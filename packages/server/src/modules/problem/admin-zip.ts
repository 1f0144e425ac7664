/**
 * Safe reading of uploaded zips (test data, problem imports). Before anything is inflated the central
 * directory is checked: no absolute or `..` paths (zip slip), no symbolic links, a bounded number of
 * entries, per-file and total unpacked sizes, and the packed/unpacked ratio (zip bombs). fflate then
 * inflates into buffers of the declared size, so a lying header cannot make it allocate more.
 */
import { unzipSync } from 'fflate';
import { TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { fail } from '../../lib/errors.js';

export interface ZipLimits {
  fileMaxBytes: number;
  totalMaxBytes: number;
  maxEntries: number;
  maxRatio: number;
}

interface CentralEntry {
  name: string;
  packed: number;
  size: number;
  isDir: boolean;
  isSymlink: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The entries of the central directory; throws zipInvalid when there is none. */
function centralDirectory(buf: Buffer): CentralEntry[] {
  // The end record is in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw fail('zipInvalid');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: CentralEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw fail('zipInvalid');
    const madeBy = buf.readUInt8(at + 5); // host system: 3 = Unix (mode in the upper external attribute bits)
    const packed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const external = buf.readUInt32LE(at + 38);
    if (at + 46 + nameLen > buf.length) throw fail('zipInvalid');
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const mode = (external >>> 16) & 0o170000;
    entries.push({ name, packed, size, isDir: name.endsWith('/'), isSymlink: madeBy === 3 && mode === 0o120000 });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

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

/**
 * The files of a zip (folders and archiver junk left out) as path → content, after all checks.
 * `maxDepth` 0 allows files at the root only; deeper entries are refused with zipNested.
 */
export function readZip(buf: Buffer, o: { maxDepth: number; limits?: ZipLimits }): Map<string, Buffer> {
  const limits = o.limits ?? TESTCASE_ZIP_LIMITS;
  if (buf.length < 22) throw fail('zipInvalid');
  const entries = centralDirectory(buf);
  if (entries.length > limits.maxEntries) throw fail('zipTooManyEntries', { max: limits.maxEntries });
  let total = 0;
  const wanted = new Set<string>();
  for (const e of entries) {
    if (!isSafeZipPath(e.name)) throw fail('zipUnsafePath', { name: e.name.slice(0, 200) });
    if (e.isSymlink) throw fail('zipSymlink', { name: e.name.slice(0, 200) });
    if (isArchiverJunk(e.name) || e.isDir) continue;
    if (e.name.split('/').length - 1 > o.maxDepth) throw fail('zipNested', { name: e.name.slice(0, 200) });
    if (e.size > limits.fileMaxBytes) throw fail('zipFileTooLarge', { name: e.name, max: mb(limits.fileMaxBytes) });
    if (e.size > 1024 * 1024 && e.size > Math.max(e.packed, 1) * limits.maxRatio) throw fail('zipBomb', { name: e.name });
    total += e.size;
    if (total > limits.totalMaxBytes) throw fail('zipTotalTooLarge', { max: mb(limits.totalMaxBytes) });
    wanted.add(e.name);
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, { filter: (f) => wanted.has(f.name) });
  } catch {
    throw fail('zipInvalid');
  }
  const out = new Map<string, Buffer>();
  for (const name of wanted) {
    const data = files[name];
    if (!data) throw fail('zipInvalid');
    out.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  return out;
}
