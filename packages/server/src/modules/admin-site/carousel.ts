/** The home page's carousel images: upload and removal; GET home-carousel lists them (modules/site). */
import { count, eq, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CAROUSEL_LIMITS, type CarouselItem } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { carousel } from '../../db/schema/index.js';
import { fail, notFound } from '../../lib/errors.js';
import { allowedImage, removeStoredFile, storeImage } from '../../lib/files.js';
import { readUpload } from '../../lib/upload.js';

/**
 * Stores an image (by name and by content one of CAROUSEL_LIMITS.types, at most maxBytes; HOJ's field
 * `file`) and puts it last on the home page. Counted under a lock held until the row is written, so
 * parallel uploads on any number of API nodes cannot pass maxImages together.
 */
export async function uploadCarouselImage(ctx: AppContext, req: FastifyRequest, uid: string): Promise<CarouselItem> {
  const { filename, buf } = await readUpload(req, 'file', CAROUSEL_LIMITS.maxBytes);
  const type = allowedImage(filename, buf, CAROUSEL_LIMITS.types);
  if (!type) throw fail('fileTypeNotSupport');
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home-carousel'))`);
    const [row] = await tx.select({ n: count(), last: max(carousel.seq) }).from(carousel);
    if ((row?.n ?? 0) >= CAROUSEL_LIMITS.maxImages) throw fail('carouselFull', { max: CAROUSEL_LIMITS.maxImages });
    const stored = await storeImage(ctx, 'carousel', buf, type, filename, uid, tx);
    const [made] = await tx
      .insert(carousel)
      .values({ fileId: stored.id, seq: (row?.last ?? 0) + 1 })
      .returning({ id: carousel.id });
    return { id: made!.id, url: stored.link };
  });
}

/** Takes an image off the home page and forgets its file (the carousel row goes with it by cascade). */
export async function removeCarouselImage(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.database.db.select({ fileId: carousel.fileId }).from(carousel).where(eq(carousel.id, id));
  if (!row || !(await removeStoredFile(ctx, row.fileId))) throw notFound('carouselImageNotFound');
}
