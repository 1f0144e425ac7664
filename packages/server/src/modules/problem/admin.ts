import fs from 'node:fs';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_CASE_INLINE_MAX,
  OWN_OJ,
  type AdminProblemUploadRef,
  type AdminProblemBody,
  type AdminProblemCase,
  type AdminProblemDetail,
  type AdminProblemListRow,
  type GroupAdminProblemRow,
  may,
  type BuiltinChecker,
  type CheckerConvention,
  type Page,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { problemCases, problems, problemTags, submissions, tags } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { blobPath, saveCaseSet, type CaseInput } from '../../lib/testdata.js';
import { assertCheckerCompiles } from './admin-checker.js';
import { uploadedCases } from './admin-testcase.js';
import { ojCondition, problemById, problemView, tagsOf, type ProblemRow } from './service.js';
import { ownerColumns, ownerFilter, problemOwnerColumns, sharedOrOwnFilter, siteOwner, type Owner } from '../owner/index.js';
import { likeOf } from '../../lib/like.js';
import { isUniqueViolation } from '../../db/errors.js';
import { pageOf, pageOffset } from '../../db/page.js';

/** The admin list's filters (the site's form has them all; a group's list pages only). */
type AdminListQuery = { currentPage: number; limit: number; keyword?: string; auth?: number; oj?: string };

/**
 * Every problem of the owner, newest first, with what the caller may do to each (`editable`) and the
 * columns both admin lists show (the routes keep the ones their payload names).
 */
export async function adminProblemList(ctx: AppContext, owner: Owner, q: AdminListQuery): Promise<Page<AdminProblemListRow & GroupAdminProblemRow>> {
  const { db } = ctx.database;
  const conds: (SQL | undefined)[] = [ownerFilter(owner, problems.gid)];
  if (q.auth !== undefined) conds.push(eq(problems.auth, q.auth));
  conds.push(ojCondition(q.oj));
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(sql`(${problems.title} ilike ${likeOf(keyword)} or ${problems.problemId} ilike ${likeOf(keyword)})`);
  const where = and(...conds);
  const { records: rows, total } = await pageOf(
    db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        author: problems.author,
        type: problems.type,
        auth: problems.auth,
        difficulty: problems.difficulty,
        isRemote: problems.isRemote,
        applyPublicProgress: problems.applyPublicProgress,
        modifiedUser: problems.modifiedUser,
        gmtCreate: problems.gmtCreate,
        gmtModified: problems.gmtModified,
        gid: problems.gid,
      })
      .from(problems)
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(problems).where(where),
  );
  return {
    records: rows.map(({ gid, ...r }) => ({
      ...r,
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
      editable: may(owner.actor, 'administer', { kind: 'problem', author: r.author, gid }),
    })),
    total,
  };
}

/**
 * Problem `pid` of the owner when the caller may administer it there (edit, delete, download, apply):
 * another owner's problem is "not found"; in a group an admin who is neither its root nor the author
 * is refused with `groupProblemNotYours`.
 */
export async function ownedProblem(db: DbOrTx, owner: Owner, pid: number): Promise<ProblemRow> {
  const [p] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.id, pid), ownerFilter(owner, problems.gid)));
  if (!p) throw notFound('problemNotFound');
  if (!may(owner.actor, 'administer', { kind: 'problem', author: p.author, gid: p.gid })) throw forbidden('groupProblemNotYours');
  return p;
}

function readSmall(dataDir: string, hash: string, size: number): string | null {
  if (size > ADMIN_CASE_INLINE_MAX) return null;
  try {
    return fs.readFileSync(blobPath(dataDir, hash), 'utf8');
  } catch {
    return null;
  }
}

/** The current test cases of a problem (contents inline when small), in judging order. */
export async function problemCaseList(ctx: AppContext, pid: number): Promise<AdminProblemCase[]> {
  const caseRows = await ctx.database.db
    .select()
    .from(problemCases)
    .where(and(eq(problemCases.pid, pid), eq(problemCases.status, 0)))
    .orderBy(asc(problemCases.seq));
  return caseRows.map((c) => ({
    id: c.id,
    seq: c.seq,
    inputName: c.inputName,
    outputName: c.outputName,
    inputSize: c.inputSize,
    outputSize: c.outputSize,
    score: c.score,
    groupNum: c.groupNum,
    input: readSmall(ctx.config.dataDir, c.inputHash, c.inputSize),
    output: readSmall(ctx.config.dataDir, c.outputHash, c.outputSize),
  }));
}

/** `GET /api/admin/problem/get-problem-cases`: every case, whether typed in or uploaded (isUpload is informational). */
export async function problemCasesOf(ctx: AppContext, pid: number): Promise<AdminProblemCase[]> {
  const p = await problemById(ctx.database.db, pid);
  if (!p) throw notFound('problemNotFound');
  return problemCaseList(ctx, pid);
}

export async function adminProblemDetail(ctx: AppContext, pid: number): Promise<AdminProblemDetail> {
  const { db } = ctx.database;
  const p = await problemById(db, pid);
  if (!p) throw notFound('problemNotFound');
  const [tagMap, cases] = await Promise.all([tagsOf(db, [pid]), problemCaseList(ctx, pid)]);
  return {
    problem: {
      ...problemView(p),
      spjCode: p.spjCode,
      spjLanguage: p.spjLanguage,
      judgeExtraFile: p.judgeExtraFile ?? null,
      isRemoveEndBlank: p.isRemoveEndBlank,
      builtinChecker: p.builtinChecker as BuiltinChecker,
      checkerPrecision: p.checkerPrecision,
      checkerConvention: p.checkerConvention as CheckerConvention,
      subtaskDependencies: p.subtaskDependencies,
      isUploadCase: p.isUploadCase,
      caseVersion: p.caseVersion,
      modifiedUser: p.modifiedUser,
    },
    tags: tagMap.get(pid) ?? [],
    languages: p.languages,
    codeTemplates: Object.entries(p.codeTemplates).map(([language, code]) => ({ language, code, status: true })),
    cases,
  };
}

/**
 * Existing tags by id, others by name (created when missing); returns the tag ids. The ids must be tags
 * the owner may use (the site's, and a group's own): a bank problem never shows a group's tag, and new
 * ones belong to the owner, so a group admin never adds to the site's tag list.
 */
export async function resolveTags(tx: DbOrTx, list: AdminProblemBody['tags'], owner: Owner): Promise<number[]> {
  const { gid } = ownerColumns(owner);
  const ids = new Set<number>();
  const byId = list.filter((t) => t.id !== undefined).map((t) => t.id!);
  if (byId.length) {
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(inArray(tags.id, byId), sharedOrOwnFilter(owner, tags.gid)));
    if (found.length !== new Set(byId).size) throw notFound('notFound');
    for (const f of found) ids.add(f.id);
  }
  for (const t of list.filter((x) => x.id === undefined)) {
    const name = t.name!.trim();
    await tx
      .insert(tags)
      .values({ name, color: t.color ?? null, oj: OWN_OJ, gid })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.oj, OWN_OJ), eq(tags.name, name)));
    ids.add(row!.id);
  }
  return [...ids];
}

/** OI problems whose cases carry no points get the full score split evenly. */
export function scoredCases<C extends { score?: number }>(body: AdminProblemBody, samples: C[]): C[] {
  if (body.problem.type !== 1 || !samples.length || samples.some((c) => (c.score ?? 0) > 0)) return samples;
  const full = body.problem.ioScore;
  const base = Math.floor(full / samples.length);
  const extra = full - base * samples.length;
  return samples.map((c, i) => ({ ...c, score: base + (i >= samples.length - extra ? 1 : 0) }));
}

/** Dependencies as stored: sorted, once each, subtasks that need nothing left out. */
const tidyDependencies = (deps: Record<string, number[]>) =>
  Object.fromEntries(
    Object.entries(deps)
      .map(([g, needs]) => [g, [...new Set(needs)].sort((a, b) => a - b)] as const)
      .filter(([, needs]) => needs.length),
  );

export function columnsOf(body: AdminProblemBody, user: AuthUser) {
  const p = body.problem;
  const special = p.judgeMode !== 'default';
  const templates: Record<string, string> = {};
  for (const t of body.codeTemplates) if (t.status) templates[t.language] = t.code;
  return {
    problemId: p.problemId,
    title: p.title,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    type: p.type,
    difficulty: p.difficulty,
    auth: p.auth,
    ioScore: p.ioScore,
    codeShare: p.codeShare,
    examples: p.examples,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    spjCode: special ? p.spjCode! : null,
    spjLanguage: special ? (p.spjLanguage ?? 'C') : null,
    isFileIo: p.isFileIO,
    ioReadFileName: p.isFileIO ? p.ioReadFileName! : null,
    ioWriteFileName: p.isFileIO ? p.ioWriteFileName! : null,
    userExtraFile: p.userExtraFile && Object.keys(p.userExtraFile).length ? p.userExtraFile : null,
    judgeExtraFile: p.judgeExtraFile && Object.keys(p.judgeExtraFile).length ? p.judgeExtraFile : null,
    isRemoveEndBlank: p.isRemoveEndBlank,
    builtinChecker: p.builtinChecker,
    checkerPrecision: p.checkerPrecision,
    checkerConvention: p.checkerConvention,
    openCaseResult: p.openCaseResult,
    openCaseData: p.openCaseData,
    ...(p.subtaskDependencies ? { subtaskDependencies: tidyDependencies(p.subtaskDependencies) } : {}),
    languages: [...new Set(body.languages)],
    codeTemplates: templates,
    modifiedUser: user.username,
    gmtModified: new Date(),
  };
}

async function assertFreeDisplayId(tx: DbOrTx, problemId: string, exceptPid?: number) {
  const [dup] = await tx
    .select({ id: problems.id })
    .from(problems)
    .where(and(sql`upper(${problems.problemId}) = upper(${problemId})`, exceptPid ? ne(problems.id, exceptPid) : undefined));
  if (dup) throw fail('problemIdExists');
}

/**
 * The test set a save asks for, read and checked before anything is written (so a bad upload handle
 * or a checker that does not compile changes nothing): the parked zip upload, the typed cases, or
 * null to keep the current ones (update without samples).
 */
async function prepareSave(ctx: AppContext, body: AdminProblemBody, upload: AdminProblemUploadRef | undefined, creating: boolean): Promise<CaseInput[] | null> {
  const p = body.problem;
  if (p.judgeMode !== 'default') await assertCheckerCompiles(ctx, p.judgeMode, p.spjCode!, p.spjLanguage ?? 'C', p.judgeExtraFile);
  if (upload?.isUploadTestCase) {
    if (!upload.uploadTestcaseDir) throw fail('uploadDirGone');
    return scoredCases(body, await uploadedCases(ctx.config.dataDir, upload.uploadTestcaseDir, body.samples));
  }
  if (!body.samples) return creating ? [] : null;
  return scoredCases(body, body.samples).map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum }));
}

async function saveCases(ctx: AppContext, pid: number, cases: CaseInput[] | null, isUpload: boolean) {
  if (!cases) return;
  await saveCaseSet(ctx.database, ctx.config.dataDir, pid, cases);
  await ctx.database.db.update(problems).set({ isUploadCase: isUpload }).where(eq(problems.id, pid));
}

export async function createProblem(
  ctx: AppContext,
  user: AuthUser,
  body: AdminProblemBody,
  upload?: AdminProblemUploadRef,
  /** who holds the new problem (a group's is outside the public bank); the site when left out */
  owner: Owner = siteOwner(user),
): Promise<{ pid: number; problemId: string }> {
  const cases = await prepareSave(ctx, body, upload, true);
  let pid: number;
  try {
    pid = await ctx.database.db.transaction(async (tx) => {
      await assertFreeDisplayId(tx, body.problem.problemId);
      const [row] = await tx
        .insert(problems)
        .values({ ...columnsOf(body, user), author: user.username, ...problemOwnerColumns(owner) })
        .returning({ id: problems.id });
      const tagIds = await resolveTags(tx, body.tags, owner);
      if (tagIds.length) await tx.insert(problemTags).values(tagIds.map((tid) => ({ pid: row!.id, tid })));
      return row!.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('problemIdExists');
    throw e;
  }
  await saveCases(ctx, pid, cases, !!upload?.isUploadTestCase);
  return { pid, problemId: body.problem.problemId };
}

export async function updateProblem(
  ctx: AppContext,
  user: AuthUser,
  pid: number,
  body: AdminProblemBody,
  upload?: AdminProblemUploadRef,
  /** who holds the problem (a group's new tags are the group's) */
  owner: Owner = siteOwner(user),
): Promise<{ pid: number; problemId: string }> {
  const cases = await prepareSave(ctx, body, upload, false);
  try {
    await ctx.database.db.transaction(async (tx) => {
      const [current] = await tx.select({ problemId: problems.problemId }).from(problems).where(eq(problems.id, pid)).for('update');
      if (!current) throw notFound('problemNotFound');
      await assertFreeDisplayId(tx, body.problem.problemId, pid);
      await tx.update(problems).set(columnsOf(body, user)).where(eq(problems.id, pid));
      // Submissions outside contests show (and are searched by) the problem's current id.
      if (current.problemId !== body.problem.problemId) {
        await tx
          .update(submissions)
          .set({ displayPid: body.problem.problemId })
          .where(and(eq(submissions.pid, pid), eq(submissions.cid, 0)));
      }
      const tagIds = await resolveTags(tx, body.tags, owner);
      await tx.delete(problemTags).where(eq(problemTags.pid, pid));
      if (tagIds.length) await tx.insert(problemTags).values(tagIds.map((tid) => ({ pid, tid })));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('problemIdExists');
    throw e;
  }
  await saveCases(ctx, pid, cases, !!upload?.isUploadTestCase);
  return { pid, problemId: body.problem.problemId };
}

/** Deletes a problem with its cases and tag links; its submissions stay (they name the problem by id). */
export async function deleteProblem(ctx: AppContext, pid: number): Promise<void> {
  const rows = await ctx.database.db.delete(problems).where(eq(problems.id, pid)).returning({ id: problems.id });
  if (!rows.length) throw notFound('problemNotFound');
}

/** `PUT /api/admin/problem/change-problem-auth`: public / private / contest-only. */
export async function changeProblemAuth(ctx: AppContext, user: AuthUser, pid: number, auth: number): Promise<void> {
  const rows = await ctx.database.db
    .update(problems)
    .set({ auth, modifiedUser: user.username, gmtModified: new Date() })
    .where(eq(problems.id, pid))
    .returning({ id: problems.id });
  if (!rows.length) throw notFound('problemNotFound');
}

/** A new problem of the owner (policy `create`); its display id gets the owner's prefix (a group's short name). */
export async function createOwnedProblem(ctx: AppContext, owner: Owner, user: AuthUser, body: AdminProblemBody, upload: AdminProblemUploadRef) {
  if (!may(owner.actor, 'create', { kind: 'problem', author: null, ...ownerColumns(owner) })) throw forbidden();
  const named = { ...body, problem: { ...body.problem, id: undefined, problemId: `${owner.idPrefix}${body.problem.problemId}` } };
  return createProblem(ctx, user, named, upload, owner);
}

/**
 * Saves problem `pid` of the owner. The id sent back as it is stored (the form shows a group problem's
 * id whole, even when the group's short name changed since) is kept: only a new id gets the prefix.
 */
export async function updateOwnedProblem(ctx: AppContext, owner: Owner, user: AuthUser, pid: number, body: AdminProblemBody, upload: AdminProblemUploadRef) {
  const p = await ownedProblem(ctx.database.db, owner, pid);
  const typed = body.problem.problemId;
  const problemId = typed === p.problemId ? typed : `${owner.idPrefix}${typed}`;
  return updateProblem(ctx, user, pid, { ...body, problem: { ...body.problem, problemId } }, upload, owner);
}

/** Deletes problem `pid` of the owner (its submissions stay, as in the bank). */
export async function deleteOwnedProblem(ctx: AppContext, owner: Owner, pid: number): Promise<void> {
  await ownedProblem(ctx.database.db, owner, pid);
  await deleteProblem(ctx, pid);
}

/** Changes the visibility of problem `pid` of the owner (the routes say which values each owner offers). */
export async function changeOwnedProblemAuth(ctx: AppContext, owner: Owner, user: AuthUser, pid: number, auth: number): Promise<void> {
  await ownedProblem(ctx.database.db, owner, pid);
  await changeProblemAuth(ctx, user, pid, auth);
}
