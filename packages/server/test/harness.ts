import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ServerConfig } from '../src/config.js';
import { connect, type Database } from '../src/db/client.js';
import { seed } from '../src/seed.js';
import { baseTestConfig, createDatabaseFrom, ROOT_PASSWORD } from './template-db.js';

export { ROOT_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

/** Config keys the seed reads: with other values the seeded template does not fit and the file seeds itself. */
const SEED_KEYS = ['rootPassword', 'demoLang'] as const;

/**
 * A fresh database (migrated and seeded, unless `seed: false`) and a fresh DATA_DIR for one test file.
 * The database is a copy of the run's template (global-setup.ts), so no file runs the migrations or the seed;
 * a file whose overrides change what the seed writes seeds its migrated copy itself.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}, o: { seed?: boolean } = {}): Promise<TestApp> {
  const baseUrl = inject('pgUrl');
  const templates = inject('pgTemplates');
  const name = `oj_test_${crypto.randomBytes(6).toString('hex')}`;
  const base = baseTestConfig();
  const wantSeed = o.seed !== false;
  const templateFits = SEED_KEYS.every((k) => !(k in overrides) || overrides[k] === base[k]);
  const fromSeeded = wantSeed && templateFits;
  const databaseUrl = await createDatabaseFrom(baseUrl, name, fromSeeded ? templates.seeded : templates.bare);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-data-'));
  // The seed's files (the carousel image) come with the seeded database.
  if (fromSeeded) fs.cpSync(templates.dataDir, dataDir, { recursive: true });
  const config: ServerConfig = { ...base, dataDir, databaseUrl, ...overrides };
  const database = connect(databaseUrl, 4);
  if (wantSeed && !fromSeeded) await seed({ config, database });
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
