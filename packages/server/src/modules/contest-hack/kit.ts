/** A problem's hack kit (validator and reference solution), kept by whoever administers the problem. */
import { eq } from 'drizzle-orm';
import type { HackKit } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemHackKits } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { administeredProblemOwner } from '../problem/admin-access.js';

const viewOf = (r: typeof problemHackKits.$inferSelect): HackKit => ({
  pid: r.pid,
  validatorType: r.validatorType,
  validatorCode: r.validatorCode,
  referenceLanguage: r.referenceLanguage,
  referenceCode: r.referenceCode,
});

export async function hackKit(ctx: AppContext, user: AuthUser, pid: number): Promise<HackKit | null> {
  const { db } = ctx.database;
  await administeredProblemOwner(db, user, pid);
  const [row] = await db.select().from(problemHackKits).where(eq(problemHackKits.pid, pid));
  return row ? viewOf(row) : null;
}

/**
 * Saves the kit. Neither program is compiled here: a validator that does not compile or a reference
 * that fails makes each hack's verdict "reference failed" (a system error the staff read), not the hacker's.
 */
export async function saveHackKit(ctx: AppContext, user: AuthUser, kit: HackKit): Promise<HackKit> {
  const { db } = ctx.database;
  await administeredProblemOwner(db, user, kit.pid);
  const values = { ...kit, gmtModified: new Date() };
  const [row] = await db.insert(problemHackKits).values(values).onConflictDoUpdate({ target: problemHackKits.pid, set: values }).returning();
  return viewOf(row!);
}
