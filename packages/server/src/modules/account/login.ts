import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_GUARD, type LoginBody, type LoginFailure, type UserInfo } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { loginFailures, userFlags } from '../../db/schema/index.js';
import { ADMIN_AREA_ROLES, startSession } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { solvePuzzle } from '../../lib/puzzle.js';
import { findUserByName, rolesOf, toUserInfo } from '../../lib/users.js';

const WINDOW_MS = LOGIN_GUARD.windowMinutes * 60_000;
const LOCK_MS = LOGIN_GUARD.lockMinutes * 60_000;

/** Unknown usernames still cost one hash check, so response time does not tell which names exist. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('no such user, no such password'));

interface FailureState {
  failures: number;
  lockedUntil: Date | null;
}

const failureData = (failures: number, extra: Partial<LoginFailure> = {}): LoginFailure => ({
  failures,
  needPuzzle: failures >= LOGIN_GUARD.puzzleAfterFailures,
  ...extra,
});

function lockedError(s: FailureState & { lockedUntil: Date }) {
  const minutes = Math.max(1, Math.ceil((s.lockedUntil.getTime() - Date.now()) / 60_000));
  return fail('accountLocked', { minutes }, failureData(s.failures, { needPuzzle: true, lockedMinutes: minutes }));
}

/** The pair's failures that still count: older than the window (or from an ended lock) are forgotten. */
async function failureState(db: Db, username: string, ip: string): Promise<FailureState> {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
  if (!row) return { failures: 0, lockedUntil: null };
  const now = Date.now();
  if (row.lockedUntil && row.lockedUntil.getTime() > now) return { failures: row.failures, lockedUntil: row.lockedUntil };
  if (row.lockedUntil || row.lastFailureAt.getTime() <= now - WINDOW_MS) {
    // Only if nobody failed meanwhile (another request may just have counted one).
    await db
      .delete(loginFailures)
      .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip), eq(loginFailures.lastFailureAt, row.lastFailureAt)));
    return { failures: 0, lockedUntil: null };
  }
  return { failures: row.failures, lockedUntil: null };
}

/** Counts one failure atomically (parallel attempts all count) and starts the lock at the threshold. */
async function recordFailure(db: Db, username: string, ip: string): Promise<FailureState> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .insert(loginFailures)
    .values({ username, ip, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.ip],
      set: {
        failures: sql`case when ${loginFailures.lastFailureAt} <= ${windowStart} or ${loginFailures.lockedUntil} <= ${now} then 1 else ${loginFailures.failures} + 1 end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${loginFailures.lockedUntil} > ${now} then ${loginFailures.lockedUntil} else null end`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  const state = { failures: row!.failures, lockedUntil: row!.lockedUntil };
  if (state.failures >= LOGIN_GUARD.lockAfterFailures && !state.lockedUntil) {
    state.lockedUntil = new Date(now.getTime() + LOCK_MS);
    await db
      .update(loginFailures)
      .set({ lockedUntil: state.lockedUntil })
      .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip)));
  }
  return state;
}

/** Rows of pairs that are neither counting nor locked any more; guessed usernames would pile up otherwise. */
async function sweepStaleFailures(db: Db) {
  const now = new Date();
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.lastFailureAt} < ${new Date(now.getTime() - WINDOW_MS)} and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} < ${now})`);
}

export async function clearFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}

/**
 * Login for the site and for the admin area (`adminOnly`). Order matters: a locked pair is refused
 * before anything else (the password is not even checked), then the slide puzzle from 5 failures (a
 * failed puzzle does not count and checks no password), then the password. Success clears the
 * failures, opens a session and puts its token in the `Authorization` header.
 */
export async function login(req: FastifyRequest, reply: FastifyReply, body: LoginBody, adminOnly: boolean): Promise<UserInfo> {
  const { db } = req.server.appContext.database;
  const key = body.username.toLowerCase();
  const ip = req.ip;

  const state = await failureState(db, key, ip);
  if (state.lockedUntil) throw lockedError(state as FailureState & { lockedUntil: Date });
  if (state.failures >= LOGIN_GUARD.puzzleAfterFailures) {
    if (!body.puzzleToken || body.puzzleX === undefined) throw fail('puzzleRequired', {}, failureData(state.failures));
    if (!(await solvePuzzle(req.server.appContext.database, body.puzzleToken, body.puzzleX)))
      throw fail('puzzleFailed', {}, failureData(state.failures));
  }

  const user = await findUserByName(db, key);
  const passwordOk = user ? await verifyPassword(body.password, user.password) : await verifyPassword(body.password, await dummy()).then(() => false);
  if (!user || !passwordOk) {
    const after = await recordFailure(db, key, ip);
    // Housekeeping on a small share of failures rather than a timer every node would run.
    if (Math.random() < 0.02) await sweepStaleFailures(db);
    if (after.lockedUntil) throw lockedError(after as FailureState & { lockedUntil: Date });
    throw fail('loginFailed', {}, failureData(after.failures));
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.username, key), eq(loginFailures.ip, ip)));

  if (user.status === userFlags.disabled) throw fail('accountDisabled');
  const roles = await rolesOf(db, user.uid);
  if (adminOnly && !roles.some((r) => (ADMIN_AREA_ROLES as number[]).includes(r))) throw fail('loginAsAdmin');
  await startSession(req, reply, user.uid);
  return toUserInfo(user, roles);
}
