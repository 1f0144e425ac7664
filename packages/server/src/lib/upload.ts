/** Reading the one file of a multipart request, into memory or onto disk, with the catalogue's refusals. */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, fail } from './errors.js';
import { assertUploadName } from './upload-name.js';

/**
 * Reads the one file of a multipart request from `field`, at most `maxBytes`. The parser is allowed one
 * byte more than the limit, so an oversized upload is recognised and answered with the catalogue
 * message instead of a transport error.
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number): Promise<{ filename: string; buf: Buffer }> {
  if (!req.isMultipart()) throw fail('fileMissing');
  let part: MultipartFile | undefined;
  let buf: Buffer;
  try {
    part = await req.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 20 }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== field) throw fail('fileMissing');
    assertUploadName(part);
    buf = await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A broken or cut-off multipart body is the sender's problem, not a server error.
    req.log.info({ err }, 'unreadable upload');
    throw fail('fileMissing');
  }
  if (part.file.truncated || buf.length > maxBytes) throw fail('exceedMaxSize');
  if (buf.length === 0) throw fail('fileMissing');
  return { filename: part.filename, buf };
}

/**
 * Like `readUpload`, but streams the file into `dest` (a new file) instead of memory, for uploads that
 * are unpacked from disk (zips). A partly written `dest` is the caller's to remove (it works in a temp
 * folder). Refusals are the same as readUpload's; a local write error (disk full) stays a server error.
 */
export async function saveUpload(req: FastifyRequest, field: string, maxBytes: number, dest: string): Promise<{ filename: string; size: number }> {
  if (!req.isMultipart()) throw fail('fileMissing');
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 20 }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== field) throw fail('fileMissing');
    // Refused before `dest` is created: a bad name leaves nothing on disk.
    assertUploadName(part);
    await pipeline(part.file, fs.createWriteStream(dest, { flags: 'wx' }));
  } catch (err) {
    if (err instanceof ApiError || (err as NodeJS.ErrnoException).syscall) throw err;
    req.log.info({ err }, 'unreadable upload');
    throw fail('fileMissing');
  }
  const { size } = await fs.promises.stat(dest);
  if (part.file.truncated || size > maxBytes) throw fail('exceedMaxSize');
  if (size === 0) throw fail('fileMissing');
  return { filename: part.filename, size };
}
