import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { siteConfig } from '../db/schema/index.js';

/** Keys generated at first start. They live in `site_config` (key 'secrets') so every node shares them. */
export interface Secrets {
  /** HS256 key of login tokens */
  jwtKey: Uint8Array;
  /** AES-256-GCM key sealing slide-puzzle answers */
  puzzleKey: Buffer;
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
  const fresh = { jwt: crypto.randomBytes(48).toString('base64'), puzzle: crypto.randomBytes(32).toString('base64') };
  // Two nodes starting together: the first insert wins and both read the winner back.
  await db.insert(siteConfig).values({ key: SECRETS_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, SECRETS_KEY));
  const value = row?.value as { jwt?: string; puzzle?: string } | undefined;
  if (!value?.jwt || !value.puzzle) throw new Error('site_config "secrets" is damaged: delete the row to generate new keys (all logins end).');
  return { jwtKey: Buffer.from(value.jwt, 'base64'), puzzleKey: Buffer.from(value.puzzle, 'base64') };
}
