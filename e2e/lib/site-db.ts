import fs from 'node:fs';
import path from 'node:path';
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
