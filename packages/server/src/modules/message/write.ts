import { and, eq } from 'drizzle-orm';
import { MSG, type RemindActionValue } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { msgReminds, userSysNotices } from '../../db/schema/index.js';
import { publishUnread } from '../../lib/live-publish.js';

/** How much of a comment or a quoted text a message keeps (the message links to the whole). */
const EXCERPT_MAX = 250;
export const excerpt = (text: string | null | undefined) => (text ? (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX)}…` : text) : null);

export interface Remind {
  action: RemindActionValue;
  senderId: string;
  recipientId: string | null;
  sourceType: 'Discussion' | 'Contest';
  /** the discussion or contest */
  sourceId: number;
  /** what was written (a comment or a reply), or the liked text */
  sourceContent?: string | null;
  /** what it answers or likes: a comment or a reply */
  quoteId?: number | null;
  quoteType?: 'Comment' | 'Reply' | null;
  url: string;
}

/**
 * Writes the message of another user's action on the recipient's content,
 * in the caller's transaction so the message exists exactly when the action does. Nothing for one's own
 * action or a deleted recipient; a like is told once, however often it is toggled off and on.
 */
export async function remind(tx: DbOrTx, r: Remind): Promise<void> {
  if (!r.recipientId || r.recipientId === r.senderId) return;
  if (r.action === 'Like_Discuss' || r.action === 'Like_Post') {
    const conds = [
      eq(msgReminds.recipientId, r.recipientId),
      eq(msgReminds.senderId, r.senderId),
      eq(msgReminds.action, r.action),
      eq(msgReminds.sourceId, r.sourceId),
    ];
    if (r.quoteId) conds.push(eq(msgReminds.quoteId, r.quoteId));
    const [told] = await tx
      .select({ id: msgReminds.id })
      .from(msgReminds)
      .where(and(...conds))
      .limit(1);
    if (told) return;
  }
  await tx.insert(msgReminds).values({
    action: r.action,
    senderId: r.senderId,
    recipientId: r.recipientId,
    sourceType: r.sourceType,
    sourceId: r.sourceId,
    sourceContent: excerpt(r.sourceContent),
    quoteId: r.quoteId ?? null,
    quoteType: r.quoteType ?? null,
    url: r.url,
  });
  await publishUnread(tx, r.recipientId);
}

export type MineTitle =
  | 'mineDiscussionHidden'
  | 'mineDiscussionShown'
  | 'mineDiscussionDeleted'
  | 'mineReportHandled'
  | 'mineGroupProblemAccepted'
  | 'mineGroupProblemRefused'
  | 'mineClarificationAsked'
  | 'mineClarificationAnswered';

/**
 * Writes a "mine" message: the site telling a user about their own affairs (a discussion hidden, a
 * report handled). The title is a catalogue text (the web shows it in the reader's language), the
 * content what it is about (a discussion's title).
 */
export async function tellMine(tx: DbOrTx, recipientId: string | null, title: MineTitle, content: string): Promise<void> {
  if (!recipientId) return;
  await tx.insert(userSysNotices).values({ recipientId, type: 'Mine', title: MSG[title], content });
  await publishUnread(tx, recipientId);
}
