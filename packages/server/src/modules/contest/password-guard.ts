/**
 * Wrong contest passwords: a user gets CONTEST_LIMITS.passwordTries per contest and window, then waits
 * for the window to end, so a protected contest's password cannot be guessed by brute force. The
 * mechanism (counted before comparing, atomically) is lib/password-tries.ts, shared with trainings.
 */
import { CONTEST_LIMITS } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { contestPasswordFailures } from '../../db/schema/index.js';
import { clearPasswordTries as clearTries, countPasswordTry as countTry, type PasswordTries } from '../../lib/password-tries.js';

const CONTEST_PASSWORD_TRIES: PasswordTries = {
  table: contestPasswordFailures,
  key: contestPasswordFailures.cid,
  uid: contestPasswordFailures.uid,
  failures: contestPasswordFailures.failures,
  windowStart: contestPasswordFailures.windowStart,
  tries: CONTEST_LIMITS.passwordTries,
  windowMinutes: CONTEST_LIMITS.passwordWindowMin,
  tooMany: 'contestPasswordTooManyTries',
};

/** Counts this try; refuses it when the window's tries are used up. A window that has ended starts over. */
export const countPasswordTry = (db: Db, cid: number, uid: string): Promise<void> => countTry(db, CONTEST_PASSWORD_TRIES, cid, uid);

export const clearPasswordTries = (db: Db, cid: number, uid: string): Promise<void> => clearTries(db, CONTEST_PASSWORD_TRIES, cid, uid);
