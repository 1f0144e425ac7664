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
  /** AES-256-GCM key sealing the remote judges' account passwords and sessions (`sealText`) */
  remoteKey: Buffer;
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
  const remote = crypto.randomBytes(32).toString('base64');
  const fresh = { jwt: crypto.randomBytes(48).toString('base64'), puzzle: crypto.randomBytes(32).toString('base64'), judge, remote };
  // Two nodes starting together: the first insert wins and both read the winner back.
  await db.insert(siteConfig).values({ key: SECRETS_KEY, value: fresh }).onConflictDoNothing();
  // Keys added by a later version join an existing row the same way: only where still missing (the
  // right side of jsonb `||` wins, so the row's own keys stay).
  await db
    .update(siteConfig)
    .set({ value: sql`${JSON.stringify({ judge, remote })}::jsonb || ${siteConfig.value}` })
    .where(and(eq(siteConfig.key, SECRETS_KEY), sql`not (${siteConfig.value} ?& array['judge', 'remote'])`));
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, SECRETS_KEY));
  const value = row?.value as { jwt?: string; puzzle?: string; judge?: string; remote?: string } | undefined;
  if (!value?.jwt || !value.puzzle || !value.judge || !value.remote)
    throw new Error('site_config "secrets" is damaged: delete the row to generate new keys (all logins end).');
  const jwtKey = await crypto.webcrypto.subtle.importKey('raw', Buffer.from(value.jwt, 'base64'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return { jwtKey, puzzleKey: Buffer.from(value.puzzle, 'base64'), judgeToken: value.judge, remoteKey: Buffer.from(value.remote, 'base64') };
}

/** The token judge daemons must send: OJ_JUDGE_TOKEN when set, else the one generated at first start. */
export async function judgeToken(ctx: { config: { judgeToken: string | undefined }; database: Database }): Promise<string> {
  return ctx.config.judgeToken ?? (await getSecrets(ctx.database)).judgeToken;
}

/** `text` sealed with AES-256-GCM under `key` (iv, tag and cipher text in one base64url string). */
export function sealText(key: Buffer, text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What `sealText` sealed, or null when `sealed` was not sealed with `key` (or was changed). */
export function openText(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 12 + 16) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
