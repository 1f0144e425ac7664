/**
 * `oj restore`: an archive into an empty database and DATA_DIR. Order: check the whole archive (nothing
 * touched yet), migrate the target to the archive's level, load every table and stage every file in one
 * transaction, put the files in place once it committed, then run the migrations this code has beyond
 * the archive's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DamagedArchive, hashing, readArchive } from './archive.js';
import { FILES_PREFIX, tableEntryName, type Manifest } from './format.js';
import { journalEntries, migrateAll, migrateTo } from './migrations.js';
import type { Progress } from './progress.js';
import { listTables, SCHEMAS, type TableInfo } from './tables.js';
import { verifyArchive } from './verify.js';

export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
}

/** Refuses an archive whose migrations this code does not have (restoring it would lose what they made). */
function checkLevel(manifest: Manifest) {
  const entries = journalEntries();
  const { count, last } = manifest.migrations;
  if (count > entries.length || (count > 0 && entries[count - 1]!.tag !== last)) {
    throw new RestoreRefused(
      `The archive comes from a newer version of the site (migration ${count}, ${last}; this version has ${entries.length}): upgrade first, then restore.`,
    );
  }
}

/** Public tables that hold a row: a target with any is not empty. */
async function tablesWithRows(client: pg.ClientBase, tables: TableInfo[]) {
  const full: string[] = [];
  for (const t of tables.filter((t) => t.schema === 'public')) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select 1 from ${client.escapeIdentifier(t.name)}) as any`);
    if (rows[0]?.any) full.push(t.name);
  }
  return full;
}

/**
 * Refuses a target holding any row unless forced; then removes schemas public and drizzle, so the
 * migrations build exactly the archive's schema.
 */
async function clearTarget(client: pg.ClientBase, force: boolean) {
  const existing = await listTables(client);
  const full = await tablesWithRows(client, existing);
  if (full.length && !force) {
    throw new RestoreRefused(
      `The target database is not empty (${full.slice(0, 3).join(', ')}${full.length > 3 ? ` and ${full.length - 3} more tables` : ''} hold rows). ` +
        'Restore into an empty database, or add --force to replace everything in it.',
    );
  }
  if (!existing.length) return;
  // Schema public comes back with its owner (pg_database_owner on a new database) and the usage
  // everyone has on it, so the site's own role keeps reaching it.
  const { rows } = await client.query<{ owner: string }>(`select nspowner::regrole::text as owner from pg_namespace where nspname = 'public'`);
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await client.query('DROP SCHEMA IF EXISTS public CASCADE');
  await client.query(`CREATE SCHEMA public AUTHORIZATION ${rows[0]?.owner ?? 'CURRENT_USER'}`);
  await client.query('GRANT USAGE ON SCHEMA public TO PUBLIC');
}

/** Sets every sequence owned by a column (serial and identity) to that column's largest value. */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as seq, format('%I.%I', tn.nspname, t.relname) as tbl, quote_ident(a.attname) as col
     from pg_class s
     join pg_namespace sn on sn.oid = s.relnamespace
     join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid
     join pg_namespace tn on tn.oid = t.relnamespace
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and sn.nspname = any($1)`,
    [SCHEMAS],
  );
  for (const r of rows) {
    await client.query(`select setval($1::regclass, coalesce(m, 1), m is not null) from (select max(${r.col}) as m from ${r.tbl}) x`, [r.seq]);
  }
}

/**
 * Loads the tables (in the open transaction on `client`) and stages the files in `staging`, checking
 * each against the manifest again: the archive could have changed since it was verified.
 */
async function loadArchive(file: string, manifest: Manifest, client: pg.ClientBase, staging: string, progress: Progress) {
  const tables = new Map(manifest.tables.map((t) => [tableEntryName(t), t]));
  const files = new Map(manifest.files.map((f, i) => [`${FILES_PREFIX}${f.path}`, { ...f, staged: path.join(staging, String(i)) }]));
  const done = new Set<string>();
  await readArchive(file, async (entry, content) => {
    const table = tables.get(entry.name);
    const f = files.get(entry.name);
    const tap = hashing((n) => progress.addBytes(n));
    let rows = 0;
    if (table) {
      const cols = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const copy = client.query(
        copyFrom(`COPY ${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)} (${cols}) FROM STDIN (FORMAT binary)`),
      );
      await pipeline(content, tap.stream, copy);
      rows = copy.rowCount;
    } else if (f) {
      await pipeline(content, tap.stream, fs.createWriteStream(f.staged, { mode: 0o600 }));
    } else {
      content.resume();
      return;
    }
    const want = table ?? f!;
    const got = tap.result();
    if (got.sha256 !== want.sha256 || got.size !== want.size || (table && rows !== table.rows)) {
      throw new Error(`${entry.name} differs from the manifest on the second reading: was the archive changed during the restore?`);
    }
    done.add(entry.name);
    progress.item(table ? 'tables' : 'files');
  });
  const missing = [...tables.keys(), ...files.keys()].find((n) => !done.has(n));
  if (missing) throw new Error(`${missing} was not found on the second reading: was the archive changed during the restore?`);
  return files;
}

/**
 * Loading the tables without triggers (`session_replication_role`) takes a superuser: asked before anything
 * changes, so a role that is not one is told so plainly instead of after the schema was reset.
 */
async function requireSuperuser(client: pg.Client) {
  const { rows } = await client.query<{ name: string; superuser: boolean }>("select current_user as name, current_setting('is_superuser') = 'on' as superuser");
  const me = rows[0]!;
  if (!me.superuser)
    throw new RestoreRefused(
      `A restore needs a PostgreSQL superuser (it loads the tables without triggers), and the role "${me.name}" is not one: restore with a superuser's DATABASE_URL, then let the site connect as its own role. Nothing was changed.`,
    );
}

export async function restoreBackup(o: {
  file: string;
  dataDir: string;
  /** Opens the target database; called only once the archive checked out. */
  openDatabase: () => Promise<{ url: string; close(): Promise<void> }>;
  force: boolean;
  progress: (title: string) => Progress;
}): Promise<RestoreSummary> {
  const checking = o.progress('checking the archive');
  const manifest = await verifyArchive(o.file, checking).finally(() => checking.end());
  checkLevel(manifest);

  const target = await o.openDatabase();
  const client = new pg.Client({ connectionString: target.url });
  client.on('error', () => {});
  const staging = path.join(o.dataDir, 'tmp', `restore-${crypto.randomBytes(6).toString('hex')}`);
  try {
    await client.connect();
    await requireSuperuser(client);
    await clearTarget(client, o.force);
    await migrateTo(client, manifest.migrations.count);

    fs.mkdirSync(staging, { recursive: true });
    const progress = o.progress('restoring');
    progress.expect('tables', manifest.tables.length);
    progress.expect('files', manifest.files.length);
    await client.query('BEGIN');
    let staged: Awaited<ReturnType<typeof loadArchive>>;
    try {
      // The archive holds the counters and rank tables the triggers would compute, and its rows are
      // consistent as a whole: no trigger (foreign key checks included) runs while they load.
      await client.query('SET LOCAL session_replication_role = replica').catch((err: Error) => {
        throw new Error(`A restore needs a PostgreSQL superuser (to load the tables without triggers): ${err.message}`);
      });
      const tables = await listTables(client);
      const unknown = manifest.tables.find((t) => !tables.some((x) => x.schema === t.schema && x.name === t.name));
      if (unknown) throw new Error(`The archive's table ${unknown.schema}.${unknown.name} does not exist at its migration level: the archive is inconsistent.`);
      // The migrations' own rows (default permissions, categories) are in the archive as they were.
      const names = tables.map((t) => `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`);
      if (names.length) await client.query(`TRUNCATE ${names.join(', ')}`);
      staged = await loadArchive(o.file, manifest, client, staging, progress);
      await resetSequences(client);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      const why = err instanceof DamagedArchive ? `the archive changed since it was checked: ${err.message}` : (err as Error).message;
      throw new Error(`${why}\nNo data was loaded; the target database is migrated but holds no site: run the restore again with --force.`);
    } finally {
      progress.end();
    }
    // Renames within DATA_DIR: each file appears whole. Files the archive does not have stay.
    for (const f of staged.values()) {
      const dest = path.join(o.dataDir, ...f.path.split('/'));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.renameSync(f.staged, dest);
      fs.chmodSync(dest, f.mode & 0o777);
    }
    await migrateAll(client);
    return { tables: manifest.tables.length, rows: manifest.tables.reduce((s, t) => s + t.rows, 0), files: manifest.files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await client.end().catch(() => {});
    await target.close();
  }
}
