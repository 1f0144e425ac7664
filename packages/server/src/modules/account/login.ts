import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_GUARD, may, type LoginBody, type LoginFailure, type UserInfo } from '@oj/shared';
import { userFlags, users } from '../../db/schema/index.js';
import { startSession } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { solvePuzzle } from '../../lib/puzzle.js';
import { findUserByName, rolesOf, toUserInfo } from '../../lib/users.js';
import {
  claimIpAttempt,
  claimPairAttempt,
  clearPair,
  countIpFailure,
  lockPairIfDue,
  releaseIpAttempt,
  releasePairAttempt,
  sweepStaleFailures,
} from './login-guard.js';

/** Unknown usernames still cost one hash check, so response time does not tell which names exist. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('no such user, no such password'));

const failureData = (failures: number, extra: Partial<LoginFailure> = {}): LoginFailure => ({
  failures,
  needPuzzle: failures >= LOGIN_GUARD.puzzleAfterFailures,
  ...extra,
});

const minutesUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

function lockedError(failures: number, until: Date) {
  const minutes = minutesUntil(until);
  return fail('accountLocked', { minutes }, failureData(failures, { needPuzzle: true, lockedMinutes: minutes }));
}

function ipLockedError(failures: number, until: Date) {
  const minutes = minutesUntil(until);
  return fail('loginIpLocked', { minutes }, failureData(failures, { needPuzzle: true, lockedMinutes: minutes }));
}

/**
 * Login for the site and for the admin area (`adminOnly`). The attempt is counted first, for the IP and
 * for the (username, IP) pair (`login-guard.ts`); then a locked IP or pair is refused, then the slide
 * puzzle is required from `puzzleAfterFailures` earlier failures of the pair or `perIp.puzzleAfterFailures`
 * of the IP, then the password is checked. A wrong puzzle answer is a failure like a wrong password.
 * Success clears the pair, opens a session and puts its token in the `Authorization` header.
 */
export async function login(req: FastifyRequest, reply: FastifyReply, body: LoginBody, adminOnly: boolean): Promise<UserInfo> {
  const { db } = req.server.appContext.database;
  const key = body.username.toLowerCase();
  const ip = req.ip;

  const fromIp = await claimIpAttempt(db, ip);
  if (fromIp.lockedUntil) throw ipLockedError(0, fromIp.lockedUntil);
  const pair = await claimPairAttempt(db, key, ip);
  if (pair.lockedUntil) {
    await releaseIpAttempt(db, ip);
    throw lockedError(pair.failures, pair.lockedUntil);
  }
  // What the counts were before this attempt decides, so a parallel burst gets no more checks than one by one.
  const needPuzzle = pair.failures > LOGIN_GUARD.puzzleAfterFailures || fromIp.failures > LOGIN_GUARD.perIp.puzzleAfterFailures;
  const nextNeedsPuzzle = { needPuzzle: pair.failures >= LOGIN_GUARD.puzzleAfterFailures || fromIp.failures >= LOGIN_GUARD.perIp.puzzleAfterFailures };

  /** A confirmed failure: it stays counted and may start a lock. */
  const failed = async (msg: 'loginFailed' | 'puzzleFailed') => {
    // Housekeeping on a small share of failures rather than a timer every node would run.
    if (Math.random() < 0.02) await sweepStaleFailures(db);
    const pairLock = await lockPairIfDue(db, key, ip, pair.failures);
    if (pairLock) return lockedError(pair.failures, pairLock);
    const ipLock = await countIpFailure(db, ip);
    if (ipLock) return ipLockedError(pair.failures, ipLock);
    return fail(msg, {}, failureData(pair.failures, nextNeedsPuzzle));
  };

  if (needPuzzle) {
    if (!body.puzzleToken || body.puzzleX === undefined) {
      // No answer is no guess: the attempt is given back, the client shows the puzzle and tries again.
      await Promise.all([releasePairAttempt(db, key, ip), releaseIpAttempt(db, ip)]);
      throw fail('puzzleRequired', {}, failureData(pair.failures - 1, { needPuzzle: true }));
    }
    if (!(await solvePuzzle(req.server.appContext.database, body.puzzleToken, body.puzzleX))) throw await failed('puzzleFailed');
  }

  const user = await findUserByName(db, key);
  const passwordOk = user ? await verifyPassword(body.password, user.password) : await verifyPassword(body.password, await dummy()).then(() => false);
  if (!user || !passwordOk) throw await failed('loginFailed');
  await Promise.all([clearPair(db, key, ip), releaseIpAttempt(db, ip)]);

  if (user.status === userFlags.disabled) throw fail('accountDisabled');
  if (needsRehash(user.password)) {
    // A bulk-created account's cheaper hash (lib/password.ts) gets today's cost now that the password is known;
    // only if it is still that hash, so a password changed meanwhile is not overwritten.
    const full = await hashPassword(body.password);
    await db
      .update(users)
      .set({ password: full })
      .where(and(eq(users.uid, user.uid), eq(users.password, user.password)));
  }
  const roles = await rolesOf(db, user.uid);
  if (adminOnly && !may({ uid: user.uid, roles }, 'administer', { kind: 'site' })) throw fail('loginAsAdmin');
  await startSession(req, reply, user.uid);
  return toUserInfo(user, roles);
}
