/** Multipart uploads, zip building and the edit form for the problem-admin tests. */
import crypto from 'node:crypto';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { AdminProblem } from '@oj/shared';
import type { TypedInput } from './client.js';
import type { TestApp } from './harness.js';
import { unpack, type Call } from './helpers.js';

export function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer | string }[]) {
  const boundary = `----oj${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename ? `form-data; name="${p.field}"; filename="${p.filename}"` : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.filename) chunks.push(Buffer.from(`Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file as multipart to `url` (field `field`) with the token. */
export async function uploadTo(
  t: TestApp,
  url: string,
  o: { token: string | null; filename: string; content: Buffer | string; field?: string; query?: Record<string, string> },
): Promise<Call> {
  const { payload, contentType } = multipart([{ field: o.field ?? 'file', filename: o.filename, content: o.content }]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (o.token) headers.authorization = o.token;
  return unpack(await t.app.inject({ method: 'POST', url, query: o.query, headers, payload }));
}

export const zip = (files: Zippable) => Buffer.from(zipSync(files));

export const textEntries = (files: Record<string, string>): Zippable => Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]));

export const unzipText = (buf: Buffer): Record<string, string> =>
  Object.fromEntries(Object.entries(unzipSync(buf)).map(([k, v]) => [k, Buffer.from(v).toString('utf8')]));

/** The problem part of the admin save body (`adminProblem.create`/`update`). */
export type AdminProblemForm = TypedInput<'adminProblem.create'>['body']['problem'];

/**
 * The form as the edit page fills it from the stored problem: every field the admin view answers, with
 * `type` and `auth` (answered as any number) as the values the form takes.
 */
export const formOf = (p: AdminProblem): Partial<AdminProblemForm> => ({ ...p, type: p.type as 0 | 1, auth: p.auth as 1 | 2 | 3 });
