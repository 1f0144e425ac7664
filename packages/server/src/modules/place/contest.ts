/**
 * Contest submissions as a viewer may see them (spec 1 §2 submission list/detail in a contest, spec 2
 * §6 sealed rank; HOJ contest-submissions, check-contest-submissions-status, get-full-screen-problem-list).
 *
 * Rules (docs/architecture.md "Contest submissions"):
 * - Only viewers who may see the inside of the contest (`assertCanView`) list or poll its submissions;
 *   the owner of a submission may always open it. Contest admins (creator, super admin) see everything.
 * - Non-admins never see submissions made before the start (the admins' tests).
 * - Seal: while the rank is sealed for the viewer (sealRankTime until the end, or for good after the
 *   end without autoRealRank), other users' submissions made from sealRankTime on show as -5 ("submitted,
 *   result unknown") without score, time, memory, judger or error text; in OI contests the viewer's own
 *   ones too (HOJ: OI scores stay hidden from participants while sealed). Submissions of contest admins
 *   are not sealed (they are tests, not in the race); star users' are, as on the frozen board.
 * - While the contest runs, other users' time and memory are hidden (HOJ), and so is their error text.
 * - Code: the owner and contest admins; site admins (admin role) once the contest has ended; others
 *   only a shared submission of a problem that allows sharing, after the end (contest submissions
 *   cannot be shared today, so in practice never).
 * - Case results: contest admins always; others not while the contest runs (except their own OI
 *   submissions whose result they may see), never for a sealed result.
 */
import { and, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ContestStatus,
  ContestType,
  isAdmin,
  isProblemAdmin,
  JudgeStatus,
  Role,
  type contestSubmissionListQuery,
  type FullScreenProblem,
  type Page,
  type Submission,
  type SubmissionDetail,
  type SubmissionInfo,
} from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestProblems, problems, submissions, userRoles } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound, unauthorized } from '../../lib/errors.js';
import { likeOf } from '../problem/service.js';
import { toSubmissionInfo } from '../submission/info.js';
import { assertCanView, contestById, isContestAdmin, statusOf, visibleContest, type ContestRow } from './access.js';
import { contestStaff, sealedNow } from './board.js';
import { linksOf } from './problems.js';

type SubmissionRow = typeof submissions.$inferSelect;

/** What one viewer is allowed to know about a contest's submissions right now. */
export interface ContestViewer {
  c: ContestRow;
  user: AuthUser;
  admin: boolean;
  running: boolean;
  /** results from this time on are unknown to the viewer (see the rules above); null: nothing sealed */
  sealFrom: Date | null;
}

export function contestViewer(c: ContestRow, user: AuthUser, now = Date.now()): ContestViewer {
  const admin = isContestAdmin(c, user);
  return {
    c,
    user,
    admin,
    running: statusOf(c, now) === ContestStatus.RUNNING,
    sealFrom: !admin && sealedNow(c, now) ? c.sealRankTime : null,
  };
}

/** Whether a row's result is hidden from the viewer by the seal (SQL over `judge`). */
function hiddenSql(v: ContestViewer): SQL {
  if (!v.sealFrom) return sql`false`;
  const ownToo = v.c.type === ContestType.OI;
  return sql`(${submissions.submitTime} >= ${v.sealFrom.toISOString()}
    ${ownToo ? sql`` : sql`and ${submissions.uid} <> ${v.user.uid}`}
    and not ${contestStaff(sql`${submissions.uid}`, v.c)})`;
}

async function isOpenAuthor(db: DbOrTx, c: ContestRow, uid: string): Promise<boolean> {
  if (c.uid !== null && c.uid === uid) return true;
  const [root] = await db
    .select({ uid: userRoles.uid })
    .from(userRoles)
    .where(and(eq(userRoles.uid, uid), eq(userRoles.roleId, Role.ROOT)));
  return !!root;
}

/** Since when the viewer's own results are hidden from them: the seal, in OI contests only. */
const ownSealFrom = (v: ContestViewer) => (v.c.type === ContestType.OI ? v.sealFrom : null);

/**
 * Is this one submission's result hidden from the viewer by the seal? (A viewer with a seal is no
 * contest admin, so their own submissions follow ownSealFrom without asking who they are.)
 */
async function resultHidden(db: DbOrTx, v: ContestViewer, s: Pick<SubmissionRow, 'uid' | 'username' | 'submitTime'>): Promise<boolean> {
  if (!v.sealFrom || s.submitTime.getTime() < v.sealFrom.getTime()) return false;
  if (s.uid === v.user.uid) return ownSealFrom(v) !== null;
  return !(await isOpenAuthor(db, v.c, s.uid));
}

const { code: _code, ...infoColumns } = getTableColumns(submissions);

/** Submission columns without code, the contest's letter and title for the problem, and the seal flag. */
const rowColumns = (v: ContestViewer) => ({
  ...infoColumns,
  display: sql<string>`coalesce(${contestProblems.displayId}, ${submissions.displayPid})`,
  title: sql<string | null>`coalesce(${contestProblems.displayTitle}, ${problems.title})`,
  hidden: sql<boolean>`${hiddenSql(v)}`,
});

type ListRow = Omit<SubmissionRow, 'code'> & { display: string; title: string | null; hidden: boolean };

const linkJoin = and(eq(contestProblems.cid, submissions.cid), eq(contestProblems.pid, submissions.pid));

/** The row as the viewer may see it. */
function project(v: ContestViewer, r: ListRow): SubmissionInfo {
  // The contest's letter stands for the problem inside the contest.
  const base: SubmissionInfo = { ...toSubmissionInfo(r), displayPid: r.display };
  if (v.admin) return base;
  if (r.hidden) return sealedView(base);
  if (v.running && r.uid !== v.user.uid) return { ...base, time: null, memory: null };
  return base;
}

function sealedView<T extends SubmissionInfo>(s: T): T {
  return { ...s, status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, oiRankScore: null, time: null, memory: null, judger: null, isManual: false };
}

/** Conditions every non-admin list or poll carries: nothing made before the start. */
const visibleToAll = (v: ContestViewer): SQL | undefined => (v.admin ? undefined : gte(submissions.submitTime, v.c.startTime));

async function viewerFor(ctx: AppContext, user: AuthUser, cid: number): Promise<ContestViewer> {
  const c = await visibleContest(ctx.database.db, cid, user);
  await assertCanView(ctx.database.db, c, user);
  return contestViewer(c, user);
}

/** GET contest-submissions. */
export async function contestSubmissionList(ctx: AppContext, user: AuthUser, q: z.infer<typeof contestSubmissionListQuery>): Promise<Page<SubmissionInfo>> {
  const { db } = ctx.database;
  const v = await viewerFor(ctx, user, q.contestID);
  const c = v.c;
  const display = sql`coalesce(${contestProblems.displayId}, ${submissions.displayPid})`;
  const hidden = hiddenSql(v);
  const conds: (SQL | undefined)[] = [eq(submissions.cid, c.id), visibleToAll(v)];
  if (q.beforeContestSubmit === true) conds.push(lt(submissions.submitTime, c.startTime));
  if (q.beforeContestSubmit === false) conds.push(gte(submissions.submitTime, c.startTime));
  if (!q.containsEnd) conds.push(lt(submissions.submitTime, c.endTime));
  if (q.onlyMine) conds.push(eq(submissions.uid, user.uid));
  else if (q.username) conds.push(eq(submissions.username, q.username));
  if (q.problemID) {
    conds.push(q.completeProblemID ? sql`upper(${display}) = upper(${q.problemID})` : sql`upper(${display}) like upper(${likeOf(q.problemID)})`);
  }
  if (q.status !== undefined) {
    // The filter works on what the viewer sees: a sealed row is -5 whatever its real verdict.
    if (!v.sealFrom) conds.push(eq(submissions.status, q.status));
    else if (q.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT) conds.push(sql`(${hidden} or ${submissions.status} = ${q.status})`);
    else conds.push(sql`(${submissions.status} = ${q.status} and not ${hidden})`);
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns(v))
      .from(submissions)
      .leftJoin(contestProblems, linkJoin)
      .leftJoin(problems, eq(problems.id, submissions.pid))
      .where(where)
      .orderBy(desc(submissions.submitId))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    // The letter is only needed to count by problem id.
    q.problemID
      ? db.select({ n: count() }).from(submissions).leftJoin(contestProblems, linkJoin).where(where)
      : db.select({ n: count() }).from(submissions).where(where),
  ]);
  return { records: rows.map((r) => project(v, r)), total: total?.n ?? 0 };
}

/** POST check-contest-submissions-status: submitId → row (no code) for the ids of this contest. */
export async function checkContestStatus(ctx: AppContext, user: AuthUser, submitIds: number[], cid: number): Promise<Record<string, SubmissionInfo>> {
  const v = await viewerFor(ctx, user, cid);
  const out: Record<string, SubmissionInfo> = {};
  const ids = [...new Set(submitIds)];
  if (!ids.length) return out;
  const rows = await ctx.database.db
    .select(rowColumns(v))
    .from(submissions)
    .leftJoin(contestProblems, linkJoin)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(and(inArray(submissions.submitId, ids), eq(submissions.cid, v.c.id), visibleToAll(v)));
  for (const r of rows) out[r.submitId] = project(v, r);
  return out;
}

/** What the caller may see of one contest submission. */
export interface ContestSubmissionRights {
  viewer: ContestViewer;
  own: boolean;
  hideResult: boolean;
  /** time, memory and error text hidden (someone else's, while the contest runs) */
  hideStats: boolean;
  code: boolean;
  cases: boolean;
  /** program output and checker messages of the cases */
  caseOutput: boolean;
}

/**
 * The rights of `user` on a contest submission; a failure when the caller may not open it at all
 * (logged out, hidden contest, no view of the contest, someone else's test before the start).
 */
export async function contestSubmissionRights(
  db: DbOrTx,
  user: AuthUser | null,
  s: Pick<SubmissionRow, 'cid' | 'uid' | 'username' | 'submitTime' | 'share'>,
  codeShare: boolean,
): Promise<ContestSubmissionRights> {
  if (!user) throw unauthorized();
  const c = await contestById(db, s.cid);
  if (!c) throw notFound('submissionNotFound');
  const own = s.uid === user.uid;
  const v = contestViewer(c, user);
  if (v.admin) return { viewer: v, own, hideResult: false, hideStats: false, code: true, cases: true, caseOutput: true };
  if (!own) {
    if (!c.visible || s.submitTime.getTime() < c.startTime.getTime()) throw notFound('submissionNotFound');
    await assertCanView(db, c, user);
  }
  const hideResult = await resultHidden(db, v, s);
  const ended = statusOf(c) === ContestStatus.ENDED;
  const siteAdmin = isAdmin(user.roles);
  return {
    viewer: v,
    own,
    hideResult,
    hideStats: !own && v.running,
    code: own || (ended && (siteAdmin || (s.share && codeShare))),
    cases: !hideResult && (!v.running || (own && c.type === ContestType.OI)),
    caseOutput: own || (ended && (siteAdmin || isProblemAdmin(user.roles))),
  };
}

/** get-submission-detail for a contest submission. */
/**
 * A submission for its detail page in one read: with its contest letter and title (the problem's own
 * title outside contests), and its problem's code-share setting and visibility (null once deleted).
 */
export async function submissionForDetail(db: DbOrTx, submitId: number) {
  const [row] = await db
    .select({
      s: submissions,
      display: sql<string>`coalesce(${contestProblems.displayId}, ${submissions.displayPid})`,
      title: sql<string | null>`coalesce(${contestProblems.displayTitle}, ${problems.title})`,
      codeShare: problems.codeShare,
      auth: problems.auth,
    })
    .from(submissions)
    .leftJoin(contestProblems, linkJoin)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.submitId, submitId));
  return row;
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof submissionForDetail>>>;

/** The detail of a contest submission, following the contest's rules (seal, code, who may look). */
export async function contestSubmissionDetail(ctx: AppContext, user: AuthUser | null, row: DetailRow): Promise<SubmissionDetail> {
  const { db } = ctx.database;
  const codeShare = row.codeShare ?? false;
  const rights = await contestSubmissionRights(db, user, row.s, codeShare);
  const { code, ...rest } = row.s;
  let submission: Submission = {
    ...project(rights.viewer, { ...rest, display: row.display, title: row.title, hidden: false }),
    errorMessage: rest.errorMessage,
    code: rights.code ? code : null,
  };
  if (rights.hideStats) submission = { ...submission, time: null, memory: null, errorMessage: null };
  if (rights.hideResult) submission = { ...sealedView(submission), errorMessage: null };
  return { submission, codeShare };
}

/** Whether get-all-case-result answers for a contest submission, and with the program's output. */
export async function contestCaseRights(
  ctx: AppContext,
  user: AuthUser | null,
  s: Pick<SubmissionRow, 'cid' | 'uid' | 'username' | 'submitTime' | 'share'>,
): Promise<{ cases: boolean; admin: boolean; caseOutput: boolean }> {
  const rights = await contestSubmissionRights(ctx.database.db, user, s, false);
  return { cases: rights.cases, admin: rights.viewer.admin, caseOutput: rights.caseOutput };
}

/**
 * Since when the user's own results in the contest are hidden from them (OI while sealed), or null.
 * get-last-ac-code must not tell a sealed OI participant that a submission was accepted.
 */
export async function ownResultsHiddenFrom(db: DbOrTx, user: AuthUser, cid: number): Promise<Date | null> {
  const c = await contestById(db, cid);
  return c ? ownSealFrom(contestViewer(c, user)) : null;
}

/**
 * GET get-full-screen-problem-list: the contest's problems in order with the viewer's own state
 * (accepted if any visible submission was, else the latest visible one; -5 when only hidden ones are
 * left; best visible score). Trainings (tid) come with the training area.
 */
export async function fullScreenProblemList(ctx: AppContext, user: AuthUser, q: { cid?: number; tid?: number }): Promise<FullScreenProblem[]> {
  if (q.cid === undefined) throw fail('trainingNotAvailable');
  const { db } = ctx.database;
  const v = await viewerFor(ctx, user, q.cid);
  const hiddenFrom = ownSealFrom(v);
  const visible = hiddenFrom ? sql`submit_time < ${hiddenFrom.toISOString()}` : sql`true`;
  const [links, mine] = await Promise.all([
    linksOf(db, v.c.id),
    db.execute<{ pid: number; status: number | null; score: number | null; hidden: boolean }>(sql`
      select pid,
        (array_agg(status order by (status = ${JudgeStatus.ACCEPTED}) desc, submit_id desc) filter (where ${visible}))[1] as status,
        max(score) filter (where ${visible}) as score,
        coalesce(bool_or(not (${visible})), false) as hidden
      from judge where cid = ${v.c.id} and uid = ${user.uid}
      group by pid`),
  ]);
  const byPid = new Map(mine.rows.map((r) => [Number(r.pid), r]));
  return links.map((l) => {
    const m = byPid.get(l.pid);
    const unknown = !!m?.hidden && m.status !== JudgeStatus.ACCEPTED;
    return {
      pid: l.pid,
      problemId: l.displayId,
      title: l.displayTitle,
      status: unknown ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : (m?.status ?? JudgeStatus.NOT_SUBMITTED),
      score: unknown ? null : (m?.score ?? null),
    };
  });
}
