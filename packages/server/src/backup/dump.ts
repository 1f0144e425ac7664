/**
 * `oj backup`: the database as one consistent snapshot, then the files of DATA_DIR, into one archive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { hashing } from './archive.js';
import { appVersion, FILES_PREFIX, FORMAT_VERSION, MANIFEST, NOT_BACKED_UP, tableEntryName, type Manifest, type TableEntry } from './format.js';
import { databaseLevel } from './migrations.js';
import type { Progress } from './progress.js';
import { listTables } from './tables.js';

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  skipped: number;
  bytes: number;
}

interface Spooled extends TableEntry {
  spool: string;
}

/**
 * Every table of schemas public and drizzle, copied out inside ONE repeatable-read transaction: all of
 * them show the same instant however long the copy takes and whatever the site writes meanwhile. A tar
 * entry needs its size before its bytes, which COPY does not tell in advance, so each table goes to a
 * spool file first; the transaction then ends before the (slower) compression.
 */
async function snapshotTables(url: string, spoolDir: string, progress: Progress) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await listTables(client);
    const level = await databaseLevel(client);
    if (level.count === 0) throw new Error('The database has never been migrated: there is no site to back up.');
    progress.expect('tables', tables.length);
    const out: Spooled[] = [];
    for (const [i, t] of tables.entries()) {
      const spool = path.join(spoolDir, `${i}.bin`);
      const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const copy = client.query(copyTo(`COPY ${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)} (${cols}) TO STDOUT (FORMAT binary)`));
      const h = hashing((n) => progress.addBytes(n));
      await pipeline(copy, h.stream, fs.createWriteStream(spool));
      out.push({ ...t, rows: copy.rowCount, ...h.result(), spool });
      progress.item('tables');
    }
    await client.query('COMMIT');
    return { tables: out, level };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Regular files below DATA_DIR, relative with "/" separators, sorted; `skip` holds absolute paths left out. */
function listFiles(dataDir: string, skip: Set<string>): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // removed while we walked
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if ((!rel && NOT_BACKED_UP.has(e.name)) || skip.has(abs)) continue;
      if (e.isDirectory()) walk(abs, r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk(dataDir, '');
  return out;
}

/** Adds one entry whose content is `source` (exactly `size` bytes) to the tar. */
function addEntry(pack: tar.Pack, header: Partial<tar.Header> & { name: string }, source: Readable, tap: ReturnType<typeof hashing>) {
  return new Promise<void>((resolve, reject) => {
    const entry = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    pipeline(source, tap.stream, entry as unknown as NodeJS.WritableStream).catch(reject);
  });
}

export async function writeBackup(o: { url: string; dataDir: string; file: string; progress: Progress }): Promise<BackupSummary> {
  const file = path.resolve(o.file);
  const dataDir = path.resolve(o.dataDir);
  // Written aside and renamed at the end: a backup that fails leaves no archive that looks whole.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true }); // a left-over one would keep its own permissions
  const spoolDir = fs.mkdtempSync(path.join(path.dirname(file), '.oj-backup-'));
  const { progress } = o;
  try {
    const { tables, level } = await snapshotTables(o.url, spoolDir, progress);

    const pack = tar.pack();
    // Only the owner reads it: it holds password hashes, sessions and the site's secrets.
    const writing = pipeline(pack as unknown as Readable, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    writing.catch(() => {}); // awaited below; a failure also ends the entry writes above it
    const mtime = new Date();
    for (const t of tables) {
      await addEntry(pack, { name: tableEntryName(t), size: t.size, mode: 0o600, mtime }, fs.createReadStream(t.spool), hashing());
      fs.rmSync(t.spool);
    }

    // Files after the snapshot: test data and uploads are content-addressed and never rewritten, so a
    // file the snapshot names is still there unless deleted since, and then nothing needs it.
    const names = listFiles(dataDir, new Set([file, partial, spoolDir]));
    progress.expect('files', names.length);
    const files: Manifest['files'] = [];
    const skipped: string[] = [];
    for (const rel of names) {
      const handle = await fs.promises.open(path.join(dataDir, ...rel.split('/')), 'r').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (!handle) {
        skipped.push(rel);
        continue;
      }
      try {
        // The open handle keeps the content it found even if the file is replaced meanwhile.
        const st = await handle.stat();
        const tap = hashing((n) => progress.addBytes(n));
        const source = st.size === 0 ? Readable.from([]) : handle.createReadStream({ start: 0, end: st.size - 1, autoClose: false });
        await addEntry(pack, { name: `${FILES_PREFIX}${rel}`, size: st.size, mode: st.mode & 0o777, mtime: st.mtime }, source, tap).catch((err) => {
          throw new Error(`${rel} changed while it was copied (${err instanceof Error ? err.message : err}); run the backup again.`);
        });
        files.push({ path: rel, mode: st.mode & 0o777, ...tap.result() });
      } finally {
        await handle.close();
      }
      progress.item('files');
    }

    const manifest: Manifest = {
      format: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      migrations: level,
      tables: tables.map(({ spool: _spool, ...t }) => t),
      files,
      skipped,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await new Promise<void>((resolve, reject) => pack.entry({ name: MANIFEST, mode: 0o644, mtime }, json, (err) => (err ? reject(err) : resolve())));
    pack.finalize();
    await writing;
    fs.renameSync(partial, file);
    return {
      tables: tables.length,
      rows: tables.reduce((s, t) => s + t.rows, 0),
      files: files.length,
      skipped: skipped.length,
      bytes: fs.statSync(file).size,
    };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    fs.rmSync(spoolDir, { recursive: true, force: true });
  }
}
