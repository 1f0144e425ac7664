/**
 * Training categories of an owner: the site's (managed by the super admin and problem admins) and each
 * group's own (its admins), one set of services for both (policy `may` on 'trainingCategory').
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ownerColumns, ownerFilter, sharedOrOwnFilter, type Owner } from '../owner/index.js';
import { may, type TrainingCategory } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingCategories, trainings } from '../../db/schema/index.js';
import { fail, forbidden } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/users.js';

type CategoryRow = typeof trainingCategories.$inferSelect;

export const toCategory = (c: CategoryRow): TrainingCategory => ({ id: c.id, name: c.name, color: c.color, gid: c.gid });

/**
 * The categories a training of the owner may have: the site's, then the owner's own (a group's; the
 * caller's membership was checked when the owner was resolved).
 */
export async function categoriesOf(db: DbOrTx, owner: Owner): Promise<TrainingCategory[]> {
  const rows = await db
    .select()
    .from(trainingCategories)
    .where(sharedOrOwnFilter(owner, trainingCategories.gid))
    .orderBy(sql`${trainingCategories.gid} nulls first`, asc(trainingCategories.id));
  return rows.map(toCategory);
}

/** Category `id` when a training of the owner may have it (`categoriesOf`): the site's, or the owner's own. */
export async function usableCategory(db: DbOrTx, owner: Owner, id: number): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(trainingCategories)
    .where(and(eq(trainingCategories.id, id), sharedOrOwnFilter(owner, trainingCategories.gid)));
  if (!row) throw fail('trainingCategoryNotFound');
  return row;
}

/**
 * The caller may manage the owner's categories: the policy's 'trainingCategory' rule, with the actor the
 * owner was resolved with (his standing in the group for a group's: an outsider was refused then).
 */
function assertManager(owner: Owner) {
  if (!may(owner.actor, 'administer', { kind: 'trainingCategory', ...ownerColumns(owner) })) throw forbidden();
}

/** One of the owner's own categories (a site call never reaches a group's, nor a group call the site's). */
async function ownCategory(db: DbOrTx, owner: Owner, id: number | undefined): Promise<CategoryRow> {
  if (id === undefined) throw fail('trainingCategoryNotFound');
  const [row] = await db
    .select()
    .from(trainingCategories)
    .where(and(eq(trainingCategories.id, id), ownerFilter(owner, trainingCategories.gid)));
  if (!row) throw fail('trainingCategoryNotFound');
  return row;
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'training_category_name_uq') throw fail('trainingCategoryExists');
  throw err;
}

/** Adds a category to the owner. */
export async function addCategory(db: DbOrTx, owner: Owner, body: { name: string; color: string }): Promise<TrainingCategory> {
  assertManager(owner);
  try {
    const [row] = await db
      .insert(trainingCategories)
      .values({ name: body.name, color: body.color, ...ownerColumns(owner) })
      .returning();
    return toCategory(row!);
  } catch (err) {
    return nameTaken(err);
  }
}

export async function updateCategory(db: DbOrTx, owner: Owner, body: { id?: number; name: string; color: string }): Promise<TrainingCategory> {
  const c = await ownCategory(db, owner, body.id);
  assertManager(owner);
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

/** Deletes a category unless a training still uses it (the trainings would lose their required category). */
export async function removeCategory(db: DbOrTx, owner: Owner, id: number): Promise<void> {
  const c = await ownCategory(db, owner, id);
  assertManager(owner);
  const [used] = await db.select({ n: count() }).from(trainings).where(eq(trainings.categoryId, c.id));
  if ((used?.n ?? 0) > 0) throw fail('trainingCategoryInUse');
  try {
    await db.delete(trainingCategories).where(eq(trainingCategories.id, c.id));
  } catch (err) {
    // A training given this category meanwhile: the foreign key refuses the delete.
    if (foreignKeyViolation(err)) throw fail('trainingCategoryInUse');
    throw err;
  }
}
