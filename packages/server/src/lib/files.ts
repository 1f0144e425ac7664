import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTransferEndpoints } from '@oj/shared';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { files } from '../db/schema/index.js';

/** Public address of stored files: `${FILES_URL}/<kind>/<name>`. */
export const FILES_URL = `/api/${fileTransferEndpoints.publicFile.path.replace(/\/\*$/, '')}`;

export type ImageType = 'gif' | 'jpeg' | 'png' | 'bmp' | 'webp';

const IMAGE_MIME: Record<ImageType, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};
/** The extension a stored file gets, whatever the upload was called. */
const IMAGE_EXT: Record<ImageType, string> = { gif: 'gif', jpeg: 'jpg', png: 'png', bmp: 'bmp', webp: 'webp' };
const EXT_TYPE: Record<string, ImageType> = { gif: 'gif', jpg: 'jpeg', jpeg: 'jpeg', png: 'png', bmp: 'bmp', webp: 'webp' };

/** What the bytes really are, from their signature. */
export function sniffImage(buf: Buffer): ImageType | null {
  const starts = (sig: number[], at = 0) => buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x42, 0x4d]) && buf.length >= 26) return 'bmp';
  return null;
}

/**
 * The image type of an upload when both its name and its bytes agree on an allowed type; null otherwise
 * (a script renamed to .png, or a PNG renamed to .exe, is refused alike).
 */
export function allowedImage(filename: string, buf: Buffer, allowedExts: readonly string[]): ImageType | null {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!allowedExts.includes(ext)) return null;
  const claimed = EXT_TYPE[ext];
  const actual = sniffImage(buf);
  return claimed && actual === claimed ? actual : null;
}

export interface StoredFile {
  id: number;
  link: string;
}

/**
 * Keeps a file under DATA_DIR/files/<kind>/<sha256>.<ext> (content-addressed: the same bytes are stored
 * once) and records it in `file`.
 */
export async function storeFile(
  ctx: AppContext,
  o: { kind: string; buf: Buffer; ext: string; mime: string; name: string; uid: string | null; gid?: number | null },
  db: DbOrTx = ctx.database.db,
): Promise<StoredFile> {
  const hash = crypto.createHash('sha256').update(o.buf).digest('hex');
  const rel = `${o.kind}/${hash}.${o.ext}`;
  const abs = path.join(ctx.config.dataDir, 'files', rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  if (!fs.existsSync(abs)) {
    // Write aside and rename, so a reader never sees half a file.
    const tmp = `${abs}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, o.buf);
    await fs.promises.rename(tmp, abs);
  }
  const [row] = await db
    .insert(files)
    .values({ kind: o.kind, name: o.name.slice(0, 255), path: rel, mime: o.mime, size: o.buf.length, uid: o.uid, gid: o.gid ?? null })
    .returning({ id: files.id });
  return { id: row!.id, link: `${FILES_URL}/${rel}` };
}

/**
 * Forgets a stored file (rows pointing at it by foreign key go with it); the bytes go too unless another
 * upload of the same content (the same content-addressed path) still names them. False when no such row.
 */
export async function removeStoredFile(ctx: AppContext, fileId: number): Promise<boolean> {
  const { db } = ctx.database;
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning({ path: files.path });
  if (!row) return false;
  const [other] = await db.select({ id: files.id }).from(files).where(eq(files.path, row.path)).limit(1);
  if (!other) await fs.promises.rm(path.join(ctx.config.dataDir, 'files', row.path), { force: true });
  return true;
}

export const storeImage = (ctx: AppContext, kind: string, buf: Buffer, type: ImageType, name: string, uid: string | null, db?: DbOrTx) =>
  storeFile(ctx, { kind, buf, ext: IMAGE_EXT[type], mime: IMAGE_MIME[type], name, uid }, db);

/**
 * Serves DATA_DIR/files read-only at /api/public/files/*: no listings, no dot files, nothing outside the
 * directory (the `send` module refuses `..`), and a sandboxing CSP so an SVG or HTML file opened
 * directly cannot run script on our origin.
 */
export async function registerPublicFiles(app: FastifyInstance, ctx: AppContext) {
  const root = path.join(ctx.config.dataDir, 'files');
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${FILES_URL}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    redirect: false,
    maxAge: '7d',
    immutable: true,
    setHeaders(reply) {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    },
  });
}
