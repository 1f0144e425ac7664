/**
 * Training categories (spec 3 §3): listed to everyone; site categories are managed by the super admin
 * and problem admins (policy `may` on 'trainingCategory'). A category still used by a training cannot
 * be deleted: the trainings would lose their required category.
 */
import { asc, count, eq, isNull } from 'drizzle-orm';
import { may, type TrainingCategory, type trainingCategoryBody } from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { trainingCategories, trainings } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/users.js';
import { actorOf } from './access.js';

type CategoryRow = typeof trainingCategories.$inferSelect;

export const toCategory = (c: CategoryRow): TrainingCategory => ({ id: c.id, name: c.name, color: c.color, gid: c.gid });

/** get-training-category: the site's categories. */
export async function siteCategories(db: DbOrTx): Promise<TrainingCategory[]> {
  const rows = await db.select().from(trainingCategories).where(isNull(trainingCategories.gid)).orderBy(asc(trainingCategories.id));
  return rows.map(toCategory);
}

/** A site category by id, for the training form. */
export async function siteCategory(db: DbOrTx, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(trainingCategories).where(eq(trainingCategories.id, id));
  if (!row || row.gid !== null) throw fail('trainingCategoryNotFound');
  return row;
}

/** A category a training of the site (`gid` null) or of group `gid` may have: the site's, or that group's own. */
export async function placeCategory(db: DbOrTx, id: number, gid: number | null): Promise<CategoryRow> {
  const [row] = await db.select().from(trainingCategories).where(eq(trainingCategories.id, id));
  if (!row || (row.gid !== null && row.gid !== gid)) throw fail('trainingCategoryNotFound');
  return row;
}

function assertManager(user: AuthUser) {
  if (!may(actorOf(user), 'administer', { kind: 'trainingCategory', gid: null })) throw forbidden();
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'training_category_name_uq') throw fail('trainingCategoryExists');
  throw err;
}

export async function addCategory(db: DbOrTx, user: AuthUser, body: z.infer<typeof trainingCategoryBody>): Promise<TrainingCategory> {
  assertManager(user);
  try {
    const [row] = await db.insert(trainingCategories).values({ name: body.name, color: body.color }).returning();
    return toCategory(row!);
  } catch (err) {
    return nameTaken(err);
  }
}

export async function updateCategory(db: DbOrTx, user: AuthUser, body: z.infer<typeof trainingCategoryBody>): Promise<TrainingCategory> {
  assertManager(user);
  if (body.id === undefined) throw fail('trainingCategoryNotFound');
  const c = await siteCategory(db, body.id);
  try {
    const [row] = await db
      .update(trainingCategories)
      .set({ name: body.name, color: body.color, gmtModified: new Date() })
      .where(eq(trainingCategories.id, c.id))
      .returning();
    return toCategory(row!);
  } catch (err) {
    return nameTaken(err);
  }
}

const foreignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

export async function removeCategory(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  assertManager(user);
  const c = await siteCategory(db, id);
  await removeCategoryRow(db, c.id);
}

/** Deletes category `id` (the caller manages it) unless a training still uses it. */
export async function removeCategoryRow(db: DbOrTx, id: number): Promise<void> {
  const [used] = await db.select({ n: count() }).from(trainings).where(eq(trainings.categoryId, id));
  if ((used?.n ?? 0) > 0) throw fail('trainingCategoryInUse');
  try {
    await db.delete(trainingCategories).where(eq(trainingCategories.id, id));
  } catch (err) {
    // A training given this category meanwhile: the foreign key refuses the delete.
    if (foreignKeyViolation(err)) throw fail('trainingCategoryInUse');
    throw err;
  }
}
