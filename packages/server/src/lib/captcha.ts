import crypto from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { CaptchaData } from '@oj/shared';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';
import { fail } from './errors.js';

const VALID_MS = 5 * 60 * 1000;

/** A new image captcha; the answer stays in the database (any node can check it), valid 5 minutes. */
export async function createCaptcha(db: Db): Promise<CaptchaData> {
  const c = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1lIi', width: 120, height: 40, fontSize: 44 });
  const captchaKey = crypto.randomUUID();
  const now = Date.now();
  // Expired challenges nobody answered are swept here rather than by a timer that every node would run.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
  await db.insert(captchas).values({ key: captchaKey, text: c.text.toLowerCase(), expiresAt: new Date(now + VALID_MS) });
  return { img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, captchaKey };
}

/** Single use: the row is deleted by the first check, right or wrong, so an answer cannot be guessed twice. */
export async function checkCaptcha(db: Db, key: string, answer: string): Promise<void> {
  const [row] = await db.delete(captchas).where(eq(captchas.key, key)).returning();
  if (!row || row.expiresAt.getTime() <= Date.now() || row.text !== answer.trim().toLowerCase()) throw fail('captchaWrong');
}
