import type { ApiTokenScope } from '@oj/shared';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Channel of the change notices that keep per-node caches true. Triggers (migration 0011) send
 * `user:<uid>` when a session's expiry or revocation, a user's name or status, or a user's roles change,
 * and `perm` when role permissions change; `sync:<nonce>` is sent by `settled()`.
 */
export const CHANGE_CHANNEL = 'oj_change';

/** What authentication needs of a session row and its user. */
export interface SessionRow {
  uid: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastActiveAt: Date;
  username: string;
  status: number;
  roles: number[];
  kind: 'login' | 'api';
  scopes: ApiTokenScope[] | null;
}

/** Enough for every session active on a busy node; beyond it the oldest entries go. */
const MAX_ENTRIES = 50_000;
/** A belt to the braces of NOTIFY: no entry is trusted longer than this. */
const MAX_AGE_MS = 10 * 60 * 1000;

/**
 * Session rows by token id, so an authenticated call costs no query (bench/discussion.ts: the session
 * read was most of what msg/unread cost). Entries are dropped by the change notices of any node, and the
 * cache serves nothing while the LISTEN connection is down. A row read while a change was in flight is
 * not kept (`epoch`), so a revocation cannot be overwritten by the row it revoked.
 */
export class SessionCache {
  private readonly rows = new Map<string, { row: SessionRow; at: number }>();
  private readonly byUid = new Map<string, Set<string>>();
  private readonly syncs = new Map<string, () => void>();
  private epoch = 0;

  constructor(private readonly database: Database) {
    database.listener.on(CHANGE_CHANNEL, (payload) => {
      if (payload.startsWith('user:')) this.dropUser(payload.slice(5));
      else if (payload.startsWith('sync:')) this.syncs.get(payload.slice(5))?.();
    });
    database.listener.onReset(() => this.clear());
    caches.add(this);
  }

  /** The row of session `jti`, from memory when it can be trusted, else from `load`. */
  async get(jti: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
    const hit = this.rows.get(jti);
    if (hit && this.database.listener.live && Date.now() - hit.at < MAX_AGE_MS) return hit.row;
    const epoch = this.epoch;
    const row = await load();
    if (row && epoch === this.epoch && this.database.listener.live) this.put(jti, row);
    return row;
  }

  private put(jti: string, row: SessionRow) {
    if (this.rows.size >= MAX_ENTRIES) this.forget(this.rows.keys().next().value as string);
    this.rows.set(jti, { row, at: Date.now() });
    let set = this.byUid.get(row.uid);
    if (!set) this.byUid.set(row.uid, (set = new Set()));
    set.add(jti);
  }

  private forget(jti: string) {
    const entry = this.rows.get(jti);
    if (!entry) return;
    this.rows.delete(jti);
    const set = this.byUid.get(entry.row.uid);
    set?.delete(jti);
    if (set?.size === 0) this.byUid.delete(entry.row.uid);
  }

  dropUser(uid: string) {
    this.epoch++;
    for (const jti of this.byUid.get(uid) ?? []) this.rows.delete(jti);
    this.byUid.delete(uid);
  }

  private clear() {
    this.epoch++;
    this.rows.clear();
    this.byUid.clear();
  }

  /** Resolves once this node has seen every change committed before the call (a NOTIFY round trip). */
  async settled(): Promise<void> {
    await this.database.listener.ready();
    if (!this.database.listener.live) return;
    const nonce = crypto.randomUUID();
    const seen = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.syncs.set(nonce, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`sync:${nonce}`})`);
    await seen;
    this.syncs.delete(nonce);
  }
}

const caches = new Set<SessionCache>();
const byDatabase = new WeakMap<Database, SessionCache>();

export function sessionCacheOf(database: Database): SessionCache {
  let cache = byDatabase.get(database);
  if (!cache) byDatabase.set(database, (cache = new SessionCache(database)));
  return cache;
}

/**
 * Forgets a user's sessions on this node at once, for the code that changes them (revocation, roles,
 * status); other nodes hear of it from the trigger's notice when the change commits.
 */
export function forgetUserSessions(uid: string) {
  for (const cache of caches) cache.dropUser(uid);
}
