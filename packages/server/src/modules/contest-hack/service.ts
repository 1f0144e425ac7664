/**
 * Hacks of a contest's participants (contest-hacks.ts): locking a solved problem, opening another
 * participant's accepted submission of it, sending a hack input, and the contest's hacks list. Every
 * refusal is a catalogue message; the judging is the hack task kind (judge-tasks.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { ContestStatus, contestRule, HACK, JudgeStatus, may, type HackTarget, type HackView } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestHacks, contestProblemLocks, problemHackKits, submissions, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { assertCanView, assertTakesPart, isContestAdmin, statusOf, visibleContest, type ContestRow } from '../contest/access.js';
import { sealedNow } from '../contest/board.js';
import { hasLocked, lockedProblems } from '../contest/problem-locks.js';
import { linkByDisplayId } from '../contest/problems.js';
import { publishHacks } from '../../lib/live-publish.js';
import { notifyQueue } from '../judge/queue.js';
import { actorIn } from '../policy/index.js';

/** A running contest that allows hacks, with the caller taking part in it (never its staff: they are on no board). */
async function hackingContest(db: DbOrTx, cid: number, user: AuthUser): Promise<ContestRow> {
  const c = await visibleContest(db, cid, user);
  if (!contestRule(c.type).hackable || !c.allowHacks) throw fail('hackNotAllowed');
  if (statusOf(c) !== ContestStatus.RUNNING) throw fail('hackNotRunning');
  if (await isContestAdmin(db, c, user)) throw fail('hackNotParticipant');
  await assertTakesPart(db, c, user);
  return c;
}

/** Does `uid` have an accepted in-contest submission of the problem? */
async function hasSolved(db: DbOrTx, c: ContestRow, uid: string, displayId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, c.id),
        eq(submissions.uid, uid),
        sql`upper(${submissions.displayPid}) = upper(${displayId})`,
        eq(submissions.status, JudgeStatus.ACCEPTED),
        sql`${submissions.submitTime} >= ${c.startTime.toISOString()}`,
      ),
    )
    .limit(1);
  return !!row;
}

async function hasKit(db: DbOrTx, pid: number): Promise<boolean> {
  const [row] = await db.select({ pid: problemHackKits.pid }).from(problemHackKits).where(eq(problemHackKits.pid, pid));
  return !!row;
}

/** Locks the caller's solved problem: he submits to it no more and may hack it. */
export async function lockProblem(ctx: AppContext, user: AuthUser, cid: number, displayId: string): Promise<{ locked: true }> {
  const { db } = ctx.database;
  const c = await hackingContest(db, cid, user);
  const link = await linkByDisplayId(db, c.id, displayId);
  if (!link) throw fail('contestProblemNotFound', { displayId: displayId.slice(0, 20) });
  if (!(await hasKit(db, link.pid))) throw fail('hackProblemNotHackable');
  if (!(await hasSolved(db, c, user.uid, link.displayId))) throw fail('hackNotSolved');
  await db.insert(contestProblemLocks).values({ cid: c.id, uid: user.uid, displayId: link.displayId }).onConflictDoNothing();
  return { locked: true };
}

/** The caller's locked problems of a contest he may see. */
export async function myLocks(ctx: AppContext, user: AuthUser, cid: number): Promise<string[]> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  return lockedProblems(db, c.id, user.uid);
}

/** The submission a hack aims at, after every check a hacker must pass. */
async function victimOf(db: DbOrTx, c: ContestRow, user: AuthUser, submitId: number) {
  const [s] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.submitId, submitId), eq(submissions.cid, c.id)));
  if (!s) throw fail('submissionNotFound');
  if (s.uid === user.uid) throw fail('hackOwnSubmission');
  // The policy's rule (someone else's, a user who may submit, not the staff); the contest's facts follow.
  const actor = await actorIn(db, user, c.gid);
  if (!may(actor, 'hack', { kind: 'submission', uid: s.uid, gid: s.gid, contest: { uid: c.uid, gid: c.gid } })) throw fail('hackNotParticipant');
  // A result the seal hides from the hacker stays hidden: whatever its verdict, the answer is the same.
  if (sealedNow(c) && c.sealRankTime && s.submitTime.getTime() >= c.sealRankTime.getTime()) throw fail('hackTargetSealed');
  // Only a solution of the contest's time counts (a staff member's test before the start is none).
  if (s.status !== JudgeStatus.ACCEPTED || s.submitTime.getTime() < c.startTime.getTime() || s.submitTime.getTime() >= c.endTime.getTime()) {
    throw fail('hackTargetNotAccepted');
  }
  if (!(await hasLocked(db, c.id, user.uid, s.displayPid))) throw fail('hackNotLocked');
  return s;
}

/** Another participant's accepted submission, opened for a hack (the source is shown only to a hacker who locked the problem). */
export async function hackTarget(ctx: AppContext, user: AuthUser, cid: number, submitId: number): Promise<HackTarget> {
  const { db } = ctx.database;
  const c = await hackingContest(db, cid, user);
  const s = await victimOf(db, c, user, submitId);
  return { submitId: s.submitId, cid: c.id, displayId: s.displayPid, username: s.username, language: s.language, code: s.code };
}

/** Queues a hack; a judge validates and runs it (judge-tasks.ts). */
export async function submitHack(ctx: AppContext, user: AuthUser, body: { cid: number; submitId: number; input: string }): Promise<{ id: number }> {
  const { db } = ctx.database;
  const c = await hackingContest(db, body.cid, user);
  if (body.input.length > HACK.inputMax) throw fail('hackInputTooLarge', { max: HACK.inputMax });
  const s = await victimOf(db, c, user, body.submitId);
  return db.transaction(async (tx) => {
    // One hack request of a hacker at a time, so two at once cannot both pass the pending count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hack:${c.id}:${user.uid}`}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contestHacks)
      .where(and(eq(contestHacks.cid, c.id), eq(contestHacks.hackerUid, user.uid), eq(contestHacks.verdict, 'pending')));
    if (n >= HACK.maxPending) throw fail('hackTooManyPending', { count: n });
    const [row] = await tx
      .insert(contestHacks)
      .values({ cid: c.id, pid: s.pid, displayId: s.displayPid, hackerUid: user.uid, submitId: s.submitId, input: body.input })
      .returning({ id: contestHacks.id });
    await notifyQueue(tx);
    await publishHacks(tx, c.id);
    return { id: row!.id };
  });
}

/**
 * The contest's hacks, newest first, for anyone who may see the inside of the contest. The input and the
 * judge's words are the hacker's and the staff's while it runs (others would read a test that breaks
 * their own solution); the input is everyone's once it is over.
 */
export async function listHacks(ctx: AppContext, user: AuthUser, cid: number): Promise<HackView[]> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  const staff = await isContestAdmin(db, c, user);
  const over = statusOf(c) === ContestStatus.ENDED;
  const rows = await db
    .select({ h: contestHacks, hacker: users.username, victim: submissions.username })
    .from(contestHacks)
    .innerJoin(users, eq(users.uid, contestHacks.hackerUid))
    .innerJoin(submissions, eq(submissions.submitId, contestHacks.submitId))
    .where(eq(contestHacks.cid, c.id))
    .orderBy(desc(contestHacks.id))
    .limit(1000);
  return rows.map(({ h, hacker, victim }) => {
    const own = staff || h.hackerUid === user.uid;
    return {
      id: h.id,
      cid: h.cid,
      displayId: h.displayId,
      submitId: h.submitId,
      hacker,
      victim,
      verdict: h.verdict,
      message: own ? h.message : null,
      input: own || over ? h.input : null,
      createdAt: h.createdAt.toISOString(),
      finishedAt: h.finishedAt?.toISOString() ?? null,
      addedToTests: h.addedToTests,
    };
  });
}
