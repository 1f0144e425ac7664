import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  ACTIVE_JUDGE_STATUSES,
  JudgeStatus,
  may,
  oiRankScoreOf,
  type AllCaseResult,
  type CaseResult,
  type JudgeCaseMode,
  type LastAcCode,
  type ManualJudgeResult,
  type SubmissionPage,
  decodeSubmissionCursor,
  type Submission,
  type SubmissionDetail,
  type SubmissionInfo,
  type SubtaskResult,
  type submitBody,
} from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { judgeCases, languages, problems, submissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail, forbidden, notFound } from '../../lib/errors.js';
import { checkCaptcha } from '../../lib/captcha.js';
import { assertJudgeOpen, getSetting } from '../../lib/site-config.js';
import { cancelSubmission, enqueueSubmission, rejudge } from '../judge/queue.js';
import { publishSubmission } from '../../lib/live-publish.js';
import { judgedOn } from '../problem/service.js';
import { actorIn, maySite } from '../policy/index.js';
import { isJudgeOwnMessage, sampleCaseIds } from './case-visibility.js';
import { noticeSubmissionChange } from '../../lib/change-notices.js';
import {
  resolvePlace,
  toSubmissionInfo,
  type OpenedProblem,
  type Place,
  type SubmissionFacts,
  type SubmissionListFilter,
  type SubmissionRights,
} from '../place/index.js';

const { code: _code, ...infoColumns } = getTableColumns(submissions);
/** Columns of a submission without its code, plus the problem's title. */
const listColumns = { ...infoColumns, title: problems.title };

export async function submissionInfo(ctx: AppContext, submitId: number): Promise<SubmissionInfo> {
  const [row] = await ctx.database.db
    .select(listColumns)
    .from(submissions)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.submitId, submitId));
  if (!row) throw notFound('submissionNotFound');
  return toSubmissionInfo(row);
}

/** Seconds the user still has to wait before the next non-contest submission, 0 when none. */
async function waitSeconds(tx: DbOrTx, uid: string, intervalSec: number): Promise<number> {
  if (intervalSec <= 0) return 0;
  const res = await tx.execute<{ wait: number | null }>(sql`
    select ceil(extract(epoch from (max(submit_time) + make_interval(secs => ${intervalSec}) - now())))::int as wait
    from judge where uid = ${uid} and cid = 0`);
  return Math.max(0, res.rows[0]?.wait ?? 0);
}

/** Submits code to a problem of the place: a Pending submission in the judge queue. */
export async function submit(ctx: AppContext, user: AuthUser, place: Place, body: z.infer<typeof submitBody>, ip: string): Promise<SubmissionInfo> {
  const { db } = ctx.database;
  const switches = await getSetting(db, 'switch');
  const rules = place.submitRules;
  // Judging switched off by the site: refused before anything is looked up or stored.
  assertJudgeOpen(switches, rules.judge);
  // The place says what `pid` means there and whether the caller may submit now.
  const opened = await place.openProblem({ displayId: body.pid }, 'submit');
  const p = opened.problem;
  // A remote problem takes its site's languages (reported by the judges that serve the site).
  const [lang] = await db
    .select({ name: languages.name })
    .from(languages)
    .where(and(eq(languages.oj, judgedOn(p)), eq(languages.name, body.language)));
  if (!lang || (p.languages.length > 0 && !p.languages.includes(lang.name))) {
    throw fail('languageNotSupported', { language: body.language.slice(0, 50) });
  }
  // Switch submitCaptcha: every submission where the captcha applies answers a fresh image captcha
  // (single use, so any failure after this point needs a new one; data.needCaptcha tells the page to show it).
  if (rules.captcha && switches.submitCaptcha) {
    if (!body.captcha?.trim() || !body.captchaKey) throw fail('submitCaptchaRequired', undefined, { needCaptcha: true });
    await checkCaptcha(db, body.captchaKey, body.captcha).catch((err: unknown) => {
      throw err instanceof ApiError ? new ApiError(err.message, err.status, err.httpStatus, { needCaptcha: true }) : err;
    });
  }
  return queueNewSubmission(ctx, user, place, opened, ip, {
    language: lang.name,
    code: body.code,
    length: Buffer.byteLength(body.code, 'utf8'),
    isRemote: p.isRemote,
  });
}

/** What a new submission holds besides who made it, where and when. */
type NewSubmissionFields = Pick<typeof submissions.$inferInsert, 'language' | 'code' | 'length' | 'isRemote' | 'remoteRunId' | 'remoteHandle'>;

/**
 * Stores a Pending submission of the opened problem and queues it, in one transaction: one at a time per
 * user, and after the site's submit interval where the place applies it (`check` refuses more, first,
 * inside the same transaction). Submitting code and linking a remote run both come through here.
 */
export async function queueNewSubmission(
  ctx: AppContext,
  user: AuthUser,
  place: Place,
  opened: OpenedProblem,
  ip: string,
  fields: NewSubmissionFields,
  check?: (tx: DbOrTx) => Promise<void>,
): Promise<SubmissionInfo> {
  const rules = place.submitRules;
  const { submitIntervalSec } = await getSetting(ctx.database.db, 'switch');
  const row = await ctx.database.db.transaction(async (tx) => {
    // One submission at a time per user, so two requests at once cannot both pass the interval check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submit:${user.uid}`}))`);
    // What can never be stored is said first: waiting out the interval would not change it.
    await check?.(tx);
    const wait = rules.interval ? await waitSeconds(tx, user.uid, submitIntervalSec) : 0;
    if (wait > 0) throw fail('submitTooFast', { seconds: wait }, { seconds: wait });
    const [inserted] = await tx
      .insert(submissions)
      .values({ ...fields, pid: opened.problem.id, uid: user.uid, username: user.username, status: JudgeStatus.PENDING, ip, ...place.stamp(opened) })
      .returning();
    await enqueueSubmission(tx, inserted!.submitId, { contest: rules.contestQueue });
    return inserted!;
  });
  const { code: _c, ...rest } = row;
  return toSubmissionInfo({ ...rest, title: opened.problem.title });
}

/**
 * One submission with what its rights depend on, and the caller's rights on it in the place it was
 * made in (the place throws when the caller may not open it at all).
 */
async function withRights(ctx: AppContext, user: AuthUser | null, submitId: number) {
  const [row] = await ctx.database.db
    .select({
      s: submissions,
      title: problems.title,
      auth: problems.auth,
      codeShare: problems.codeShare,
      openCaseResult: problems.openCaseResult,
      openCaseData: problems.openCaseData,
      mode: problems.judgeCaseMode,
    })
    .from(submissions)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.submitId, submitId));
  if (!row) throw notFound('submissionNotFound');
  const { code, ...info } = row.s;
  const facts: SubmissionFacts = { ...info, title: row.title, auth: row.auth, codeShare: row.codeShare };
  const place = await resolvePlace(ctx, user, { cid: info.cid, gid: info.gid });
  const rights: SubmissionRights = await place.submissionRights(facts);
  return { row, code, facts, rights };
}

export async function submissionDetail(ctx: AppContext, user: AuthUser | null, submitId: number): Promise<SubmissionDetail> {
  const { row, code, facts, rights } = await withRights(ctx, user, submitId);
  const submission: Submission = {
    ...toSubmissionInfo(facts),
    errorMessage: rights.answers || row.openCaseData ? facts.errorMessage : await messageOutsideHiddenCases(ctx, facts),
    code: rights.code ? code : null,
    remoteRunId: rights.answers ? facts.remoteRunId : null,
  };
  return { submission: rights.view(submission), codeShare: row.codeShare ?? false };
}

/**
 * The submission's message unless it is a checker's message of a hidden case (a special judge's
 * message on the first failing case is copied there, and it may quote the answer as the built-in ones do).
 */
async function messageOutsideHiddenCases(ctx: AppContext, s: SubmissionFacts): Promise<string | null> {
  if (!s.errorMessage) return s.errorMessage;
  const cases = await ctx.database.db
    .select({ caseId: judgeCases.caseId, status: judgeCases.status, message: judgeCases.message })
    .from(judgeCases)
    .where(and(eq(judgeCases.submitId, s.submitId), eq(judgeCases.message, s.errorMessage)));
  const checkers = cases.filter((c) => !isJudgeOwnMessage(c.status));
  if (!checkers.length) return s.errorMessage;
  const samples = await sampleCaseIds(
    ctx,
    s.pid,
    checkers.map((c) => c.caseId).filter((id): id is number => id !== null),
  );
  return checkers.every((c) => c.caseId !== null && samples.has(c.caseId)) ? s.errorMessage : null;
}

/**
 * Results of the single test cases. Closed (data null) when the problem does not publish them, except
 * for administrators. The program's output and the checker's message are shown to the owner (and
 * administrators) for the statement's samples only, or for every case when the setter opened them
 * (`openCaseData`); every case's to the admins of the problem (`case-visibility.ts`).
 */
export async function allCaseResult(ctx: AppContext, user: AuthUser | null, submitId: number): Promise<AllCaseResult | null> {
  const { db } = ctx.database;
  const { row, rights } = await withRights(ctx, user, submitId);
  if (!rights.cases) return null;
  if (!row.openCaseResult && !rights.allCases) return null;
  const cases = await db.select().from(judgeCases).where(eq(judgeCases.submitId, submitId)).orderBy(judgeCases.seq);
  // The setter may open every case (`openCaseData`); otherwise only the samples' data is shown.
  const everyCase = rights.answers || row.openCaseData === true;
  const samples = everyCase
    ? new Set<number>()
    : await sampleCaseIds(
        ctx,
        row.s.pid,
        cases.map((c) => c.caseId).filter((id): id is number => id !== null),
      );
  const list: CaseResult[] = cases.map((c) => {
    const open = everyCase || (c.caseId !== null && samples.has(c.caseId));
    const output = rights.caseOutput && open;
    return {
      seq: c.seq,
      inputData: open ? c.inputData : null,
      outputData: open ? c.outputData : null,
      userOutput: output ? c.userOutput : null,
      message: output || (rights.caseOutput && isJudgeOwnMessage(c.status)) ? c.message : null,
      // The checker's words for the judges: the problem's admins only, never the submitter (not even on a sample).
      ...(rights.answers ? { judgeMessage: c.judgeMessage } : {}),
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: c.score,
      groupNum: c.groupNum,
    };
  });
  const mode = ((cases[0]?.mode ?? row.mode ?? 'default') as JudgeCaseMode) || 'default';
  if (mode !== 'subtask_lowest' && mode !== 'subtask_average') return { judgeCaseMode: mode, judgeCaseList: list };
  const groups = new Map<number, CaseResult[]>();
  const [problem] = await db.select({ deps: problems.subtaskDependencies }).from(problems).where(eq(problems.id, row.s.pid));
  const passed = (g: number) => (groups.get(g) ?? []).every((c) => c.status === JudgeStatus.ACCEPTED);
  for (const c of list) {
    const g = c.groupNum ?? 1;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const subtasks: SubtaskResult[] = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([groupNum, detail]) => {
      const scores = detail.map((d) => d.score ?? 0);
      const ac = detail.filter((d) => d.status === JudgeStatus.ACCEPTED).length;
      const firstBad = detail.find((d) => d.status !== JudgeStatus.ACCEPTED && d.status !== JudgeStatus.CANCELLED);
      // The judge's rule (blockedGroups): a subtask scores only when every subtask it needs passed.
      const blockedBy = (problem?.deps[String(groupNum)] ?? []).filter((g) => groups.has(g) && !passed(g));
      return {
        ...(blockedBy.length ? { blockedBy } : {}),
        groupNum,
        status: firstBad ? firstBad.status : JudgeStatus.ACCEPTED,
        score: mode === 'subtask_lowest' ? Math.min(...scores) : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
        ac,
        total: detail.length,
        time: Math.max(...detail.map((d) => d.time)),
        memory: Math.max(...detail.map((d) => d.memory)),
        subtaskDetailList: detail,
      };
    });
  return { judgeCaseMode: mode, subTaskJudgeCaseVoList: subtasks };
}

/** A place's submissions as the caller may see them (get-submission-list, contest-submissions). */
export function submissionList(place: Place, q: Omit<SubmissionListFilter, 'cursor'> & { cursor?: string }): Promise<SubmissionPage> {
  // The query schema let only a decodable cursor through.
  return place.listSubmissions({ ...q, cursor: q.cursor ? (decodeSubmissionCursor(q.cursor) ?? undefined) : undefined });
}

/** submitId → submission (no code) for the ids made in the place (the 2 s poll of the status lists). */
export function checkStatus(place: Place, submitIds: number[]): Promise<Record<string, SubmissionInfo>> {
  return place.pollSubmissions(submitIds);
}

export async function setShare(ctx: AppContext, user: AuthUser, submitId: number, share: boolean): Promise<void> {
  const { db } = ctx.database;
  const [row] = await db.select({ uid: submissions.uid, cid: submissions.cid }).from(submissions).where(eq(submissions.submitId, submitId));
  if (!row) throw notFound('submissionNotFound');
  if (row.uid !== user.uid) throw forbidden('shareNotOwner');
  if (row.cid !== 0 && share) throw fail('shareContest');
  await db.update(submissions).set({ share }).where(eq(submissions.submitId, submitId));
}

/** The caller's latest accepted code of a problem in the place (the place says which submissions count). */
export async function lastAcCode(ctx: AppContext, user: AuthUser, place: Place, pid: number): Promise<LastAcCode> {
  const scope = await place.lastAcScope();
  const [row] = await ctx.database.db
    .select({ submitId: submissions.submitId, code: submissions.code, language: submissions.language })
    .from(submissions)
    .where(and(eq(submissions.uid, user.uid), eq(submissions.pid, pid), eq(submissions.status, JudgeStatus.ACCEPTED), scope))
    .orderBy(desc(submissions.submitId))
    .limit(1);
  if (!row) throw fail('notPassedProblem');
  return row;
}

/**
 * Sends a remote submission to its site again, as a new judging round with its old run forgotten (a
 * rejudge polls the old run instead). Its submitter may when submitting failed (Submitted Failed, or a
 * System Error on our side); whoever may rejudge may whatever the verdict, once it is final.
 */
export async function resubmit(ctx: AppContext, user: AuthUser, submitId: number): Promise<SubmissionInfo> {
  const { facts } = await withRights(ctx, user, submitId);
  const resource = { kind: 'submission', uid: facts.uid, gid: facts.gid, problem: facts.auth === null ? null : { auth: facts.auth } } as const;
  if (!may(await actorIn(ctx.database.db, user, facts.gid), 'resubmit', resource)) throw forbidden('resubmitDenied');
  if (!facts.isRemote) throw fail('resubmitNotRemote');
  if (facts.remoteHandle) throw fail('resubmitLinkedRun');
  const failed = facts.status === JudgeStatus.SUBMITTED_FAILED || facts.status === JudgeStatus.SYSTEM_ERROR;
  if (ACTIVE_JUDGE_STATUSES.includes(facts.status) || (!failed && !maySite(user, 'rejudge'))) throw fail('resubmitNotFailed');
  await ctx.database.db.transaction(async (tx) => {
    // The task row is locked first (by rejudge), as everywhere; the run is forgotten before the commit any lease waits for.
    await rejudge(tx, submitId);
    await tx.update(submissions).set({ remoteRunId: null, remoteAccountId: null }).where(eq(submissions.submitId, submitId));
  });
  return submissionInfo(ctx, submitId);
}

// ---------------------------------------------------------------------------------------------
// Administrators

export async function adminRejudge(ctx: AppContext, submitId: number): Promise<SubmissionInfo> {
  if (!(await rejudge(ctx.database.db, submitId))) throw notFound('submissionNotFound');
  return submissionInfo(ctx, submitId);
}

/** A verdict given by the super admin (not while judging, pending or after a compile error). */
export async function manualJudge(ctx: AppContext, user: AuthUser, o: { submitId: number; status: number; score: number }): Promise<ManualJudgeResult> {
  return ctx.database.db.transaction(async (tx) => {
    // Same lock order as the judge queue: task row, then the submission.
    await tx.execute(sql`select id from judge_task where submit_id = ${o.submitId} for update`);
    const [row] = await tx
      .select({ status: submissions.status, difficulty: problems.difficulty })
      .from(submissions)
      .leftJoin(problems, eq(problems.id, submissions.pid))
      .where(eq(submissions.submitId, o.submitId))
      .for('update', { of: submissions });
    if (!row) throw notFound('submissionNotFound');
    if (ACTIVE_JUDGE_STATUSES.includes(row.status) || row.status === JudgeStatus.COMPILE_ERROR) throw fail('manualJudgeBusy');
    const oiRankScore = oiRankScoreOf(o.score, row.difficulty ?? 0);
    await tx
      .update(submissions)
      .set({ status: o.status, score: o.score, oiRankScore, isManual: true, judger: user.username, gmtModified: new Date() })
      .where(eq(submissions.submitId, o.submitId));
    await noticeSubmissionChange(tx, o.submitId);
    await publishSubmission(tx, o.submitId);
    return { status: o.status, score: o.score, oiRankScore, judger: user.username };
  });
}

/**
 * The super admin cancels a submission (not when already cancelled). Like HOJ it counts as a
 * manual verdict: no score, the admin as judger.
 */
export async function adminCancel(ctx: AppContext, user: AuthUser, submitId: number): Promise<SubmissionInfo> {
  const { db } = ctx.database;
  const [row] = await db.select({ status: submissions.status }).from(submissions).where(eq(submissions.submitId, submitId));
  if (!row) throw notFound('submissionNotFound');
  if (row.status === JudgeStatus.CANCELLED) throw fail('alreadyCancelled');
  await db.transaction(async (tx) => {
    await cancelSubmission(tx, submitId);
    await tx.update(submissions).set({ score: null, oiRankScore: null, isManual: true, judger: user.username }).where(eq(submissions.submitId, submitId));
  });
  return submissionInfo(ctx, submitId);
}
