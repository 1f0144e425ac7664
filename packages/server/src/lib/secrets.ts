import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { siteConfig } from '../db/schema/index.js';

/** Keys generated at first start. They live in `site_config` (key 'secrets') so every node shares them. */
export interface Secrets {
  /** HS256 key of login tokens, imported once (jose re-imports raw bytes on every verification: twice the CPU) */
  jwtKey: crypto.webcrypto.CryptoKey;
  /** AES-256-GCM key sealing slide-puzzle answers */
  puzzleKey: Buffer;
  /** Token of judge daemons when OJ_JUDGE_TOKEN is not set (see judgeToken()). */
  judgeToken: string;
}

const SECRETS_KEY = 'secrets';
const cache = new WeakMap<Database, Promise<Secrets>>();

/** Cached per database handle: the values never change once written. */
export function getSecrets(database: Database): Promise<Secrets> {
  let p = cache.get(database);
  if (!p) {
    p = loadOrCreate(database);
    cache.set(database, p);
    p.catch(() => cache.delete(database));
  }
  return p;
}

async function loadOrCreate({ db }: Database): Promise<Secrets> {
  const judge = crypto.randomBytes(32).toString('base64url');
  const fresh = { jwt: crypto.randomBytes(48).toString('base64'), puzzle: crypto.randomBytes(32).toString('base64'), judge };
  // Two nodes starting together: the first insert wins and both read the winner back.
  await db.insert(siteConfig).values({ key: SECRETS_KEY, value: fresh }).onConflictDoNothing();
  // Keys added by a later version join an existing row the same way: only when still missing.
  await db
    .update(siteConfig)
    .set({ value: sql`${siteConfig.value} || ${JSON.stringify({ judge })}::jsonb` })
    .where(and(eq(siteConfig.key, SECRETS_KEY), sql`not (${siteConfig.value} ? 'judge')`));
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, SECRETS_KEY));
  const value = row?.value as { jwt?: string; puzzle?: string; judge?: string } | undefined;
  if (!value?.jwt || !value.puzzle || !value.judge) throw new Error('site_config "secrets" is damaged: delete the row to generate new keys (all logins end).');
  const jwtKey = await crypto.webcrypto.subtle.importKey('raw', Buffer.from(value.jwt, 'base64'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return { jwtKey, puzzleKey: Buffer.from(value.puzzle, 'base64'), judgeToken: value.judge };
}

/** The token judge daemons must send: OJ_JUDGE_TOKEN when set, else the one generated at first start. */
export async function judgeToken(ctx: { config: { judgeToken: string | undefined }; database: Database }): Promise<string> {
  return ctx.config.judgeToken ?? (await getSecrets(ctx.database)).judgeToken;
}
