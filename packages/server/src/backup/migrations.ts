/**
 * Migration levels: how many entries of the migrations journal a database has, and migrating a fresh
 * database to exactly an archive's level (its data fits that schema; the later migrations then run
 * over the restored rows as they would over a live site's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

interface Journal {
  entries: { when: number; tag: string }[];
}

const readJournal = (folder = migrationsFolder) => JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

export const journalEntries = () => readJournal().entries;

/**
 * The level of the database `client` reads (inside the backup's snapshot): drizzle records each applied
 * migration with its journal time. A database migrated by code this one does not know is refused:
 * its level could not be named, nor restored by this code.
 */
export async function databaseLevel(client: pg.ClientBase): Promise<{ count: number; last: string | null }> {
  const res = await client
    .query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations')
    .catch((e: { code?: string }) => {
      if (e.code === '42P01' || e.code === '3F000') return { rows: [{ last: null }] }; // never migrated
      throw e;
    });
  const last = res.rows[0]?.last;
  if (last == null) return { count: 0, last: null };
  const entries = journalEntries();
  const i = entries.findIndex((e) => String(e.when) === last);
  if (i < 0) throw new Error('The database was migrated by a newer version of the site than this one: back it up with that version.');
  return { count: i + 1, last: entries[i]!.tag };
}

/**
 * Applies this code's first `count` migrations with drizzle's migrator, pointed at a copy of the
 * migrations folder whose journal stops there (the migrator has no "up to" of its own).
 */
export async function migrateTo(client: pg.Client, count: number) {
  if (count === 0) return;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-migrations-'));
  try {
    fs.cpSync(migrationsFolder, tmp, { recursive: true });
    const journal = readJournal(tmp);
    journal.entries = journal.entries.slice(0, count);
    fs.writeFileSync(path.join(tmp, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(client), { migrationsFolder: tmp });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export async function migrateAll(client: pg.Client) {
  await migrate(drizzle(client), { migrationsFolder });
}
