/**
 * Where the site's database is: DATABASE_URL when set, else the embedded PostgreSQL of DATA_DIR
 * (the running site's, or started for the command and stopped after it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.js';
import { runningEmbedded, startEmbeddedPostgres } from '../db/embedded.js';

export interface Target {
  url: string;
  close(): Promise<void>;
}

const noop = async () => {};

/** Refuses a restore while the embedded site of DATA_DIR runs (said before the archive is read, not after). */
export function refuseRunningSite(config: ServerConfig) {
  if (config.databaseUrl) return;
  const running = runningEmbedded(path.join(config.dataDir, 'pg'));
  if (running) throw new Error(`The site is running on ${config.dataDir} (PostgreSQL pid ${running.pid}): stop it first, then restore.`);
}

export async function openTarget(config: ServerConfig, purpose: 'backup' | 'restore'): Promise<Target> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: noop };
  const dir = path.join(config.dataDir, 'pg');
  const running = runningEmbedded(dir);
  if (running) {
    // Restoring under a running site would have it serve (and write) half-loaded tables.
    if (purpose === 'restore') refuseRunningSite(config);
    return { url: running.url, close: noop };
  }
  if (purpose === 'backup' && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`There is no site in ${config.dataDir} (no embedded database) and DATABASE_URL is not set: nothing to back up.`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dir);
  return { url: embedded.url, close: embedded.stop };
}
