/**
 * Who may do what in a contest (spec 2 §6; HOJ ContestValidator): contest admin, view rules of
 * public/private/protected contests, the account-limit rule and registration.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ContestAuth, ContestStatus, parseAccountRule } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { mayOn } from '../policy/index.js';

export type ContestRow = typeof contests.$inferSelect;

export function statusOf(c: Pick<ContestRow, 'startTime' | 'endTime'>, now = Date.now()): number {
  if (now < c.startTime.getTime()) return ContestStatus.SCHEDULED;
  if (now < c.endTime.getTime()) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** The "contest admin" of spec 2 §6 (the super admin, the creator; policy.ts `administer` on the contest). */
export const isContestAdmin = (c: Pick<ContestRow, 'uid' | 'gid'>, user: AuthUser | null) =>
  mayOn(user, 'administer', { kind: 'contest', uid: c.uid, gid: c.gid });

export async function contestById(db: DbOrTx, cid: number): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.id, cid));
  return row;
}

/** A contest the caller may know of: hidden contests exist only for their admins. */
export async function visibleContest(db: DbOrTx, cid: number, user: AuthUser | null): Promise<ContestRow> {
  const c = await contestById(db, cid);
  if (!c || (!c.visible && !isContestAdmin(c, user))) throw fail('contestNotFound');
  return c;
}

/** A contest the caller administers; others are told it does not exist or that they may not. */
export async function administeredContest(db: DbOrTx, cid: number, user: AuthUser): Promise<ContestRow> {
  const c = await contestById(db, cid);
  if (!c) throw fail('contestNotFound');
  if (!isContestAdmin(c, user)) throw forbidden();
  return c;
}

/** Usernames are unique case-insensitively, so the rule is matched that way too. */
export function accountAllowed(rule: string | null, username: string): boolean {
  const r = parseAccountRule(rule);
  const name = username.toLowerCase();
  if (r.extra.some((e) => e.toLowerCase() === name)) return true;
  const pre = r.prefix.toLowerCase();
  const suf = r.suffix.toLowerCase();
  if (!name.startsWith(pre) || !name.endsWith(suf) || name.length <= pre.length + suf.length) return false;
  const middle = name.slice(pre.length, name.length - suf.length);
  if (!/^\d+$/.test(middle)) return false;
  const n = Number(middle);
  return n >= r.start && n <= r.end;
}

/** The account-limit rule applies to non-public contests that switch it on; admins are never limited. */
export function limitedOut(c: ContestRow, user: AuthUser): boolean {
  return c.auth !== ContestAuth.PUBLIC && c.openAccountLimit && !isContestAdmin(c, user) && !accountAllowed(c.accountLimitRule, user.username);
}

export async function isRegistered(db: DbOrTx, cid: number, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contestRegisters.id })
    .from(contestRegisters)
    .where(and(eq(contestRegisters.cid, cid), eq(contestRegisters.uid, uid)));
  return !!row;
}

/**
 * May the caller see the inside of the contest (problems, announcements, board, submissions)?
 * Admins always; others not before the start; a private contest only after registering (and
 * within the account-limit rule). Public and protected contests are open to every logged-in user.
 */
export async function assertCanView(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<void> {
  if (isContestAdmin(c, user)) return;
  if (statusOf(c) === ContestStatus.SCHEDULED) throw fail('contestNotStarted');
  if (c.auth !== ContestAuth.PRIVATE) return;
  if (limitedOut(c, user)) throw fail('contestAccountLimited');
  if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
}

/**
 * May the caller submit (and self-test) in the contest now? Scheduled contests take submissions from
 * their admins only (to test); ended ones only with allowEndSubmit. Private and protected contests need
 * registration (admins excepted).
 */
export async function assertTakesPart(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<void> {
  const admin = isContestAdmin(c, user);
  const status = statusOf(c);
  if (status === ContestStatus.SCHEDULED && !admin) throw fail('contestNotStarted');
  if (status === ContestStatus.ENDED && !c.allowEndSubmit) throw fail('contestEnded');
  if (c.auth !== ContestAuth.PUBLIC && !admin) {
    if (limitedOut(c, user)) throw fail('contestAccountLimited');
    if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
  }
}

/** Whether the caller has what the contest asks for taking part (get-contest-access). */
export async function hasAccess(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<boolean> {
  if (isContestAdmin(c, user)) return true;
  if (c.auth === ContestAuth.PUBLIC) return true;
  if (limitedOut(c, user)) return false;
  return isRegistered(db, c.id, user.uid);
}

/** Constant-time comparison of the contest password. */
export function passwordMatches(expected: string | null, given: string): boolean {
  const a = Buffer.from(expected ?? '', 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && a.length > 0 && crypto.timingSafeEqual(a, b);
}
