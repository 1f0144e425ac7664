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

export async function runMigrations(database: Database) {
  await migrate(database.db, { migrationsFolder });
}
