import type { FastifyInstance } from 'fastify';
import { adminRemoteAccountEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { requireSite } from '../policy/index.js';
import { addAccount, listAccounts, removeAccount, updateAccount } from './accounts.js';

/** The remote judges' account pool, beside the site's switches: the same right (system_info_admin). */
export async function adminRemoteAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const systemAdmin = { preHandler: requireSite('manageSystem') };
  serve(app, ep.list, systemAdmin, async ({ query }) => ok(await listAccounts(ctx, query.oj)));
  serve(app, ep.add, systemAdmin, async ({ body }) => ok(await addAccount(ctx, body)));
  serve(app, ep.update, systemAdmin, async ({ body }) => ok(await updateAccount(ctx, body), MSG.settingsSaved));
  serve(app, ep.remove, systemAdmin, async ({ query }) => {
    await removeAccount(ctx, query.id);
    return ok(null);
  });
}
