import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { PNG } from 'pngjs';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { buildApp } from '../src/app.js';
import { DamagedArchive } from '../src/backup/archive.js';
import { writeBackup } from '../src/backup/dump.js';
import { MANIFEST, NOT_BACKED_UP, type Manifest } from '../src/backup/format.js';
import { journalEntries, migrateTo } from '../src/backup/migrations.js';
import { Progress } from '../src/backup/progress.js';
import { RestoreRefused, restoreBackup } from '../src/backup/restore.js';
import { listTables } from '../src/backup/tables.js';
import { connect } from '../src/db/client.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { createProblem, FakeJudge, submit, testQueue } from './judge-helpers.js';
import { client } from './client.js';
import { multipart } from './problem-admin-helpers.js';
import { remoteTarget } from './remote-target.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
let src: TestApp;
let work: string;
let archive: string;
let avatarLink: string;
const extraDbs: string[] = [];
const roles: string[] = [];

/** Progress lines go nowhere in tests. */
const quiet = () => new Progress('test', new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream);

function dbUrl(name: string) {
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: inject('pgUrl') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new, empty database (no schema of ours at all), as on a fresh machine. */
async function emptyDatabase(): Promise<string> {
  const name = `oj_restore_${crypto.randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  extraDbs.push(name);
  return dbUrl(name);
}

/** Every table of public and drizzle: its row count and the md5 of its rows in a fixed order. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const t of await listTables(c)) {
      const name = `${c.escapeIdentifier(t.schema)}.${c.escapeIdentifier(t.name)}`;
      const { rows } = await c.query<{ n: string; d: string }>(
        `select count(*) as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as d from ${name} x`,
      );
      out[`${t.schema}.${t.name}`] = `${rows[0]!.n} ${rows[0]!.d}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** The site's files under a data dir (path → sha256), without the database's own. */
function fileDigests(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!rel && NOT_BACKED_UP.has(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else out[r] = sha256(fs.readFileSync(path.join(dir, e.name)));
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir, '');
  return out;
}

const restore = (file: string, url: string, dataDir: string, force = false) =>
  restoreBackup({ file, dataDir, openDatabase: async () => ({ url, close: async () => {} }), force, progress: quiet });

/** A copy of an archive with its manifest edited (the checksums still match: only the edit is wrong). */
async function withManifest(file: string, edit: (m: Manifest) => void, extra?: { name: string; body: Buffer }): Promise<string> {
  const out = path.join(work, `edited-${crypto.randomBytes(4).toString('hex')}.tar.gz`);
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack as unknown as NodeJS.ReadableStream, zlib.createGzip(), fs.createWriteStream(out));
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    let body = Buffer.concat(chunks);
    if (entry.header.name === MANIFEST) {
      const m = JSON.parse(body.toString('utf8')) as Manifest;
      edit(m);
      body = Buffer.from(JSON.stringify(m));
    }
    await new Promise<void>((resolve, reject) => pack.entry({ ...entry.header, size: body.length }, body, (err) => (err ? reject(err) : resolve())));
  }
  await reading;
  if (extra) await new Promise<void>((resolve, reject) => pack.entry({ name: extra.name }, extra.body, (err) => (err ? reject(err) : resolve())));
  pack.finalize();
  await writing;
  return out;
}

function pngBytes(): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(120);
  return PNG.sync.write(png);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-backup-test-'));
  archive = path.join(work, 'site.tar.gz');
  src = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(src.database.db, 'switch', { submitIntervalSec: 0 });
  // A user with an uploaded avatar, a problem with test data, and submissions (one judged, so the
  // verdict counters and the user's solved state hold something).
  const uid = await createUser(src, { username: 'keeper' });
  const token = await login(src, 'keeper');
  const { payload, contentType } = multipart([{ field: 'image', filename: 'me.png', type: 'image/png', content: pngBytes() }]);
  const up = await src.app.inject({ method: 'POST', url: '/api/file/upload-avatar', headers: { authorization: token, 'content-type': contentType }, payload });
  avatarLink = (up.json() as { data: { link: string } }).data.link;
  const pid = await createProblem(src, { problemId: 'BK1', title: 'Kept safe' }, [
    { input: '5 6\n', output: '11\n' },
    { input: 'big\n'.repeat(5000), output: 'ok\n' },
  ]);
  const judge = await FakeJudge.start(src, 'bk');
  const user = { uid, username: 'keeper' };
  await submit(src, { pid, user });
  const task = await judge.take();
  await judge.result(task);
  await submit(src, { pid, user, code: 'int main() { return 1; }' });
}, 60_000);

afterAll(async () => {
  await src?.close();
  for (const name of extraDbs) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const role of roles) await admin(`DROP ROLE IF EXISTS ${role}`);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let target: string;
  let targetDir: string;

  it('backs up the running site and restores every table and file into an empty database and data dir', async () => {
    const written = await writeBackup({ url: src.database.url, dataDir: src.config.dataDir, file: archive, progress: quiet() });
    expect(written.files).toBeGreaterThan(2);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    expect(fs.statSync(archive).mode & 0o077).toBe(0); // password hashes and secrets: the owner's only

    target = await emptyDatabase();
    targetDir = path.join(work, 'restored-data');
    const restored = await restore(archive, target, targetDir);
    expect(restored).toMatchObject({ tables: written.tables, rows: written.rows, files: written.files });

    expect(await tableDigests(target)).toEqual(await tableDigests(src.database.url));
    const files = fileDigests(targetDir);
    expect(files).toEqual(fileDigests(src.config.dataDir));
    expect(Object.keys(files).some((f) => f.startsWith('testcase/'))).toBe(true);
    expect(Object.keys(files).some((f) => f.startsWith('files/avatar/'))).toBe(true);

    // The restored site works: a login, the problem page, the avatar, and a new row (sequences follow the data).
    const database = connect(target, 2);
    const app = await buildApp({ config: { ...src.config, dataDir: targetDir, databaseUrl: target }, database });
    try {
      const t = { ...src, app, database, config: { ...src.config, dataDir: targetDir } };
      const token = await login(t, 'keeper');
      const detail = await client(t, token).call('problem.detail', { query: { problemId: 'BK1' } });
      expect(detail.data.problem.title).toBe('Kept safe');
      const avatar = await app.inject({ method: 'GET', url: avatarLink });
      expect(avatar.rawPayload.equals(pngBytes())).toBe(true);
      const mine = await client(t, token).call('submission.list', { query: { onlyMine: true } });
      expect(mine.data.records.map((r) => r.status).sort()).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.PENDING].sort());
      const pid = await createProblem(t, { problemId: 'BK2' });
      expect(pid).toBeGreaterThan(detail.data.problem.id);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that holds data unless forced, and then replaces its data and the archive files', async () => {
    const before = await tableDigests(target);
    const avatarFile = path.join(targetDir, 'files', avatarLink.replace(/^.*\/files\//, ''));
    fs.writeFileSync(avatarFile, 'scribbled');
    await expect(restore(archive, target, targetDir)).rejects.toThrow(/not empty.*--force/s);
    expect(await tableDigests(target)).toEqual(before);
    expect(fs.readFileSync(avatarFile, 'utf8')).toBe('scribbled');

    await restore(archive, target, targetDir, true);
    expect(await tableDigests(target)).toEqual(await tableDigests(src.database.url));
    expect(fs.readFileSync(avatarFile).equals(pngBytes())).toBe(true);
  });

  it('refuses an archive from a newer version, and changes nothing', async () => {
    const entries = journalEntries();
    const newer = await withManifest(archive, (m) => {
      m.migrations = { count: entries.length + 1, last: '9999_from_the_future' };
    });
    const fresh = await emptyDatabase();
    const dir = path.join(work, 'newer-data');
    const err = await restore(newer, fresh, dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect(String(err)).toMatch(/newer version.*upgrade first/);
    expect(await tableDigests(fresh)).toEqual({});
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('refuses a damaged archive (a flipped byte, a cut-off file, a wrong checksum) and changes nothing, even forced', async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = path.join(work, 'flipped.tar.gz');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)]! ^= 0xff;
    fs.writeFileSync(flipped, copy);
    const cut = path.join(work, 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const lying = await withManifest(archive, (m) => {
      m.files[0]!.sha256 = '0'.repeat(64);
    });
    const stray = await withManifest(archive, () => {}, { name: 'evil.sh', body: Buffer.from('rm -rf /') });
    const noManifest = path.join(work, 'empty.tar.gz');
    fs.writeFileSync(noManifest, zlib.gzipSync(Buffer.alloc(1024)));

    const before = await tableDigests(target);
    fs.writeFileSync(path.join(targetDir, 'marker'), 'mine');
    const filesBefore = fileDigests(targetDir);
    for (const [file, why] of [
      [flipped, /cannot be read|differs/],
      [cut, /cannot be read/],
      [lying, /checksum of files\/.* differs/],
      [stray, /unexpected entry evil\.sh/],
      [noManifest, /no manifest\.json/],
    ] as const) {
      const err = await restore(file, target, targetDir, true).catch((e: unknown) => e);
      expect(err, file).toBeInstanceOf(DamagedArchive);
      expect(String(err)).toMatch(why);
    }
    expect(await tableDigests(target)).toEqual(before);
    expect(fileDigests(targetDir)).toEqual(filesBefore);
    expect(fs.readdirSync(path.join(targetDir, 'tmp'))).toEqual([]);
  });

  it('runs the migrations an older archive lacks after loading it', async () => {
    const old = await emptyDatabase();
    const c = new pg.Client({ connectionString: old });
    await c.connect();
    const count = journalEntries().length - 1;
    await migrateTo(c, count);
    await c.end();
    const oldArchive = path.join(work, 'old.tar.gz');
    const emptyDir = fs.mkdtempSync(path.join(work, 'old-data-'));
    await writeBackup({ url: old, dataDir: emptyDir, file: oldArchive, progress: quiet() });

    const fresh = await emptyDatabase();
    await restore(oldArchive, fresh, path.join(work, 'old-restored'));
    const digests = await tableDigests(fresh);
    expect(digests['drizzle.__drizzle_migrations']).toMatch(new RegExp(`^${count + 1} `));
  });

  // Three CLI processes, each loading the server's modules: long on a loaded machine.
  it('works from the command line (oj backup, oj restore) against DATABASE_URL', { timeout: 120_000 }, async () => {
    const file = path.join(work, 'cli.tar.gz');
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(root, 'bin', 'oj'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
    const b = run(['backup', file], { DATABASE_URL: src.database.url, DATA_DIR: src.config.dataDir });
    expect(b.stderr).toBe('');
    expect(b.stdout).toMatch(/^Backup written to .*cli\.tar\.gz: \d+ tables \(\d+ rows\), \d+ files, [\d.]+ [kM]B\.$/m);
    expect(b.status).toBe(0);

    const fresh = await emptyDatabase();
    const dir = path.join(work, 'cli-data');
    const r = run(['restore', file], { DATABASE_URL: fresh, DATA_DIR: dir });
    expect(r.stdout).toMatch(/^Restored .*cli\.tar\.gz: \d+ tables \(\d+ rows\), \d+ files\.$/m);
    expect(r.status).toBe(0);
    expect(await tableDigests(fresh)).toEqual(await tableDigests(src.database.url));

    const again = run(['restore', file], { DATABASE_URL: fresh, DATA_DIR: dir });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/Restore failed: The target database is not empty/);
  });
  it('refuses a role that is not a superuser before it changes anything, and says so', async () => {
    const role = `oj_plain_${crypto.randomBytes(4).toString('hex')}`;
    await admin(`CREATE ROLE ${role} LOGIN PASSWORD 'plain-pass'`);
    roles.push(role);
    const name = `oj_restore_${crypto.randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name} OWNER ${role}`);
    extraDbs.push(name);
    const url = new URL(dbUrl(name));
    url.username = role;
    url.password = 'plain-pass';
    const err = await restore(archive, url.toString(), path.join(work, 'plain-data')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toMatch(new RegExp(`needs a PostgreSQL superuser .*the role "${role}" is not one.*Nothing was changed\\.`));
    expect(await tableDigests(dbUrl(name))).toEqual({});
  });

  it('takes one snapshot: rows committed while the backup runs are in none of its tables', async () => {
    const before = await tableDigests(src.database.url);
    // The backup is held at table judge (its copy waits for this lock) after it copied the tables before
    // it: rows committed meanwhile, before and after judge in its order, must be in neither.
    const lock = new pg.Client({ connectionString: src.database.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE judge IN ACCESS EXCLUSIVE MODE');
    const file = path.join(work, 'snapshot.tar.gz');
    const backup = writeBackup({ url: src.database.url, dataDir: src.config.dataDir, file, progress: quiet() });
    const waiting = async () =>
      (await lock.query<{ n: number }>(`select count(*)::int as n from pg_locks where relation = 'judge'::regclass and not granted`)).rows[0]!.n > 0;
    for (let i = 0; i < 200 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBe(true);
    await src.database.pool.query(`insert into discussion_category (name) values ('late')`);
    await createUser(src, { username: 'latecomer' });
    await lock.query('ROLLBACK');
    await lock.end();
    await backup;

    const fresh = await emptyDatabase();
    await restore(file, fresh, path.join(work, 'snapshot-data'));
    expect(await tableDigests(fresh)).toEqual(before);
  });
});

describe('restore on a single machine (the embedded PostgreSQL)', () => {
  /** `oj start` in a child process on `dataDir` (embedded database, no judge); resolves with its port once it is up. */
  function startSite(dataDir: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', OJ_EMBEDDED_JUDGE: '0', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages', 'server', 'src', 'main.ts')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const up = new Promise<number>((resolve, reject) => {
      const onData = (d: string) => {
        out += d;
        const m = /Online judge is up at http:\/\/[^:]+:(\d+)\//.exec(out);
        if (m) resolve(Number(m[1]));
      };
      child.stdout!.setEncoding('utf8').on('data', onData);
      child.stderr!.setEncoding('utf8').on('data', onData);
      void exited.then((code) => reject(new Error(`the site exited (${code}) before it was up:\n${out}`)));
    });
    return { child, up, exited };
  }

  it('oj restore into a fresh DATA_DIR starts its own PostgreSQL; the site started there serves the problem and the submissions', {
    timeout: 180_000,
  }, async () => {
    // As the README tells a single-machine user: no DATABASE_URL, a DATA_DIR that does not exist yet.
    // (Traversable: run as root the embedded PostgreSQL runs as user postgres.)
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-embedded-restore-'));
    fs.chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    let site: ReturnType<typeof startSite> | undefined;
    try {
      const r = spawnSync(process.execPath, [path.join(root, 'bin', 'oj'), 'restore', archive], { cwd: root, encoding: 'utf8', env });
      expect(r.stdout, r.stderr).toMatch(/^Restored .*site\.tar\.gz: \d+ tables \(\d+ rows\), \d+ files\.$/m);
      expect(r.status).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      // The restore's PostgreSQL was stopped after it: the site starts its own on the same directory.
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      site = startSite(dataDir);
      const port = await site.up;
      const t = remoteTarget(`http://127.0.0.1:${port}`);
      const signedIn = await client(t).call('account.login', { body: { username: 'keeper', password: 'password1' } });
      expect(signedIn.status, signedIn.msg).toBe(200);
      const token = signedIn.headers.authorization as string;
      const detail = await client(t, token).call('problem.detail', { query: { problemId: 'BK1' } });
      expect(detail.data.problem.title).toBe('Kept safe');
      const mine = await client(t, token).call('submission.list', { query: { onlyMine: true } });
      expect(mine.data.records.map((x) => x.status).sort()).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.PENDING].sort());
      const accepted = mine.data.records.find((x) => x.status === JudgeStatus.ACCEPTED)!;
      const sub = await client(t, token).call('submission.detail', { query: { submitId: accepted.submitId } });
      expect(sub.data.submission).toMatchObject({ submitId: accepted.submitId, pid: detail.data.problem.id, status: JudgeStatus.ACCEPTED });
    } finally {
      if (site && site.child.exitCode === null) {
        site.child.kill('SIGTERM');
        await site.exited;
      }
      // Never leave a PostgreSQL behind, whatever failed above.
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      if (fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
        try {
          process.kill(pid, 'SIGQUIT');
          for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 100));
        } catch {
          /* already gone */
        }
      }
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
