import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireLogin, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { uploadAvatar } from './service.js';

/** Uploads. Prefix /api. (Stored files are served by lib/files.ts at /api/public/files/*.) */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/file/upload-avatar', { preHandler: requireLogin }, async (req) => ok(await uploadAvatar(ctx, req, userOf(req).uid)));
}
