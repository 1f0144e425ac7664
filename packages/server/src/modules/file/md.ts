/**
 * Uploads of the Markdown editor: images (checked by name and content like avatars) and
 * attachments (a whitelist of document/archive/source types). Both are stored content-addressed by
 * lib/files.ts and served read-only, sandboxed, at /api/public/files/md-image|md-file/….
 */
import path from 'node:path';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MD_UPLOAD_LIMITS, type MdImageResult } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { allowedImage, removeStoredFile, storeFile, storeImage } from '../../lib/files.js';
import { maySite } from '../policy/index.js';
import { readUpload } from '../../lib/upload.js';

export const MD_IMAGE_KIND = 'md-image';
export const MD_FILE_KIND = 'md-file';

/** Attachment types by extension. Nothing a browser would run as a page (html, svg, js) is allowed. */
const ATTACHMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
  in: 'text/plain; charset=utf-8',
  out: 'text/plain; charset=utf-8',
  ans: 'text/plain; charset=utf-8',
  c: 'text/plain; charset=utf-8',
  cpp: 'text/plain; charset=utf-8',
  h: 'text/plain; charset=utf-8',
  hpp: 'text/plain; charset=utf-8',
  py: 'text/plain; charset=utf-8',
  java: 'text/plain; charset=utf-8',
  go: 'text/plain; charset=utf-8',
  rs: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * An image for a Markdown text. The admin area uploads freely; other users (discussions, comments)
 * may upload `userImagesPerHour` images an hour: counted under a per-user lock held until the image is
 * stored, so parallel uploads on any number of API nodes cannot pass the limit together.
 */
export async function uploadMdImage(ctx: AppContext, req: FastifyRequest, user: AuthUser, gid: number | null): Promise<MdImageResult> {
  if (!maySite(user, 'uploadImages')) throw forbidden();
  const { filename, buf } = await readUpload(req, 'image', MD_UPLOAD_LIMITS.imageMaxBytes);
  const type = allowedImage(filename, buf, MD_UPLOAD_LIMITS.imageTypes);
  if (!type) throw fail('fileTypeNotSupport');
  const store = async (db: DbOrTx) => {
    const stored = await storeImage(ctx, MD_IMAGE_KIND, buf, type, filename, user.uid, db);
    if (gid !== null) await db.update(files).set({ gid }).where(eq(files.id, stored.id));
    return { link: stored.link, fileId: stored.id };
  };
  if (maySite(user, 'administer')) return store(ctx.database.db);
  const max = MD_UPLOAD_LIMITS.userImagesPerHour;
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`md-image:${user.uid}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.uid, user.uid), eq(files.kind, MD_IMAGE_KIND), gt(files.gmtCreate, sql`now() - interval '1 hour'`)));
    if ((row?.n ?? 0) >= max) throw fail('uploadQuota', { count: max });
    return store(tx);
  });
}

export async function uploadMdFile(ctx: AppContext, req: FastifyRequest, uid: string, gid: number | null): Promise<{ link: string }> {
  const { filename, buf } = await readUpload(req, 'file', MD_UPLOAD_LIMITS.fileMaxBytes);
  const ext = path.extname(filename).slice(1).toLowerCase();
  const mime = ATTACHMENT_MIME[ext];
  if (!mime) throw fail('fileTypeNotSupport');
  const stored = await storeFile(ctx, { kind: MD_FILE_KIND, buf, ext, mime, name: filename, uid, gid });
  return { link: stored.link };
}

/**
 * Forgets an uploaded Markdown image; the bytes go too unless another upload of the same content
 * (same content-addressed file) still refers to them. Only the uploader or a super admin may, so one
 * admin cannot break the images of another's problems or announcements.
 */
export async function deleteMdImage(ctx: AppContext, fileId: number, user: AuthUser): Promise<void> {
  const { db } = ctx.database;
  const where = and(eq(files.id, fileId), eq(files.kind, MD_IMAGE_KIND));
  const [found] = await db.select({ uid: files.uid }).from(files).where(where);
  if (!found) throw notFound('notFound');
  if (found.uid !== user.uid && !maySite(user, 'manageAllUploads')) throw forbidden();
  if (!(await removeStoredFile(ctx, fileId))) throw notFound('notFound');
}
