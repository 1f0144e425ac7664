import crypto from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { CHALLENGE_GUARD, type CaptchaData } from '@oj/shared';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';
import { challengePool } from './challenge-pool.js';
import { fail } from './errors.js';
import { countCall } from './rate-limit.js';

const VALID_MS = 5 * 60 * 1000;

/**
 * A new image captcha for the client at `ip` (counted against CHALLENGE_GUARD, HTTP 429 beyond it,
 * drawn by the challenge worker); the answer stays in the database (any node can check it), valid 5 minutes.
 */
export async function createCaptcha(db: Db, ip: string): Promise<CaptchaData> {
  await countCall(db, { key: `captcha:${ip}`, limit: CHALLENGE_GUARD.perIp, windowSec: CHALLENGE_GUARD.windowSec, tooMany: 'challengeTooFrequent' });
  const c = await challengePool.take('captcha');
  const captchaKey = crypto.randomUUID();
  const now = Date.now();
  // Expired challenges nobody answered are swept here rather than by a timer that every node would run.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
  await db.insert(captchas).values({ key: captchaKey, text: c.text.toLowerCase(), expiresAt: new Date(now + VALID_MS) });
  return { img: `data:image/svg+xml;base64,${Buffer.from(c.svg).toString('base64')}`, captchaKey };
}

/** Single use: the row is deleted by the first check, right or wrong, so an answer cannot be guessed twice. */
export async function checkCaptcha(db: Db, key: string, answer: string): Promise<void> {
  const [row] = await db.delete(captchas).where(eq(captchas.key, key)).returning();
  if (!row || row.expiresAt.getTime() <= Date.now() || row.text !== answer.trim().toLowerCase()) throw fail('captchaWrong');
}
