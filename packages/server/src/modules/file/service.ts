import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { allowedImage, storeImage } from '../../lib/files.js';
import { readUpload } from '../../lib/upload.js';

/** Stores a new avatar (gif/jpg/jpeg/png/bmp/webp by name and by content, ≤ 2 MB) and points the user at it. */
export async function uploadAvatar(ctx: AppContext, req: FastifyRequest, uid: string): Promise<{ link: string }> {
  const { filename, buf } = await readUpload(req, 'image', LIMITS.avatarMaxBytes);
  const type = allowedImage(filename, buf, LIMITS.avatarTypes);
  if (!type) throw fail('fileTypeNotSupport');
  const { link } = await storeImage(ctx, 'avatar', buf, type, filename, uid);
  await ctx.database.db.update(users).set({ avatar: link, gmtModified: new Date() }).where(eq(users.uid, uid));
  return { link };
}
