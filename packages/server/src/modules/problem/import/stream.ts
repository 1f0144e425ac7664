/**
 * `POST /api/file/import-problems`: the batch import answered as a stream of NDJSON lines
 * (`ImportEvent`), one per problem as soon as it is created or refused, so the page shows progress and
 * the report while a file of thousands of problems is being read. Until the file is accepted a
 * refusal is the usual envelope; once the stream has started the import runs to the end even if the
 * browser goes away (what was imported stays imported, and is reported in the problem list).
 */
import { PassThrough } from 'node:stream';
import type { ImportEvent, ImportVisibility } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { userOf } from '../../../lib/auth.js';
import { runImport } from './run.js';

export async function streamImport(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  format: string,
  visibility: ImportVisibility,
): Promise<FastifyReply> {
  const out = new PassThrough();
  let started!: () => void;
  const accepted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const write = (ev: ImportEvent) => {
    if (!out.destroyed) out.write(`${JSON.stringify(ev)}\n`);
  };
  const run = runImport(ctx, req, userOf(req), format, { start: started, emit: write }, visibility).finally(() => out.end());
  // Refused before the start: the handler throws and the envelope carries the message.
  await Promise.race([accepted, run]);
  run.catch((err: unknown) => req.log.error({ err }, 'import: failed after the answer started'));
  return reply
    .type('application/x-ndjson; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no') // proxies (nginx) must pass each line on at once
    .send(out);
}
