/** Site announcements (spec 3 §2 "announcement"): rows of `announcement` without contest or group, shown on /home when visible. */
import { and, eq } from 'drizzle-orm';
import type { AnnouncementBody, AnnouncementRow, Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { announcementRow, inAnnouncementScope, listAnnouncements, writeAnnouncement } from '../contest/announcements.js';

/** Every site announcement, hidden ones too, newest first. */
export async function siteAnnouncementPage(ctx: AppContext, currentPage: number, limit: number): Promise<Page<AnnouncementRow>> {
  const { rows, total } = await listAnnouncements(ctx, 'site', false, currentPage, limit);
  return { records: rows.map(announcementRow), total };
}

/** Creates, or edits a site announcement (a contest's id is `announcementNotFound` here). */
export const writeSiteAnnouncement = async (ctx: AppContext, uid: string, a: AnnouncementBody): Promise<AnnouncementRow> =>
  announcementRow(await writeAnnouncement(ctx, 'site', uid, a));

export async function deleteSiteAnnouncement(ctx: AppContext, aid: number): Promise<void> {
  const gone = await ctx.database.db
    .delete(announcements)
    .where(and(eq(announcements.id, aid), inAnnouncementScope('site')))
    .returning({ id: announcements.id });
  if (!gone.length) throw notFound('announcementNotFound');
}
