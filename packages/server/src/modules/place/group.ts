/**
 * The group place (GroupProblemDetails, GroupSubmissionList/Details): the group's
 * own problems by their display id, for its members only (a problem private in the group, or only
 * for its contests, to the group's admins); submissions are outside contests (cid 0) and stamped with
 * the group (gid), so they show in the group's status list and not on /status. Every step asks the
 * caller's standing first (`memberStanding`): a member removed from the group loses access at once.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { JudgeStatus, may, ProblemAuth, type FullScreenProblem } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems, submissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { getSetting } from '../../lib/site-config.js';
import { memberStanding, type GroupStanding } from '../group/access.js';
import { maySite } from '../policy/index.js';
import { problemByDisplayId, problemById, problemResource, type ProblemRow } from '../problem/service.js';
import { bankPlace } from './bank.js';
import type { OpenedProblem, Place, PlaceResolver, ProblemKey, SubmissionFacts, SubmissionListFilter, SubmissionRights } from './types.js';

class GroupPlace implements Place {
  readonly kind = 'group' as const;
  readonly submitRules = { judge: 'group', captcha: true, interval: true, contestQueue: false } as const;
  private standing?: Promise<GroupStanding>;
  /** the list, polls, counts and last-AC code are the bank's machinery over the group's submissions */
  private bank: Place;

  constructor(
    private ctx: AppContext,
    readonly user: AuthUser | null,
    private gid: number,
  ) {
    this.bank = bankPlace.resolve(ctx, user, { gid }) as Place;
  }

  private get db() {
    return this.ctx.database.db;
  }

  /** The caller's standing in the group: visitors 401, non-members 403 groupNotMember, unknown groups groupNotFound. */
  private member(): Promise<GroupStanding> {
    if (!this.user) throw unauthorized();
    this.standing ??= memberStanding(this.db, this.user, this.gid);
    return this.standing;
  }

  /** Members see the group's public problems; its admins every one of them (policy `view`). */
  private opens(p: ProblemRow, s: GroupStanding): boolean {
    return p.gid === this.gid && may(s.actor, 'view', problemResource(p));
  }

  async openProblem(key: ProblemKey): Promise<OpenedProblem> {
    const s = await this.member();
    const p = 'pid' in key ? await problemById(this.db, key.pid) : await problemByDisplayId(this.db, key.displayId);
    // Another group's problem, or one the caller may not open, is not found: its existence is not told.
    if (!p || !this.opens(p, s)) throw notFound('problemNotFound');
    return { problem: p, displayId: p.problemId, title: p.title, linkId: 0 };
  }

  problemCount(p: OpenedProblem) {
    return this.bank.problemCount(p, {});
  }

  async showsTags() {
    return true;
  }

  async userProblemStatus(pids: number[]) {
    await this.member();
    return this.bank.userProblemStatus(pids);
  }

  /** The focus mode's bar: the group's problems the caller opens, in id order, with his state. */
  async problemBar(): Promise<FullScreenProblem[]> {
    const s = await this.member();
    const rows = await this.db
      .select({ id: problems.id, problemId: problems.problemId, title: problems.title })
      .from(problems)
      .where(and(eq(problems.gid, this.gid), s.info.admin ? undefined : eq(problems.auth, ProblemAuth.PUBLIC)))
      .orderBy(asc(problems.id));
    const mine = await this.bank.userProblemStatus(rows.map((r) => r.id));
    return rows.map((r) => ({
      pid: r.id,
      problemId: r.problemId,
      title: r.title,
      status: mine[r.id]?.status ?? JudgeStatus.NOT_SUBMITTED,
      score: mine[r.id]?.score ?? null,
    }));
  }

  stamp(p: OpenedProblem) {
    return { cid: 0, cpid: 0, displayPid: p.problem.problemId, gid: this.gid };
  }

  async listSubmissions(q: SubmissionListFilter) {
    await this.member();
    return this.bank.listSubmissions(q);
  }

  async pollSubmissions(ids: number[]) {
    await this.member();
    const all = await this.bank.pollSubmissions(ids);
    return Object.fromEntries(Object.entries(all).filter(([, s]) => s.gid === this.gid));
  }

  /**
   * Members open the group's submissions; code by the code-visibility rules with the group's admins
   * reading every one (they teach the group), case results as the problem opens them, all of them for
   * group admins.
   */
  async submissionRights(s: SubmissionFacts): Promise<SubmissionRights> {
    const standing = await this.member();
    const user = this.user!;
    const groupAdmin = standing.info.admin;
    const hideCode = (await getSetting(this.db, 'switch')).hideNonContestSubmissionCode;
    const own = s.uid === user.uid;
    const shared = s.share && (s.codeShare ?? false) && !hideCode;
    const allCases = groupAdmin || maySite(user, 'seeAllCaseResults');
    return {
      view: (x) => x,
      code: own || groupAdmin || maySite(user, hideCode ? 'readHiddenCode' : 'readAllCode') || shared,
      cases: true,
      allCases,
      caseOutput: allCases || own,
      answers: allCases,
    };
  }

  async lastAcScope(): Promise<SQL> {
    await this.member();
    return and(eq(submissions.cid, 0), eq(submissions.gid, this.gid)) ?? sql`false`;
  }
}

export const groupPlace: PlaceResolver = {
  kind: 'group',
  // A group id alone (a contest or training of the group is its own place and stamps the gid itself).
  claims: (ref) => !!ref.gid && !ref.cid && !ref.tid,
  resolve: (ctx, user, ref) => new GroupPlace(ctx, user, ref.gid!),
};
