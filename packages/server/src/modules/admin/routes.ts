import type { FastifyInstance } from 'fastify';
import { adminEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { revokeSession, userOf } from '../../lib/auth.js';
import { requireSite } from '../policy/index.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { mailLanguageFor } from '../../lib/mail-texts.js';
import { getSetting, putSetting } from '../../lib/site-config.js';
import { login } from '../account/login.js';
import * as admin from './service.js';

/**
 * Admin area, prefix /api/admin. Every route except login already needs root, admin or problem_admin
 * (lib/auth.ts registerAuth); sessions need the permission user_admin, site configuration
 * system_info_admin (by default the super admin's alone; assignable in role_permission).
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  // Sessions: user_admin; configuration and switches: system_info_admin (the super admin's pages).
  const userAdmin = { preHandler: requireSite('manageUsers') };
  const systemAdmin = { preHandler: requireSite('manageSystem') };

  serve(app, ep.login, {}, async ({ body, req, reply }) => ok(await login(req, reply, body, true)));

  serve(app, ep.logout, {}, async ({ req }) => {
    await revokeSession(ctx.database.db, userOf(req).sessionId);
    return ok(null, MSG.logoutSuccess);
  });

  serve(app, ep.sessions, userAdmin, async ({ query }) => ok(await admin.listSessions(ctx, query)));

  serve(app, ep.revokeSession, userAdmin, async ({ query }) => {
    await admin.revokeSessionById(ctx, query.id);
    return ok(null, MSG.sessionRevoked);
  });

  serve(app, ep.webConfig, systemAdmin, async () => ok(await getSetting(ctx.database.db, 'website')));

  serve(app, ep.setWebConfig, systemAdmin, async ({ body }) => ok(await admin.setWebConfig(ctx, body), MSG.settingsSaved));

  serve(app, ep.emailConfig, systemAdmin, async () => ok(await admin.getEmailConfig(ctx)));

  serve(app, ep.setEmailConfig, systemAdmin, async ({ body }) => ok(await admin.setEmailConfig(ctx, body), MSG.settingsSaved));

  serve(app, ep.testEmail, systemAdmin, async ({ body, req }) => {
    await admin.sendTestEmail(ctx, req.log, body.email, await mailLanguageFor(ctx.database.db, userOf(req).uid, req));
    return ok(null, MSG.testEmailSent);
  });

  // Site switches (the "switch" page): judging on/off, submission interval, submit captcha.
  serve(app, ep.switchInfo, systemAdmin, async () => ok(await getSetting(ctx.database.db, 'switch')));

  serve(app, ep.updateSwitch, systemAdmin, async ({ body }) => ok(await putSetting(ctx.database.db, 'switch', body)));
}
