import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgListener } from './listener.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** The database or a transaction on it: service functions that other modules call inside their own transaction take this. */
export type DbOrTx = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Connection string, for the few things that need a connection of their own. */
  url: string;
  /** The one LISTEN connection of this process (opened by its first subscriber). */
  listener: PgListener;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function connect(url: string, max = 8): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // Idle clients report errors when the server goes away (e.g. at shutdown); without a listener they crash the process.
  pool.on('error', () => {});
  const listener = new PgListener(url);
  const database: Database = {
    db: drizzle(pool, { schema }),
    pool,
    url,
    listener,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
  byDb.set(database.db, database);
  return database;
}

const byDb = new WeakMap<object, Database>();

/** The Database a `db` handle belongs to (for its listener), when it was opened by `connect`; not a transaction's. */
export const databaseOfDb = (db: object): Database | undefined => byDb.get(db);

interface Journal {
  entries: { when: number; tag: string }[];
}

let journal: Journal | undefined;
const journalOf = (): Journal => (journal ??= JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal);

/**
 * How many of this code's migrations the database has (drizzle records each by its journal time); a
 * database migrated by newer code counts as having them all.
 */
export async function migrationLevel(database: Database): Promise<{ applied: number; expected: number }> {
  const entries = journalOf().entries;
  const res = await database.pool
    .query<{ last: string | null }>(`select max(created_at)::text as last from drizzle.__drizzle_migrations`)
    .catch((e: { code?: string }) => {
      if (e.code === '42P01' || e.code === '3F000') return { rows: [{ last: null }] }; // never migrated
      throw e;
    });
  const last = Number(res.rows[0]?.last ?? 0);
  return { applied: entries.filter((e) => e.when <= last).length, expected: entries.length };
}

/** Any fixed key: the migrations' lock among the API nodes of one database. */
const MIGRATION_LOCK = 0x6f6a_6d67;

/**
 * Applies the pending migrations. Nodes started together take turns (a session advisory lock on one
 * connection), so each migration runs once; the ones that waited find nothing left to do.
 */
export async function runMigrations(database: Database) {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
