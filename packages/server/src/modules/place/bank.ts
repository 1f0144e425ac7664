/**
 * The bank place: public problems by their problem id. Hidden and contest-only
 * problems, and the submissions made to them outside contests (an administrator trying one out), exist
 * only for those who see every problem (policy `seeAllProblems`) and for their authors.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type Actor,
  encodeSubmissionCursor,
  JudgeStatus,
  may,
  ProblemAuth,
  type Resource,
  type SubmissionInfo,
  type SubmissionPage,
  type UserProblemStatus,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { problems, submissions } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { actorIn, actorOf, maySite } from '../policy/index.js';
import { mayViewProblem, problemByDisplayId, problemById } from '../problem/service.js';
import { bankProblems } from '../problem/bank.js';
import { countsOf, emptyCount } from '../problem/verdict-counts.js';
import { keptWhileProblemsSame } from '../problem/list-cache.js';
import { likeOf } from '../../lib/like.js';
import { getSetting } from '../../lib/site-config.js';
import { submissionInfoColumns, toSubmissionInfo } from './submission-info.js';
import { FEW_PIDS, pageRows, pageTotal, type PageShape, type PageValues } from './submission-page.js';
import { cachedTotal } from './totals.js';
import type { OpenedProblem, Place, PlaceResolver, ProblemKey, SubmissionFacts, SubmissionListFilter, SubmissionRights } from './types.js';

/**
 * A submission outside contests as the policy reads it (`auth` null: its problem is gone). Those to a
 * hidden or contest-only problem (an administrator trying it out) are for those who open the problem
 * and, by id, their author; a group's for its members (policy `view` and `list` on a submission).
 */
const submissionResource = (s: { uid: string; gid: number | null; auth: number | null }): Resource => ({
  kind: 'submission',
  uid: s.uid,
  gid: s.gid,
  problem: s.auth === null ? null : { auth: s.auth },
});

/**
 * Ids of the problems (of the bank, or of the group) whose id matches, case-insensitively, whole or in
 * part; hidden ones only for those who see them.
 */
async function matchingProblemIds(db: DbOrTx, problemID: string, complete: boolean, seesHidden: boolean, gid: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: problems.id })
    .from(problems)
    .where(
      and(
        gid ? eq(problems.gid, gid) : and(isNull(problems.gid), eq(problems.isGroup, false)),
        seesHidden ? undefined : eq(problems.auth, ProblemAuth.PUBLIC),
        complete ? sql`upper(${problems.problemId}) = upper(${problemID})` : sql`${problems.problemId} ilike ${likeOf(problemID)}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** A bank problem's id as the status list's problem filter matches it. */
interface BankProblemId {
  id: number;
  lower: string;
  upper: string;
  visible: boolean;
}

/**
 * Every bank problem's id, kept per node while no problem changes (problem/list-cache.ts): matching a
 * pattern against 10 000 ids in memory costs a fraction of the `ilike` over the table (3.5 ms a
 * request, bench/README.md), and a site's visitors search for many different ids.
 */
function bankProblemIds(ctx: AppContext): Promise<BankProblemId[]> {
  return keptWhileProblemsSame(ctx, 'bank-problem-ids', async () => {
    const rows = await ctx.database.db.select({ id: problems.id, problemId: problems.problemId, auth: problems.auth }).from(problems).where(bankProblems);
    return rows.map((r) => ({ id: r.id, lower: r.problemId.toLowerCase(), upper: r.problemId.toUpperCase(), visible: r.auth === ProblemAuth.PUBLIC }));
  });
}

/** As matchingProblemIds for the bank, over its kept ids (the same case-insensitive whole or partial match). */
function matchBankIds(list: BankProblemId[], problemID: string, complete: boolean, seesHidden: boolean): number[] {
  const out: number[] = [];
  const upper = problemID.toUpperCase();
  const lower = problemID.toLowerCase();
  for (const p of list) if ((seesHidden || p.visible) && (complete ? p.upper === upper : p.lower.includes(lower))) out.push(p.id);
  return out;
}

/**
 * Code is shown to its owner, administrators, and everyone when shared on a problem that
 * allows it; while the site hides non-contest code (switch), to its owner and the super admin only.
 */
function mayReadCode(s: Pick<SubmissionFacts, 'uid' | 'share'>, codeShare: boolean, user: AuthUser | null, hidden: boolean): boolean {
  if (hidden) return !!user && (s.uid === user.uid || maySite(user, 'readHiddenCode'));
  if (!user) return s.share && codeShare;
  return s.uid === user.uid || maySite(user, 'readAllCode') || (s.share && codeShare);
}

class BankPlace implements Place {
  readonly kind = 'bank' as const;
  readonly submitRules = { judge: 'public', captcha: true, interval: true, contestQueue: false } as const;

  constructor(
    private ctx: AppContext,
    readonly user: AuthUser | null,
    /** the group whose submissions the list shows: set by the group place (place/group.ts), which checks membership first */
    private listGid: number | null,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  async openProblem(key: ProblemKey): Promise<OpenedProblem> {
    const p = 'pid' in key ? await problemById(this.db, key.pid) : await problemByDisplayId(this.db, key.displayId);
    // A hidden problem is "not found" for those who may not see it: its existence is not told. A group's
    // own problem opens in its group only (place/group.ts), so its submissions carry the group, never /status.
    if (!p || p.gid !== null || !(await mayViewProblem(this.db, this.user, p))) throw notFound('problemNotFound');
    return { problem: p, displayId: p.problemId, title: p.title, linkId: 0 };
  }

  async problemCount(p: OpenedProblem) {
    return (await countsOf(this.db, [p.problem.id])).get(p.problem.id) ?? emptyCount();
  }

  async showsTags() {
    return true;
  }

  /**
   * The caller's state on each problem outside contests: Accepted (0) if any submission was accepted,
   * else the latest submission's status, else Not Submitted (-10).
   */
  async userProblemStatus(pidList: number[]): Promise<UserProblemStatus> {
    const out: UserProblemStatus = {};
    const pids = [...new Set(pidList)];
    for (const pid of pids) out[pid] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
    if (!pids.length || !this.user) return out;
    const res = await this.db.execute<{ pid: number; status: number; score: number | null }>(sql`
      select distinct on (pid) pid, status, score from judge
      where uid = ${this.user.uid} and cid = 0 and pid in (${sql.join(
        pids.map((p) => sql`${p}`),
        sql`, `,
      )})
      order by pid, (status = ${JudgeStatus.ACCEPTED}) desc, submit_id desc`);
    for (const r of res.rows) out[r.pid] = { status: r.status, score: r.score };
    return out;
  }

  /** The bank has no problem bar (the focus mode lists the problems of a contest or training). */
  async problemBar() {
    return [];
  }

  stamp(p: OpenedProblem) {
    return { cid: 0, cpid: 0, displayPid: p.problem.problemId, gid: null };
  }

  async listSubmissions(q: SubmissionListFilter): Promise<SubmissionPage> {
    const { db, user } = this;
    const gid = this.listGid;
    if (q.onlyMine && !user) throw unauthorized();
    // Rows on hidden and contest-only problems: the caller's own list holds his own (he may view them);
    // the others' are listed where the policy lists such a row of someone else to him (a group's to its
    // members, the bank's to those who open every problem).
    const hiddenRow: Resource = { kind: 'submission', uid: '', gid, problem: { auth: ProblemAuth.HIDDEN } };
    const seesHidden = !!q.onlyMine || may(await actorIn(db, user, gid), 'list', hiddenRow);
    let pids: number[] | undefined;
    if (q.problemID) {
      // Outside contests a submission's display id is its problem's id (kept so on renames,
      // problem/admin.ts), so the id is matched in the small problem table and the submissions are
      // found by pid: index-only, in proportion to the matches. Matching display_pid itself ('%…%')
      // scanned a whole index per request, and the planner could not tell how rare a pattern is.
      // The matched problems are already only the visible ones.
      // The bank's ids are kept per node and matched in memory; a group's matches are kept per pattern.
      // Both while no problem changes (a partial id is an `ilike` over every problem id).
      const { problemID } = q;
      const complete = !!q.completeProblemID;
      pids = gid
        ? await keptWhileProblemsSame(this.ctx, JSON.stringify(['ids', problemID, complete, seesHidden, gid]), () =>
            matchingProblemIds(db, problemID, complete, seesHidden, gid),
          )
        : matchBankIds(await bankProblemIds(this.ctx), problemID, complete, seesHidden);
      if (!pids.length) return { records: [], total: 0 };
    }
    const who = q.onlyMine ? user!.uid : q.username;
    const shape: PageShape = {
      group: !!gid,
      who: q.onlyMine ? 'uid' : q.username ? 'username' : null,
      status: q.status !== undefined,
      pids: !pids ? null : pids.length === 1 ? 'one' : pids.length <= FEW_PIDS ? 'few' : 'many',
      hideHidden: !pids && !seesHidden,
      cursor: q.cursor?.dir ?? null,
      limit: q.limit,
      firstPage: !q.cursor && pageOffset(q.currentPage, q.limit) === 0,
    };
    const values: PageValues = {
      gid: gid ?? undefined,
      who,
      status: q.status,
      pid: pids?.[0],
      pids,
      cursor: q.cursor?.submitId,
      offset: pageOffset(q.currentPage, q.limit),
    };
    const totalKey = JSON.stringify([
      seesHidden,
      gid,
      q.onlyMine ? user?.uid : null,
      q.onlyMine ? null : (q.username ?? null),
      q.status ?? null,
      q.problemID ?? null,
      !!q.completeProblemID,
    ]);
    const { records: rows, total } = await pageOf(
      pageRows(db, shape, values),
      cachedTotal(this.ctx, totalKey, () => pageTotal(db, shape, values)),
    );
    const records = rows.map(toSubmissionInfo);
    const first = records[0]?.submitId;
    const last = records.at(-1)?.submitId;
    return {
      records,
      total,
      // Older rows may follow only a full page; newer ones may precede any non-empty one (the caller's page number tells).
      nextCursor: last !== undefined && records.length === q.limit ? encodeSubmissionCursor({ dir: 'next', submitId: last }) : null,
      prevCursor: first !== undefined ? encodeSubmissionCursor({ dir: 'prev', submitId: first }) : null,
    };
  }

  /** submitId → submission (no code) for the ids that exist outside contests; the list page polls it. */
  async pollSubmissions(submitIds: number[]): Promise<Record<string, SubmissionInfo>> {
    const out: Record<string, SubmissionInfo> = {};
    const ids = [...new Set(submitIds)];
    if (!ids.length) return out;
    const rows = await this.db
      .select({ ...submissionInfoColumns, auth: problems.auth })
      .from(submissions)
      .leftJoin(problems, eq(problems.id, submissions.pid))
      .where(and(inArray(submissions.submitId, ids), eq(submissions.cid, 0)));
    const actors = await this.actorsIn(rows.map((r) => r.gid));
    for (const { auth, ...r } of rows) {
      // A group's submissions (its problems, its trainings) are its members' only, here too.
      if (!may(actors.get(r.gid) ?? null, 'view', submissionResource({ ...r, auth }))) continue;
      out[r.submitId] = toSubmissionInfo(r);
    }
    return out;
  }

  /** The caller as the policy sees him in each of `gids` (null: the site); one lookup per group, polls name one or none. */
  private async actorsIn(gids: (number | null)[]): Promise<Map<number | null, Actor | null>> {
    const out = new Map<number | null, Actor | null>();
    for (const gid of new Set(gids)) out.set(gid, gid === null ? actorOf(this.user) : await actorIn(this.db, this.user, gid));
    return out;
  }

  /**
   * Code by the code-visibility rules; case results when the problem opens them, all of them for
   * administrators.
   */
  async submissionRights(s: SubmissionFacts): Promise<SubmissionRights> {
    const { user } = this;
    if (!may(await actorIn(this.db, user, s.gid), 'view', submissionResource(s))) throw notFound('submissionNotFound');
    const allCases = maySite(user, 'seeAllCaseResults');
    return {
      view: (x) => x,
      code: mayReadCode(s, s.codeShare ?? false, user, (await getSetting(this.db, 'switch')).hideNonContestSubmissionCode),
      cases: true,
      allCases,
      caseOutput: allCases || (!!user && user.uid === s.uid),
      answers: allCases,
    };
  }

  async lastAcScope(): Promise<SQL> {
    return eq(submissions.cid, 0);
  }
}

export const bankPlace: PlaceResolver = {
  kind: 'bank',
  // Everything that names no contest, training or group (those claim first); a training id without the training place is refused by the registry.
  claims: (ref) => !ref.tid,
  resolve: (ctx, user, ref) => new BankPlace(ctx, user, ref.gid ?? null),
};
