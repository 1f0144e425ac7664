/**
 * `POST /api/file/upload-group-avatar`: multipart `image` (the cropped png the
 * settings page makes; any avatar type is accepted, checked by name and content, ≤ 2 MB) and `gid`,
 * as a form field (HOJ's client sends it after the image) or in the query. Group root only. The
 * image is stored like user avatars and the group points at it; the answer is the updated group.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { dbId, GROUP_LIMITS, LIMITS, type Group } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { files, groups } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail } from '../../lib/errors.js';
import { allowedImage, storeImage } from '../../lib/files.js';
import { assertUploadName } from '../../lib/upload-name.js';
import { memberCount, rootStanding, toGroup } from './access.js';

export const GROUP_AVATAR_KIND = 'group-avatar';

/** Reads the form: the one `image` file (kept in memory, at most the limit + 1 byte) and `gid`. */
async function readForm(req: FastifyRequest): Promise<{ filename: string; buf: Buffer; truncated: boolean; gid: unknown }> {
  if (!req.isMultipart()) throw fail('fileMissing');
  let image: { filename: string; buf: Buffer; truncated: boolean } | null = null;
  let gid: unknown = (req.query as { gid?: unknown } | undefined)?.gid;
  try {
    const parts = req.parts({ limits: { fileSize: GROUP_LIMITS.avatarMaxBytes + 1, files: 1, fields: 5, fieldSize: 64, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        assertUploadName(part);
        const buf = await part.toBuffer();
        if (part.fieldname === 'image') image = { filename: part.filename, buf, truncated: part.file.truncated };
      } else if (part.fieldname === 'gid') {
        gid = part.value;
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The file limit (too large) ends the stream with an error of its own; a broken body is the sender's.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('exceedMaxSize');
    req.log.info({ err }, 'unreadable group avatar upload');
    throw fail('fileMissing');
  }
  if (!image) throw fail('fileMissing');
  return { ...image, gid };
}

export async function uploadGroupAvatar(ctx: AppContext, req: FastifyRequest, user: AuthUser): Promise<Group> {
  const form = await readForm(req);
  const gid = dbId.safeParse(form.gid);
  if (!gid.success) throw new ApiError('gid: a group id is required.', 400, 400);
  const { db } = ctx.database;
  const { group, info } = await rootStanding(db, user, gid.data);
  if (form.truncated || form.buf.length > GROUP_LIMITS.avatarMaxBytes) throw fail('exceedMaxSize');
  if (form.buf.length === 0) throw fail('fileMissing');
  const type = allowedImage(form.filename, form.buf, LIMITS.avatarTypes);
  if (!type) throw fail('fileTypeNotSupport');
  const row = await db.transaction(async (tx) => {
    const stored = await storeImage(ctx, GROUP_AVATAR_KIND, form.buf, type, form.filename, user.uid, tx);
    await tx.update(files).set({ gid: group.id }).where(eq(files.id, stored.id));
    const [g] = await tx.update(groups).set({ avatar: stored.link, gmtModified: new Date() }).where(eq(groups.id, group.id)).returning();
    return g!;
  });
  return toGroup(row, await memberCount(db, group.id), info);
}
