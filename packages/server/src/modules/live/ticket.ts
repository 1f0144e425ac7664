/**
 * Stream tickets: EventSource cannot send the Authorization header, and the login token must never
 * travel in a URL (proxies and access logs keep URLs). An authenticated call gets a ticket instead:
 * the grant sealed with AES-GCM under the site's puzzle key (`sealText`, so the URL shows nothing of
 * it), valid LIVE_LIMITS.ticketValidSec, bound to the caller's address, and spent at its first use on
 * any node (its id joins `used_puzzle`, the table of single-use challenge ids, as `live:<id>`).
 */
import crypto from 'node:crypto';
import { LIVE_LIMITS } from '@oj/shared';
import type { Database } from '../../db/client.js';
import { usedPuzzles } from '../../db/schema/index.js';
import { getSecrets, openText, sealText } from '../../lib/secrets.js';
import type { Grant } from './hub.js';

interface Sealed {
  kind: 'live';
  id: string;
  exp: number;
  grant: Grant;
}

export async function issueTicket(database: Database, grant: Grant): Promise<string> {
  const { puzzleKey } = await getSecrets(database);
  const sealed: Sealed = { kind: 'live', id: crypto.randomUUID(), exp: Date.now() + LIVE_LIMITS.ticketValidSec * 1000, grant };
  return sealText(puzzleKey, JSON.stringify(sealed));
}

/** The grant of a genuine, unexpired, unspent ticket asked from the same address; spends it. */
export async function redeemTicket(database: Database, ticket: string, ip: string): Promise<Grant | null> {
  const { puzzleKey } = await getSecrets(database);
  const json = openText(puzzleKey, ticket);
  if (json === null) return null;
  let t: Sealed;
  try {
    t = JSON.parse(json) as Sealed;
  } catch {
    return null;
  }
  if (t.kind !== 'live' || typeof t.id !== 'string' || !(t.exp > Date.now()) || t.grant?.ip !== ip) return null;
  const spent = await database.db
    .insert(usedPuzzles)
    .values({ id: `live:${t.id}`, expiresAt: new Date(t.exp) })
    .onConflictDoNothing()
    .returning({ id: usedPuzzles.id });
  return spent.length ? t.grant : null;
}
