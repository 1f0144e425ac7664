/**
 * Discussion categories: listed to everyone; the super admin saves the whole
 * list at once (HOJ's POST discussion-category): entries with an id are renamed, entries without one
 * are added, and categories left out are deleted — refused while a discussion uses one.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { DISCUSSION_LIMITS, type categoriesBody, type DiscussionCategory } from '@oj/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { discussionCategories, discussions } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { maySite } from '../policy/index.js';
import { foreignKeyViolation } from './db-errors.js';

export async function listCategories(db: DbOrTx): Promise<DiscussionCategory[]> {
  return db.select({ id: discussionCategories.id, name: discussionCategories.name }).from(discussionCategories).orderBy(asc(discussionCategories.id));
}

export async function categoryById(db: DbOrTx, id: number): Promise<DiscussionCategory> {
  const [row] = await db
    .select({ id: discussionCategories.id, name: discussionCategories.name })
    .from(discussionCategories)
    .where(eq(discussionCategories.id, id));
  if (!row) throw fail('discussionCategoryNotFound');
  return row;
}

/** The first name given twice (names compare like the unique index: case-insensitively). */
function duplicateName(names: string[]): string | undefined {
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.toLowerCase();
    if (seen.has(k)) return n;
    seen.add(k);
  }
  return undefined;
}

export async function saveCategories(db: Db, user: AuthUser, list: z.infer<typeof categoriesBody>): Promise<DiscussionCategory[]> {
  if (!maySite(user, 'editDiscussionCategories')) throw forbidden();
  const dup = duplicateName(list.map((c) => c.name));
  if (dup !== undefined) throw fail('discussionCategoryExists', { name: dup });
  return db.transaction(async (tx) => {
    // One save at a time: two editors' lists would otherwise interleave their deletes and renames.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('discussion-category'))`);
    const existing = await listCategories(tx);
    const byId = new Map(existing.map((c) => [c.id, c]));
    const kept = new Set<number>();
    for (const c of list) {
      if (c.id === undefined) continue;
      if (!byId.has(c.id)) throw fail('discussionCategoryNotFound');
      kept.add(c.id);
    }
    const dropped = existing.filter((c) => !kept.has(c.id));
    if (dropped.length) {
      const used = await tx
        .select({ id: discussions.categoryId, n: count() })
        .from(discussions)
        .where(
          inArray(
            discussions.categoryId,
            dropped.map((c) => c.id),
          ),
        )
        .groupBy(discussions.categoryId)
        .limit(1);
      if (used[0]) throw fail('discussionCategoryInUse', { name: byId.get(used[0].id)!.name });
      try {
        await tx.delete(discussionCategories).where(
          inArray(
            discussionCategories.id,
            dropped.map((c) => c.id),
          ),
        );
      } catch (err) {
        // A discussion posted in one of them meanwhile: the foreign key (restrict) refuses the delete.
        if (foreignKeyViolation(err)) throw fail('discussionCategoryInUse', { name: dropped[0]!.name });
        throw err;
      }
    }
    // Renames go through a temporary name longer than any real one, so swapping two names does not
    // trip the unique index midway; the list itself has no duplicates, so the final names cannot clash.
    const renamed = list.filter((c) => c.id !== undefined && byId.get(c.id)!.name !== c.name);
    const parked = (id: number) => `~${id}`.padEnd(DISCUSSION_LIMITS.categoryNameMax + 2, '~');
    for (const c of renamed)
      await tx
        .update(discussionCategories)
        .set({ name: parked(c.id!) })
        .where(eq(discussionCategories.id, c.id!));
    for (const c of renamed) await tx.update(discussionCategories).set({ name: c.name }).where(eq(discussionCategories.id, c.id!));
    const added = list.filter((c) => c.id === undefined);
    if (added.length) await tx.insert(discussionCategories).values(added.map((c) => ({ name: c.name })));
    return listCategories(tx);
  });
}
