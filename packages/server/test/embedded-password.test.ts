/**
 * The embedded PostgreSQL's superuser password: random per data directory, kept beside it
 * in a mode-600 file and reused on restart; a data directory made by an earlier version (the constant
 * "oj-embedded") gets a random password on its first start with this code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pg-password-'));
fs.chmodSync(base, 0o755); // as root PostgreSQL runs as "postgres", which must traverse it
const running: EmbeddedDb[] = [];

async function start(name: string) {
  const db = await startEmbeddedPostgres(path.join(base, name));
  running.push(db);
  return db;
}
async function stop(db: EmbeddedDb) {
  await db.stop();
  running.splice(running.indexOf(db), 1);
}
const fileOf = (name: string) => path.join(base, `${name}.password`);

/** Logs in as the superuser with `password`: 'ok', or PostgreSQL's error code. */
async function login(url: string, password: string, sql?: string): Promise<string> {
  const u = new URL(url);
  const client = new pg.Client({ host: u.hostname, port: Number(u.port), user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    if (sql) await client.query(sql);
    return 'ok';
  } catch (err) {
    return String((err as { code?: string }).code);
  } finally {
    await client.end().catch(() => {});
  }
}

afterAll(async () => {
  for (const db of running) await db.stop().catch(() => {});
  fs.rmSync(base, { recursive: true, force: true });
}, 60_000);

describe('embedded PostgreSQL password', () => {
  it('differs per data directory, is kept in a mode-600 file, and a restart reuses it', async () => {
    const a = await start('a');
    const b = await start('b');
    const pwA = fs.readFileSync(fileOf('a'), 'utf8').trim();
    const pwB = fs.readFileSync(fileOf('b'), 'utf8').trim();
    expect(pwA).toMatch(/^[\w-]{32}$/);
    expect(pwA).not.toBe(pwB);
    expect(fs.statSync(fileOf('a')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(fileOf('b')).mode & 0o777).toBe(0o600);
    expect(new URL(a.url).password).toBe(pwA);
    expect(await login(a.url, pwA)).toBe('ok');
    // The constant of earlier versions, or another directory's password, no longer logs in.
    expect(await login(a.url, 'oj-embedded')).toBe('28P01');
    expect(await login(a.url, pwB)).toBe('28P01');
    await stop(b);

    await stop(a);
    const again = await start('a');
    expect(fs.readFileSync(fileOf('a'), 'utf8').trim()).toBe(pwA);
    expect(await login(again.url, pwA)).toBe('ok');
    await stop(again);
  }, 180_000);

  it('moves a data directory of an earlier version off the constant password on its first start', async () => {
    // An earlier version's directory: the superuser has the constant password and no file exists.
    const first = await start('legacy');
    const pw = fs.readFileSync(fileOf('legacy'), 'utf8').trim();
    expect(await login(first.url, pw, "ALTER ROLE postgres PASSWORD 'oj-embedded'")).toBe('ok');
    await stop(first);
    fs.rmSync(fileOf('legacy'));

    const migrated = await start('legacy');
    const fresh = fs.readFileSync(fileOf('legacy'), 'utf8').trim();
    expect(fresh).toMatch(/^[\w-]{32}$/);
    expect(fs.statSync(fileOf('legacy')).mode & 0o777).toBe(0o600);
    expect(await login(migrated.url, fresh)).toBe('ok');
    expect(await login(migrated.url, 'oj-embedded')).toBe('28P01');
    await stop(migrated);
  }, 180_000);
});
