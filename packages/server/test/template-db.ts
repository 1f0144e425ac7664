import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { connect, runMigrations } from '../src/db/client.js';
import { seed } from '../src/seed.js';

/** The super admin's password in every test database (seeded once into the template). */
export const ROOT_PASSWORD = 'root-test-password';

/** The config a test file's app starts from; the template is seeded with exactly this (less the paths). */
export function baseTestConfig(): ServerConfig {
  return {
    // Tests name the demo content by its English titles: the demo language is chosen, not the default zh-CN.
    ...loadConfig({ OJ_DEMO_LANG: 'en-US' }),
    rootPassword: ROOT_PASSWORD,
    webDist: undefined,
    logLevel: 'silent',
  };
}

/**
 * Databases every test file copies from (`CREATE DATABASE … TEMPLATE …`, a file copy inside PostgreSQL)
 * instead of running all migrations and the seed itself: `bare` is migrated, `seeded` is migrated and
 * seeded with `baseTestConfig()`. The seed also writes files (the carousel image) into a data dir;
 * `dataDir` holds them, and each test file starts from a copy of it.
 */
export interface TestTemplates {
  bare: string;
  seeded: string;
  dataDir: string;
}

function dbUrl(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(baseUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates the templates on the server at `baseUrl` (names unique to this run, a shared server may hold others). */
export async function createTemplates(baseUrl: string, tag: string): Promise<TestTemplates> {
  const bare = `oj_tpl_bare_${tag}`;
  const seeded = `oj_tpl_seeded_${tag}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-template-data-'));
  await adminQuery(baseUrl, `CREATE DATABASE ${bare}`);
  let database = connect(dbUrl(baseUrl, bare), 2);
  try {
    await runMigrations(database);
  } finally {
    // A template must have no open connection when it is copied.
    await database.close();
  }
  await adminQuery(baseUrl, `CREATE DATABASE ${seeded} TEMPLATE ${bare}`);
  database = connect(dbUrl(baseUrl, seeded), 2);
  try {
    await seed({ config: { ...baseTestConfig(), dataDir, databaseUrl: dbUrl(baseUrl, seeded) }, database });
  } finally {
    await database.close();
  }
  return { bare, seeded, dataDir };
}

export async function dropTemplates(baseUrl: string, t: TestTemplates) {
  for (const name of [t.seeded, t.bare]) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(t.dataDir, { recursive: true, force: true });
}

/** A new database copied from `template`; returns its URL. */
export async function createDatabaseFrom(baseUrl: string, name: string, template: string) {
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return dbUrl(baseUrl, name);
}

/** A database with nothing in it (not even migrations); `drop` removes it. */
export async function createEmptyDatabase(baseUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  return { url: dbUrl(baseUrl, name), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
