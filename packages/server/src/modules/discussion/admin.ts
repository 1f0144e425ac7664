/**
 * /admin/discussion: moderators set status and pin, delete several discussions,
 * and handle reports. The author hears of a hide, a re-show and a delete, the reporter of a handled
 * report ("mine" messages written in the same transaction).
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { DiscussionStatus, type adminDiscussionBody, type DiscussionReport, type Page, type reportListQuery } from '@oj/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { discussionReports, discussions } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { tellMine } from '../message/write.js';
import { mayOnDiscussion } from './access.js';
import { ownerFilter, siteOwner } from '../owner/index.js';
import { maySite } from '../policy/index.js';

export async function moderateDiscussion(db: Db, user: AuthUser, body: z.infer<typeof adminDiscussionBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx.select().from(discussions).where(eq(discussions.id, body.id)).for('no key update');
    if (!d) throw notFound('discussionNotFound');
    if (!(await mayOnDiscussion(tx, user, 'moderate', d))) throw forbidden();
    const set: Partial<typeof discussions.$inferInsert> = {};
    if (body.status !== undefined) set.status = body.status;
    if (body.topPriority !== undefined) set.topPriority = body.topPriority;
    if (!Object.keys(set).length) return;
    await tx.update(discussions).set(set).where(eq(discussions.id, d.id));
    // Only a real change is told (saving the same status twice says nothing).
    if (body.status !== undefined && body.status !== d.status) {
      await tellMine(tx, d.uid, body.status === DiscussionStatus.HIDDEN ? 'mineDiscussionHidden' : 'mineDiscussionShown', d.title);
    }
  });
}

export async function deleteDiscussions(db: Db, user: AuthUser, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(discussions).where(inArray(discussions.id, ids)).for('update');
    if (!rows.length) throw notFound('discussionNotFound');
    for (const d of rows) if (!(await mayOnDiscussion(tx, user, 'delete', d))) throw forbidden();
    await tx.delete(discussions).where(
      inArray(
        discussions.id,
        rows.map((d) => d.id),
      ),
    );
    for (const d of rows) if (d.uid !== user.uid) await tellMine(tx, d.uid, 'mineDiscussionDeleted', d.title);
  });
}

/**
 * Reports the caller moderates: on the site's discussions, and on groups' only for the super admin (a
 * group's discussions are its admins' to moderate, and a private group's are not the site admins' to read).
 */
export async function reportList(db: Db, user: AuthUser, q: z.infer<typeof reportListQuery>): Promise<Page<DiscussionReport>> {
  const where: SQL | undefined = and(
    q.status === undefined ? undefined : eq(discussionReports.status, q.status),
    maySite(user, 'moderateGroupDiscussions') ? undefined : ownerFilter(siteOwner(user), discussions.gid),
  );
  const { records: rows, total } = await pageOf(
    db
      .select({
        id: discussionReports.id,
        did: discussionReports.did,
        discussionTitle: discussions.title,
        reporter: discussionReports.reporter,
        tags: discussionReports.tags,
        reason: discussionReports.reason,
        status: discussionReports.status,
        gmtCreate: discussionReports.gmtCreate,
      })
      .from(discussionReports)
      .innerJoin(discussions, eq(discussions.id, discussionReports.did))
      .where(where)
      .orderBy(desc(discussionReports.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(discussionReports).innerJoin(discussions, eq(discussions.id, discussionReports.did)).where(where),
  );
  return { records: rows.map((r) => ({ ...r, gmtCreate: r.gmtCreate.toISOString() })), total };
}

export async function handleReport(db: Db, user: AuthUser, id: number, status: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await tx
      .select({
        status: discussionReports.status,
        reporterUid: discussionReports.reporterUid,
        title: discussions.title,
        uid: discussions.uid,
        gid: discussions.gid,
      })
      .from(discussionReports)
      .innerJoin(discussions, eq(discussions.id, discussionReports.did))
      .where(eq(discussionReports.id, id))
      .for('update', { of: discussionReports });
    if (!r) throw notFound();
    if (!(await mayOnDiscussion(tx, user, 'moderate', r))) throw forbidden();
    if (r.status === status) return;
    await tx
      .update(discussionReports)
      .set({ status, gmtModified: new Date() })
      .where(and(eq(discussionReports.id, id)));
    if (status) await tellMine(tx, r.reporterUid, 'mineReportHandled', r.title);
  });
}
