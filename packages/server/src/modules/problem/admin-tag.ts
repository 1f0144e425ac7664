/** Tags and tag classifications of the problem bank (HOJ `/api/admin/tag…`). */
import { and, asc, eq, ne } from 'drizzle-orm';
import { OWN_OJ, type ClassificationBody, type Tag, type TagBody, type TagClassification } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { tagClassifications, tags } from '../../db/schema/index.js';
import { ApiError, fail, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { sharedOrOwnFilter, type Owner } from '../owner/index.js';

const tagView = (t: typeof tags.$inferSelect): Tag => ({ id: t.id, name: t.name, color: t.color, oj: t.oj, tcid: t.tcid });
const classificationView = (c: typeof tagClassifications.$inferSelect): TagClassification => ({ id: c.id, name: c.name, oj: c.oj, rank: c.rank });

async function assertClassification(db: DbOrTx, tcid: number | null | undefined, oj: string) {
  if (tcid === null || tcid === undefined) return;
  const [c] = await db.select({ oj: tagClassifications.oj }).from(tagClassifications).where(eq(tagClassifications.id, tcid));
  // A tag can only sit in a classification of its own OJ, or the tag panel would mix banks.
  if (!c || c.oj !== oj) throw notFound('classificationNotFound');
}

async function assertFreeTagName(db: DbOrTx, name: string, oj: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.oj, oj), eq(tags.name, name), exceptId ? ne(tags.id, exceptId) : undefined));
  if (dup) throw fail('tagExists');
}

export async function addTag(ctx: AppContext, body: TagBody): Promise<Tag> {
  const { db } = ctx.database;
  await assertClassification(db, body.tcid, body.oj);
  await assertFreeTagName(db, body.name, body.oj);
  try {
    const [row] = await db
      .insert(tags)
      .values({ name: body.name, color: body.color || null, oj: body.oj, tcid: body.tcid ?? null })
      .returning();
    return tagView(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('tagExists');
    throw e;
  }
}

export async function updateTag(ctx: AppContext, body: TagBody): Promise<Tag> {
  const { db } = ctx.database;
  if (!body.id) throw new ApiError('id: required', 400, 400);
  const [current] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, body.id));
  if (!current) throw notFound('tagNotFound');
  await assertClassification(db, body.tcid, body.oj);
  await assertFreeTagName(db, body.name, body.oj, body.id);
  try {
    const [row] = await db
      .update(tags)
      .set({ name: body.name, color: body.color || null, oj: body.oj, tcid: body.tcid ?? null, gmtModified: new Date() })
      .where(eq(tags.id, body.id))
      .returning();
    return tagView(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('tagExists');
    throw e;
  }
}

/** Deleting a tag also removes it from its problems (problem_tag cascades). */
export async function deleteTag(ctx: AppContext, tid: number): Promise<void> {
  const rows = await ctx.database.db.delete(tags).where(eq(tags.id, tid)).returning({ id: tags.id });
  if (!rows.length) throw notFound('tagNotFound');
}

export async function listClassifications(ctx: AppContext, oj: string): Promise<TagClassification[]> {
  const rows = await ctx.database.db
    .select()
    .from(tagClassifications)
    .where(eq(tagClassifications.oj, oj))
    .orderBy(asc(tagClassifications.rank), asc(tagClassifications.id));
  return rows.map(classificationView);
}

async function assertFreeClassificationName(db: DbOrTx, name: string, oj: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: tagClassifications.id })
    .from(tagClassifications)
    .where(and(eq(tagClassifications.oj, oj), eq(tagClassifications.name, name), exceptId ? ne(tagClassifications.id, exceptId) : undefined));
  if (dup) throw fail('classificationExists');
}

export async function addClassification(ctx: AppContext, body: ClassificationBody): Promise<TagClassification> {
  const { db } = ctx.database;
  await assertFreeClassificationName(db, body.name, body.oj);
  const [row] = await db.insert(tagClassifications).values({ name: body.name, oj: body.oj, rank: body.rank }).returning();
  return classificationView(row!);
}

export async function updateClassification(ctx: AppContext, body: ClassificationBody): Promise<TagClassification> {
  const { db } = ctx.database;
  if (!body.id) throw new ApiError('id: required', 400, 400);
  await assertFreeClassificationName(db, body.name, body.oj, body.id);
  const [row] = await db
    .update(tagClassifications)
    .set({ name: body.name, oj: body.oj, rank: body.rank, gmtModified: new Date() })
    .where(eq(tagClassifications.id, body.id))
    .returning();
  if (!row) throw notFound('classificationNotFound');
  return classificationView(row);
}

/** Its tags stay, unclassified (tag.tcid is set null by the foreign key). */
export async function deleteClassification(ctx: AppContext, tcid: number): Promise<void> {
  const rows = await ctx.database.db.delete(tagClassifications).where(eq(tagClassifications.id, tcid)).returning({ id: tagClassifications.id });
  if (!rows.length) throw notFound('classificationNotFound');
}

/** The tags a problem of the owner may carry: the site's own bank's, and the owner's (a group's own). */
export async function ownerTags(ctx: AppContext, owner: Owner): Promise<Tag[]> {
  const rows = await ctx.database.db
    .select()
    .from(tags)
    .where(and(eq(tags.oj, OWN_OJ), sharedOrOwnFilter(owner, tags.gid)))
    .orderBy(tags.id);
  return rows.map(tagView);
}
