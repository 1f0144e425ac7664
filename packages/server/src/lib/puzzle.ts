import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { CHALLENGE_GUARD, LOGIN_GUARD, type PuzzleChallenge } from '@oj/shared';
import type { Database } from '../db/client.js';
import { usedPuzzles } from '../db/schema/index.js';
import { challengePool } from './challenge-pool.js';
import { countCall } from './rate-limit.js';
import { getSecrets, openText, sealText } from './secrets.js';

const { width: W, height: H, validSec } = LOGIN_GUARD.puzzle;
/** An answer within this many pixels of the cut is accepted. */
export const PUZZLE_TOLERANCE = 4;

interface PuzzleSecret {
  id: string;
  x: number;
  /** ms since epoch */
  exp: number;
}

/** Sealed (AES-256-GCM): the client can neither read the answer nor forge a challenge. */
export function sealPuzzle(key: Buffer, secret: PuzzleSecret): string {
  return sealText(key, JSON.stringify(secret));
}

export function openPuzzle(key: Buffer, token: string): PuzzleSecret | null {
  const json = openText(key, token);
  if (json === null) return null;
  try {
    const v = JSON.parse(json) as Partial<PuzzleSecret>;
    if (typeof v.id !== 'string' || typeof v.x !== 'number' || typeof v.exp !== 'number') return null;
    return { id: v.id, x: v.x, exp: v.exp };
  } catch {
    return null;
  }
}

/**
 * A new challenge for the client at `ip`: counted against CHALLENGE_GUARD first (refused with HTTP 429
 * beyond it), then taken from the drawings the worker keeps ready.
 */
export async function createPuzzle(database: Database, ip: string): Promise<PuzzleChallenge> {
  await countCall(database.db, { key: `puzzle:${ip}`, limit: CHALLENGE_GUARD.perIp, windowSec: CHALLENGE_GUARD.windowSec, tooMany: 'challengeTooFrequent' });
  const { puzzleKey } = await getSecrets(database);
  const { x, y, bgImage, pieceImage } = await challengePool.take('puzzle');
  const puzzleToken = sealPuzzle(puzzleKey, { id: crypto.randomUUID(), x, exp: Date.now() + validSec * 1000 });
  // Answered challenges only need remembering until they expire anyway.
  await database.db.delete(usedPuzzles).where(lt(usedPuzzles.expiresAt, new Date()));
  return { puzzleToken, bgImage, pieceImage, y, width: W, height: H };
}

/**
 * True when the sealed challenge is genuine, unexpired, answered within ±4 px and not used before.
 * Any attempt uses the challenge up, so one challenge cannot be tried at every offset.
 */
export async function solvePuzzle(database: Database, token: string, answer: number): Promise<boolean> {
  const { puzzleKey } = await getSecrets(database);
  const secret = openPuzzle(puzzleKey, token);
  if (!secret || secret.exp <= Date.now()) return false;
  const inserted = await database.db
    .insert(usedPuzzles)
    .values({ id: secret.id, expiresAt: new Date(secret.exp) })
    .onConflictDoNothing()
    .returning({ id: usedPuzzles.id });
  if (inserted.length === 0) return false;
  return Math.abs(answer - secret.x) <= PUZZLE_TOLERANCE;
}
