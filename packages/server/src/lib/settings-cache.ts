import { sql } from 'drizzle-orm';
import { databaseOfDb, type Database, type DbOrTx } from '../db/client.js';
import { CHANGE_CHANNEL } from './session-cache.js';

/** Notice payload prefix of a changed settings section (`site:<key>`), sent by `noticeSettingChange`. */
const PREFIX = 'site:';
/** A belt to the braces of NOTIFY: no section is trusted longer than this. */
const MAX_AGE_MS = 10 * 60 * 1000;

/**
 * The site's settings sections (`site_config` rows) kept per API node: read once, then served from memory
 * until a notice says a section changed on some node (the writer sends it in its transaction, so every
 * node hears it at commit). While the LISTEN connection is down every call reads the row, as nothing would
 * tell us of a change. A read under way when a notice arrives is not kept (its promise is dropped).
 */
export class SettingsCache {
  private readonly entries = new Map<string, { value: Promise<unknown>; at: number }>();

  constructor(private readonly database: Database) {
    database.listener.on(CHANGE_CHANNEL, (payload) => {
      if (payload.startsWith(PREFIX)) this.entries.delete(payload.slice(PREFIX.length));
    });
    database.listener.onReset(() => this.entries.clear());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.database.listener.live && Date.now() - hit.at < MAX_AGE_MS) return hit.value as Promise<T>;
    const value = load();
    if (this.database.listener.live) {
      this.entries.set(key, { value, at: Date.now() });
      value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    }
    return value;
  }

  /** Forgets a section on this node at once (the writer's node; the others hear the notice). */
  forget(key: string) {
    this.entries.delete(key);
  }
}

const byDatabase = new WeakMap<Database, SettingsCache>();

/** The settings cache of the node that opened `db`; undefined for a handle not opened by `connect` (read directly). */
export function settingsCacheOf(db: object): SettingsCache | undefined {
  const database = databaseOfDb(db);
  if (!database) return undefined;
  let cache = byDatabase.get(database);
  if (!cache) byDatabase.set(database, (cache = new SettingsCache(database)));
  return cache;
}

/** Tells every node (at the commit of `db`'s transaction) that settings section `key` changed. */
export async function noticeSettingChange(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${PREFIX + key})`);
}
