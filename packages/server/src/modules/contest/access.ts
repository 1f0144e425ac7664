/**
 * Who may do what in a contest (HOJ ContestValidator): contest admin, view rules of
 * public/private/protected contests, the account-limit rule and registration.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ContestAuth, ContestStatus, may, parseAccountRule, type Resource } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { ownerOfRow } from '../group/owner.js';
import { ownerFilter, type Owner } from '../owner/index.js';
import { actorIn } from '../policy/index.js';

export type ContestRow = typeof contests.$inferSelect;

export function statusOf(c: Pick<ContestRow, 'startTime' | 'endTime'>, now = Date.now()): number {
  if (now < c.startTime.getTime()) return ContestStatus.SCHEDULED;
  if (now < c.endTime.getTime()) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** A contest as the policy reads it (`may` view and administer). */
export const contestResource = (c: Pick<ContestRow, 'uid' | 'gid' | 'visible'>): Resource => ({ kind: 'contest', uid: c.uid, gid: c.gid, visible: c.visible });

/**
 * The "contest admin" (the super admin, the creator; in a group also its root: policy.ts
 * `administer` on the contest). A group contest asks with the caller's level there (`actorIn`), which the
 * site roles alone do not know.
 */
export async function isContestAdmin(db: DbOrTx, c: Pick<ContestRow, 'uid' | 'gid'>, user: AuthUser | null): Promise<boolean> {
  return may(await actorIn(db, user, c.gid), 'administer', { kind: 'contest', uid: c.uid, gid: c.gid });
}

/**
 * The contest's owner with the caller in it (`ownerOfRow`): the site, or the contest's group once he
 * passes its gate, asked afresh on every call (a group contest is the inside of its group).
 * The policy's `view` and `administer` are then asked with the owner's actor.
 */
export const contestOwner = (db: DbOrTx, c: Pick<ContestRow, 'gid'>, user: AuthUser | null): Promise<Owner> => ownerOfRow(db, user, c.gid);

/** Contest `cid`; with `within`, only when that owner holds it (a group's calls find only its contests). */
export async function contestById(db: DbOrTx, cid: number, within?: Owner): Promise<ContestRow | undefined> {
  const [row] = await db
    .select()
    .from(contests)
    .where(and(eq(contests.id, cid), within && ownerFilter(within, contests.gid)));
  return row;
}

/**
 * A contest the caller may know of (policy `view`): hidden contests exist only for their admins. A
 * group's contest first tells outsiders why they may not (401, groupNotMember, groupNotFound).
 */
export async function visibleContest(db: DbOrTx, cid: number, user: AuthUser | null): Promise<ContestRow> {
  const c = await contestById(db, cid);
  if (!c) throw fail('contestNotFound');
  await assertVisible(db, c, user);
  return c;
}

/** `visibleContest` of a row already read (a list asks it of each of its contests). */
export async function assertVisible(db: DbOrTx, c: ContestRow, user: AuthUser | null): Promise<void> {
  const owner = await contestOwner(db, c, user);
  if (!may(owner.actor, 'view', contestResource(c))) throw fail('contestNotFound');
}

/**
 * A contest the caller administers, with its owner; others are told it does not exist or that they may
 * not. `within`: the owner the call was made in (a group's calls, resolved with the caller there), whose
 * contests alone it reaches; without it the owner is the contest's own.
 */
export async function administeredContestOf(db: DbOrTx, cid: number, user: AuthUser, within?: Owner): Promise<{ c: ContestRow; owner: Owner }> {
  const c = await contestById(db, cid, within);
  if (!c) throw fail('contestNotFound');
  const owner = within ?? (await contestOwner(db, c, user));
  if (!may(owner.actor, 'administer', contestResource(c))) throw forbidden();
  return { c, owner };
}

/** A contest the caller administers (`administeredContestOf`). */
export async function administeredContest(db: DbOrTx, cid: number, user: AuthUser, within?: Owner): Promise<ContestRow> {
  return (await administeredContestOf(db, cid, user, within)).c;
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
export async function limitedOut(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<boolean> {
  if (c.auth === ContestAuth.PUBLIC || !c.openAccountLimit || accountAllowed(c.accountLimitRule, user.username)) return false;
  return !(await isContestAdmin(db, c, user));
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
  if (await isContestAdmin(db, c, user)) return;
  if (statusOf(c) === ContestStatus.SCHEDULED) throw fail('contestNotStarted');
  if (c.auth !== ContestAuth.PRIVATE) return;
  if (await limitedOut(db, c, user)) throw fail('contestAccountLimited');
  if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
}

/**
 * May the caller submit (and self-test) in the contest now? Scheduled contests take submissions from
 * their admins only (to test); ended ones only with allowEndSubmit. Private and protected contests need
 * registration (admins excepted).
 */
export async function assertTakesPart(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<void> {
  const admin = await isContestAdmin(db, c, user);
  const status = statusOf(c);
  if (status === ContestStatus.SCHEDULED && !admin) throw fail('contestNotStarted');
  if (status === ContestStatus.ENDED && !c.allowEndSubmit) throw fail('contestEnded');
  if (c.auth !== ContestAuth.PUBLIC && !admin) {
    if (await limitedOut(db, c, user)) throw fail('contestAccountLimited');
    if (!(await isRegistered(db, c.id, user.uid))) throw fail('contestNotRegistered');
  }
}

/** Whether the caller has what the contest asks for taking part (get-contest-access). */
export async function hasAccess(db: DbOrTx, c: ContestRow, user: AuthUser): Promise<boolean> {
  if (await isContestAdmin(db, c, user)) return true;
  if (c.auth === ContestAuth.PUBLIC) return true;
  if (await limitedOut(db, c, user)) return false;
  return isRegistered(db, c.id, user.uid);
}

/** Constant-time comparison of the contest password. */
export function passwordMatches(expected: string | null, given: string): boolean {
  const a = Buffer.from(expected ?? '', 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && a.length > 0 && crypto.timingSafeEqual(a, b);
}
