/**
 * The contest place (HOJ contest-submissions, check-contest-submissions-status,
 * get-full-screen-problem-list, get-contest-problem-details): problems by their letter, submitting on
 * the contest's terms, and its submissions as a viewer may see them.
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
 * - Code: the owner and contest admins; site admins (policy `readAllCode`) once the contest has ended;
 *   others only a shared submission of a problem that allows sharing, after the end (contest
 *   submissions cannot be shared today, so in practice never).
 * - Case results: contest admins always; others not while the contest runs (except their own OI
 *   submissions whose result they may see), never for a sealed result.
 * - Virtual participation (contest/virtual.ts): in his running run an ended contest takes the user's
 *   submissions as the run's (`vid`); the lists show them as submissions after the end, and their author
 *   his own among those made while it ran.
 */
import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ContestStatus,
  JudgeStatus,
  may,
  type Actor,
  type FullScreenProblem,
  type Page,
  type Resource,
  type Submission,
  type SubmissionInfo,
  type UserProblemStatus,
  contestRule,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contestProblems, problems, submissions } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound, unauthorized } from '../../lib/errors.js';
import { hasLocked } from '../contest/problem-locks.js';
import { assertCanView, assertTakesPart, contestById, contestOwner, isContestAdmin, statusOf, visibleContest, type ContestRow } from '../contest/access.js';
import { contestStaff, sealedNow } from '../contest/board.js';
import { contestCounts, linkByDisplayId, linksOf, myStatuses, resultBound } from '../contest/problems.js';
import { actorIn, maySite } from '../policy/index.js';
import { runningRunId } from '../contest/virtual.js';
import { problemById } from '../problem/service.js';
import { emptyCount } from '../problem/verdict-counts.js';
import { likeOf } from '../../lib/like.js';
import { toSubmissionInfo } from './submission-info.js';
import type { OpenedProblem, Place, PlaceResolver, SubmissionFacts, SubmissionListFilter, SubmissionRights } from './types.js';

type SubmissionRow = typeof submissions.$inferSelect;

/** What one viewer is allowed to know about a contest's submissions right now. */
interface ContestViewer {
  c: ContestRow;
  user: AuthUser;
  /** the viewer as the policy sees him in the contest's group */
  actor: Actor | null;
  admin: boolean;
  running: boolean;
  /** results from this time on are unknown to the viewer (see the rules above); null: nothing sealed */
  sealFrom: Date | null;
  /** the viewer is listed the submissions made before the start (policy `list`: the contest's admins) */
  listsBeforeStart: boolean;
}

/** A submission of the contest as the policy reads it (`view` and `list`). */
const contestSubmission = (c: ContestRow, s: { uid: string; beforeStart: boolean }): Resource => ({
  kind: 'submission',
  uid: s.uid,
  gid: c.gid,
  contest: { uid: c.uid, gid: c.gid, visible: c.visible, beforeStart: s.beforeStart },
});

/** `actor`: the viewer in the contest's owner, when the caller resolved it already. */
async function contestViewer(db: DbOrTx, c: ContestRow, user: AuthUser, known?: Actor | null, now = Date.now()): Promise<ContestViewer> {
  const actor = known === undefined ? await actorIn(db, user, c.gid) : known;
  // The contest's admins, as isContestAdmin asks, from the one lookup of the viewer's group standing.
  const admin = may(actor, 'administer', { kind: 'contest', uid: c.uid, gid: c.gid });
  return {
    c,
    user,
    actor,
    admin,
    running: statusOf(c, now) === ContestStatus.RUNNING,
    sealFrom: !admin && sealedNow(c, now) ? c.sealRankTime : null,
    // someone else's row made before the start: listed to the viewer or not
    listsBeforeStart: may(actor, 'list', contestSubmission(c, { uid: '', beforeStart: true })),
  };
}

/** Whether a row's result is hidden from the viewer by the seal (SQL over `judge`). */
function hiddenSql(v: ContestViewer): SQL {
  if (!v.sealFrom) return sql`false`;
  const ownToo = contestRule(v.c.type).sealsOwnResults;
  return sql`(${submissions.submitTime} >= ${v.sealFrom.toISOString()}
    ${ownToo ? sql`` : sql`and ${submissions.uid} <> ${v.user.uid}`}
    and not ${contestStaff(sql`${submissions.uid}`, v.c)})`;
}

/** Is the submitter one of the contest's admins (their submissions are tests, never sealed)? The rule's SQL form. */
async function isStaff(db: DbOrTx, c: ContestRow, uid: string): Promise<boolean> {
  const { rows } = await db.execute<{ staff: boolean }>(sql`select ${contestStaff(sql`${uid}::text`, c)} as staff`);
  return !!rows[0]?.staff;
}

/** Since when the viewer's own results are hidden from them: the seal, where the rule seals own results. */
const ownSealFrom = (v: ContestViewer) => (contestRule(v.c.type).sealsOwnResults ? v.sealFrom : null);

/**
 * Is this one submission's result hidden from the viewer by the seal? (A viewer with a seal is no
 * contest admin, so their own submissions follow ownSealFrom without asking who they are.)
 */
async function resultHidden(db: DbOrTx, v: ContestViewer, s: Pick<SubmissionRow, 'uid' | 'submitTime'>): Promise<boolean> {
  if (!v.sealFrom || s.submitTime.getTime() < v.sealFrom.getTime()) return false;
  if (s.uid === v.user.uid) return ownSealFrom(v) !== null;
  return !(await isStaff(db, v.c, s.uid));
}

const { code: _code, ...infoColumns } = getTableColumns(submissions);

const display = sql<string>`coalesce(${contestProblems.displayId}, ${submissions.displayPid})`;

/** Submission columns without code, the contest's letter and title for the problem, and the seal flag. */
const rowColumns = (v: ContestViewer) => ({
  ...infoColumns,
  display,
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

/** What every list or poll carries for a viewer not listed the rows made before the start (the policy's `list`). */
const listedRows = (v: ContestViewer): SQL | undefined => (v.listsBeforeStart ? undefined : gte(submissions.submitTime, v.c.startTime));

/** The contest's lists and polls are for logged-in viewers who may see inside the contest. */
function requireUser(user: AuthUser | null): AuthUser {
  if (!user) throw unauthorized();
  return user;
}

class ContestPlace implements Place {
  readonly kind = 'contest' as const;
  readonly submitRules = { judge: 'contest', captcha: false, interval: false, contestQueue: true } as const;
  private visible?: Promise<ContestRow>;
  /** the contest once `contest()` has read it (a problem is opened before a submission is stamped) */
  private loaded?: ContestRow;
  /** the caller's running virtual run, once a problem was opened to submit in it */
  private vid: number | null = null;

  constructor(
    private ctx: AppContext,
    readonly user: AuthUser | null,
    private cid: number,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** The contest, when the caller may know of it (hidden contests exist only for their admins; group contests for members). */
  private contest(): Promise<ContestRow> {
    this.visible ??= visibleContest(this.db, this.cid, this.user).then((c) => {
      this.loaded = c;
      return c;
    });
    return this.visible;
  }

  /** The viewer of the inside of the contest (login and `assertCanView`). */
  private async viewer(): Promise<ContestViewer> {
    const user = requireUser(this.user);
    const c = await this.contest();
    await assertCanView(this.db, c, user);
    return contestViewer(this.db, c, user);
  }

  async openProblem(key: { displayId: string } | { pid: number }, purpose: 'view' | 'submit'): Promise<OpenedProblem> {
    const user = requireUser(this.user);
    const c = await this.contest();
    if (purpose === 'submit') {
      // In his virtual run an ended contest takes his submissions as the run's; else the contest's rules.
      this.vid = await runningRunId(this.db, c, user.uid);
      if (this.vid === null) await assertTakesPart(this.db, c, user);
    } else await assertCanView(this.db, c, user);
    if ('pid' in key) {
      // By internal id (self-test): a problem not in the contest is "not found", as in the bank.
      const [l] = await this.db
        .select()
        .from(contestProblems)
        .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, key.pid)));
      const problem = l ? await problemById(this.db, key.pid) : undefined;
      if (!l || !problem) throw notFound('problemNotFound');
      return { problem, displayId: l.displayId, title: l.displayTitle, linkId: l.id };
    }
    const l = await linkByDisplayId(this.db, c.id, key.displayId);
    const problem = l ? await problemById(this.db, l.pid) : undefined;
    if (!l || !problem) throw fail('contestProblemNotFound', { displayId: key.displayId.slice(0, 20) });
    // A problem its participant locked for hacking takes no more of his submissions (nor self-tests).
    if (purpose === 'submit' && c.allowHacks && (await hasLocked(this.db, c.id, user.uid, l.displayId))) throw fail('hackProblemLocked');
    return { problem, displayId: l.displayId, title: l.displayTitle, linkId: l.id };
  }

  async problemCount(p: OpenedProblem, o: { containsEnd?: boolean }) {
    const c = await this.contest();
    const { bound } = await resultBound(this.db, c, this.user, !!o.containsEnd);
    return (await contestCounts(this.db, c, bound)).get(p.problem.id) ?? emptyCount();
  }

  async showsTags(): Promise<boolean> {
    // Tags tell how to solve it: participants get them once the contest is over (HOJ; the page hides them too).
    const c = await this.contest();
    return (await isContestAdmin(this.db, c, this.user)) || statusOf(c) === ContestStatus.ENDED;
  }

  async userProblemStatus(pids: number[]): Promise<UserProblemStatus> {
    const v = await this.viewer();
    const mine = await myStatuses(this.db, v.c, v.user.uid, ownSealFrom(v));
    const out: UserProblemStatus = {};
    for (const pid of new Set(pids)) out[pid] = mine.get(pid) ?? { status: JudgeStatus.NOT_SUBMITTED, score: null };
    return out;
  }

  /**
   * The contest's problems in order with the viewer's own state (accepted if any visible submission
   * was, else the latest visible one; -5 when only hidden ones are left; best visible score).
   */
  async problemBar(): Promise<FullScreenProblem[]> {
    const v = await this.viewer();
    const [links, mine] = await Promise.all([linksOf(this.db, v.c.id), myStatuses(this.db, v.c, v.user.uid, ownSealFrom(v))]);
    return links.map((l) => {
      const m = mine.get(l.pid);
      return {
        pid: l.pid,
        problemId: l.displayId,
        title: l.displayTitle,
        status: m?.status ?? JudgeStatus.NOT_SUBMITTED,
        score: m?.score ?? null,
      };
    });
  }

  stamp(p: OpenedProblem) {
    // A submission made after the end (allowEndSubmit) needs no flag of its own: boards tell it by its
    // submit time and keep it off unless "include after contest" is asked for.
    // A group contest's submissions belong to the group too (its status list, its rank, disbanding).
    // A virtual run's submission carries the run (virtual.ts): boards tell it apart by that.
    return { cid: this.cid, cpid: p.linkId, displayPid: p.displayId, gid: this.loaded?.gid ?? null, vid: this.vid };
  }

  async listSubmissions(q: SubmissionListFilter): Promise<Page<SubmissionInfo>> {
    const v = await this.viewer();
    const c = v.c;
    const hidden = hiddenSql(v);
    const conds: (SQL | undefined)[] = [eq(submissions.cid, c.id), listedRows(v)];
    if (q.beforeContestSubmit === true) conds.push(lt(submissions.submitTime, c.startTime));
    if (q.beforeContestSubmit === false) conds.push(gte(submissions.submitTime, c.startTime));
    // The viewer's own virtual runs' submissions are listed with those made while the contest ran.
    if (!q.containsEnd) conds.push(or(lt(submissions.submitTime, c.endTime), and(eq(submissions.uid, v.user.uid), isNotNull(submissions.vid))));
    if (q.onlyMine) conds.push(eq(submissions.uid, v.user.uid));
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
    const { records: rows, total } = await pageOf(
      this.db
        .select(rowColumns(v))
        .from(submissions)
        .leftJoin(contestProblems, linkJoin)
        .leftJoin(problems, eq(problems.id, submissions.pid))
        .where(where)
        .orderBy(desc(submissions.submitId))
        .limit(q.limit)
        .offset(pageOffset(q.currentPage, q.limit)),
      // The letter is only needed to count by problem id.
      q.problemID
        ? this.db.select({ n: count() }).from(submissions).leftJoin(contestProblems, linkJoin).where(where)
        : this.db.select({ n: count() }).from(submissions).where(where),
    );
    return { records: rows.map((r) => project(v, r)), total };
  }

  async pollSubmissions(submitIds: number[]): Promise<Record<string, SubmissionInfo>> {
    const v = await this.viewer();
    const out: Record<string, SubmissionInfo> = {};
    const ids = [...new Set(submitIds)];
    if (!ids.length) return out;
    const rows = await this.db
      .select(rowColumns(v))
      .from(submissions)
      .leftJoin(contestProblems, linkJoin)
      .leftJoin(problems, eq(problems.id, submissions.pid))
      .where(and(inArray(submissions.submitId, ids), eq(submissions.cid, v.c.id), listedRows(v)));
    for (const r of rows) out[r.submitId] = project(v, r);
    return out;
  }

  /**
   * The rights of the caller on a submission of this contest; a failure when they may not open it at
   * all (logged out, hidden contest, no view of the contest, someone else's test before the start).
   */
  async submissionRights(s: SubmissionFacts): Promise<SubmissionRights> {
    const user = requireUser(this.user);
    const c = await contestById(this.db, s.cid);
    if (!c) throw notFound('submissionNotFound');
    // A group contest's submissions, one's own too, are for the group's members (removed: refused at once).
    const owner = await contestOwner(this.db, c, user);
    const own = s.uid === user.uid;
    const v = await contestViewer(this.db, c, user, owner.actor);
    // The contest's current letter and title stand for the problem.
    const [l] = await this.db
      .select({ displayId: contestProblems.displayId, displayTitle: contestProblems.displayTitle })
      .from(contestProblems)
      .where(and(eq(contestProblems.cid, c.id), eq(contestProblems.pid, s.pid)));
    const named = (x: Submission): Submission => (l ? { ...x, displayPid: l.displayId, title: l.displayTitle } : x);
    if (v.admin) return { view: named, code: true, cases: true, allCases: true, caseOutput: true, answers: true };
    // Policy `view`: one's own, or another's made from the start on in a shown contest (then its inside is asked).
    const opens = may(v.actor, 'view', contestSubmission(c, { uid: s.uid, beforeStart: s.submitTime.getTime() < c.startTime.getTime() }));
    if (!opens) throw notFound('submissionNotFound');
    if (!own) await assertCanView(this.db, c, user);
    const hideResult = await resultHidden(this.db, v, s);
    const hideStats = !own && v.running;
    const ended = statusOf(c) === ContestStatus.ENDED;
    return {
      view: (x) => {
        let out = named(x);
        if (hideStats) out = { ...out, time: null, memory: null, errorMessage: null };
        if (hideResult) out = { ...sealedView(out), errorMessage: null };
        return out;
      },
      code: own || (ended && (maySite(user, 'readAllCode') || (s.share && !!s.codeShare))),
      cases: !hideResult && (!v.running || (own && contestRule(c.type).ownCasesWhileRunning)),
      allCases: false,
      caseOutput: own || (ended && maySite(user, 'seeAllCaseResults')),
      // A participant never reads the hidden cases' answers, during the contest or after it.
      answers: ended && maySite(user, 'seeAllCaseResults'),
    };
  }

  /** A sealed OI participant's accepted submissions after the seal do not count (their verdicts stay unknown). */
  async lastAcScope(): Promise<SQL> {
    const user = requireUser(this.user);
    const c = await contestById(this.db, this.cid);
    const hiddenFrom = c ? ownSealFrom(await contestViewer(this.db, c, user, (await contestOwner(this.db, c, user)).actor)) : null;
    return and(eq(submissions.cid, this.cid), hiddenFrom ? sql`${submissions.submitTime} < ${hiddenFrom.toISOString()}` : undefined)!;
  }
}

export const contestPlace: PlaceResolver = {
  kind: 'contest',
  claims: (ref) => !!ref.cid,
  resolve: (ctx, user, ref) => new ContestPlace(ctx, user, ref.cid!),
};
