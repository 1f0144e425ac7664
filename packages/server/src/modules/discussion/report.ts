/** discussion-report: a logged-in reader reports a discussion they can see with tags and/or a reason. */
import type { discussionReportBody } from '@oj/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { discussionReports } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { visibleDiscussion } from './access.js';
import { foreignKeyViolation } from './db-errors.js';

export async function reportDiscussion(db: Db, user: AuthUser, body: z.infer<typeof discussionReportBody>): Promise<void> {
  const d = await visibleDiscussion(db, body.did, user);
  try {
    await db.insert(discussionReports).values({ did: d.id, reporterUid: user.uid, reporter: user.username, tags: body.tags, reason: body.reason });
  } catch (err) {
    // Deleted between the check and the insert.
    if (foreignKeyViolation(err)) throw notFound('discussionNotFound');
    throw err;
  }
}
