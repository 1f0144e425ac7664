import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { site } from './browser.js';

/**
 * The connection URL of the e2e site's embedded PostgreSQL, for tests that read or write the database
 * directly: it listens on loopback at the port in its postmaster.pid (4th line), and its superuser
 * password is the random one the site keeps in `DATA_DIR/pg.password`.
 */
export function siteDbUrl(): string {
  const { dataDir } = site();
  const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** One SQL statement against the e2e site's database (a connection of its own); the rows it answers. */
export async function siteSql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: siteDbUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
