/**
 * Who may check a contest's or a problem's submissions for plagiarism (policy `checkSimilarity`): the
 * contest's staff, and a group contest's admins too; for a bank problem those who may read all code (the
 * pairs show it), for a group problem the group's admins. A check
 * and its pairs are reached through the scope they were made for, asked afresh on every call.
 */
import { eq } from 'drizzle-orm';
import { may } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { plagiarismChecks, problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { contestById, contestResource, type ContestRow } from '../contest/access.js';
import { ownerOfRow } from '../group/owner.js';
import { ownerOfRowUngated, refusalIn } from '../owner/index.js';

export type CheckScope = { kind: 'contest'; contest: ContestRow } | { kind: 'problem'; pid: number };

/** The scope `{cid}` or `{pid}` once the caller may check it; refused (403) or not found otherwise. */
export async function checkableScope(db: DbOrTx, user: AuthUser, s: { cid?: number; pid?: number }): Promise<CheckScope> {
  if (s.cid !== undefined) {
    const c = await contestById(db, s.cid);
    if (!c) throw fail('contestNotFound');
    // A group contest is the group's inside: outsiders are refused at its gate.
    const owner = await ownerOfRow(db, user, c.gid);
    if (!may(owner.actor, 'checkSimilarity', contestResource(c))) throw forbidden();
    return { kind: 'contest', contest: c };
  }
  const pid = s.pid!;
  const [p] = await db.select({ gid: problems.gid, author: problems.author }).from(problems).where(eq(problems.id, pid));
  const owner = await ownerOfRowUngated(db, user, p?.gid ?? null);
  if (!may(owner.actor, 'checkSimilarity', { kind: 'problem', author: p?.author ?? null, gid: p?.gid ?? null })) throw refusalIn(owner, 'groupProblemNotYours');
  if (!p) throw notFound('problemNotFound');
  return { kind: 'problem', pid };
}

export type CheckRow = typeof plagiarismChecks.$inferSelect;

/** Check `id` once the caller may check its contest or problem. */
export async function checkableCheck(db: DbOrTx, user: AuthUser, id: number): Promise<CheckRow> {
  const [row] = await db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, id));
  if (!row) throw fail('plagiarismCheckNotFound');
  await checkableScope(db, user, row.cid !== null ? { cid: row.cid } : { pid: row.pid! });
  return row;
}
