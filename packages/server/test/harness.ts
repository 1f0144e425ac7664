import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { connect, runMigrations, type Database } from '../src/db/client.js';
import { seed } from '../src/seed.js';

export const ROOT_PASSWORD = 'root-test-password';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

/** A fresh database (migrated and seeded, unless `seed: false`) and a fresh DATA_DIR for one test file. */
export async function createTestApp(overrides: Partial<ServerConfig> = {}, o: { seed?: boolean } = {}): Promise<TestApp> {
  const baseUrl = inject('pgUrl');
  const name = `oj_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-data-'));
  const config: ServerConfig = {
    // Tests name the demo content by its English titles: the demo language is chosen, not the default zh-CN.
    ...loadConfig({ OJ_DEMO_LANG: 'en-US' }),
    dataDir,
    databaseUrl: url.toString(),
    rootPassword: ROOT_PASSWORD,
    webDist: undefined,
    logLevel: 'silent',
    ...overrides,
  };
  const database = connect(url.toString(), 4);
  await runMigrations(database);
  if (o.seed !== false) await seed({ config, database });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: baseUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
