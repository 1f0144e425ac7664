import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.js';
import { createTemplates, dropTemplates, type TestTemplates } from './template-db.js';

let pg: EmbeddedDb | undefined;
let dir: string | undefined;
let url: string | undefined;
let templates: TestTemplates | undefined;

/**
 * One PostgreSQL server for the whole run, migrated and seeded once into template databases; every test
 * file makes its own database as a copy of one (see `template-db.ts`).
 */
export async function setup(project: TestProject) {
  url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-pg-'));
    fs.chmodSync(dir, 0o755);
    pg = await startEmbeddedPostgres(path.join(dir, 'pg'), undefined, { disposable: process.env.OJ_TEST_PG_DURABLE !== '1' });
    url = pg.url;
  }
  templates = await createTemplates(url, crypto.randomBytes(4).toString('hex'));
  project.provide('pgUrl', url);
  project.provide('pgTemplates', templates);
}

export async function teardown() {
  if (url && templates && !pg) await dropTemplates(url, templates);
  else if (templates) fs.rmSync(templates.dataDir, { recursive: true, force: true });
  await pg?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    pgTemplates: TestTemplates;
  }
}
