/**
 * Group problems (spec 3 §2, §4, §6): the members' list, the admin list, saving through the site's
 * problem store (modules/problem/admin.ts) with the group's short name in front of the display id,
 * change auth, delete, and the application to the public bank.
 */
import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import {
  GroupProblemApply,
  may,
  OWN_OJ,
  ProblemAuth,
  type AdminProblemBody,
  type AdminProblemDetail,
  type AdminProblemUploadRef,
  type GroupAdminProblemRow,
  type GroupProblemRow,
  type Page,
  type Tag,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems, tags } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { adminStanding, memberStanding } from '../group/access.js';
import * as admin from '../problem/admin.js';
import { countsOf, tagsOf } from '../problem/service.js';
import { managedProblem, mayManage } from './access.js';

interface PageQuery {
  gid: number;
  currentPage: number;
  limit: number;
}

const offsetOf = (q: PageQuery) => (q.currentPage - 1) * q.limit;

/** `get-problem-list`: the group's public problems for its members, newest first, with tags and verdict counts. */
export async function groupProblemList(ctx: AppContext, user: AuthUser, q: PageQuery): Promise<Page<GroupProblemRow>> {
  const { db } = ctx.database;
  await memberStanding(db, user, q.gid);
  const where = and(eq(problems.gid, q.gid), eq(problems.auth, ProblemAuth.PUBLIC));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: problems.id, problemId: problems.problemId, title: problems.title, difficulty: problems.difficulty, type: problems.type })
      .from(problems)
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(problems).where(where),
  ]);
  const pids = rows.map((r) => r.id);
  const [tagMap, counts] = await Promise.all([tagsOf(db, pids), countsOf(db, pids)]);
  return {
    records: rows.map((r) => ({ ...r, tags: tagMap.get(r.id) ?? [], total: counts.get(r.id)?.total ?? 0, ac: counts.get(r.id)?.ac ?? 0 })),
    total: total?.n ?? 0,
  };
}

/** `get-admin-problem-list`: every problem of the group for its admins, with what the caller may do to each. */
export async function groupAdminProblemList(ctx: AppContext, user: AuthUser, q: PageQuery): Promise<Page<GroupAdminProblemRow>> {
  const { db } = ctx.database;
  const standing = await adminStanding(db, user, q.gid);
  const where = eq(problems.gid, q.gid);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        author: problems.author,
        type: problems.type,
        auth: problems.auth,
        difficulty: problems.difficulty,
        applyPublicProgress: problems.applyPublicProgress,
        modifiedUser: problems.modifiedUser,
        gmtCreate: problems.gmtCreate,
        gmtModified: problems.gmtModified,
      })
      .from(problems)
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(problems).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      ...r,
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
      editable: mayManage(standing, r.author, q.gid),
    })),
    total: total?.n ?? 0,
  };
}

/** The problem form's data of a problem the caller manages. */
export async function groupProblemDetail(ctx: AppContext, user: AuthUser, pid: number): Promise<AdminProblemDetail> {
  await managedProblem(ctx.database.db, user, pid);
  return admin.adminProblemDetail(ctx, pid);
}

/** The display id as stored: the group's short name, then what the form typed (spec 3 §2). */
const prefixed = (shortName: string, typed: string) => `${shortName}${typed}`;

/** Creates a problem of the group (group admins). The test data comes as in the site's form (typed cases or a parked zip, OI scores split evenly). */
export async function createGroupProblem(ctx: AppContext, user: AuthUser, gid: number, body: AdminProblemBody, upload: AdminProblemUploadRef) {
  const { group, actor } = await adminStanding(ctx.database.db, user, gid);
  if (!may(actor, 'create', { kind: 'problem', author: null, gid })) throw forbidden();
  const named = { ...body, problem: { ...body.problem, id: undefined, problemId: prefixed(group.shortName, body.problem.problemId) } };
  return admin.createProblem(ctx, user, named, upload, { gid });
}

/** Updates a problem the caller manages, which must belong to the group the body names. */
export async function updateGroupProblem(ctx: AppContext, user: AuthUser, gid: number, body: AdminProblemBody, upload: AdminProblemUploadRef) {
  const pid = body.problem.id;
  if (!pid) throw fail('problemNotFound');
  const { problem, standing } = await managedProblem(ctx.database.db, user, pid);
  if (problem.gid !== gid) throw fail('problemNotFound');
  // The id sent back as it is stored (get-problem answers it with the short name, and the form shows it
  // whole when the group's short name changed since) is kept: only a new id gets the prefix.
  const typed = body.problem.problemId;
  const problemId = typed === problem.problemId ? typed : prefixed(standing.group.shortName, typed);
  const named = { ...body, problem: { ...body.problem, problemId } };
  return admin.updateProblem(ctx, user, pid, named, upload, { gid });
}

/** Deletes a problem the caller manages (its submissions stay, as in the bank). */
export async function deleteGroupProblem(ctx: AppContext, user: AuthUser, pid: number) {
  await managedProblem(ctx.database.db, user, pid);
  await admin.deleteProblem(ctx, pid);
}

/** Public (1) or private (2) inside the group; contest-only (3) is set by the group's contests. */
export async function changeGroupProblemAuth(ctx: AppContext, user: AuthUser, pid: number, auth: 1 | 2) {
  await managedProblem(ctx.database.db, user, pid);
  await admin.changeProblemAuth(ctx, user, pid, auth);
}

/**
 * Apply to the public bank (progress none or refused → 1) or cancel the application (1 → none), as
 * one conditional update, so two clicks or a review at the same moment cannot both pass.
 */
export async function applyPublic(ctx: AppContext, user: AuthUser, pid: number, isApplied: boolean) {
  const { db } = ctx.database;
  await managedProblem(db, user, pid);
  const from: SQL | undefined = isApplied
    ? or(isNull(problems.applyPublicProgress), eq(problems.applyPublicProgress, GroupProblemApply.REFUSED))
    : eq(problems.applyPublicProgress, GroupProblemApply.APPLYING);
  const rows = await db
    .update(problems)
    .set({ applyPublicProgress: isApplied ? GroupProblemApply.APPLYING : null })
    .where(and(eq(problems.id, pid), from))
    .returning({ id: problems.id });
  if (!rows.length) throw fail(isApplied ? 'groupProblemApplying' : 'groupProblemNotApplying');
}

/** The tags a group problem may carry: the site's own bank's and the group's. */
export async function groupProblemTags(ctx: AppContext, user: AuthUser, gid: number): Promise<Tag[]> {
  const { db } = ctx.database;
  await adminStanding(db, user, gid);
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, oj: tags.oj, tcid: tags.tcid })
    .from(tags)
    .where(and(eq(tags.oj, OWN_OJ), or(isNull(tags.gid), eq(tags.gid, gid))))
    .orderBy(tags.id);
}
