/**
 * Announcements of an owner: the site's (shown on /home, written in the admin area) and each group's
 * own (its board), one set of calls for both. Who reads a list is settled when the owner is resolved
 * (the site's admin list sits behind its right, a group's behind the caller's standing there); who
 * writes is the policy's 'announcement' rule, asked with the owner's actor and columns.
 */
import { and, eq } from 'drizzle-orm';
import { type AnnouncementBody, may, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { announcements } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ownerColumns, type Owner } from '../owner/index.js';
import { type AnnouncementDbRow, inAnnouncementScope, listAnnouncements, writeAnnouncement } from './rows.js';

type Write = 'create' | 'edit' | 'delete';

function assertMay(owner: Owner, action: Write, uid: string | null) {
  if (!may(owner.actor, action, { kind: 'announcement', uid, ...ownerColumns(owner) })) throw forbidden();
}

/** One of the owner's own announcements (not a contest's, not another owner's), or `announcementNotFound`. */
async function ownAnnouncement(ctx: AppContext, owner: Owner, aid: number | undefined) {
  const [a] = aid
    ? await ctx.database.db
        .select({ id: announcements.id, uid: announcements.uid })
        .from(announcements)
        .where(and(eq(announcements.id, aid), inAnnouncementScope(owner)))
    : [];
  if (!a) throw notFound('announcementNotFound');
  return a;
}

/** One page of the owner's announcements, newest first; `onlyShown` leaves out the hidden ones. */
export async function ownerAnnouncements(
  ctx: AppContext,
  owner: Owner,
  q: { currentPage: number; limit: number },
  onlyShown: boolean,
): Promise<Page<AnnouncementDbRow>> {
  const { rows, total } = await listAnnouncements(ctx, owner, onlyShown, q.currentPage, q.limit);
  return { records: rows, total };
}

/** A new announcement of the owner, written by the caller (a body's id is ignored). */
export async function addAnnouncement(ctx: AppContext, owner: Owner, body: AnnouncementBody): Promise<AnnouncementDbRow> {
  const uid = owner.actor?.uid ?? null;
  assertMay(owner, 'create', uid);
  return writeAnnouncement(ctx, owner, uid!, { ...body, id: undefined });
}

/** Edits announcement `body.id` of the owner (its author stays). */
export async function updateAnnouncement(ctx: AppContext, owner: Owner, body: AnnouncementBody): Promise<AnnouncementDbRow> {
  const a = await ownAnnouncement(ctx, owner, body.id);
  assertMay(owner, 'edit', a.uid);
  return writeAnnouncement(ctx, owner, owner.actor!.uid, { ...body, id: a.id });
}

export async function deleteAnnouncement(ctx: AppContext, owner: Owner, aid: number): Promise<void> {
  const a = await ownAnnouncement(ctx, owner, aid);
  assertMay(owner, 'delete', a.uid);
  await ctx.database.db.delete(announcements).where(eq(announcements.id, a.id));
}
