import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.js';

let pg: EmbeddedDb | undefined;
let dir: string | undefined;

/** One PostgreSQL server for the whole run; every test file makes its own database on it. */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-pg-'));
    fs.chmodSync(dir, 0o755);
    pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
    url = pg.url;
  }
  project.provide('pgUrl', url);
}

export async function teardown() {
  await pg?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
