/**
 * A group problem's way into the public bank (no site twin): its admins apply or cancel, the super admin
 * reviews (/admin/group-problem/apply, HOJ admin/group-problem). Agree: the problem leaves its group for the bank under a new display id
 * (gid null, is_group false, public); refuse: it stays in the group, marked refused. Either way its
 * author is told through the message centre, in the same transaction as the change.
 */
import { and, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { GroupProblemApply, ProblemAuth, type GroupProblemApplyRow, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { groups, problems, submissions, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { tellMine } from '../message/write.js';
import { likeOf } from '../../lib/like.js';

/** The id without the group's short name (what the group's form typed), the bank id proposed on agreeing. */
const withoutPrefix = (problemId: string, shortName: string) =>
  problemId.toLowerCase().startsWith(shortName.toLowerCase()) && problemId.length > shortName.length ? problemId.slice(shortName.length) : problemId;

export async function applyList(
  ctx: AppContext,
  q: { currentPage: number; limit: number; keyword?: string; gid?: number },
): Promise<Page<GroupProblemApplyRow>> {
  const { db } = ctx.database;
  const keyword = q.keyword?.trim();
  const where = and(
    eq(problems.applyPublicProgress, GroupProblemApply.APPLYING),
    sql`${problems.gid} is not null`,
    q.gid ? eq(problems.gid, q.gid) : undefined,
    keyword ? or(ilike(problems.title, likeOf(keyword)), ilike(problems.problemId, likeOf(keyword)), ilike(groups.name, likeOf(keyword))) : undefined,
  );
  const { records: rows, total } = await pageOf(
    db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        author: problems.author,
        gid: groups.id,
        groupName: groups.name,
        groupShortName: groups.shortName,
        gmtModified: problems.gmtModified,
      })
      .from(problems)
      .innerJoin(groups, eq(groups.id, problems.gid))
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(problems).innerJoin(groups, eq(groups.id, problems.gid)).where(where),
  );
  return {
    records: rows.map((r) => ({
      ...r,
      applyPublicProgress: GroupProblemApply.APPLYING,
      gmtModified: r.gmtModified.toISOString(),
      suggestedProblemId: withoutPrefix(r.problemId, r.groupShortName),
    })),
    total,
  };
}

/** Agree (2) or refuse (3) one pending application; `problemId` the bank id on agreeing (default: without the group's short name). */
export async function changeProgress(ctx: AppContext, _user: AuthUser, pid: number, progress: 2 | 3, problemId?: string): Promise<void> {
  const { db } = ctx.database;
  try {
    await db.transaction(async (tx) => {
      // The row lock orders this against a cancel by the group or a second reviewer.
      const [row] = await tx
        .select({ p: problems, shortName: groups.shortName })
        .from(problems)
        .innerJoin(groups, eq(groups.id, problems.gid))
        .where(eq(problems.id, pid))
        .for('update', { of: problems });
      if (!row) throw notFound('problemNotFound');
      const p = row.p;
      if (p.applyPublicProgress !== GroupProblemApply.APPLYING) throw fail('groupProblemNotApplying');
      const [author] = p.author ? await tx.select({ uid: users.uid }).from(users).where(sql`lower(${users.username}) = lower(${p.author})`) : [];
      if (progress === GroupProblemApply.REFUSED) {
        await tx.update(problems).set({ applyPublicProgress: GroupProblemApply.REFUSED }).where(eq(problems.id, pid));
        await tellMine(tx, author?.uid ?? null, 'mineGroupProblemRefused', `${p.problemId} ${p.title}`);
        return;
      }
      const newId = problemId ?? withoutPrefix(p.problemId, row.shortName);
      const [taken] = await tx
        .select({ id: problems.id })
        .from(problems)
        .where(and(sql`upper(${problems.problemId}) = upper(${newId})`, ne(problems.id, pid)));
      if (taken) throw fail('problemIdExists');
      await tx
        .update(problems)
        .set({ problemId: newId, gid: null, isGroup: false, auth: ProblemAuth.PUBLIC, applyPublicProgress: GroupProblemApply.PUBLIC, gmtModified: new Date() })
        .where(eq(problems.id, pid));
      // Submissions outside contests show (and are searched by) the problem's current id (problem/admin.ts).
      if (newId !== p.problemId) {
        await tx
          .update(submissions)
          .set({ displayPid: newId })
          .where(and(eq(submissions.pid, pid), eq(submissions.cid, 0)));
      }
      await tellMine(tx, author?.uid ?? null, 'mineGroupProblemAccepted', `${newId} ${p.title}`);
    });
  } catch (e) {
    // Another problem took the id between the check and the update: the unique index decides.
    if (isUniqueViolation(e)) throw fail('problemIdExists');
    throw e;
  }
}

/**
 * Apply to the public bank (progress none or refused → 1) or cancel the application (1 → none), as
 * one conditional update, so two clicks or a review at the same moment cannot both pass. The caller
 * administers the problem (the route checked).
 */
export async function applyPublic(ctx: AppContext, pid: number, isApplied: boolean) {
  const from = isApplied
    ? or(isNull(problems.applyPublicProgress), eq(problems.applyPublicProgress, GroupProblemApply.REFUSED))
    : eq(problems.applyPublicProgress, GroupProblemApply.APPLYING);
  const rows = await ctx.database.db
    .update(problems)
    .set({ applyPublicProgress: isApplied ? GroupProblemApply.APPLYING : null })
    .where(and(eq(problems.id, pid), from))
    .returning({ id: problems.id });
  if (!rows.length) throw fail(isApplied ? 'groupProblemApplying' : 'groupProblemNotApplying');
}
