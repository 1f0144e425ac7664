/**
 * The one rule for the name of an uploaded file, on every multipart route: a name holding a
 * control character (C0, DEL, C1: NUL, a line break, an escape…) is refused with `fileNameInvalid`
 * before anything is read or written. No browser sends one; a hand-made request that did reached the
 * database (PostgreSQL refuses NUL in text: a 500, the bytes already stored) or logs and headers.
 */
import type { MultipartFile } from '@fastify/multipart';
import { fail } from './errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const isCleanUploadName = (name: string) => !CONTROL.test(name);

/**
 * Refuses the part when its file name is not clean; the part's stream is drained first, so the rest of
 * the request is read and thrown away rather than left hanging.
 */
export function assertUploadName(part: Pick<MultipartFile, 'filename' | 'file'>): void {
  if (isCleanUploadName(part.filename ?? '')) return;
  part.file.resume();
  throw fail('fileNameInvalid');
}
