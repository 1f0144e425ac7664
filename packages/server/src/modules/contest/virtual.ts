/**
 * Virtual participation (as Codeforces and DMOJ have it): after a public contest ended, a user who did not
 * take part takes it on his own clock, from the moment he starts for the contest's duration. His
 * submissions are the contest's (`judge.cid`) marked with the run (`judge.vid`): judged as any, shown in
 * the contest's list as submissions after the end, and folded on his ghost board (virtual-board.ts) at his
 * elapsed time; the real board, the participant count and the verdict counts leave them out. A run ends by
 * itself at its `endTime`; one runs at a time per user and contest (a later one may start after it ended).
 * Practice submissions after the end (allowEndSubmit) are made outside a run and stay practice.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { ContestAuth, ContestStatus, may, type Ability, type MsgKey, type VirtualRun, type VirtualState } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestVirtuals } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { actorIn } from '../policy/index.js';
import { contestResource, statusOf, visibleContest, type ContestRow } from './access.js';

export type VirtualRow = typeof contestVirtuals.$inferSelect;

/** The user's latest virtual run in the contest (running or over), if any. */
export async function latestRun(db: DbOrTx, cid: number, uid: string): Promise<VirtualRow | undefined> {
  const [row] = await db
    .select()
    .from(contestVirtuals)
    .where(and(eq(contestVirtuals.cid, cid), eq(contestVirtuals.uid, uid)))
    .orderBy(desc(contestVirtuals.startTime), desc(contestVirtuals.id))
    .limit(1);
  return row;
}

const runs = (r: VirtualRow, now: number) => now >= r.startTime.getTime() && now < r.endTime.getTime();

/**
 * The run a submission made now belongs to: the user's running one in this ended contest, else null
 * (then the contest's own rules decide: an ended contest takes practice submissions with allowEndSubmit).
 */
export async function runningRunId(db: DbOrTx, c: ContestRow, uid: string, now = Date.now()): Promise<number | null> {
  if (statusOf(c, now) !== ContestStatus.ENDED) return null;
  const run = await latestRun(db, c.id, uid);
  return run && runs(run, now) ? run.id : null;
}

/**
 * Took he part in the contest: a submission of his made while it ran (an admin's tests before the start and
 * practice after the end do not count, nor does a virtual run). Read from the board's index alone.
 */
export async function tookPart(db: DbOrTx, c: ContestRow, uid: string): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select 1 as n from judge where cid = ${c.id} and uid = ${uid} and vid is null
      and submit_time >= ${c.startTime.toISOString()} and submit_time < ${c.endTime.toISOString()} limit 1`);
  return rows.length > 0;
}

/**
 * Why the user may not start a virtual run now (null: he may), in the order a user would want to hear it.
 * The yes itself is the policy's (`takeVirtual`); the reasons name what it asks, and a refusal they do not
 * name (no submit right) is `noPermission`.
 */
async function refusalOf(db: DbOrTx, c: ContestRow, user: AuthUser, now: number): Promise<MsgKey | null> {
  const actor = await actorIn(db, user, c.gid);
  const ended = statusOf(c, now) === ContestStatus.ENDED;
  const [part, run] = await Promise.all([tookPart(db, c, user.uid), latestRun(db, c.id, user.uid)]);
  const allowed = may(actor, 'takeVirtual', { kind: 'contest', uid: c.uid, gid: c.gid, visible: c.visible, auth: c.auth, ended, tookPart: part });
  if (!ended) return 'contestVirtualNotEnded';
  if (c.auth !== ContestAuth.PUBLIC) return 'contestVirtualNotPublic';
  if (may(actor, 'administer', contestResource(c))) return 'contestVirtualStaff';
  if (part) return 'contestVirtualTookPart';
  if (!allowed) return 'noPermission';
  if (run && runs(run, now)) return 'contestVirtualRunning';
  return null;
}

export const toVirtualRun = (r: VirtualRow, now = Date.now()): VirtualRun => ({
  id: r.id,
  cid: r.cid,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  now: new Date(now).toISOString(),
  running: runs(r, now),
});

/** The caller's latest run and whether he may start one now: the overview shows the button exactly then. */
export async function virtualState(ctx: AppContext, user: AuthUser, cid: number): Promise<VirtualState> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  const now = Date.now();
  const [run, refusal] = await Promise.all([latestRun(db, c.id, user.uid), refusalOf(db, c, user, now)]);
  const start: Ability = { allowed: refusal === null, reason: refusal && { key: refusal, params: {} } };
  return { run: run ? toVirtualRun(run, now) : null, start };
}

/**
 * Starts the caller's virtual run: his clock from now for the contest's duration. Checked again under a
 * lock per user and contest, so two starts at once make one run and refuse the other.
 */
export async function startVirtual(ctx: AppContext, user: AuthUser, cid: number): Promise<VirtualRun> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contest-virtual:${c.id}:${user.uid}`}))`);
    const now = Date.now();
    const refusal = await refusalOf(tx, c, user, now);
    if (refusal === 'noPermission') throw forbidden();
    if (refusal) throw fail(refusal);
    const duration = c.endTime.getTime() - c.startTime.getTime();
    const [row] = await tx
      .insert(contestVirtuals)
      .values({ cid: c.id, uid: user.uid, startTime: new Date(now), endTime: new Date(now + duration) })
      .returning();
    return toVirtualRun(row!, now);
  });
}
